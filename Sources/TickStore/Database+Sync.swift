import Foundation
import TickModel

/// A calendar collection paired with a list by `tick sync` (table `sync_collection`).
public struct SyncedCollection: Sendable, Equatable {
    /// The account's name in the sync settings.
    public var account: String
    /// The collection's URL, ending in `/`.
    public var url: String
    /// The list it is synced with.
    public var listID: ReminderList.ID
    /// The RFC 6578 sync token of the last complete sync.
    public var syncToken: String?
    /// The `getctag` of the last complete sync.
    public var ctag: String?
    /// The list's name and color (`#RRGGBB`) as last synced; nil before the first sync.
    public var name: String?
    public var color: String?
    /// The entry of the account's `lists` (sync settings) that chose this pairing, as the
    /// settings spelled it; nil when the account named no lists (or before schema 12).
    public var chosenAs: String?

    public init(account: String, url: String, listID: ReminderList.ID, syncToken: String? = nil, ctag: String? = nil,
                name: String? = nil, color: String? = nil, chosenAs: String? = nil) {
        self.account = account
        self.url = url
        self.listID = listID
        self.syncToken = syncToken
        self.ctag = ctag
        self.name = name
        self.color = color
        self.chosenAs = chosenAs
    }
}

/// One reminder as last synced with one collection (table `sync_item`).
public struct SyncedItem: Sendable, Equatable {
    public var account: String
    public var collectionURL: String
    /// Its href in the collection, as the server gave it.
    public var href: String
    public var uid: ReminderUID
    /// The server's ETag, quotes included; nil when unknown (fetch it again).
    public var etag: String?
    /// The iCalendar object as last synced: the base of a three-way merge.
    public var base: String
    /// The reminder's `revision` when it was last synced (`reminder.revision`).
    public var localRevision: Int64

    /// The ETag of a write sent and not yet answered: the state of a new item is saved with it
    /// before its PUT, so that a sync stopped before the answer came (killed, a lost answer)
    /// knows the text it sent as the base of the next merge (`isUnconfirmed`).
    public static let unconfirmedETag = ""

    /// Whether this is a write sent and not yet answered (`unconfirmedETag`): the server may
    /// hold it or not.
    public var isUnconfirmed: Bool { etag == SyncedItem.unconfirmedETag }

    /// The ETag to send as `If-Match`: nil when unknown or unconfirmed.
    public var conditionalETag: String? { isUnconfirmed ? nil : etag }

    public init(account: String, collectionURL: String, href: String, uid: ReminderUID, etag: String?,
                base: String, localRevision: Int64) {
        self.account = account
        self.collectionURL = collectionURL
        self.href = href
        self.uid = uid
        self.etag = etag
        self.base = base
        self.localRevision = localRevision
    }
}

extension Database {
    /// One reminder's `revision`, nil when there is none with `uid`.
    /// - Throws: `StoreError` from SQLite.
    public func revision(uid: ReminderUID) throws -> Int64? {
        try scalarInt("SELECT revision FROM reminder WHERE uid = ?", [.text(uid.rawValue)])
    }

    /// The collections paired for `account` (every account when nil), by URL.
    /// - Throws: `StoreError` from SQLite.
    public func syncedCollections(account: String? = nil) throws -> [SyncedCollection] {
        var found: [SyncedCollection] = []
        let place = RowPlace(table: "sync_collection", key: "url", keyIndex: 1)
        let sql = "SELECT account, url, list_id, sync_token, ctag, name, color, chosen_as FROM sync_collection"
            + (account == nil ? "" : " WHERE account = ?") + " ORDER BY account, url"
        try forEachRow(sql, account.map { [.text($0)] } ?? []) { row in
            guard let account = row.optionalText(0), let url = row.optionalText(1), let list = row.optionalText(2) else {
                throw row.unreadable(2, in: place, "no value")
            }
            found.append(SyncedCollection(account: account, url: url, listID: ReminderList.ID(rawValue: list),
                                          syncToken: row.optionalText(3), ctag: row.optionalText(4),
                                          name: row.optionalText(5), color: row.optionalText(6), chosenAs: row.optionalText(7)))
        }
        return found
    }

