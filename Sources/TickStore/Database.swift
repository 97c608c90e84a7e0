import CSQLite
import Foundation

/// One open SQLite connection (https://sqlite.org/c3ref/sqlite3.html).
///
/// Not Sendable: a `Database` is reached only inside `Store.read` and `Store.write`
/// closures, which the store runs one at a time.
///
/// Statements: SQL whose text is fixed (written once in the source, such as
/// `SELECT … FROM reminder r WHERE r.number = ?`, or built from a small fixed set of
/// parts, such as the listing of one smart list) is prepared once and kept in a cache
/// of at most `statementCacheCapacity` statements; the one used least recently is
/// finalized when a new one needs the room. SQL built per call from the data (a bulk
/// `INSERT` or an `IN (…)` list with as many `?` as there are values, a search with one
/// condition per word) is passed with `cached: false`: it is prepared, run and
/// finalized, so it never fills the cache with statements that are not used again.
///
/// SQL text stays in this module: the functions that run it (`execute`, `executeScript`,
/// `scalarInt`, `scalarText`, `forEachRow`) are internal, and other modules call the
/// typed functions of the `Database+…` files.
public final class Database {
    /// The most prepared statements kept for reuse on one connection.
    static let statementCacheCapacity = 64

    let handle: OpaquePointer
    /// The command whose changes this connection journals, if any (`Store.recordChanges`).
    var journalRecording: JournalRecording?
    /// The change the running write transaction records, if any.
    var journalTransaction = JournalTransaction()
    /// The change the transaction about to commit added to.
    var pendingJournalChange: Int64?
    /// Whether this connection's foreign keys are off for the transaction that runs
    /// (`Store.transaction(checkingForeignKeysAtTheEnd:_:)`): what a cascade would delete is
    /// then deleted by hand (`deleteJournalChanges`).
    var foreignKeysAreOff = false
    /// Set when foreign keys could not be turned on again after such a transaction: the next
    /// transaction tries again first, and refuses to run without them (`ensureForeignKeys`).
    private var foreignKeysNeedRestoring = false
    private var statements: [String: CachedStatement] = [:]
    /// Counts statement uses, to find the least recently used one.
    private var useClock: UInt64 = 0

