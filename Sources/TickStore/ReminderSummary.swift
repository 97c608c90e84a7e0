import Foundation
import TickModel

/// The part of a reminder a listing shows: read with fewer columns and no notes,
/// alarms or iCalendar properties, so listing thousands of rows stays cheap.
/// Never saved back; load the full `Reminder` (`reminder(number:)`) to change one.
public struct ReminderSummary: Hashable, Sendable, DueCarrying {
    public var number: Reminder.Number
    public var uid: ReminderUID
    public var listID: ReminderList.ID
    public var title: String
    public var due: Due?
    public var priority: Priority
    public var isFlagged: Bool
    public var completedAt: Date?
    public var position: Int64
    public var parentUID: ReminderUID?
    public var tags: [String]
    /// The recurrence rule, nil when it does not repeat.
    public var recurrence: RecurrenceRule?
    /// What the next occurrence counts from.
    public var recurrenceBasis: RecurrenceBasis

    /// How it repeats, in words (see `Reminder.recurrenceSummary(in:)`).
    public func recurrenceSummary(in zone: TimeZone) -> String? {
        Recurrence.summary(ofRule: recurrence, anchor: due, basis: recurrenceBasis, in: zone)
    }

    /// Whether the reminder is done.
    public var isCompleted: Bool { completedAt != nil }

    /// Whether it is open and past its due date at `now` (see `Reminder.isOverdue`).
    public func isOverdue(at now: Date, in zone: TimeZone) -> Bool {
        guard completedAt == nil, let due else { return false }
        return due.isOverdue(at: now, in: zone)
    }

    /// The summary of a full reminder.
    public init(_ reminder: Reminder) {
        number = reminder.number
        uid = reminder.uid
        listID = reminder.listID
        title = reminder.title
        due = reminder.due
        priority = reminder.priority
        isFlagged = reminder.isFlagged
        completedAt = reminder.completedAt
        position = reminder.position
        parentUID = reminder.parentUID
        tags = reminder.tags
        recurrence = reminder.recurrence
        recurrenceBasis = reminder.recurrenceBasis
    }

    /// The columns read, in the order `init(row:)` decodes them. The covering indexes
    /// `reminder_open_list_summary` and `reminder_open_due_summary` hold every one of
    /// them: a column added here must be added there (in a new migration), or open
    /// listings go back to reading a table page per row.
    static let columns = """
        r.number, r.uid, r.list_id, r.title, r.due, r.due_time_zone, r.priority, r.flagged, r.completed_at,
        r.position, r.parent_uid, r.tags, r.recurrence, r.recurrence_basis
        """

    /// Decodes a row of `columns`.
    /// - Parameter previousListID: the list ID of the row decoded before, shared when
    ///   this row's is the same (rows mostly come a list at a time).
    /// - Throws: `StoreError` (`.unreadableValue`) naming the reminder's number and the
    ///   column when a stored value cannot be read.
    init(row: Statement, previousListID: ReminderList.ID? = nil) throws(StoreError) {
        let fields = try SummaryRow(row)
        number = fields.number
        uid = fields.uid
        listID = fields.listID(reusing: previousListID)
        title = fields.title
        due = fields.due
        priority = fields.priority
        isFlagged = fields.isFlagged
        completedAt = fields.completedAt
        position = fields.position
        parentUID = fields.parentUID
        tags = try fields.storedTags()
        recurrence = fields.recurrence
        recurrenceBasis = fields.recurrenceBasis
    }
}