    /// Saves the pairing `collection` (inserted, or replacing the one with its account and URL).
    /// - Throws: `StoreError` from SQLite (`.constraint` when the list does not exist).
    public func saveSyncedCollection(_ collection: SyncedCollection) throws {
        try execute("""
            INSERT INTO sync_collection(account, url, list_id, sync_token, ctag, name, color, chosen_as)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(account, url) DO UPDATE SET list_id = excluded.list_id, sync_token = excluded.sync_token,
                ctag = excluded.ctag, name = excluded.name, color = excluded.color, chosen_as = excluded.chosen_as
            """, [.text(collection.account), .text(collection.url), .text(collection.listID.rawValue),
                  collection.syncToken.map { .text($0) } ?? .null, collection.ctag.map { .text($0) } ?? .null,
                  collection.name.map { .text($0) } ?? .null, collection.color.map { .text($0) } ?? .null,
                  collection.chosenAs.map { .text($0) } ?? .null])
    }

    /// Forgets every pairing of `account` and what was synced through it.
    /// - Throws: `StoreError` from SQLite.
    public func forgetSyncAccount(_ account: String) throws {
        try execute("DELETE FROM sync_item WHERE account = ?", [.text(account)])
        try execute("DELETE FROM sync_collection WHERE account = ?", [.text(account)])
    }

    /// A row whose first columns are `href, uid, etag, base, local_revision` as a `SyncedItem`.
    static func syncedItem(_ row: Statement, account: String, collectionURL: String) -> SyncedItem {
        SyncedItem(account: account, collectionURL: collectionURL, href: row.text(0), uid: ReminderUID(row.text(1)),
                   etag: row.optionalText(2), base: row.text(3), localRevision: row.int(4))
    }

    /// The items synced with one collection.
    /// - Throws: `StoreError` from SQLite.
    public func syncedItems(account: String, collectionURL: String) throws -> [SyncedItem] {
        var found: [SyncedItem] = []
        try forEachRow("""
            SELECT href, uid, etag, base, local_revision FROM sync_item WHERE account = ? AND collection_url = ?
            """, [.text(account), .text(collectionURL)]) { row in
            found.append(Database.syncedItem(row, account: account, collectionURL: collectionURL))
        }
        return found
    }

    /// The items synced with one collection whose href is one of `hrefs` (compared as
    /// stored: the server's own spelling), for a sync that asks only about what the server
    /// reported changed or deleted.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(k log n) for k hrefs among n items (the primary key).
    public func syncedItems(account: String, collectionURL: String, hrefs: [String]) throws -> [SyncedItem] {
        var found: [SyncedItem] = []
        try forEachChunk(of: hrefs) { chunk, marks in
            try forEachRow("""
                SELECT href, uid, etag, base, local_revision FROM sync_item
                WHERE account = ? AND collection_url = ? AND href IN (\(marks))
                """, [.text(account), .text(collectionURL)] + chunk.map { .text($0) }, cached: false) { row in
                found.append(Database.syncedItem(row, account: account, collectionURL: collectionURL))
            }
        }
        return found
    }

    /// The hrefs of every item synced with one collection, as stored (without their texts).
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(n) for n items in the collection.
    public func syncedHrefs(account: String, collectionURL: String) throws -> [String] {
        var found: [String] = []
        try forEachRow("SELECT href FROM sync_item WHERE account = ? AND collection_url = ?",
                       [.text(account), .text(collectionURL)]) { found.append($0.text(0)) }
        return found
    }

    /// What changed in Tick among the items synced with one collection, paired with `list`:
    /// the items whose reminder changed since the last sync (its `revision` is not the one
    /// stored), went to another list, or is gone. Each comes with the list its reminder is
    /// in now (nil when gone) and its revision; unchanged items are not made into values.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(n log m) in SQLite for n synced items and m reminders.
    public func syncedItemsChangedLocally(account: String, collectionURL: String, list: ReminderList.ID) throws
        -> [(item: SyncedItem, listID: ReminderList.ID?, revision: Int64?)] {
        var found: [(item: SyncedItem, listID: ReminderList.ID?, revision: Int64?)] = []
        try forEachRow(Database.syncedItemsChangedLocallySQL, [.text(account), .text(collectionURL), .text(list.rawValue)]) { row in
            let item = Database.syncedItem(row, account: account, collectionURL: collectionURL)
            found.append((item, row.optionalText(5).map { ReminderList.ID(rawValue: $0) }, row.isNull(6) ? nil : row.int(6)))
        }
        return found
    }

