import TickModel
import TickStore

/// A window of rows to read.
struct WindowRequest: Hashable, Sendable {
    /// The listing.
    var scope: Scope
    /// Whether a list's completed reminders are shown.
    var showsCompleted: Bool
    /// The parents of a list whose subtasks are hidden.
    var collapsed = CollapsedParents()
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
    /// In a list, where each row sits in its outline (rows absent: top-level, no subtasks).
    var outline: [Reminder.Number: OutlinePlace] = [:]
    /// In a smart list or search results, the title of each subtask's parent (shown
    /// faintly after the title: the rows are flat there).
    var parentTitles: [Reminder.Number: String] = [:]
    /// In search results: how many reminders matched, at most `DataSource.searchLimit` (all
    /// of them are in memory; a window shows a part); nil elsewhere.
    var matchCount: Int?
    /// In search results: whether more matched than `DataSource.searchLimit` (only the first
    /// are shown).
    var isCapped = false
}

/// Where a row of a list sits in its outline: the parents it is shown under and how many
/// subtasks it has.
struct OutlinePlace: Hashable, Sendable {
    /// The UIDs of the rows it is shown under, its parent first.
    var ancestors: [ReminderUID]
    /// Its subtasks in the listing, shown under it or hidden.
    var subtaskCount: Int

    /// How deep it is indented: 0 for a top-level row.
    var depth: Int { ancestors.count }
}
