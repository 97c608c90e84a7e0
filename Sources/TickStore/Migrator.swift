/// Brings a database's schema up to date, one registered migration at a time.
///
/// Migrations are numbered from 1 in registration order; the number applied last is
/// kept in `PRAGMA user_version` (https://sqlite.org/pragma.html#pragma_user_version).
/// Each migration runs in its own transaction together with its version bump, so a
/// failure leaves the database at the previous version. A migration that has shipped is
/// never edited: changes come as a new migration.
public struct Migrator: Sendable {
    /// One schema step.
    public struct Migration: Sendable {
        /// A short name for messages and the golden schema file.
        public var name: String
        /// The SQL script that performs it, made when it runs: most opens only compare
        /// versions, and some scripts are built from the table definitions (the change
        /// journal's triggers), which costs a noticeable part of a command's start.
        public var script: @Sendable () -> String
    }

    public private(set) var migrations: [Migration] = []

    public init() {}

    /// Appends a migration; it gets the next version number.
    public mutating func register(_ name: String, script: @autoclosure @escaping @Sendable () -> String) {
        migrations.append(Migration(name: name, script: script))
    }

    /// The version a database has once every migration has run.
    public var latestVersion: Int { migrations.count }

    /// Applies the migrations `database` has not had, up to `target` (default: all).
    ///
    /// - Throws: `StoreError.Kind.newerSchema` when the database is at a version this
    ///   build does not know (it is never downgraded); `StoreError` from SQLite when a
    ///   migration fails (that migration is rolled back).
    public func migrate(_ database: Database, upTo target: Int? = nil) throws(StoreError) {
        let target = target ?? latestVersion
        let current = try database.userVersion
        if current > latestVersion {
            throw StoreError(kind: .newerSchema(found: current, supported: latestVersion),
                             message: "the database was written by a newer version of Tick (schema \(current); this version knows up to \(latestVersion)); upgrade Tick to open it")
        }
        if current < 0 {
            throw StoreError(kind: .damaged, message: "the schema version is \(current), which no Tick writes; the database was left as it was")
        }
        guard current < target else { return }
        for version in (current + 1)...target {
            let migration = migrations[version - 1]
            try database.executeScript("BEGIN IMMEDIATE")
            do {
                // Re-check inside the write lock: another process may have migrated meanwhile.
                if try database.userVersion >= version {
                    try database.executeScript("COMMIT")
                    continue
                }
                try database.executeScript(migration.script())
                try database.executeScript("PRAGMA user_version = \(version)")
                try database.executeScript("COMMIT")
            } catch {
                try? database.executeScript("ROLLBACK")
                throw Migrator.explaining(error, version: version, name: migration.name)
            }
        }
    }

    /// A migration that SQLite refused as SQL (a table or column it creates is already
    /// there, one it changes is missing) means the schema version in the file does not
    /// match its tables: the version was set back by hand or the file is damaged. Say
    /// so instead of passing on SQLite's "table list already exists". Other failures
    /// (busy, disk full, I/O) are passed on as they are.
    static func explaining(_ error: StoreError, version: Int, name: String) -> StoreError {
        guard error.kind == .sqlite else { return error }
        return StoreError(kind: .damaged,
                          message: "the database says it is at schema version \(version - 1), but its tables do not match that version (migration \(version) '\(name)' failed: \(error.message)); the version was changed by hand or the file is damaged. It was left as it was",
                          extendedCode: error.extendedCode, sql: nil)
    }
}
