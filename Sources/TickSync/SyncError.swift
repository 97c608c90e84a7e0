import Foundation

/// Why a sync stopped. Every case carries a sentence that names the account, the list or
/// the item it is about; front ends print it after "tick sync: ".
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server could not be reached, or did not answer in time.
    case unreachable(String)
    /// The server refused the credentials (401) or the access (403).
    case unauthorized(String)
    /// The server answered, but not as the protocol says.
    case protocolError(String)
    /// An HTTP status the sync cannot go on after.
    case httpStatus(Int, String)
    /// The account's settings are missing or wrong, or a library the sync needs (libcurl,
    /// libxml2) is not installed.
    case configuration(String)
    /// The sync would delete more than the guard allows without `--allow-deletes`.
    case tooManyDeletions(String)

    public var description: String {
        switch self {
        case .unreachable(let text), .unauthorized(let text), .protocolError(let text),
             .configuration(let text), .tooManyDeletions(let text): return text
        case .httpStatus(_, let text): return text
        }
    }

    /// The same kind of error with `prefix` before its text, or (`replacing`) with `text` instead.
    static func retold(_ error: SyncError, _ text: String, replacing: Bool = false) -> SyncError {
        let told = replacing ? text : text + error.description
        switch error {
        case .unreachable: return .unreachable(told)
        case .unauthorized: return .unauthorized(told)
        case .protocolError: return .protocolError(told)
        case .httpStatus(let status, _): return .httpStatus(status, told)
        case .configuration: return .configuration(told)
        case .tooManyDeletions: return .tooManyDeletions(told)
        }
    }

    /// The same error with `context` after the account's `label` (`account "home", list
    /// "Tasks": HTTP 500 while …`), so that it names the list and the item it is about; an
    /// error that names its list already is left as it is.
    func placed(_ context: String, after label: String) -> SyncError {
        let text = description
        guard !text.hasPrefix(label + ", list ") else { return self }
        guard text.hasPrefix(label) else { return .retold(self, "\(label), \(context): \(text)", replacing: true) }
        return .retold(self, label + ", " + context + text.dropFirst(label.count), replacing: true)
    }
}
