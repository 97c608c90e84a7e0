import CICal
import Foundation

/// Cuts iCalendar bytes into unfolded content lines with libical's line reader
/// (`icalparser_get_line`, RFC 5545 §3.1), remembering the physical line each one
/// starts on, so errors can name it.
///
/// libical unfolds byte-wise (a CRLF or LF followed by one space or tab is removed), so a
/// fold that splits a multi-byte UTF-8 character is joined before the line is decoded;
/// it also drops the line break and trailing white space. Each unfolded line must be
/// UTF-8 without NUL characters.
///
/// Not Sendable: one import reads one source on one thread.
final class ICalendarLineSource {
    /// What the C line generator reads from; shared with libical through a raw pointer.
    private final class Feed {
        /// The file's bytes, read in place (a copy would double the memory of a big file).
        let data: Data
        var position = 0
        /// The physical line the next byte belongs to (1-based), once a chunk starts it.
        var physicalLine = 0
        /// Whether the next chunk starts a physical line.
        var atLineStart = true
        /// Start lines of the last two logical (unfolded) lines libical has begun reading.
        var lastStart = 0
        var previousStart = 0
        /// Whether the last call handed libical data (then it holds one line of look-ahead).
        var deliveredData = false

        init(_ data: Data) { self.data = data }

        /// Copies the next chunk (at most `size - 1` bytes, up to and including a line
        /// feed) into `out`, NUL-terminated, like `fgets`. Returns false at the end.
        func next(into out: UnsafeMutablePointer<CChar>, size: Int) -> Bool {
            // The buffer covers the data's own bytes from 0, also when it is a slice.
            data.withUnsafeBytes { raw in next(from: raw.bindMemory(to: UInt8.self), into: out, size: size) }
        }

        private func next(from bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<CChar>, size: Int) -> Bool {
            guard position < bytes.count, size > 1 else {
                deliveredData = false
                return false
            }
            let limit = min(bytes.count, position + size - 1)
            var end = position
            while end < limit {
                let byte = bytes[end]
                end += 1
                if byte == UInt8(ascii: "\n") { break }
            }
            if atLineStart {
                physicalLine += 1
                let first = bytes[position]
                let isContinuation = physicalLine > 1 && (first == UInt8(ascii: " ") || first == UInt8(ascii: "\t"))
                if !isContinuation {
                    previousStart = lastStart
                    lastStart = physicalLine
                }
            }
            atLineStart = bytes[end - 1] == UInt8(ascii: "\n")
            let count = end - position
            out.withMemoryRebound(to: UInt8.self, capacity: count + 1) { target in
                target.update(from: bytes.baseAddress.unsafelyUnwrapped + position, count: count)
                target[count] = 0
            }
            position = end
            deliveredData = true
            return true
        }
    }

    private let feed: Feed
    private let parser: OpaquePointer
    /// The file name for messages.
    let source: String?

    /// Prepares to read `data`.
    /// - Throws: `InterchangeError.invalidEncoding` for UTF-16 text or a NUL byte, and
    ///   `.malformed` when libical cannot allocate its reader.
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
        // Old Mac files end lines with CR alone; libical reads line feeds.
        if !scan.hasLF, scan.hasCR {
            bytes = Data(bytes.map { $0 == UInt8(ascii: "\r") ? UInt8(ascii: "\n") : $0 })
        }
        feed = Feed(bytes)
        guard let parser = icalparser_new() else {
            throw InterchangeError(kind: .malformed, source: source, message: "libical could not start a parser (out of memory)")
        }
        self.parser = parser
        icalparser_set_gen_data(parser, Unmanaged.passUnretained(feed).toOpaque())
    }

    deinit { icalparser_free(parser) }

    /// The next non-blank content line, unfolded, or nil at the end of the data.
    /// - Throws: `InterchangeError.invalidEncoding` for a line that is not UTF-8.
    func next() throws(InterchangeError) -> ICalendarContentLine? {
        while true {
            // libical allocates the line with icalmemory_new_buffer; we free it below.
            guard let raw = icalparser_get_line(parser, { out, size, data in
                guard let out, let data else { return nil }
                let feed = Unmanaged<Feed>.fromOpaque(data).takeUnretainedValue()
                return feed.next(into: out, size: size) ? out : nil
            }) else { return nil }
            defer { icalmemory_free_buffer(raw) }
            // With a line of look-ahead in libical's buffer, the returned line is the one before it.
            let lineNumber = feed.deliveredData ? feed.previousStart : feed.lastStart
            if raw[0] == 0 { continue }
            guard let text = String(validatingCString: raw) else {
                throw InterchangeError(kind: .invalidEncoding, source: source, line: lineNumber,
                                       message: "the line is not valid UTF-8; the file may be in another encoding "
                                           + "such as Latin-1; save it as UTF-8")
            }
            // libical returns a blank line as a lone line feed; blank lines are allowed between components.
            if text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { continue }
            return ICalendarContentLine(text: text, lineNumber: lineNumber)
        }
    }
}
