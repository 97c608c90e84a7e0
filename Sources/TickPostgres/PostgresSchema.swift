import TickModel

/// The schema of Tick's PostgreSQL database, as numbered migrations
/// (`PostgresMigrator`). The tables are plain and meant to be read with `psql`.
///
/// Step 1, accounts:
/// - `users`: `id` (opaque random text), `name` (unique regardless of case),
///   `password_hash` (an Argon2id encoded string), `created_at`.
/// - `app_passwords`: one per device of a user (`device` unique per user), found by
///   `lookup` (the password's first group, not secret on its own), `password_hash`
///   (Argon2id of the whole password), `created_at`, `last_used_at`.
/// - `sessions`: `token_hash` (SHA-256 of the session token; the token itself is never
///   stored), `user_id`, `created_at`, `expires_at`.
/// - `login_failures`: one row per failed sign-in, by the name as typed (lowercased; step 16:
///   its keyed digest) and the client's address, for throttling.
///
/// Deleting a user deletes their app passwords and sessions (`ON DELETE CASCADE`).
///
/// Step 2, lists and reminders, each owned by one user (`owner`); every statement of
/// `PostgresDatabase` names the owner in its `WHERE`. The columns follow the SQLite
/// store's (`TickStore`'s `Schema`) and hold the same values in the same text forms where
/// the model has one (due and start dates as `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SS` or
/// `…Z` with the zone beside, RRULE text, iCalendar extras):
/// - `lists`: `id` (opaque, unique across users), `owner`, `name` (unique per owner by
///   the actions' rule: case and Unicode normalization ignored, so not an index),
///   `color` (`#RRGGBB`), `position`, times, `ical_extras`.
/// - `list_members`: `(list_id, user_id, role)`, the list's owner as `owner`; for sharing
///   (`read`, `write`) in a later step.
/// - `reminder_numbers`: each user's last reminder number (`#12`), so numbers are per user
///   and never given out twice, like SQLite's `AUTOINCREMENT`.
/// - `reminders`: keyed by `(owner, number)`, UID unique per owner; `tags` a JSON array of
///   strings, `alarms` a JSON array of objects (`PostgresDatabase+Columns`).
/// - `completed_occurrences`: the completed occurrences of repeating reminders, by
///   `(owner, reminder, due)`.
///
/// Deleting a user deletes their lists and reminders; deleting a list its reminders;
/// deleting a reminder its completed occurrences.
///
/// Step 3, `reminders_open_due`: each user's open reminders by due text in byte order
/// (`COLLATE "C"`), for the smart lists by date.
///
/// Step 4, search: `reminders.search_title`, `search_notes` and `search_tags` hold the
/// title, the notes and the tags (one a line) folded as TickModel's `SearchFolding` folds
/// (case, Unicode forms, accents), written with every insert and update of a reminder by
/// `PostgresDatabase` and filled for the rows already there by the step itself.
///
/// Step 5, change notifications: every insert, update and delete of a list, a reminder or
/// a completed occurrence, whoever makes it, sends `NOTIFY tick_changes` with the owner's
/// id as the payload when its transaction commits (one per owner and transaction:
/// PostgreSQL folds equal notifications of a transaction). Each `tick serve --database`
/// listens, and tells that user's open pages (`PostgresChangeFeed`).
///
/// Step 6, what the CalDAV server needs for RFC 6578 `sync-collection` (issue 13), as the
/// SQLite store's `dav_sequence`, `dav_resource` and `dav_horizon`, each row scoped by
/// `owner`:
/// - `dav_sequences`: each user's number of their last change to a reminder (until step
///   12, which counts per list in `dav_list_sequences` and keeps this as a floor). A counter
///   row, not a PostgreSQL `SEQUENCE`: `nextval` is not transactional, so a change could
///   commit after a later-numbered one a client has already synced past; the row's lock
///   makes a user's changes take their numbers in commit order. One number per
///   transaction: every change a transaction makes for a user shares it (the counter is
///   written once, `dav_change_number`).
/// - `dav_resources`: one row per reminder and list it is or was in: `(owner, list_id,
///   uid)`, the resource `name` (`UID.ics` unless a client chose another with its PUT),
///   `seq` (its last change: its ETag, and what sync tokens are compared with) and
///   `deleted` (a tombstone).
/// - `dav_horizons`: per list, the change number up to which its tombstones were pruned.
///
/// PL/pgSQL triggers on `reminders` keep them in step for every writer (the server, `psql`):
/// an insert, a delete (a tombstone), and an update that changes a column the VTODO shows
/// or the reminder's list or UID (a tombstone in the old list); an update of the manual
/// position alone is no change. A deleted list takes its rows with it. The step gives every
/// reminder already stored change number 1.
///
/// Step 7, sharing (issue 13): a `list_members` row of role `read` or `write` shares the
/// list with that user. A change to a list, its reminders or their completed occurrences
/// now also notifies every user it is shared with (`tick_changes`, the member's id), and
/// a membership added, changed or removed notifies the member and the owner, so that open
/// pages of both hear of it. Step 5's notifications, one trigger call per changed row,
/// become one per statement (over its transition tables): the members are found once per
/// statement, not once per row.
///
/// Step 8, alarms: `reminders.next_alarm` holds each reminder's earliest pending alarm
/// (`Reminder.nextAlarmKey`, all-day and floating dates read as UTC), written with every
/// insert and update by `PostgresDatabase` and filled for the rows already there by the
/// step; the partial index `reminders_next_alarm` finds the reminders whose alarms are near.
/// `alarm_deliveries` records each alarm delivered (by a browser, `channel` `browser`) for
/// the instant it rang for, as SQLite's `alarm_delivery`, so that it rings once.
///
/// Step 9, the change journal behind undo, as SQLite's (its schema version 8): each change
/// a user makes through `tick serve --database` (one request) is a `journal_changes` row of
/// the owner of the rows it touched, with its `actor` (the owner, or a user a list is shared
/// with) and its description. While a transaction records one, the setting
/// `tick.journal_change` holds its id (`set_config(…, true)`: that transaction only), and
/// statement-level triggers copy the first state of every row it touches (phase 0): a reminder or list as
/// it was (`present` false when the change created it), a completed occurrence as it was or
/// absent, an alarm delivery it deleted, a share it added, changed or removed
/// (`journal_list_members`, in the journal `tick.journal_owner` names). Before the transaction commits, the store copies the
/// same reminders and lists as they are then (phase 1). Ids come from the sequence `journal_change_ids` (newer is
/// larger); the newest 100 changes of each user are kept (step 11: of each actor in each
/// owner's journal, with `journal_horizons` noting the newest id dropped from each; step 13:
/// `journal_list_horizons`, from each list's shares).
public enum PostgresSchema {
    /// Every step, in order.
    public static let migrations: [PostgresMigration] = [
        PostgresMigration(1, "accounts", [
            """
            CREATE TABLE users (
                id text PRIMARY KEY,
                name text NOT NULL,
                password_hash text NOT NULL,
                created_at timestamptz NOT NULL
            )
            """,
            "CREATE UNIQUE INDEX users_name ON users (lower(name))",
            """
            CREATE TABLE app_passwords (
                id text PRIMARY KEY,
                user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                device text NOT NULL,
                lookup text NOT NULL,
                password_hash text NOT NULL,
                created_at timestamptz NOT NULL,
                last_used_at timestamptz,
                UNIQUE (user_id, device),
                UNIQUE (user_id, lookup)
            )
            """,
            """
            CREATE TABLE sessions (
                token_hash bytea PRIMARY KEY,
                user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                created_at timestamptz NOT NULL,
                expires_at timestamptz NOT NULL
            )
            """,
            "CREATE INDEX sessions_user ON sessions (user_id)",
            """
            CREATE TABLE login_failures (
                id bigserial PRIMARY KEY,
                user_name text NOT NULL,
                client_address text NOT NULL,
                failed_at timestamptz NOT NULL
            )
            """,
            "CREATE INDEX login_failures_user ON login_failures (user_name, failed_at)",
            "CREATE INDEX login_failures_address ON login_failures (client_address, failed_at)",
        ]),
        PostgresMigration(2, "lists and reminders", [
            """
            CREATE TABLE lists (
                id text PRIMARY KEY,
                owner text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                name text NOT NULL,
                color text NOT NULL,
                position integer NOT NULL,
                created_at timestamptz NOT NULL,
                modified_at timestamptz NOT NULL,
                ical_extras text NOT NULL DEFAULT '',
                UNIQUE (owner, id)
            )
            """,
            "CREATE INDEX lists_owner_position ON lists (owner, position, name)",
            """
            CREATE TABLE list_members (
                list_id text NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
                user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                role text NOT NULL CHECK (role IN ('owner', 'read', 'write')),
                PRIMARY KEY (list_id, user_id)
            )
            """,
            "CREATE INDEX list_members_user ON list_members (user_id)",
            """
            CREATE TABLE reminder_numbers (
                owner text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                last_number bigint NOT NULL
            )
            """,
            """
            CREATE TABLE reminders (
                owner text NOT NULL,
                number bigint NOT NULL CHECK (number > 0),
                uid text NOT NULL,
                list_id text NOT NULL,
                title text NOT NULL,
                notes text NOT NULL DEFAULT '',
                due text,
                due_time_zone text,
                start text,
                start_time_zone text,
                priority integer NOT NULL DEFAULT 0,
                flagged boolean NOT NULL DEFAULT false,
                completed_at timestamptz,
                position bigint NOT NULL,
                parent_uid text,
                tags jsonb NOT NULL DEFAULT '[]',
                url text,
                recurrence text,
                recurrence_basis text NOT NULL DEFAULT 'due' CHECK (recurrence_basis IN ('due', 'completion')),
                alarms jsonb NOT NULL DEFAULT '[]',
                ical_extras text NOT NULL DEFAULT '',
                created_at timestamptz NOT NULL,
                modified_at timestamptz NOT NULL,
                PRIMARY KEY (owner, number),
                UNIQUE (owner, uid),
                FOREIGN KEY (owner, list_id) REFERENCES lists (owner, id) ON DELETE CASCADE
            )
            """,
            "CREATE INDEX reminders_list_position ON reminders (owner, list_id, position, number)",
            "CREATE INDEX reminders_open_list_position ON reminders (owner, list_id, position, number) WHERE completed_at IS NULL",
            "CREATE INDEX reminders_completed ON reminders (owner, completed_at DESC, number DESC) WHERE completed_at IS NOT NULL",
            "CREATE INDEX reminders_parent ON reminders (owner, parent_uid) WHERE parent_uid IS NOT NULL",
            """
            CREATE TABLE completed_occurrences (
                owner text NOT NULL,
                reminder bigint NOT NULL,
                due text NOT NULL,
                due_time_zone text,
                completed_at timestamptz NOT NULL,
                PRIMARY KEY (owner, reminder, due),
                FOREIGN KEY (owner, reminder) REFERENCES reminders (owner, number) ON DELETE CASCADE
            )
            """,
        ]),
        PostgresMigration(3, "open reminders by due date", [
            // The smart lists by date and their counts (`PostgresDatabase.dueListing`,
            // `dueCounts`) read ranges of the stored due text, compared byte by byte.
            """
            CREATE INDEX reminders_open_due ON reminders (owner, due COLLATE "C")
                WHERE completed_at IS NULL AND due IS NOT NULL
            """,
        ]),
        PostgresMigration(4, "search", [
            """
            ALTER TABLE reminders ADD COLUMN search_title text NOT NULL DEFAULT '',
                ADD COLUMN search_notes text NOT NULL DEFAULT '', ADD COLUMN search_tags text NOT NULL DEFAULT ''
            """,
        ], fill: PostgresDatabase.foldEveryReminderForSearch),
        PostgresMigration(5, "change notifications", [
            """
            CREATE FUNCTION tick_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('tick_changes', OLD.owner); END IF;
                IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('tick_changes', NEW.owner); END IF;
                RETURN NULL;
            END
            $$
            """,
            "CREATE TRIGGER lists_notify AFTER INSERT OR UPDATE OR DELETE ON lists FOR EACH ROW EXECUTE FUNCTION tick_notify_change()",
            "CREATE TRIGGER reminders_notify AFTER INSERT OR UPDATE OR DELETE ON reminders FOR EACH ROW EXECUTE FUNCTION tick_notify_change()",
            """
            CREATE TRIGGER completed_occurrences_notify AFTER INSERT OR UPDATE OR DELETE ON completed_occurrences
                FOR EACH ROW EXECUTE FUNCTION tick_notify_change()
            """,
        ]),
        PostgresMigration(6, "caldav changes", davChanges),
        PostgresMigration(7, "sharing", sharing),
        PostgresMigration(8, "alarms", [
            "ALTER TABLE reminders ADD COLUMN next_alarm timestamptz",
            "CREATE INDEX reminders_next_alarm ON reminders (owner, next_alarm) WHERE next_alarm IS NOT NULL",
            """
            CREATE TABLE alarm_deliveries (
                owner text NOT NULL,
                reminder bigint NOT NULL,
                alarm_uid text NOT NULL,
                fire_at timestamptz NOT NULL,
                delivered_at timestamptz NOT NULL,
                channel text NOT NULL,
                PRIMARY KEY (owner, reminder, alarm_uid, fire_at),
                FOREIGN KEY (owner, reminder) REFERENCES reminders (owner, number) ON DELETE CASCADE
            )
            """,
        ], fill: PostgresDatabase.keyEveryReminderAlarm),
        PostgresMigration(9, "change journal", changeJournal),
        PostgresMigration(10, "caldav list created", davListCreated),
        PostgresMigration(11, "journal depth per actor", journalDepthPerActor),
        PostgresMigration(12, "caldav change numbers per list", davNumbersPerList),
        PostgresMigration(13, "journal horizons per list", journalHorizonsPerList),
        PostgresMigration(14, "reminders naming children", [
            // Step 14: the few reminders whose kept lines name a subtask (`RELATED-TO;RELTYPE=CHILD`,
            // jtx Board), found by an index of their own (`PostgresDatabase.remindersNamingChildren`):
            // every import and CalDAV PUT looks for them, which read all the owner's reminders
            // (2.9 ms of a PUT at 10,000).
            "CREATE INDEX reminders_naming_children ON reminders (owner) WHERE ical_extras ILIKE '%reltype=child%'",
        ]),
        PostgresMigration(15, "pending upgrades", [
            // Step 15: changes to stored data that need more than SQL, made once by `tick serve
            // --database` (`PostgresConnection.pendingUpgrades`), as SQLite's schema 16. The first,
            // `kept audio alarms`: the `ACTION:AUDIO` VALARMs an older Tick kept verbatim are read
            // into alarms (TickInterchange's `KeptAudioAlarms`); flagged only when some
            // reminder's kept lines, or a copy's in the change journal, mention `AUDIO`.
            "CREATE TABLE pending_upgrades (name text PRIMARY KEY)",
            """
            INSERT INTO pending_upgrades (name)
                SELECT 'kept audio alarms' WHERE EXISTS (SELECT 1 FROM reminders WHERE ical_extras ILIKE '%audio%')
                    OR EXISTS (SELECT 1 FROM journal_reminders WHERE ical_extras ILIKE '%audio%')
            """,
        ]),
        PostgresMigration(16, "login failures by digest", [
            // Step 16 (two testers): `login_failures.user_name` held the name as typed, a password
            // typed into the name field included; it now holds `login_name_digest(name)`, a hex
            // SHA-256 of the lowercased name keyed with a random secret of this database
            // (`server_secrets`), so counting a name's failures still works and nothing typed is
            // kept in clear. A success no longer deletes the name's failures, which took them out
            // of the address's count as well (four guesses, the phone's sign-in, four more, without
            // end): it marks the name's failures `cleared`, which the name's count skips and the
            // addresses' counts keep.
            "CREATE TABLE server_secrets (name text PRIMARY KEY, value bytea NOT NULL)",
            """
            INSERT INTO server_secrets (name, value) VALUES ('login failure names',
                sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')))
            """,
            """
            CREATE FUNCTION login_name_digest(text) RETURNS text LANGUAGE sql STABLE AS $$
                SELECT encode(sha256(value || convert_to(lower($1), 'UTF8')), 'hex') FROM server_secrets
                WHERE name = 'login failure names'
            $$
            """,
            "UPDATE login_failures SET user_name = login_name_digest(user_name)",
            "ALTER TABLE login_failures ADD COLUMN cleared boolean NOT NULL DEFAULT false",
        ]),
        PostgresMigration(17, "caldav collections of the same path", [
            // Step 17: a list a CalDAV client makes at a path whose id another user's list has
            // takes the id `PATH~TAG` (TickServer's `DAVCollectionNaming`; `dav_collection_tag`
            // is the same tag). Both ids name the user's collection at that path, so a list made
            // there again under the other starts its change numbers above the last list's of
            // either (step 12's rule per id, here per path): a sync token of the deleted one
            // stays refused.
            """
            CREATE FUNCTION dav_collection_tag(who text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
                SELECT substr(encode(sha256(convert_to('tick-dav-collection:' || who, 'UTF8')), 'hex'), 1, 12)
            $$
            """,
            """
            CREATE OR REPLACE FUNCTION dav_list_start(who text, list text) RETURNS bigint LANGUAGE sql STABLE AS $$
                SELECT greatest(coalesce((SELECT value FROM dav_sequences WHERE owner = who), 0),
                                coalesce((SELECT max(through) FROM dav_retired_lists WHERE list_id IN (
                                    list, list || '~' || dav_collection_tag(who),
                                    CASE WHEN right(list, 13) = '~' || dav_collection_tag(who) THEN left(list, -13) END)), 0)) + 1
            $$
            """,
        ]),
    ]

