/// Tick's schema, as the migrations that build it. Documented for people who read their
/// data with `sqlite3`; see also README "Where your data lives".
///
/// Conventions: timestamps are UTC text `YYYY-MM-DDTHH:MM:SS.sssZ`; a due or start date
/// is text in one of three forms (all-day `YYYY-MM-DD`, floating `YYYY-MM-DDTHH:MM:SS`,
/// timed `YYYY-MM-DDTHH:MM:SSZ` in UTC with the zone name in the `…_time_zone` column);
/// priority is the iCalendar number (0 none, 1 high, 5 medium, 9 low).
enum Schema {
    /// `application_id` stamped into every Tick database ("Tick" in ASCII), so that a
    /// foreign SQLite file is recognized and left alone (https://sqlite.org/pragma.html#pragma_application_id).
    static let applicationID: Int32 = 0x5469_636B

    /// Every migration, in order. Never edit one that has shipped; append a new one.
    static let migrator: Migrator = {
        var migrator = Migrator()
        migrator.register("core", script: core)
        migrator.register("interchange", script: interchange)
        migrator.register("alarms", script: alarms)
        migrator.register("listing", script: listing)
        migrator.register("search folding", script: searchFolding)
        migrator.register("sync", script: sync)
        migrator.register("list counts", script: listCounts)
        migrator.register("change journal", script: changeJournal)
        migrator.register("search accents and tags", script: searchAccents)
        migrator.register("dav changes", script: davChanges)
        migrator.register("dav tombstone horizon", script: davHorizon)
        migrator.register("sync chosen names", script: syncChosenNames)
        migrator.register("zoned reminders", script: zonedReminders)
        migrator.register("dav list created", script: davListCreated)
        migrator.register("reminders naming children", script: remindersNamingChildren)
        migrator.register("pending upgrades", script: pendingUpgrades)
        migrator.register("sync conflicts", script: syncConflicts)
        return migrator
    }()

    /// Version 1: lists and reminders, manual order, full-text search.
    static let core = """
        CREATE TABLE list (
            id          TEXT PRIMARY KEY NOT NULL,
            name        TEXT NOT NULL,
            color       TEXT NOT NULL,
            position    INTEGER NOT NULL,
            created_at  TEXT NOT NULL,
            modified_at TEXT NOT NULL
        );
        CREATE UNIQUE INDEX list_name ON list(name COLLATE NOCASE);

        CREATE TABLE reminder (
            number        INTEGER PRIMARY KEY AUTOINCREMENT,
            uid           TEXT NOT NULL UNIQUE,
            list_id       TEXT NOT NULL REFERENCES list(id) ON DELETE CASCADE,
            title         TEXT NOT NULL,
            notes         TEXT NOT NULL DEFAULT '',
            due           TEXT,
            due_time_zone TEXT,
            priority      INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 9),
            flagged       INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1)),
            completed_at  TEXT,
            position      INTEGER NOT NULL,
            created_at    TEXT NOT NULL,
            modified_at   TEXT NOT NULL
        );
        CREATE INDEX reminder_list_position ON reminder(list_id, position);
        CREATE INDEX reminder_open_list_position ON reminder(list_id, position) WHERE completed_at IS NULL;
        CREATE INDEX reminder_open_due ON reminder(due) WHERE completed_at IS NULL AND due IS NOT NULL;
        CREATE INDEX reminder_open_flagged ON reminder(list_id, position) WHERE completed_at IS NULL AND flagged = 1;
        CREATE INDEX reminder_completed ON reminder(completed_at) WHERE completed_at IS NOT NULL;

        CREATE VIRTUAL TABLE reminder_search USING fts5(
            title, notes, content = 'reminder', content_rowid = 'number', tokenize = 'trigram'
        );
        CREATE TRIGGER reminder_search_insert AFTER INSERT ON reminder BEGIN
            INSERT INTO reminder_search(rowid, title, notes) VALUES (new.number, new.title, new.notes);
        END;
        CREATE TRIGGER reminder_search_delete AFTER DELETE ON reminder BEGIN
            INSERT INTO reminder_search(reminder_search, rowid, title, notes)
                VALUES ('delete', old.number, old.title, old.notes);
        END;
        CREATE TRIGGER reminder_search_update AFTER UPDATE OF title, notes ON reminder
            WHEN old.title IS NOT new.title OR old.notes IS NOT new.notes BEGIN
            INSERT INTO reminder_search(reminder_search, rowid, title, notes)
                VALUES ('delete', old.number, old.title, old.notes);
            INSERT INTO reminder_search(rowid, title, notes) VALUES (new.number, new.title, new.notes);
        END;
        """

