import TickModel
import TickTerminal

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
