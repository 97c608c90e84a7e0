import CSQLite
import Foundation
import Synchronization
import TickModel

/// Tick's database: one SQLite file in WAL mode, opened, checked and migrated on `init`.
///
/// `Store` is Sendable; it serializes access to its single connection with a mutex. Work
/// happens in `read { }` and `write { }` closures that receive the non-Sendable
/// `Database`; `write` is one `BEGIN IMMEDIATE` transaction that commits when the closure
/// returns and rolls back when it throws, so every command is all or nothing.
///
/// Settings (https://sqlite.org/pragma.html): `journal_mode=WAL`, `synchronous=FULL`
/// (a write reported as done is on disk), `foreign_keys=ON` (off for a bulk import's
/// transaction, which checks them all before its commit), and a busy timeout so that
/// concurrent `tick` processes wait for each other instead of failing. Statement journals
/// spill to a temporary file at SQLite's default size (64 KiB): with SQLite 3.40.1 in WAL
/// mode, a threshold above about 128 KiB (`SQLITE_CONFIG_STMTJRNL_SPILL`) makes every
/// statement whose journal outgrows it fail with SQLITE_FULL (`BigStatementTests`).
public final class Store: Sendable {
    /// How long a connection waits for another process's lock, in milliseconds.
    public static let busyTimeoutMilliseconds: Int32 = 30_000

    /// The path of the database file.
    public let path: String
    private let connection: Mutex<Database>

    /// Folds the write-ahead log back into the database file and empties it
    /// (`SQLITE_CHECKPOINT_TRUNCATE`, https://sqlite.org/c3ref/wal_checkpoint_v2.html), as
    /// closing the last connection does: for a process that may exit before its connections
    /// are closed (`tick serve`, whose worker threads hold them; a tester found a 1 MB log
    /// left beside the file). Says whether the whole log was folded: not while another
    /// process reads or writes (that one folds it when it closes).
    @discardableResult
    public func foldLog() -> Bool {
        connection.withLock { database in
            sqlite3_wal_checkpoint_v2(database.handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil) == SQLITE_OK
        }
    }

    /// Sets how long this store's connection waits for another's lock (tests: the 30 s of
    /// `busyTimeoutMilliseconds` is long to wait for a busy database).
    func setBusyTimeout(milliseconds: Int32) {
        connection.withLock { database in _ = sqlite3_busy_timeout(database.handle, milliseconds) }
    }

    /// Opens the database at `path`, creating it (and its folder, mode 0700; the file
    /// mode 0600) when missing, and migrates it to the current schema.
    ///
    /// A file that exists is first checked without being changed: it must be an SQLite
    /// database that is empty or carries Tick's `application_id`, and its schema must not
    /// be newer than this build knows.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - now: the current time, stamped on the default list of a new database.
    /// Opening writes nothing when nothing needs creating, migrating or seeding, so a
    /// database on a full disk can still be read: when there is no room for SQLite's
    /// shared-memory file (`-shm`, https://sqlite.org/wal.html#noshm), the database is
    /// opened again in exclusive locking mode, which keeps that index in memory; the
    /// connection then holds the file to itself until the store is released, and a
    /// change fails with `.diskFull`.
    ///
    /// - Throws: `StoreError` with kind `.notATickDatabase`, `.damaged`, `.newerSchema`,
    ///   `.diskFull` (a new database, or one that needs migrating, on a full disk) or
    ///   `.io`; the file is then left as it was.
    public init(path: String, now: Date) throws(StoreError) {
        self.path = path
        let fileManager = FileManager.default
        let isNew = !fileManager.fileExists(atPath: path)
        let shm = path + "-shm"
        let hadSharedMemory = fileManager.fileExists(atPath: shm)
        let database: Database
        do {
            do {
                database = try Store.prepare(path: path, now: now, exclusive: false)
            } catch where error.kind == .diskFull {
                database = try Store.prepare(path: path, now: now, exclusive: true)
                // This connection now holds the exclusive lock, so no other connection uses
                // the -shm the failed attempt began; SQLite removes an empty -wal on close.
                if !hadSharedMemory { try? fileManager.removeItem(atPath: shm) }
            }
        } catch {
            // A database this call began and could not finish is not left as an empty file.
            if isNew, (try? fileManager.attributesOfItem(atPath: path)[.size] as? Int) == 0 {
                try? fileManager.removeItem(atPath: path)
            }
            throw error
        }
        self.connection = Mutex(database)
    }