    /// Step 13: the newest dropped change that added, changed or removed a share is noted per
    /// list (`journal_list_horizons`), no longer per owner: a share change dropped from one
    /// list's history blocked the undo of older share changes of all the owner's lists.
    /// `journal_horizons` keeps what step 11 noted, and is no longer written: an owner's
    /// changes dropped before this step still block their share undos as before.
    static let journalHorizonsPerList: [String] = [
        """
        CREATE TABLE journal_list_horizons (
            owner text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            list_id text NOT NULL,
            pruned_through bigint NOT NULL,
            PRIMARY KEY (owner, list_id)
        )
        """,
    ]

    /// Step 12: CalDAV change numbers (ETags, sync tokens) count each list's changes apart
    /// (`dav_list_sequences`), no longer the owner's changes in all their lists together: a
    /// member of a shared list could count the owner's changes in their private lists from
    /// the gaps between a shared list's ETags and tokens (a tester). A list's counter starts
    /// above every number a list of the owner's had before the step (`dav_sequences`, no
    /// longer counted) and above the last number of a deleted list of the same id, whoever's
    /// it was (`dav_retired_lists`: list ids are unique across users while a list exists, and
    /// a former member knows the id), so that a sync token of a collection deleted and made
    /// again at the same URL stays refused (step 10), and the numbers handed out before stay
    /// valid. A move takes the two lists' counters in the order of their ids, so that moves
    /// in opposite directions at once do not deadlock (a tester).
    static let davNumbersPerList: [String] = [
        """
        CREATE TABLE dav_list_sequences (
            owner text NOT NULL,
            list_id text NOT NULL,
            value bigint NOT NULL,
            PRIMARY KEY (owner, list_id),
            FOREIGN KEY (owner, list_id) REFERENCES lists (owner, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE dav_retired_lists (
            list_id text PRIMARY KEY,
            through bigint NOT NULL
        )
        """,
        """
        INSERT INTO dav_list_sequences (owner, list_id, value)
        SELECT l.owner, l.id, coalesce(s.value, 0) FROM lists l LEFT JOIN dav_sequences s ON s.owner = l.owner
        """,
        // Where a list's counter starts: past the owner's numbers of before this step and the
        // last number of a deleted list of the same id.
        """
        CREATE FUNCTION dav_list_start(who text, list text) RETURNS bigint LANGUAGE sql STABLE AS $$
            SELECT greatest(coalesce((SELECT value FROM dav_sequences WHERE owner = who), 0),
                            coalesce((SELECT through FROM dav_retired_lists WHERE list_id = list), 0)) + 1
        $$
        """,
        davChangeNumberFunction(perList: true),
        davReminderFunctions(perList: true),
        davReminderFunctions(perList: true, removed: false),
        // A list made starts its counter and its horizon at the same number: no token below it is taken.
        davListCreatedFunction(perList: true),
        "DROP FUNCTION dav_change_number(text, boolean)",
        // A list deleted leaves its last number, also when its owner is deleted (another
        // user may make a list of that id, and a former member still has its tokens).
        """
        CREATE FUNCTION dav_list_retired() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO dav_retired_lists (list_id, through)
            SELECT old.id, value FROM dav_list_sequences WHERE owner = old.owner AND list_id = old.id
            ON CONFLICT (list_id) DO UPDATE SET through = greatest(dav_retired_lists.through, excluded.through);
            RETURN old;
        END
        $$
        """,
        "CREATE TRIGGER dav_list_retired BEFORE DELETE ON lists FOR EACH ROW EXECUTE FUNCTION dav_list_retired()",
        // A move numbers its change in both lists, their counters taken in the order of the
        // lists' ids (two moves in opposite directions took them in opposite orders: deadlocks).
        """
        CREATE FUNCTION dav_reminder_moved() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF old.list_id IS DISTINCT FROM new.list_id THEN
                PERFORM dav_change_number(old.owner, least(old.list_id, new.list_id), true);
                PERFORM dav_change_number(old.owner, greatest(old.list_id, new.list_id), true);
            END IF;
            UPDATE dav_resources SET deleted = true, seq = dav_change_number(old.owner, old.list_id, false)
                WHERE owner = old.owner AND list_id = old.list_id AND uid = old.uid;
            RETURN NULL;
        END
        $$
        """,
        "DROP TRIGGER dav_reminder_move ON reminders",
        """
        CREATE TRIGGER dav_reminder_move AFTER UPDATE ON reminders FOR EACH ROW
            WHEN (old.list_id IS DISTINCT FROM new.list_id OR old.uid IS DISTINCT FROM new.uid)
            EXECUTE FUNCTION dav_reminder_moved()
        """,
    ]

