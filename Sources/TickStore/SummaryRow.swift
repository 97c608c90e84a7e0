import Foundation
import TickModel

/// The current row of a query of `ReminderSummary.columns`, read in place: the few
/// numbers and the due date are decoded (and checked) when the row is met, the texts
/// (UID, list, title, tags) are left in SQLite's buffer and read as bytes, or as a
/// `String` only when asked. What a long listing lays out without a `ReminderSummary`
/// (five strings and an array) per row.
///
/// Valid only inside the closure it is handed to (`Database.forEachSummary`): the next
/// step of the statement replaces the texts it reads.
public struct SummaryRow: ListedReminder {
    private let row: Statement
    public let number: Reminder.Number
    public let due: Due?
    public let priority: Priority
    public let isFlagged: Bool
    public let completedAt: Date?
    public let position: Int64
    /// What the next occurrence counts from.
    public let recurrenceBasis: RecurrenceBasis

    /// Decodes the numbers, the due date and the recurrence basis of `row`'s current row.
    /// - Throws: `StoreError` (`.unreadableValue`) naming the reminder's number and the
    ///   column when a stored value cannot be read.
    init(_ row: Statement) throws(StoreError) {
        let place = RowPlace.reminder
        self.row = row
        number = .init(try row.integer(0, in: place))
        due = try row.due(4, zone: 5, in: place)
        priority = Priority(iCalendarValue: Int(try row.integer(6, in: place)))
        isFlagged = try row.integer(7, in: place) != 0
        completedAt = try row.optionalTimestamp(8, in: place)
        position = try row.integer(9, in: place)
        recurrenceBasis = try row.recurrenceBasis(13, in: place)
    }

    public var isCompleted: Bool { completedAt != nil }

    public var uid: ReminderUID { ReminderUID(row.text(1)) }

    /// The list, sharing `previous`'s text when it is the same (rows come a list at a time).
    func listID(reusing previous: ReminderList.ID?) -> ReminderList.ID {
        .init(rawValue: row.text(2, reusing: previous?.rawValue))
    }

    public var listID: ReminderList.ID { listID(reusing: nil) }

    public var title: String { row.text(3) }

    public var parentUID: ReminderUID? { row.optionalText(10).map(ReminderUID.init(_:)) }

    public var hasParent: Bool { !row.isNull(10) }

    public func storedTags() throws(StoreError) -> [String] { try row.tags(11, in: .reminder) }

    public func forEachPlainTagUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        row.withBytes(11) { bytes in
            guard let ranges = JSONColumns.simpleStringRanges(bytes) else { return false }
            for range in ranges { body(UnsafeBufferPointer(rebasing: bytes[range])) }
            return true
        }
    }

    /// The recurrence rule, nil when it does not repeat.
    public var recurrence: RecurrenceRule? { row.recurrence(12) }

    public func recurrenceSummary(in zone: TimeZone) -> String? {
        guard !row.isNull(12) else { return nil }
        return Recurrence.summary(ofRule: recurrence, anchor: due, basis: recurrenceBasis, in: zone)
    }

    public func isInList(_ id: ReminderList.ID) -> Bool { row.isText(2, equalTo: id.rawValue) }

    public func withTitleUTF8<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try row.withBytes(3, body)
    }

    public func withUIDUTF8<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try row.withBytes(1, body)
    }
}
