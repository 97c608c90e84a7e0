import Foundation

extension Schema {
    /// The columns of `reminder` a journal row copies, beyond its `number`: every column
    /// (`JournalTests.copiesEveryColumn` fails when a migration adds one to `reminder`
    /// without adding it here and to `journal_reminder`).
    static let journaledReminderColumns = """
        uid, list_id, title, notes, due, due_time_zone, start, start_time_zone, priority, flagged, completed_at,
        position, parent_uid, tags, url, recurrence, alarms, ical_extras, created_at, modified_at, recurrence_basis,
        next_alarm, revision
        """

    /// The columns of `list` a journal row copies, beyond its `id`: every column.
    static let journaledListColumns = "name, color, position, created_at, modified_at, ical_extras"

    /// Version 8: the change journal behind `tick undo` (issue 15).
    ///
    /// A command that changes data is one `journal_change`: its command line, when it was
    /// made, and when it was undone. Each of its write transactions puts the change's id in
    /// `journal_active` first and takes it out before committing, so no other connection ever
    /// sees a row there (the UI, the server, sync, the agent and other programs writing the
    /// file are not journaled, and need no function of Tick's for it) and a crash rolls it
    /// back with the rest. While the row is there, triggers copy the first state of every row it
    /// touches (phase 0, "before"): a `reminder` or `list` row as it was (`present` 0 when
    /// the command created it), an `occurrence` (a completed occurrence of a repeating
    /// reminder) as it was or absent, and the `alarm_delivery`, `sync_collection` and
    /// `sync_item` rows it deleted (a list deleted with its calendar pairing). BEFORE
    /// triggers see each row before any other trigger changes it, and cascaded deletes fire
    /// them too. When each of the command's transactions commits, the store copies the
    /// same `reminder` and `list` rows as they are then (phase 1, "after"; of a reminder
    /// the command created, only whether it exists and its `revision`): `tick undo`
    /// compares them with the rows as they are when it runs, so that it never overwrites
    /// a later change. The newest `Database.journalDepth` changes are kept.
    static let changeJournal = """
        CREATE TABLE journal_active (change INTEGER NOT NULL);
        CREATE TABLE journal_change (
            id        INTEGER PRIMARY KEY AUTOINCREMENT,
            made_at   TEXT NOT NULL,
            command   TEXT NOT NULL,
            undone_at TEXT
        );
        CREATE TABLE journal_reminder (
            change  INTEGER NOT NULL REFERENCES journal_change(id) ON DELETE CASCADE,
            phase   INTEGER NOT NULL CHECK (phase IN (0, 1)),
            number  INTEGER NOT NULL,
            present INTEGER NOT NULL CHECK (present IN (0, 1)),
            uid TEXT, list_id TEXT, title TEXT, notes TEXT, due TEXT, due_time_zone TEXT, start TEXT,
            start_time_zone TEXT, priority INTEGER, flagged INTEGER, completed_at TEXT, position INTEGER,
            parent_uid TEXT, tags TEXT, url TEXT, recurrence TEXT, alarms TEXT, ical_extras TEXT, created_at TEXT,
            modified_at TEXT, recurrence_basis TEXT, next_alarm TEXT, revision INTEGER,
            PRIMARY KEY (change, phase, number)
        ) WITHOUT ROWID;
        CREATE TABLE journal_list (
            change  INTEGER NOT NULL REFERENCES journal_change(id) ON DELETE CASCADE,
            phase   INTEGER NOT NULL CHECK (phase IN (0, 1)),
            id      TEXT NOT NULL,
            present INTEGER NOT NULL CHECK (present IN (0, 1)),
            name TEXT, color TEXT, position INTEGER, created_at TEXT, modified_at TEXT, ical_extras TEXT,
            PRIMARY KEY (change, phase, id)
        ) WITHOUT ROWID;
        CREATE TABLE journal_occurrence (
            change        INTEGER NOT NULL REFERENCES journal_change(id) ON DELETE CASCADE,
            reminder      INTEGER NOT NULL,
            due           TEXT NOT NULL,
            present       INTEGER NOT NULL CHECK (present IN (0, 1)),
            due_time_zone TEXT,
            completed_at  TEXT,
            PRIMARY KEY (change, reminder, due)
        ) WITHOUT ROWID;
        CREATE TABLE journal_alarm_delivery (
            change       INTEGER NOT NULL REFERENCES journal_change(id) ON DELETE CASCADE,
            reminder     INTEGER NOT NULL,
            alarm_uid    TEXT NOT NULL,
            fire_at      TEXT NOT NULL,
            delivered_at TEXT NOT NULL,
            channel      TEXT NOT NULL,
            PRIMARY KEY (change, reminder, alarm_uid, fire_at)
        ) WITHOUT ROWID;
        CREATE TABLE journal_sync_collection (
            change     INTEGER NOT NULL REFERENCES journal_change(id) ON DELETE CASCADE,
            account    TEXT NOT NULL,
            url        TEXT NOT NULL,
            list_id    TEXT NOT NULL,
            sync_token TEXT,
            ctag       TEXT,
            name       TEXT,
            color      TEXT,
            PRIMARY KEY (change, account, url)
        ) WITHOUT ROWID;
        CREATE TABLE journal_sync_item (
            change         INTEGER NOT NULL REFERENCES journal_change(id) ON DELETE CASCADE,
            account        TEXT NOT NULL,
            collection_url TEXT NOT NULL,
            href           TEXT NOT NULL,
            uid            TEXT NOT NULL,
            etag           TEXT,
            base           TEXT NOT NULL,
            local_revision INTEGER NOT NULL,
            PRIMARY KEY (change, account, collection_url, href)
        ) WITHOUT ROWID;

        CREATE TRIGGER journal_reminder_insert AFTER INSERT ON reminder
            WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
            INSERT OR IGNORE INTO journal_reminder (change, phase, number, present)
                VALUES ((SELECT change FROM journal_active), 0, new.number, 0);
        END;
        \(journalCopy(table: "reminder", key: "number", columns: journaledReminderColumns, on: "UPDATE"))
        \(journalCopy(table: "reminder", key: "number", columns: journaledReminderColumns, on: "DELETE"))
        CREATE TRIGGER journal_list_insert AFTER INSERT ON list
            WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
            INSERT OR IGNORE INTO journal_list (change, phase, id, present) VALUES ((SELECT change FROM journal_active), 0, new.id, 0);
        END;
        \(journalCopy(table: "list", key: "id", columns: journaledListColumns, on: "UPDATE"))
        \(journalCopy(table: "list", key: "id", columns: journaledListColumns, on: "DELETE"))
        CREATE TRIGGER journal_occurrence_insert AFTER INSERT ON occurrence
            WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
            INSERT OR IGNORE INTO journal_occurrence (change, reminder, due, present)
                VALUES ((SELECT change FROM journal_active), new.reminder, new.due, 0);
        END;
        CREATE TRIGGER journal_occurrence_delete BEFORE DELETE ON occurrence
            WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
            INSERT OR IGNORE INTO journal_occurrence (change, reminder, due, present, due_time_zone, completed_at)
                VALUES ((SELECT change FROM journal_active), old.reminder, old.due, 1, old.due_time_zone, old.completed_at);
        END;
        CREATE TRIGGER journal_alarm_delivery_delete BEFORE DELETE ON alarm_delivery
            WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
            INSERT OR IGNORE INTO journal_alarm_delivery (change, reminder, alarm_uid, fire_at, delivered_at, channel)
                VALUES ((SELECT change FROM journal_active), old.reminder, old.alarm_uid, old.fire_at, old.delivered_at, old.channel);
        END;
        CREATE TRIGGER journal_sync_collection_delete BEFORE DELETE ON sync_collection
            WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
            INSERT OR IGNORE INTO journal_sync_collection (change, account, url, list_id, sync_token, ctag, name, color)
                VALUES ((SELECT change FROM journal_active), old.account, old.url, old.list_id, old.sync_token, old.ctag, old.name, old.color);
        END;
        CREATE TRIGGER journal_sync_item_delete BEFORE DELETE ON sync_item
            WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
            INSERT OR IGNORE INTO journal_sync_item (change, account, collection_url, href, uid, etag, base, local_revision)
                VALUES ((SELECT change FROM journal_active), old.account, old.collection_url, old.href, old.uid, old.etag, old.base,
                        old.local_revision);
        END;
        """