    /// Step 11: an owner's journal keeps the newest `JournalChange.depth` or so of each
    /// actor's changes, not of everyone's together (a tester: 110 changes by a member of a
    /// shared list and the owner's own undo and restore were gone); `journal_horizons` holds
    /// per owner the newest id dropped from their journal of a change that added, changed or
    /// removed a share, which tells exactly whether a later change to a share may be missing
    /// (`laterChangesToJournaledRecords`).
    /// An owner whose journal was full before this step starts with the horizon step 9's
    /// count implied (just below their oldest change kept).
    static let journalDepthPerActor: [String] = [
        "CREATE INDEX journal_changes_owner_actor ON journal_changes (owner, actor, id)",
        """
        CREATE TABLE journal_horizons (
            owner text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
            pruned_through bigint NOT NULL
        )
        """,
        """
        INSERT INTO journal_horizons (owner, pruned_through)
        SELECT owner, min(id) - 1 FROM journal_changes GROUP BY owner HAVING count(*) >= \(JournalChange.depth)
        """,
    ]

    /// Step 10: a list made takes a change number of its owner's and starts its horizon there
    /// (RFC 6578 §3.2), as SQLite's schema version 14: a sync token given before it (of a
    /// collection deleted and made again at the same URL) is refused with
    /// `DAV:valid-sync-token`, so the client syncs from the start instead of keeping the old
    /// list's to-dos.
    static let davListCreated: [String] = [
        davListCreatedFunction(perList: false),
        "CREATE TRIGGER dav_list_created AFTER INSERT ON lists FOR EACH ROW EXECUTE FUNCTION dav_list_created()",
    ]