    /// Version 2: what iCalendar and Taskwarrior bring: start date, parent, tags, URL,
    /// recurrence, alarms, and the properties Tick does not model, kept for round trips.
    /// `tags` and `alarms` are JSON arrays; `reminder_tag` indexes tags and is kept in step
    /// with `tags` by triggers.
    static let interchange = """
        ALTER TABLE list ADD COLUMN ical_extras TEXT NOT NULL DEFAULT '';

        ALTER TABLE reminder ADD COLUMN start TEXT;
        ALTER TABLE reminder ADD COLUMN start_time_zone TEXT;
        ALTER TABLE reminder ADD COLUMN parent_uid TEXT;
        ALTER TABLE reminder ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE reminder ADD COLUMN url TEXT;
        ALTER TABLE reminder ADD COLUMN recurrence TEXT;
        ALTER TABLE reminder ADD COLUMN alarms TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE reminder ADD COLUMN ical_extras TEXT NOT NULL DEFAULT '';
        CREATE INDEX reminder_parent ON reminder(parent_uid) WHERE parent_uid IS NOT NULL;

        CREATE TABLE reminder_tag (
            reminder INTEGER NOT NULL REFERENCES reminder(number) ON DELETE CASCADE,
            tag      TEXT NOT NULL COLLATE NOCASE,
            PRIMARY KEY (tag, reminder)
        ) WITHOUT ROWID;
        CREATE INDEX reminder_tag_reminder ON reminder_tag(reminder);
        CREATE TRIGGER reminder_tag_insert AFTER INSERT ON reminder WHEN new.tags <> '[]' BEGIN
            INSERT OR IGNORE INTO reminder_tag(reminder, tag)
                SELECT new.number, value FROM json_each(new.tags);
        END;
        CREATE TRIGGER reminder_tag_update AFTER UPDATE OF tags ON reminder WHEN old.tags IS NOT new.tags BEGIN
            DELETE FROM reminder_tag WHERE reminder = old.number;
            INSERT OR IGNORE INTO reminder_tag(reminder, tag)
                SELECT new.number, value FROM json_each(new.tags);
        END;
        """

