import Foundation
import TickModel

/// The change journal on PostgreSQL (schema step 9): one user's changes, recorded by the
/// triggers while `tick.journal_change` is set (`recordingChange`), read and taken back by
/// `Actions.undo` through `JournalStore`. What it reads is the journal of `user` (the owner of
/// the rows) restricted to the changes `actor` made: a user undoes their own changes only,
/// never those of someone a list is shared with, nor theirs.
extension PostgresDatabase: JournalStore {
    /// Runs `body` in this write transaction as one change of the journal, made by `actor`
    /// at `date` and described by `describe` of what `body` returned; a body that touched no
    /// list, reminder or completed occurrence leaves no change. The caller's transaction must
    /// be the body's whole transaction: the journal's setting lasts until it ends, and the
    /// rows are kept or lost with it (a retried transaction records its change once).
    /// - Returns: `body`'s value and the change's id (nil when `body` wrote nothing).
    /// - Throws: what `body` throws; `PostgresError` from the server.
    public func recordingChange<T>(at date: Date, describedBy describe: (T) -> String,
                                   _ body: () throws -> T) throws -> (value: T, change: Int64?) {
        let id = try scalar("""
            INSERT INTO journal_changes (owner, id, actor, made_at, command)
            VALUES ($1, set_config('tick.journal_change', nextval('journal_change_ids')::text, true)::bigint
                        + 0 * length(set_config('tick.journal_owner', $1, true)), $2, $3, '')
            RETURNING id
            """, [actor.rawValue, date], as: Int64.self) ?? 0
        let value = try body()
        // The rows as the change leaves them (phase 1), its description, the journal's setting
        // cleared for what follows, and the actor's oldest changes in the owner's journal
        // dropped in batches (once it holds `depth` + 16 of theirs, this one counted, down to
        // the newest `depth`: by the actor's count there, so that the members of a shared list
        // never push the owner's own changes out, nor one member another's; ids are shared by
        // every journal), with the newest id dropped that changed a share noted as that
        // list's horizon (a tester: any actor's dropped edits had blocked the undo of
        // shares nobody touched since; then one list's, the others'), in one
        // statement; then the change dropped if it touched nothing. (A data-modifying WITH runs
        // to its end whether or not the query reads it.)
        let kept = try scalar("""
            WITH pruned AS (
                DELETE FROM journal_changes WHERE owner = $1 AND actor = $6
                    AND id < (SELECT id FROM journal_changes WHERE owner = $1 AND actor = $6 ORDER BY id DESC OFFSET $4 LIMIT 1)
                    AND EXISTS (SELECT FROM journal_changes WHERE owner = $1 AND actor = $6 ORDER BY id DESC OFFSET $5 LIMIT 1)
                RETURNING id
            ), horizon AS (
                INSERT INTO journal_list_horizons (owner, list_id, pruned_through)
                SELECT $1, m.list_id, max(p.id) FROM pruned p JOIN journal_list_members m ON m.owner = $1 AND m.change = p.id
                GROUP BY m.list_id
                ON CONFLICT (owner, list_id) DO UPDATE
                    SET pruned_through = greatest(journal_list_horizons.pruned_through, excluded.pruned_through)
            ), described AS (
                UPDATE journal_changes SET command = $3 WHERE owner = $1 AND id = $2
            ), reminders_after AS (
                INSERT INTO journal_reminders (owner, change, phase, number, present, \(PostgresSchema.journaledReminderColumns))
                SELECT b.owner, b.change, 1, b.number, r.number IS NOT NULL, \(PostgresSchema.qualified(PostgresSchema.journaledReminderColumns, by: "r"))
                FROM journal_reminders b LEFT JOIN reminders r ON r.owner = b.owner AND r.number = b.number
                WHERE b.owner = $1 AND b.change = $2 AND b.phase = 0
                RETURNING 1
            ), lists_after AS (
                INSERT INTO journal_lists (owner, change, phase, id, present, \(PostgresSchema.journaledListColumns))
                SELECT b.owner, b.change, 1, b.id, l.id IS NOT NULL, \(PostgresSchema.qualified(PostgresSchema.journaledListColumns, by: "l"))
                FROM journal_lists b LEFT JOIN lists l ON l.owner = b.owner AND l.id = b.id
                WHERE b.owner = $1 AND b.change = $2 AND b.phase = 0
                RETURNING 1
            )
            SELECT (SELECT count(*) FROM reminders_after) + (SELECT count(*) FROM lists_after)
                + (SELECT count(*) FROM journal_completed_occurrences WHERE owner = $1 AND change = $2)
                + (SELECT count(*) FROM journal_alarm_deliveries WHERE owner = $1 AND change = $2)
                + (SELECT count(*) FROM journal_list_members WHERE owner = $1 AND change = $2)
                + 0 * length(set_config('tick.journal_change', '', true))
            """, [id, describe(value), JournalChange.depth - 1, JournalChange.depth + 15, actor.rawValue], as: Int64.self) ?? 0
        guard kept > 0 else {
            try run("DELETE FROM journal_changes WHERE owner = $1 AND id = $2", [id])
            return (value, nil)
        }
        return (value, id)
    }

