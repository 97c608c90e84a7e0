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
        let scalars = unicodeScalars
        guard let index = scalars.firstIndex(of: separator) else { return nil }
        return (String(String.UnicodeScalarView(scalars[..<index])),
                String(String.UnicodeScalarView(scalars[scalars.index(after: index)...])))
    }
}
