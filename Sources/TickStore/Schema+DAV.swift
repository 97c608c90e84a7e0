extension Schema {
    /// Version 10: what the CalDAV server of `tick serve` needs to answer RFC 6578
    /// `sync-collection` (issue 13): a change sequence and tombstones.
    ///
    /// - `dav_sequence`: one row, the number of the last change to any reminder.
    /// - `dav_resource`: one row per reminder and list it is or was in: the list, the
    ///   reminder's UID, the resource's name in the list's collection (the last path
    ///   segment, decoded: `UID.ics` unless a client chose another with its PUT), the
    ///   sequence number of its last change (its ETag and, per list, the sync token), and
    ///   whether it was deleted from the list (a tombstone, kept so that a client holding an
    ///   older token learns of the deletion).
    ///
    /// Triggers keep both in step with every insert, update and delete of a reminder,
    /// whoever writes (the server, every `tick` command, the UI, sync, the agent or the
    /// `sqlite3` shell): an update counts when it changes what the resource says (its
    /// `revision`; a place in the manual order alone is not written to CalDAV, a move
    /// keeps its `X-APPLE-SORT-ORDER` in the extras) or its list (a tombstone in the old
    /// list). A deleted list takes its rows with it. The migration
    /// gives every reminder already stored sequence number 1.
    static let davChanges = """
        CREATE TABLE dav_sequence (
            id    INTEGER PRIMARY KEY CHECK (id = 1),
            value INTEGER NOT NULL
        );
        INSERT INTO dav_sequence (id, value) VALUES (1, 1);
        CREATE TABLE dav_resource (
            list_id TEXT NOT NULL,
            uid     TEXT NOT NULL,
            name    TEXT NOT NULL,
            seq     INTEGER NOT NULL,
            deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
            PRIMARY KEY (list_id, uid)
        ) WITHOUT ROWID;
        CREATE INDEX dav_resource_seq ON dav_resource(list_id, seq);
        CREATE INDEX dav_resource_name ON dav_resource(list_id, name);
        INSERT INTO dav_resource (list_id, uid, name, seq) SELECT list_id, uid, uid || '.ics', 1 FROM reminder;
        CREATE TRIGGER dav_reminder_insert AFTER INSERT ON reminder BEGIN
            \(davChange(list: "new.list_id", uid: "new.uid"))
        END;
        CREATE TRIGGER dav_reminder_update AFTER UPDATE ON reminder
            WHEN old.revision IS NOT new.revision OR old.list_id IS NOT new.list_id OR old.uid IS NOT new.uid BEGIN
            \(davDeletion(list: "old.list_id", uid: "old.uid", when: "old.list_id IS NOT new.list_id OR old.uid IS NOT new.uid"))
            \(davChange(list: "new.list_id", uid: "new.uid"))
        END;
        CREATE TRIGGER dav_reminder_delete AFTER DELETE ON reminder BEGIN
            \(davDeletion(list: "old.list_id", uid: "old.uid", when: "1"))
        END;
        CREATE TRIGGER dav_list_delete AFTER DELETE ON list BEGIN
            DELETE FROM dav_resource WHERE list_id = old.id;
        END;
        CREATE TRIGGER dav_list_update AFTER UPDATE OF id ON list WHEN old.id IS NOT new.id BEGIN
            UPDATE dav_resource SET list_id = new.id WHERE list_id = old.id;
        END;
        """

    /// Version 11: tombstones are not kept forever (issue 13). `dav_horizon` holds, per list,
    /// the change number up to which its tombstones were dropped (`Database.pruneDAVTombstones`):
    /// a sync token older than that may miss a deletion, so the server refuses it with
    /// RFC 6578 `DAV:valid-sync-token` and the client syncs from the start. An index on the
    /// tombstones alone counts them without reading the live rows. A deleted list takes its
    /// horizon with it; a list whose ID changes keeps it.
    static let davHorizon = """
        CREATE TABLE dav_horizon (
            list_id        TEXT PRIMARY KEY NOT NULL,
            pruned_through INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX dav_resource_tombstone ON dav_resource(list_id, seq) WHERE deleted = 1;
        DROP TRIGGER dav_list_delete;
        CREATE TRIGGER dav_list_delete AFTER DELETE ON list BEGIN
            DELETE FROM dav_resource WHERE list_id = old.id;
            DELETE FROM dav_horizon WHERE list_id = old.id;
        END;
        DROP TRIGGER dav_list_update;
        CREATE TRIGGER dav_list_update AFTER UPDATE OF id ON list WHEN old.id IS NOT new.id BEGIN
            UPDATE dav_resource SET list_id = new.id WHERE list_id = old.id;
            UPDATE dav_horizon SET list_id = new.id WHERE list_id = old.id;
        END;
        """

    /// Version 14: a list made takes a change number of its own and starts its horizon there
    /// (RFC 6578 §3.2): a sync token given before it — of a collection deleted and made again
    /// at the same URL — is refused with `DAV:valid-sync-token`, and the client syncs from the
    /// start, instead of hearing only of the new list's to-dos and keeping the old ones it
    /// had (a tester: ghosts a phone would keep and could PUT back).
    static let davListCreated = """
        CREATE TRIGGER dav_list_insert AFTER INSERT ON list BEGIN
            UPDATE dav_sequence SET value = value + 1 WHERE id = 1;
            INSERT OR REPLACE INTO dav_horizon (list_id, pruned_through)
                VALUES (new.id, (SELECT value FROM dav_sequence WHERE id = 1));
        END;
        """

    /// The statements of `davChanges`' triggers that count a change of the resource `uid`
    /// in `list` (a new row named `UID.ics`, or the row there, no longer deleted).
    private static func davChange(list: String, uid: String) -> String {
        """
        UPDATE dav_sequence SET value = value + 1 WHERE id = 1;
                    INSERT INTO dav_resource (list_id, uid, name, seq)
                        VALUES (\(list), \(uid), \(uid) || '.ics', (SELECT value FROM dav_sequence WHERE id = 1))
                        ON CONFLICT (list_id, uid) DO UPDATE SET seq = excluded.seq, deleted = 0;
        """
    }

    /// The statements that leave a tombstone for `uid` in `list` when `condition` holds.
    private static func davDeletion(list: String, uid: String, when condition: String) -> String {
        """
        UPDATE dav_sequence SET value = value + 1 WHERE id = 1 AND (\(condition));
                    UPDATE dav_resource SET deleted = 1, seq = (SELECT value FROM dav_sequence WHERE id = 1)
                        WHERE list_id = \(list) AND uid = \(uid) AND (\(condition));
        """
    }
}
