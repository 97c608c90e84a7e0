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
        try named(text, allowed: allCases)
    }

    /// Reads `--format` like `named(_:)`.
    /// - Parameter allowed: the formats the command takes, named in the message for an
    ///   unknown one.
    static func named(_ text: String, allowed: [InterchangeFormat]) throws(CommandError) -> InterchangeFormat {
        switch text.lowercased() {
        case "json", "tick": return .json
        case "todotxt", "todo.txt", "todo", "txt": return .todotxt
        case "ics", "ical", "icalendar", "ifb", "vtodo": return .ics
        case "taskwarrior", "task", "tw": return .taskwarrior
        default:
            let names = allowed.map(\.rawValue)
            var message = "unknown format \(text.singleQuotedForMessage); use one of \(names.joined(separator: ", "))"
            if let suggestion = Suggestion.closest(to: text, among: names) { message += " (did you mean '\(suggestion)'?)" }
            throw .usage(message)
        }
    }

    /// How many of a file's first bytes `detect(path:data:)` reads.
    static let bytesToDetect = 256

    /// Guesses the format of a file from its name, then from its first bytes; nil when
    /// neither says (then `--format` must). In order: a Tick archive is json; `.ics`,
    /// `.ical`, `.ifb` are iCalendar; `.txt` is todo.txt; text starting with
    /// `BEGIN:VCALENDAR` or `BEGIN:VTODO` is iCalendar; `.json`, or text starting with `[`
    /// or `{`, is Taskwarrior; since any text would read as todo.txt, other files are
    /// todo.txt only when named so (`todo*`, `done*`) or read from standard input.
    static func detect(path: String, data: Data) -> InterchangeFormat? {
        if TickJSON.isArchive(data) { return .json }
        // What the bytes say beats the name: an iCalendar file named `.txt` was read as
        // fourteen todo.txt lines titled "BEGIN:VCALENDAR", "VERSION:2.0" … (a tester).
        if isICalendar(data) { return .ics }
        let name = (path as NSString).lastPathComponent.lowercased()
        if name.hasSuffix(".ics") || name.hasSuffix(".ical") || name.hasSuffix(".ifb") { return .ics }
        if name.hasSuffix(".txt") { return .todotxt }
        let start = leadingText(data)
        if name.hasSuffix(".json") || start.hasPrefix("[") || start.hasPrefix("{") { return .taskwarrior }
        // Standard input, or a pipe given by its path (`<(cat todo.txt)` is /dev/fd/63): no name
        // to go by, so text that is none of the others is todo.txt, as on standard input.
        if isUnnamed(path) || name.hasPrefix("todo") || name.hasPrefix("done") { return .todotxt }
        return nil
    }

    /// Whether `path` names no file of its own: standard input (`-`), or a pipe given by its
    /// path (`<(cat todo.txt)` is `/dev/fd/63`; `/dev/stdin`, `/proc/…/fd/N`). Its format is
    /// told by its bytes, and its name names no list.
    static func isUnnamed(_ path: String) -> Bool {
        path == "-" || path.hasPrefix("/dev/fd/") || path == "/dev/stdin" || (path.hasPrefix("/proc/") && path.contains("/fd/"))
    }

    /// Whether `data` begins (after a byte order mark and white space) as an iCalendar
    /// object does: `BEGIN:VCALENDAR`, or a bare `BEGIN:VTODO`.
    static func isICalendar(_ data: Data) -> Bool {
        let start = leadingText(data)
        return start.hasPrefix("BEGIN:VCALENDAR") || start.hasPrefix("BEGIN:VTODO")
    }

    /// The first bytes after a byte order mark and white space, upper-cased.
    private static func leadingText(_ data: Data) -> String {
        var bytes = data.prefix(64)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let text = String(decoding: bytes, as: UTF8.self)
        return String(text.drop { $0.isWhitespace }).uppercased()
    }
}
