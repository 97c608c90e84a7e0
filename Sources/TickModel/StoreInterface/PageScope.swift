/// A listing that an interactive view pages through a window at a time.
///
/// Pages are found by key, never by offset ("keyset pagination",
/// https://sqlite.org/rowvalue.html#scrolling_window_queries): the next page starts
/// right after the last row shown, so reading a page costs the same at the top of a
/// list of 100,000 reminders as at its end.
public enum PageScope: Sendable, Hashable {
    /// One list in manual order (`position`, then `number`); completed reminders are
    /// included when `includesCompleted` is true.
    case list(ReminderList.ID, includesCompleted: Bool)
    /// Every open reminder: lists in the user's order, then each list's manual order
    /// (the smart list `all`).
    case open
    /// Open flagged reminders, in the same order as `open` (the smart list `flagged`).
    case flagged
    /// Completed reminders, most recently completed first, then by number, descending
    /// (the smart list `completed`).
    case completed
    /// Every reminder, completed ones in their places, in the order of `open` (the smart
    /// list `all` with Apple's Show Completed).
    case every
    /// Flagged reminders, completed ones in their places, in the order of `open` (the smart
    /// list `flagged` with Show Completed).
    case everyFlagged

    /// Whether `reminder` belongs to this listing.
    public func contains(_ reminder: Reminder) -> Bool {
        switch self {
        case .list(let id, let includesCompleted):
            return reminder.listID == id && (includesCompleted || !reminder.isCompleted)
        case .open: return !reminder.isCompleted
        case .flagged: return !reminder.isCompleted && reminder.isFlagged
        case .completed: return reminder.isCompleted
        case .every: return true
        case .everyFlagged: return reminder.isFlagged
        }
    }
}

/// Which way a page runs from its anchor, in the order the listing is shown.
public enum PageDirection: Sendable, Hashable {
    /// Rows after the anchor (from the first row when there is no anchor).
    case forward
    /// Rows before the anchor (up to the last row when there is no anchor).
    case backward
}