    /// Version 3: recurrence and alarms (issue 4).
    ///
    /// - `reminder.recurrence_basis`: `due` or `completion`, what a recurring reminder's
    ///   next occurrence counts from (iCalendar has no property for it).
    /// - `reminder.next_alarm`: the instant of the reminder's earliest alarm still to
    ///   ring (UTC text), NULL when none or when completed; maintained by the store on
    ///   every write and indexed, so the agent finds the next alarm without reading every
    ///   reminder. All-day and floating dates are read as UTC here (the store knows no
    ///   user zone); the agent reads candidates up to 14 hours early and computes the
    ///   exact instant in the user's zone. Rows that had alarms before this version get
    ///   `0001-01-01…`, which the agent recomputes on its first pass.
    /// - `occurrence`: one row per completed occurrence of a recurring reminder (its due
    ///   date as stored in `reminder.due`), the history `tick undone` steps back through
    ///   and the record that makes completing one occurrence twice impossible.
    /// - `alarm_delivery`: one row per alarm delivered, keyed by reminder, alarm UID and
    ///   the instant it rang for; written in the same transaction that marks the alarm
    ///   fired, and checked before delivering, so an alarm rings once even when an
    ///   import brings it back unfired.
    static let alarms = """
        ALTER TABLE reminder ADD COLUMN recurrence_basis TEXT NOT NULL DEFAULT 'due'
            CHECK (recurrence_basis IN ('due', 'completion'));
        ALTER TABLE reminder ADD COLUMN next_alarm TEXT;
        UPDATE reminder SET next_alarm = '0001-01-01T00:00:00.000Z' WHERE completed_at IS NULL AND alarms <> '[]';
        CREATE INDEX reminder_next_alarm ON reminder(next_alarm) WHERE next_alarm IS NOT NULL;

        CREATE TABLE occurrence (
            reminder      INTEGER NOT NULL REFERENCES reminder(number) ON DELETE CASCADE,
            due           TEXT NOT NULL,
            due_time_zone TEXT,
            completed_at  TEXT NOT NULL,
            PRIMARY KEY (reminder, due)
        ) WITHOUT ROWID;
        CREATE INDEX occurrence_completed ON occurrence(reminder, completed_at);

        CREATE TABLE alarm_delivery (
            reminder     INTEGER NOT NULL REFERENCES reminder(number) ON DELETE CASCADE,
            alarm_uid    TEXT NOT NULL,
            fire_at      TEXT NOT NULL,
            delivered_at TEXT NOT NULL,
            channel      TEXT NOT NULL,
            PRIMARY KEY (reminder, alarm_uid, fire_at)
        ) WITHOUT ROWID;
        """

    /// Version 4: covering indexes for the listings people run most (issue 2).
    ///
    /// `reminder_open_list_summary` and `reminder_open_due_summary` hold, after their
    /// keys, every column a `ReminderSummary` reads, so `tick list NAME`, `tick list
    /// today` and `tick list overdue` read their rows from a few contiguous index pages
    /// instead of one table page per row (https://sqlite.org/queryplanner.html#covidx).
    /// They have the keys and conditions of `reminder_open_list_position` and
    /// `reminder_open_due`, which they replace. `list_id, position, number` is also the
    /// order in which a list is paged through.
    static let listing = """
        CREATE INDEX reminder_open_list_summary ON reminder(
            list_id, position, number, uid, title, due, due_time_zone, priority, flagged, completed_at,
            parent_uid, tags, recurrence, recurrence_basis
        ) WHERE completed_at IS NULL;
        CREATE INDEX reminder_open_due_summary ON reminder(
            due, list_id, position, number, uid, title, due_time_zone, priority, flagged, completed_at,
            parent_uid, tags, recurrence, recurrence_basis
        ) WHERE completed_at IS NULL AND due IS NOT NULL;
        DROP INDEX reminder_open_list_position;
        DROP INDEX reminder_open_due;
        """

    /// Version 5: search matches text as people mean it, whatever its Unicode form or
    /// case: the full-text index holds `tick_search_text(title)` and of `notes` (NFKC
    /// and full case folding: `Straße` and `STRASSE`, NFC and NFD `Café` index alike;
    /// `SearchFolding.folded`), read through the view `reminder_search_text`. The function
    /// is Tick's own, registered on every connection Tick opens; writing reminders from
    /// the `sqlite3` shell therefore needs Tick (reading does not).
    static let searchFolding = """
        DROP TRIGGER reminder_search_insert;
        DROP TRIGGER reminder_search_delete;
        DROP TRIGGER reminder_search_update;
        DROP TABLE reminder_search;
        CREATE VIEW reminder_search_text AS
            SELECT number, tick_search_text(title) AS title, tick_search_text(notes) AS notes FROM reminder;
        CREATE VIRTUAL TABLE reminder_search USING fts5(
            title, notes, content = 'reminder_search_text', content_rowid = 'number', tokenize = 'trigram'
        );
        CREATE TRIGGER reminder_search_insert AFTER INSERT ON reminder BEGIN
            INSERT INTO reminder_search(rowid, title, notes)
                VALUES (new.number, tick_search_text(new.title), tick_search_text(new.notes));
        END;
        CREATE TRIGGER reminder_search_delete AFTER DELETE ON reminder BEGIN
            INSERT INTO reminder_search(reminder_search, rowid, title, notes)
                VALUES ('delete', old.number, tick_search_text(old.title), tick_search_text(old.notes));
        END;
        CREATE TRIGGER reminder_search_update AFTER UPDATE OF title, notes ON reminder
            WHEN old.title IS NOT new.title OR old.notes IS NOT new.notes BEGIN
            INSERT INTO reminder_search(reminder_search, rowid, title, notes)
                VALUES ('delete', old.number, tick_search_text(old.title), tick_search_text(old.notes));
            INSERT INTO reminder_search(rowid, title, notes)
                VALUES (new.number, tick_search_text(new.title), tick_search_text(new.notes));
        END;
        INSERT INTO reminder_search(reminder_search) VALUES ('rebuild');
        """

