import CSQLite
import Foundation
import TickModel

/// The command whose changes a connection records in the change journal (schema version 8).
struct JournalRecording {
    /// The command line, as `tick undo --list` shows it.
    var command: String
    /// When the command ran.
    var madeAt: Date
    /// The change's id once one of the command's transactions committed rows to it.
    var change: Int64?
}

/// The change the running write transaction records, on one connection.
struct JournalTransaction {
    var change: Int64?
    /// Whether the running transaction made the `journal_change` row.
    var madeChange = false
}

extension Database: JournalStore {
    /// How many changes the journal keeps (the newest ones).
    public static let journalDepth: Int64 = JournalChange.depth

    // MARK: - Recording (called by Store around each write transaction)

    /// Called right after `BEGIN`: puts the command's change in `journal_active`, making
    /// its `journal_change` row on the command's first write.
    func beginJournaledTransaction() throws(StoreError) {
        guard let recording = journalRecording else { return }
        if let change = recording.change {
            journalTransaction.change = change
            journalTransaction.madeChange = false
        } else {
            try execute("INSERT INTO journal_change (made_at, command) VALUES (?, ?)",
                        [.text(Timestamp.string(recording.madeAt)), .text(recording.command)])
            journalTransaction.change = lastInsertRowID
            journalTransaction.madeChange = true
        }
        try execute("INSERT INTO journal_active (change) VALUES (?)", [.integer(journalTransaction.change ?? 0)])
    }

    /// Called just before `COMMIT`: copies the rows the change touched as they are now
    /// (phase 1), or drops a change row this transaction made when it touched nothing,
    /// and keeps the newest `journalDepth` changes.
    func finishJournaledTransaction() throws(StoreError) {
        guard let change = journalTransaction.change else { return }
        journalTransaction.change = nil
        try execute("DELETE FROM journal_active")
        // What the change touched: reminders it found, reminders it made, lists, occurrences.
        let flags = try scalarInt("""
            SELECT EXISTS (SELECT 1 FROM journal_reminder WHERE change = ?1 AND phase = 0 AND present = 1)
                + 2 * EXISTS (SELECT 1 FROM journal_reminder WHERE change = ?1 AND phase = 0 AND present = 0)
                + 4 * EXISTS (SELECT 1 FROM journal_list WHERE change = ?1)
                + 8 * EXISTS (SELECT 1 FROM journal_occurrence WHERE change = ?1)
            """, [.integer(change)]) ?? 0
        let touched = (0..<4).map { flags & (1 << $0) != 0 }
        guard touched.contains(true) else {
            if journalTransaction.madeChange { try deleteJournalChanges(from: change, through: change) }
            journalTransaction.madeChange = false
            return
        }
        // Only the copies of what it touched (one change per request makes this count).
        for (sql, needed) in zip(Database.journalAfterCopies, touched) where needed { try execute(sql, [.integer(change)]) }
        // The oldest changes go 16 at a time, not one at each commit: the journal keeps
        // between `journalDepth` and `journalDepth + 15`, and lists the newest `journalDepth`.
        if journalTransaction.madeChange && change % 16 == 0 {
            try deleteJournalChanges(from: 0, through: change - Database.journalDepth)
        }
        pendingJournalChange = change
    }

    /// The tables whose rows belong to a change (`ON DELETE CASCADE` from `journal_change`).
    private static let journalChildTables = ["journal_reminder", "journal_list", "journal_occurrence", "journal_alarm_delivery",
                                             "journal_sync_collection", "journal_sync_item"]

    /// Deletes the changes `from...through` with their rows: by the cascade, or by hand while
    /// foreign keys are off (`foreignKeysAreOff`).
    private func deleteJournalChanges(from first: Int64, through last: Int64) throws(StoreError) {
        let range: [SQLValue] = [.integer(first), .integer(last)]
        if foreignKeysAreOff {
            for table in Database.journalChildTables {
                try execute("DELETE FROM \(table) WHERE change BETWEEN ? AND ?", range)
            }
        }
        try execute("DELETE FROM journal_change WHERE id BETWEEN ? AND ?", range)
    }