    /// The function that gives a change its CalDAV number (step 6: the owner's counter;
    /// step 12: the list's, `perList`). The first change of a transaction takes the
    /// counter's next number (its row stays locked until the transaction ends, so numbers
    /// follow commit order), every later change of that transaction the same one from a
    /// transaction-local setting: one write of the counter per transaction, not per row
    /// (PostgreSQL keeps every version of a row a transaction updates, and a list of 10,000
    /// deleted at once would otherwise walk a chain of 10,000 versions per row: quadratic).
    /// `creating` false: only where the counter exists (a cascade deleting a user or list
    /// must not bring it back); then nil.
    static func davChangeNumberFunction(perList: Bool) -> String {
        let (list, key, insert, update) = perList
            ? (" list text,", "md5(who || '/' || list)",
               "INSERT INTO dav_list_sequences AS s (owner, list_id, value) VALUES (who, list, dav_list_start(who, list))\n"
                 + "            ON CONFLICT (owner, list_id) DO UPDATE SET value = s.value + 1 RETURNING s.value INTO change;",
               "UPDATE dav_list_sequences SET value = value + 1 WHERE owner = who AND list_id = list RETURNING value INTO change;")
            : ("", "md5(who)",
               "INSERT INTO dav_sequences AS s (owner, value) VALUES (who, 1)\n"
                 + "            ON CONFLICT (owner) DO UPDATE SET value = s.value + 1 RETURNING s.value INTO change;",
               "UPDATE dav_sequences SET value = value + 1 WHERE owner = who RETURNING value INTO change;")
        return """
            CREATE FUNCTION dav_change_number(who text,\(list) creating boolean) RETURNS bigint LANGUAGE plpgsql AS $$
            DECLARE
                setting text := 'tick.dav_change_' || \(key);
                known text := current_setting(setting, true);
                change bigint;
            BEGIN
                IF known IS NOT NULL AND known <> '' THEN
                    RETURN known::bigint;
                END IF;
                IF creating THEN
                    \(insert)
                ELSE
                    \(update)
                END IF;
                IF change IS NOT NULL THEN
                    PERFORM set_config(setting, change::text, true);
                END IF;
                RETURN change;
            END
            $$
            """
    }

