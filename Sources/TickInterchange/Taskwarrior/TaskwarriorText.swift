import Foundation

/// The bytes of a Taskwarrior export made ready for JSON: CESU-8 surrogate pairs
/// repaired, UTF-8 checked with the line of the first bad byte, and the top-level task
/// objects found with the line each starts on, one at a time.
///
/// Taskwarrior 2.6 writes a character outside the Basic Multilingual Plane that reached
/// it as a `\u` escape pair (an emoji typed through some front ends) as two 3-byte
/// surrogates (CESU-8: `ED A0–AF xx ED B0–BF xx`), which is not UTF-8. Each such pair is
/// rewritten as the 4-byte UTF-8 of its character; a lone surrogate stays an error.
struct TaskwarriorText {
    /// The repaired bytes.
    private(set) var bytes: [UInt8]
    /// The lines where surrogate pairs were repaired, in order, each once.
    private(set) var repairedLines: [Int] = []

    /// Repairs and checks `data`.
    /// - Throws: `InterchangeError` (`.invalidEncoding`, with the line) when the bytes are
    ///   not UTF-8 once repaired.
    /// - Complexity: O(n) in the number of bytes.
    init(_ data: Data, source: String?) throws(InterchangeError) {
        bytes = [UInt8](data)
        if bytes.contains(0xED) { repairSurrogatePairs() }
        if String(validating: bytes, as: UTF8.self) == nil {
            throw InterchangeError(kind: .invalidEncoding, source: source, line: TaskwarriorText.firstInvalidLine(bytes),
                                   message: "this line is not UTF-8 text; Taskwarrior writes UTF-8 JSON")
        }
    }

    private mutating func repairSurrogatePairs() {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var line = 1
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1 }
            if byte == 0xED, index + 5 < count,
               (0xA0...0xAF).contains(bytes[index + 1]), bytes[index + 2] & 0xC0 == 0x80,
               bytes[index + 3] == 0xED, (0xB0...0xBF).contains(bytes[index + 4]), bytes[index + 5] & 0xC0 == 0x80 {
                let high = 0xD000 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                let low = 0xD000 | UInt32(bytes[index + 4] & 0x3F) << 6 | UInt32(bytes[index + 5] & 0x3F)
                let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                out.append(0xF0 | UInt8(scalar >> 18))
                out.append(0x80 | UInt8((scalar >> 12) & 0x3F))
                out.append(0x80 | UInt8((scalar >> 6) & 0x3F))
                out.append(0x80 | UInt8(scalar & 0x3F))
                if repairedLines.last != line { repairedLines.append(line) }
                index += 6
                continue
            }
            out.append(byte)
            index += 1
        }
        bytes = out
    }

    /// The 1-based line holding the first byte that is not UTF-8.
    static func firstInvalidLine(_ bytes: [UInt8]) -> Int {
        var line = 1
        for piece in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if String(validating: piece, as: UTF8.self) == nil { return line }
            line += 1
        }
        return line
    }

    /// One top-level value: its bytes and the line it starts on.
    struct Element {
        var bytes: ArraySlice<UInt8>
        var line: Int
    }

    /// Calls `body` with each task value, in order: the elements of a top-level array
    /// (`task export`, also the 2.x form with one object per line), or the objects one
    /// after another (JSON Lines, or one object). Only one element's bytes are parsed
    /// at a time, so memory follows one task, not the file.
    /// - Throws: `InterchangeError` (`.malformed`) with the line: an array or object the
    ///   file ends inside (where it ends, and where the cut value began), text after the
    ///   array, a value that is not an object; and whatever `body` throws.
    /// - Complexity: O(n) in the number of bytes.
    func forEachElement(source: String?, _ body: (Element) throws(InterchangeError) -> Void) throws(InterchangeError) {
        var line = 1
        var index = 0
        let count = bytes.count
        func fail(_ line: Int, _ message: String) -> InterchangeError {
            InterchangeError(kind: .malformed, source: source, line: line, message: message)
        }
        func skipSpace() {
            while index < count {
                let byte = bytes[index]
                if byte == 0x0A { line += 1 } else if !(byte == 0x20 || byte == 0x09 || byte == 0x0D) { break }
                index += 1
            }
        }
        // A byte order mark.
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipSpace()
        let isArray = index < count && bytes[index] == UInt8(ascii: "[")
        let arrayLine = line
        if isArray { index += 1 }
        var closed = !isArray
        while true {
            skipSpace()
            guard index < count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if isArray, byte == UInt8(ascii: "]") {
                index += 1
                closed = true
                skipSpace()
                if index < count {
                    throw fail(line, "there is more after the end of the array (the ']' that closes it is on an earlier line)")
                }
                break
            }
            guard byte == UInt8(ascii: "{") else {
                throw fail(line, "this is not a task object; Tick reads 'task export' output (a JSON array of objects, "
                           + "or one object per line)")
            }
            let start = index
            let startLine = line
            var depth = 0
            var inString = false
            var escaped = false
            while index < count {
                let current = bytes[index]
                index += 1
                if current == 0x0A { line += 1 }
                if inString {
                    if escaped { escaped = false } else if current == UInt8(ascii: "\\") { escaped = true } else if current == UInt8(ascii: "\"") { inString = false }
                    continue
                }
                switch current {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
                if depth == 0 { break }
            }
            if depth > 0 {
                throw fail(line, "the file ends here, inside the task that starts at line \(startLine); it may have been cut off")
            }
            try body(Element(bytes: bytes[start..<index], line: startLine))
        }
        if !closed {
            // The line of the last text, not the empty one after a final line break.
            let last = bytes.lastIndex { !($0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D) } ?? 0
            let lastLine = 1 + bytes[..<last].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw fail(lastLine, "the file ends here, inside the array that starts at line \(arrayLine) (no closing ']'); "
                       + "it may have been cut off")
        }
    }
}
