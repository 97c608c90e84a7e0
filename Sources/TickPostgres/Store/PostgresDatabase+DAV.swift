import Foundation
import TickModel

/// The CalDAV server's lookups (`DAVTransaction`) for one user, from the tables of
/// `PostgresSchema` step 6 (kept by its triggers): every statement names the user as
/// `owner`, so another user's list has no resources and its token is 0.
extension PostgresDatabase: DAVTransaction {
    /// The last change number of the user's list `id` (`dav_list_sequences`, schema step 12),
    /// 0 for none (no such list of the user's).
    public func davSequence(inList id: ReminderList.ID) throws -> Int64 {
        try scalar("SELECT value FROM dav_list_sequences WHERE owner = $1 AND list_id = $2", [id.rawValue], as: Int64.self) ?? 0
    }

    /// The ids and creation times of the user's own lists that end in `suffix` (the CalDAV
    /// server's lists made at a path, named `SEGMENT~TAG`), and of those whose id is such a
    /// list's without it; through a share, only the list it gives.
    /// - Complexity: O(lists of the user).
    public func listIDs(endingWith suffix: String) throws -> [(id: ReminderList.ID, createdAt: Date)] {
        try run("""
            SELECT id, created_at FROM lists WHERE owner = $1
                AND (right(id, $2::int) = $3 OR id || $3 IN (SELECT id FROM lists WHERE owner = $1))
            """, [Int64(suffix.count), suffix])
            .map { row throws(PostgresError) in
                (ReminderList.ID(rawValue: try row.decode("id", as: String.self)), try row.decode("created_at", as: Date.self))
            }.filter { sees($0.id) }
    }

    /// The number of the last change in the user's list `id` (deletions included), 0 for none.
    /// - Complexity: O(log n) (the index `dav_resources_seq`).
    public func davToken(inList id: ReminderList.ID) throws -> Int64 {
        // Never below the list's horizon (where a list made since step 10 starts), which the server refuses.
        try scalar("""
            SELECT greatest(coalesce((SELECT max(seq) FROM dav_resources WHERE owner = $1 AND list_id = $2), 0),
                            coalesce((SELECT pruned_through FROM dav_horizons WHERE owner = $1 AND list_id = $2), 0))
            """, [id.rawValue], as: Int64.self) ?? 0
    }

    /// The resources of the user's list `id`: with `since` nil, those that exist; else those
    /// changed or deleted after change number `since`, tombstones included, in the order of change.
    /// - Complexity: O(k log n) for k rows returned.
    public func davResources(inList id: ReminderList.ID, since: Int64? = nil) throws -> [DAVResourceState] {
        let rows = if let since {
            try run("SELECT uid, name, seq, deleted FROM dav_resources WHERE owner = $1 AND list_id = $2 AND seq > $3 ORDER BY seq",
                    [id.rawValue, since])
        } else {
            try run("SELECT uid, name, seq, deleted FROM dav_resources WHERE owner = $1 AND list_id = $2 AND NOT deleted", [id.rawValue])
        }
        return try rows.map { row throws(PostgresError) in try PostgresDatabase.resource(row) }
    }

    /// The resource that exists under `name` in the user's list `id`, or nil.
    /// - Complexity: O(log n) (the index `dav_resources_name`).
    public func davResource(inList id: ReminderList.ID, named name: String) throws -> DAVResourceState? {
        try run("""
            SELECT uid, name, seq, deleted FROM dav_resources WHERE owner = $1 AND list_id = $2 AND name = $3 AND NOT deleted LIMIT 1
            """, [id.rawValue, name]).first.map { row throws(PostgresError) in try PostgresDatabase.resource(row) }
    }

    /// The resources that exist under `names` in the user's list `id`, by name, in one
    /// statement (a round trip per name would be most of a multiget's time).
    /// - Complexity: O(k log n) for k names (the index `dav_resources_name`).
    public func davResources(inList id: ReminderList.ID, named names: [String]) throws -> [String: DAVResourceState] {
        guard !names.isEmpty else { return [:] }
        let rows = try run("""
            SELECT uid, name, seq, deleted FROM dav_resources WHERE owner = $1 AND list_id = $2 AND name = ANY($3::text[]) AND NOT deleted
            """, [id.rawValue, PostgresArray.text(names)])
        var found: [String: DAVResourceState] = [:]
        for row in rows {
            let resource = try PostgresDatabase.resource(row)
            if found[resource.name] == nil { found[resource.name] = resource }
        }
        return found
    }

