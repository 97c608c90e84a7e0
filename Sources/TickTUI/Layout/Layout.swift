/// Where things go on a screen of a given size. Pure arithmetic, shared by the state
/// machine (how many rows a page has) and the frame builder (where to draw).
///
/// ```text
/// row 0         title bar
/// rows 1…h-3    sidebar │ table   (one of them when narrower than 60 columns)
/// row h-2       message, search prompt or due-date preview
/// row h-1       footer with the main keys
/// ```
struct Layout: Hashable, Sendable {
    /// Side by side from this width; narrower screens show the focused pane alone.
    static let splitWidth = 60
    /// The smallest screen drawn normally; smaller ones get a "too small" notice.
    static let minimumSize = ScreenSize(width: 20, height: 6)

    /// The screen.
    let size: ScreenSize

    init(_ size: ScreenSize) { self.size = size }

    /// Whether the screen is too small to draw the UI.
    var isTooSmall: Bool { size.width < Layout.minimumSize.width || size.height < Layout.minimumSize.height }

    /// Whether the sidebar and the table are side by side.
    var isSplit: Bool { size.width >= Layout.splitWidth }

    /// The sidebar's width in cells when split, else the whole width.
    var sidebarWidth: Int { isSplit ? min(28, max(18, size.width / 4)) : size.width }

    /// The first column of the table.
    var tableX: Int { isSplit ? sidebarWidth + 1 : 0 }

    /// The table's width in cells.
    var tableWidth: Int { max(0, size.width - tableX) }

    /// The first row of the panes.
    var contentTop: Int { 1 }

    /// The panes' height in rows.
    var contentHeight: Int { max(1, size.height - 3) }

    /// The message row.
    var messageRow: Int { max(0, size.height - 2) }

    /// The footer row.
    var footerRow: Int { max(0, size.height - 1) }
}