    /// The newest `limit` changes `actor` made in `user`'s data, newest first; undone ones
    /// only when `includingUndone`.
    public func journalChanges(limit: Int, includingUndone: Bool) throws -> [JournalChange] {
        try changes(where: "c.owner = $1 AND c.actor = $2", limit: limit, includingUndone: includingUndone)
    }

    /// The newest `limit` changes `actor` made in lists other users share with `user` now (to
    /// view or to edit), which are in those owners' journals, newest first; undone ones only
    /// when `includingUndone`. Change ids are shared by every user's journal, so these and
    /// `journalChanges` sort together by id.
    public func journalChangesInSharedLists(limit: Int, includingUndone: Bool) throws -> [JournalChange] {
        try changes(where: """
            c.actor = $2 AND c.owner <> $1 AND EXISTS (
                SELECT 1 FROM journal_reminders j JOIN list_members m ON m.list_id = j.list_id AND m.user_id = $1 AND m.role <> 'owner'
                WHERE j.owner = c.owner AND j.change = c.id)
            """, limit: limit, includingUndone: includingUndone)
    }

    /// The changes that `condition` (on `journal_changes c`; `$1` is `user`, `$2` `actor`)
    /// keeps, newest first, each with what it did counted.
    private func changes(where condition: String, limit: Int, includingUndone: Bool) throws -> [JournalChange] {
        // What each change did, counted from its rows before (phase 0) and after (phase 1).
        func counts(_ table: String, key: String) -> String {
            """
            LEFT JOIN LATERAL (
                SELECT count(*) FILTER (WHERE NOT b.present AND a.present) AS added,
                    count(*) FILTER (WHERE b.present AND NOT a.present) AS deleted,
                    count(*) FILTER (WHERE b.present AND a.present) AS changed
                FROM \(table) b JOIN \(table) a ON a.owner = b.owner AND a.change = b.change AND a.phase = 1 AND a.\(key) = b.\(key)
                WHERE b.owner = c.owner AND b.change = c.id AND b.phase = 0
            ) AS \(table) ON true
            """
        }
        let rows = try run("""
            SELECT c.id, c.made_at, c.command, c.undone_at, journal_reminders.added AS reminders_added,
                journal_reminders.deleted AS reminders_deleted, journal_reminders.changed AS reminders_changed,
                journal_lists.added AS lists_added, journal_lists.deleted AS lists_deleted, journal_lists.changed AS lists_changed
            FROM journal_changes c \(counts("journal_reminders", key: "number")) \(counts("journal_lists", key: "id"))
            WHERE \(condition) \(includingUndone ? "" : "AND c.undone_at IS NULL")
            ORDER BY c.id DESC LIMIT $3
            """, [actor.rawValue, limit])
        return try rows.map { row throws(PostgresError) in
            var summary = JournalSummary()
            summary.remindersAdded = Int(try row.decode("reminders_added", as: Int64.self))
            summary.remindersDeleted = Int(try row.decode("reminders_deleted", as: Int64.self))
            summary.remindersChanged = Int(try row.decode("reminders_changed", as: Int64.self))
            summary.listsAdded = Int(try row.decode("lists_added", as: Int64.self))
            summary.listsDeleted = Int(try row.decode("lists_deleted", as: Int64.self))
            summary.listsChanged = Int(try row.decode("lists_changed", as: Int64.self))
            return JournalChange(id: try row.decode("id"), madeAt: try row.decode("made_at"), command: try row.decode("command"),
                                 undoneAt: try row.decodeIfPresent("undone_at"), summary: summary)
        }
    }

    /// Whether `change` is one of `actor`'s in `user`'s journal.
    private func ownsChange(_ change: Int64) throws -> Bool {
        try scalar("SELECT 1 FROM journal_changes WHERE owner = $1 AND id = $2 AND actor = $3", [change, actor.rawValue],
                   as: Int64.self) != nil
    }

