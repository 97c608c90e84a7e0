import TickModel

/// What an action that adds or changes one reminder did.
public struct ReminderChangeResult: Hashable, Sendable {
    /// The reminder as stored after the change.
    public var reminder: Reminder
    /// Its list.
    public var list: ReminderList
    /// What the rules did beyond what was asked, in order.
    public var notes: [ActionNote]

    /// A result.
    public init(reminder: Reminder, list: ReminderList, notes: [ActionNote] = []) {
        self.reminder = reminder
        self.list = list
        self.notes = notes
    }
}
