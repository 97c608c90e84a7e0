import Foundation
import Testing
import TestSupport
import TickModel
import TickPostgres
@testable import TickServer

/// Search on PostgreSQL (`GET /api/v1/search`) finds what the single-user server finds on
/// SQLite, in the same order and pages, with case, accents and Unicode forms folded the
/// same way; rows stored before the search columns existed are found after the migration.
@Suite("Search on PostgreSQL, as on SQLite", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresSearchTests {
    /// Titles, notes and tags: each title is unique, and says what it holds.
    static let reminders: [(title: String, notes: String, tags: [String], completed: Bool)] = [
        ("Buy milk", "", ["errands"], false),
        ("Café au lait", "ask for oat MILK", [], false),
        ("CAFE receipts", "", ["Taxes"], false),
        ("Straße fegen", "Hof auch", ["haus"], false),
        ("strasse map", "", [], true),
        ("우유 사기", "마트에서", ["장보기"], false),
        ("Résumé draft", "send to Zoë", ["work", "garden work"], false),
        ("ﬁnal ﬁx", "", [], false),
        ("Garden", "tomatoes", ["garden work"], false),
        ("say \"hi\" to Ann", "", [], false),
        ("Tax return 2026", "forms", ["taxes"], true),
        ("Ｆｕｌｌｗｉｄｔｈ note", "x", [], false),
    ]

    static let queries = [
        "milk", "MILK", "cafe", "café", "strasse", "STRASSE", "straße", "우유", "장보기", "tag:장보기", "resume", "zoe",
        "fi", "final", "tag:taxes", "tag:TAXES", "tag:tax", "tag:\"garden work\"", "garden", "title:garden", "notes:milk",
        "title:milk", "\"say \\\"hi\\\"\"", "tax 2026", "tax OR milk", "a", "ca OR 우", "fullwidth", "nothing-at-all",
        "notes:\"oat milk\"", "au",
    ]

    /// The same reminders, in two lists, in both stores.
    static func fill(sqlite: ServiceHarness, postgres: PostgresServiceHarness) throws -> (sqliteList: String, postgresList: String) {
        let sqliteList = ServiceHarness.object(sqlite.send("POST", "/api/v1/lists", json: #"{"name":"Home"}"#))["id"] as? String ?? ""
        let postgresList = PostgresServiceHarness.object(postgres.send("POST", "/api/v1/lists", json: #"{"name":"Home"}"#))["id"] as? String ?? ""
        for (index, reminder) in reminders.enumerated() {
            var fields: [String: Any] = ["title": reminder.title, "notes": reminder.notes, "tags": reminder.tags]
            for (harness, list) in [(0, sqliteList), (1, postgresList)] {
                if index % 2 == 1 { fields["list"] = list } else { fields.removeValue(forKey: "list") }
                let json = String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
                let response = harness == 0 ? sqlite.send("POST", "/api/v1/reminders", json: json)
                    : postgres.send("POST", "/api/v1/reminders", json: json)
                #expect(response.status == 201, "\(reminder.title): \(response.bodyText)")
                let uid = ServiceHarness.object(response)["uid"] as? String ?? ""
                if reminder.completed {
                    #expect((harness == 0 ? sqlite.send("POST", "/api/v1/reminders/\(uid)/complete")
                             : postgres.send("POST", "/api/v1/reminders/\(uid)/complete")).status == 200)
                }
            }
        }
        return (sqliteList, postgresList)
    }

    /// Every title a search finds, read `limit` at a time through the cursors.
    static func titles(_ query: [String: String], limit: Int, send: ([String: String]) -> HTTPResponse) -> [String]? {
        var titles: [String] = []
        var query = query
        query["limit"] = String(limit)
        for _ in 0..<50 {
            let response = send(query)
            guard response.status == 200 else { return nil }
            let page = ServiceHarness.object(response)
            titles += (page["reminders"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            guard let next = page["nextCursor"] as? String else { return titles }
            query["cursor"] = next
        }
        return titles
    }

    @Test("every query finds the same reminders in the same order, open only and with completed ones, in every list and in one")
    func sameAsSQLite() throws {
        let sqlite = try ServiceHarness()
        let postgres = try PostgresServiceHarness()
        let (sqliteList, postgresList) = try Self.fill(sqlite: sqlite, postgres: postgres)
        var found = 0
        for q in Self.queries {
            for completed in ["false", "true"] {
                for inList in [false, true] {
                    var sqliteQuery = ["q": q, "completed": completed], postgresQuery = sqliteQuery
                    if inList {
                        sqliteQuery["list"] = sqliteList
                        postgresQuery["list"] = postgresList
                    }
                    let expected = Self.titles(sqliteQuery, limit: 500) { sqlite.send("GET", "/api/v1/search", query: $0) }
                    #expect(expected != nil, "\(q) on SQLite")
                    found += expected?.count ?? 0
                    for limit in [500, 2] {
                        #expect(Self.titles(postgresQuery, limit: limit) { postgres.send("GET", "/api/v1/search", query: $0) } == expected,
                                "\(q), completed \(completed), in one list \(inList), \(limit) at a time")
                    }
                }
            }
        }
        #expect(found > 100)
    }

    @Test("what each search finds: folded case, accents, compatibility forms and whole tags")
    func rules() throws {
        let sqlite = try ServiceHarness()
        let postgres = try PostgresServiceHarness()
        _ = try Self.fill(sqlite: sqlite, postgres: postgres)
        func titles(_ q: String, completed: Bool = false) -> [String] {
            Self.titles(["q": q, "completed": String(completed)], limit: 50) { postgres.send("GET", "/api/v1/search", query: $0) } ?? ["(refused)"]
        }
        // The first list's reminders first (even ones went there), then Home's.
        #expect(titles("cafe") == ["CAFE receipts", "Café au lait"])
        #expect(titles("STRASSE") == ["Straße fegen"])
        #expect(titles("strasse", completed: true) == ["strasse map", "Straße fegen"])
        #expect(titles("tag:TAXES", completed: true) == ["CAFE receipts", "Tax return 2026"])
        #expect(titles("tag:tax") == [])
        #expect(titles("final") == ["ﬁnal ﬁx"])
        #expect(titles("fullwidth") == ["Ｆｕｌｌｗｉｄｔｈ note"])
        #expect(titles("우유 OR tag:장보기") == ["우유 사기"])
        #expect(titles("notes:milk") == ["Café au lait"])
        #expect(postgres.send("GET", "/api/v1/search", query: ["q": "title:\"unclosed"]).status == 400)
        #expect(postgres.send("GET", "/api/v1/search", query: ["q": " "]).status == 400)
        #expect(postgres.send("GET", "/api/v1/search", query: ["q": "milk", "list": "nope"]).status == 404)
        // Another user finds nothing of ann's.
        #expect(Self.titles(["q": "a", "completed": "true"], limit: 50) { postgres.send("GET", "/api/v1/search", query: $0, as: "bob") } == [])
    }

    @Test("reminders stored before the search columns are found once the database is migrated")
    func migratedRows() throws {
        let database = try PostgresServer.database()
        let connection = try database.connect()
        try PostgresMigrator.migrate(connection, to: Array(PostgresSchema.migrations.prefix(3)))
        let now = Fixture.now
        try connection.execute("INSERT INTO users (id, name, password_hash, created_at) VALUES ('u1', 'ann', 'x', $1)", [now])
        try connection.execute("INSERT INTO lists (id, owner, name, color, position, created_at, modified_at) VALUES ('l1', 'u1', 'Home', '#FF0000', 1, $1, $1)", [now])
        for (number, title, tags) in [(1, "Crème brûlée", #"["Dessert"]"#), (2, "Bread", "[]"), (3, "Ｃｒｅｍｅ", "[]")] {
            try connection.execute("""
                INSERT INTO reminders (owner, number, uid, list_id, title, position, tags, created_at, modified_at)
                VALUES ('u1', $1, $2, 'l1', $3, $1, $4::jsonb, $5, $5)
                """, [number, "uid-\(number)", title, tags, now])
        }
        #expect(try PostgresMigrator.migrate(connection, to: PostgresSchema.migrations) == Array(4...PostgresSchema.migrations.count))
        let pool = try PostgresPool(url: database.url, capacity: 1)
        let store = PostgresStore(pool: pool, user: UserID("u1"))
        let found = try store.read { db in
            try db.search(SearchQuery(parsing: "creme OR tag:dessert"), inList: nil, includesCompleted: false, limit: 10).map(\.title)
        }
        #expect(found == ["Crème brûlée", "Ｃｒｅｍｅ"])
    }
}
