import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickServer

/// Every route of the JSON API on PostgreSQL, tried by bob on ann's lists and reminders (their
/// ids and uids in the path and in the body), on guessed ids, by a removed user and with a
/// wrong app password and with an ended session: always 404 or 401, nothing
/// changed in anyone's rows, and none of ann's titles in any body.
@Suite("The JSON API on PostgreSQL keeps users apart", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresIsolationTests {
    /// Ann's list "Secret list" with "Secret plan" (flagged, with the subtask "Secret step")
    /// and the completed "Secret done"; bob's own list and reminder.
    struct Setup {
        let harness: PostgresServiceHarness
        let annList: String
        let annUIDs: [String]
        let bobList: String
        let bobUID: String
    }

    func setUp() throws -> Setup {
        let harness = try PostgresServiceHarness()
        func add(_ path: String, _ json: String, as user: String) throws -> String {
            let response = harness.send("POST", path, json: json, as: user)
            try #require(response.status == 201, "\(response.status) \(response.bodyText)")
            return try #require((PostgresServiceHarness.object(response)["id"] ?? PostgresServiceHarness.object(response)["uid"]) as? String)
        }
        let annList = try add("/api/v1/lists", #"{"name":"Secret list"}"#, as: "ann")
        let plan = try add("/api/v1/reminders", #"{"title":"Secret plan","list":"\#(annList)","flagged":true}"#, as: "ann")
        let step = try add("/api/v1/reminders", #"{"title":"Secret step","parent":"\#(plan)"}"#, as: "ann")
        let done = try add("/api/v1/reminders", #"{"title":"Secret done","list":"\#(annList)"}"#, as: "ann")
        try #require(harness.send("POST", "/api/v1/reminders/\(done)/complete", as: "ann").status == 200)
        let bobList = try add("/api/v1/lists", #"{"name":"Bob's list"}"#, as: "bob")
        let bobUID = try add("/api/v1/reminders", #"{"title":"Bob's errand","list":"\#(bobList)"}"#, as: "bob")
        return Setup(harness: harness, annList: annList, annUIDs: [plan, step, done], bobList: bobList, bobUID: bobUID)
    }

    /// The routes of the API, `METHOD /pattern`, from its own OpenAPI document.
    func routes(_ harness: PostgresServiceHarness) throws -> [(method: String, pattern: String, query: [String])] {
        let document = PostgresServiceHarness.object(harness.send("GET", "/api/v1/openapi.json", as: "bob"))
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        return paths.flatMap { pattern, operations in
            operations.map { method, operation in
                // The query parameters the route reads (a route refuses any other with a 400).
                let parameters = (operation as? [String: Any])?["parameters"] as? [[String: Any]] ?? []
                return (method: method.uppercased(), pattern: pattern,
                        query: parameters.filter { $0["in"] as? String == "query" }.compactMap { $0["name"] as? String })
            }
        }
        .sorted { ($0.pattern, $0.method) < ($1.pattern, $1.method) }
    }

    /// Every query parameter `query` names, with values that reach ann's data where one can:
    /// her list for `list`, her words for `q`.
    static func arguments(_ query: [String], annList: String) -> [String: String] {
        let values = ["force": "true", "completed": "true", "limit": "5", "q": "Secret", "list": annList]
        return Dictionary(uniqueKeysWithValues: query.compactMap { name in values[name].map { (name, $0) } })
    }

    /// Bodies that name `list` and `uid` wherever a body can name a list or a reminder.
    static func bodies(list: String, uid: String) -> [String?] {
        [nil, "{}", #"{"position":1}"#, #"{"before":"\#(list)"}"#, #"{"after":"\#(uid)"}"#, #"{"before":"\#(uid)"}"#,
         #"{"title":"Taken","list":"\#(list)"}"#, #"{"title":"Taken","parent":"\#(uid)"}"#, #"{"name":"Taken","color":"red"}"#,
         #"{"occurrence":"2026-12-01"}"#, #"{"change":1}"#, #"{"access":"write"}"#]
    }

    @Test("Bob reaches nothing of ann's through any route, by her ids or guessed ones")
    func everyRouteAsTheOtherUser() throws {
        let setup = try setUp()
        let harness = setup.harness
        let before = try harness.snapshot()
        let routes = try routes(harness)
        #expect(routes.count == 26)
        let guessed = ["0", "1", "00000000-0000-0000-0000-000000000001", "..", "%2e%2e", "Guessed%20list", "'%20OR%201=1--"]
        var tried = 0
        for route in routes where route.pattern.contains("{") {
            for target in [setup.annList] + setup.annUIDs + guessed {
                let path = route.pattern.replacingOccurrences(of: "{id}", with: target).replacingOccurrences(of: "{uid}", with: target)
                    .replacingOccurrences(of: "{alarmUID}", with: target).replacingOccurrences(of: "{name}", with: target)
                    .replacingOccurrences(of: "{user}", with: "bob")
                for body in PostgresIsolationTests.bodies(list: setup.annList, uid: setup.annUIDs[0]) {
                    let response = harness.send(route.method, path, json: body,
                                                query: Self.arguments(route.query, annList: setup.annList), as: "bob")
                    tried += 1
                    #expect([400, 404, 405].contains(response.status) && response.status != 200,
                            "\(route.method) \(path) \(body ?? "") → \(response.status)")
                    if [200, 201, 204].contains(response.status) { Issue.record("\(route.method) \(path) answered \(response.status)") }
                    #expect(!response.bodyText.contains("Secret"), "\(route.method) \(path) leaks: \(response.bodyText)")
                }
            }
        }
        // A search in ann's list, by its id.
        let search = harness.send("GET", "/api/v1/search", query: ["q": "Secret", "list": setup.annList, "completed": "true"], as: "bob")
        #expect(search.status == 404 && !search.bodyText.contains("Secret"), "\(search.status) \(search.bodyText)")
        // The routes without an id in the path, with ann's ids in the body.
        for body in PostgresIsolationTests.bodies(list: setup.annList, uid: setup.annUIDs[0]) where body != nil {
            for path in ["/api/v1/reminders", "/api/v1/lists"] {
                let response = harness.send("POST", path, json: body, as: "bob")
                tried += 1
                #expect(!response.bodyText.contains("Secret"), "POST \(path) \(body ?? "") leaks: \(response.bodyText)")
                // A list named "Taken" is bob's own; anything naming ann's objects is refused.
                if body?.contains(setup.annList) == true || body?.contains(setup.annUIDs[0]) == true {
                    #expect([400, 404].contains(response.status), "POST \(path) \(body ?? "") → \(response.status)")
                }
            }
        }
        // Undo takes back bob's own changes only: none of ann's, by her change ids or by the newest.
        let connection = try harness.database.connect()
        let annChanges = try connection.execute("""
            SELECT c.id FROM journal_changes c JOIN users u ON u.id = c.owner WHERE u.name = 'ann' ORDER BY c.id
            """).map { try $0.decode("id", as: Int64.self) }
        #expect(annChanges.count == 5)  // her list, three reminders, a completion
        for change in annChanges {
            let response = harness.send("POST", "/api/v1/undo", json: #"{"change":\#(change)}"#, as: "bob")
            tried += 1
            #expect(response.status == 404, "POST /api/v1/undo {change: \(change)} → \(response.status)")
            #expect(!response.bodyText.contains("Secret"), "undo leaks: \(response.bodyText)")
        }
        // Bob's own reminder moved next to ann's, into her list, under her reminder.
        for body in [#"{"before":"\#(setup.annUIDs[0])"}"#, #"{"after":"\#(setup.annUIDs[1])"}"#] {
            #expect(harness.send("POST", "/api/v1/reminders/\(setup.bobUID)/move", json: body, as: "bob").status == 404)
        }
        for body in [#"{"list":"\#(setup.annList)"}"#, #"{"parent":"\#(setup.annUIDs[0])"}"#] {
            #expect(harness.send("PATCH", "/api/v1/reminders/\(setup.bobUID)", json: body, as: "bob").status == 404)
        }
        #expect(harness.send("POST", "/api/v1/lists/\(setup.bobList)/move", json: #"{"before":"\#(setup.annList)"}"#, as: "bob").status == 404)
        #expect(tried > 1_000)

        // What bob may read shows nothing of ann's.
        for path in ["/api/v1/lists", "/api/v1/smart/all", "/api/v1/smart/flagged", "/api/v1/smart/completed",
                     "/api/v1/lists/\(setup.bobList)/reminders", "/api/v1/changes"] {
            // Completed ones too where a page takes them (a list's; a smart list has its own rule), undone changes too.
            let query = path.hasSuffix("/reminders") ? ["completed": "true"] : path.hasSuffix("/changes") ? ["all": "true"] : [:]
            let response = harness.send("GET", path, query: query, as: "bob")
            #expect(response.status == 200)
            #expect(!response.bodyText.contains("Secret"), "GET \(path) leaks: \(response.bodyText)")
        }
        let after = try harness.snapshot()
        // Bob's lists "Taken" (added through POST /lists, his own, with his membership rows and the
        // CalDAV horizon each starts at, which moved his change counter) are the only rows added.
        let taken = after.filter { $0.hasPrefix("lists: ") && $0.contains("Taken") }
            .map { String($0.dropFirst("lists: (".count).prefix { $0 != "," }) }
        let bob = try #require(after.first { $0.hasPrefix("users: ") && $0.contains(",bob,") }.map { String($0.dropFirst("users: (".count).prefix { $0 != "," }) })
        func isBobsOwn(_ row: String) -> Bool {
            row.contains("Taken") || taken.contains { row.hasPrefix("list_members: (\($0),") || row.hasPrefix("dav_horizons: (\(bob),\($0),")
                || row.hasPrefix("dav_list_sequences: (\(bob),\($0),") }
                || row.hasPrefix("dav_sequences: (\(bob),")
        }
        #expect(after.filter { !isBobsOwn($0) } == before.filter { !$0.hasPrefix("dav_sequences: (\(bob),") })
        #expect(after.filter { $0.contains("Secret") } == before.filter { $0.contains("Secret") })
    }

    @Test("A removed user, a wrong app password and an ended session get 401 on every route, and change nothing")
    func removedUserAndWrongAppPassword() throws {
        let setup = try setUp()
        let harness = setup.harness
        let phone = try harness.accounts.addAppPassword(user: "bob", device: "phone", now: Fixture.now).password
        let wrong = String(phone.prefix(7)) + String(repeating: "a", count: phone.count - 7)
        let routes = try routes(harness)
        // Bob's session, ended by logging out.
        let login = PostgresRoutesTests.logIn(harness, "bob", PostgresServiceHarness.password(of: "bob"))
        let ended = ["Cookie": String(try #require(login.header("Set-Cookie")).prefix { $0 != ";" })]
        #expect(harness.send("POST", "/logout", headers: ended, as: nil).status == 204)
        _ = try harness.accounts.removeUser(named: "ann", deletingTheirData: true)
        let before = try harness.snapshot()
        for route in routes {
            let path = route.pattern.replacingOccurrences(of: "{id}", with: setup.annList)
                .replacingOccurrences(of: "{uid}", with: setup.annUIDs[0]).replacingOccurrences(of: "{alarmUID}", with: "a")
                .replacingOccurrences(of: "{name}", with: "all").replacingOccurrences(of: "{user}", with: "bob")
            for (user, password) in [("ann", PostgresServiceHarness.password(of: "ann")), ("bob", wrong)] {
                // Past 5 failures of a name (20 of an address) the answer is 429: no more checks.
                let response = harness.send(route.method, path, json: "{}", as: user, password: password)
                #expect(response.status == 401 || response.status == 429, "\(user) \(route.method) \(path) → \(response.status)")
                #expect(!response.bodyText.contains("Secret"))
            }
            let response = harness.send(route.method, path, json: "{}", headers: ended, as: nil)
            #expect(response.status == 401, "an ended session: \(route.method) \(path) → \(response.status)")
            #expect(!response.bodyText.contains("Secret"))
        }
        #expect(try harness.snapshot() == before)
        // Bob's name is throttled by the wrong tries; once the delay is over his phone signs in.
        harness.clock.set(Fixture.now.addingTimeInterval(1_000))
        #expect(harness.send("GET", "/api/v1/lists", as: "bob", password: phone).status == 200)
    }
}