    /// The reminders `change` touched, by number (none for a change that is not `actor`'s).
    public func journaledReminders(of change: Int64) throws -> [JournaledReminder] {
        guard try ownsChange(change) else { return [] }
        var entries: [Int64: JournaledReminder] = [:]
        let rows = try run("""
            SELECT phase, number, present, \(PostgresSchema.journaledReminderColumns) FROM journal_reminders
            WHERE owner = $1 AND change = $2 ORDER BY phase, number
            """, [change])
        let positions = ReminderColumns.Positions(rows)
        for row in rows {
            let number: Int64 = try row.decode("number")
            let reminder = try row.decode("present", as: Bool.self) ? try ReminderColumns.decode(row, at: positions) : nil
            if try row.decode("phase", as: Int64.self) == 0 {
                entries[number] = JournaledReminder(number: .init(number), before: reminder, beforeRevision: reminder.map(Self.revision(of:)),
                                                    after: nil, existedAfter: false, afterRevision: nil)
            } else if var entry = entries[number] {
                entry.existedAfter = reminder != nil
                entry.afterRevision = reminder.map(Self.revision(of:))
                entry.after = entry.before != nil ? reminder : nil
                entries[number] = entry
            }
        }
        return entries.values.sorted { $0.number.rawValue < $1.number.rawValue }
    }

    /// The lists `change` touched (none for a change that is not `actor`'s).
    public func journaledLists(of change: Int64) throws -> [JournaledList] {
        guard try ownsChange(change) else { return [] }
        var entries: [ReminderList.ID: JournaledList] = [:]
        var order: [ReminderList.ID] = []
        for row in try run("""
            SELECT phase, id, present, \(PostgresSchema.journaledListColumns) FROM journal_lists
            WHERE owner = $1 AND change = $2 ORDER BY phase, id
            """, [change]) {
            let id = ReminderList.ID(rawValue: try row.decode("id"))
            let list = try row.decode("present", as: Bool.self) ? try decodeList(row) : nil
            if try row.decode("phase", as: Int64.self) == 0 {
                entries[id] = JournaledList(id: id, before: list, after: nil)
                order.append(id)
            } else {
                entries[id]?.after = list
            }
        }
        return order.compactMap { entries[$0] }
    }

    /// The newest change of `actor`'s, not undone, that deleted the reminder `uid`.
    public func changeDeleting(uid: ReminderUID) throws -> Int64? {
        try scalar("""
            SELECT c.id FROM journal_changes c
            JOIN journal_reminders b ON b.owner = c.owner AND b.change = c.id AND b.phase = 0 AND b.present AND b.uid = $3
            JOIN journal_reminders a ON a.owner = c.owner AND a.change = c.id AND a.phase = 1 AND a.number = b.number AND NOT a.present
            WHERE c.owner = $1 AND c.actor = $2 AND c.undone_at IS NULL ORDER BY c.id DESC LIMIT 1
            """, [actor.rawValue, uid.rawValue], as: Int64.self)
    }

    /// The reminder `uid` as it was just before the newest deletion of it, not undone, that
    /// another user made in this user's journal (a member of a list this user shares), with
    /// the numbers of its subtasks that deletion left top-level: what lets a list's owner put
    /// back what a member deleted, also once the member is gone. Nil when there is none, and
    /// for a store opened through a share (only the owner restores this way).
    /// - Throws: `PostgresError` from the server; `StoreError` for a row that does not decode.
    public func deletionByAnotherUser(uid: ReminderUID) throws -> (reminder: Reminder, subtasks: [Reminder.Number], change: Int64)? {
        guard actor == user else { return nil }
        let rows = try run("""
            SELECT b.change, \(PostgresSchema.qualified(PostgresSchema.journaledReminderColumns, by: "b")), b.number FROM journal_changes c
            JOIN journal_reminders b ON b.owner = c.owner AND b.change = c.id AND b.phase = 0 AND b.present AND b.uid = $2
            JOIN journal_reminders a ON a.owner = c.owner AND a.change = c.id AND a.phase = 1 AND a.number = b.number AND NOT a.present
            WHERE c.owner = $1 AND c.actor <> c.owner AND c.undone_at IS NULL ORDER BY c.id DESC LIMIT 1
            """, [uid.rawValue])
        guard let row = rows.first else { return nil }
        let reminder = try ReminderColumns.decode(row, at: ReminderColumns.Positions(rows))
        let change: Int64 = try row.decode("change")
        let subtasks = try run("""
            SELECT a.number FROM journal_reminders b
            JOIN journal_reminders a ON a.owner = b.owner AND a.change = b.change AND a.phase = 1 AND a.number = b.number AND a.present
            WHERE b.owner = $1 AND b.change = $2 AND b.phase = 0 AND b.present AND b.parent_uid = $3 AND a.parent_uid IS NULL
            ORDER BY a.number
            """, [change, uid.rawValue]).map { row throws(PostgresError) in Reminder.Number(try row.decode("number", as: Int64.self)) }
        return (reminder, subtasks, change)
    }

