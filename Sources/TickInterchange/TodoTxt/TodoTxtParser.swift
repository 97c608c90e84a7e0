import Foundation
import TickModel

/// Reads todo.txt text into `TodoTxtItem`s, following the todo.txt format README
/// (todotxt/todo.txt).
///
/// The format is lenient: every line is free text, and the parser refuses only what
/// cannot be a task file or what would silently lose meaning:
///
/// - bytes that are not UTF-8 text: invalid UTF-8, a NUL character, or a UTF-16 byte
///   order mark (`InterchangeError.Kind.invalidEncoding`);
/// - a date in a date position (completion date, creation date, `due:`, `t:`) that has
///   the `YYYY-MM-DD` shape but names no real day, such as `2026-02-30` or `due:2026-13-45`
///   (`.invalidDate`): the writer clearly meant a date, and reading it as text would
///   drop it without a word;
/// - a task line with a priority or dates but no text (`(A) `, `x 2026-01-05 `), which
///   could not become a reminder (`.emptyTask`).
///
/// Everything else is accepted: line ends LF, CRLF or a CR alone (each ends one line,
/// so a file saved with classic Mac OS line ends has as many tasks as lines), a UTF-8
/// byte order mark at the start,
/// blank lines (skipped, but counted for line numbers; a line is blank when it holds
/// only white space or invisible characters), and any text.
///
/// Structure is recognized only at the very start of a line, with single spaces, as the
/// README defines it: a line with leading spaces is an incomplete task without priority
/// or creation date whose description keeps those spaces (todo.txt-cli reads
/// `  +roses +flowers …` the same way: it still has both projects). A date is a date
/// field only when a space follows it, so a line that is only `2026-01-05` is a task
/// titled `2026-01-05`.
public enum TodoTxtParser {
    /// Parses todo.txt text.
    ///
    /// - Parameters:
    ///   - text: the whole file.
    ///   - source: the file name for error messages, when there is one.
    /// - Returns: one item per non-blank line, in file order.
    /// - Throws: `InterchangeError` for the first bad line (see the type's discussion).
    /// - Complexity: O(n) in the length of `text`.
    public static func parse(_ text: String, source: String?) throws(InterchangeError) -> [TodoTxtItem] {
        try parse(bytes: Array(text.utf8), source: source)
    }

    /// Parses todo.txt bytes, which must be UTF-8 (with or without a byte order mark).
    ///
    /// - Parameters:
    ///   - data: the whole file.
    ///   - source: the file name for error messages, when there is one.
    /// - Returns: one item per non-blank line, in file order.
    /// - Throws: `InterchangeError` for the first bad line, including the line and
    ///   column of invalid UTF-8 or a NUL byte.
    /// - Complexity: O(n) in the size of `data`.
    public static func parse(_ data: Data, source: String?) throws(InterchangeError) -> [TodoTxtItem] {
        try parse(bytes: Array(data), source: source)
    }

