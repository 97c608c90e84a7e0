// Cutting text to a width: decided on the UTF-8 bytes when that is safe, else by walking
// the grapheme clusters.

extension TerminalText {
    /// `text` cut to at most `width` cells (see ``truncated(_:toWidth:)``), with the
    /// width of the result.
    @usableFromInline
    static func fitted(_ text: Substring, toWidth width: Int) -> (text: String, width: Int) {
        guard width > 0 else { return ("", 0) }
        switch withUTF8(text, { cutPlan($0, toWidth: width) }) {
        case .whole(let total):
            return (String(text), total)
        case .cut(let byteCount, let keptWidth):
            return (withUTF8(text) { prefixWithEllipsis($0, byteCount: byteCount) }, keptWidth + 1)
        case .byCharacters:
            return fittedByCharacters(text, toWidth: width)
        }
    }

    /// Where to cut text to fit a width, decided on its UTF-8 alone when that is safe.
    enum CutPlan {
        /// The text fits as it is; it takes the associated number of cells.
        case whole(Int)
        /// Keep the first `byteCount` bytes, `width` cells wide, and add the ellipsis.
        case cut(byteCount: Int, width: Int)
        /// Walk the grapheme clusters to decide.
        case byCharacters
    }

    /// How to fit UTF-8 text into `width` (> 0) cells, without splitting it into
    /// grapheme clusters when possible.
    ///
    /// A cut between two scalars is certainly a grapheme cluster boundary (UAX #29) when
    /// both are printable ASCII, Hangul syllables or CJK Unified Ideographs: no rule
    /// joins those. Text without scalars that start emoji sequences is measured as the
    /// sum of its scalars, so the cut found scalar by scalar is then the one the cluster
    /// walk would find. Anything else is left to the cluster walk.
    ///
    /// - Complexity: O(n) in the number of bytes.
    static func cutPlan(_ bytes: UnsafeBufferPointer<UInt8>, toWidth width: Int) -> CutPlan {
        let budget = width - 1 // cells left for text when the ellipsis is added
        let asciiPrefix = printableASCIIPrefix(bytes)
        if asciiPrefix == bytes.count {
            return asciiPrefix <= width ? .whole(asciiPrefix) : .cut(byteCount: budget, width: budget)
        }
        // An ASCII prefix wider than the field: cut inside it, between two ASCII bytes.
        if asciiPrefix > width { return .cut(byteCount: budget, width: budget) }

        func isPlain(_ value: UInt32) -> Bool {
            value &- 0x20 < 0x5F || (0xAC00...0xD7A3).contains(value) || (0x4E00...0x9FFF).contains(value)
        }
        var index = asciiPrefix
        var used = asciiPrefix
        // A cut inside the ASCII prefix falls between two ASCII bytes.
        var cut: (byteCount: Int, width: Int)? = asciiPrefix > budget ? (budget, budget) : nil
        var cutIsSafe = cut != nil
        var previousIsPlain = true // also true at the start: a cut there keeps nothing
        while index < bytes.count {
            guard let (value, length) = decodeScalar(bytes, at: index),
                  !isSequenceSensitive(value) else { return .byCharacters }
            let scalarWidth = Self.width(ofScalarValue: value)
            let plain = isPlain(value)
            if cut == nil && used + scalarWidth > budget {
                cut = (index, used)
                cutIsSafe = previousIsPlain && plain
            }
            used += scalarWidth
            previousIsPlain = plain
            index += length
        }
        if used <= width { return .whole(used) }
        guard let cut, cutIsSafe else { return .byCharacters }
        return .cut(byteCount: cut.byteCount, width: cut.width)
    }

    /// A string of the first `byteCount` bytes (a scalar boundary) and the ellipsis.
    static func prefixWithEllipsis(_ bytes: UnsafeBufferPointer<UInt8>, byteCount: Int) -> String {
        let kept = UnsafeBufferPointer(rebasing: bytes[..<min(max(byteCount, 0), bytes.count)])
        return String(unsafeUninitializedCapacity: kept.count + 3) { output in
            guard let target = output.baseAddress else { return 0 }
            if let source = kept.baseAddress { target.initialize(from: source, count: kept.count) }
            // U+2026 HORIZONTAL ELLIPSIS in UTF-8.
            target[kept.count] = 0xE2
            target[kept.count + 1] = 0x80
            target[kept.count + 2] = 0xA6
            return kept.count + 3
        }
    }

    /// `text` cut to at most `width` (> 0) cells by walking its grapheme clusters.
    static func fittedByCharacters(_ text: Substring, toWidth width: Int) -> (text: String, width: Int) {
        let total = widthByCharacters(text)
        if total <= width { return (String(text), total) }
        let budget = width - 1 // one cell for the ellipsis
        var used = 0
        var endOffset = 0
        for character in text {
            let characterWidth = self.width(of: character)
            if used + characterWidth > budget { break }
            used += characterWidth
            endOffset += character.utf8.count
        }
        let utf8 = text.utf8
        var result = ""
        result.reserveCapacity(endOffset + 3)
        result += text[..<utf8.index(utf8.startIndex, offsetBy: endOffset)]
        result.append(ellipsis)
        return (result, used + 1)
    }
}
