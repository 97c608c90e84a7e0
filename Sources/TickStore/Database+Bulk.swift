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
    /// Why: every statement has its fixed cost (and SQLite opens a statement savepoint
    /// for each `INSERT` whose triggers write to the FTS5 index, where FTS5 flushes its
    /// pending terms), so 500 rows per statement share one. For big imports the search
    /// index is rebuilt at the end instead (`deferringSearchIndex`).
    ///
    /// - Parameter reminders: new reminders (their numbers are assigned here; positions
    ///   follow the current end of each list).
    /// - Throws: `StoreError` of kind `.constraint` when a UID exists or a list does not.
    /// - Complexity: O(n) rows, O(n / 500) statements.
    public func insert(contentsOf reminders: [Reminder]) throws {
        var ends: [ReminderList.ID: Int64] = [:]
        var rows: [SQLValue] = []
        var count = 0
        rows.reserveCapacity(Database.bulkRowsPerStatement * Database.insertColumns)
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
            let values = fields(reminder)
            precondition(values.count + 1 == Database.insertColumns, "insert(contentsOf:) is out of step with fields(_:)")
            rows.append(contentsOf: values)
            count += 1
            if count == Database.bulkRowsPerStatement {
                try insertRows(rows, count: count)
                rows.removeAll(keepingCapacity: true)
                count = 0
            }
        }
        if count > 0 { try insertRows(rows, count: count) }
    }

    /// Which of `uids` name a stored reminder, asked many at a time.
    ///
    /// Why: a big import that looked each UID up on its own would run one query per
    /// reminder; most UIDs are usually new, and only the stored ones need reading.
    ///
    /// - Parameter uids: reminder UIDs, in any order (repeats allowed).
    /// - Returns: the UIDs of `uids` that are in the `reminder` table.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(n log m) for n UIDs and m stored reminders, O(n / 500) statements.
    public func storedUIDs(among uids: [String]) throws -> Set<String> {
        var found: Set<String> = []
        var start = uids.startIndex
        while start < uids.endIndex {
            let end = min(start + Database.bulkRowsPerStatement, uids.endIndex)
            let chunk = uids[start..<end]
            let sql = chunk.count == Database.bulkRowsPerStatement ? Database.bulkUIDSQL : Database.uidSQL(count: chunk.count)
            try forEachRow(sql, chunk.map(SQLValue.text)) { found.insert($0.text(0)) }
            start = end
        }
        return found
    }

    /// The query of `storedUIDs(among:)` for `bulkRowsPerStatement` UIDs (built once).
    private static let bulkUIDSQL = uidSQL(count: bulkRowsPerStatement)

    private static func uidSQL(count: Int) -> String {
        "SELECT uid FROM reminder WHERE uid IN (" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    }

    private func insertRows(_ values: [SQLValue], count: Int) throws {
        try execute(count == Database.bulkRowsPerStatement ? Database.bulkInsertSQL : Database.insertSQL(rows: count), values)
    }

    /// The columns of a row: `number` and what `fields(_:)` gives.
    private static let insertColumns = 23

    private static func insertSQL(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: insertColumns).joined(separator: ", ") + ")"
        return """
            INSERT INTO reminder (number, uid, list_id, title, notes, due, due_time_zone, start, start_time_zone,
                priority, flagged, completed_at, position, parent_uid, tags, url, recurrence, alarms,
                ical_extras, created_at, modified_at, recurrence_basis, next_alarm)
            VALUES \(Array(repeating: row, count: rows).joined(separator: ", "))
            """
    }
}
