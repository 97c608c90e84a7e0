import Foundation
import TickInterchange

/// The file formats `tick import` reads and `tick export` writes.
enum InterchangeFormat: String, CaseIterable {
    /// Tick's own archive (`tick export --format json`): everything, for backups.
    case json
    /// todo.txt (https://github.com/todotxt/todo.txt).
    case todotxt
    /// iCalendar VTODOs (RFC 5545): Apple Reminders, Thunderbird, Nextcloud, tasks.org…
    case ics
    /// Taskwarrior's `task export` JSON (read only).
    case taskwarrior

    /// The formats `tick export` writes.
    static let exportable: [InterchangeFormat] = [.json, .todotxt, .ics]

    /// Reads `--format`; accepts a few common spellings.
    static func named(_ text: String) throws(CommandError) -> InterchangeFormat {
        switch text.lowercased() {
        case "json", "tick": return .json
        case "todotxt", "todo.txt", "todo", "txt": return .todotxt
        case "ics", "ical", "icalendar", "ifb", "vtodo": return .ics
        case "taskwarrior", "task", "tw": return .taskwarrior
        default:
            let names = allCases.map(\.rawValue)
            var message = "unknown format '\(text)'; use one of \(names.joined(separator: ", "))"
            if let suggestion = Suggestion.closest(to: text, among: names) { message += " (did you mean '\(suggestion)'?)" }
            throw .usage(message)
        }
    }

    /// Guesses the format of a file from its name, then from its first bytes:
    /// `.txt` is todo.txt; `.ics`, `.ical`, `.ifb` or text starting with
    /// `BEGIN:VCALENDAR`/`BEGIN:VTODO` is iCalendar; a Tick archive is json; other JSON
    /// (`.json`, or text starting with `[` or `{`) is Taskwarrior; anything else todo.txt.
    static func detect(path: String, data: Data) -> InterchangeFormat? {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".txt") || lowered.hasSuffix("todo") { return .todotxt }
        if lowered.hasSuffix(".ics") || lowered.hasSuffix(".ical") || lowered.hasSuffix(".ifb") { return .ics }
        let start = leadingText(data)
        if start.hasPrefix("BEGIN:VCALENDAR") || start.hasPrefix("BEGIN:VTODO") { return .ics }
        if TickJSON.isArchive(data) { return .json }
        if lowered.hasSuffix(".json") || start.hasPrefix("[") || start.hasPrefix("{") { return .taskwarrior }
        return .todotxt
    }

    /// The first bytes after a byte order mark and white space, upper-cased.
    private static func leadingText(_ data: Data) -> String {
        var bytes = data.prefix(64)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let text = String(decoding: bytes, as: UTF8.self)
        return String(text.drop { $0.isWhitespace }).uppercased()
    }
}