    /// The reminders of `list` not synced with the collection (made in Tick, or moved here
    /// from another list since the last sync), with their revisions, in the list's order.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(m log n) in SQLite for m reminders in the list (index `sync_item_uid`).
    public func unsyncedReminders(inList list: ReminderList.ID, account: String, collectionURL: String) throws
        -> [(uid: ReminderUID, revision: Int64)] {
        var found: [(uid: ReminderUID, revision: Int64)] = []
        try forEachRow(Database.unsyncedRemindersSQL, [.text(list.rawValue), .text(account), .text(collectionURL)]) { found.append((ReminderUID($0.text(0)), $0.int(1))) }
        return found
    }

    /// The query of `syncedItemsChangedLocally`: the collection's rows by the primary key, each
    /// reminder by its UID (the unique index).
    static let syncedItemsChangedLocallySQL = """
        SELECT s.href, s.uid, s.etag, s.base, s.local_revision, r.list_id, r.revision
        FROM sync_item AS s LEFT JOIN reminder AS r ON r.uid = s.uid
        WHERE s.account = ? AND s.collection_url = ?
          AND (r.uid IS NULL OR r.list_id <> ? OR r.revision <> s.local_revision)
        """

    /// The query of `unsyncedReminders`: the list by `reminder_list_position`, each synced
    /// item by `sync_item_uid`.
    static let unsyncedRemindersSQL = """
        SELECT r.uid, r.revision FROM reminder AS r
        WHERE r.list_id = ? AND NOT EXISTS (
            SELECT 1 FROM sync_item AS s WHERE s.uid = r.uid AND s.account = ? AND s.collection_url = ?)
        ORDER BY r.position
        """

    /// The list and `revision` of each of `uids` that a reminder has.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(k log m) for k UIDs among m reminders (the unique index on `uid`).
    public func listsAndRevisions(of uids: [ReminderUID]) throws -> [ReminderUID: (listID: ReminderList.ID, revision: Int64)] {
        var found: [ReminderUID: (listID: ReminderList.ID, revision: Int64)] = [:]
        try forEachChunk(of: uids.map(\.rawValue)) { chunk, marks in
            try forEachRow("SELECT uid, list_id, revision FROM reminder WHERE uid IN (\(marks))", chunk.map { .text($0) },
                           cached: false) { row in
                found[ReminderUID(row.text(0))] = (ReminderList.ID(rawValue: row.text(1)), row.int(2))
            }
        }
        return found
    }

    /// Calls `body` with `values` in chunks of `bulkRowsPerStatement`, each with its `?, ?, …`.
    private func forEachChunk(of values: [String], _ body: (ArraySlice<String>, String) throws -> Void) throws {
        var start = values.startIndex
        while start < values.endIndex {
            let end = min(start + Database.bulkRowsPerStatement, values.endIndex)
            try body(values[start..<end], Array(repeating: "?", count: end - start).joined(separator: ", "))
            start = end
        }
    }

    /// Saves `item` (inserted, or replacing the row with its account, collection and href).
    /// - Throws: `StoreError` from SQLite.
    public func saveSyncedItem(_ item: SyncedItem) throws {
        try execute("""
            INSERT INTO sync_item(account, collection_url, href, uid, etag, base, local_revision)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(account, collection_url, href) DO UPDATE SET uid = excluded.uid, etag = excluded.etag,
                base = excluded.base, local_revision = excluded.local_revision
            """, [.text(item.account), .text(item.collectionURL), .text(item.href), .text(item.uid.rawValue),
                  item.etag.map { .text($0) } ?? .null, .text(item.base), .integer(item.localRevision)])
    }

    /// Forgets one synced item (after its deletion reached both sides).
    /// - Throws: `StoreError` from SQLite.
    public func deleteSyncedItem(account: String, collectionURL: String, href: String) throws {
        try execute("DELETE FROM sync_item WHERE account = ? AND collection_url = ? AND href = ?",
                    [.text(account), .text(collectionURL), .text(href)])
    }

    /// The items of `account` synced with a collection other than `collectionURL` whose UID
    /// is `uid`: where a reminder that shows up in another calendar was synced before.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(log n) (the index `sync_item_uid`).
    public func syncedItems(account: String, uid: ReminderUID, except collectionURL: String) throws -> [SyncedItem] {
        var found: [SyncedItem] = []
        try forEachRow("""
            SELECT href, uid, etag, base, local_revision, collection_url FROM sync_item
            WHERE uid = ? AND account = ? AND collection_url <> ?
            """, [.text(uid.rawValue), .text(account), .text(collectionURL)]) { row in
            found.append(Database.syncedItem(row, account: account, collectionURL: row.text(5)))
        }
        return found
    }

