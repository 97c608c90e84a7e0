import Foundation
import TickInterchange

/// The file formats `tick import` reads and `tick export` writes.
enum InterchangeFormat: String, CaseIterable {
    /// Tick's own archive (`tick export --format json`): everything, for backups.
    case json
    /// todo.txt (https://github.com/todotxt/todo.txt).
    case todotxt

    /// Reads `--format`; accepts a few common spellings.
    static func named(_ text: String) throws(CommandError) -> InterchangeFormat {
        switch text.lowercased() {
        case "json", "tick": return .json
        case "todotxt", "todo.txt", "todo", "txt": return .todotxt
        default:
            let names = allCases.map(\.rawValue)
            var message = "unknown format '\(text)'; use one of \(names.joined(separator: ", "))"
            if let suggestion = Suggestion.closest(to: text, among: names) { message += " (did you mean '\(suggestion)'?)" }
            throw .usage(message)
        }
    }

    /// Guesses the format of a file from its name, then from its first bytes; nil when
    /// neither says (then `--format` must): any text would read as todo.txt, so a file is
    /// taken for todo.txt only when its name says so (`*.txt`, `todo*`, `done*`) or it
    /// comes from standard input.
    static func detect(path: String, data: Data) -> InterchangeFormat? {
        if TickJSON.isArchive(data) { return .json }
        let name = (path as NSString).lastPathComponent.lowercased()
        if path == "-" || name.hasSuffix(".txt") || name.hasPrefix("todo") || name.hasPrefix("done") { return .todotxt }
        return nil
    }
}
