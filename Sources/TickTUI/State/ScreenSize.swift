/// A terminal size in cells.
struct ScreenSize: Hashable, Sendable {
    /// Columns.
    var width: Int
    /// Rows.
    var height: Int
}
