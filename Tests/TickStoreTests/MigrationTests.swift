import Foundation
import Testing
@testable import TickStore
import TestSupport

@Suite("Schema migrations")
struct MigrationTests {
    /// The schema as text: every object's SQL, sorted by name (what the golden files hold).
    static func schemaText(_ database: Database) throws -> String {
        var lines: [String] = []
        try database.forEachRow("SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY type, name") { row in
            lines.append("-- \(row.text(0)) \(row.text(1))\n\(row.text(2));")
        }
        return lines.joined(separator: "\n\n") + "\n"
    }

    /// The checked-in golden schema. With `TICK_RECORD_GOLDEN=1` in the environment, the
    /// actual schema is written to the source tree instead (after a deliberate change).
    static func golden(_ name: String, actual: String? = nil) throws -> String {
        if ProcessInfo.processInfo.environment["TICK_RECORD_GOLDEN"] == "1", let actual {
            let path = Fixture.packageRoot + "/Tests/TickStoreTests/Golden/\(name).sql"
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
            return actual
        }
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "sql", subdirectory: "Golden"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("each migration, applied step by step, gives the checked-in golden schema")
    func stepByStep() throws {
        let folder = TemporaryFolder()
        let database = try Store.open(path: folder.file("step.sqlite3"))
        let migrator = Schema.migrator
        #expect(migrator.latestVersion == 17)
        for version in 1...migrator.latestVersion {
            try migrator.migrate(database, upTo: version)
            #expect(try database.userVersion == version)
            let actual = try Self.schemaText(database)
            let expected = try Self.golden("schema-v\(version)", actual: actual)
            #expect(actual == expected, "schema v\(version) differs from Golden/schema-v\(version).sql")
        }
    }

    @Test("a store opened fresh is at the latest version and equals the last golden schema")
    func freshStore() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("fresh.sqlite3"), now: Fixture.now)
        let (version, schema) = try store.read { db in (try db.userVersion, try Self.schemaText(db)) }
        #expect(version == Schema.migrator.latestVersion)
        #expect(schema == (try Self.golden("schema-v\(Schema.migrator.latestVersion)")))
    }

    @Test("a failing migration is rolled back and leaves the version where it was")
    func failingMigrationRollsBack() throws {
        let folder = TemporaryFolder()
        let database = try Store.open(path: folder.file("fail.sqlite3"))
        var migrator = Migrator()
        migrator.register("good", script: "CREATE TABLE a (x);")
        migrator.register("bad", script: "CREATE TABLE b (x); INSERT INTO nowhere VALUES (1);")
        #expect(throws: StoreError.self) { try migrator.migrate(database) }
        #expect(try database.userVersion == 1)
        #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'b'") == 0)
    }

    @Test("a database from a newer Tick is refused and not modified")
    func newerSchemaRefused() throws {
        let folder = TemporaryFolder()
        let path = folder.file("newer.sqlite3")
        do {
            let store = try Store(path: path, now: Fixture.now)
            try store.write { db in try db.executeScript("PRAGMA user_version = 99") }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            _ = try Store(path: path, now: Fixture.now)
            Issue.record("opening a newer database should fail")
        } catch {
            #expect(error.kind == .newerSchema(found: 99, supported: Schema.migrator.latestVersion))
            #expect(error.message.contains("newer version of Tick"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