    private struct CachedStatement {
        let statement: Statement
        var lastUse: UInt64
    }

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        statements.removeAll()
        // sqlite3_close_v2 defers the close until every statement is finalized.
        sqlite3_close_v2(handle)
    }

    /// How many prepared statements the cache holds now.
    var cachedStatementCount: Int { statements.count }

    /// Whether the statement for `sql` is in the cache.
    func isCached(_ sql: String) -> Bool { statements[sql] != nil }

    /// The prepared statement for `sql`, reset and bound to `arguments`: from the cache
    /// when `cached` (prepared and added on first use, evicting the least recently used
    /// statement when the cache is full), else a new statement that is finalized when
    /// the caller lets it go.
    /// - Throws: `StoreError` when the SQL does not compile or a value cannot be bound.
    /// - Complexity: O(1) for a cached statement; O(`statementCacheCapacity`) when one
    ///   is evicted.
    func statement(_ sql: String, _ arguments: [SQLValue] = [], cached: Bool = true) throws(StoreError) -> Statement {
        useClock &+= 1
        let statement: Statement
        if !cached {
            statement = try Statement(database: self, sql: sql, persistent: false)
        } else if let entry = statements[sql] {
            statement = entry.statement
            statements[sql]?.lastUse = useClock
        } else {
            statement = try Statement(database: self, sql: sql, persistent: true)
            if statements.count >= Database.statementCacheCapacity,
               let oldest = statements.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                statements.removeValue(forKey: oldest)
            }
            statements[sql] = CachedStatement(statement: statement, lastUse: useClock)
        }
        try statement.bind(arguments)
        return statement
    }

    /// Runs one statement that returns no rows.
    /// - Parameter cached: false for SQL built per call (see the type's documentation).
    /// - Throws: `StoreError` from SQLite.
    func execute(_ sql: String, _ arguments: [SQLValue] = [], cached: Bool = true) throws(StoreError) {
        let statement = try statement(sql, arguments, cached: cached)
        while try statement.step() {}
        sqlite3_reset(statement.handle)
    }

    /// Runs several `;`-separated statements with no parameters (schema scripts).
    /// - Throws: `StoreError` from SQLite.
    func executeScript(_ sql: String) throws(StoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        sqlite3_free(message) // the same text as sqlite3_errmsg, which StoreError reads
        if code != SQLITE_OK {
            throw StoreError(code: sqlite3_extended_errcode(handle), connection: handle, sql: sql)
        }
    }

    /// Calls `body` for each row of a query. The statement must not escape `body`.
    /// - Parameter cached: false for SQL built per call (see the type's documentation).
    /// - Throws: `StoreError` from SQLite, or what `body` throws.
    func forEachRow(_ sql: String, _ arguments: [SQLValue] = [], cached: Bool = true,
                    _ body: (Statement) throws -> Void) throws {
        let statement = try statement(sql, arguments, cached: cached)
        defer { sqlite3_reset(statement.handle) }
        while try statement.step() {
            try body(statement)
        }
    }

    /// The first column of the first row as an integer, or nil when there is no row or it is NULL.
    /// - Throws: `StoreError` from SQLite.
    func scalarInt(_ sql: String, _ arguments: [SQLValue] = []) throws(StoreError) -> Int64? {
        let statement = try statement(sql, arguments)
        defer { sqlite3_reset(statement.handle) }
        guard try statement.step(), !statement.isNull(0) else { return nil }
        return statement.int(0)
    }

    /// The first column of the first row as text, or nil when there is no row or it is NULL.
    /// - Throws: `StoreError` from SQLite.
    func scalarText(_ sql: String, _ arguments: [SQLValue] = []) throws(StoreError) -> String? {
        let statement = try statement(sql, arguments)
        defer { sqlite3_reset(statement.handle) }
        guard try statement.step() else { return nil }
        return statement.optionalText(0)
    }

    /// Lets SQLite keep up to `mebibytes` of pages in memory on this connection, for bulk
    /// work such as a large import that touches pages all over the file
    /// (https://sqlite.org/pragma.html#pragma_cache_size). The default is about 2 MiB.
    /// - Throws: `StoreError` from SQLite.
    public func setCacheSize(mebibytes: Int) throws(StoreError) {
        try executeScript("PRAGMA cache_size = -\(max(mebibytes, 1) * 1024)")
    }

    /// Finalizes the cached prepared statements (they are prepared again when next used)
    /// and frees the page cache pages not in use (`sqlite3_db_release_memory`).
    func releaseMemory() {
        statements.removeAll()
        _ = sqlite3_db_release_memory(handle)
    }

    /// The bytes of the page cache (`SQLITE_DBSTATUS_CACHE_USED`).
    var cacheMemoryUsed: Int {
        var current: Int32 = 0
        var highest: Int32 = 0
        _ = sqlite3_db_status(handle, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
        return Int(current)
    }

    /// The rowid of the last inserted row (https://sqlite.org/c3ref/last_insert_rowid.html).
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The number of rows the last statement changed.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// The schema version kept in `PRAGMA user_version`.
    public var userVersion: Int {
        get throws(StoreError) { Int(try scalarInt("PRAGMA user_version") ?? 0) }
    }
}

extension Database {
    /// The per-row triggers on `reminder` inserts that `deferringInsertTriggers` sets
    /// aside, in the order they are put back.
    static let deferredInsertTriggers = ["dav_reminder_insert", "list_count_insert", "reminder_tag_insert", "journal_reminder_insert"]