    /// Puts back the completed occurrences and alarm deliveries of the reminder `number`
    /// that `change` deleted with it (another user's change in this user's journal, whose
    /// deletion `deletionByAnotherUser` found), where the reminder exists again: its
    /// history comes back with it (a tester: a daily reminder came back with none). Nothing
    /// for a store opened through a share.
    public func restoreJournaledRecords(of change: Int64, reminder number: Reminder.Number) throws {
        guard actor == user else { return }
        try putBackOccurrencesAndDeliveries(of: change, reminder: number)
    }

    /// Inserts the completed occurrences and alarm deliveries `change` recorded as they were
    /// (of the reminder `number` only, or of every one), where their reminder exists.
    private func putBackOccurrencesAndDeliveries(of change: Int64, reminder number: Reminder.Number? = nil) throws {
        let only = number == nil ? "" : " AND j.reminder = $3"
        let parameters: [any PostgresEncodable] = number.map { [change, $0.rawValue] } ?? [change]
        try run("""
            INSERT INTO completed_occurrences (owner, reminder, due, due_time_zone, completed_at)
            SELECT j.owner, j.reminder, j.due, j.due_time_zone, j.completed_at FROM journal_completed_occurrences j
            WHERE j.owner = $1 AND j.change = $2\(only) AND j.present
                AND EXISTS (SELECT 1 FROM reminders r WHERE r.owner = j.owner AND r.number = j.reminder)
            ON CONFLICT DO NOTHING
            """, parameters)
        try run("""
            INSERT INTO alarm_deliveries (owner, reminder, alarm_uid, fire_at, delivered_at, channel)
            SELECT j.owner, j.reminder, j.alarm_uid, j.fire_at, j.delivered_at, j.channel FROM journal_alarm_deliveries j
            WHERE j.owner = $1 AND j.change = $2\(only) AND EXISTS (SELECT 1 FROM reminders r WHERE r.owner = j.owner AND r.number = j.reminder)
            ON CONFLICT DO NOTHING
            """, parameters)
    }

    /// The reminder's revision on PostgreSQL: a hash of what it holds (`revision(of:)`), so
    /// a reminder put back as it was has the revision it had.
    public func revision(uid: ReminderUID) throws -> Int64? {
        try reminder(uid: uid).map(Self.revision(of:))
    }

    /// Nothing to keep on PostgreSQL: the revision is computed from the reminder's fields.
    public func setRevision(ofReminder number: Reminder.Number, to revision: Int64) throws {}

