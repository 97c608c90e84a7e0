import Foundation
import TickModel

extension Database {
    /// The gap left between neighbours' `position`s, so that most moves touch one row.
    static let positionGap = ManualOrder.gap

    static let reminderColumns = """
        r.number, r.uid, r.list_id, r.title, r.notes, r.due, r.due_time_zone, r.start, r.start_time_zone,
        r.priority, r.flagged, r.completed_at, r.position, r.parent_uid, r.tags, r.url, r.recurrence,
        r.alarms, r.ical_extras, r.created_at, r.modified_at, r.recurrence_basis
        """

    /// The reminder in the current row of a query of `reminderColumns`.
    /// - Throws: `StoreError` (`.unreadableValue`) naming the reminder's number and the
    ///   column when a stored value cannot be read; nothing is defaulted.
    func decodeReminder(_ row: Statement) throws(StoreError) -> Reminder {
        let place = RowPlace.reminder
        let uid = ReminderUID(row.text(1))
        return Reminder(uid: uid, number: .init(try row.integer(0, in: place)), listID: .init(rawValue: row.text(2)),
                        title: row.text(3), notes: row.text(4),
                        due: try row.due(5, zone: 6, in: place),
                        start: try row.due(7, zone: 8, in: place),
                        priority: Priority(iCalendarValue: Int(try row.integer(9, in: place))),
                        isFlagged: try row.integer(10, in: place) != 0,
                        completedAt: try row.optionalTimestamp(11, in: place),
                        position: try row.integer(12, in: place), parentUID: row.optionalText(13).map(ReminderUID.init(_:)),
                        tags: try row.tags(14, in: place), url: row.optionalText(15),
                        recurrence: row.recurrence(16), alarms: try row.alarms(17, reminderUID: uid, in: place),
                        iCalendarExtras: row.text(18),
                        createdAt: try row.timestamp(19, in: place),
                        modifiedAt: try row.timestamp(20, in: place),
                        recurrenceBasis: try row.recurrenceBasis(21, in: place))
    }

    /// The column values of a reminder, in the order of the `INSERT` and `UPDATE`
    /// statements (all columns but `number`). Pure: any thread may call it.
    static func fields(_ reminder: Reminder) -> [SQLValue] {
        let due = DueColumns.columns(reminder.due)
        let start = DueColumns.columns(reminder.start)
        return [.text(reminder.uid.rawValue), .text(reminder.listID.rawValue), .text(reminder.title), .text(reminder.notes),
                due.0, due.1, start.0, start.1,
                .integer(Int64(reminder.priority.iCalendarValue)), .integer(reminder.isFlagged ? 1 : 0),
                .optional(reminder.completedAt.map(Timestamp.string)), .integer(reminder.position),
                .optional(reminder.parentUID?.rawValue), .text(JSONColumns.text(tags: reminder.tags)), .optional(reminder.url),
                .optional(reminder.recurrence?.rruleValue), .text(JSONColumns.text(alarms: reminder.alarms)),
                .text(reminder.iCalendarExtras),
                .text(Timestamp.string(reminder.createdAt)), .text(Timestamp.string(reminder.modifiedAt)),
                .text(reminder.recurrenceBasis.rawValue), .optional(reminder.nextAlarmKey.map(Timestamp.string))]
    }