    /// Version 6: what `tick sync` remembers of each CalDAV account (issue 11), kept in the
    /// database so that it is committed with the changes it describes.
    ///
    /// - `sync_collection`: one row per calendar collection synced with a list: the
    ///   account's name (from the settings file), the collection URL, the list, and the
    ///   RFC 6578 sync token and CalendarServer `getctag` of the last complete sync, and
    ///   the list's name and color as last synced (a side that differs from them changed it).
    ///   Deleting the list forgets the pairing (the calendar on the server is kept).
    /// - `sync_item`: one row per synced reminder: its href in the collection, its UID,
    ///   the server's ETag as received (quotes included; NULL when unknown, then it is
    ///   fetched again), `base`, the iCalendar object as last synced (the common
    ///   ancestor of a three-way merge), and `local_revision`, the reminder's
    ///   `revision` at that sync (another value means Tick changed it since). A row
    ///   whose reminder is gone is a deletion still to send (a tombstone).
    /// - `reminder.revision`: a counter the trigger `reminder_revision` raises on every
    ///   update that changes what a reminder says (not its place in the manual order, nor
    ///   the store's own `next_alarm` key). Clocks can stand still or go back; this cannot.
    static let sync = """
        ALTER TABLE reminder ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
        CREATE TRIGGER reminder_revision AFTER UPDATE ON reminder
            WHEN new.revision = old.revision AND (
                old.uid IS NOT new.uid OR old.list_id IS NOT new.list_id OR old.title IS NOT new.title
                OR old.notes IS NOT new.notes OR old.due IS NOT new.due OR old.due_time_zone IS NOT new.due_time_zone
                OR old.priority IS NOT new.priority OR old.flagged IS NOT new.flagged
                OR old.completed_at IS NOT new.completed_at OR old.start IS NOT new.start
                OR old.start_time_zone IS NOT new.start_time_zone OR old.parent_uid IS NOT new.parent_uid
                OR old.tags IS NOT new.tags OR old.url IS NOT new.url OR old.recurrence IS NOT new.recurrence
                OR old.recurrence_basis IS NOT new.recurrence_basis OR old.alarms IS NOT new.alarms
                OR old.ical_extras IS NOT new.ical_extras) BEGIN
            UPDATE reminder SET revision = old.revision + 1 WHERE number = new.number;
        END;

        CREATE TABLE sync_collection (
            account    TEXT NOT NULL,
            url        TEXT NOT NULL,
            list_id    TEXT NOT NULL REFERENCES list(id) ON DELETE CASCADE,
            sync_token TEXT,
            ctag       TEXT,
            name       TEXT,
            color      TEXT,
            PRIMARY KEY (account, url)
        ) WITHOUT ROWID;
        CREATE INDEX sync_collection_list ON sync_collection(list_id);

        CREATE TABLE sync_item (
            account        TEXT NOT NULL,
            collection_url TEXT NOT NULL,
            href           TEXT NOT NULL,
            uid            TEXT NOT NULL,
            etag           TEXT,
            base           TEXT NOT NULL,
            local_revision INTEGER NOT NULL,
            PRIMARY KEY (account, collection_url, href),
            FOREIGN KEY (account, collection_url) REFERENCES sync_collection(account, url) ON DELETE CASCADE
        ) WITHOUT ROWID;
        CREATE INDEX sync_item_uid ON sync_item(uid);
        """