    /// Opens, checks, configures, migrates and seeds the database at `path`.
    /// - Parameter exclusive: open in exclusive locking mode, without a shared-memory file
    ///   (https://sqlite.org/pragma.html#pragma_locking_mode).
    private static func prepare(path: String, now: Date, exclusive: Bool) throws(StoreError) -> Database {
        let database = try Store.open(path: path)
        if exclusive { try database.executeScript("PRAGMA locking_mode = EXCLUSIVE") }
        try Store.checkIdentity(database)
        try Store.configure(database)
        try Schema.migrator.migrate(database)
        try Store.seedDefaultList(database, now: now)
        return database
    }

    /// Frees what SQLite keeps in memory for this connection and can make again: its page
    /// cache (https://sqlite.org/c3ref/db_release_memory.html) and its prepared statements,
    /// for a server that went idle.
    public func releaseMemory() {
        connection.withLock { $0.releaseMemory() }
    }

    /// The bytes of the page cache this connection holds now
    /// (`SQLITE_DBSTATUS_CACHE_USED`, https://sqlite.org/c3ref/c_dbstatus_options.html).
    public var cacheMemoryUsed: Int {
        connection.withLock { $0.cacheMemoryUsed }
    }

    /// Runs `body` with the connection, in a read transaction (a consistent snapshot).
    /// - Throws: what `body` throws, or `StoreError` from SQLite.
    @discardableResult
    public func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try connection.withLock { database throws -> T in
            try database.executeScript("BEGIN DEFERRED")
            defer { try? database.executeScript("COMMIT") }
            return try body(database)
        }
    }

    /// Runs `body` in one write transaction: committed when it returns, rolled back
    /// when it throws (then nothing it did is kept).
    /// - Throws: what `body` throws, or `StoreError` from SQLite (`.busy` after the busy
    ///   timeout, `.constraint`, `.damaged`, `.io`).
    @discardableResult
    public func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try connection.withLock { database throws -> T in
            try database.ensureForeignKeys()
            try database.executeScript("BEGIN IMMEDIATE")
            do {
                try database.beginJournaledTransaction()
                let value = try body(database)
                try database.finishJournaledTransaction()
                try database.executeScript("COMMIT")
                database.journalCommitted()
                return value
            } catch {
                try? database.executeScript("ROLLBACK")
                database.journalRolledBack()
                throw error
            }
        }
    }

    /// Records every later change made through this store in the change journal, as the
    /// change `command` made at `date` (schema version 8; what `tick undo` takes back).
    /// All the write transactions that follow add to that one change.
    public func recordChanges(as command: String, at date: Date) {
        connection.withLock { $0.journalRecording = JournalRecording(command: command, madeAt: date, change: nil) }
    }

    /// The change of the change journal that this store's writes were recorded as since
    /// `recordChanges(as:at:)`, nil when none committed a row (or none is recorded).
    public var recordedChange: Int64? { connection.withLock { $0.journalRecording?.change } }

    /// Whether a transaction keeps what it did, and the value it gives back either way.
    public enum TransactionOutcome<Value: Sendable>: Sendable {
        /// Commit the transaction and return the value.
        case commit(Value)
        /// Roll the transaction back (nothing it did is kept) and return the value: a dry
        /// run that reports what would have changed.
        case rollback(Value)
    }

    /// Runs `body` in one write transaction that commits or rolls back as `body` says,
    /// returning its value either way (GRDB's `inTransaction`): `--dry-run` is a
    /// rollback, not a thrown error. When `body` throws, the transaction is rolled back
    /// and the error rethrown.
    /// - Throws: what `body` throws, or `StoreError` from SQLite.
    public func transaction<T: Sendable>(_ body: (Database) throws -> TransactionOutcome<T>) throws -> T {
        try transaction(checkingForeignKeysAtTheEnd: false, body)
    }

    /// `transaction(_:)`, with the foreign keys checked once before the commit instead of at
    /// each statement when `checkingForeignKeysAtTheEnd`: for a bulk import, where SQLite
    /// would otherwise keep a statement journal for every statement (the foreign key
    /// counters of a statement that stops half-way must be undone with it): about 4.9 writes
    /// to a temporary file a reminder. (An index on an application function forces the same
    /// journal; `Database.importing` sets the folded titles' index aside for that.) Foreign
    /// keys are off for the transaction (the pragma
    /// cannot change inside one), what their cascades would delete is deleted by hand
    /// (the journal's pruning), and every table's references are checked
    /// (`PRAGMA foreign_key_check`) before the commit: a row that refers to nothing throws
    /// and the transaction is rolled back. They are on again afterwards, whatever happened.
    /// - Throws: what `body` throws; `StoreError` of kind `.constraint` for a row that
    ///   refers to a missing one; `StoreError` from SQLite.
    public func transaction<T: Sendable>(checkingForeignKeysAtTheEnd: Bool,
                                         _ body: (Database) throws -> TransactionOutcome<T>) throws -> T {
        try connection.withLock { database throws -> T in
            if checkingForeignKeysAtTheEnd {
                try database.executeScript("PRAGMA foreign_keys = OFF")
                database.foreignKeysAreOff = true
            }
            defer {
                if checkingForeignKeysAtTheEnd {
                    database.foreignKeysAreOff = false
                    database.restoreForeignKeys()
                }
            }
            try database.ensureForeignKeys()
            try database.executeScript("BEGIN IMMEDIATE")
            do {
                try database.beginJournaledTransaction()
                switch try body(database) {
                case .commit(let value):
                    if checkingForeignKeysAtTheEnd { try database.checkForeignKeys() }
                    try database.finishJournaledTransaction()
                    try database.executeScript("COMMIT")
                    database.journalCommitted()
                    return value
                case .rollback(let value):
                    try database.executeScript("ROLLBACK")
                    database.journalRolledBack()
                    return value
                }
            } catch {
                try? database.executeScript("ROLLBACK")
                database.journalRolledBack()
                throw error
            }
        }
    }

    /// Runs each of `bodies` in order inside one write transaction, each in a savepoint of
    /// its own (https://sqlite.org/lang_savepoint.html): a body that throws leaves nothing
    /// of what it did, the others keep theirs, and all are committed at once. One commit is
    /// one sync to disk (`synchronous=FULL`), so a server that gathers the changes of
    /// requests arriving together writes them at the cost of one ("group commit").
    /// - Returns: each body's value or error, in order.
    /// - Throws: `StoreError` when the transaction cannot begin or commit; then nothing of
    ///   any body is kept.
    /// - Complexity: the bodies' own, plus one savepoint each.
    public func writeEach<T: Sendable>(_ bodies: [(Database) throws -> T]) throws -> [Result<T, any Error>] {
        try connection.withLock { database throws -> [Result<T, any Error>] in
            try database.ensureForeignKeys()
            try database.executeScript("BEGIN IMMEDIATE")
            do {
                try database.beginJournaledTransaction()
            } catch {
                try? database.executeScript("ROLLBACK")
                throw error
            }
            var results: [Result<T, any Error>] = []
            results.reserveCapacity(bodies.count)
            do {
                for body in bodies {
                    try database.executeScript("SAVEPOINT tick_each")
                    do {
                        let value = try body(database)
                        try database.executeScript("RELEASE tick_each")
                        results.append(.success(value))
                    } catch {
                        try database.executeScript("ROLLBACK TO tick_each")
                        try database.executeScript("RELEASE tick_each")
                        results.append(.failure(error))
                    }
                }
                try database.finishJournaledTransaction()
                try database.executeScript("COMMIT")
                database.journalCommitted()
                return results
            } catch {
                try? database.executeScript("ROLLBACK")
                database.journalRolledBack()
                throw error
            }
        }
    }

    // MARK: - Opening

    static func open(path: String) throws(StoreError) -> Database {
        let fileManager = FileManager.default
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if !fileManager.fileExists(atPath: folder, isDirectory: &isDirectory) {
            do {
                try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError(kind: .io, message: "cannot create the folder \(folder): \(error.localizedDescription)")
            }
        } else if !isDirectory.boolValue {
            throw StoreError(kind: .io, message: "\(folder) is not a folder")
        }
        var isFolder: ObjCBool = false
        if fileManager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw StoreError(kind: .io, message: "\(path) is a folder; give the path of a database file inside it, such as \(path)/tick.sqlite3")
        }
        // A device, a pipe or a socket (`TICK_DB=/dev/null`) is no database: SQLite said only
        // "disk I/O error", and left a `-journal` file beside it, in /dev (a tester).
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw StoreError(kind: .io, message: "\(path) is not a regular file (a device, a pipe or a socket); give the path of a database file")
        }
        if !fileManager.fileExists(atPath: path) {
            // Create the file ourselves so it is 0600 from the first byte; SQLite gives
            // its -wal and -shm files the same mode as the database file.
            let descriptor = Glibc.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            if descriptor < 0, errno != EEXIST {
                throw StoreError(kind: .io, message: "cannot create \(path): \(String(cString: strerror(errno)))")
            }
            if descriptor >= 0 { close(descriptor) }
        }
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = StoreError(code: code, connection: handle, sql: nil)
            sqlite3_close_v2(handle)
            throw StoreError(kind: .io, message: "cannot open \(path): \(error.message)", extendedCode: code)
        }
        // SQLite opens a file it may not write read-only, without saying so; reading it in
        // WAL mode would then leave -shm and -wal files that later block writing. Refuse
        // before touching anything.
        if sqlite3_db_readonly(handle, "main") == 1 {
            sqlite3_close_v2(handle)
            throw StoreError(kind: .io, message: "\(path) cannot be written (check the permissions of the file and its folder; it should be mode 600 and yours)")
        }
        do {
            try checkHeader(handle, path: path)
        } catch {
            sqlite3_close_v2(handle)
            throw error
        }
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(handle, 1)
        let registered = SearchText.register(on: handle)
        guard registered == SQLITE_OK else {
            sqlite3_close_v2(handle)
            throw StoreError(kind: .io, message: "cannot open \(path): the search function could not be registered (SQLite code \(registered))",
                             extendedCode: registered)
        }
        return Database(handle: handle)
    }

    /// The first 16 bytes of every SQLite database file
    /// (https://sqlite.org/fileformat.html#the_database_header).
    private static let sqliteMagic = Array("SQLite format 3\u{0}".utf8)

    /// Refuses an existing file that is not empty and does not start with an SQLite
    /// header (a database cut short, or another kind of file), before SQLite reads it:
    /// SQLite reads a file shorter than its header as an empty database and would write
    /// a new one over it. Only a missing or empty file may become a new database.
    ///
    /// The header is read through the connection's own file (`SQLITE_FCNTL_FILE_POINTER`),
    /// never through a descriptor of our own: on Linux, closing any descriptor of a file
    /// drops every POSIX lock the process holds on it, the locks of SQLite's other
    /// connections to the same file included (https://sqlite.org/howtocorrupt.html §2.2),
    /// after which another process may take itself for the last user and reset the WAL
    /// under them (`tick serve` keeps several connections open).
    /// - Throws: `StoreError` of kind `.notATickDatabase`, or `.io` when the file cannot be read.
    private static func checkHeader(_ handle: OpaquePointer, path: String) throws(StoreError) {
        var filePointer: UnsafeMutableRawPointer?
        let code = sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &filePointer)
        guard code == SQLITE_OK, let filePointer else {
            throw StoreError(kind: .io, message: "cannot open \(path): SQLite gave no file to read its header (code \(code))", extendedCode: code)
        }
        let file = filePointer.assumingMemoryBound(to: sqlite3_file.self)
        guard let read = file.pointee.pMethods?.pointee.xRead else {
            throw StoreError(kind: .io, message: "cannot open \(path): its file cannot be read")
        }
        // The size from stat(2), which opens nothing: SQLite's own xFileSize reports a
        // file of one byte as empty.
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw StoreError(kind: .io, message: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        let size = Int64(status.st_size)
        if size == 0 { return }
        var bytes = [UInt8](repeating: 0, count: 100)
        // xRead answers SQLITE_IOERR_SHORT_READ, SQLITE_IOERR | (2 << 8) (zero-filled), for a file shorter than asked.
        let readCode = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, 100, 0) }
        guard readCode == SQLITE_OK || readCode == SQLITE_IOERR | (2 << 8) else {
            throw StoreError(kind: .io, message: "cannot read \(path) (SQLite code \(readCode))", extendedCode: readCode)
        }
        guard size >= 100, Array(bytes.prefix(16)) == sqliteMagic else {
            throw StoreError(kind: .notATickDatabase,
                             message: "the file is not a Tick database, or it is damaged (it is \(size < 100 ? "shorter than an SQLite header" : "not an SQLite database")); it was left untouched")
        }
    }

    /// Refuses a file that is not an SQLite database, is damaged, or belongs to
    /// another program, before anything is written to it.
    private static func checkIdentity(_ database: Database) throws(StoreError) {
        let applicationID: Int64
        let tableCount: Int64
        do {
            applicationID = try database.scalarInt("PRAGMA application_id") ?? 0
            tableCount = try database.scalarInt("SELECT count(*) FROM sqlite_schema") ?? 0
        } catch where error.kind == .damaged {
            throw StoreError(kind: .notATickDatabase,
                             message: "the file is not a Tick database, or it is damaged (\(error.message)); it was left untouched",
                             extendedCode: error.extendedCode)
        }
        if applicationID == 0 && tableCount == 0 { return } // a new, empty database
        if applicationID == Int64(Schema.applicationID) {
            let version = try database.userVersion
            let latest = Schema.migrator.latestVersion
            guard version >= 0 else {
                // user_version is a signed 32-bit number in the header; Tick never writes a
                // negative one, so the header is damaged.
                throw StoreError(kind: .notATickDatabase,
                                 message: "the file is damaged: its schema version is \(version), which no Tick writes; it was left untouched")
            }
            guard version <= latest else {
                throw StoreError(kind: .newerSchema(found: version, supported: latest),
                                 message: "the database was written by a newer version of Tick (schema \(version); this version knows up to \(latest)); upgrade Tick to open it. The file was left untouched")
            }
            return
        }
        throw StoreError(kind: .notATickDatabase,
                         message: "the file is an SQLite database of another program, not a Tick database; it was left untouched")
    }

    private static func configure(_ database: Database) throws(StoreError) {
        let mode = try database.scalarText("PRAGMA journal_mode = WAL")
        if mode?.lowercased() != "wal" {
            throw StoreError(kind: .io, message: "cannot switch the database to WAL mode (got \(mode ?? "nothing"))")
        }
        try database.executeScript("""
            PRAGMA synchronous = FULL;
            PRAGMA foreign_keys = ON;
            """)
        // Defensive mode: no SQL can corrupt the file (writable_schema and the like).
        // The WAL is checkpointed when the last connection closes (SQLite's default), so
        // between commands the database file alone holds everything: copying
        // tick.sqlite3 is a complete backup. That costs two more syncs per write.
        let code = tick_sqlite3_enable_defensive(database.handle)
        if code != SQLITE_OK { throw StoreError(code: code, connection: database.handle, sql: nil) }
        if try database.scalarInt("PRAGMA application_id") == 0 {
            try database.executeScript("PRAGMA application_id = \(Schema.applicationID)")
        }
    }

    /// A fresh database has one list, "Reminders" (DESIGN.md).
    private static func seedDefaultList(_ database: Database, now: Date) throws(StoreError) {
        guard try database.scalarInt("SELECT count(*) FROM list") == 0 else { return }
        try database.executeScript("BEGIN IMMEDIATE")
        do {
            if try database.scalarInt("SELECT count(*) FROM list") == 0 {
                try database.insert(ReminderList(name: ReminderList.defaultName, createdAt: now))
            }
            try database.executeScript("COMMIT")
        } catch {
            try? database.executeScript("ROLLBACK")
            throw (error as? StoreError) ?? StoreError(kind: .sqlite, message: "\(error)")
        }
    }
}
