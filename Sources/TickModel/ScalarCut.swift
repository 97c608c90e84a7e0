extension StringProtocol {
    /// The text before and after the first `separator`, found among the Unicode scalars
    /// rather than the characters; nil when there is none.
    ///
    /// A separator followed by a combining mark is one character with it (`=` and U+0301
    /// are the character `=́`), so `firstIndex(of: "=")` over characters never finds it, and
    /// `key=́value` would read as one word. Syntax (`=`, `:`, `;`) is ASCII: look for it
    /// scalar by scalar.
    /// - Complexity: O(n) in the length of the text.
    public func cut(atFirst separator: Unicode.Scalar) -> (before: String, after: String)? {
        if separator.isASCII {
            // An ASCII byte of UTF-8 is always that scalar: the pieces are copied whole, not
            // appended scalar by scalar (a tenth of a signed-in request's own work on `tick serve`).
            let utf8 = Substring(self).utf8
            guard let index = utf8.firstIndex(of: UInt8(separator.value)) else { return nil }
            return (String(Substring(utf8[..<index])), String(Substring(utf8[utf8.index(after: index)...])))
        }
        let scalars = unicodeScalars
        guard let index = scalars.firstIndex(of: separator) else { return nil }
        return (String(String.UnicodeScalarView(scalars[..<index])),
                String(String.UnicodeScalarView(scalars[scalars.index(after: index)...])))
    }
}

extension StringProtocol {
    /// The pieces between the `separator`s, found among the Unicode scalars rather than the
    /// characters (why: `cut(atFirst:)`), at most `maxSplits` cuts from the start, empty
    /// pieces left out when `omittingEmpty`.
    /// - Complexity: O(n) in the length of the text.
    public func split(atEvery separator: Unicode.Scalar, maxSplits: Int = .max, omittingEmpty: Bool) -> [String] {
        if separator.isASCII {
            // As in `cut(atFirst:)`: pieces between ASCII bytes, copied whole.
            let utf8 = Substring(self).utf8, byte = UInt8(separator.value)
            var pieces: [String] = []
            var start = utf8.startIndex, cuts = 0
            while cuts < maxSplits, let index = utf8[start...].firstIndex(of: byte) {
                cuts += 1
                if !(omittingEmpty && index == start) { pieces.append(String(Substring(utf8[start..<index]))) }
                start = utf8.index(after: index)
            }
            if !(omittingEmpty && start == utf8.endIndex) { pieces.append(String(Substring(utf8[start...]))) }
            return pieces
        }
        return splitScalarByScalar(atEvery: separator, maxSplits: maxSplits, omittingEmpty: omittingEmpty)
    }

    /// `split(atEvery:maxSplits:omittingEmpty:)` read scalar by scalar: for a separator
    /// outside ASCII, and what the byte search for an ASCII one is checked against.
    func splitScalarByScalar(atEvery separator: Unicode.Scalar, maxSplits: Int, omittingEmpty: Bool) -> [String] {
        var pieces: [String] = []
        var current = String.UnicodeScalarView()
        var cuts = 0
        for scalar in unicodeScalars {
            if scalar == separator, cuts < maxSplits {
                cuts += 1
                if !(omittingEmpty && current.isEmpty) { pieces.append(String(current)) }
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        if !(omittingEmpty && current.isEmpty) { pieces.append(String(current)) }
        return pieces
    }
}

extension StringProtocol {
    /// The text, or its first `limit` scalars and "…" when it has more: a value a client sent,
    /// quoted in a message without quoting all of it.
    /// - Complexity: O(n) in the length of the text.
    public func shown(atMost limit: Int) -> String {
        guard unicodeScalars.count > limit else { return String(self) }
        return String(String.UnicodeScalarView(unicodeScalars.prefix(limit))) + "…"
    }
}