    /// Runs `body` (a bulk insert) with the work four per-row triggers do for each inserted
    /// reminder done once at the end, in a few set-wise statements, instead of row by row.
    ///
    /// Why: each inserted reminder fired `dav_reminder_insert` (a CalDAV change row in
    /// `dav_resource`, keyed by list and UID: for random UIDs, all over its two b-trees, about
    /// 60 % of the SQLite time of a 100,000-reminder import), `list_count_insert` (an UPDATE
    /// of its list's counts), `reminder_tag_insert` (its tags into `reminder_tag`) and
    /// `journal_reminder_insert` (the undo journal's "absent before" row). Here they are set
    /// aside for one temporary trigger that notes each new reminder's number and what it
    /// adds to its list's counts, and at the end:
    ///
    /// - the CalDAV rows are inserted in key order: the k-th reminder inserted gets change
    ///   number `S + k`, where S is the sequence after everything else `body` counted (the
    ///   sequence before, when it only inserted), with the trigger's upsert (a tombstone with
    ///   the same list and UID comes back to life);
    /// - each list's counts grow by what its reminders counted when inserted (so an update
    ///   or deletion inside `body`, counted by the update and delete triggers, which stay,
    ///   sums as it did);
    /// - the tags of the new reminders still there are inserted as they are now (an update
    ///   of tags inside `body` has already written them: `INSERT OR IGNORE`);
    /// - while a change is journaled (`journal_active`), each new number gets its "absent
    ///   before" row, replacing a copy an update inside `body` made of the new row (the
    ///   trigger, firing first, kept its own row; numbers are AUTOINCREMENT, so a new number
    ///   never existed before the change).
    ///
    /// The result is the rows the triggers give; only the order of CalDAV change numbers
    /// against changes counted by other triggers in the same transaction differs, which no
    /// client sees: the transaction commits as a whole. Call it inside a `write`
    /// transaction; when `body` throws, the triggers are put back before the error is
    /// rethrown (the caller then rolls back).
    /// - Throws: what `body` throws, or `StoreError` from SQLite.
    public func deferringInsertTriggers<T>(_ body: () throws -> T) throws -> T {
        try settingAside(Database.deferredInsertTriggers) { isSetAside in
            guard isSetAside else { return try body() }
            try executeScript("""
                CREATE TEMP TABLE tick_inserted (
                    number INTEGER NOT NULL, list_id TEXT NOT NULL,
                    open INTEGER NOT NULL, flagged INTEGER NOT NULL, scheduled INTEGER NOT NULL, completed INTEGER NOT NULL
                );
                CREATE TEMP TRIGGER tick_inserted_note AFTER INSERT ON main.reminder BEGIN
                    INSERT INTO tick_inserted (number, list_id, open, flagged, scheduled, completed)
                        VALUES (new.number, new.list_id, new.completed_at IS NULL, new.completed_at IS NULL AND new.flagged = 1,
                                new.completed_at IS NULL AND new.due IS NOT NULL, new.completed_at IS NOT NULL);
                END;
                """)
            let removeNotes = """
                DROP TRIGGER temp.tick_inserted_note;
                DROP TABLE temp.tick_inserted;
                """
            let value: T
            do {
                value = try body()
            } catch {
                try? executeScript(removeNotes)
                throw error
            }
            // `WHERE true`: an upsert after a SELECT needs it (https://sqlite.org/lang_upsert.html, parsing ambiguity).
            try executeScript("""
                INSERT INTO dav_resource (list_id, uid, name, seq)
                    SELECT r.list_id, r.uid, r.uid || '.ics', (SELECT value FROM dav_sequence WHERE id = 1) + p.rowid
                    FROM temp.tick_inserted AS p JOIN reminder AS r ON r.number = p.number
                    WHERE true ORDER BY r.list_id, r.uid
                    ON CONFLICT (list_id, uid) DO UPDATE SET seq = excluded.seq, deleted = 0;
                UPDATE dav_sequence SET value = value + (SELECT count(*) FROM temp.tick_inserted) WHERE id = 1;
                UPDATE list_count SET open = open + c.added_open, flagged = flagged + c.added_flagged,
                        scheduled = scheduled + c.added_scheduled, completed = completed + c.added_completed
                    FROM (SELECT list_id AS added_to, sum(open) AS added_open, sum(flagged) AS added_flagged,
                                 sum(scheduled) AS added_scheduled, sum(completed) AS added_completed
                          FROM temp.tick_inserted GROUP BY list_id) AS c
                    WHERE list_count.list_id = c.added_to;
                INSERT OR IGNORE INTO reminder_tag (reminder, tag)
                    SELECT r.number, t.value FROM temp.tick_inserted AS p JOIN reminder AS r ON r.number = p.number, json_each(r.tags) AS t
                    WHERE r.tags <> '[]' ORDER BY t.value, r.number;
                INSERT OR REPLACE INTO journal_reminder (change, phase, number, present)
                    SELECT (SELECT change FROM journal_active), 0, number, 0 FROM temp.tick_inserted
                    WHERE EXISTS (SELECT 1 FROM journal_active) ORDER BY number;
                """ + removeNotes)
            return value
        }
    }

    /// Runs `body` with the triggers or indexes `names` dropped and creates them again from
    /// their stored SQL afterwards, also when `body` throws (the caller then rolls back).
    /// `body` is told whether they were: when one of them is not in the schema (a database
    /// not migrated that far), nothing is set aside. The one way `deferringInsertTriggers`, `deferringIndexes(named:)` and
    /// `deferringSearchIndex` take schema objects out of a bulk insert's way.
    /// - Throws: what `body` throws, or `StoreError` from SQLite.
    private func settingAside<T>(_ names: [String], _ body: (_ isSetAside: Bool) throws -> T) throws -> T {
        var objects: [(type: String, name: String, sql: String)] = []
        for name in names {
            var found: (String, String)?
            try forEachRow("SELECT type, sql FROM sqlite_schema WHERE name = ? AND type IN ('trigger', 'index')", [.text(name)]) { row in
                if let type = row.optionalText(0), let sql = row.optionalText(1) { found = (type, sql) }
            }
            guard let (type, sql) = found else { return try body(false) }
            objects.append((type, name, sql))
        }
        try executeScript(objects.map { "DROP \($0.type.uppercased()) \($0.name);" }.joined())
        func putBack() throws { try executeScript(objects.map { $0.sql + ";" }.joined()) }
        let value: T
        do {
            value = try body(true)
        } catch {
            try? putBack()
            throw error
        }
        try putBack()
        return value
    }
}

