/// JSON string literals (RFC 8259 §7), the one escaper behind every JSON Tick writes:
/// `--json` output and Tick JSON export (`JSONValue`), and the store's `tags` and
/// `alarms` columns.
///
/// Besides what JSON requires (`"`, `\`, U+0000–U+001F), DEL, the C1 controls and
/// U+2028/U+2029 are escaped too, so the text is safe to show on a terminal and to
/// embed in JavaScript.
public enum JSONText {
    /// Appends `text` as a JSON string literal, quotes included, to `out` (UTF-8).
    /// - Complexity: O(n) in the UTF-8 length of `text`; runs that need no escape are
    ///   copied as they are.
    @inlinable
    public static func quote<Sink: ByteSink & ~Copyable>(_ text: String, into out: inout Sink) {
        var text = text
        text.withUTF8 { quote(validUTF8: $0, into: &out) }
    }

    /// Appends the UTF-8 `bytes` as a JSON string literal, as `quote(_:into:)` appends the
    /// `String` they decode to: bytes that are not UTF-8 become U+FFFD, as
    /// `String(decoding:as:)` makes them. What a stored row's text is quoted with, in place.
    /// - Complexity: O(n); printable ASCII is checked eight bytes at a time.
    @inlinable
    public static func quote<Sink: ByteSink & ~Copyable>(utf8 bytes: UnsafeBufferPointer<UInt8>, into out: inout Sink) {
        if isASCII(bytes) {
            quote(validUTF8: bytes, into: &out)
        } else {
            quote(String(decoding: bytes, as: UTF8.self), into: &out)
        }
    }

    /// Whether every byte is below 0x80 (ASCII: valid UTF-8 as it is).
    @usableFromInline
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= bytes.count {
            high |= UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            high |= UInt64(bytes[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// `quote(_:into:)` on bytes known to be UTF-8.
    @inlinable
    static func quote<Sink: ByteSink & ~Copyable>(validUTF8 bytes: UnsafeBufferPointer<UInt8>, into out: inout Sink) {
        out.append(UInt8(ascii: "\""))
        do {
            var index = 0
            var runStart = 0
            func flush(_ end: Int) {
                if end > runStart { out.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
            }
            func escape(_ scalar: UInt32) {
                // `\u` and four lowercase hexadecimal digits (every scalar escaped is below U+10000).
                out.append("\\u")
                for shift in stride(from: 12, through: 0, by: -4) {
                    let digit = UInt8(truncatingIfNeeded: scalar >> UInt32(shift)) & 0xF
                    out.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
                }
            }
            /// Replaces the `width` bytes at `index` with `replacement`.
            func replace(width: Int, with replacement: () -> Void) {
                flush(index)
                replacement()
                index += width
                runStart = index
            }
            while index < bytes.count {
                index = plainPrefixEnd(bytes, from: index)
                guard index < bytes.count else { break }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""): replace(width: 1) { out.append("\\\"") }
                case UInt8(ascii: "\\"): replace(width: 1) { out.append("\\\\") }
                case UInt8(ascii: "\n"): replace(width: 1) { out.append("\\n") }
                case UInt8(ascii: "\r"): replace(width: 1) { out.append("\\r") }
                case UInt8(ascii: "\t"): replace(width: 1) { out.append("\\t") }
                case 0x00..<0x20, 0x7F: replace(width: 1) { escape(UInt32(byte)) }
                case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                    let next = bytes[index + 1]
                    replace(width: 2) { escape(UInt32(next)) }
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80
                        && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    let last = bytes[index + 2]
                    replace(width: 3) { escape(last == 0xA8 ? 0x2028 : 0x2029) }
                default:
                    index += 1
                }
            }
            flush(bytes.count)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The index of the first byte at or after `start` that `quote` must look at (a
    /// control, a quotation mark, a backslash, DEL or any byte of a non-ASCII character), or `bytes.count`:
    /// printable ASCII is skipped eight bytes at a time, the common case of every string
    /// an export writes.
    /// - Complexity: O(n), eight bytes at a time.
    @usableFromInline
    static func plainPrefixEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let count = bytes.count
        var index = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        /// Nonzero exactly when some byte of `word` equals `value` ("has a zero byte").
        func has(_ word: UInt64, _ value: UInt8) -> UInt64 {
            let match = word ^ (ones &* UInt64(value))
            return (match &- ones) & ~match & highBits
        }
        while index + 8 <= count {
            let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let below20 = (word &- ones &* 0x20) & ~word & highBits
            if (word & highBits) | below20 | has(word, 0x7F) | has(word, 0x22) | has(word, 0x5C) != 0 { break }
            index += 8
        }
        while index < count {
            let byte = bytes[index]
            guard byte &- 0x20 < 0x5F, byte != 0x22, byte != 0x5C else { break }
            index += 1
        }
        return index
    }

    /// `text` as a JSON string literal, quotes included: `a"b` gives `"a\"b"`.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        quote(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