    /// Runs `body` inside the caller's write transaction as one change of its own in the
    /// journal, described by `describe` of what `body` returned (`tick undo --list` shows
    /// it; `Actions.undo` takes it back). This is how `tick serve` journals each request
    /// while several requests share one commit (`Store.writeEach`): each body runs in its
    /// own savepoint there, so a body that throws leaves no change behind.
    ///
    /// Only on a connection that is not recording a command already (`Store.recordChanges`).
    /// - Returns: `body`'s value and the change's id (nil when `body` wrote nothing).
    /// - Throws: what `body` throws, or `StoreError` from SQLite.
    public func recordingChange<T>(at date: Date, describedBy describe: (T) -> String,
                                   _ body: () throws -> T) throws -> (value: T, change: Int64?) {
        precondition(journalRecording == nil && journalTransaction.change == nil,
                     "recordingChange runs on a connection that records no other change")
        journalRecording = JournalRecording(command: "", madeAt: date, change: nil)
        defer {
            journalRecording = nil
            journalTransaction = JournalTransaction()
            pendingJournalChange = nil
        }
        try beginJournaledTransaction()
        let value = try body()
        try finishJournaledTransaction()
        guard let change = pendingJournalChange else { return (value, nil) }
        try execute("UPDATE journal_change SET command = ? WHERE id = ?", [.text(describe(value)), .integer(change)])
        return (value, change)
    }

    /// The newest change not undone that deleted the pairing of `account` with the calendar at
    /// `url` (a synced list deleted in Tick, `tick lists delete --force`), while that list is
    /// gone: what puts it back.
    /// - Throws: `StoreError` from SQLite.
    public func changeDeletingSyncedCollection(account: String, url: String) throws -> Int64? {
        try scalarInt("""
            SELECT c.id FROM journal_change c JOIN journal_sync_collection j ON j.change = c.id
            WHERE j.account = ? AND j.url = ? AND c.undone_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM list WHERE id = j.list_id)
            ORDER BY c.id DESC LIMIT 1
            """, [.text(account), .text(url)])
    }

    /// The newest change not undone that deleted the reminder `uid` (what puts it back).
    /// - Throws: `StoreError` from SQLite.
    public func changeDeleting(uid: ReminderUID) throws -> Int64? {
        try scalarInt("""
            SELECT c.id FROM journal_change c
            JOIN journal_reminder b ON b.change = c.id AND b.phase = 0 AND b.present = 1 AND b.uid = ?
            JOIN journal_reminder a ON a.change = c.id AND a.phase = 1 AND a.number = b.number AND a.present = 0
            WHERE c.undone_at IS NULL ORDER BY c.id DESC LIMIT 1
            """, [.text(uid.rawValue)])
    }

    /// Called after `COMMIT` succeeded: later transactions of the command add to the same change.
    func journalCommitted() {
        if let change = pendingJournalChange { journalRecording?.change = change }
        pendingJournalChange = nil
        journalTransaction.madeChange = false
    }

    /// Called on `ROLLBACK`: the transaction's rows (and a change row it made) are gone.
    func journalRolledBack() {
        journalTransaction.change = nil
        journalTransaction.madeChange = false
        pendingJournalChange = nil
    }

    /// The statements that copy the rows a change touched as they are now (phase 1): a
    /// reminder it found whole; of one it created, only whether it exists and its
    /// `revision`; a list whole. Built once: they run at every journaled commit.
    static let journalAfterCopies: [String] = [
        """
        INSERT OR REPLACE INTO journal_reminder (change, phase, number, present, \(Schema.journaledReminderColumns))
        SELECT b.change, 1, b.number, r.number IS NOT NULL, \(Schema.qualified(Schema.journaledReminderColumns, by: "r"))
        FROM journal_reminder b LEFT JOIN reminder r ON r.number = b.number
        WHERE b.change = ? AND b.phase = 0 AND b.present = 1
        """,
        """
        INSERT OR REPLACE INTO journal_reminder (change, phase, number, present, revision)
        SELECT b.change, 1, b.number, r.number IS NOT NULL, r.revision
        FROM journal_reminder b LEFT JOIN reminder r ON r.number = b.number
        WHERE b.change = ? AND b.phase = 0 AND b.present = 0
        """,
        """
        INSERT OR REPLACE INTO journal_list (change, phase, id, present, \(Schema.journaledListColumns))
        SELECT b.change, 1, b.id, l.id IS NOT NULL, \(Schema.qualified(Schema.journaledListColumns, by: "l"))
        FROM journal_list b LEFT JOIN list l ON l.id = b.id
        WHERE b.change = ? AND b.phase = 0
        """,
    ]

    // MARK: - Reading and undoing

