import CICal
import Foundation

/// Cuts iCalendar bytes into unfolded content lines (RFC 5545 §3.1), remembering the
/// physical line each one starts on, so errors can name it.
///
/// Unfolding is byte-wise (a CRLF or LF followed by one space or tab is removed), so a
/// fold that splits a multi-byte UTF-8 character is joined before the line is decoded.
/// The line break is dropped; trailing white space is dropped too, except in the value
/// of a TEXT property (`SUMMARY`, `LOCATION`, `X-…`, a property libical does not know),
/// where it is part of the text and kept. Each unfolded line must be UTF-8.
///
/// Not Sendable: one import reads one source on one thread.
final class ICalendarLineSource {
    /// The file's bytes, read in place (a copy would double the memory of a big file).
    private let data: Data
    private var position = 0
    /// The physical line `position` is on (1-based).
    private var physicalLine = 1
    /// The file name for messages.
    let source: String?
    /// How many bytes of the file the lines given so far took.
    var bytesRead: Int { position }

    /// Prepares to read `data`.
    /// - Throws: `InterchangeError.invalidEncoding` for UTF-16 text or a NUL byte.
    init(_ data: Data, source: String?) throws(InterchangeError) {
        self.source = source
        var bytes = data
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw InterchangeError(kind: .invalidEncoding, source: source, line: 1, column: 1,
                                   message: "the file is UTF-16 text; save it as UTF-8 and import it again")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let scan = bytes.withUnsafeBytes { raw -> (nul: Int?, hasLF: Bool, hasCR: Bool) in
            guard let base = raw.baseAddress, raw.count > 0 else { return (nil, false, false) }
            let nul = memchr(base, 0, raw.count).map { UnsafeRawPointer($0) - base }
            return (nul, memchr(base, 0x0A, raw.count) != nil, memchr(base, 0x0D, raw.count) != nil)
        }
        if let nul = scan.nul {
            let line = bytes.prefix(nul).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            throw InterchangeError(kind: .invalidEncoding, source: source, line: line,
                                   message: "the line contains a NUL character, so this is not a text file; "
                                       + "check that it is an iCalendar file saved as UTF-8")
        }
        // Old Mac files end lines with CR alone: read them as line feeds.
        if !scan.hasLF, scan.hasCR {
            bytes = Data(bytes.map { $0 == UInt8(ascii: "\r") ? UInt8(ascii: "\n") : $0 })
        }
        self.data = bytes
    }

    /// The next non-blank content line, unfolded, or nil at the end of the data.
    /// - Throws: `InterchangeError.invalidEncoding` for a line that is not UTF-8.
    /// - Complexity: O(n) in the length of the line and its folds.
    func next() throws(InterchangeError) -> ICalendarContentLine? {
        while position < data.count {
            let lineNumber = physicalLine
            let bytes = data.withUnsafeBytes { raw in unfoldedLine(raw.bindMemory(to: UInt8.self)) }
            // Blank lines are allowed between components.
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                if position >= data.count, UTF8Cut.endsInsideACharacter(bytes) {
                    throw InterchangeError(kind: .invalidEncoding, source: source, line: lineNumber,
                                           message: "the file ends inside a UTF-8 character (its last bytes start one and "
                                               + "stop): it may have been cut off, or be in another encoding such as Latin-1")
                }
                throw InterchangeError(kind: .invalidEncoding, source: source, line: lineNumber,
                                       message: "the line is not valid UTF-8; the file may be in another encoding "
                                           + "such as Latin-1; save it as UTF-8")
            }
            return ICalendarContentLine(text: ICalendarLineSource.trimmed(text), lineNumber: lineNumber)
        }
        return nil
    }

    /// The bytes of the logical line at `position`, its folds joined, without its line
    /// break; moves past it.
    private func unfoldedLine(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var line: [UInt8] = []
        var index = position
        while true {
            let start = index
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            var end = index
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            guard index < bytes.count else { break }
            index += 1
            physicalLine += 1
            // A line that starts with a space or tab continues this one, without that character.
            guard index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 else { break }
            index += 1
        }
        position = index
        return line
    }

    /// The line without trailing white space, unless it is a TEXT value's.
    static func trimmed(_ text: String) -> String {
        guard let last = text.utf8.last, last == 0x20 || last == 0x09 || last == 0x0D else { return text }
        let line = ICalendarContentLine(text: text)
        if line.hasColon, line.beginName == nil, line.endName == nil, keepsTrailingSpace(line.name) { return text }
        var utf8 = text.utf8[...]
        while let byte = utf8.last, byte == 0x20 || byte == 0x09 || byte == 0x0D { utf8 = utf8.dropLast() }
        return String(Substring(utf8))
    }

    /// Whether the value of property `name` is TEXT by default (RFC 5545 §3.3.11), so
    /// that white space at its end is text: libical's TEXT properties, `X-` properties
    /// and properties libical does not know.
    static func keepsTrailingSpace(_ name: String) -> Bool {
        if name.hasPrefix("X-") { return true }
        let kind = icalproperty_string_to_kind(name)
        return kind == ICAL_NO_PROPERTY || icalproperty_kind_to_value_kind(kind) == ICAL_TEXT_VALUE
    }
}