    /// Version 12: the name each pairing was chosen by (issue 11).
    ///
    /// `sync_collection.chosen_as` is the entry of the account's `lists` in the sync
    /// settings file that paired the list with its calendar, as the file spelled it; NULL
    /// when the account named no lists (every calendar is synced) or the pairing is older
    /// than this version. A sync compares it, with the list's and the calendar's names, to
    /// the file's `lists`: a list renamed in Tick or on the server keeps syncing by the name
    /// it was chosen by, and a name taken out of the file stops that list's sync. The
    /// change journal keeps the column too, so that undoing a list's deletion puts it back.
    static let syncChosenNames = """
        ALTER TABLE sync_collection ADD COLUMN chosen_as TEXT;
        ALTER TABLE journal_sync_collection ADD COLUMN chosen_as TEXT;
        DROP TRIGGER journal_sync_collection_delete;
        CREATE TRIGGER journal_sync_collection_delete BEFORE DELETE ON sync_collection
            WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
            INSERT OR IGNORE INTO journal_sync_collection (change, account, url, list_id, sync_token, ctag, name, color, chosen_as)
                VALUES ((SELECT change FROM journal_active), old.account, old.url, old.list_id, old.sync_token, old.ctag, old.name,
                        old.color, old.chosen_as);
        END;
        """

    /// Version 13: the reminders an iCalendar export must look at before a list's VTODOs
    /// (issue 14).
    ///
    /// `reminder_zoned` indexes, in each list's manual order, only the reminders with a due
    /// or start time zone or kept iCalendar lines: those whose VTIMEZONEs the list's
    /// VCALENDAR names first (`Database.forEachZoneUse`). A list without any is then known
    /// from the index alone, where the export read every row of it twice.
    static let zonedReminders = """
        CREATE INDEX reminder_zoned ON reminder(list_id, position, number)
            WHERE due_time_zone IS NOT NULL OR start_time_zone IS NOT NULL OR ical_extras <> '';
        """

    /// Version 15: the few reminders whose kept lines name a subtask (`RELATED-TO;RELTYPE=CHILD`,
    /// jtx Board), found by an index of their own (`Database.remindersNamingChildren`): every
    /// import and CalDAV PUT looks for them, which read every reminder's kept lines.
    static let remindersNamingChildren = """
        CREATE INDEX reminder_naming_children ON reminder(number) WHERE ical_extras LIKE '%RELTYPE=CHILD%';
        """

    /// Version 16: changes to stored data that need more than SQL, made once by the code that
    /// reads the database (`Database.pendingUpgrades`; `Actions.runPendingUpgrades`).
    /// `pending_upgrade` holds the name of each such change still to make. The first, `kept
    /// audio alarms`: a Tick before this version kept `ACTION:AUDIO` VALARMs verbatim instead
    /// of reading them as alarms (TickInterchange's `KeptAudioAlarms`); flagged only when the
    /// kept lines of a reminder, or of a copy of one in the change journal (a deleted reminder
    /// `tick undo` can bring back), mention `AUDIO` (`LIKE` ignores ASCII case).
    static let pendingUpgrades = """
        CREATE TABLE pending_upgrade (name TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
        INSERT INTO pending_upgrade (name)
            SELECT 'kept audio alarms' WHERE EXISTS (SELECT 1 FROM reminder WHERE ical_extras LIKE '%AUDIO%')
                OR EXISTS (SELECT 1 FROM journal_reminder WHERE ical_extras LIKE '%AUDIO%');
        """

