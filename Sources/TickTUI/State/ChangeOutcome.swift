import TickModel

/// What applying a ``Change`` did.
struct ChangeOutcome: Hashable, Sendable {
    /// The change as asked.
    var change: Change
    /// Whether it was an undo (then it is not itself pushed on the undo stack).
    var isUndo: Bool
    /// The change that puts things back; nil when nothing changed.
    var inverse: Change?
    /// The reminder before the change; nil when it was added (or for list changes).
    var before: Reminder?
    /// The reminder after the change; nil when it was deleted (or for list changes).
    var after: Reminder?
    /// Every list, when the change added or removed one.
    var lists: [ReminderList]?
    /// The list added, for `addList`.
    var addedList: ReminderList?
    /// The list changed, as it was before, for the list changes of the sidebar.
    var changedList: ReminderList?
    /// How many reminders went with a deleted list, or came back with it.
    var listReminderCount = 0
    /// The fields an undo left alone because someone else changed them since.
    var keptFields: [ReminderFields.Field] = []
    /// The list fields (`name`, `color`) an undo left alone because someone else changed
    /// them since.
    var keptListFields: [String] = []
    /// Whether the change wrote nothing because the reminder already was as asked.
    var isNoChange = false
    /// The change of the change journal it was recorded as: nil for an undo, and for a
    /// change that wrote nothing.
    var journalChange: Int64?
}