    /// The newest `limit` changes, newest first; undone ones only when `includingUndone`.
    /// - Throws: `StoreError` from SQLite.
    public func journalChanges(limit: Int, includingUndone: Bool) throws -> [JournalChange] {
        var changes: [JournalChange] = []
        let filter = includingUndone ? "" : "WHERE undone_at IS NULL"
        try forEachRow("SELECT id, made_at, command, undone_at FROM journal_change \(filter) ORDER BY id DESC LIMIT ?",
                       [.integer(Int64(limit))]) { row in
            let place = RowPlace(table: "journal_change", key: "id", keyIndex: 0)
            changes.append(JournalChange(id: try row.integer(0, in: place), madeAt: try row.timestamp(1, in: place),
                                         command: row.text(2), undoneAt: try row.optionalTimestamp(3, in: place),
                                         summary: JournalSummary()))
        }
        for index in changes.indices {
            changes[index].summary = try journalSummary(of: changes[index].id)
        }
        return changes
    }

    private func journalSummary(of change: Int64) throws -> JournalSummary {
        var summary = JournalSummary()
        for table in ["reminder", "list"] {
            let key = table == "reminder" ? "number" : "id"
            try forEachRow("""
                SELECT b.present, coalesce(a.present, b.present), count(*) FROM journal_\(table) b
                LEFT JOIN journal_\(table) a ON a.change = b.change AND a.phase = 1 AND a.\(key) = b.\(key)
                WHERE b.change = ? AND b.phase = 0 GROUP BY 1, 2
                """, [.integer(change)]) { row in
                let count = Int(row.int(2))
                switch (row.int(0), row.int(1), table) {
                case (0, 1, "reminder"): summary.remindersAdded += count
                case (1, 0, "reminder"): summary.remindersDeleted += count
                case (1, 1, "reminder"): summary.remindersChanged += count
                case (0, 1, _): summary.listsAdded += count
                case (1, 0, _): summary.listsDeleted += count
                case (1, 1, _): summary.listsChanged += count
                default: break
                }
            }
        }
        return summary
    }

    /// The reminders change `change` touched, by number.
    /// - Throws: `StoreError` from SQLite (`.unreadableValue` for a damaged journal row).
    public func journaledReminders(of change: Int64) throws -> [JournaledReminder] {
        var entries: [Reminder.Number: JournaledReminder] = [:]
        try forEachRow("""
            SELECT \(Database.reminderColumns), r.present, r.revision, r.phase FROM journal_reminder r
            WHERE r.change = ? ORDER BY r.phase, r.number
            """, [.integer(change)]) { row in
            let number = Reminder.Number(row.int(0))
            let present = row.int(22) != 0
            let revision = row.isNull(23) ? nil : row.int(23)
            if row.int(24) == 0 {
                entries[number] = JournaledReminder(number: number, before: present ? try decodeReminder(row) : nil,
                                                    beforeRevision: present ? revision : nil,
                                                    after: nil, existedAfter: false, afterRevision: nil)
            } else if var entry = entries[number] {
                entry.existedAfter = present
                entry.afterRevision = present ? revision : nil
                entry.after = present && entry.before != nil ? try decodeReminder(row) : nil
                entries[number] = entry
            }
        }
        return entries.values.sorted { $0.number.rawValue < $1.number.rawValue }
    }

    /// The lists change `change` touched.
    /// - Throws: `StoreError` from SQLite.
    public func journaledLists(of change: Int64) throws -> [JournaledList] {
        var entries: [ReminderList.ID: JournaledList] = [:]
        var order: [ReminderList.ID] = []
        try forEachRow("""
            SELECT id, \(Schema.journaledListColumns), present, phase FROM journal_list WHERE change = ? ORDER BY phase, id
            """, [.integer(change)]) { row in
            let id = ReminderList.ID(rawValue: row.text(0))
            let list = row.int(7) != 0 ? try decodeList(row) : nil
            if row.int(8) == 0 {
                entries[id] = JournaledList(id: id, before: list, after: nil)
                order.append(id)
            } else {
                entries[id]?.after = list
            }
        }
        return order.compactMap { entries[$0] }
    }