    /// FNV-1a (64 bits) of every field of `reminder` a calendar client sees (not its number,
    /// place or times): two states with the same revision hold the same reminder.
    static func revision(of reminder: Reminder) -> Int64 {
        let due = ReminderColumns.columns(reminder.due), start = ReminderColumns.columns(reminder.start)
        let fields: [String?] = [reminder.uid.rawValue, reminder.listID.rawValue, reminder.title, reminder.notes, due.text, due.zone,
                                 start.text, start.zone, String(reminder.priority.iCalendarValue), reminder.isFlagged ? "1" : "0",
                                 reminder.completedAt.map { String(PostgresDatabase.stored($0).timeIntervalSince1970) },
                                 reminder.parentUID?.rawValue, ReminderColumns.tagsJSON(reminder.tags), reminder.url,
                                 reminder.recurrence?.rruleValue, reminder.recurrenceBasis.rawValue,
                                 ReminderColumns.alarmsJSON(reminder.alarms), reminder.iCalendarExtras]
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for field in fields {
            // Each field with a marker of absence and a separator, so that no two states share bytes.
            for byte in (field.map { "+" + $0 } ?? "-").utf8 + [0] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        return Int64(bitPattern: hash)
    }

    /// Puts the user's list `id` at `position` exactly.
    public func setPosition(ofList id: ReminderList.ID, to position: Int) throws {
        try run("UPDATE lists SET position = $3 WHERE owner = $1 AND id = $2", [id.rawValue, position])
    }

    /// Puts back the completed occurrences of `change` as they were (deleting the ones it
    /// added), the alarm deliveries it deleted, where their reminder exists, and the shares it
    /// added (removed), changed or removed (put back, where the list and the user exist).
    public func restoreJournaledRecords(of change: Int64) throws {
        guard try ownsChange(change) else { return }
        try run("""
            DELETE FROM completed_occurrences o USING journal_completed_occurrences j
            WHERE j.owner = $1 AND j.change = $2 AND NOT j.present AND o.owner = j.owner AND o.reminder = j.reminder AND o.due = j.due
            """, [change])
        try putBackOccurrencesAndDeliveries(of: change)
        try run("""
            DELETE FROM list_members m USING journal_list_members j
            WHERE j.owner = $1 AND j.change = $2 AND NOT j.present AND m.list_id = j.list_id AND m.user_id = j.user_id AND m.role <> 'owner'
            """, [change])
        try run("""
            INSERT INTO list_members (list_id, user_id, role)
            SELECT j.list_id, j.user_id, j.role FROM journal_list_members j
            WHERE j.owner = $1 AND j.change = $2 AND j.present AND EXISTS (SELECT 1 FROM lists l WHERE l.id = j.list_id)
                AND EXISTS (SELECT 1 FROM users u WHERE u.id = j.user_id)
            ON CONFLICT (list_id, user_id) DO UPDATE SET role = EXCLUDED.role WHERE list_members.role <> 'owner'
            """, [change])
    }

    /// The shares `change` added, changed or removed that a later change not undone, in
    /// anyone's journal, touched again: putting them back would undo that change too (a
    /// tester: a member left, the owner shared the list again and then stopped; undoing the
    /// leave gave the member write access again). Change ids come from one sequence, so
    /// "later" holds across journals. When the list's owner's journal no longer reaches back
    /// to `change` (it keeps each actor's newest `JournalChange.depth` or so, and notes in
    /// `journal_list_horizons` the newest id it dropped among the changes that added, changed
    /// or removed one of the list's shares; `journal_horizons`, per owner, from before schema
    /// step 13), a later change to the share may be gone from it: that share is refused too,
    /// rather than put back unseen (the tester again).
    public func laterChangesToJournaledRecords(of change: Int64) throws -> [String] {
        guard try ownsChange(change) else { return [] }
        var conflicts: [String] = []
        for row in try run("""
            SELECT coalesce(l.name, j.list_id) AS list_name, coalesce(u.name, j.user_id) AS user_name,
                EXISTS (
                    SELECT 1 FROM journal_list_members k
                        JOIN journal_changes c ON c.owner = k.owner AND c.id = k.change
                    WHERE k.list_id = j.list_id AND k.user_id = j.user_id AND k.change > j.change AND c.undone_at IS NULL
                ) AS touched
            FROM journal_list_members j
                LEFT JOIN lists l ON l.id = j.list_id
                LEFT JOIN users u ON u.id = j.user_id
            WHERE j.owner = $1 AND j.change = $2 AND (
                EXISTS (
                    SELECT 1 FROM journal_list_members k
                        JOIN journal_changes c ON c.owner = k.owner AND c.id = k.change
                    WHERE k.list_id = j.list_id AND k.user_id = j.user_id AND k.change > j.change AND c.undone_at IS NULL)
                OR (SELECT h.pruned_through FROM journal_horizons h WHERE h.owner = l.owner) > j.change
                OR (SELECT h.pruned_through FROM journal_list_horizons h WHERE h.owner = l.owner AND h.list_id = j.list_id) > j.change)
            ORDER BY list_name, user_name
            """, [change]) {
            let list: String = try row.decode("list_name")
            let user: String = try row.decode("user_name")
            conflicts.append(try row.decode("touched", as: Bool.self)
                ? "the list '\(list)' was shared or unshared with \(user) since"
                : "the list '\(list)' has changed too much since to tell whether it was shared or unshared with \(user) meanwhile")
        }
        return conflicts
    }

    /// Marks `actor`'s change `change` undone at `date`.
    public func markUndone(_ change: Int64, at date: Date) throws {
        try run("UPDATE journal_changes SET undone_at = $3 WHERE owner = $1 AND id = $2 AND actor = $4", [change, date, actor.rawValue])
    }
}