extension Database {
    /// Runs `body` (a bulk insert) with the indexes `names` dropped, and builds them again
    /// from the table afterwards (one sort each instead of a b-tree insert a row). Why, for
    /// an index whose key or `WHERE` calls a function (`tick_search_text(title)`, `LIKE`):
    /// SQLite keeps a statement journal for each statement that writes to it (the function
    /// may fail half-way), a copy of every page the statement changes, written to a
    /// temporary file. Call it inside a `write` transaction; when `body` throws, the indexes
    /// are put back before the error is rethrown (the caller then rolls back).
    /// - Throws: what `body` throws, or `StoreError` from SQLite.
    public func deferringIndexes<T>(named names: [String], _ body: () throws -> T) throws -> T {
        try settingAside(names) { _ in try body() }
    }
}

extension Database {
    /// Runs `body` (a bulk insert) with the full-text index updated once at the end
    /// instead of row by row: the index's triggers are set aside and the index rebuilt
    /// from the table afterwards (https://sqlite.org/fts5.html#the_rebuild_command),
    /// which is several times faster for tens of thousands of rows. Call it inside a
    /// `write` transaction so the whole change stays atomic.
    ///
    /// The update and delete triggers are set aside with the insert trigger: inside `body`
    /// they would take out of the index the old values of a row inserted there, which the
    /// index never had, and FTS5 refuses that as a damaged index (SQLITE_CORRUPT_VTAB,
    /// "database disk image is malformed"). The rebuild sees every change `body` made.
    /// - Throws: what `body` throws, or `StoreError` from SQLite.
    public func deferringSearchIndex<T>(_ body: () throws -> T) throws -> T {
        let triggers = ["reminder_search_insert", "reminder_search_update", "reminder_search_delete"]
        let (value, isSetAside) = try settingAside(triggers) { isSetAside in (try body(), isSetAside) }
        if isSetAside { try executeScript("INSERT INTO reminder_search(reminder_search) VALUES ('rebuild')") }
        return value
    }
}

extension Database {
    /// Turns foreign keys on again after a transaction run with them off; a failure is
    /// remembered for `ensureForeignKeys`, since this runs where nothing can be thrown.
    func restoreForeignKeys() {
        do {
            try executeScript("PRAGMA foreign_keys = ON")
            foreignKeysNeedRestoring = try scalarInt("PRAGMA foreign_keys") != 1
        } catch {
            foreignKeysNeedRestoring = true
        }
    }

    /// Before a transaction: foreign keys on, unless the caller has just turned them off.
    /// - Throws: `StoreError` when they were left off and still cannot be turned on.
    func ensureForeignKeys() throws(StoreError) {
        guard foreignKeysNeedRestoring, !foreignKeysAreOff else { return }
        try executeScript("PRAGMA foreign_keys = ON")
        guard try scalarInt("PRAGMA foreign_keys") == 1 else {
            throw StoreError(kind: .io, message: "foreign keys could not be turned on again after a bulk import; nothing was done")
        }
        foreignKeysNeedRestoring = false
    }

    /// Every row that refers to a row that is not there (`PRAGMA foreign_key_check`), for a
    /// transaction run with foreign keys off: the first one found, as an error.
    /// - Throws: `StoreError` of kind `.constraint` naming the table, the row and the table
    ///   it refers to; `StoreError` from SQLite.
    /// - Complexity: O(n log m): every row of every table with a foreign key is looked up.
    func checkForeignKeys() throws {
        var first: String?
        try forEachRow("PRAGMA foreign_key_check", cached: false) { row in
            guard first == nil else { return }
            let table = row.optionalText(0) ?? "?", parent = row.optionalText(2) ?? "?"
            let row = row.optionalText(1).map { "row \($0)" } ?? "a row"
            first = "\(row) of \(table) refers to a row of \(parent) that is not there"
        }
        if let first { throw StoreError(kind: .constraint, message: first) }
    }
}
