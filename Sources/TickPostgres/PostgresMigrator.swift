/// One numbered step of a PostgreSQL schema. A shipped step is never edited: a change
/// is a new step.
public struct PostgresMigration: Sendable {
    /// 1, 2, 3 … in order, without gaps.
    public var number: Int
    /// A short name, stored beside the number and checked on every run.
    public var name: String
    /// The statements, run in order (one statement each: parameters are not allowed in
    /// DDL, and `PQexecParams` runs one statement).
    public var statements: [String]
    /// What the step does in Swift after its statements, in the same transaction: filling
    /// a new column with values SQL cannot compute (the search columns' folding).
    public var fill: (@Sendable (PostgresConnection) throws -> Void)?

    public init(_ number: Int, _ name: String, _ statements: [String],
                fill: (@Sendable (PostgresConnection) throws -> Void)? = nil) {
        self.number = number
        self.name = name
        self.statements = statements
        self.fill = fill
    }
}

/// Applies numbered migrations to a database and records them in `schema_migrations`
/// (`version`, `name`, `applied_at`).
///
/// All the missing steps run in one transaction, which first takes a transaction-level
/// advisory lock (`pg_advisory_xact_lock`): two processes migrating the same database at
/// once (two `tick serve` starting together) run one after the other, and the second
/// finds nothing left to do.
public enum PostgresMigrator {
    /// The advisory lock's key: the bytes of "tick" as a number.
    static let lockKey: Int64 = 0x7469_636B

    /// Brings the database up to the last of `migrations`.
    ///
    /// - Returns: the numbers of the steps applied now (empty when none was missing).
    /// - Throws: `PostgresError.schemaMismatch` when the database has a step this program
    ///   does not know (a newer Tick migrated it) or a step of another name (a shipped
    ///   step was edited), changing nothing; `PostgresError` from a failing statement,
    ///   after which nothing of this run is kept.
    @discardableResult
    public static func migrate(_ connection: PostgresConnection, to migrations: [PostgresMigration]) throws -> [Int] {
        for (index, migration) in migrations.enumerated() {
            precondition(migration.number == index + 1, "migrations are numbered 1, 2, 3 … without gaps")
        }
        let done = try connection.transaction { connection in
            try connection.execute("SELECT pg_advisory_xact_lock($1)", [lockKey])
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version integer PRIMARY KEY,
                    name text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """)
            var applied: [Int: String] = [:]
            for row in try connection.execute("SELECT version, name FROM schema_migrations ORDER BY version") {
                applied[try row.decode("version", as: Int.self)] = try row.decode("name", as: String.self)
            }
            if let newest = applied.keys.max(), newest > migrations.count {
                throw PostgresError(.schemaMismatch, message: "the database's schema is at version \(newest), newer than this Tick knows (\(migrations.count)); use a newer Tick")
            }
            for (number, name) in applied where migrations[number - 1].name != name {
                throw PostgresError(.schemaMismatch, message: "the database's schema step \(number) is '\(name)', but this Tick's is '\(migrations[number - 1].name)'")
            }
            var done: [Int] = []
            for migration in migrations where applied[migration.number] == nil {
                for statement in migration.statements { try connection.execute(statement) }
                try migration.fill?(connection)
                try connection.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                                       [migration.number, migration.name])
                done.append(migration.number)
            }
            return done
        }
        // What was prepared before the schema changed (the steps' own statements among it)
        // is not kept.
        if !done.isEmpty { try connection.discardPreparedStatements() }
        return done
    }

    /// The steps applied to a database, by number (empty when it was never migrated).
    public static func appliedVersions(_ connection: PostgresConnection) throws(PostgresError) -> [Int] {
        let exists = try connection.execute("SELECT to_regclass('schema_migrations') IS NOT NULL AS present")
        guard try exists.first?.decode("present", as: Bool.self) == true else { return [] }
        return try connection.execute("SELECT version FROM schema_migrations ORDER BY version").map { row throws(PostgresError) in
            try row.decode("version", as: Int.self)
        }
    }
}
