/// Percent-decoding (RFC 3986 §2.1) by bytes, for every reader of URLs, forms and paths:
/// Foundation's `removingPercentEncoding` drops a leading U+FEFF (`%EF%BB%BFx` gives `x`),
/// so two different names could read as one, and it costs more than the rest of reading a
/// request.
extension StringProtocol {
    /// The text with each `%` and two hexadecimal digits (either case) replaced by that
    /// byte, and with `plusIsSpace` each `+` by a space (`application/x-www-form-urlencoded`,
    /// byte by byte, so a `+` joined to a combining mark is a space too); nil when a `%` is
    /// not followed by two hexadecimal digits or the bytes are not UTF-8. Everything else,
    /// a leading U+FEFF and `%00` included, is kept.
    /// - Complexity: O(n) in the length of the text.
    public func percentDecoded(plusIsSpace: Bool = false) -> String? {
        let utf8 = self.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "%") || plusIsSpace && $0 == UInt8(ascii: "+") }) else { return String(self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexadecimalDigitValue),
                      let low = iterator.next().flatMap(hexadecimalDigitValue) else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// The value of an ASCII hexadecimal digit, or nil.
private func hexadecimalDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}