    /// The trigger functions that keep `dav_resources` (step 6; step 12 replaces them to
    /// number changes per list, `perList`): a tombstone for the old row (`removed`; on a
    /// cascade the counter or the resource may be gone already, and then there is nothing
    /// to mark), else the new row's resource at the change's number.
    static func davReminderFunctions(perList: Bool, removed: Bool = true) -> String {
        let create = perList ? "CREATE OR REPLACE FUNCTION" : "CREATE FUNCTION"
        func number(_ row: String, _ creating: Bool) -> String {
            "dav_change_number(\(row).owner, \(perList ? row + ".list_id, " : "")\(creating))"
        }
        guard removed else {
            return """
                \(create) dav_reminder_written() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    INSERT INTO dav_resources (owner, list_id, uid, name, seq)
                        VALUES (new.owner, new.list_id, new.uid, new.uid || '.ics', \(number("new", true)))
                        ON CONFLICT (owner, list_id, uid) DO UPDATE SET seq = excluded.seq, deleted = false;
                    RETURN NULL;
                END
                $$
                """
        }
        return """
            \(create) dav_reminder_removed() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                change bigint := \(number("old", false));
            BEGIN
                IF change IS NOT NULL THEN
                    UPDATE dav_resources SET deleted = true, seq = change
                        WHERE owner = old.owner AND list_id = old.list_id AND uid = old.uid;
                END IF;
                RETURN NULL;
            END
            $$
            """
    }

