import TickModel

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

/// A cell position on the screen.
struct ScreenPoint: Hashable, Sendable {
    var row: Int
    var column: Int
}

/// One full screen as rows of spans, built from the state by ``FrameBuilder`` and drawn
/// by the renderer. Every row's spans add up to exactly the screen's width, so nothing
/// the renderer writes can run past a column or the edge.
struct Frame: Hashable, Sendable {
    /// The screen size.
    var size: ScreenSize
    /// The rows, top to bottom; `size.height` of them.
    var rows: [[Span]]
    /// Where the terminal's cursor goes (in a text field), or nil to hide it.
    var cursor: ScreenPoint?

    /// The text of each row, for tests and debugging.
    var lines: [String] { rows.map { $0.map(\.text).joined() } }
}

/// Builds one row of a frame from left to right, keeping track of its width.
struct RowBuilder {
    private(set) var spans: [Span] = []
    private(set) var width = 0
    /// The row's total width.
    let limit: Int

    init(width: Int) { limit = max(width, 0) }

    /// The cells left.
    var remaining: Int { max(0, limit - width) }

    /// Adds `text` fitted to `cells` cells (or to what is left, if less).
    mutating func add(_ text: String, cells: Int, style: SpanStyle = .plain, alignment: TerminalText.Alignment = .left) {
        let cells = min(max(cells, 0), remaining)
        guard cells > 0 else { return }
        spans.append(Span(text, width: cells, style: style, alignment: alignment))
        width += cells
    }

    /// Adds `text` at its own width, cut to what is left.
    mutating func add(_ text: String, style: SpanStyle = .plain) {
        add(text, cells: TerminalText.width(of: text), style: style)
    }

    /// Fills the rest of the row with spaces in `style`.
    mutating func fill(_ style: SpanStyle = .plain) {
        add("", cells: remaining, style: style)
    }

    /// A row of `width` spaces.
    static func blank(_ width: Int) -> [Span] {
        var builder = RowBuilder(width: width)
        return builder.finish()
    }

    /// The finished row, filled to its width.
    mutating func finish(_ style: SpanStyle = .plain) -> [Span] {
        fill(style)
        return spans
    }
}
