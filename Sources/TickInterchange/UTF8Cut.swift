/// Whether text that is not valid UTF-8 is valid text cut in the middle of a character: a
/// file cut short (a truncated download, a copy stopped half-way) ends that way, and saying
/// "another encoding such as Latin-1" sent a tester looking for the wrong cause.
enum UTF8Cut {
    /// Whether `bytes` are valid UTF-8 but for their last 1 to 3 bytes, which start a
    /// character (a lead byte) and hold fewer continuation bytes than it needs.
    /// - Complexity: O(n) in the length of `bytes`.
    static func endsInsideACharacter(_ bytes: some BidirectionalCollection<UInt8>) -> Bool {
        var tail = 0
        var index = bytes.endIndex
        while tail < 3, index > bytes.startIndex {
            let previous = bytes.index(before: index)
            let byte = bytes[previous]
            tail += 1
            index = previous
            if byte & 0xC0 == 0x80 { continue }
            // A lead byte: the character it starts needs this many bytes in all.
            let needed = byte >= 0xF0 && byte <= 0xF4 ? 4 : byte >= 0xE0 && byte <= 0xEF ? 3 : byte >= 0xC2 && byte <= 0xDF ? 2 : 0
            guard needed > tail else { return false }
            return String(validating: bytes[bytes.startIndex..<index], as: UTF8.self) != nil
        }
        return false
    }
}
