import Foundation
import TickModel

extension PostgresDatabase {
    /// The rows of a query of `ReminderColumns.names` as reminders.
    func reminders(_ sql: String, _ parameters: [any PostgresEncodable] = []) throws(PostgresError) -> [Reminder] {
        try ReminderColumns.decodeAll(run(sql, parameters))
    }

    /// The user's reminder numbered `number`, or nil.
    public func reminder(number: Reminder.Number) throws -> Reminder? {
        try reminders("SELECT \(ReminderColumns.names) FROM reminders WHERE owner = $1 AND number = $2", [number.rawValue]).first
            .flatMap { sees($0.listID) ? $0 : nil }
    }

    /// Whether the user's reminder `number` exists in a list this transaction does not see
    /// (one list shared with a member: the owner moved it to another since).
    public func isOutOfSight(reminder number: Reminder.Number) throws -> Bool {
        guard let visibleList else { return false }
        return try scalar("SELECT 1 FROM reminders WHERE owner = $1 AND number = $2 AND list_id <> $3",
                          [number.rawValue, visibleList.rawValue], as: Int64.self) != nil
    }

    /// The user's reminder with UID `uid`, or nil.
    public func reminder(uid: ReminderUID) throws -> Reminder? {
        try reminders("SELECT \(ReminderColumns.names) FROM reminders WHERE owner = $1 AND uid = $2", [uid.rawValue]).first
            .flatMap { sees($0.listID) ? $0 : nil }
    }

    /// The direct subtasks of the user's reminder `parent` (those of its list), in manual order.
    /// - Complexity: O(subtasks), from the index `reminders_parent`.
    public func subtasks(of parent: Reminder) throws -> [Reminder] {
        guard sees(parent.listID) else { return [] }
        return try reminders("""
            SELECT \(ReminderColumns.names) FROM reminders
            WHERE owner = $1 AND parent_uid = $2 AND list_id = $3 ORDER BY position, number
            """, [parent.uid.rawValue, parent.listID.rawValue])
    }

    /// The numbers of the direct subtasks of the user's reminder `parent` (those of its
    /// list), in number order.
    public func subtaskNumbers(of parent: Reminder) throws -> [Reminder.Number] {
        guard sees(parent.listID) else { return [] }
        return try run("SELECT number FROM reminders WHERE owner = $1 AND parent_uid = $2 AND list_id = $3 ORDER BY number",
                       [parent.uid.rawValue, parent.listID.rawValue])
            .map { row throws(PostgresError) in Reminder.Number(try row.decode("number", as: Int64.self)) }
    }

    /// Whether a reminder with `uid` came into the list `list` (of any owner) after the
    /// newest deletion of `uid`, not undone, in the user's journal: true too when the journal
    /// holds no such deletion. What tells a reminder put back beside one that shared its UID
    /// already (kept) from one whose UID the actor took for another since (a phone's move:
    /// refused, or the user would see a copy). Change ids are shared by every user's journal.
    /// - Complexity: O(j) for the j journal rows of the two owners (no index by UID: this runs
    ///   only when a reminder put back has a UID seen elsewhere).
    /// - Throws: `PostgresError` from the server.
    func arrived(uid: ReminderUID, inList list: ReminderList.ID) throws -> Bool {
        try scalar("""
            WITH deletion AS (
                SELECT max(c.id) AS id FROM journal_changes c
                JOIN journal_reminders b ON b.owner = c.owner AND b.change = c.id AND b.phase = 0 AND b.present AND b.uid = $2
                JOIN journal_reminders a ON a.owner = c.owner AND a.change = c.id AND a.phase = 1 AND a.number = b.number
                    AND NOT a.present
                WHERE c.owner = $1 AND c.undone_at IS NULL)
            SELECT (SELECT id FROM deletion) IS NULL OR EXISTS (
                SELECT 1 FROM lists l JOIN journal_reminders a ON a.owner = l.owner
                WHERE l.id = $3 AND a.change > (SELECT id FROM deletion) AND a.phase = 1 AND a.present AND a.uid = $2
                    AND a.list_id = $3 AND NOT EXISTS (
                        SELECT 1 FROM journal_reminders b WHERE b.owner = a.owner AND b.change = a.change AND b.phase = 0
                            AND b.number = a.number AND b.present AND b.uid = $2 AND b.list_id = $3))
            """, [uid.rawValue, list.rawValue], as: Bool.self) ?? true
    }

