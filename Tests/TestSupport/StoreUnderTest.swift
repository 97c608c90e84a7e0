import Foundation
import Testing
import TickModel
import TickPostgres
import TickStore

/// The stores the shared action tests run against.
public enum StoreKind: String, Sendable, CaseIterable, CustomTestStringConvertible {
    /// A fresh SQLite file (`Store`).
    case sqlite
    /// A fresh PostgreSQL database from `PostgresServer`, migrated, with users.
    case postgresql

    /// The kinds that can run here: PostgreSQL only where it is installed (the tests that
    /// cannot run say so through `PostgresServer.skipReason`).
    public static var available: [StoreKind] { PostgresServer.isInstalled ? allCases : [.sqlite] }

    public var testDescription: String { rawValue }
}

/// A fresh store of one kind for one test, with a first list "Reminders" for each user
/// (what a fresh SQLite database has), written and read through the store interface.
///
/// On SQLite there is one user (the file); on PostgreSQL there are `users` users, each
/// seeing only their own lists and reminders: `write(as: 1)` is the second user's
/// transaction.
public final class StoreUnderTest: @unchecked Sendable {
    // @unchecked: the stored properties are set once in init; the SQLite `Store` and the
    // pool serialize their own use.
    public let kind: StoreKind
    private let folder = TemporaryFolder()
    private let sqlite: Store?
    private let postgres: (database: PostgresTestDatabase, pool: PostgresPool, users: [UserID])?

    /// A fresh store of `kind`, its clock at `now`.
    public init(_ kind: StoreKind, users: Int = 1, now: Date = Fixture.now) throws {
        self.kind = kind
        switch kind {
        case .sqlite:
            precondition(users == 1, "an SQLite store has one user")
            sqlite = try Store(path: folder.file("tick.sqlite3"), now: now)
            postgres = nil
        case .postgresql:
            let database = try PostgresServer.database()
            let connection = try database.connect()
            try PostgresMigrator.migrate(connection, to: PostgresSchema.migrations)
            var ids: [UserID] = []
            for index in 0..<users {
                let id = UserID(String(format: "%032x", index + 1))
                try connection.insertUser(UserRecord(id: id, name: "user\(index + 1)", passwordHash: "-", createdAt: now))
                ids.append(id)
            }
            let pool = try PostgresPool(url: database.url, capacity: 2)
            for id in ids {
                try PostgresStore(pool: pool, user: id).write { db in try db.ensureFirstList(createdAt: now) }
            }
            sqlite = nil
            postgres = (database, pool, ids)
        }
    }

    /// Runs `body` in a write transaction of user `user` (0 is the first), committed when
    /// it returns and rolled back when it throws.
    public func write<T: Sendable>(as user: Int = 0, _ body: (any StoreTransaction) throws -> T) throws -> T {
        if let sqlite { return try sqlite.write { db in try body(db) } }
        guard let postgres else { preconditionFailure("no store") }
        return try PostgresStore(pool: postgres.pool, user: postgres.users[user]).write { db in try body(db) }
    }

    /// Runs `body` in a write transaction of user `user` as one change of the change journal
    /// made at `date` and described `command` (as `tick serve` records a request), with the
    /// store's journal operations: `recordingChange` of `Database` or of `PostgresDatabase`.
    /// - Returns: `body`'s value and the change's id (nil when `body` wrote nothing).
    public func writeJournaled<T: Sendable>(as user: Int = 0, command: String, at date: Date = Fixture.now,
                                            _ body: (any JournalStore) throws -> T) throws -> (value: T, change: Int64?) {
        if let sqlite {
            return try sqlite.write { db in try db.recordingChange(at: date, describedBy: { _ in command }) { try body(db) } }
        }
        guard let postgres else { preconditionFailure("no store") }
        return try PostgresStore(pool: postgres.pool, user: postgres.users[user]).write { db in
            try db.recordingChange(at: date, describedBy: { _ in command }) { try body(db) }
        }
    }

    /// Runs `body` in a write transaction of user `user` that is no change of the journal
    /// (what undo runs in), with the store's journal operations.
    public func writeUnjournaled<T: Sendable>(as user: Int = 0, _ body: (any JournalStore) throws -> T) throws -> T {
        if let sqlite { return try sqlite.write { db in try body(db) } }
        guard let postgres else { preconditionFailure("no store") }
        return try PostgresStore(pool: postgres.pool, user: postgres.users[user]).write { db in try body(db) }
    }

    /// Runs `body` in a read transaction of user `user`.
    public func read<T: Sendable>(as user: Int = 0, _ body: (any StoreTransaction) throws -> T) throws -> T {
        if let sqlite { return try sqlite.read { db in try body(db) } }
        guard let postgres else { preconditionFailure("no store") }
        return try PostgresStore(pool: postgres.pool, user: postgres.users[user]).read { db in try body(db) }
    }
}