    /// Saves a new reminder at the end of its list and returns it with its new number
    /// and position. The number is never reused, even after deletion
    /// (`AUTOINCREMENT`, https://sqlite.org/autoinc.html).
    /// - Throws: `StoreError` of kind `.constraint` when the UID exists or the list does not.
    ///
    /// - Parameters:
    ///   - keepingNumber: keep `reminder.number` when it is set and free (restoring a
    ///     backup, undoing a delete); otherwise a new number is assigned.
    ///   - keepingPosition: keep `reminder.position` (any value, 0 included); otherwise
    ///     the reminder goes to the end of its list.
    @discardableResult
    public func insert(_ reminder: Reminder, keepingNumber: Bool = false, keepingPosition: Bool = false) throws -> Reminder {
        var stored = reminder
        if !keepingPosition {
            stored.position = try endPosition(inList: reminder.listID)
        }
        var number: SQLValue = .null
        if keepingNumber, reminder.number != .unassigned,
           try scalarInt("SELECT 1 FROM reminder WHERE number = ?", [.integer(reminder.number.rawValue)]) == nil {
            // A restored reminder gets its own number back; it was never another reminder's.
            number = .integer(reminder.number.rawValue)
        }
        try execute("""
            INSERT INTO reminder (number, uid, list_id, title, notes, due, due_time_zone, start, start_time_zone,
                priority, flagged, completed_at, position, parent_uid, tags, url, recurrence, alarms,
                ical_extras, created_at, modified_at, recurrence_basis, next_alarm)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [number] + Database.fields(stored))
        stored.number = .init(lastInsertRowID)
        return stored
    }

    /// Saves every field of `reminder` (found by its number). When its list changed, it
    /// goes to the end of the new list.
    /// - Throws: `StoreError` of kind `.constraint` for a list that does not exist.
    public func update(_ reminder: Reminder) throws {
        let number = SQLValue.integer(reminder.number.rawValue)
        // The stored values, so that only the columns that differ are written: SQLite rewrites
        // every index (and evaluates every `UPDATE OF` trigger) of each column an UPDATE names,
        // changed or not, so a completion that named all 22 columns dirtied about twice the
        // pages it needs.
        var stored: [SQLValue] = []
        try forEachRow("SELECT \(Database.updatedColumns.joined(separator: ", ")) FROM reminder WHERE number = ?", [number]) { row in
            stored = (0..<Int32(Database.updatedColumns.count)).map { row.value($0) }
        }
        guard !stored.isEmpty else { return }
        var values = Database.fields(reminder)
        if stored[1] != values[1] {
            values[11] = .integer(try endPosition(inList: reminder.listID))
        }
        var assignments: [String] = []
        var changed: [SQLValue] = []
        for index in values.indices where values[index] != stored[index] {
            assignments.append(Database.updatedColumns[index] + " = ?")
            changed.append(values[index])
        }
        guard !assignments.isEmpty else { return }
        try execute("UPDATE reminder SET \(assignments.joined(separator: ", ")) WHERE number = ?", changed + [number])
    }

    /// The columns `fields(_:)` gives values for, in its order.
    static let updatedColumns = [
        "uid", "list_id", "title", "notes", "due", "due_time_zone", "start", "start_time_zone", "priority", "flagged",
        "completed_at", "position", "parent_uid", "tags", "url", "recurrence", "alarms", "ical_extras",
        "created_at", "modified_at", "recurrence_basis", "next_alarm",
    ]

    /// The reminder numbered `number`, or nil.
    /// - Throws: `StoreError` from SQLite.
    public func reminder(number: Reminder.Number) throws -> Reminder? {
        var found: Reminder?
        try forEachRow("SELECT \(Database.reminderColumns) FROM reminder r WHERE r.number = ?",
                       [.integer(number.rawValue)]) { found = try decodeReminder($0) }
        return found
    }

    /// The reminder with iCalendar UID `uid`, or nil.
    /// - Throws: `StoreError` from SQLite.
    public func reminder(uid: ReminderUID) throws -> Reminder? {
        var found: Reminder?
        try forEachRow("SELECT \(Database.reminderColumns) FROM reminder r WHERE r.uid = ?",
                       [.text(uid.rawValue)]) { found = try decodeReminder($0) }
        return found
    }

    /// Deletes the reminder numbered `number`; its subtasks (those of its list) become
    /// top-level reminders; a reminder of another list naming it keeps the link as written.
    /// Its number is never given out again.
    /// - Returns: whether a reminder was deleted.
    /// - Throws: `StoreError` from SQLite.
    @discardableResult
    public func deleteReminder(_ number: Reminder.Number) throws -> Bool {
        var found: (uid: String, list: String)?
        try forEachRow("SELECT uid, list_id FROM reminder WHERE number = ?", [.integer(number.rawValue)]) {
            found = ($0.text(0), $0.text(1))
        }
        guard let found else { return false }
        try execute("DELETE FROM reminder WHERE number = ?", [.integer(number.rawValue)])
        try execute("UPDATE reminder SET parent_uid = NULL WHERE parent_uid = ? AND list_id = ?", [.text(found.uid), .text(found.list)])
        return true
    }

    /// The total number of reminders.
    /// - Throws: `StoreError` from SQLite.
    public func reminderCount() throws -> Int {
        Int(try scalarInt("SELECT count(*) FROM reminder") ?? 0)
    }

    private func endPosition(inList id: ReminderList.ID) throws -> Int64 {
        let last = try scalarInt("SELECT max(position) FROM reminder WHERE list_id = ?", [.text(id.rawValue)]) ?? 0
        let (next, overflow) = last.addingReportingOverflow(Database.positionGap)
        guard overflow else { return next }
        // Positions written by hand (or an old bug) reached the top: respace the list.
        try renumber(list: id)
        return (try scalarInt("SELECT max(position) FROM reminder WHERE list_id = ?", [.text(id.rawValue)]) ?? 0) + Database.positionGap
    }
}
