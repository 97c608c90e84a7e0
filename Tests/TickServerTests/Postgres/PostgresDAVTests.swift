import Foundation
import Testing
import TestSupport
import TickModel
import TickPostgres
@testable import TickServer

/// What the CalDAV server of `tick serve --database` adds to the shared DAV tests (which run
/// on both stores, `StoreKind`): signing in as one of many users, keeping them apart, and
/// the change numbers kept by the PostgreSQL triggers whoever writes.
@Suite("CalDAV on PostgreSQL", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresDAVTests {
    static func dav(_ harness: PostgresServiceHarness, _ method: String, _ path: String, _ body: String = "",
                    headers: [String: String] = [:], as user: String? = "ann", password: String? = nil) -> HTTPResponse {
        var fields = headers.merging(["Host": PostgresServiceHarness.host]) { $1 }
        if !body.isEmpty { fields["Content-Type"] = method == "PUT" ? "text/calendar; charset=utf-8" : "application/xml; charset=utf-8" }
        if let user { fields["Authorization"] = PostgresServiceHarness.basic(user, password ?? PostgresServiceHarness.password(of: user)) }
        // No X-Tick-Request: a phone sends none.
        var request = HTTPRequest(method: method, path: path, headers: fields, body: Array(body.utf8))
        request.clientAddress = "192.0.2.7"
        return harness.service.respond(to: request)
    }

    /// Ann's collection "Secret list" (made by MKCALENDAR) holding "Secret plan"; bob's list.
    struct Setup {
        let harness: PostgresServiceHarness
        let annCollection: String
        let annItem: String
        let bobCollection: String
    }

    static let secretList = """
        <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
        <D:displayname>Secret list</D:displayname></D:prop></D:set></C:mkcalendar>
        """

    func setUp() throws -> Setup {
        let harness = try PostgresServiceHarness()
        let annCollection = "/dav/lists/ann-secret-list/"
        try #require(PostgresDAVTests.dav(harness, "MKCALENDAR", annCollection, PostgresDAVTests.secretList).status == 201)
        let annItem = annCollection + "secret-plan.ics"
        try #require(PostgresDAVTests.dav(harness, "PUT", annItem, ServiceHarness.todo(uid: "secret-plan", summary: "Secret plan"))
            .status == 201)
        let bobCollection = "/dav/lists/bob-list/"
        let bobList = PostgresDAVTests.secretList.replacingOccurrences(of: "Secret list", with: "Bob's list")
        try #require(PostgresDAVTests.dav(harness, "MKCALENDAR", bobCollection, bobList, as: "bob").status == 201)
        return Setup(harness: harness, annCollection: annCollection, annItem: annItem, bobCollection: bobCollection)
    }

    static let propfindAll = #"<propfind xmlns="DAV:"><allprop/></propfind>"#
    static func multiget(_ hrefs: [String]) -> String {
        """
        <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/><C:calendar-data/></D:prop>
        \(hrefs.map { "<D:href>\($0)</D:href>" }.joined())</C:calendar-multiget>
        """
    }
    static let query = """
        <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/><C:calendar-data/></D:prop>
        <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/></C:comp-filter></C:filter></C:calendar-query>
        """
    static let proppatch = """
        <D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:displayname>Taken over</D:displayname></D:prop></D:set></D:propertyupdate>
        """

    @Test("bob reaches nothing of ann's through any CalDAV path and method: 404, nothing changed, nothing leaked")
    func bobReachesNothingOfAnns() throws {
        let setup = try setUp()
        let harness = setup.harness
        let etag = try #require(PostgresDAVTests.dav(harness, "GET", setup.annItem).header("ETag"))
        let token = try #require(DAVAnswer(PostgresDAVTests.dav(harness, "REPORT", setup.annCollection, ServiceHarness.syncCollection("")))
            .syncToken)
        let before = try harness.snapshot()
        let takeover = ServiceHarness.todo(uid: "secret-plan", summary: "Taken over")
        let attempts: [(String, String, String, [String: String])] = [
            ("PROPFIND", setup.annCollection, PostgresDAVTests.propfindAll, ["Depth": "1"]),
            ("PROPFIND", setup.annCollection, PostgresDAVTests.propfindAll, ["Depth": "0"]),
            ("PROPFIND", setup.annItem, PostgresDAVTests.propfindAll, ["Depth": "0"]),
            ("GET", setup.annItem, "", [:]),
            ("HEAD", setup.annItem, "", [:]),
            ("PUT", setup.annItem, takeover, [:]),
            ("PUT", setup.annItem, takeover, ["If-Match": etag]),
            ("PUT", setup.annItem, takeover, ["If-Match": "*"]),
            ("PUT", setup.annCollection + "new.ics", ServiceHarness.todo(uid: "planted", summary: "Planted"), ["If-None-Match": "*"]),
            ("DELETE", setup.annItem, "", [:]),
            ("DELETE", setup.annItem, "", ["If-Match": etag]),
            ("DELETE", setup.annCollection, "", [:]),
            ("PROPPATCH", setup.annCollection, PostgresDAVTests.proppatch, [:]),
            ("REPORT", setup.annCollection, ServiceHarness.syncCollection(""), [:]),
            ("REPORT", setup.annCollection, ServiceHarness.syncCollection(token), [:]),
            ("REPORT", setup.annCollection, PostgresDAVTests.multiget([setup.annItem]), [:]),
            ("REPORT", setup.annCollection, PostgresDAVTests.query, [:]),
            // Ann's hrefs asked in bob's own collection.
            ("REPORT", setup.bobCollection, PostgresDAVTests.multiget([setup.annItem, setup.bobCollection + "secret-plan.ics"]), [:]),
        ]
        for (method, path, body, headers) in attempts {
            let response = PostgresDAVTests.dav(harness, method, path, body, headers: headers, as: "bob")
            let where_ = "\(method) \(path) \(headers)"
            if method == "REPORT" && path == setup.bobCollection {
                #expect(response.status == 207, "\(where_)")
                #expect(DAVAnswer(response).items.allSatisfy { $0.status == 404 }, "\(where_): \(response.bodyText)")
            } else if method == "PUT" {
                // RFC 4918 §9.7.1: no collection to put it in, as for a list that does not exist.
                #expect(response.status == 409, "\(where_)")
                let guessed = PostgresDAVTests.dav(harness, method, "/dav/lists/no-such-list/x.ics", body, headers: headers, as: "bob")
                #expect(response.bodyText == guessed.bodyText.replacingOccurrences(of: "no-such-list", with: "ann-secret-list"))
            } else {
                #expect(response.status == 404, "\(where_): \(response.status)")
            }
            for secret in ["Secret", etag, "secret-plan.ics\"", token] {
                #expect(!response.bodyText.contains(secret), "\(where_) leaks \(secret): \(response.bodyText)")
            }
        }
        #expect(try harness.snapshot() == before)

        // Bob's own home names his lists only.
        let home = DAVAnswer(PostgresDAVTests.dav(harness, "PROPFIND", "/dav/lists/", headers: ["Depth": "1"], as: "bob"))
        #expect(home.hrefs.contains(setup.bobCollection))
        #expect(!home.hrefs.contains(setup.annCollection))
        // Bob's reminder with ann's UID is his own: ann's is untouched.
        #expect(PostgresDAVTests.dav(harness, "PUT", setup.bobCollection + "secret-plan.ics", takeover, as: "bob").status == 201)
        #expect(PostgresDAVTests.dav(harness, "GET", setup.annItem).bodyText.contains("SUMMARY:Secret plan"))
        #expect(PostgresDAVTests.dav(harness, "GET", setup.bobCollection + "secret-plan.ics", as: "bob").bodyText
            .contains("SUMMARY:Taken over"))
        // A collection at the path of ann's list is bob's own (`DAVCollectionNaming`), and says
        // nothing of hers: empty, named as bob's client named it; hers unchanged.
        let made = PostgresDAVTests.dav(harness, "MKCALENDAR", setup.annCollection,
                                        PostgresDAVTests.secretList.replacingOccurrences(of: "Secret list", with: "Bob's tasks"), as: "bob")
        #expect(made.status == 201, "\(made.status) \(made.bodyText)")
        #expect(made.header("Location") == setup.annCollection && !made.bodyText.contains("Secret"))
        let again = PostgresDAVTests.dav(harness, "MKCOL", setup.annCollection, DAVListTests.mkcol(), as: "bob")
        #expect(again.status == 405 && !again.bodyText.contains("Secret"), "\(again.status) \(again.bodyText)")
        let bobsResponse = PostgresDAVTests.dav(harness, "PROPFIND", setup.annCollection, headers: ["Depth": "1"], as: "bob")
        let bobs = DAVAnswer(bobsResponse)
        #expect(bobs.hrefs == [setup.annCollection], "\(bobs.hrefs)")
        #expect(bobs.items.first?.properties["{DAV:}displayname"] == "Bob's tasks")
        #expect(!bobsResponse.bodyText.contains("Secret"))
        let hers = DAVAnswer(PostgresDAVTests.dav(harness, "PROPFIND", setup.annCollection, headers: ["Depth": "1"]))
        #expect(hers.hrefs == [setup.annCollection, setup.annItem])
        #expect(hers.items.first?.properties["{DAV:}displayname"] == "Secret list")
    }

    /// A tester: list ids are unique across users, so when ann's and bob's vdirsyncer both
    /// made `/dav/lists/tasks/` (named after their other servers' collections), bob's was
    /// refused (403) and his sync stopped. Bob's list now takes his tag into its id and keeps
    /// the path; each sees their own there.
    @Test("two users' clients make a collection at the same path: each gets their own, read and synced at that path")
    func samePathForTwoUsers() throws {
        let harness = try PostgresServiceHarness()
        let collection = "/dav/lists/tasks/"
        for user in ["ann", "bob"] {
            let made = Self.dav(harness, "MKCALENDAR", collection, Self.secretList.replacingOccurrences(of: "Secret list", with: "Tasks of \(user)"),
                                as: user)
            try #require(made.status == 201, "\(user): \(made.status) \(made.bodyText)")
            #expect(made.header("Location") == collection)
            #expect(Self.dav(harness, "PUT", collection + "x.ics", ServiceHarness.todo(uid: "x-\(user)", summary: "From \(user)"), as: user).status == 201)
        }
        var ids: [String] = []
        for user in ["ann", "bob"] {
            let lists = PostgresServiceHarness.object(harness.send("GET", "/api/v1/lists", as: user))["lists"] as? [[String: Any]] ?? []
            ids.append(try #require(lists.first { list in list["name"] as? String == "Tasks of \(user)" }?["id"] as? String, "\(lists)"))
        }
        #expect(ids[0] == "tasks")
        #expect(ids[1].hasPrefix("tasks~") && ids[1].count == "tasks~".count + 12, "\(ids)")
        for user in ["ann", "bob"] {
            let other = user == "ann" ? "bob" : "ann"
            let got = Self.dav(harness, "GET", collection + "x.ics", as: user)
            #expect(got.bodyText.contains("SUMMARY:From \(user)") && !got.bodyText.contains(other), "\(got.bodyText)")
            let home = DAVAnswer(Self.dav(harness, "PROPFIND", "/dav/lists/", headers: ["Depth": "1"], as: user))
            #expect(home.hrefs.filter { $0 == collection }.count == 1 && !home.hrefs.contains { $0.contains("~") }, "\(user): \(home.hrefs)")
            #expect(home.item(collection)?.properties["{DAV:}displayname"] == "Tasks of \(user)")
            let sync = DAVAnswer(Self.dav(harness, "REPORT", collection, ServiceHarness.syncCollection(""), as: user))
            #expect(sync.hrefs == [collection + "x.ics"])
            let fetched = Self.dav(harness, "REPORT", collection, Self.multiget([collection + "x.ics"]), as: user)
            #expect(fetched.bodyText.contains("From \(user)") && !fetched.bodyText.contains("From \(other)"), "\(fetched.bodyText)")
        }
        // Bob's old token stays refused when his collection is made again at that path under
        // the other id (ann's list gone by then: his new one takes the plain id).
        for index in 0..<6 {
            _ = Self.dav(harness, "PUT", collection + "b\(index).ics", ServiceHarness.todo(uid: "b\(index)", summary: "B\(index)"), as: "bob")
        }
        let token = try #require(DAVAnswer(Self.dav(harness, "REPORT", collection, ServiceHarness.syncCollection(""), as: "bob")).syncToken)
        for user in ["bob", "ann"] {
            let deleted = harness.send("DELETE", "/api/v1/lists/" + (user == "bob" ? ids[1] : ids[0]), query: ["force": "true"], as: user)
            try #require(deleted.status == 200 || deleted.status == 204, "\(deleted.status) \(deleted.bodyText)")
        }
        try #require(Self.dav(harness, "MKCALENDAR", collection, Self.secretList, as: "bob").status == 201)
        #expect((PostgresServiceHarness.object(harness.send("GET", "/api/v1/lists", as: "bob"))["lists"] as? [[String: Any]])?
            .contains { $0["id"] as? String == "tasks" } == true)
        for index in 0..<8 {
            _ = Self.dav(harness, "PUT", collection + "n\(index).ics", ServiceHarness.todo(uid: "n\(index)", summary: "N\(index)"), as: "bob")
        }
        let refused = Self.dav(harness, "REPORT", collection, ServiceHarness.syncCollection(token), as: "bob")
        #expect(refused.status == 403 && refused.bodyText.contains("valid-sync-token"), "\(refused.status) \(refused.bodyText)")
        // A path of the form Tick gives such ids is not made by a client (a user who knows
        // another's tag could take the id that user's list would get there, t59).
        for path in ["/dav/lists/\(ids[1])/", "/dav/lists/other~0123456789ab/"] {
            let refusedPath = Self.dav(harness, "MKCALENDAR", path, Self.secretList, as: "ann")
            #expect(refusedPath.status == 403 && refusedPath.bodyText.contains("Tick's own naming"), "\(path): \(refusedPath.bodyText)")
        }
        // A path that names a list shared with the user is not theirs to make.
        try #require(Self.dav(harness, "MKCALENDAR", "/dav/lists/team/", Self.secretList, as: "ann").status == 201)
        try #require(harness.send("PUT", "/api/v1/lists/team/shares/bob", json: #"{"access":"write"}"#, as: "ann").status == 201)
        let taken = Self.dav(harness, "MKCALENDAR", "/dav/lists/team/", Self.secretList, as: "bob")
        #expect(taken.status == 405, "\(taken.status) \(taken.bodyText)")
    }

    /// A tester (t59): bob's list at a shared path was deleted, his client made the path again
    /// (a list of the plain id), and the deletion was undone: his calendar home listed the path
    /// twice, the list his client made could no longer be reached, and its sync token was taken
    /// by the list put back. The list put back keeps its whole id as its path.
    @Test("a list put back by undo beside the one a client made at its path meanwhile: each at its own path, tokens kept apart")
    func undoBesideANewCollection() throws {
        let harness = try PostgresServiceHarness()
        let collection = "/dav/lists/w/"
        for user in ["ann", "bob"] {
            try #require(Self.dav(harness, "MKCALENDAR", collection, Self.secretList.replacingOccurrences(of: "Secret list", with: "W of \(user)"),
                                  as: user).status == 201)
        }
        try #require(Self.dav(harness, "PUT", collection + "old.ics", ServiceHarness.todo(uid: "old", summary: "Old"), as: "bob").status == 201)
        for user in ["bob", "ann"] { try #require(Self.dav(harness, "DELETE", collection, as: user).status == 204) }
        try #require(Self.dav(harness, "MKCALENDAR", collection, Self.secretList.replacingOccurrences(of: "Secret list", with: "W again"),
                              as: "bob").status == 201)
        try #require(Self.dav(harness, "PUT", collection + "new.ics", ServiceHarness.todo(uid: "new", summary: "New"), as: "bob").status == 201)
        let token = try #require(DAVAnswer(Self.dav(harness, "REPORT", collection, ServiceHarness.syncCollection(""), as: "bob")).syncToken)
        let change = try #require(try harness.database.connect()
            .execute("SELECT id FROM journal_changes WHERE command LIKE '%W of bob%' ORDER BY id DESC LIMIT 1").first?.decode("id", as: Int.self))
        let undone = harness.send("POST", "/api/v1/undo", json: "{\"change\": \(change)}", as: "bob")
        try #require(undone.status == 200, "\(undone.status) \(undone.bodyText)")
        let home = DAVAnswer(Self.dav(harness, "PROPFIND", "/dav/lists/", headers: ["Depth": "1"], as: "bob"))
        let mine = home.hrefs.filter { $0.hasPrefix("/dav/lists/w") }
        #expect(mine.count == 2 && Set(mine).count == 2 && mine.contains(collection), "\(home.hrefs)")
        let restored = try #require(mine.first { $0 != collection })
        #expect(restored.hasPrefix("/dav/lists/w~"))
        #expect(home.item(collection)?.properties["{DAV:}displayname"] == "W again")
        #expect(home.item(restored)?.properties["{DAV:}displayname"] == "W of bob")
        #expect(Self.dav(harness, "GET", collection + "new.ics", as: "bob").bodyText.contains("SUMMARY:New"))
        #expect(Self.dav(harness, "GET", restored + "old.ics", as: "bob").bodyText.contains("SUMMARY:Old"))
        let same = DAVAnswer(Self.dav(harness, "REPORT", collection, ServiceHarness.syncCollection(token), as: "bob"))
        #expect(same.hrefs.isEmpty && same.syncToken == token)
        let other = Self.dav(harness, "REPORT", restored, ServiceHarness.syncCollection(token), as: "bob")
        #expect(other.status == 403 && other.bodyText.contains("valid-sync-token"), "\(other.status) \(other.bodyText)")
    }

    /// A tester (t60): bob's client synced his `p~TAG` list at `/dav/lists/p/` (ann had `p`
    /// then); bob undid an older deletion of his own list `p`: the list put back took the path,
    /// the one the client synced moved to `/dav/lists/p~TAG/`, and the client's full sync
    /// swapped its contents. The list made later keeps the path; the one put back is at `p~`.
    @Test("a list put back by undo whose id is the path of a later list of the user: the later one keeps the path")
    func undoOfAnOlderPlainList() throws {
        let harness = try PostgresServiceHarness()
        let collection = "/dav/lists/p/"
        try #require(Self.dav(harness, "MKCALENDAR", collection, Self.secretList.replacingOccurrences(of: "Secret list", with: "P first"),
                              as: "bob").status == 201)
        try #require(Self.dav(harness, "PUT", collection + "old.ics", ServiceHarness.todo(uid: "old", summary: "Old"), as: "bob").status == 201)
        try #require(Self.dav(harness, "DELETE", collection, as: "bob").status == 204)
        harness.clock.set(Fixture.now.addingTimeInterval(60))
        try #require(Self.dav(harness, "MKCALENDAR", collection, Self.secretList, as: "ann").status == 201)
        harness.clock.set(Fixture.now.addingTimeInterval(120))
        try #require(Self.dav(harness, "MKCALENDAR", collection, Self.secretList.replacingOccurrences(of: "Secret list", with: "P second"),
                              as: "bob").status == 201)
        try #require(Self.dav(harness, "PUT", collection + "new.ics", ServiceHarness.todo(uid: "new", summary: "New"), as: "bob").status == 201)
        let token = try #require(DAVAnswer(Self.dav(harness, "REPORT", collection, ServiceHarness.syncCollection(""), as: "bob")).syncToken)
        try #require(Self.dav(harness, "DELETE", collection, as: "ann").status == 204)
        let change = try #require(try harness.database.connect()
            .execute("SELECT id FROM journal_changes WHERE command LIKE '%P first%' ORDER BY id DESC LIMIT 1").first?.decode("id", as: Int.self))
        try #require(harness.send("POST", "/api/v1/undo", json: "{\"change\": \(change)}", as: "bob").status == 200)
        let home = DAVAnswer(Self.dav(harness, "PROPFIND", "/dav/lists/", headers: ["Depth": "1"], as: "bob"))
        #expect(home.item(collection)?.properties["{DAV:}displayname"] == "P second", "\(home.hrefs)")
        #expect(home.item("/dav/lists/p~/")?.properties["{DAV:}displayname"] == "P first", "\(home.hrefs)")
        #expect(Set(home.hrefs).count == home.hrefs.count)
        let same = DAVAnswer(Self.dav(harness, "REPORT", collection, ServiceHarness.syncCollection(token), as: "bob"))
        #expect(same.hrefs.isEmpty && same.syncToken == token)
        #expect(Self.dav(harness, "GET", "/dav/lists/p~/old.ics", as: "bob").bodyText.contains("SUMMARY:Old"))
        #expect(Self.dav(harness, "GET", collection + "new.ics", as: "bob").bodyText.contains("SUMMARY:New"))
        // A client's own path ending in ~ is not made (it is Tick's naming).
        #expect(Self.dav(harness, "MKCALENDAR", "/dav/lists/q~/", Self.secretList, as: "bob").status == 403)
    }

    /// A tester (t59): ann deleted her list `office`, bob's client then made `/dav/lists/office/`
    /// (the id free again), and ann's undo was refused with a reason about a reminder's UID.
    @Test("an undo refused because another list has the id of the list it would put back says so")
    func undoOfAListWhoseIDIsTaken() throws {
        let harness = try PostgresServiceHarness()
        try #require(Self.dav(harness, "MKCALENDAR", "/dav/lists/office/", Self.secretList, as: "ann").status == 201)
        try #require(Self.dav(harness, "PUT", "/dav/lists/office/a.ics", ServiceHarness.todo(uid: "a", summary: "A"), as: "ann").status == 201)
        try #require(Self.dav(harness, "DELETE", "/dav/lists/office/", as: "ann").status == 204)
        try #require(Self.dav(harness, "MKCALENDAR", "/dav/lists/office/", Self.secretList, as: "bob").status == 201)
        let before = try harness.snapshot()
        let undone = harness.send("POST", "/api/v1/undo", json: "{}", as: "ann")
        #expect(undone.status == 409, "\(undone.status) \(undone.bodyText)")
        #expect(undone.bodyText.contains("a list it would put back has an id another list has now") && !undone.bodyText.contains("uid"),
                "\(undone.bodyText)")
        #expect(try harness.snapshot() == before)
    }

    /// A tester (t59): bob synced ann's shared list at `/dav/lists/notes/`; ann stopped sharing
    /// it and bob's client made his own list there. His old token was refused at first, and
    /// taken once his list's numbers passed it: the sync gave only the newest change.
    @Test("a token of a list no longer shared is refused by the user's own list made at its path, whatever its number")
    func tokenOfAnUnsharedList() throws {
        let harness = try PostgresServiceHarness()
        let collection = "/dav/lists/notes/"
        try #require(Self.dav(harness, "MKCALENDAR", collection, Self.secretList, as: "ann").status == 201)
        try #require(harness.send("PUT", "/api/v1/lists/notes/shares/bob", json: #"{"access":"read"}"#, as: "ann").status == 201)
        for index in 0..<3 {
            _ = Self.dav(harness, "PUT", collection + "a\(index).ics", ServiceHarness.todo(uid: "a\(index)", summary: "A\(index)"), as: "ann")
        }
        let token = try #require(DAVAnswer(Self.dav(harness, "REPORT", collection, ServiceHarness.syncCollection(""), as: "bob")).syncToken)
        try #require(harness.send("DELETE", "/api/v1/lists/notes/shares/bob", as: "ann").status == 204)
        try #require(Self.dav(harness, "MKCALENDAR", collection, Self.secretList.replacingOccurrences(of: "Secret list", with: "Bob's notes"),
                              as: "bob").status == 201)
        for index in 0..<8 {
            _ = Self.dav(harness, "PUT", collection + "b\(index).ics", ServiceHarness.todo(uid: "b\(index)", summary: "B\(index)"), as: "bob")
        }
        let refused = Self.dav(harness, "REPORT", collection, ServiceHarness.syncCollection(token), as: "bob")
        #expect(refused.status == 403 && refused.bodyText.contains("valid-sync-token"), "\(refused.status) \(refused.bodyText)")
    }

    @Test("a wrong password, a removed user and the session cookie are 401 with a Basic challenge; an app password signs in")
    func signingIn() throws {
        let setup = try setUp()
        let harness = setup.harness
        let wrong = PostgresDAVTests.dav(harness, "PROPFIND", "/dav/", as: "ann", password: "wrong")
        #expect(wrong.status == 401)
        #expect(wrong.header("WWW-Authenticate")?.hasPrefix("Basic realm=") == true)
        #expect(PostgresDAVTests.dav(harness, "PROPFIND", "/dav/", as: nil).status == 401)
        let session = try harness.accounts.startSession(for: try #require(try harness.accounts.users().first { $0.user.name == "ann" }).user.id,
                                                        now: harness.clock.now)
        #expect(PostgresDAVTests.dav(harness, "PROPFIND", "/dav/", headers: ["Cookie": "tick_session=" + session], as: nil).status == 401)
        let phone = try harness.accounts.addAppPassword(user: "ann", device: "phone", now: harness.clock.now).password
        let withApp = PostgresDAVTests.dav(harness, "GET", setup.annItem, as: "ann", password: phone)
        #expect(withApp.status == 200)
        #expect(withApp.bodyText.contains("SUMMARY:Secret plan"))
        _ = try harness.accounts.removeUser(named: "ann", deletingTheirData: true)
        #expect(PostgresDAVTests.dav(harness, "GET", setup.annItem, as: "ann", password: phone).status == 401)
        #expect(PostgresDAVTests.dav(harness, "PROPFIND", setup.bobCollection, headers: ["Depth": "1"], as: "bob").status == 207)
    }

    @Test("the well-known address and OPTIONS answer without signing in; a PROPFIND of / is sent to /dav/")
    func discovery() throws {
        let harness = try PostgresServiceHarness()
        let wellKnown = PostgresDAVTests.dav(harness, "PROPFIND", "/.well-known/caldav", as: nil)
        #expect(wellKnown.status == 301)
        #expect(wellKnown.header("Location") == "/dav/")
        #expect(PostgresDAVTests.dav(harness, "PROPFIND", "/", as: nil).header("Location") == "/dav/")
        #expect(PostgresDAVTests.dav(harness, "OPTIONS", "/dav/", as: nil).header("DAV") == "1, 3, calendar-access, extended-mkcol")
        let principal = DAVAnswer(PostgresDAVTests.dav(harness, "PROPFIND", "/dav/principal/", headers: ["Depth": "0"]))
        #expect(principal.item("/dav/principal/")?.properties["{urn:ietf:params:xml:ns:caldav}calendar-home-set"] == "[{DAV:}href]/dav/lists/")
    }

    /// The statement `sql` as the owner of the database would run it in `psql`.
    static func psql(_ harness: PostgresServiceHarness, _ sql: String) throws {
        try harness.database.connect().execute(sql)
    }

    @Test("any writer's change moves the ETag and the sync token; a move in the manual order alone does not")
    func triggersCountEveryWriter() throws {
        let setup = try setUp()
        let harness = setup.harness
        let etag = try #require(PostgresDAVTests.dav(harness, "GET", setup.annItem).header("ETag"))
        let token = try #require(DAVAnswer(PostgresDAVTests.dav(harness, "REPORT", setup.annCollection, ServiceHarness.syncCollection("")))
            .syncToken)
        try PostgresDAVTests.psql(harness, "UPDATE reminders SET position = position + 7 WHERE uid = 'secret-plan'")
        #expect(PostgresDAVTests.dav(harness, "GET", setup.annItem).header("ETag") == etag)
        #expect(DAVAnswer(PostgresDAVTests.dav(harness, "REPORT", setup.annCollection, ServiceHarness.syncCollection(token))).items.isEmpty)

        try PostgresDAVTests.psql(harness, "UPDATE reminders SET notes = 'from psql' WHERE uid = 'secret-plan'")
        let edited = PostgresDAVTests.dav(harness, "GET", setup.annItem)
        #expect(edited.header("ETag") != etag)
        #expect(edited.bodyText.contains("from psql"))
        let later = DAVAnswer(PostgresDAVTests.dav(harness, "REPORT", setup.annCollection, ServiceHarness.syncCollection(token)))
        #expect(later.hrefs == [setup.annItem])
        // Bob's changes are numbered apart: they do not touch ann's tokens.
        #expect(PostgresDAVTests.dav(harness, "PUT", setup.bobCollection + "b.ics", ServiceHarness.todo(uid: "b", summary: "B"), as: "bob")
            .status == 201)
        #expect(DAVAnswer(PostgresDAVTests.dav(harness, "REPORT", setup.annCollection, ServiceHarness.syncCollection(later.syncToken ?? "")))
            .items.isEmpty)

        // Moved to another list through the JSON API: a deletion in the first.
        let other = try #require(PostgresServiceHarness.object(harness.send("POST", "/api/v1/lists", json: #"{"name": "Work"}"#))["id"] as? String)
        #expect(harness.send("PATCH", "/api/v1/reminders/secret-plan", json: #"{"list": "\#(other)"}"#).status == 200)
        let moved = DAVAnswer(PostgresDAVTests.dav(harness, "REPORT", setup.annCollection, ServiceHarness.syncCollection(later.syncToken ?? "")))
        #expect(moved.item(setup.annItem)?.status == 404)
        let work = DAVAnswer(PostgresDAVTests.dav(harness, "REPORT", "/dav/lists/\(other)/", ServiceHarness.syncCollection("")))
        #expect(work.hrefs == ["/dav/lists/\(other)/secret-plan.ics"])
    }

    @Test("a transaction's changes share one change number: 5,000 reminders added, then their list deleted, each at once")
    func oneNumberPerTransaction() throws {
        let harness = try PostgresServiceHarness()
        let connection = try harness.database.connect()
        try connection.execute("""
            INSERT INTO lists (id, owner, name, color, position, created_at, modified_at)
            SELECT 'big', id, 'Big', '#FF0000', 1, now(), now() FROM users WHERE name = 'ann'
            """)
        func counter() throws -> Int {
            try connection.execute("SELECT value FROM dav_list_sequences WHERE list_id = 'big'").first?.decode("value", as: Int.self) ?? 0
        }
        let before = try counter()
        // One statement, one transaction: every row's trigger asks for the user's number.
        try connection.execute("""
            INSERT INTO reminders (owner, number, uid, list_id, title, position, created_at, modified_at)
            SELECT owner, n, 'big-' || n, id, 'Reminder ' || n, n, now(), now() FROM lists, generate_series(1, 5000) AS n
            WHERE id = 'big'
            """)
        #expect(try counter() == before + 1)
        let numbers = try connection.execute("SELECT DISTINCT seq FROM dav_resources WHERE list_id = 'big'")
        #expect(numbers.count == 1)
        #expect(try numbers.first?.decode("seq", as: Int.self) == before + 1)
        // The next transaction takes the next number; the counter is not carried over.
        try connection.execute("UPDATE reminders SET title = 'Changed' WHERE uid = 'big-1'")
        #expect(try counter() == before + 2)
        #expect(try connection.execute("SELECT seq FROM dav_resources WHERE uid = 'big-1'").first?.decode("seq", as: Int.self) == before + 2)
        try connection.transaction { connection in
            try connection.execute("DELETE FROM reminders WHERE list_id = 'big' AND number <= 2500")
            try connection.execute("DELETE FROM lists WHERE id = 'big'")
        }
        // The list's counter went with it; its last number stays for a list made again under its id.
        #expect(try counter() == 0)
        #expect(try connection.execute("SELECT through FROM dav_retired_lists WHERE list_id = 'big'").first?.decode("through", as: Int.self)
                == before + 3)
        #expect(try connection.execute("SELECT count(*) AS n FROM dav_resources WHERE list_id = 'big'").first?.decode("n", as: Int.self) == 0)
    }

    @Test("pruned tombstones move the list's horizon: an older token is 403 valid-sync-token")
    func pruning() throws {
        let setup = try setUp()
        let harness = setup.harness
        let collection = setup.annCollection
        for name in ["a", "b", "c", "d"] {
            _ = PostgresDAVTests.dav(harness, "PUT", collection + name + ".ics", ServiceHarness.todo(uid: name, summary: name))
        }
        let old = try #require(DAVAnswer(PostgresDAVTests.dav(harness, "REPORT", collection, ServiceHarness.syncCollection(""))).syncToken)
        for name in ["a", "b", "c"] { _ = PostgresDAVTests.dav(harness, "DELETE", collection + name + ".ics") }
        let recent = try #require(DAVAnswer(PostgresDAVTests.dav(harness, "REPORT", collection, ServiceHarness.syncCollection(old))).syncToken)
        _ = PostgresDAVTests.dav(harness, "DELETE", collection + "d.ics")
        let ann = try #require(try harness.accounts.users().first { $0.user.name == "ann" }).user.id
        let bob = try #require(try harness.accounts.users().first { $0.user.name == "bob" }).user.id
        let pool = try PostgresPool(url: harness.database.url, capacity: 1)
        #expect(try PostgresStore(pool: pool, user: bob).write { db in try db.pruneDAVTombstones(keeping: 1) } == 0)
        // Before pruning, the horizon is where the list was made (step 10), before the old token.
        let made = try PostgresStore(pool: pool, user: ann).write { db in try db.davHorizon(inList: .init(rawValue: "ann-secret-list")) }
        #expect(made > 0 && made <= Int64(old.dropFirst(WebService.syncTokenPrefix.count).prefix { $0 != ":" }) ?? 0)
        #expect(try PostgresStore.pruneDAVTombstones(in: pool, keeping: 1) == 3)
        let refused = PostgresDAVTests.dav(harness, "REPORT", collection, ServiceHarness.syncCollection(old))
        #expect(refused.status == 403)
        #expect(refused.bodyText.contains("<D:valid-sync-token/>"))
        let after = DAVAnswer(PostgresDAVTests.dav(harness, "REPORT", collection, ServiceHarness.syncCollection(recent)))
        #expect(after.hrefs == [collection + "d.ics"])
        #expect(after.item(collection + "d.ics")?.status == 404)
    }

    @Test("an idle server drops every user's old tombstones, keeping the newest of each crowded list")
    func idleHousekeeping() throws {
        let harness = try PostgresServiceHarness(idleDelay: .milliseconds(100))
        defer { harness.service.stop() }
        let collection = "/dav/lists/ann-secret-list/"
        // No request before the count below: the first one starts the 100 ms idle timer, and
        // on a busy machine the housekeeping would run before the tombstones are counted.
        try PostgresDAVTests.psql(harness, """
            INSERT INTO lists (id, owner, name, color, position, created_at, modified_at)
            SELECT 'ann-secret-list', id, 'Secret', '#FF0000', 1, now(), now() FROM users WHERE name = 'ann'
            """)
        // 2,001 deletions, as a psql session would leave them: more than twice the 1,000 kept.
        try PostgresDAVTests.psql(harness, """
            INSERT INTO dav_resources (owner, list_id, uid, name, seq, deleted)
            SELECT owner, id, 'gone-' || n, 'gone-' || n || '.ics', n, true FROM lists, generate_series(1, 2001) AS n
            WHERE id = 'ann-secret-list'
            """)
        try PostgresDAVTests.psql(harness, "UPDATE dav_list_sequences SET value = 2001 WHERE list_id = 'ann-secret-list'")
        let connection = try harness.database.connect()
        func tombstones() throws -> Int {
            try connection.execute("SELECT count(*) AS n FROM dav_resources WHERE deleted").first?.decode("n", as: Int.self) ?? -1
        }
        #expect(try tombstones() == 2001)
        _ = PostgresDAVTests.dav(harness, "OPTIONS", "/dav/", as: nil)
        let end = Date(timeIntervalSinceNow: 10)
        while try tombstones() != WebService.davTombstonesKept, Date() < end { Thread.sleep(forTimeInterval: 0.02) }
        #expect(try tombstones() == WebService.davTombstonesKept)
        let refused = PostgresDAVTests.dav(harness, "REPORT", collection, ServiceHarness.syncCollection("urn:x-tick:sync:5"))
        #expect(refused.status == 403)
        #expect(refused.bodyText.contains("<D:valid-sync-token/>"))
    }

    @Test("PUTs of one user at once all land, each with its own change number, and a sync lists them all")
    func concurrentWritesOfOneUser() async throws {
        let setup = try setUp()
        let harness = setup.harness
        let collection = setup.annCollection
        let start = try #require(DAVAnswer(PostgresDAVTests.dav(harness, "REPORT", collection, ServiceHarness.syncCollection(""))).syncToken)
        // Four phones of ann's, ten PUTs each, against a pool of three connections: the writes
        // race for her counter row and the losers run again (serializable, SQLSTATE 40001).
        let statuses = await withTaskGroup(of: [Int].self) { group in
            for phone in 0..<4 {
                group.addTask {
                    (0..<10).map { index in
                        let uid = "phone\(phone)-\(index)"
                        return PostgresDAVTests.dav(harness, "PUT", collection + uid + ".ics",
                                                    ServiceHarness.todo(uid: uid, summary: "From phone \(phone)"),
                                                    headers: ["If-None-Match": "*"]).status
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(statuses.count == 40)
        #expect(statuses.allSatisfy { $0 == 201 }, "\(statuses)")
        let changes = DAVAnswer(PostgresDAVTests.dav(harness, "REPORT", collection, ServiceHarness.syncCollection(start)))
        #expect(changes.items.count == 40)
        let etags = changes.items.compactMap { $0.properties["{DAV:}getetag"] }
        #expect(Set(etags).count == 40, "every change its own number")
        let numbers = etags.compactMap { Int64($0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))) }
        #expect(changes.syncToken?.hasPrefix("urn:x-tick:sync:\(numbers.max() ?? -1):") == true, "\(changes.syncToken ?? "")")
    }
}
