extension TerminalText {
    /// `text` broken into lines of at most `width` cells, at spaces where it can be (the
    /// space that breaks is dropped), inside a word only when the word alone is wider than
    /// `width`; a wide character is never split. For messages a narrow window must show
    /// whole (a form's error at 40 columns) rather than cut.
    ///
    /// ```swift
    /// TerminalText.wrapped("cannot read 'x' as a date", toWidth: 12)
    /// // ["cannot read", "'x' as a", "date"]
    /// ```
    ///
    /// - Parameter width: the cells of a line; less than 1 is taken as 1 (one character a
    ///   line, a wide one too).
    /// - Returns: the lines, at least one (`[""]` for empty text). Sanitize user text first.
    /// - Complexity: O(n) in the length of `text`.
    public static func wrapped(_ text: String, toWidth width: Int) -> [String] {
        let width = max(width, 1)
        var lines: [String] = []
        var line = "", lineWidth = 0
        func flush() {
            lines.append(line)
            line = ""
            lineWidth = 0
        }
        for (index, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            let wordWidth = self.width(of: word)
            if index > 0 {
                if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                    line += " "
                    lineWidth += 1
                } else if lineWidth > 0 || wordWidth > 0 {
                    flush()
                }
            }
            if lineWidth + wordWidth <= width {
                line += word
                lineWidth += wordWidth
                continue
            }
            // Wider than a whole line: cut by characters.
            for character in word {
                let cells = self.width(of: character)
                if lineWidth > 0, lineWidth + cells > width { flush() }
                line.append(character)
                lineWidth += cells
            }
        }
        lines.append(line)
        return lines
    }
}