    /// Saves a new reminder of the user, with the user's next number (never one given
    /// before) unless `keepingNumber` and its number is free.
    /// - Throws: `ShareError.uidSeenElsewhere` when the user acting sees a reminder with its
    ///   UID in a list this transaction does not (`davResourceElsewhere(uid:)`: a list shared
    ///   with them, or their own when adding through a share), unless the reminder is put back
    ///   (`keepingNumber`: a restore, an undo) and that other one was in its list before the
    ///   deletion put back (`arrived(uid:inList:)`): a list's owner, who does not see the
    ///   member's lists, may give one of theirs a UID the member uses, and the routes and CalDAV
    ///   paths that name the list reach each; `PostgresError` with
    ///   `isUniqueViolation` when the user has a reminder with its UID; a foreign-key violation
    ///   (23503) when the list is not the user's.
    @discardableResult
    public func insert(_ reminder: Reminder, keepingNumber: Bool, keepingPosition: Bool) throws -> Reminder {
        // Every way of adding a reminder ends here (a CalDAV PUT, an add, a restore, an undo): a
        // new reminder with a UID the actor sees elsewhere is a client moving a to-do between
        // owners (a PUT there, a DELETE here) or a copy; one put back was there before (a tester:
        // the deletion of one of two reminders with one UID could not be undone).
        if let elsewhere = try davResourceElsewhere(uid: reminder.uid),
           try !keepingNumber || arrived(uid: reminder.uid, inList: elsewhere.list) {
            throw ShareError.uidSeenElsewhere(uid: reminder.uid, list: elsewhere.list, resource: elsewhere.resource.name)
        }
        var stored = reminder
        if !keepingPosition { stored.position = try endPosition(inList: reminder.listID) }
        let number: Int64
        if keepingNumber, reminder.number != .unassigned, try self.reminder(number: reminder.number) == nil {
            number = reminder.number.rawValue
            try run("""
                INSERT INTO reminder_numbers (owner, last_number) VALUES ($1, $2)
                ON CONFLICT (owner) DO UPDATE SET last_number = greatest(reminder_numbers.last_number, $2)
                """, [number])
        } else {
            number = try scalar("""
                INSERT INTO reminder_numbers (owner, last_number) VALUES ($1, 1)
                ON CONFLICT (owner) DO UPDATE SET last_number = reminder_numbers.last_number + 1 RETURNING last_number
                """, as: Int64.self) ?? 0
        }
        try run("""
            INSERT INTO reminders (owner, number, uid, list_id, title, notes, due, due_time_zone, start, start_time_zone,
                priority, flagged, completed_at, position, parent_uid, tags, url, recurrence, recurrence_basis, alarms,
                ical_extras, created_at, modified_at, search_title, search_notes, search_tags, next_alarm)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
                $24, $25, $26, $27)
            """, [number] + ReminderColumns.values(stored) + ReminderColumns.searchValues(stored) + [stored.nextAlarmKey])
        stored.number = .init(number)
        stored.completedAt = stored.completedAt.map(PostgresDatabase.stored)
        stored.createdAt = PostgresDatabase.stored(stored.createdAt)
        stored.modifiedAt = PostgresDatabase.stored(stored.modifiedAt)
        return stored
    }

    /// Saves every field of the user's `reminder` (by number); when its list changed, it
    /// goes to the end of the new list.
    /// - Throws: a foreign-key violation (23503) when the new list is not the user's.
    public func update(_ reminder: Reminder) throws {
        var stored = reminder
        if let old = try scalar("SELECT list_id FROM reminders WHERE owner = $1 AND number = $2", [reminder.number.rawValue],
                                as: String.self), old != reminder.listID.rawValue {
            stored.position = try endPosition(inList: reminder.listID)
        }
        try run("""
            UPDATE reminders SET uid = $3, list_id = $4, title = $5, notes = $6, due = $7, due_time_zone = $8, start = $9,
                start_time_zone = $10, priority = $11, flagged = $12, completed_at = $13, position = $14, parent_uid = $15,
                tags = $16, url = $17, recurrence = $18, recurrence_basis = $19, alarms = $20, ical_extras = $21,
                created_at = $22, modified_at = $23, search_title = $24, search_notes = $25, search_tags = $26,
                next_alarm = $27
            WHERE owner = $1 AND number = $2
            """, [reminder.number.rawValue] + ReminderColumns.values(stored) + ReminderColumns.searchValues(stored) + [stored.nextAlarmKey])
    }

