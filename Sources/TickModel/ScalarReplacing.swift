extension StringProtocol {
    /// The text with each Unicode scalar that `replacements` names replaced by its text.
    ///
    /// Compares scalar by scalar. `replacingOccurrences(of:with:)` compares whole
    /// characters (grapheme clusters), so it misses a quote, `<` or `%` followed by a
    /// combining mark (`"\u{301}` is one character): an escape written that way is read
    /// back differently by a reader that works on scalars or bytes (the search language,
    /// FTS5, `LIKE`, a shell, roff, markup). Every escape Tick writes goes through this.
    ///
    /// - Complexity: O(n) in the number of scalars; no copy when nothing is replaced.
    package func replacingScalars(_ replacements: [Unicode.Scalar: String]) -> String {
        let scalars = unicodeScalars
        guard scalars.contains(where: { replacements[$0] != nil }) else { return String(self) }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in scalars {
            if let replacement = replacements[scalar] {
                result += replacement
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
