/// Why a file could not be imported: what is wrong, and where (file, line, column).
///
/// The one public error type of `TickInterchange`. An import either succeeds for the
/// whole file or throws one of these for the first bad place and changes nothing.
/// Messages quote at most the offending token (a date, a byte value), never a whole
/// title, so user data stays out of logs.
///
/// `description` reads like `todo.txt line 7, column 12: 'due:2026-02-30' is not a real
/// date; write due:YYYY-MM-DD with a day that exists`.
public struct InterchangeError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The kind of problem, for callers that react to it (tests, exit codes).
    public enum Kind: String, Sendable, Equatable {
        /// The bytes are not UTF-8 text: invalid UTF-8, a NUL character, or UTF-16.
        case invalidEncoding
        /// A date field that has the shape of a date but names a day that does not
        /// exist (`2026-02-30`, `2026-13-45`).
        case invalidDate
        /// A task line with a completion mark, priority or dates but no text to use as
        /// a title (`(A) `, `x 2026-01-05 `).
        case emptyTask
        /// The file is not in the expected format or breaks its grammar (JSON that does
        /// not parse, an iCalendar line without a colon, a missing required key).
        case malformed
        /// A C library the format needs (libical for iCalendar) could not be loaded; the
        /// message names it and the Debian package that installs it.
        case libraryMissing
    }

    /// What went wrong.
    public var kind: Kind
    /// The name of the file being read (as the user gave it), when known.
    public var source: String?
    /// The 1-based line number, when the problem has one.
    public var line: Int?
    /// The 1-based column in characters (extended grapheme clusters), when known.
    public var column: Int?
    /// What is wrong and what to do about it, without the place (see `description`).
    public var message: String

    /// Creates an error; `message` should say what is wrong and how to fix it.
    public init(kind: Kind, source: String? = nil, line: Int? = nil, column: Int? = nil, message: String) {
        self.kind = kind
        self.source = source
        self.line = line
        self.column = column
        self.message = message
    }

    /// The place followed by the message: `tasks.txt line 3, column 5: …`, or only the
    /// parts that are known (`line 3: …`, or the bare message).
    public var description: String {
        var place = source ?? ""
        if let line {
            place += place.isEmpty ? "line \(line)" : " line \(line)"
            if let column { place += ", column \(column)" }
        }
        return place.isEmpty ? message : place + ": " + message
    }
}
