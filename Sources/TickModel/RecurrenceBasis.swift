/// What a recurring reminder's next occurrence is counted from.
///
/// iCalendar has no property for this; Tick keeps it in its own column (and an
/// iCalendar export may carry it as `X-TICK-REPEAT-FROM:COMPLETION`).
public enum RecurrenceBasis: String, Hashable, Sendable, CaseIterable {
    /// From the due date: the RRULE's own series (Apple Reminders, RFC 5545). A monthly
    /// reminder due on the 1st stays on the 1st however late it is completed.
    case due
    /// From the day it was completed ("water the plants 3 days after I last did").
    case completion
}