    /// Deletes the user's reminder numbered `number`; its subtasks become top-level.
    /// - Returns: whether a reminder was deleted.
    @discardableResult
    public func deleteReminder(_ number: Reminder.Number) throws -> Bool {
        let deleted = try run("DELETE FROM reminders WHERE owner = $1 AND number = $2 RETURNING uid, list_id", [number.rawValue])
        guard let row = deleted.first else { return false }
        let uid = try row.decode("uid", as: String.self), list = try row.decode("list_id", as: String.self)
        try run("UPDATE reminders SET parent_uid = NULL WHERE owner = $1 AND parent_uid = $2 AND list_id = $3", [uid, list])
        return true
    }

    /// Whether the list is paired with a CalDAV collection: never, on PostgreSQL (`tick
    /// sync` runs on the SQLite store).
    public func isSyncedWithCalDAV(list id: ReminderList.ID) throws -> Bool { false }

    /// The position after the last reminder of the user's list `id`.
    private func endPosition(inList id: ReminderList.ID) throws -> Int64 {
        let last = try scalar("SELECT max(position) FROM reminders WHERE owner = $1 AND list_id = $2", [id.rawValue],
                              as: Int64.self) ?? 0
        if let next = ManualOrder.position(between: last, and: nil, current: 0) { return next }
        try respace(list: id)
        return try endPosition(inList: id)
    }

    /// Respaces the positions of the user's list `id` to multiples of the gap, in order.
    func respace(list id: ReminderList.ID) throws {
        try run("""
            UPDATE reminders SET position = ordered.place * \(ManualOrder.gap)
            FROM (SELECT number, row_number() OVER (ORDER BY position, number) AS place
                  FROM reminders WHERE owner = $1 AND list_id = $2) AS ordered
            WHERE reminders.owner = $1 AND reminders.number = ordered.number
            """, [id.rawValue])
    }
}

// MARK: - Completed occurrences

extension PostgresDatabase {
    /// Records that the occurrence due `due` of the user's reminder `number` was completed.
    public func recordCompletedOccurrence(reminder number: Reminder.Number, due: Due, completedAt: Date) throws {
        let columns = ReminderColumns.columns(due)
        try run("""
            INSERT INTO completed_occurrences (owner, reminder, due, due_time_zone, completed_at) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (owner, reminder, due) DO UPDATE SET due_time_zone = $4, completed_at = $5
            """, [number.rawValue, columns.text, columns.zone, PostgresDatabase.stored(completedAt)])
    }

    /// The most recently completed occurrence of the user's reminder `number`, or nil.
    public func lastCompletedOccurrence(reminder number: Reminder.Number) throws -> CompletedOccurrence? {
        try occurrences("ORDER BY completed_at DESC, due DESC LIMIT 1", number).first
    }

    /// Every completed occurrence of the user's reminder `number`, earliest due first.
    public func completedOccurrences(reminder number: Reminder.Number) throws -> [CompletedOccurrence] {
        try occurrences("ORDER BY due", number)
    }

    /// Forgets the completion of the occurrence due `due` of the user's reminder `number`.
    public func removeCompletedOccurrence(reminder number: Reminder.Number, due: Due) throws {
        try run("DELETE FROM completed_occurrences WHERE owner = $1 AND reminder = $2 AND due = $3",
                [number.rawValue, ReminderColumns.columns(due).text])
    }

    /// How many occurrences of the user's reminder `number` were completed.
    public func completedOccurrenceCount(reminder number: Reminder.Number) throws -> Int {
        try scalar("SELECT count(*) FROM completed_occurrences WHERE owner = $1 AND reminder = $2", [number.rawValue],
                   as: Int.self) ?? 0
    }

    private func occurrences(_ order: String, _ number: Reminder.Number) throws -> [CompletedOccurrence] {
        try run("SELECT due, due_time_zone, completed_at FROM completed_occurrences WHERE owner = $1 AND reminder = $2 " + order,
                [number.rawValue]).map { row throws(PostgresError) in
            guard let due = ReminderColumns.due(try row.decode("due"), zone: row.text("due_time_zone")) else {
                throw PostgresError(.unreadableValue, message: "a completed occurrence of reminder \(number): the column due is not a date")
            }
            return CompletedOccurrence(due: due, completedAt: try row.decode("completed_at"))
        }
    }
}