    /// The user's reminders with `uids`, by UID, in one statement.
    /// - Complexity: O(k log n) for k UIDs (the index `(owner, uid)`).
    public func reminders(withUIDs uids: [ReminderUID]) throws -> [ReminderUID: Reminder] {
        guard !uids.isEmpty else { return [:] }
        let found = try reminders("SELECT \(ReminderColumns.names) FROM reminders WHERE owner = $1 AND uid = ANY($2::text[])",
                                  [PostgresArray.text(uids.map(\.rawValue))])
        return Dictionary(found.filter { sees($0.listID) }.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The list and resource of the user's reminder `uid`, when it exists.
    public func davResource(uid: ReminderUID) throws -> (list: ReminderList.ID, resource: DAVResourceState)? {
        try run("""
            SELECT d.list_id, d.uid, d.name, d.seq, d.deleted FROM reminders r
            JOIN dav_resources d ON d.owner = r.owner AND d.list_id = r.list_id AND d.uid = r.uid
            WHERE r.owner = $1 AND r.uid = $2
            """, [uid.rawValue]).first.map { row throws(PostgresError) in
            (ReminderList.ID(rawValue: try row.decode("list_id")), try PostgresDatabase.resource(row))
        }.flatMap { sees($0.list) ? $0 : nil }
    }

    /// The list and resource of a reminder `uid` that `actor` sees in a list this transaction
    /// does not: among the actor's own lists (when the transaction is another user's, opened
    /// through a share) and the lists shared with the actor, leaving out the lists the
    /// transaction sees (all of `user`'s, or only `visibleList`). The actor's own first.
    /// `insert(_:keepingNumber:keepingPosition:)` refuses a reminder with such a UID.
    /// - Complexity: O(s log n) for s lists shared with the actor (the indexes
    ///   `list_members_user` and `(owner, uid)`).
    public func davResourceElsewhere(uid: ReminderUID) throws -> (list: ReminderList.ID, resource: DAVResourceState)? {
        try run("""
            SELECT * FROM (
                SELECT 0 AS rank, d.list_id, d.uid, d.name, d.seq, d.deleted FROM reminders r
                JOIN dav_resources d ON d.owner = r.owner AND d.list_id = r.list_id AND d.uid = r.uid
                WHERE r.owner = $3 AND r.uid = $2 AND r.owner <> $1
                UNION ALL
                SELECT 1, d.list_id, d.uid, d.name, d.seq, d.deleted FROM list_members m
                JOIN lists l ON l.id = m.list_id
                JOIN reminders r ON r.owner = l.owner AND r.list_id = l.id AND r.uid = $2
                JOIN dav_resources d ON d.owner = r.owner AND d.list_id = r.list_id AND d.uid = r.uid
                WHERE m.user_id = $3 AND m.role <> 'owner' AND NOT (l.owner = $1 AND ($4::text IS NULL OR l.id = $4))
            ) found ORDER BY rank, list_id LIMIT 1
            """, [uid.rawValue, actor.rawValue, visibleList?.rawValue]).first.map { row throws(PostgresError) in
            (ReminderList.ID(rawValue: try row.decode("list_id")), try PostgresDatabase.resource(row))
        }
    }

    /// Gives the resource `uid` of the user's list `id` the name `name`, dropping a
    /// tombstone that had it.
    public func nameDAVResource(inList id: ReminderList.ID, uid: ReminderUID, as name: String) throws {
        try run("DELETE FROM dav_resources WHERE owner = $1 AND list_id = $2 AND name = $3 AND deleted", [id.rawValue, name])
        try run("UPDATE dav_resources SET name = $4 WHERE owner = $1 AND list_id = $2 AND uid = $3", [id.rawValue, uid.rawValue, name])
    }

    /// The change number up to which the tombstones of the user's list `id` were dropped, 0 when none were.
    public func davHorizon(inList id: ReminderList.ID) throws -> Int64 {
        try scalar("SELECT pruned_through FROM dav_horizons WHERE owner = $1 AND list_id = $2", [id.rawValue], as: Int64.self) ?? 0
    }

    /// Calls `body` with each reminder of the user's list `id` (every list, in order, when
    /// nil) in manual order, read `pageSize` at a time by key.
    /// - Complexity: O(n), in O(n / pageSize) statements.
    public func forEachReminder(inList id: ReminderList.ID?, _ body: (Reminder) throws -> Void) throws {
        guard let id else {
            for list in try lists() { try forEachReminder(inList: list.id, body) }
            return
        }
        var after: (position: Int64, number: Int64) = (.min, .min)
        while true {
            let page = try reminders("""
                SELECT \(ReminderColumns.names) FROM reminders WHERE owner = $1 AND list_id = $2 AND (position, number) > ($3, $4)
                ORDER BY position, number LIMIT \(PostgresDatabase.pageSize)
                """, [id.rawValue, after.position, after.number])
            for reminder in page { try body(reminder) }
            guard page.count == PostgresDatabase.pageSize, let last = page.last else { return }
            after = (last.position, last.number.rawValue)
        }
    }

    /// `DAVTransaction.forEachSortKey`: four columns a row, `sortKeyPageSize` rows a statement,
    /// by key in the list's manual order.
    /// - Throws: `PostgresError` from the server, or what `body` throws.
    /// - Complexity: O(n), in O(n / sortKeyPageSize) statements.
    public func forEachSortKey(inList id: ReminderList.ID, _ body: (SortKeyRow) throws -> Void) throws {
        var after: (position: Int64, number: Int64) = (.min, .min)
        while true {
            let rows = try run("""
                SELECT number, uid, created_at, position,
                    CASE WHEN ical_extras ILIKE '%X-APPLE-SORT-ORDER%' THEN ical_extras ELSE '' END AS extras
                FROM reminders WHERE owner = $1 AND list_id = $2 AND (position, number) > ($3, $4)
                ORDER BY position, number LIMIT \(PostgresDatabase.sortKeyPageSize)
                """, [id.rawValue, after.position, after.number])
            var count = 0
            for row in rows {
                let number: Int64 = try row.decode("number")
                after = (try row.decode("position"), number)
                count += 1
                try body(SortKeyRow(number: .init(number), uid: ReminderUID(try row.decode("uid", as: String.self)),
                                    createdAt: try row.decode("created_at"), sortOrderExtras: try row.decode("extras")))
            }
            guard count == PostgresDatabase.sortKeyPageSize else { return }
        }
    }

    /// Rows read per statement by `forEachSortKey(inList:_:)` (four narrow columns).
    static let sortKeyPageSize = 2_000

    /// Drops the oldest tombstones of each of the user's lists that holds more than twice
    /// `kept` of them, keeping its newest `kept`, and moves the list's horizon
    /// (`davHorizon(inList:)`) to the change number of the newest one dropped: a client
    /// whose token is older syncs from the start (RFC 6578 §3.2).
    /// - Parameter kept: tombstones kept per list (at least 1).
    /// - Returns: the number of tombstones dropped.
    /// - Throws: `PostgresError` from the server.
    /// - Complexity: O(t) in the user's tombstones (the index `dav_resources_tombstone`).
    @discardableResult
    public func pruneDAVTombstones(keeping kept: Int) throws -> Int {
        precondition(kept >= 1, "keep at least one tombstone a list")
        let crowded = try run("""
            SELECT list_id FROM dav_resources WHERE owner = $1 AND deleted GROUP BY list_id HAVING count(*) > $2
            """, [Int64(kept) * 2]).map { row throws(PostgresError) in try row.decode("list_id", as: String.self) }
        var dropped = 0
        for list in crowded {
            guard let cutoff = try scalar("""
                SELECT seq FROM dav_resources WHERE owner = $1 AND list_id = $2 AND deleted ORDER BY seq DESC LIMIT 1 OFFSET $3
                """, [list, Int64(kept)], as: Int64.self) else { continue }
            dropped += try run("DELETE FROM dav_resources WHERE owner = $1 AND list_id = $2 AND deleted AND seq <= $3 RETURNING 1",
                               [list, cutoff]).count
            try run("""
                INSERT INTO dav_horizons (owner, list_id, pruned_through) VALUES ($1, $2, $3)
                ON CONFLICT (owner, list_id) DO UPDATE SET pruned_through = greatest(dav_horizons.pruned_through, excluded.pruned_through)
                """, [list, cutoff])
        }
        return dropped
    }

    /// Reminders read per statement by `forEachReminder(inList:_:)`.
    static let pageSize = 500

    /// The resource of a row with `uid`, `name`, `seq` and `deleted`.
    private static func resource(_ row: PostgresRow) throws(PostgresError) -> DAVResourceState {
        DAVResourceState(uid: ReminderUID(try row.decode("uid", as: String.self)), name: try row.decode("name"),
                         sequence: try row.decode("seq"), isDeleted: try row.decode("deleted"))
    }
}

extension PostgresStore {
    /// `PostgresDatabase.pruneDAVTombstones(keeping:)` for every user who has a list holding
    /// more than twice `kept` tombstones, each in that user's own transaction: the server's
    /// housekeeping when it is idle. Only the search for such users reads across owners.
    /// - Parameter kept: tombstones kept per list (at least 1).
    /// - Returns: the number of tombstones dropped.
    /// - Throws: `PostgresError` from the pool or the server (what was pruned before stays).
    /// - Complexity: O(t) in all users' tombstones (the index `dav_resources_tombstone`).
    @discardableResult
    public static func pruneDAVTombstones(in pool: PostgresPool, keeping kept: Int) throws -> Int {
        precondition(kept >= 1, "keep at least one tombstone a list")
        let owners = try pool.withConnection { connection in
            try connection.execute("""
                SELECT DISTINCT owner FROM dav_resources WHERE deleted GROUP BY owner, list_id HAVING count(*) > $1
                """, [Int64(kept) * 2]).map { row throws(PostgresError) in try row.decode("owner", as: String.self) }
        }
        var dropped = 0
        for owner in owners {
            dropped += try PostgresStore(pool: pool, user: UserID(owner)).write { db in try db.pruneDAVTombstones(keeping: kept) }
        }
        return dropped
    }
}