    /// Version 17: the conflicts `tick sync` found, each with the value that lost (the
    /// conflict journal).
    ///
    /// A row is written in the transaction that saves what won (so a sync stopped right
    /// after, even by `kill -9`, cannot lose the notice of what was lost), and reported by
    /// the next report of its account: `reported` is 0 until a report has shown it (`tick
    /// sync`'s output, the agent's log), then 1. `uid` is NULL for a conflict over a list's
    /// name or color; `loser` is the side whose value lost (`local`: Tick's, `server`: the
    /// server's); `lost_value` holds it as iCalendar content lines, empty for a deletion
    /// that lost to an edit (`property` `deleted`). Reported rows beyond the newest 1,000
    /// are dropped when more are written; unreported ones never.
    static let syncConflicts = """
        CREATE TABLE sync_conflict (
            id         INTEGER PRIMARY KEY,
            account    TEXT NOT NULL,
            found_at   TEXT NOT NULL,
            list_name  TEXT NOT NULL,
            title      TEXT NOT NULL,
            uid        TEXT,
            property   TEXT NOT NULL,
            lost_value TEXT NOT NULL,
            loser      TEXT NOT NULL CHECK (loser IN ('local', 'server')),
            reported   INTEGER NOT NULL DEFAULT 0 CHECK (reported IN (0, 1))
        );
        CREATE INDEX sync_conflict_unreported ON sync_conflict(account, id) WHERE reported = 0;
        """

    /// Version 7: counts kept per list (issue 14), so that `tick lists`, the UI's sidebar
    /// and `GET /api/v1/lists` read a few rows instead of counting the reminders.
    ///
    /// `list_count` has one row per list: its open reminders (`open`), the open ones that
    /// are flagged (`flagged`) or have a due date (`scheduled`), and its completed ones
    /// (`completed`). Triggers keep it in step with every insert, update and delete of a
    /// reminder or a list, whoever writes (every `tick` command, the UI, the server, sync,
    /// import, the agent, or the `sqlite3` shell); the migration fills it from the
    /// reminders already there. The smart lists that depend on the clock (`today`,
    /// `overdue`) cannot be kept this way and are counted from `reminder_open_due_summary`.
    static let listCounts = """
        CREATE TABLE list_count (
            list_id   TEXT PRIMARY KEY NOT NULL,
            open      INTEGER NOT NULL DEFAULT 0,
            flagged   INTEGER NOT NULL DEFAULT 0,
            scheduled INTEGER NOT NULL DEFAULT 0,
            completed INTEGER NOT NULL DEFAULT 0
        ) WITHOUT ROWID;
        INSERT INTO list_count (list_id, open, flagged, scheduled, completed)
            SELECT list_id, sum(completed_at IS NULL), sum(completed_at IS NULL AND flagged = 1),
                   sum(completed_at IS NULL AND due IS NOT NULL), sum(completed_at IS NOT NULL)
            FROM reminder GROUP BY list_id;
        INSERT OR IGNORE INTO list_count (list_id) SELECT id FROM list;
        CREATE TRIGGER list_count_list_insert AFTER INSERT ON list BEGIN
            INSERT OR IGNORE INTO list_count (list_id) VALUES (new.id);
        END;
        CREATE TRIGGER list_count_list_delete AFTER DELETE ON list BEGIN
            DELETE FROM list_count WHERE list_id = old.id;
        END;
        CREATE TRIGGER list_count_list_update AFTER UPDATE OF id ON list WHEN old.id IS NOT new.id BEGIN
            UPDATE list_count SET list_id = new.id WHERE list_id = old.id;
        END;
        CREATE TRIGGER list_count_insert AFTER INSERT ON reminder BEGIN
            \(countChange(of: "new", sign: "+"))
        END;
        CREATE TRIGGER list_count_delete AFTER DELETE ON reminder BEGIN
            \(countChange(of: "old", sign: "-"))
        END;
        CREATE TRIGGER list_count_update AFTER UPDATE OF list_id, completed_at, flagged, due ON reminder
            WHEN old.list_id IS NOT new.list_id OR (old.completed_at IS NULL) <> (new.completed_at IS NULL)
                OR old.flagged IS NOT new.flagged OR (old.due IS NULL) <> (new.due IS NULL) BEGIN
            \(countChange(of: "old", sign: "-"))
            \(countChange(of: "new", sign: "+"))
        END;
        """

