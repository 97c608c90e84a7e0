import Dispatch
import Foundation
import TickModel

extension Database {
    /// How many reminders one `INSERT` statement carries in `insert(contentsOf:)`.
    static let bulkRowsPerStatement = 500

    /// The `INSERT` of `bulkRowsPerStatement` rows (built once: the statement cache is
    /// keyed by the SQL text). An `INSERT` of fewer rows is not cached.
    private static let bulkInsertSQL = insertSQL(rows: bulkRowsPerStatement)

    /// Saves new reminders, in order, each at the end of its list, as `insert(_:)`
    /// would one by one, but many rows per statement.
    ///
    /// Why: every statement has its fixed cost (and SQLite opens a statement savepoint
    /// for each `INSERT` whose triggers write to the FTS5 index, where FTS5 flushes its
    /// pending terms), so 500 rows per statement share one. For big imports the search
    /// index is rebuilt at the end instead (`deferringSearchIndex`). The values of the
    /// next 500 rows are made on another thread while SQLite saves the current ones.
    ///
    /// - Parameter reminders: new reminders (their numbers are assigned here; positions
    ///   follow the current end of each list).
    /// - Throws: `StoreError` of kind `.constraint` when a UID exists or a list does not.
    /// - Complexity: O(n) rows, O(n / 500) statements.
    public func insert(contentsOf reminders: [Reminder]) throws {
        try insertRows(reminders, keepingNumbers: false, keepingPositions: nil)
    }

    /// Saves restored reminders (`tick import` of a Tick archive), in order, many per
    /// statement, as `insert(_:keepingNumber:keepingPosition:)` would one by one.
    ///
    /// - Parameters:
    ///   - reminders: new reminders.
    ///   - keepingNumbers: whether each keeps `reminder.number`, which the caller has
    ///     found free (`takenNumbers(among:)`); else each gets the next number.
    ///   - keepingPositions: for each reminder, whether it keeps `reminder.position`;
    ///     the others go to the end of their list, after those saved before them.
    /// - Throws: `StoreError` of kind `.constraint` when a UID or number exists or a list
    ///   does not.
    /// - Complexity: O(n) rows, O(n / 500) statements.
    public func insert(restoring reminders: [Reminder], keepingNumbers: Bool, keepingPositions: [Bool]) throws {
        precondition(reminders.count == keepingPositions.count, "one keepingPositions flag per reminder")
        try insertRows(reminders, keepingNumbers: keepingNumbers, keepingPositions: keepingPositions)
    }

    /// `ImportStore.holdsReminders()`.
    /// - Throws: `StoreError` from SQLite.
    public func holdsReminders() throws -> Bool {
        try scalarInt("SELECT EXISTS (SELECT 1 FROM reminder)") == 1
    }

    /// `ImportStore.highestNumberGiven()`: SQLite's `AUTOINCREMENT` counter of the table
    /// (https://sqlite.org/autoinc.html), which a deletion does not lower.
    /// - Throws: `StoreError` from SQLite.
    public func highestNumberGiven() throws -> Int64 {
        try scalarInt("""
            SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'reminder'), 0),
                       coalesce((SELECT max(number) FROM reminder), 0))
            """) ?? 0
    }

    /// `ImportStore.lastPosition(inList:)`.
    /// - Throws: `StoreError` from SQLite.
    public func lastPosition(inList id: ReminderList.ID) throws -> Int64? {
        try scalarInt("SELECT max(position) FROM reminder WHERE list_id = ?", [.text(id.rawValue)])
    }

    /// Which of `numbers` are stored reminders' numbers, asked many at a time.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(n log m) for n numbers and m stored reminders, O(n / 500) statements.
    public func takenNumbers(among numbers: [Reminder.Number]) throws -> Set<Int64> {
        var found: Set<Int64> = []
        try forEachChunk(of: numbers.map { .integer($0.rawValue) }, column: "number") { found.insert($0.int(0)) }
        return found
    }

    /// Runs `SELECT column FROM reminder WHERE column IN (…)` for `values`, 500 at a time.
    private func forEachChunk(of values: [SQLValue], column: String, _ body: (Statement) throws -> Void) throws {
        var start = values.startIndex
        while start < values.endIndex {
            let end = min(start + Database.bulkRowsPerStatement, values.endIndex)
            let chunk = Array(values[start..<end])
            // Only the full chunk's SQL is fixed (cached); the last chunk's is made for its count.
            let isFull = chunk.count == Database.bulkRowsPerStatement
            let sql = "SELECT \(column) FROM reminder WHERE \(column) IN ("
                + Array(repeating: "?", count: chunk.count).joined(separator: ", ") + ")"
            try forEachRow(sql, chunk, cached: isFull, body)
            start = end
        }
    }

