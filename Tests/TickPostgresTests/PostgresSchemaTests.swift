import Foundation
import Synchronization
import Testing
import TestSupport
@testable import TickPostgres

@Suite("Tick's PostgreSQL schema", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresSchemaTests {
    /// The schema as text, from the catalog: each table's columns in order (type, NULL
    /// allowed, default), then every constraint and index with its definition.
    static func schemaText(_ connection: PostgresConnection) throws -> String {
        var lines: [String] = []
        for row in try connection.execute("""
            SELECT table_name, column_name, data_type, is_nullable, coalesce(column_default, '') AS default_value
            FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position
            """) {
            let columns = try ["table_name", "column_name", "data_type", "is_nullable", "default_value"].map { try row.decode($0, as: String.self) }
            lines.append("column " + columns.joined(separator: " | "))
        }
        for row in try connection.execute("""
            SELECT c.conrelid::regclass::text AS owner, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
            FROM pg_constraint c WHERE c.connamespace = 'public'::regnamespace ORDER BY owner, name
            """) {
            lines.append("constraint \(try row.decode("owner", as: String.self)) \(try row.decode("name", as: String.self)): \(try row.decode("definition", as: String.self))")
        }
        for row in try connection.execute("SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname") {
            lines.append("index \(try row.decode("indexname", as: String.self)): \(try row.decode("indexdef", as: String.self))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The checked-in golden schema; with `TICK_RECORD_GOLDEN=1`, the actual one is written
    /// to the source tree instead (after a deliberate change: a new step).
    static func golden(_ name: String, actual: String) throws -> String {
        let path = Fixture.packageRoot + "/Tests/TickPostgresTests/Golden/\(name).txt"
        if ProcessInfo.processInfo.environment["TICK_RECORD_GOLDEN"] == "1" {
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
            return actual
        }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("each step, applied one after the other, gives the checked-in golden schema")
    func stepByStep() throws {
        let database = try PostgresServer.database()
        let connection = try database.connect()
        for version in 1...PostgresSchema.migrations.count {
            #expect(try PostgresMigrator.migrate(connection, to: Array(PostgresSchema.migrations.prefix(version))) == [version])
            let actual = try Self.schemaText(connection)
            #expect(actual == (try Self.golden("schema-v\(version)", actual: actual)), "schema v\(version) differs from Golden/schema-v\(version).txt")
        }
    }

    /// Step 14: the query of `remindersNamingChildren` repeats the partial index's condition, so
    /// that the planner can answer it from the index (with sequential scans off, it must).
    @Test("step 14's partial index answers the query of the reminders naming their children")
    func namingChildrenFromTheIndex() throws {
        let database = try PostgresServer.database()
        let connection = try database.connect()
        _ = try PostgresMigrator.migrate(connection, to: PostgresSchema.migrations)
        try connection.execute("SET enable_seqscan = off")
        let plan = try connection.execute("EXPLAIN " + PostgresDatabase.namingChildrenQuery.replacingOccurrences(of: "$1", with: "'u'"))
        let text = try plan.map { try $0.decode(at: 0, as: String.self) }.joined(separator: "\n")
        #expect(text.contains("reminders_naming_children"), "\(text)")
    }

    /// A tester (t65): a throttled sign-in's answer took 5–7 µs longer for a name that exists.
    @Test("past the gate of free failures the sign-in's statement scans for no account, whatever plan PostgreSQL keeps")
    func signInGateScansNothing() throws {
        let database = try PostgresServer.database()
        let connection = try database.connect()
        _ = try PostgresMigrator.migrate(connection, to: PostgresSchema.migrations)
        try connection.execute("INSERT INTO users (id, name, password_hash, created_at) VALUES ('u', 'Ann', 'h', now())")
        for _ in 1...5 {
            try connection.execute("INSERT INTO login_failures (user_name, client_address, failed_at) VALUES (login_name_digest('ann'), '192.0.2.7', now())")
        }
        try connection.execute("PREPARE sign_in (text, text, text, timestamptz, text, int, int) AS " + PostgresConnection.signInRecordsStatement)
        func plan(gate: Int) throws -> String {
            try connection.execute("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) EXECUTE sign_in ('ann', 'ann', '192.0.2.7', now() - interval '1 hour', 'abcd', \(gate), 20)")
                .map { try $0.decode(at: 0, as: String.self) }.joined(separator: "\n")
        }
        for mode in ["force_custom_plan", "force_generic_plan"] {
            try connection.execute("SET plan_cache_mode = \(mode)")
            let closed = try plan(gate: 5), open = try plan(gate: 6)
            let usersScan = { (text: String) in text.split(separator: "\n").first { $0.contains("on users") }.map(String.init) ?? "" }
            #expect(closed.contains("One-Time Filter") && usersScan(closed).contains("never executed"), "\(mode):\n\(closed)")
            #expect(!usersScan(open).isEmpty && !usersScan(open).contains("never executed"), "\(mode):\n\(open)")
        }
    }

    @Test("step 11 starts the horizon of a journal already full just below its oldest change, and of no other")
    func journalHorizonOfAFullJournal() throws {
        let database = try PostgresServer.database()
        let connection = try database.connect()
        _ = try PostgresMigrator.migrate(connection, to: Array(PostgresSchema.migrations.prefix(10)))
        for user in ["full", "short"] {
            try connection.execute("INSERT INTO users (id, name, password_hash, created_at) VALUES ($1, $1, '', now())", [user])
        }
        // 110 changes of the full journal (ids 11…120), 3 of the other's.
        try connection.execute("""
            INSERT INTO journal_changes (owner, id, actor, made_at, command)
            SELECT 'full', n, 'full', now(), '' FROM generate_series(11, 120) n
            UNION ALL SELECT 'short', n, 'short', now(), '' FROM generate_series(200, 202) n
            """)
        #expect(try PostgresMigrator.migrate(connection, to: PostgresSchema.migrations) == Array(11...PostgresSchema.migrations.count))
        let rows = try connection.execute("SELECT owner, pruned_through FROM journal_horizons ORDER BY owner")
        #expect(try rows.map { "\(try $0.decode("owner", as: String.self)) \(try $0.decode("pruned_through", as: Int64.self))" } == ["full 10"])
    }

    @Test("step 12 counts each list's CalDAV changes apart, above every number handed out before, and above a deleted list's of the same id, whoever's")
    func davNumbersPerList() throws {
        let database = try PostgresServer.database()
        let connection = try database.connect()
        _ = try PostgresMigrator.migrate(connection, to: Array(PostgresSchema.migrations.prefix(11)))
        func addUser(_ id: String) throws {
            try connection.execute("INSERT INTO users (id, name, password_hash, created_at) VALUES ($1, $1, '', now())", [id])
        }
        func addList(_ id: String, of owner: String = "u") throws {
            try connection.execute("""
                INSERT INTO lists (owner, id, name, color, position, created_at, modified_at) VALUES ($2, $1, $1, '#FF0000', 1, now(), now())
                """, [id, owner])
        }
        func addReminder(_ uid: String, in list: String, of owner: String = "u") throws {
            try connection.execute("""
                INSERT INTO reminders (owner, number, uid, list_id, title, position, created_at, modified_at)
                VALUES ($3, (SELECT coalesce(max(number), 0) + 1 FROM reminders WHERE owner = $3), $1, $2, $1, 1, now(), now())
                """, [uid, list, owner])
        }
        func seq(_ uid: String) throws -> Int64 {
            try connection.execute("SELECT seq FROM dav_resources WHERE uid = $1", [uid]).first?.decode("seq", as: Int64.self) ?? -1
        }
        try addUser("u")
        try addList("a")
        try addList("b")
        for uid in ["a1", "a2", "b1"] { try addReminder(uid, in: String(uid.prefix(1))) }
        let before = try seq("b1")
        #expect(before >= 5)
        #expect(try PostgresMigrator.migrate(connection, to: PostgresSchema.migrations) == Array(12...PostgresSchema.migrations.count))
        // Each list goes on from the owner's number of before, then apart.
        try addReminder("a3", in: "a")
        try addReminder("a4", in: "a")
        try addReminder("b2", in: "b")
        #expect(try [seq("a3"), seq("a4"), seq("b2")] == [before + 1, before + 2, before + 1])
        // A list deleted and made again under its id starts above its last number.
        try connection.execute("DELETE FROM lists WHERE owner = 'u' AND id = 'a'")
        try addList("a")
        try addReminder("a5", in: "a")
        let horizon = try connection.execute("SELECT pruned_through FROM dav_horizons WHERE list_id = 'a'").first?.decode("pruned_through", as: Int64.self)
        #expect(horizon == before + 3)
        #expect(try seq("a5") == before + 4)
        // A user deleted: their lists' counters go, their last numbers stay, and another user's
        // list made under one of those ids starts above it (a tester: it started at 1, and a
        // former member's old token was taken for the new list's).
        try connection.execute("DELETE FROM users WHERE id = 'u'")
        #expect(try connection.execute("SELECT count(*) AS n FROM dav_list_sequences").first?.decode("n", as: Int64.self) == 0)
        try addUser("v")
        try addList("a", of: "v")
        try addReminder("v1", in: "a", of: "v")
        #expect(try seq("v1") == before + 6)
    }

    /// A tester: moves between two lists in opposite directions at once deadlocked on the
    /// lists' counters (each move took its source's first).
    @Test("a move takes both lists' counters in the order of their ids: moves in opposite directions wait, never deadlock")
    func movesDoNotDeadlock() throws {
        let database = try PostgresServer.database()
        let setup = try database.connect()
        _ = try PostgresMigrator.migrate(setup, to: PostgresSchema.migrations)
        try setup.execute("INSERT INTO users (id, name, password_hash, created_at) VALUES ('u', 'u', '', now())")
        for list in ["a", "b"] {
            try setup.execute("""
                INSERT INTO lists (owner, id, name, color, position, created_at, modified_at) VALUES ('u', $1, $1, '#FF0000', 1, now(), now())
                """, [list])
        }
        for (number, list) in [(1, "a"), (2, "b"), (3, "a")] {
            try setup.execute("""
                INSERT INTO reminders (owner, number, uid, list_id, title, position, created_at, modified_at)
                VALUES ('u', $1, $3, $2, 'r', 1, now(), now())
                """, [number, list, "r\(number)"])
        }
        let first = try database.connect()
        let url = database.url
        // The first holds list a's counter (a change in a), the second moves b → a (it waits
        // for a's counter, holding nothing), then the first moves a → b and commits.
        try first.execute("BEGIN")
        try first.execute("UPDATE reminders SET title = 'changed' WHERE owner = 'u' AND number = 3")
        let moved = Mutex<String?>(nil)
        let thread = Thread {
            do {
                let second = try PostgresConnection(url: url)
                try second.execute("UPDATE reminders SET list_id = 'a' WHERE owner = 'u' AND number = 2")
                moved.withLock { $0 = "moved" }
            } catch {
                moved.withLock { $0 = "\(error)" }
            }
        }
        thread.start()
        Thread.sleep(forTimeInterval: 0.3)
        try first.execute("UPDATE reminders SET list_id = 'b' WHERE owner = 'u' AND number = 1")
        try first.execute("COMMIT")
        let end = Date(timeIntervalSinceNow: 10)
        while moved.withLock({ $0 }) == nil, Date() < end { Thread.sleep(forTimeInterval: 0.02) }
        #expect(moved.withLock { $0 } == "moved")
        let lists = try setup.execute("SELECT list_id FROM reminders WHERE owner = 'u' ORDER BY number").map { try $0.decode("list_id", as: String.self) }
        #expect(lists == ["b", "a", "a"])
    }
}