    /// Sets the `revision` of reminder `number` (a reminder put back by undo takes the
    /// revision it had, so that sync's record of it stays true).
    /// - Throws: `StoreError` from SQLite.
    /// The copies of reminders in the change journal (either phase, those that existed) whose
    /// kept iCalendar lines contain `text` (ASCII case ignored): what an upgrade of stored data
    /// changes in them too (schema 16), so that `tick undo` puts back what it upgraded.
    /// - Throws: `StoreError` from SQLite.
    public func journaledReminders(keeping text: String) throws -> [(change: Int64, phase: Int, reminder: Reminder)] {
        var found: [(change: Int64, phase: Int, reminder: Reminder)] = []
        try forEachRow("""
            SELECT \(Database.reminderColumns), r.change, r.phase FROM journal_reminder r
            WHERE r.present = 1 AND instr(upper(r.ical_extras), upper(?)) > 0 ORDER BY r.change, r.phase, r.number
            """, [.text(text)]) { row in
            found.append((row.int(22), Int(row.int(23)), try decodeReminder(row)))
        }
        return found
    }

    /// Sets the alarms and kept lines (and the next alarm's instant) of the journal's copy of
    /// `reminder` in `change` at `phase` to `reminder`'s.
    /// - Throws: `StoreError` from SQLite.
    public func replaceJournaledAlarms(change: Int64, phase: Int, with reminder: Reminder) throws {
        let values = Database.fields(reminder)
        func value(_ column: String) -> SQLValue { values[Database.updatedColumns.firstIndex(of: column) ?? 0] }
        try execute("UPDATE journal_reminder SET alarms = ?, ical_extras = ?, next_alarm = ? WHERE change = ? AND phase = ? AND number = ?",
                    [value("alarms"), value("ical_extras"), value("next_alarm"), .integer(change), .integer(Int64(phase)),
                     .integer(reminder.number.rawValue)])
    }

    public func setRevision(ofReminder number: Reminder.Number, to revision: Int64) throws {
        try execute("UPDATE reminder SET revision = ? WHERE number = ?", [.integer(revision), .integer(number.rawValue)])
    }

    /// Puts back the rows of `change` that are not reminders or lists: occurrences as they
    /// were (deleting the ones it added), and the alarm deliveries and calendar pairings
    /// (`sync_collection`, `sync_item`) it deleted, where their reminder or list exists.
    /// - Throws: `StoreError` from SQLite.
    public func restoreJournaledRecords(of change: Int64) throws {
        let id: [SQLValue] = [.integer(change)]
        try execute("""
            DELETE FROM occurrence WHERE (reminder, due) IN
                (SELECT reminder, due FROM journal_occurrence WHERE change = ? AND present = 0)
            """, id)
        try execute("""
            INSERT OR IGNORE INTO occurrence (reminder, due, due_time_zone, completed_at)
            SELECT j.reminder, j.due, j.due_time_zone, j.completed_at FROM journal_occurrence j
            WHERE j.change = ? AND j.present = 1 AND EXISTS (SELECT 1 FROM reminder WHERE number = j.reminder)
            """, id)
        try execute("""
            INSERT OR IGNORE INTO alarm_delivery (reminder, alarm_uid, fire_at, delivered_at, channel)
            SELECT j.reminder, j.alarm_uid, j.fire_at, j.delivered_at, j.channel FROM journal_alarm_delivery j
            WHERE j.change = ? AND EXISTS (SELECT 1 FROM reminder WHERE number = j.reminder)
            """, id)
        try execute("""
            INSERT OR IGNORE INTO sync_collection (account, url, list_id, sync_token, ctag, name, color, chosen_as)
            SELECT j.account, j.url, j.list_id, j.sync_token, j.ctag, j.name, j.color, j.chosen_as FROM journal_sync_collection j
            WHERE j.change = ? AND EXISTS (SELECT 1 FROM list WHERE id = j.list_id)
            """, id)
        try execute("""
            INSERT OR IGNORE INTO sync_item (account, collection_url, href, uid, etag, base, local_revision)
            SELECT j.account, j.collection_url, j.href, j.uid, j.etag, j.base, j.local_revision FROM journal_sync_item j
            WHERE j.change = ? AND EXISTS (SELECT 1 FROM sync_collection c WHERE c.account = j.account AND c.url = j.collection_url)
            """, id)
    }

    /// Marks `change` undone at `date`.
    /// - Throws: `StoreError` from SQLite.
    public func markUndone(_ change: Int64, at date: Date) throws {
        try execute("UPDATE journal_change SET undone_at = ? WHERE id = ?", [.text(Timestamp.string(date)), .integer(change)])
    }
}
