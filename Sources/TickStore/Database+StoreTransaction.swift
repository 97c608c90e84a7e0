import Foundation
import TickModel

/// The SQLite store behind the store interface the actions use: `Database`'s typed
/// functions are its requirements, plus the two below.
extension Database: StoreTransaction {
    /// The direct subtasks of `parent` (those of its list), open and completed, in manual order.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(subtasks), read from the index `reminder_parent`.
    public func subtasks(of parent: Reminder) throws -> [Reminder] {
        // Neither the clock nor the zone matters without a smart list or a due order.
        try reminders(ReminderFilter(listID: parent.listID, parentUID: parent.uid, includesCompleted: true),
                      now: Date(timeIntervalSince1970: 0), timeZone: .gmt)
    }

    /// Whether list `id` is paired with a CalDAV collection (`sync_collection`).
    /// - Throws: `StoreError` from SQLite.
    public func isSyncedWithCalDAV(list id: ReminderList.ID) throws -> Bool {
        try scalarInt("SELECT 1 FROM sync_collection WHERE list_id = ? LIMIT 1", [.text(id.rawValue)]) != nil
    }
}

/// Saving imports (`ImportStore`): `Database+Bulk`'s many-rows statements.
extension Database: ImportStore {
    /// Runs `body`; for a batch of `bulkImportThreshold` reminders or more, with a 32 MiB
    /// page cache (index pages are touched all over the file; 64 MiB was no faster at 100,000
    /// reminders and 30 MB more at the peak: `bench/RESULTS.md`), the search index rebuilt
    /// once at the end (`deferringSearchIndex`), and the per-row work of the insert
    /// triggers (CalDAV change rows, list counts, tags, the undo journal) done once at the
    /// end (`deferringInsertTriggers`), and the index of folded titles built once at the end
    /// (`deferringIndex(named:)`: an index on a function's result makes SQLite keep a
    /// statement journal for every insert, foreign keys or not).
    /// - Throws: what `body` throws; `StoreError` from SQLite.
    public func importing<T>(count: Int, _ body: () throws -> T) throws -> T {
        guard count >= Database.bulkImportThreshold else { return try body() }
        try setCacheSize(mebibytes: 32)
        return try deferringInsertTriggers { try deferringIndex(named: "reminder_open_title") { try deferringSearchIndex(body) } }
    }

    /// Above this many reminders an import rebuilds the search index once instead of row by row.
    public static let bulkImportThreshold = 5_000
}

/// The CalDAV server's lookups (`DAVTransaction`): `Database+DAV`.
extension Database: DAVTransaction {}