    /// The trigger function that starts a list made at a change number (step 10: the
    /// owner's; step 12: the list's own, `perList`) and its horizon there.
    static func davListCreatedFunction(perList: Bool) -> String {
        """
        \(perList ? "CREATE OR REPLACE FUNCTION" : "CREATE FUNCTION") dav_list_created() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            change bigint := dav_change_number(new.owner, \(perList ? "new.id, " : "")true);
        BEGIN
            INSERT INTO dav_horizons (owner, list_id, pruned_through) VALUES (new.owner, new.id, change)
                ON CONFLICT (owner, list_id) DO UPDATE SET pruned_through = greatest(dav_horizons.pruned_through, excluded.pruned_through);
            RETURN NULL;
        END
        $$
        """
    }

    /// The columns of `reminders` a journal row copies beyond `owner` and `number`: every
    /// one but the derived search and alarm keys (`PostgresSchemaTests` fails when a step adds
    /// one to `reminders` without adding it here).
    static let journaledReminderColumns = """
        uid, list_id, title, notes, due, due_time_zone, start, start_time_zone, priority, flagged, completed_at, position,
        parent_uid, tags, url, recurrence, recurrence_basis, alarms, ical_extras, created_at, modified_at
        """

    /// The columns of `lists` a journal row copies beyond `owner` and `id`.
    static let journaledListColumns = "name, color, position, created_at, modified_at, ical_extras"

    /// `columns` as a list of `prefix.name`.
    static func qualified(_ columns: String, by prefix: String) -> String {
        columns.split(separator: ",").map { prefix + "." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ", ")
    }

    /// Step 9's statements (see the type's comment).
    static let changeJournal: [String] = [
        "CREATE SEQUENCE journal_change_ids",
        """
        CREATE TABLE journal_changes (
            owner text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            id bigint NOT NULL,
            actor text NOT NULL,
            made_at timestamptz NOT NULL,
            command text NOT NULL,
            undone_at timestamptz,
            PRIMARY KEY (owner, id)
        )
        """,
        // A user's newest changes in the lists others share with them (in the owners' journals).
        "CREATE INDEX journal_changes_actor ON journal_changes (actor, id) WHERE undone_at IS NULL",
        """
        CREATE TABLE journal_reminders (
            owner text NOT NULL,
            change bigint NOT NULL,
            phase smallint NOT NULL CHECK (phase IN (0, 1)),
            number bigint NOT NULL,
            present boolean NOT NULL,
            uid text, list_id text, title text, notes text, due text, due_time_zone text, start text, start_time_zone text,
            priority integer, flagged boolean, completed_at timestamptz, position bigint, parent_uid text, tags jsonb, url text,
            recurrence text, recurrence_basis text, alarms jsonb, ical_extras text, created_at timestamptz, modified_at timestamptz,
            PRIMARY KEY (owner, change, phase, number),
            FOREIGN KEY (owner, change) REFERENCES journal_changes (owner, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE journal_lists (
            owner text NOT NULL,
            change bigint NOT NULL,
            phase smallint NOT NULL CHECK (phase IN (0, 1)),
            id text NOT NULL,
            present boolean NOT NULL,
            name text, color text, position integer, created_at timestamptz, modified_at timestamptz, ical_extras text,
            PRIMARY KEY (owner, change, phase, id),
            FOREIGN KEY (owner, change) REFERENCES journal_changes (owner, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE journal_completed_occurrences (
            owner text NOT NULL,
            change bigint NOT NULL,
            reminder bigint NOT NULL,
            due text NOT NULL,
            present boolean NOT NULL,
            due_time_zone text,
            completed_at timestamptz,
            PRIMARY KEY (owner, change, reminder, due),
            FOREIGN KEY (owner, change) REFERENCES journal_changes (owner, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE journal_list_members (
            owner text NOT NULL,
            change bigint NOT NULL,
            list_id text NOT NULL,
            user_id text NOT NULL,
            present boolean NOT NULL,
            role text,
            PRIMARY KEY (owner, change, list_id, user_id),
            FOREIGN KEY (owner, change) REFERENCES journal_changes (owner, id) ON DELETE CASCADE
        )
        """,
        // A share added, changed or removed by a journaled change (the owner's row of a list
        // follows the list): kept in the journal of the user whose change it is, which
        // `tick.journal_owner` names (list_members has no owner column).
        """
        CREATE FUNCTION tick_journal_list_members() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            journaled bigint := current_setting('tick.journal_change')::bigint;
            journal_owner text := current_setting('tick.journal_owner');
        BEGIN
            IF TG_OP = 'INSERT' THEN
                INSERT INTO journal_list_members (owner, change, list_id, user_id, present)
                SELECT journal_owner, journaled, list_id, user_id, false FROM new_rows WHERE role <> 'owner'
                ON CONFLICT DO NOTHING;
            ELSE
                INSERT INTO journal_list_members (owner, change, list_id, user_id, present, role)
                SELECT journal_owner, journaled, list_id, user_id, true, role FROM old_rows WHERE role <> 'owner'
                ON CONFLICT DO NOTHING;
            END IF;
            RETURN NULL;
        END
        $$
        """,
    ] + ["INSERT", "UPDATE", "DELETE"].map { event in
        """
        CREATE TRIGGER list_members_journal_\(event.lowercased()) AFTER \(event) ON list_members
            REFERENCING \(event == "INSERT" ? "NEW TABLE AS new_rows" : "OLD TABLE AS old_rows") FOR EACH STATEMENT
            WHEN (coalesce(current_setting('tick.journal_change', true), '') <> '') EXECUTE FUNCTION tick_journal_list_members()
        """
    } + [
        """
        CREATE TABLE journal_alarm_deliveries (
            owner text NOT NULL,
            change bigint NOT NULL,
            reminder bigint NOT NULL,
            alarm_uid text NOT NULL,
            fire_at timestamptz NOT NULL,
            delivered_at timestamptz NOT NULL,
            channel text NOT NULL,
            PRIMARY KEY (owner, change, reminder, alarm_uid, fire_at),
            FOREIGN KEY (owner, change) REFERENCES journal_changes (owner, id) ON DELETE CASCADE
        )
        """,
    ] + journalTriggers(table: "reminders", key: "number", columns: journaledReminderColumns, events: ["INSERT", "UPDATE", "DELETE"])
      + journalTriggers(table: "lists", key: "id", columns: journaledListColumns, events: ["INSERT", "UPDATE", "DELETE"])
      + journalTriggers(table: "completed_occurrences", key: "reminder, due", columns: "due_time_zone, completed_at",
                        events: ["INSERT", "DELETE"])
      + journalTriggers(table: "alarm_deliveries", key: "reminder, alarm_uid, fire_at", columns: "delivered_at, channel",
                        events: ["DELETE"])

