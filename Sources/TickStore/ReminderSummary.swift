import Foundation
import TickModel

/// What sorting and filtering by due date need from a row.
protocol DueCarrying {
    var due: Due? { get }
    var listID: ReminderList.ID { get }
    var position: Int64 { get }
    var number: Reminder.Number { get }
}

extension Reminder: DueCarrying {}

/// The part of a reminder a listing shows: read with fewer columns and no notes,
/// alarms or iCalendar properties, so listing thousands of rows stays cheap.
/// Never saved back; load the full `Reminder` (`reminder(number:)`) to change one.
public struct ReminderSummary: Hashable, Sendable, DueCarrying {
    public var number: Reminder.Number
    public var uid: String
    public var listID: ReminderList.ID
    public var title: String
    public var due: Due?
    public var priority: Priority
    public var isFlagged: Bool
    public var completedAt: Date?
    public var position: Int64
    public var parentUID: String?
    public var tags: [String]
    /// The recurrence rule (`RRULE` value text), nil when it does not repeat.
    public var recurrence: String?
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
    init(row: Statement, previousListID: ReminderList.ID? = nil) {
        number = .init(row.int(0))
        uid = row.text(1)
        listID = .init(rawValue: row.text(2, reusing: previousListID?.rawValue))
        title = row.text(3)
        due = row.withBytes(4) { DueColumns.due(bytes: $0, zone: row.optionalText(5)) }
        priority = Priority(iCalendarValue: Int(row.int(6)))
        isFlagged = row.int(7) != 0
        completedAt = row.withBytes(8) { Timestamp.date(bytes: $0) }
        position = row.int(9)
        parentUID = row.optionalText(10)
        tags = row.withBytes(11) { $0.count <= 2 } ? [] : JSONColumns.tags(row.text(11))
        recurrence = row.optionalText(12)
        recurrenceBasis = RecurrenceBasis(row, 13)
    }
}

extension RecurrenceBasis {
    /// The basis stored in column `index` of `row`; `due` for NULL or an unknown value.
    init(_ row: Statement, _ index: Int32) {
        self = row.isText(index, equalTo: "completion") ? .completion : .due
    }
}
