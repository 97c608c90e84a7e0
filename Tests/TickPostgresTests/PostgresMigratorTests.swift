import Foundation
import Synchronization
import Testing
import TestSupport
import TickPostgres

@Suite("Migrations", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresMigratorTests {
    static let steps = [
        PostgresMigration(1, "first", ["CREATE TABLE first (id integer PRIMARY KEY)", "SELECT pg_sleep(0.3)"]),
        PostgresMigration(2, "second", ["CREATE TABLE second (id integer PRIMARY KEY)"]),
    ]

    @Test("steps are applied once, in order, and recorded; a second run does nothing")
    func idempotent() throws {
        let database = try PostgresServer.database()
        let connection = try database.connect()
        #expect(try PostgresMigrator.appliedVersions(connection) == [])
        #expect(try PostgresMigrator.migrate(connection, to: Array(Self.steps.prefix(1))) == [1])
        #expect(try PostgresMigrator.migrate(connection, to: Self.steps) == [2])
        #expect(try PostgresMigrator.migrate(connection, to: Self.steps) == [])
        #expect(try PostgresMigrator.appliedVersions(connection) == [1, 2])
        let names = try connection.execute("SELECT name FROM schema_migrations ORDER BY version").map { try $0.decode("name", as: String.self) }
        #expect(names == ["first", "second"])
    }

    @Test("two processes migrating at once: one applies every step, the other waits and finds nothing to do")
    func concurrent() throws {
        let database = try PostgresServer.database()
        let results = Mutex<[Result<[Int], PostgresError>]>([])
        let url = database.url
        let threads = (0..<3).map { _ in
            Thread {
                let result: Result<[Int], PostgresError>
                do {
                    result = .success(try PostgresMigrator.migrate(PostgresConnection(url: url), to: PostgresMigratorTests.steps))
                } catch {
                    result = .failure(error as? PostgresError ?? PostgresError(.connection, message: "\(error)"))
                }
                results.withLock { $0.append(result) }
            }
        }
        threads.forEach { $0.start() }
        let deadline = Date().addingTimeInterval(30)
        while results.withLock({ $0.count }) < threads.count, Date() < deadline { usleep(20_000) }
        let applied = try results.withLock { try $0.map { try $0.get() } }
        #expect(applied.count == 3)
        #expect(applied.filter { !$0.isEmpty } == [[1, 2]])
        #expect(try PostgresMigrator.appliedVersions(database.connect()) == [1, 2])
    }

    @Test("a failing step keeps nothing of the run")
    func failingStep() throws {
        let database = try PostgresServer.database()
        let connection = try database.connect()
        let steps = [Self.steps[1].renumbered(1), PostgresMigration(2, "broken", ["CREATE TABLE broken (id nosuchtype)"])]
        let error = try #require(throws: PostgresError.self) { try PostgresMigrator.migrate(connection, to: steps) }
        #expect(error.sqlState == "42704")
        #expect(try PostgresMigrator.appliedVersions(connection) == [])
        #expect(try connection.execute("SELECT to_regclass('second') IS NULL AS gone")[0].decode("gone", as: Bool.self))
    }

    @Test("a database migrated by a newer Tick, or with an edited step, is refused and left as it is")
    func mismatch() throws {
        let database = try PostgresServer.database()
        let connection = try database.connect()
        try PostgresMigrator.migrate(connection, to: Self.steps)
        let older = try #require(throws: PostgresError.self) { try PostgresMigrator.migrate(connection, to: Array(Self.steps.prefix(1))) }
        #expect(older.kind == .schemaMismatch)
        #expect(older.message.contains("version 2, newer than this Tick knows (1)"))
        let edited = [Self.steps[0], PostgresMigration(2, "renamed", ["CREATE TABLE third (id integer)"])]
        let editedError = try #require(throws: PostgresError.self) { try PostgresMigrator.migrate(connection, to: edited) }
        #expect(editedError.kind == .schemaMismatch)
        #expect(try connection.execute("SELECT to_regclass('third') IS NULL AS absent")[0].decode("absent", as: Bool.self))
    }

    @Test("Tick's own schema applies to an empty database")
    func tickSchema() throws {
        let database = try PostgresServer.database()
        let connection = try database.connect()
        #expect(try PostgresMigrator.migrate(connection, to: PostgresSchema.migrations) == Array(1...PostgresSchema.migrations.count))
        let tables = try connection.execute("""
            SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name
            """).map { try $0.decode("table_name", as: String.self) }
        #expect(tables == ["alarm_deliveries", "app_passwords", "completed_occurrences", "dav_horizons", "dav_list_sequences", "dav_resources", "dav_retired_lists", "dav_sequences",
                          "journal_alarm_deliveries", "journal_changes", "journal_completed_occurrences", "journal_horizons", "journal_list_horizons", "journal_list_members", "journal_lists", "journal_reminders",
                          "list_members",
                          "lists", "login_failures", "pending_upgrades", "reminder_numbers", "reminders", "schema_migrations", "server_secrets", "sessions",
                          "users"])
    }
}

private extension PostgresMigration {
    func renumbered(_ number: Int) -> PostgresMigration { PostgresMigration(number, name, statements) }
}
