import Foundation
import TickModel

extension Database {
    /// How many reminders one `INSERT` statement carries in `insert(contentsOf:)`.
    static let bulkRowsPerStatement = 500

    /// The `INSERT` of `bulkRowsPerStatement` rows (built once: the statement cache is
    /// keyed by the SQL text).
    private static let bulkInsertSQL = insertSQL(rows: bulkRowsPerStatement)

    /// Saves new reminders, in order, each at the end of its list, as `insert(_:)`
    /// would one by one, but many rows per statement.
    ///
    /// Why: SQLite opens a statement savepoint for every `INSERT` whose triggers write
    /// to the FTS5 index, and FTS5 flushes its pending terms at every savepoint, so
    /// row-by-row inserts cost a flush each; 500 rows per statement share one.
    /// (https://sqlite.org/fts5.html, "xSavepoint").
    ///
    /// - Parameter reminders: new reminders (their numbers are assigned here; positions
    ///   follow the current end of each list).
    /// - Throws: `StoreError` of kind `.constraint` when a UID exists or a list does not.
    /// - Complexity: O(n) rows, O(n / 500) statements.
    public func insert(contentsOf reminders: [Reminder]) throws {
        var ends: [ReminderList.ID: Int64] = [:]
        var rows: [SQLValue] = []
        var count = 0
        rows.reserveCapacity(Database.bulkRowsPerStatement * 21)
        for var reminder in reminders {
            let end: Int64
            if let known = ends[reminder.listID] {
                end = known
            } else {
                end = try scalarInt("SELECT max(position) FROM reminder WHERE list_id = ?", [.text(reminder.listID.rawValue)]) ?? 0
            }
            reminder.position = end + Database.positionGap
            ends[reminder.listID] = reminder.position
            rows.append(.null)
            rows.append(contentsOf: fields(reminder))
            count += 1
            if count == Database.bulkRowsPerStatement {
                try insertRows(rows, count: count)
                rows.removeAll(keepingCapacity: true)
                count = 0
            }
        }
        if count > 0 { try insertRows(rows, count: count) }
    }

    private func insertRows(_ values: [SQLValue], count: Int) throws {
        try execute(count == Database.bulkRowsPerStatement ? Database.bulkInsertSQL : Database.insertSQL(rows: count), values)
    }

    private static func insertSQL(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: 21).joined(separator: ", ") + ")"
        return """
            INSERT INTO reminder (number, uid, list_id, title, notes, due, due_time_zone, start, start_time_zone,
                priority, flagged, completed_at, position, parent_uid, tags, url, recurrence, alarms,
                ical_extras, created_at, modified_at)
            VALUES \(Array(repeating: row, count: rows).joined(separator: ", "))
            """
    }
}
