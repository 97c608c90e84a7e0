import TickModel
import TickTerminal

/// How a piece of text is drawn. The renderer maps it to colors, or to reverse video,
/// bold, dim and underline when colors are off (`NO_COLOR`, `TERM=dumb`).
struct SpanStyle: Hashable, Sendable {
    /// What the text is.
    enum Role: Hashable, Sendable {
        case plain
        /// Secondary text: counts, completed rows, placeholders, hints.
        case dim
        /// Titles and headings.
        case heading
        /// A key name in the footer and help.
        case key
        /// A due date that has passed (red, or bold and underlined without color).
        case overdue
        /// The flag and priority marks (orange, or bold).
        case flag
        /// An error message (red, or bold).
        case error
        /// A list's color dot.
        case listColor(ListColor)
        /// An input field's text.
        case field
    }

    var role: Role = .plain
    /// The selected row or entry (reverse video).
    var isSelected = false
    /// The cell with the cursor inside a selected row (underlined as well).
    var isFocused = false

    static let plain = SpanStyle()
}

/// A run of text on one row, with its width in cells already measured.
struct Span: Hashable, Sendable {
    /// The text: sanitized, never wider than `width`.
    var text: String
    /// The cells it takes.
    var width: Int
    var style: SpanStyle

    /// `text` fitted to exactly `width` cells (cut with `…` or padded with spaces).
    init(_ text: String, width: Int, style: SpanStyle = .plain, alignment: TerminalText.Alignment = .left) {
        self.text = TerminalText.padded(text, toWidth: width, alignment: alignment)
        self.width = max(width, 0)
        self.style = style
    }

    /// `text` at its own width.
    init(_ text: String, style: SpanStyle = .plain) {
        self.text = text
        self.width = TerminalText.width(of: text)
        self.style = style
    }
}
