/// Where a reminder goes when it is moved inside its list.
public enum ReminderPlacement: Sendable, Equatable {
    /// Just before the reminder with this number (same list).
    case before(Reminder.Number)
    /// Just after the reminder with this number (same list).
    case after(Reminder.Number)
    /// At this 1-based index among the list's open reminders, as `tick list` shows them
    /// (clamped: 0 or 1 is first, past the end is last).
    case index(Int)
}
