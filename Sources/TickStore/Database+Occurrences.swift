import Foundation
import TickModel

extension Database {
    /// Records that the occurrence due `due` of reminder `number` was completed at
    /// `completedAt` (replacing an earlier record of the same occurrence).
    /// - Throws: `StoreError` from SQLite.
    public func recordCompletedOccurrence(reminder number: Reminder.Number, due: Due, completedAt: Date) throws {
        let columns = DueColumns.columns(due)
        try execute("""
            INSERT OR REPLACE INTO occurrence (reminder, due, due_time_zone, completed_at) VALUES (?, ?, ?, ?)
            """, [.integer(number.rawValue), columns.0, columns.1, .text(Timestamp.string(completedAt))])
    }

    /// The most recently completed occurrence of reminder `number`, or nil.
    /// - Throws: `StoreError` from SQLite; `.unreadableValue` for a row that cannot be read.
    /// - Complexity: O(log n), from the index `occurrence_completed`.
    public func lastCompletedOccurrence(reminder number: Reminder.Number) throws -> CompletedOccurrence? {
        var found: CompletedOccurrence?
        try forEachRow("""
            SELECT reminder, due, due_time_zone, completed_at FROM occurrence WHERE reminder = ?
            ORDER BY completed_at DESC, due DESC LIMIT 1
            """, [.integer(number.rawValue)]) { found = try Database.decodeOccurrence($0) }
        return found
    }

    /// Every completed occurrence of reminder `number`, earliest due first.
    /// - Throws: `StoreError` from SQLite; `.unreadableValue` for a row that cannot be read
    ///   (it is not skipped).
    /// - Complexity: O(k log k) for the k occurrences of that reminder.
    public func completedOccurrences(reminder number: Reminder.Number) throws -> [CompletedOccurrence] {
        var found: [CompletedOccurrence] = []
        try forEachRow("SELECT reminder, due, due_time_zone, completed_at FROM occurrence WHERE reminder = ? ORDER BY due",
                       [.integer(number.rawValue)]) { found.append(try Database.decodeOccurrence($0)) }
        return found
    }

    /// The completed occurrence in the current row of a query of `reminder, due,
    /// due_time_zone, completed_at`.
    /// - Throws: `StoreError` (`.unreadableValue`) naming the reminder and the column.
    private static func decodeOccurrence(_ row: Statement) throws(StoreError) -> CompletedOccurrence {
        let place = RowPlace(table: "occurrence", key: "reminder", keyIndex: 0)
        guard let due = try row.due(1, zone: 2, in: place) else { throw row.unreadable(1, in: place, "no date") }
        return CompletedOccurrence(due: due, completedAt: try row.timestamp(3, in: place))
    }

    /// Whether the occurrence due `due` of reminder `number` was completed.
    /// - Throws: `StoreError` from SQLite.
    public func isOccurrenceCompleted(reminder number: Reminder.Number, due: Due) throws -> Bool {
        try scalarInt("SELECT 1 FROM occurrence WHERE reminder = ? AND due = ?",
                      [.integer(number.rawValue), DueColumns.columns(due).0]) != nil
    }

    /// Forgets the completion of the occurrence due `due` of reminder `number`.
    /// - Throws: `StoreError` from SQLite.
    public func removeCompletedOccurrence(reminder number: Reminder.Number, due: Due) throws {
        try execute("DELETE FROM occurrence WHERE reminder = ? AND due = ?", [.integer(number.rawValue), DueColumns.columns(due).0])
    }

    /// The numbers of the reminders that have completed occurrences.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(k) for the k completed occurrences stored (the primary key's order).
    public func remindersWithCompletedOccurrences() throws -> Set<Int64> {
        var numbers = Set<Int64>()
        try forEachRow("SELECT DISTINCT reminder FROM occurrence", []) { numbers.insert($0.int(0)) }
        return numbers
    }

    /// How many occurrences of reminder `number` were completed.
    /// - Throws: `StoreError` from SQLite.
    public func completedOccurrenceCount(reminder number: Reminder.Number) throws -> Int {
        Int(try scalarInt("SELECT count(*) FROM occurrence WHERE reminder = ?", [.integer(number.rawValue)]) ?? 0)
    }
}
