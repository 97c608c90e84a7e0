import Foundation

/// One reminder: a titled item in a list, with an optional due date, notes, priority,
/// flag and completion. Mirrors an iCalendar VTODO (RFC 5545 §3.6.2) and an Apple
/// Reminders item.
public struct Reminder: Hashable, Sendable, Identifiable {
    /// The stable short handle shown as `#12`: assigned once by the store, never reused
    /// or renumbered. `Number.unassigned` (0) until the reminder is first saved.
    public struct Number: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
        public let rawValue: Int64
        public init(rawValue: Int64) { self.rawValue = rawValue }
        public init(_ value: Int64) { self.rawValue = value }
        /// The placeholder of a reminder not yet saved.
        public static let unassigned = Number(0)
        /// Parses `12` or `#12`; nil for anything else or for values below 1.
        public init?(parsing text: String) {
            let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
            guard let value = Int64(digits), value > 0 else { return nil }
            self.rawValue = value
        }
        /// `#12`.
        public var description: String { "#\(rawValue)" }
        public static func < (lhs: Number, rhs: Number) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The iCalendar UID: a UUID string when created here, kept verbatim when imported.
    public var uid: ReminderUID
    public var number: Number
    public var listID: ReminderList.ID
    /// The title: non-blank and trimmed (see `Names.validated`).
    public var title: String
    /// Free text; empty when there are none.
    public var notes: String
    public var due: Due?
    /// When work may start (iCalendar `DTSTART`; todo.txt `t:`; Taskwarrior `scheduled`).
    public var start: Due?
    public var priority: Priority
    public var isFlagged: Bool
    /// When it was completed; nil while open.
    public var completedAt: Date?
    /// The manual order inside its list, ascending; assigned by the store.
    public var position: Int64
    /// The UID of the parent reminder (iCalendar `RELATED-TO;RELTYPE=PARENT`); it may
    /// name a reminder that is not (yet) in the database.
    public var parentUID: ReminderUID?
    /// Tags (iCalendar `CATEGORIES`), in the order given, without duplicates.
    public var tags: [String]
    /// A link (iCalendar `URL`).
    public var url: String?
    /// The recurrence rule (`FREQ=WEEKLY;BYDAY=MO`), typed; its `RRULE` text is read and
    /// written only at the edges (see `RecurrenceRule`).
    public var recurrence: RecurrenceRule?
    /// What the next occurrence is counted from when `recurrence` is set.
    public var recurrenceBasis: RecurrenceBasis
    /// Alarms, in the order given.
    public var alarms: [Alarm]
    /// VTODO properties Tick does not model, as unfolded iCalendar content lines
    /// separated by `\n`, written back unchanged on export; empty when none.
    public var iCalendarExtras: String
    public var createdAt: Date
    public var modifiedAt: Date

    /// Creates a reminder; `title` must already be validated.
    public init(uid: ReminderUID = .random(), number: Number = .unassigned, listID: ReminderList.ID,
                title: String, notes: String = "", due: Due? = nil, start: Due? = nil,
                priority: Priority = .none, isFlagged: Bool = false, completedAt: Date? = nil,
                position: Int64 = 0, parentUID: ReminderUID? = nil, tags: [String] = [], url: String? = nil,
                recurrence: RecurrenceRule? = nil, alarms: [Alarm] = [], iCalendarExtras: String = "",
                createdAt: Date, modifiedAt: Date? = nil, recurrenceBasis: RecurrenceBasis = .due) {
        self.uid = uid
        self.number = number
        self.listID = listID
        self.title = title
        self.notes = notes
        self.due = due
        self.start = start
        self.priority = priority
        self.isFlagged = isFlagged
        self.completedAt = completedAt
        self.position = position
        self.parentUID = parentUID
        self.tags = tags
        self.url = url
        self.recurrence = recurrence
        self.recurrenceBasis = recurrenceBasis
        self.alarms = alarms
        self.iCalendarExtras = iCalendarExtras
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
    }

    public var id: ReminderUID { uid }

    /// Whether the reminder is done.
    public var isCompleted: Bool { completedAt != nil }

    /// Whether it is open and past its due date at `now` (all-day and floating dates
    /// read in `zone`; an all-day reminder is overdue only once its day is over).
    public func isOverdue(at now: Date, in zone: TimeZone) -> Bool {
        guard !isCompleted, let due else { return false }
        return due.isOverdue(at: now, in: zone)
    }
}
