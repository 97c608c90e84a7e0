/// The lists Apple Reminders computes from every list rather than stores.
public enum SmartList: String, Sendable, CaseIterable {
    /// Open reminders due today or before (overdue ones included), in due order.
    case today
    /// Open reminders with a due date, in due order.
    case scheduled
    /// Open flagged reminders.
    case flagged
    /// Open reminders past their due date.
    case overdue
    /// Completed reminders, most recently completed first.
    case completed
    /// Every open reminder of every list.
    case all

    /// The name shown in headings: `Today`, `Scheduled` ….
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