    /// The function and the statement-level triggers that copy into `journal_TABLE` the first
    /// state of the rows of `table` a journaled change touches: a row it inserts as absent
    /// (`present` false, `key` only; a table without `present` records inserts not at all),
    /// a row it updates or deletes as it was. They read the statement's transition tables,
    /// which step 7's notification triggers have PostgreSQL collect anyway, and their
    /// condition is evaluated without calling the function: a writer outside a journaled
    /// change (CalDAV, an import, psql) pays one setting's lookup a statement, not a row.
    static func journalTriggers(table: String, key: String, columns: String, events: [String]) -> [String] {
        let journal = "journal_" + table
        let hasPresent = table != "alarm_deliveries"
        let present = hasPresent ? ", present" : ""
        let function = """
            CREATE FUNCTION tick_\(journal)() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                journaled bigint := current_setting('tick.journal_change')::bigint;
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    INSERT INTO \(journal) (owner, change\(table == "reminders" || table == "lists" ? ", phase" : ""), \(key), present)
                    SELECT owner, journaled\(table == "reminders" || table == "lists" ? ", 0" : ""), \(key), false FROM new_rows
                    ON CONFLICT DO NOTHING;
                ELSE
                    INSERT INTO \(journal) (owner, change\(table == "reminders" || table == "lists" ? ", phase" : ""), \(key)\(present), \(columns))
                    SELECT owner, journaled\(table == "reminders" || table == "lists" ? ", 0" : ""), \(key)\(hasPresent ? ", true" : ""), \(columns)
                    FROM old_rows
                    ON CONFLICT DO NOTHING;
                END IF;
                RETURN NULL;
            END
            $$
            """
        return [function] + events.map { event in
            let rows = event == "INSERT" ? "NEW TABLE AS new_rows" : "OLD TABLE AS old_rows"
            return """
                CREATE TRIGGER \(table)_journal_\(event.lowercased()) AFTER \(event) ON \(table) REFERENCING \(rows) FOR EACH STATEMENT
                    WHEN (coalesce(current_setting('tick.journal_change', true), '') <> '') EXECUTE FUNCTION tick_\(journal)()
                """
        }
    }

    /// Step 7's statements (see the type's comment).
    static let sharing: [String] = [
        // Step 5's triggers ran once per row and told the owner only. These run once per
        // statement over its transition tables (a bulk insert of a million rows tells each
        // user once, not a million times) and tell the members of the changed lists too.
        "DROP TRIGGER lists_notify ON lists",
        "DROP TRIGGER reminders_notify ON reminders",
        "DROP TRIGGER completed_occurrences_notify ON completed_occurrences",
        "DROP FUNCTION tick_notify_change()",
        notifyFunction("lists", owners: "SELECT owner FROM ROWS", lists: "SELECT id FROM ROWS"),
        notifyFunction("reminders", owners: "SELECT owner FROM ROWS", lists: "SELECT list_id FROM ROWS"),
        notifyFunction("completed_occurrences", owners: "SELECT owner FROM ROWS",
                       lists: "SELECT r.list_id FROM ROWS c JOIN reminders r ON r.owner = c.owner AND r.number = c.reminder"),
    ] + ["lists", "reminders", "completed_occurrences"].flatMap(notifyTriggers) + [
        """
        CREATE FUNCTION tick_notify_membership() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP <> 'INSERT' THEN
                PERFORM pg_notify('tick_changes', OLD.user_id);
                PERFORM pg_notify('tick_changes', owner) FROM lists WHERE id = OLD.list_id;
            END IF;
            IF TG_OP <> 'DELETE' THEN
                PERFORM pg_notify('tick_changes', NEW.user_id);
                PERFORM pg_notify('tick_changes', owner) FROM lists WHERE id = NEW.list_id;
            END IF;
            RETURN NULL;
        END
        $$
        """,
        "CREATE TRIGGER list_members_notify AFTER INSERT OR UPDATE OR DELETE ON list_members FOR EACH ROW EXECUTE FUNCTION tick_notify_membership()",
    ]