    /// The names of a comma-separated column list, trimmed.
    static func columnNames(_ columns: String) -> [String] {
        // Bytes, not Foundation's trimming: these are built at every journaled write, and
        // the names are ASCII with no space inside.
        columns.utf8.split(separator: UInt8(ascii: ",")).map { name in
            String(decoding: name.filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }, as: UTF8.self)
        }
    }

    /// `columns` with each name qualified by `table` (`r.uid, r.list_id, …`).
    static func qualified(_ columns: String, by table: String) -> String {
        columnNames(columns).map { table + "." + $0 }.joined(separator: ", ")
    }

    /// The trigger of `changeJournal` that copies a row of `table` as it was before an
    /// `UPDATE` or a `DELETE` (`event`), the first time the running change touches it.
    private static func journalCopy(table: String, key: String, columns: String, on event: String) -> String {
        let names = columnNames(columns)
        return """
            CREATE TRIGGER journal_\(table)_\(event.lowercased()) BEFORE \(event) ON \(table)
                WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
                INSERT OR IGNORE INTO journal_\(table) (change, phase, \(key), present, \(names.joined(separator: ", ")))
                    VALUES ((SELECT change FROM journal_active), 0, old.\(key), 1, \(names.map { "old." + $0 }.joined(separator: ", ")));
            END;
            """
    }
}
