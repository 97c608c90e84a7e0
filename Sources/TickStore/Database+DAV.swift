import Foundation
import TickModel

extension Database {
    /// The number of the last change to any reminder (`dav_sequence`): no sync token can
    /// be above it.
    /// - Throws: `StoreError` from SQLite.
    public func davSequence() throws -> Int64 {
        try scalarInt("SELECT value FROM dav_sequence WHERE id = 1") ?? 0
    }

    /// `davSequence()`: one user's database counts every list's changes together.
    /// - Throws: `StoreError` from SQLite.
    public func davSequence(inList id: ReminderList.ID) throws -> Int64 { try davSequence() }

    /// The number of the last change in the list `id` (deletions included), else of its
    /// horizon (`davHorizon(inList:)`: where a list made since schema version 14 starts), 0
    /// for neither: its collection's sync token and CTag, never below what the server refuses.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(log n) (the index `dav_resource_seq`).
    public func davToken(inList id: ReminderList.ID) throws -> Int64 {
        try scalarInt("""
            SELECT max(coalesce((SELECT max(seq) FROM dav_resource WHERE list_id = ?1), 0),
                       coalesce((SELECT pruned_through FROM dav_horizon WHERE list_id = ?1), 0))
            """, [.text(id.rawValue)]) ?? 0
    }

    /// The statements of the lookups whose query plans `DAVChangeTests.queryPlans` checks.
    static let davResourcesSQL = "SELECT uid, name, seq, deleted FROM dav_resource WHERE list_id = ? AND deleted = 0"
    static let davResourcesSinceSQL = "SELECT uid, name, seq, deleted FROM dav_resource WHERE list_id = ? AND seq > ? ORDER BY seq"
    static let davResourceByNameSQL = """
        SELECT uid, name, seq, deleted FROM dav_resource INDEXED BY dav_resource_name
        WHERE list_id = ? AND name = ? AND deleted = 0 LIMIT 1
        """

    /// The resources of the list `id`: with `since` nil, those that exist; else those changed
    /// or deleted after change number `since`, tombstones included, in the order of change.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(k log n) for k rows returned (the index `dav_resource_seq`).
    public func davResources(inList id: ReminderList.ID, since: Int64? = nil) throws -> [DAVResourceState] {
        var found: [DAVResourceState] = []
        let sql = since == nil ? Database.davResourcesSQL : Database.davResourcesSinceSQL
        try forEachRow(sql, [.text(id.rawValue)] + (since.map { [.integer($0)] } ?? [])) { row in
            found.append(DAVResourceState(uid: ReminderUID(row.text(0)), name: row.text(1), sequence: row.int(2),
                                          isDeleted: row.int(3) != 0))
        }
        return found
    }

    /// The resource that exists under `name` in the list `id`, or nil. By the index on the
    /// name: without statistics SQLite would take the primary key's `list_id` prefix and
    /// read the whole list (a multiget of 10,000 items took seconds).
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(log n).
    public func davResource(inList id: ReminderList.ID, named name: String) throws -> DAVResourceState? {
        var found: DAVResourceState?
        try forEachRow(Database.davResourceByNameSQL, [.text(id.rawValue), .text(name)]) { row in
            found = DAVResourceState(uid: ReminderUID(row.text(0)), name: row.text(1), sequence: row.int(2), isDeleted: false)
        }
        return found
    }

    /// The list and resource of the reminder `uid`, when it exists.
    /// - Throws: `StoreError` from SQLite.
    public func davResource(uid: ReminderUID) throws -> (list: ReminderList.ID, resource: DAVResourceState)? {
        var found: (ReminderList.ID, DAVResourceState)?
        try forEachRow("""
            SELECT d.list_id, d.name, d.seq FROM reminder r JOIN dav_resource d ON d.list_id = r.list_id AND d.uid = r.uid
            WHERE r.uid = ?
            """, [.text(uid.rawValue)]) { row in
            found = (ReminderList.ID(rawValue: row.text(0)),
                     DAVResourceState(uid: uid, name: row.text(1), sequence: row.int(2), isDeleted: false))
        }
        return found
    }

    /// Gives the resource `uid` of the list `id` the name `name` (the one a client chose
    /// with its PUT); a tombstone that had the name is dropped, so that a client never
    /// sees one name both deleted and present.
    /// - Throws: `StoreError` from SQLite.
    public func nameDAVResource(inList id: ReminderList.ID, uid: ReminderUID, as name: String) throws {
        try execute("DELETE FROM dav_resource INDEXED BY dav_resource_name WHERE list_id = ? AND name = ? AND deleted = 1",
                    [.text(id.rawValue), .text(name)])
        try execute("UPDATE dav_resource SET name = ? WHERE list_id = ? AND uid = ?",
                    [.text(name), .text(id.rawValue), .text(uid.rawValue)])
    }

    /// The change number up to which the tombstones of the list `id` were dropped, 0 when
    /// none were: a sync token below it may miss a deletion (see `pruneDAVTombstones`).
    /// - Throws: `StoreError` from SQLite.
    public func davHorizon(inList id: ReminderList.ID) throws -> Int64 {
        try scalarInt("SELECT pruned_through FROM dav_horizon WHERE list_id = ?", [.text(id.rawValue)]) ?? 0
    }

    /// Drops the oldest tombstones of every list that holds more than twice `kept` of them,
    /// keeping its newest `kept`, and moves the list's horizon (`davHorizon(inList:)`) to the
    /// change number of the newest one dropped. A client whose token is older then syncs
    /// from the start (RFC 6578 §3.2), as with Radicale's `max_sync_token_age`; one that
    /// synced since the kept deletions began loses nothing.
    /// - Parameter kept: tombstones kept per list (at least 1).
    /// - Returns: the number of tombstones dropped.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(t) in the number of tombstones (the index `dav_resource_tombstone`).
    @discardableResult
    public func pruneDAVTombstones(keeping kept: Int) throws -> Int {
        precondition(kept >= 1, "keep at least one tombstone a list")
        var crowded: [String] = []
        try forEachRow("""
            SELECT list_id FROM dav_resource INDEXED BY dav_resource_tombstone WHERE deleted = 1
            GROUP BY list_id HAVING count(*) > ?
            """, [.integer(Int64(kept) * 2)]) { crowded.append($0.text(0)) }
        var dropped = 0
        for list in crowded {
            guard let cutoff = try scalarInt("""
                SELECT seq FROM dav_resource INDEXED BY dav_resource_tombstone WHERE list_id = ? AND deleted = 1
                ORDER BY seq DESC LIMIT 1 OFFSET ?
                """, [.text(list), .integer(Int64(kept))]) else { continue }
            try execute("DELETE FROM dav_resource WHERE list_id = ? AND deleted = 1 AND seq <= ?", [.text(list), .integer(cutoff)])
            dropped += changes
            try execute("""
                INSERT INTO dav_horizon (list_id, pruned_through) VALUES (?, ?)
                ON CONFLICT (list_id) DO UPDATE SET pruned_through = max(pruned_through, excluded.pruned_through)
                """, [.text(list), .integer(cutoff)])
        }
        return dropped
    }
}