    /// The items of the collection whose write was sent and never answered (`SyncedItem.isUnconfirmed`).
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(n) rows of the collection read by SQLite, only their ETags compared (every
    ///   sync of every list asks, and there is almost never one: no row's text is read then).
    public func unconfirmedSyncedItems(account: String, collectionURL: String) throws -> [SyncedItem] {
        var found: [SyncedItem] = []
        try forEachRow("""
            SELECT href, uid, etag, base, local_revision FROM sync_item WHERE account = ? AND collection_url = ? AND etag = ?
            """, [.text(account), .text(collectionURL), .text(SyncedItem.unconfirmedETag)]) { row in
            found.append(Database.syncedItem(row, account: account, collectionURL: collectionURL))
        }
        return found
    }

    /// Which of `uids` `account` has synced with a collection other than `collectionURL`:
    /// reminders new to that collection that were synced elsewhere (moved in Tick).
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(k log n) for k UIDs (the index `sync_item_uid`), in chunks.
    public func uidsSynced(account: String, among uids: [ReminderUID], except collectionURL: String) throws -> Set<ReminderUID> {
        var found = Set<ReminderUID>()
        try forEachChunk(of: uids.map(\.rawValue)) { chunk, marks in
            try forEachRow("""
                SELECT DISTINCT uid FROM sync_item WHERE uid IN (\(marks)) AND account = ? AND collection_url <> ?
                """, chunk.map { .text($0) } + [.text(account), .text(collectionURL)], cached: false) { row in
                found.insert(ReminderUID(row.text(0)))
            }
        }
        return found
    }

    /// Whether an item with `uid` is stored in a collection paired with `list`, by any
    /// account: the server holds the reminder where Tick has it.
    /// - Throws: `StoreError` from SQLite.
    public func isStoredOnServer(uid: ReminderUID, inCollectionOf list: ReminderList.ID) throws -> Bool {
        try scalarInt("""
            SELECT 1 FROM sync_item AS i JOIN sync_collection AS c ON c.account = i.account AND c.url = i.collection_url
            WHERE i.uid = ? AND c.list_id = ? LIMIT 1
            """, [.text(uid.rawValue), .text(list.rawValue)]) != nil
    }

    /// Forgets `uid` in every collection of `account` but `collectionURL` (the item moved
    /// to that collection).
    /// - Throws: `StoreError` from SQLite.
    public func forgetSyncedUID(_ uid: ReminderUID, account: String, except collectionURL: String) throws {
        try execute("DELETE FROM sync_item WHERE account = ? AND uid = ? AND collection_url <> ?",
                    [.text(account), .text(uid.rawValue), .text(collectionURL)])
    }

    /// Counts of synced items per account, for `tick sync status`.
    /// - Throws: `StoreError` from SQLite.
    public func syncedItemCount(account: String, collectionURL: String) throws -> Int {
        Int(try scalarInt("SELECT count(*) FROM sync_item WHERE account = ? AND collection_url = ?",
                          [.text(account), .text(collectionURL)]) ?? 0)
    }
}

/// A conflict `tick sync` found (table `sync_conflict`, the conflict journal): a value both
/// sides changed, the side whose change lost, and its value.
public struct SyncConflictRecord: Sendable, Equatable {
    /// The row's number, rising with each conflict written; 0 before it is written.
    public var id: Int64
    /// The account's name in the sync settings.
    public var account: String
    /// When the sync that found it ran (its clock, `ActionContext.now`).
    public var foundAt: Date
    /// The list, as named when it was found.
    public var listName: String
    /// The reminder's title; empty for a conflict over a list's name or color.
    public var title: String
    /// The reminder's UID; nil for a conflict over a list's name or color.
    public var uid: ReminderUID?
    /// `SUMMARY`, `DUE`, `VALARM`, `list`, `list name`, … or `deleted` (an edit won over a deletion).
    public var property: String
    /// The value that lost, as iCalendar content lines (a list's name for `list`); empty for `deleted`.
    public var lostValue: String
    /// Whether Tick's value lost (else the server's).
    public var localLost: Bool
    /// Whether a report (the output of `tick sync`, the agent's log) has shown it.
    public var isReported: Bool

    public init(id: Int64 = 0, account: String, foundAt: Date, listName: String, title: String, uid: ReminderUID?,
                property: String, lostValue: String, localLost: Bool, isReported: Bool = false) {
        self.id = id
        self.account = account
        self.foundAt = foundAt
        self.listName = listName
        self.title = title
        self.uid = uid
        self.property = property
        self.lostValue = lostValue
        self.localLost = localLost
        self.isReported = isReported
    }
}

extension Database {
    /// How many reported conflicts the journal keeps (the newest); unreported ones are all kept.
    public static let reportedSyncConflictsKept = 1_000

