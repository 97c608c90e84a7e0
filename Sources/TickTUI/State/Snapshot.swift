import TickModel

/// Everything read at start or after another process changed the database.
struct Snapshot: Hashable, Sendable {
    /// Every list, in the user's order.
    var lists: [ReminderList]
    /// The sidebar's counts.
    var counts: SidebarCounts
    /// The table's window.
    var page: WindowPage
}