    /// Version 9: search ignores accents and finds tags, and listings sort (issue 15).
    ///
    /// - `tick_search_text` folds accents away as well (`cafe` finds `Café`; see
    ///   `SearchFolding.folded`), so the full-text index is rebuilt with the new fold.
    /// - `reminder_search` gets a third column, `tags`: the reminder's tags folded, one a
    ///   line (`tick_search_tags`, `SearchText.foldedTags`), so that a word finds a
    ///   reminder by its tags too; the view
    ///   `reminder_search_text` and the triggers write it, and an edit of the tags alone
    ///   updates the index.
    /// - `reminder_tag_folded` indexes every tag folded, for `tag:` in a search (one whole
    ///   tag, case and accents ignored).
    /// - `reminder_open_title` (the title folded), `reminder_open_created` and
    ///   `reminder_open_priority` (the prioritized ones) give `--sort title`, `created` and
    ///   `priority` of open reminders their first rows in order, without sorting every
    ///   reminder; only the rows that tie on the key are sorted (by manual order).
    static let searchAccents = """
        DROP TRIGGER reminder_search_insert;
        DROP TRIGGER reminder_search_delete;
        DROP TRIGGER reminder_search_update;
        DROP TABLE reminder_search;
        DROP VIEW reminder_search_text;
        CREATE VIEW reminder_search_text AS
            SELECT number, tick_search_text(title) AS title, tick_search_text(notes) AS notes,
                tick_search_tags(tags) AS tags FROM reminder;
        CREATE VIRTUAL TABLE reminder_search USING fts5(
            title, notes, tags, content = 'reminder_search_text', content_rowid = 'number', tokenize = 'trigram'
        );
        CREATE TRIGGER reminder_search_insert AFTER INSERT ON reminder BEGIN
            INSERT INTO reminder_search(rowid, title, notes, tags) VALUES (new.number, \(searchColumns(of: "new")));
        END;
        CREATE TRIGGER reminder_search_delete AFTER DELETE ON reminder BEGIN
            INSERT INTO reminder_search(reminder_search, rowid, title, notes, tags)
                VALUES ('delete', old.number, \(searchColumns(of: "old")));
        END;
        CREATE TRIGGER reminder_search_update AFTER UPDATE OF title, notes, tags ON reminder
            WHEN old.title IS NOT new.title OR old.notes IS NOT new.notes OR old.tags IS NOT new.tags BEGIN
            INSERT INTO reminder_search(reminder_search, rowid, title, notes, tags)
                VALUES ('delete', old.number, \(searchColumns(of: "old")));
            INSERT INTO reminder_search(rowid, title, notes, tags) VALUES (new.number, \(searchColumns(of: "new")));
        END;
        INSERT INTO reminder_search(reminder_search) VALUES ('rebuild');
        CREATE INDEX reminder_tag_folded ON reminder_tag(tick_search_text(tag));
        CREATE INDEX reminder_open_title ON reminder(tick_search_text(title)) WHERE completed_at IS NULL;
        CREATE INDEX reminder_open_created ON reminder(created_at) WHERE completed_at IS NULL;
        CREATE INDEX reminder_open_priority ON reminder(priority) WHERE completed_at IS NULL AND priority > 0;
        """

    /// The three indexed values of the reminder `row` (`new` or `old` in a trigger): its
    /// title, notes and tags, folded.
    private static func searchColumns(of row: String) -> String {
        "tick_search_text(\(row).title), tick_search_text(\(row).notes), tick_search_tags(\(row).tags)"
    }

    /// The statement of `listCounts`' triggers that adds (`sign` `+`) or takes away (`-`)
    /// the reminder `row` (`new` or `old`) from its list's counts.
    private static func countChange(of row: String, sign: String) -> String {
        """
        UPDATE list_count SET open = open \(sign) (\(row).completed_at IS NULL),
                flagged = flagged \(sign) (\(row).completed_at IS NULL AND \(row).flagged = 1),
                scheduled = scheduled \(sign) (\(row).completed_at IS NULL AND \(row).due IS NOT NULL),
                completed = completed \(sign) (\(row).completed_at IS NOT NULL)
                WHERE list_id = \(row).list_id;
        """
    }
}
