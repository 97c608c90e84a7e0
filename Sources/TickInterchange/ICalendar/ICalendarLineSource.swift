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
/// The bytes are a whole file in memory, or come a piece at a time (`init(source:chunks:)`,
/// for an import that saves as it reads): then only the lines not yet given are held.
///
/// Not Sendable: one import reads one source on one thread.
final class ICalendarLineSource {
    /// The bytes not yet given (from `position`), and perhaps some given: read in place (a
    /// copy would double the memory of a big file).
    private var data: Data
    private var position = 0
    /// How many bytes before `data` were given and dropped (reading in pieces).
    private var dropped = 0
    /// The next piece of the file, nil at its end; nil when `data` is the whole file.
    private let chunks: (() -> [UInt8]?)?
    /// Whether `data` holds the rest of the file.
    private var atEnd: Bool
    /// Read in pieces: a NUL byte met (the whole read names its line before anything
    /// else), or no line feed in the first MiB (line ends may be CR alone, which only the
    /// whole file tells); the reader must then read the file whole to say and do what that
    /// read does.
    private(set) var needsWholeFile = false
    /// The physical line `position` is on (1-based).
    private var physicalLine = 1
    /// The file name for messages.
    let source: String?
    /// How many bytes of the file the lines given so far took.
    var bytesRead: Int { dropped + position }

    /// Prepares to read `data`.
    /// - Throws: `InterchangeError.invalidEncoding` for UTF-16 text or a NUL byte.
    init(_ data: Data, source: String?) throws(InterchangeError) {
        self.source = source
        chunks = nil
        atEnd = true
        var bytes = try ICalendarLineSource.checkedStart(data, source: source)
        let scan = ICalendarLineSource.scan(bytes)
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

    /// Prepares to read the pieces `chunks` gives (nil at the end of the file), as
    /// `init(_:source:)` reads them put together, unless `needsWholeFile` says otherwise.
    /// Pieces are read up to the first line feed first: a file with one has its lines end
    /// at line feeds, as the whole read takes them.
    /// - Throws: `InterchangeError.invalidEncoding` for UTF-16 text, or a NUL byte in a
    ///   file read to its end that way.
    convenience init(source: String?, chunks: @escaping () -> [UInt8]?) throws(InterchangeError) {
        var first: [UInt8] = []
        var ended = false
        while !ended, first.count < 1 << 20, first.count < 3 || !first.contains(0x0A) {
            if let chunk = chunks() { first += chunk } else { ended = true }
        }
        if ended {
            try self.init(Data(first), source: source)
            return
        }
        try self.init(try ICalendarLineSource.checkedStart(Data(first), source: source), source: source, chunks: chunks)
    }

    private init(_ first: Data, source: String?, chunks: @escaping () -> [UInt8]?) {
        self.source = source
        self.chunks = chunks
        atEnd = false
        data = first
        let scan = ICalendarLineSource.scan(first)
        if scan.nul != nil || !scan.hasLF { needsWholeFile = true }
    }

    /// `data` without a UTF-8 byte order mark.
    /// - Throws: `InterchangeError.invalidEncoding` for UTF-16 text.
    private static func checkedStart(_ data: Data, source: String?) throws(InterchangeError) -> Data {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            throw InterchangeError(kind: .invalidEncoding, source: source, line: 1, column: 1,
                                   message: "the file is UTF-16 text; save it as UTF-8 and import it again")
        }
        return data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
    }

    /// Where the first NUL is, and whether there is a line feed and a carriage return.
    private static func scan(_ bytes: Data) -> (nul: Int?, hasLF: Bool, hasCR: Bool) {
        bytes.withUnsafeBytes { raw -> (nul: Int?, hasLF: Bool, hasCR: Bool) in
            guard let base = raw.baseAddress, raw.count > 0 else { return (nil, false, false) }
            let nul = memchr(base, 0, raw.count).map { UnsafeRawPointer($0) - base }
            return (nul, memchr(base, 0x0A, raw.count) != nil, memchr(base, 0x0D, raw.count) != nil)
        }
    }

    /// Reads pieces until `data` holds the whole logical line at `position` (its folds and
    /// the byte after its last line feed), or the file ends; drops the bytes before it.
    private func fillLine() {
        guard let chunks else { return }
        // Where to look for the next line feed of the line.
        var index = position
        while !atEnd {
            let found = data.withUnsafeBytes { raw -> Int? in
                guard let base = raw.baseAddress, index < raw.count,
                      let newline = memchr(base + index, 0x0A, raw.count - index) else { return nil }
                return UnsafeRawPointer(newline) - base
            }
            if let found, found + 1 < data.count {
                guard data[data.startIndex + found + 1] == 0x20 || data[data.startIndex + found + 1] == 0x09 else { return }
                index = found + 2
                continue
            }
            // No line feed since `index` (looked for again only in what comes), or one that
            // ends the bytes held (its next byte tells whether the line is folded).
            index = found ?? data.count
            if position > 0 {
                data = Data(data.dropFirst(position))
                dropped += position
                index -= position
                position = 0
            }
            guard let chunk = chunks() else {
                atEnd = true
                return
            }
            let piece = Data(chunk)
            if ICalendarLineSource.scan(piece).nul != nil { needsWholeFile = true }
            data.append(piece)
        }
    }

    /// The next non-blank content line, unfolded, or nil at the end of the data.
    /// - Throws: `InterchangeError.invalidEncoding` for a line that is not UTF-8.
    /// - Complexity: O(n) in the length of the line and its folds.
    func next() throws(InterchangeError) -> ICalendarContentLine? {
        while true {
            fillLine()
            guard position < data.count else { return nil }
            let lineNumber = physicalLine
            let bytes = data.withUnsafeBytes { raw in unfoldedLine(raw.bindMemory(to: UInt8.self)) }
            // Blank lines are allowed between components.
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                if position >= data.count, atEnd, UTF8Cut.endsInsideACharacter(bytes) {
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
