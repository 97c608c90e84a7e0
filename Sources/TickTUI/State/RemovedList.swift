import TickModel
import TickStore

/// A list deleted from the sidebar, with everything that went with it, so that `u` puts
/// it back as it was: its place among the lists, its reminders with their numbers and
/// places, their completed occurrences, and its pairing with a CalDAV calendar (so that
/// the next sync sees the reminders as before, not as new ones).
struct RemovedList: Hashable, Sendable {
    /// The list as it was.
    var list: ReminderList
    /// Its 1-based place among the lists.
    var index: Int
    /// Its reminders, open and completed, in manual order.
    var reminders: [Reminder]
    /// The completed occurrences of its repeating reminders.
    var occurrences: [Reminder.Number: [CompletedOccurrence]]
    /// The `revision` of each reminder, which sync's records compare with.
    var revisions: [Reminder.Number: Int64]
    /// Its pairings with calendars, and what sync knew of their items.
    var collections: [SyncedCollection]
    var items: [SyncedItem]

    // The sync records are Equatable only; a list is told apart by its identifier and contents.
    func hash(into hasher: inout Hasher) {
        hasher.combine(list)
        hasher.combine(reminders)
    }
}
