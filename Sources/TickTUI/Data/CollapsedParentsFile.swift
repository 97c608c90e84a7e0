import Foundation
import TickModel
import TickStore

/// The file that keeps, between runs of `tick ui`, which parents hide their subtasks.
///
/// Text, one item a line:
///
///     tick-ui-collapsed 1
///     listed
///     3F1C…@tick
///
/// The first line names the format; the second is `listed` (the UIDs that follow are the
/// collapsed parents) or `all` (every parent is collapsed but the UIDs that follow).
struct CollapsedParentsFile {
    /// The file's path.
    let path: String

    static let header = "tick-ui-collapsed 1"

    /// The parents kept in the file; every parent open when there is no file.
    /// - Throws: `TUIError` naming the file and line when it is not in this format (the UI
    ///   then starts with every parent open and leaves the file until something changes).
    func read() throws(TUIError) -> CollapsedParents {
        guard let data = FileManager.default.contents(atPath: path) else { return CollapsedParents() }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        func refuse(_ line: Int, _ what: String) -> TUIError {
            TUIError("\(path), line \(line): \(what); every parent starts open and the file is written anew on the next collapse")
        }
        guard lines.first == Substring(CollapsedParentsFile.header) else {
            throw refuse(1, "expected “\(CollapsedParentsFile.header)”")
        }
        let mode = lines.count > 1 ? lines[1] : ""
        guard mode == "all" || mode == "listed" else { throw refuse(2, "expected “all” or “listed”") }
        let uids = lines.dropFirst(2).filter { !$0.isEmpty }.map { ReminderUID(String($0)) }
        return CollapsedParents(collapsesAll: mode == "all", exceptions: Set(uids))
    }

    /// Writes `collapsed` in place of the file (atomically: a reader sees the old file or
    /// the new one), making its folder (mode 0700) when missing.
    /// - Throws: `TUIError` saying which file could not be written and why.
    /// - Complexity: O(n) in the parents named.
    func write(_ collapsed: CollapsedParents) throws(TUIError) {
        // A UID with a line break cannot be written on a line; it stays collapsed for the session.
        let uids = collapsed.exceptions.map(\.rawValue).filter { !$0.contains(where: \.isNewline) }.sorted()
        let text = ([CollapsedParentsFile.header, collapsed.collapsesAll ? "all" : "listed"] + uids).joined(separator: "\n") + "\n"
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw TUIError("cannot keep the collapsed parents in \(path): \(error.localizedDescription)")
        }
    }
}
