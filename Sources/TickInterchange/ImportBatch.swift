import TickModel

/// Everything one file brings, ready to be saved in one transaction: the lists it
/// describes, its reminders, what it skipped and what the user should know.
public struct ImportBatch: Sendable {
    /// Lists the file describes (name, color, calendar properties), matched to existing
    /// lists by name (ASCII case ignored); created when missing.
    public var lists: [ReminderList]
    /// The reminders, in file order. A reminder whose UID exists is updated in place.
    public var reminders: [ImportedReminder]
    /// What was left out and how many of each, e.g. `("VEVENT", 3)`, `("deleted task", 2)`.
    public var skipped: [(what: String, count: Int)]
    /// Things the user should know that did not stop the import (an unknown time zone …).
    public var warnings: [String]
    /// The warnings (among `warnings`) that say something the file gave was left out, not
    /// kept nor read (a line libical cannot read, a second `DUE`, a display VALARM without a
    /// readable `TRIGGER`, the losing version of two to-dos with one UID): what a CalDAV PUT
    /// refuses rather than store without (RFC 4791 §5.3.2.1 `valid-calendar-data`), since it
    /// has no channel for warnings. Filled by the iCalendar reader.
    public var losses: [String]

    public init(lists: [ReminderList] = [], reminders: [ImportedReminder] = [],
                skipped: [(what: String, count: Int)] = [], warnings: [String] = [], losses: [String] = []) {
        self.lists = lists
        self.reminders = reminders
        self.skipped = skipped
        self.warnings = warnings
        self.losses = losses
    }
}
