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
    /// end (`deferringInsertTriggers`), and the indexes that call a function built once at
    /// the end (`deferringIndexes(named:)`, `indexesCallingFunctions`).
    /// - Throws: what `body` throws; `StoreError` from SQLite.
    public func importing<T>(count: Int, _ body: () throws -> T) throws -> T {
        guard count >= Database.bulkImportThreshold else { return try body() }
        try setCacheSize(mebibytes: 32)
        return try deferringInsertTriggers {
            try deferringIndexes(named: Database.indexesCallingFunctions) { try deferringSearchIndex(body) }
        }
    }

    /// The indexes of `reminder` whose key or `WHERE` calls a function: the folded titles
    /// (`tick_search_text(title)`) and the reminders that name children
    /// (`ical_extras LIKE …`). SQLite keeps a statement journal for every statement that
    /// writes to such an index (the function may fail half-way), a copy of each page the
    /// statement changes in the whole file: 750 MB written to a temporary file for
    /// 100,000 reminders inserted 500 a statement, for the second index alone.
    static let indexesCallingFunctions = ["reminder_open_title", "reminder_naming_children"]

    /// Above this many reminders an import rebuilds the search index once instead of row by row.
    public static let bulkImportThreshold = 5_000
}

/// The CalDAV server's lookups (`DAVTransaction`): `Database+DAV`.
extension Database: DAVTransaction {}