    private static func parse(bytes: [UInt8], source: String?) throws(InterchangeError) -> [TodoTxtItem] {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw InterchangeError(kind: .invalidEncoding, source: source, line: 1, column: 1,
                                   message: "the file is UTF-16 text; save it as UTF-8 and import it again")
        }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var items: [TodoTxtItem] = []
        var lineNumber = 0
        while start <= bytes.count {
            lineNumber += 1
            // A line ends at LF, at CRLF, or at a CR alone (classic Mac OS files).
            let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? bytes.count
            let line = try decodedLine(bytes[start..<end], lineNumber: lineNumber, source: source, atEnd: end == bytes.count)
            if !line.isBlank {
                items.append(try item(from: line, lineNumber: lineNumber, source: source))
            }
            start = end + 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "\r"), start < bytes.count, bytes[start] == UInt8(ascii: "\n") {
                start += 1
            }
        }
        return items
    }

    /// The line as a String, or an error naming the column of its first invalid byte.
    private static func decodedLine(_ bytes: ArraySlice<UInt8>, lineNumber: Int,
                                    source: String?, atEnd: Bool) throws(InterchangeError) -> String {
        func column(at offset: Int) -> Int {
            String(decoding: bytes[bytes.startIndex..<(bytes.startIndex + offset)], as: UTF8.self).count + 1
        }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        decoding: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
            case .emptyInput:
                break decoding
            case .error:
                if atEnd, UTF8Cut.endsInsideACharacter(bytes) {
                    throw InterchangeError(kind: .invalidEncoding, source: source, line: lineNumber, column: column(at: offset),
                                           message: "the file ends inside a UTF-8 character (its last bytes start one and "
                                               + "stop): it may have been cut off, or be in another encoding such as Latin-1")
                }
                let byte = bytes[bytes.startIndex + offset]
                let hex = String(byte, radix: 16, uppercase: true)
                throw InterchangeError(kind: .invalidEncoding, source: source, line: lineNumber,
                                       column: column(at: offset),
                                       message: "byte 0x\(hex.count < 2 ? "0" + hex : hex) is not valid UTF-8; "
                                           + "the file may be in another encoding such as Latin-1; save it as UTF-8")
            }
        }
        if let nul = bytes.firstIndex(of: 0) {
            throw InterchangeError(kind: .invalidEncoding, source: source, line: lineNumber,
                                   column: column(at: nul - bytes.startIndex),
                                   message: "the line contains a NUL character, so this is not a text file; "
                                       + "check that it is a todo.txt file saved as UTF-8")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads the structure at the start of a non-blank line.
    private static func item(from line: String, lineNumber: Int, source: String?) throws(InterchangeError) -> TodoTxtItem {
        // The marks at the start are read scalar by scalar, as the tokenizer reads words: by
        // characters, `(A) ` followed by a combining mark (U+05C2) was no priority, since the
        // space and the mark are one character (found by fuzz/todotxt: a title that starts
        // with a mark, written after its `(A) `, read back without its priority).
        var rest = line[...]
        func drop(_ count: Int) { rest = Substring(rest.unicodeScalars.dropFirst(count)) }
        // Consumes `YYYY-MM-DD ` at the start of `rest`, if it is there.
        func leadingDate() throws(InterchangeError) -> CalendarDay? {
            let candidate = Array(rest.unicodeScalars.prefix(11))
            let date = Substring(rest.unicodeScalars.prefix(10))
            guard candidate.count == 11, candidate[10] == " ", TodoTxtToken.isDateShaped(date) else {
                return nil
            }
            guard let day = CalendarDay(date) else {
                throw invalidDate(date, in: line, lineNumber: lineNumber, source: source)
            }
            drop(11)
            return day
        }

        var result = TodoTxtItem(lineNumber: lineNumber, description: "")
        let head = Array(rest.unicodeScalars.prefix(4))
        if head.count >= 2, head[0] == "x", head[1] == " " {
            result.isCompleted = true
            drop(2)
            result.completionDate = try leadingDate()
            if result.completionDate != nil { result.creationDate = try leadingDate() }
        } else {
            if head.count == 4, head[0] == "(", head[2] == ")", head[3] == " ", ("A"..."Z").contains(head[1]) {
                result.priority = Character(head[1])
                drop(4)
            }
            result.creationDate = try leadingDate()
        }

        if rest.isBlank {
            throw InterchangeError.emptyTask(source: source, line: lineNumber)
        }
        if let bad = TodoTxtToken.tokens(in: rest).first(where: \.isInvalidDateField) {
            throw invalidDate(bad.text, in: line, lineNumber: lineNumber, source: source)
        }
        result.description = String(rest)
        return result
    }

    private static func invalidDate(_ token: Substring, in line: String, lineNumber: Int,
                                    source: String?) -> InterchangeError {
        InterchangeError.invalidDate(token, source: source, line: lineNumber,
                                     column: line.distance(from: line.startIndex, to: token.startIndex) + 1)
    }
}

extension InterchangeError {
    /// A task line with nothing but its completion mark, priority or dates.
    static func emptyTask(source: String?, line: Int) -> InterchangeError {
        InterchangeError(kind: .emptyTask, source: source, line: line,
                         message: "the task has no text after its x, priority or dates; add some text or delete the line")
    }

    /// A date-shaped todo.txt token (`2026-02-30`, `due:2026-13-45`) that names no real day.
    static func invalidDate(_ token: Substring, source: String?, line: Int, column: Int?) -> InterchangeError {
        let key = token.firstIndex(of: ":").map { String(token[...$0]) } ?? ""
        return InterchangeError(kind: .invalidDate, source: source, line: line, column: column,
                                message: "'\(token)' is not a real date; write \(key)YYYY-MM-DD with a day that exists")
    }
}