    /// The rows of `insert(contentsOf:)` and `insert(restoring:…)`; `keepingPositions`
    /// nil: every reminder goes to the end of its list.
    private func insertRows(_ reminders: [Reminder], keepingNumbers: Bool, keepingPositions: [Bool]?) throws {
        // The highest position of each list so far: its stored one, then those saved here.
        var ends: [ReminderList.ID: Int64] = [:]
        var positions: [Int64] = []
        positions.reserveCapacity(reminders.count)
        for (index, reminder) in reminders.enumerated() {
            let end: Int64
            if let known = ends[reminder.listID] {
                end = known
            } else {
                end = try lastPosition(inList: reminder.listID) ?? 0
            }
            if keepingPositions?[index] == true {
                positions.append(reminder.position)
                ends[reminder.listID] = max(end, reminder.position)
            } else {
                positions.append(end + Database.positionGap)
                ends[reminder.listID] = end + Database.positionGap
            }
        }
        func encoding(from start: Int) -> BulkRows? {
            guard start < reminders.count else { return nil }
            let range = start..<min(start + Database.bulkRowsPerStatement, reminders.count)
            return BulkRows(reminders[range], positions: positions[range], keepingNumbers: keepingNumbers)
        }
        var ahead = encoding(from: 0)
        var done = 0
        while let current = ahead {
            let rows = current.values()
            done += current.count
            ahead = encoding(from: done)
            // Only the full statement's SQL is fixed; the last one's is made for its count.
            let isFull = current.count == Database.bulkRowsPerStatement
            try execute(isFull ? Database.bulkInsertSQL : Database.insertSQL(rows: current.count), rows, cached: isFull)
        }
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
    public func storedUIDs(among uids: [ReminderUID]) throws -> Set<ReminderUID> {
        var found: Set<ReminderUID> = []
        try forEachChunk(of: uids.map { .text($0.rawValue) }, column: "uid") { found.insert(ReminderUID($0.text(0))) }
        return found
    }

    /// The columns of a row: `number` and what `fields(_:)` gives.
    fileprivate static let insertColumns = 23

    /// The `INSERT` of `rows` rows. `OR FAIL`: a row that breaks a constraint stops the
    /// statement with the rows before it kept, so that SQLite keeps no statement journal (a
    /// copy of every page the statement changes, to undo it alone: four fifths of an
    /// import's writes to disk) when foreign keys are off
    /// (`Store.transaction(checkingForeignKeysAtTheEnd:_:)`). Every caller's transaction is
    /// rolled back on the error, so nothing of it is kept.
    private static func insertSQL(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: insertColumns).joined(separator: ", ") + ")"
        return """
            INSERT OR FAIL INTO reminder (number, uid, list_id, title, notes, due, due_time_zone, start, start_time_zone,
                priority, flagged, completed_at, position, parent_uid, tags, url, recurrence, alarms,
                ical_extras, created_at, modified_at, recurrence_basis, next_alarm)
            VALUES \(Array(repeating: row, count: rows).joined(separator: ", "))
            """
    }
}

/// The values of up to `bulkRowsPerStatement` new rows, made on another thread.
///
/// `@unchecked Sendable`: `rows` is written once, on the encoding thread, before
/// `group.leave()`, and read only after `group.wait()` returns, which orders the write
/// before the read; nothing else is mutable.
private final class BulkRows: @unchecked Sendable {
    /// How many rows.
    let count: Int
    private let group = DispatchGroup()
    private var rows: [SQLValue] = []

    /// Starts making the rows of `reminders`, placed at `positions` (one each), with
    /// their own numbers when `keepingNumbers`, else NULL (the next number).
    init(_ reminders: ArraySlice<Reminder>, positions: ArraySlice<Int64>, keepingNumbers: Bool) {
        precondition(reminders.count == positions.count, "one position per reminder")
        count = reminders.count
        group.enter()
        DispatchQueue.global().async { [self] in
            var values: [SQLValue] = []
            values.reserveCapacity(reminders.count * Database.insertColumns)
            for (reminder, position) in zip(reminders, positions) {
                var placed = reminder
                placed.position = position
                let fields = Database.fields(placed)
                precondition(fields.count + 1 == Database.insertColumns, "insert(contentsOf:) is out of step with fields(_:)")
                values.append(keepingNumbers ? .integer(reminder.number.rawValue) : .null)
                values.append(contentsOf: fields)
            }
            rows = values
            group.leave()
        }
    }

    /// The values, row after row (`number` first), once they are made.
    func values() -> [SQLValue] {
        group.wait()
        return rows
    }
}
