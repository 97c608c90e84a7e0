// Measuring text in terminal cells: the scalar widths, the UTF-8 fast paths and the
// grapheme cluster walk (see "The width model" on TerminalText).

extension TerminalText {
    static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    static let variationSelector16: Unicode.Scalar = "\u{FE0F}"

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    static func isEmojiModifier(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F3FB...0x1F3FF).contains(scalar.value)
    }

    /// Calls `body` with the UTF-8 bytes of `text`, which are copied first only when they
    /// are not stored contiguously (strings bridged from Objective-C).
    static func withUTF8<Result>(_ text: Substring,
                                 _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// Calls `body` with the UTF-8 bytes of `text` (see the `Substring` overload).
    static func withUTF8<Result>(_ text: String,
                                 _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// The number of bytes at the start of `bytes` that are printable ASCII, U+0020–U+007E.
    ///
    /// - Complexity: O(n), eight bytes at a time.
    static func printableASCIIPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var index = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= count {
            let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // Nonzero exactly when some byte is >= 0x80, < 0x20 or == 0x7F (the classic
            // "has a byte less than n" and "has a zero byte" word tricks).
            let below20 = (word &- ones &* 0x20) & ~word & highBits
            let delete = word ^ (ones &* 0x7F)
            let equals7F = (delete &- ones) & ~delete & highBits
            if (word & highBits) | below20 | equals7F != 0 { break }
            index += 8
        }
        // `byte &- 0x20 < 0x5F` is `0x20 <= byte && byte <= 0x7E` in one comparison.
        while index < count && bytes[index] &- 0x20 < 0x5F { index += 1 }
        return index
    }

    /// The scalar that starts at `index` of valid UTF-8 and its length in bytes, or `nil`
    /// when the bytes end inside it.
    @inline(__always)
    static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int)? {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard index + length <= bytes.count else { return nil }
        var value = lead & (0x7F >> UInt32(length))
        for offset in 1..<length {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return (value, length)
    }

    /// The width of UTF-8 text as the sum of its scalars' widths, or `nil` when it holds
    /// a scalar after which that sum may be wrong (see ``isSequenceSensitive(_:)``) and it
    /// must be measured by grapheme clusters.
    ///
    /// - Complexity: O(n) in the number of bytes.
    static func scalarWidth(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = printableASCIIPrefix(bytes)
        var total = index
        while index < bytes.count {
            if bytes[index] &- 0x20 < 0x5F {
                total += 1
                index += 1
                continue
            }
            guard let (value, length) = decodeScalar(bytes, at: index),
                  !isSequenceSensitive(value) else { return nil }
            total += width(ofScalarValue: value)
            index += length
        }
        return total
    }

    /// The width of one scalar taken alone (see the width model on ``TerminalText``).
    static func width(of scalar: Unicode.Scalar) -> Int {
        width(ofScalarValue: scalar.value)
    }

    /// The width of one scalar taken alone, from its code point.
    @inline(__always)
    static func width(ofScalarValue value: UInt32) -> Int {
        if value < 0x7F { return value >= 0x20 ? 1 : ControlNotation(value).width }
        if value < 0xA0 { return ControlNotation(value).width }
        // Latin-1 through the spacing modifier letters: no wide, zero-width or control
        // scalars left (U+00AD SOFT HYPHEN counts 1 on purpose).
        if value < 0x300 { return 1 }
        // The Hangul syllables and CJK Unified Ideographs blocks are wide as a whole;
        // answering them before any lookup keeps Korean, Chinese and Japanese text cheap.
        if (0xAC00...0xD7A3).contains(value) || (0x4E00...0x9FFF).contains(value) { return 2 }
        return widthFromTables(value)
    }

    /// The width of a scalar at or above U+0300, from the generated table and the
    /// standard library's Unicode properties.
    @inline(never) // keeps the property lookups' set-up out of the callers' loops
    static func widthFromTables(_ value: UInt32) -> Int {
        if isWide(value) { return 2 }
        guard let scalar = Unicode.Scalar(value) else { return 1 }
        // U+231A WATCH is the first scalar with Emoji_Presentation.
        if value >= 0x231A && scalar.properties.isEmojiPresentation { return 2 }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        case .lineSeparator, .paragraphSeparator:
            return 1
        default:
            return properties.isDefaultIgnorableCodePoint ? 0 : 1
        }
    }

    /// Whether `value` is in the generated East Asian Wide/Fullwidth table.
    ///
    /// - Complexity: O(log r), r the number of ranges in ``wideRanges``.
    static func isWide(_ value: UInt32) -> Bool {
        wideRanges.withUnsafeBufferPointer { ranges in
            guard let lowest = ranges.first, value >= lowest else { return false }
            // Find the last range whose first scalar is <= value.
            var low = 0
            var high = ranges.count / 2 - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if ranges[2 * middle] <= value { low = middle } else { high = middle - 1 }
            }
            return value <= ranges[2 * low + 1]
        }
    }

    /// Whether a scalar makes a cluster measure other than as the sum of its scalars:
    /// it can be part of an emoji sequence, or it is the CR of a CR LF.
    static func isSequenceSensitive(_ value: UInt32) -> Bool {
        value == 0x0D || value == 0x200D || value == 0xFE0F
            || (0x1F1E6...0x1F1FF).contains(value) || (0x1F3FB...0x1F3FF).contains(value)
    }

    @usableFromInline
    static func width(ofSubstring text: Substring) -> Int {
        withUTF8(text) { scalarWidth(ofUTF8: $0) } ?? widthByCharacters(text)
    }

    static func widthByCharacters(_ text: Substring) -> Int {
        var total = 0
        for character in text {
            total += width(of: character)
        }
        return total
    }
}