    /// Writes `record` into the conflict journal (in the caller's transaction: the one that
    /// saves what won), unless the same conflict (account, reminder, property, value, loser)
    /// is there unreported already: a sync stopped after writing it and before saving finds
    /// it again. Reported rows beyond the newest `reportedSyncConflictsKept` are dropped.
    /// - Returns: the row's id (the earlier row's when it was there), and whether it is new.
    /// - Throws: `StoreError` from SQLite.
    @discardableResult
    public func recordSyncConflict(_ record: SyncConflictRecord) throws -> (id: Int64, isNew: Bool) {
        let loser = record.localLost ? "local" : "server"
        let uid: SQLValue = record.uid.map { .text($0.rawValue) } ?? .null
        if let earlier = try scalarInt("""
            SELECT id FROM sync_conflict WHERE account = ? AND reported = 0 AND uid IS ? AND property = ?
                AND lost_value = ? AND loser = ? AND list_name = ?
            """, [.text(record.account), uid, .text(record.property), .text(record.lostValue), .text(loser),
                  .text(record.listName)]) {
            return (earlier, false)
        }
        try execute("""
            INSERT INTO sync_conflict (account, found_at, list_name, title, uid, property, lost_value, loser)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(record.account), .text(Timestamp.string(record.foundAt)), .text(record.listName), .text(record.title),
                  uid, .text(record.property), .text(record.lostValue), .text(loser)])
        let id = lastInsertRowID
        try execute("""
            DELETE FROM sync_conflict WHERE reported = 1 AND id <= (
                SELECT id FROM sync_conflict WHERE reported = 1 ORDER BY id DESC LIMIT 1 OFFSET ?)
            """, [.integer(Int64(Database.reportedSyncConflictsKept))])
        return (id, true)
    }

    /// Takes the unshown conflicts `ids` out of the journal: written before a write to the
    /// server that did not happen (the server refused it, or changed meanwhile).
    /// - Throws: `StoreError` from SQLite.
    public func forgetSyncConflicts(_ ids: [Int64]) throws {
        for id in ids { try execute("DELETE FROM sync_conflict WHERE id = ? AND reported = 0", [.integer(id)]) }
    }

    /// The conflicts of `account` no report has shown yet, oldest first.
    /// - Throws: `StoreError` from SQLite.
    public func unreportedSyncConflicts(account: String) throws -> [SyncConflictRecord] {
        try syncConflicts(where: "account = ? AND reported = 0 ORDER BY id", [.text(account)])
    }

    /// The conflicts in the journal, newest first: of `account` (every account when nil), at
    /// most `limit`.
    /// - Throws: `StoreError` from SQLite.
    public func syncConflicts(account: String?, limit: Int) throws -> [SyncConflictRecord] {
        try syncConflicts(where: (account == nil ? "1" : "account = ?") + " ORDER BY id DESC LIMIT ?",
                          (account.map { [SQLValue.text($0)] } ?? []) + [.integer(Int64(max(0, limit)))])
    }

    /// Marks the conflicts of `account` up to the row `id` as shown by a report.
    /// - Throws: `StoreError` from SQLite.
    public func markSyncConflictsReported(account: String, through id: Int64) throws {
        try execute("UPDATE sync_conflict SET reported = 1 WHERE account = ? AND reported = 0 AND id <= ?",
                    [.text(account), .integer(id)])
    }

    private func syncConflicts(where condition: String, _ arguments: [SQLValue]) throws -> [SyncConflictRecord] {
        var found: [SyncConflictRecord] = []
        let place = RowPlace(table: "sync_conflict", key: "id", keyIndex: 0)
        try forEachRow("""
            SELECT id, account, found_at, list_name, title, uid, property, lost_value, loser, reported
            FROM sync_conflict WHERE \(condition)
            """, arguments) { row in
            found.append(SyncConflictRecord(id: row.int(0), account: row.text(1), foundAt: try row.timestamp(2, in: place),
                                            listName: row.text(3), title: row.text(4), uid: row.optionalText(5).map { ReminderUID($0) },
                                            property: row.text(6), lostValue: row.text(7), localLost: row.text(8) == "local",
                                            isReported: row.int(9) != 0))
        }
        return found
    }
}
