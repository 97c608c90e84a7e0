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