    /// The statement-level function that notifies, for the rows a statement changed in
    /// `table` (its transition tables `old_rows` and `new_rows`), their owners (`owners`)
    /// and the members of their lists (`lists`), `ROWS` standing for each transition table.
    static func notifyFunction(_ table: String, owners: String, lists: String) -> String {
        func tell(_ rows: String) -> String {
            let owners = owners.replacingOccurrences(of: "ROWS", with: rows)
            let lists = lists.replacingOccurrences(of: "ROWS", with: rows)
            return """
                PERFORM pg_notify('tick_changes', who) FROM (
                        \(owners)
                        UNION SELECT m.user_id FROM list_members m WHERE m.role <> 'owner' AND m.list_id IN (\(lists))
                    ) AS concerned (who);
                """
        }
        return """
            CREATE FUNCTION tick_notify_\(table)() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP <> 'INSERT' THEN
                    \(tell("old_rows"))
                END IF;
                IF TG_OP <> 'DELETE' THEN
                    \(tell("new_rows"))
                END IF;
                RETURN NULL;
            END
            $$
            """
    }

    /// The three statement-level triggers of `table` (a trigger with transition tables
    /// serves one event).
    static func notifyTriggers(_ table: String) -> [String] {
        ["CREATE TRIGGER \(table)_notify_insert AFTER INSERT ON \(table) REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tick_notify_\(table)()",
         "CREATE TRIGGER \(table)_notify_update AFTER UPDATE ON \(table) REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tick_notify_\(table)()",
         "CREATE TRIGGER \(table)_notify_delete AFTER DELETE ON \(table) REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tick_notify_\(table)()"]
    }

    /// The columns of `reminders` whose change is a change of the VTODO (as the SQLite
    /// store's `revision` counts them: not the position, nor the times alone), each
    /// prefixed with `row` (`old`, `new`).
    static func davColumns(of row: String) -> String {
        ["uid", "list_id", "title", "notes", "due", "due_time_zone", "start", "start_time_zone", "priority", "flagged",
         "completed_at", "parent_uid", "tags", "url", "recurrence", "recurrence_basis", "alarms", "ical_extras"]
            .map { row + "." + $0 }.joined(separator: ", ")
    }

    /// Step 6's statements (see the type's comment).
    static let davChanges: [String] = [
        """
        CREATE TABLE dav_sequences (
            owner text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
            value bigint NOT NULL
        )
        """,
        """
        CREATE TABLE dav_resources (
            owner text NOT NULL,
            list_id text NOT NULL,
            uid text NOT NULL,
            name text NOT NULL,
            seq bigint NOT NULL,
            deleted boolean NOT NULL DEFAULT false,
            PRIMARY KEY (owner, list_id, uid),
            FOREIGN KEY (owner, list_id) REFERENCES lists (owner, id) ON DELETE CASCADE
        )
        """,
        "CREATE INDEX dav_resources_seq ON dav_resources (owner, list_id, seq)",
        "CREATE INDEX dav_resources_name ON dav_resources (owner, list_id, name)",
        "CREATE INDEX dav_resources_tombstone ON dav_resources (owner, list_id, seq) WHERE deleted",
        """
        CREATE TABLE dav_horizons (
            owner text NOT NULL,
            list_id text NOT NULL,
            pruned_through bigint NOT NULL,
            PRIMARY KEY (owner, list_id),
            FOREIGN KEY (owner, list_id) REFERENCES lists (owner, id) ON DELETE CASCADE
        )
        """,
        "INSERT INTO dav_sequences (owner, value) SELECT id, 1 FROM users",
        "INSERT INTO dav_resources (owner, list_id, uid, name, seq) SELECT owner, list_id, uid, uid || '.ics', 1 FROM reminders",
        davChangeNumberFunction(perList: false),
        davReminderFunctions(perList: false),
        davReminderFunctions(perList: false, removed: false),
        "CREATE TRIGGER dav_reminder_insert AFTER INSERT ON reminders FOR EACH ROW EXECUTE FUNCTION dav_reminder_written()",
        """
        CREATE TRIGGER dav_reminder_move AFTER UPDATE ON reminders FOR EACH ROW
            WHEN (old.list_id IS DISTINCT FROM new.list_id OR old.uid IS DISTINCT FROM new.uid)
            EXECUTE FUNCTION dav_reminder_removed()
        """,
        """
        CREATE TRIGGER dav_reminder_update AFTER UPDATE ON reminders FOR EACH ROW
            WHEN ((\(davColumns(of: "old"))) IS DISTINCT FROM (\(davColumns(of: "new"))))
            EXECUTE FUNCTION dav_reminder_written()
        """,
        "CREATE TRIGGER dav_reminder_delete AFTER DELETE ON reminders FOR EACH ROW EXECUTE FUNCTION dav_reminder_removed()",
    ]
}
