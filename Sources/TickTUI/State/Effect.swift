import TickModel

/// What the state machine asks the outside world to do. The data layer performs store
/// effects and answers with events; the run loop performs `quit`.
enum Effect: Hashable, Sendable {
    /// Read the lists, the sidebar counts and a window of rows (at start, and when
    /// another process changed the database).
    case reloadAll(WindowRequest)
    /// Read a window of rows of the table's scope.
    case loadWindow(WindowRequest)
    /// Apply a change in one transaction.
    case apply(Change, isUndo: Bool)
    /// Ask the database whether another process changed it (cheap; `PRAGMA data_version`).
    case checkForChanges
    /// Leave the UI.
    case quit
}

/// A window of rows to read.
struct WindowRequest: Hashable, Sendable {
    /// The listing.
    var scope: Scope
    /// Whether a list's completed reminders are shown.
    var showsCompleted: Bool
    /// Where the window is, relative to rows already seen.
    var placement: WindowPlacement
    /// The most rows to read.
    var limit: Int
    /// The state's request counter; an answer for an older request is dropped.
    var generation: Int
}

/// Where a window of rows lies.
enum WindowPlacement: Hashable, Sendable {
    /// From the first row.
    case start
    /// Up to the last row.
    case end
    /// Around a row: the first of `anchors` that is in the listing now (read again, so a
    /// moved reminder is found at its new place), else the place of the first anchor as
    /// last seen, where the row that took its place is selected.
    case around(anchors: [Reminder])
    /// The rows after this one (extending the window downward).
    case after(Reminder)
    /// The rows before this one (extending the window upward).
    case before(Reminder)
}

/// A window of rows read for a ``WindowRequest``.
struct WindowPage: Hashable, Sendable {
    /// The request answered.
    var request: WindowRequest
    /// The rows, in display order.
    var rows: [Reminder]
    /// For `start`, `end` and `around`: the index in `rows` of the row to select.
    var selectedIndex: Int
    /// Whether rows exist before the first of `rows`.
    var hasMoreBefore: Bool
    /// Whether rows exist after the last of `rows`.
    var hasMoreAfter: Bool
}

/// Everything read at start or after another process changed the database.
struct Snapshot: Hashable, Sendable {
    /// Every list, in the user's order.
    var lists: [ReminderList]
    /// The sidebar's counts.
    var counts: SidebarCounts
    /// The table's window.
    var page: WindowPage
}
