import TickPostgres

/// Why an account operation was refused or failed: the one public error type of
/// TickAccounts. Its words name what to fix; it never holds a password.
public enum AccountError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A user name Tick does not take; the text says why.
    case invalidUserName(String)
    /// A password Tick does not take (empty, only white space, too long); the text says why.
    case invalidPassword(String)
    /// A device name Tick does not take; the text says why.
    case invalidDeviceName(String)
    /// No user has this name.
    case userNotFound(String)
    /// A user with this name (regardless of case) exists.
    case userNameTaken(String)
    /// The user has an app password for this device already.
    case deviceTaken(user: String, device: String)
    /// Removing the user would delete what they own (their lists and reminders, lists
    /// shared with others); not asked for.
    case userOwnsData(user: String, UserData)
    /// libargon2 failed (its reason).
    case hashingFailed(String)
    /// libargon2 could not be loaded (`SharedLibraryError`'s text: which library, and the
    /// Debian package that brings it).
    case missingLibrary(String)
    /// The database failed.
    case database(PostgresError)

    public var description: String {
        switch self {
        case .invalidUserName(let reason), .invalidPassword(let reason), .invalidDeviceName(let reason):
            return reason
        case .userNotFound(let name):
            return "there is no user named '\(name)'"
        case .userNameTaken(let name):
            return "a user named '\(name)' already exists"
        case .deviceTaken(let user, let device):
            return "'\(user)' already has an app password for '\(device)'"
        case .userOwnsData(let user, let data):
            return "'\(user)' owns \(AccountError.owned(data)); removing the user deletes them"
        case .hashingFailed(let reason):
            return "cannot hash the password: \(reason)"
        case .missingLibrary(let reason):
            return reason
        case .database(let error):
            return "database: \(error)"
        }
    }

    /// "2 lists with 14 reminders, shared with bob and carol".
    public static func owned(_ data: UserData) -> String {
        var text = "\(data.lists) list\(data.lists == 1 ? "" : "s") with \(data.reminders) reminder\(data.reminders == 1 ? "" : "s")"
        if !data.members.isEmpty {
            let names = data.members.count == 1 ? data.members[0]
                : data.members.dropLast().joined(separator: ", ") + " and " + data.members[data.members.count - 1]
            text += ", shared with " + names
        }
        return text
    }
}
