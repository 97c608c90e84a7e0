import Foundation
import Testing
import TestSupport
import TickServer

/// Real CalDAV clients against the server on a loopback port, the single-user server and
/// `tick serve --database` (`StoreKind`): the `caldav` Python library (Debian python3-caldav)
/// as a phone app would use it, `tick sync` from a second Tick database, and vdirsyncer.
@Suite(.serialized) struct DAVClientTests {
    /// The service behind an `HTTPServer` on a port the system chose: the single-user server,
    /// or `tick serve --database` with the user ann signing in.
    final class Running: Sendable {
        let harness: any DAVTestServer
        let server: HTTPServer

        init(_ kind: StoreKind = .sqlite) throws {
            let respond: @Sendable (HTTPRequest) -> HTTPResponse, tooLarge: @Sendable (String) -> HTTPResponse
            let listening: @Sendable (UInt16) -> Void
            switch kind {
            case .sqlite:
                let harness = try ServiceHarness()
                let service = harness.service
                (self.harness, respond, tooLarge) = (harness, { service.respond(to: $0) }, { service.tooLargeResponse(path: $0) })
                listening = { service.listening(address: "127.0.0.1", port: $0) }
            case .postgresql:
                let harness = try kind.davServer()
                guard let postgres = harness as? PostgresServiceHarness else { preconditionFailure("a PostgreSQL harness") }
                let service = postgres.service
                (self.harness, respond, tooLarge) = (harness, { service.respond(to: $0) }, { service.tooLargeResponse(path: $0) })
                listening = { service.listening(address: "127.0.0.1", port: $0) }
            }
            server = try HTTPServer(configuration: HTTPServer.Configuration(address: "127.0.0.1", port: 0),
                                    handler: respond, tooLarge: tooLarge)
            listening(server.port)
        }

        /// A JSON API request in process, with the `Host` of the running server.
        func api(_ method: String, _ path: String, json: String? = nil) -> HTTPResponse {
            harness.api(method, path, json: json, headers: ["Host": "127.0.0.1:\(server.port)"])
        }

        /// Adds a reminder through the JSON API; returns its uid.
        func add(_ title: String) -> String {
            ServiceHarness.object(api("POST", "/api/v1/reminders", json: "{\"title\": \"\(title)\"}"))["uid"] as? String ?? ""
        }

        var davURL: String { "http://127.0.0.1:\(server.port)/dav/" }

        /// The JSON object of the reminder `uid` (`GET /api/v1/reminders/UID`).
        func reminder(_ uid: String) -> [String: Any] { ServiceHarness.object(api("GET", "/api/v1/reminders/\(uid)")) }

        deinit { server.stop() }
    }

    static let phoneScript = """
        import json, sys, caldav
        client = caldav.DAVClient(url=sys.argv[1], username=sys.argv[3], password=sys.argv[2])
        principal = client.principal()
        result = {"before": sorted(c.name for c in principal.calendars())}
        made = principal.make_calendar(name="From the phone", supported_calendar_component_set=["VTODO"])
        made.save_todo(summary="Buy bread")
        made.save_todo(summary="Call mum")
        made.save_todo(summary="Old task")
        reminders = [c for c in principal.calendars() if c.name == "Reminders"][0]
        for todo in reminders.todos(include_completed=True):
            todo.icalendar_component["summary"] = "Edited on the phone"
            todo.save()
        for todo in made.todos(include_completed=True):
            summary = str(todo.icalendar_component.get("summary"))
            if summary == "Buy bread":
                todo.icalendar_component["summary"] = "Buy bread and butter"
                todo.save()
            elif summary == "Call mum":
                todo.complete()
            elif summary == "Old task":
                todo.delete()
        result["after"] = sorted(c.name for c in principal.calendars())
        result["open"] = sorted(str(t.icalendar_component.get("summary")) for t in made.todos())
        result["all"] = sorted(str(t.icalendar_component.get("summary")) for t in made.todos(include_completed=True))
        print(json.dumps(result))
        """

    @Test(arguments: StoreKind.available)
    func thePythonCaldavLibraryDiscoversCreatesEditsCompletesAndDeletes(_ kind: StoreKind) throws {
        let running = try Running(kind)
        let uid = running.add("From the web")
        let (user, password) = running.harness.davCredentials
        let phone = try ChildProcess.run("/usr/bin/python3", ["-c", DAVClientTests.phoneScript, running.davURL, password, user])
        #expect(phone.status == 0, "\(phone.errors)")
        let result = try JSONSerialization.jsonObject(with: Data(phone.output.utf8)) as? [String: [String]] ?? [:]
        #expect(result["before"] == ["Reminders"])
        #expect(result["after"] == ["From the phone", "Reminders"])
        #expect(result["open"] == ["Buy bread and butter"])
        #expect(result["all"] == ["Buy bread and butter", "Call mum"])
        #expect(try running.harness.listNames() == ["Reminders", "From the phone"])
        #expect(try running.harness.titles() == ["Buy bread and butter", "Call mum", "Edited on the phone"])
        #expect(running.reminder(uid)["title"] as? String == "Edited on the phone")
        let open = ServiceHarness.object(running.api("GET", "/api/v1/smart/all"))["reminders"] as? [[String: Any]] ?? []
        #expect(open.compactMap { $0["title"] as? String }.sorted() == ["Buy bread and butter", "Edited on the phone"])
    }

    static let sharedListScript = """
        import json, sys, caldav
        client = caldav.DAVClient(url=sys.argv[1], username="bob", password=sys.argv[2])
        calendars = {c.name: c for c in client.principal().calendars()}
        groceries = calendars["Groceries"]
        result = {"calendars": sorted(calendars), "before": sorted(str(t.icalendar_component.get("summary")) for t in groceries.todos())}
        groceries.save_todo(summary="Bread from bob")
        for todo in groceries.todos():
            if str(todo.icalendar_component.get("summary")) == "Milk":
                todo.complete()
        try:
            calendars["Groceries"].set_properties([caldav.elements.dav.DisplayName("Bob's now")])
            result["renamed"] = True
        except Exception as error:
            result["renamed"] = False
        print(json.dumps(result))
        """

    @Test("the caldav Python library, signed in as bob, finds ann's list shared with him and writes to it (PostgreSQL)",
          .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
    func thePythonCaldavLibraryWritesToASharedList() throws {
        let running = try Running(.postgresql)
        let made = running.api("POST", "/api/v1/lists", json: #"{"name":"Groceries"}"#)
        let list = try #require(ServiceHarness.object(made)["id"] as? String)
        #expect(running.api("POST", "/api/v1/reminders", json: #"{"title":"Milk","list":"\#(list)"}"#).status == 201)
        #expect(running.api("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        let phone = try ChildProcess.run("/usr/bin/python3", ["-c", DAVClientTests.sharedListScript, running.davURL,
                                                              PostgresServiceHarness.password(of: "bob")])
        #expect(phone.status == 0, "\(phone.errors)")
        let result = try JSONSerialization.jsonObject(with: Data(phone.output.utf8)) as? [String: Any] ?? [:]
        #expect(result["calendars"] as? [String] == ["Groceries", "Reminders"])
        #expect(result["before"] as? [String] == ["Milk"])
        #expect(result["renamed"] as? Bool == false)
        let postgres = try #require(running.harness as? PostgresServiceHarness)
        let page = ServiceHarness.object(postgres.send("GET", "/api/v1/lists/\(list)/reminders", query: ["completed": "true"],
                                                       headers: ["Host": "127.0.0.1:\(running.server.port)"]))
        let rows = page["reminders"] as? [[String: Any]] ?? []
        #expect(Set(rows.compactMap { $0["title"] as? String }) == ["Milk", "Bread from bob"])
        #expect(rows.first { $0["title"] as? String == "Milk" }?["completed"] as? Bool == true, "\(rows)")
        #expect(ServiceHarness.object(running.api("GET", "/api/v1/lists/\(list)"))["name"] as? String == "Groceries")
    }

    @Test("tick sync signed in as bob: ann's list shared read-only comes down; bob's edit of it stays in his Tick, and the sync says so",
          .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
    func tickSyncWithAReadOnlySharedList() throws {
        let running = try Running(.postgresql)
        let made = running.api("POST", "/api/v1/lists", json: #"{"name":"Groceries"}"#)
        let list = try #require(ServiceHarness.object(made)["id"] as? String)
        let milk = try #require(ServiceHarness.object(running.api("POST", "/api/v1/reminders", json: #"{"title":"Milk","list":"\#(list)"}"#))["uid"] as? String)
        let bread = try #require(ServiceHarness.object(running.api("POST", "/api/v1/reminders", json: #"{"title":"Bread","list":"\#(list)"}"#))["uid"] as? String)
        #expect(running.api("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"read"}"#).status == 201)
        let bob = CLIHarness()
        bob.variables["XDG_CONFIG_HOME"] = bob.folder.file("config")
        bob.variables["TICK_SYNC_PASSWORD"] = PostgresServiceHarness.password(of: "bob")
        bob.ok(["sync", "add", "home", running.davURL, "--user", "bob"])
        let first = try DAVClientTests.sync(bob)
        #expect(try DAVClientTests.titles(bob, list: "Groceries") == ["Milk", "Bread"], "\(first)")

        let rows = try JSONSerialization.jsonObject(with: Data(bob.ok("list", "--list", "Groceries", "--json").utf8)) as? [[String: Any]] ?? []
        func number(_ title: String) throws -> String {
            String(try #require(rows.first { $0["title"] as? String == title }?["number"] as? Int))
        }
        bob.ok("edit", try number("Milk"), "--title", "Oat milk")
        bob.ok("edit", try number("Bread"), "--title", "Rye bread")
        // ann changes one of them meanwhile: that one is merged in bob's Tick.
        #expect(running.api("PATCH", "/api/v1/reminders/\(bread)", json: #"{"notes":"ann's note"}"#).status == 200)
        // tick sync reads the collection's current-user-privilege-set: it does not PUT, and says so.
        let second = try DAVClientTests.sync(bob)
        #expect(second["warnings"] as? [String] == ["Groceries is read-only on the server: 2 changes made in Tick stay in Tick only"],
                "\(second)")
        #expect(running.reminder(milk)["title"] as? String == "Milk", "the server kept ann's title")
        #expect(running.reminder(bread)["title"] as? String == "Bread")
        #expect(try DAVClientTests.titles(bob, list: "Groceries") == ["Oat milk", "Rye bread"], "bob's edits are kept in his Tick")

        // t73: once the list may be written, both edits reach the server (the merged one was
        // taken for sent, and the copies stayed apart for good).
        #expect(running.api("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"write"}"#).status == 200)
        let third = try DAVClientTests.sync(bob)
        #expect((third["warnings"] as? [String] ?? []).isEmpty, "\(third)")
        #expect(running.reminder(milk)["title"] as? String == "Oat milk", "\(third)")
        #expect(running.reminder(bread)["title"] as? String == "Rye bread", "\(third)")
        #expect(running.reminder(bread)["notes"] as? String == "ann's note")
        let fourth = try DAVClientTests.sync(bob)
        let lists = fourth["lists"] as? [[String: Any]] ?? []
        #expect(lists.allSatisfy { ($0["remoteUpdated"] as? Int ?? 0) == 0 && ($0["localUpdated"] as? Int ?? 0) == 0 }, "\(fourth)")
    }

    /// A second Tick database with an account on the server.
    static func syncingTick(_ running: Running) -> CLIHarness {
        let tick = CLIHarness()
        tick.variables["XDG_CONFIG_HOME"] = tick.folder.file("config")
        let (user, password) = running.harness.davCredentials
        tick.variables["TICK_SYNC_PASSWORD"] = password
        tick.ok(["sync", "add", "home", running.davURL, "--user", user])
        return tick
    }

    static func sync(_ tick: CLIHarness, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let result = tick.run(["sync", "--json"])
        #expect(result.status == 0, "tick sync failed: \(result.errors)", sourceLocation: sourceLocation)
        let reports = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]]
        return try #require(reports?.first, sourceLocation: sourceLocation)
    }

    static func titles(_ tick: CLIHarness, list: String = "Reminders") throws -> Set<String> {
        let output = tick.ok("list", "--list", list, "--completed", "--json")
        let rows = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
        return Set(rows.compactMap { $0["title"] as? String })
    }

    static func number(_ tick: CLIHarness, _ title: String) throws -> String {
        let output = tick.ok("list", "--list", "Reminders", "--completed", "--json")
        let rows = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
        let number = rows.first { $0["title"] as? String == title }?["number"] as? Int
        return String(try #require(number, "no reminder '\(title)' in \(output)"))
    }

    func serverTitles(_ running: Running) throws -> Set<String> {
        Set(try running.harness.titles())
    }

    @Test(arguments: StoreKind.available)
    func tickSyncAgainstTickServeBothWaysWithAConflictAndDeletions(_ kind: StoreKind) throws {
        let running = try Running(kind)
        let onServer = running.add("Made on the server")
        let tick = DAVClientTests.syncingTick(running)
        tick.ok("add", "Made in the second Tick")

        let first = try DAVClientTests.sync(tick)
        #expect(try DAVClientTests.titles(tick) == ["Made on the server", "Made in the second Tick"], "\(first)")
        #expect(try serverTitles(running) == ["Made on the server", "Made in the second Tick"])

        // Nothing changed: nothing moves.
        let quiet = try DAVClientTests.sync(tick)
        #expect(quiet["warnings"] as? [String] ?? [] == [])
        #expect(try serverTitles(running) == ["Made on the server", "Made in the second Tick"])

        // Both sides edit the same reminder: different fields merge.
        tick.ok("edit", try DAVClientTests.number(tick, "Made on the server"), "--notes", "notes from the laptop")
        #expect(running.api("PATCH", "/api/v1/reminders/\(onServer)", json: #"{"flagged": true}"#).status == 200)
        _ = try DAVClientTests.sync(tick)
        let merged = running.reminder(onServer)
        #expect(merged["notes"] as? String == "notes from the laptop")
        #expect(merged["flagged"] as? Bool == true)

        // Both sides change the title: a conflict, reported, and both sides end alike.
        tick.ok("edit", try DAVClientTests.number(tick, "Made on the server"), "--title", "Laptop title")
        #expect(running.api("PATCH", "/api/v1/reminders/\(onServer)", json: #"{"title": "Server title"}"#).status == 200)
        let conflicted = try DAVClientTests.sync(tick)
        let conflicts = conflicted["conflicts"] as? [[String: Any]] ?? []
        #expect(conflicts.map { $0["property"] as? String } == ["SUMMARY"])
        let kept = running.reminder(onServer)["title"] as? String
        #expect(kept == "Laptop title" || kept == "Server title")
        #expect(try DAVClientTests.titles(tick).contains(try #require(kept)))
        tick.ok("edit", try DAVClientTests.number(tick, try #require(kept)), "--title", "Made on the server")
        _ = try DAVClientTests.sync(tick)

        // A deletion on each side reaches the other.
        let all = ServiceHarness.object(running.api("GET", "/api/v1/smart/all"))["reminders"] as? [[String: Any]] ?? []
        let second = all.first { $0["title"] as? String == "Made in the second Tick" }?["uid"] as? String
        #expect(running.api("DELETE", "/api/v1/reminders/\(try #require(second))").status == 200)
        tick.ok("add", "Short-lived")
        _ = try DAVClientTests.sync(tick)
        #expect(try DAVClientTests.titles(tick) == ["Made on the server", "Short-lived"])
        tick.ok("delete", try DAVClientTests.number(tick, "Short-lived"))
        _ = try DAVClientTests.sync(tick)
        #expect(try serverTitles(running) == ["Made on the server"])
        #expect(try DAVClientTests.titles(tick) == ["Made on the server"])
    }

    /// A reminder moved to another list in Tick is moved on the server in one sync: the PUT
    /// into the other calendar moves it there, and the old href is then gone. Before, the
    /// server refused the PUT (no-uid-conflict) and the sync deleted the old copy: the
    /// reminder was on no list of the server until the next sync.
    @Test(arguments: StoreKind.available)
    func tickSyncMovesAReminderBetweenListsInOneSync(_ kind: StoreKind) throws {
        let running = try Running(kind)
        let tick = DAVClientTests.syncingTick(running)
        tick.ok("lists", "add", "Errands")
        tick.ok("add", "Milk", "--list", "Errands")
        _ = try DAVClientTests.sync(tick)
        let all = ServiceHarness.object(running.api("GET", "/api/v1/smart/all"))["reminders"] as? [[String: Any]] ?? []
        let milk = try #require(all.first { $0["title"] as? String == "Milk" }?["uid"] as? String)
        let errands = try #require(running.reminder(milk)["listID"] as? String)

        let number = try #require(try JSONSerialization.jsonObject(with: Data(tick.ok("list", "--list", "Errands", "--json").utf8))
            as? [[String: Any]]).first?["number"] as? Int
        tick.ok("edit", String(try #require(number)), "--list", "Reminders")
        let moved = try DAVClientTests.sync(tick)
        #expect(moved["warnings"] as? [String] ?? [] == [], "\(moved)")
        let listID = running.reminder(milk)["listID"] as? String
        #expect(listID != nil && listID != errands, "on the server, Milk is in Reminders now")
        #expect(try serverTitles(running) == ["Milk"])
        let again = try DAVClientTests.sync(tick)
        #expect(again["warnings"] as? [String] ?? [] == [])
        #expect(running.reminder(milk)["listID"] as? String == listID)
        #expect(try DAVClientTests.titles(tick) == ["Milk"])
        #expect(try DAVClientTests.titles(tick, list: "Errands") == [])
    }

    /// A tester (t56): `tick sync` moved a reminder to a list while a phone moved it to another
    /// list on `tick serve`, later. The sync sent Tick's copy to its list first, and the server
    /// (which moves an item on a PUT of its UID) took it back from the phone's list without a
    /// word. Now a reminder moved in Tick is sent once every calendar was synced: the later move
    /// wins, reported; one copy, in the same list on both sides. (Single-user server: its clock
    /// is moved to make the phone's move the later or the earlier.)
    @Test("a move in Tick and a later or earlier move on the server: the later one wins, one copy, reported",
          arguments: [true, false])
    func movesOnBothSidesAgainstTickServe(phoneIsLater: Bool) throws {
        let running = try Running(.sqlite)
        let clock = try #require(running.harness as? ServiceHarness).clock
        let tick = DAVClientTests.syncingTick(running)
        // Calendars sync in the lists' order: Tick's target (Errands) before the phone's (Groceries).
        for list in ["Errands", "Groceries", "Home"] { tick.ok("lists", "add", list) }
        tick.ok("add", "Milk", "--list", "Home")
        _ = try DAVClientTests.sync(tick)
        let all = ServiceHarness.object(running.api("GET", "/api/v1/smart/all"))["reminders"] as? [[String: Any]] ?? []
        let milk = try #require(all.first { $0["title"] as? String == "Milk" }?["uid"] as? String)
        let lists = ServiceHarness.object(running.api("GET", "/api/v1/lists"))["lists"] as? [[String: Any]] ?? []
        let groceries = try #require(lists.first { $0["name"] as? String == "Groceries" }?["id"] as? String)

        // Tick moves it at TICK_NOW (2026-11-29 12:00 UTC); the phone an hour later or earlier.
        let number = try #require(try JSONSerialization.jsonObject(with: Data(tick.ok("list", "--list", "Home", "--json").utf8))
            as? [[String: Any]]).first?["number"] as? Int
        tick.ok("edit", String(try #require(number)), "--list", "Errands")
        clock.set(Date(timeIntervalSince1970: 1_795_953_600 + (phoneIsLater ? 3_600 : -3_600)))
        #expect(running.api("PATCH", "/api/v1/reminders/\(milk)", json: #"{"list": "\#(groceries)"}"#).status == 200)

        let report = try DAVClientTests.sync(tick)
        let conflicts = report["conflicts"] as? [[String: Any]] ?? []
        #expect(conflicts.map { $0["property"] as? String } == ["list"], "\(report)")
        let winner = phoneIsLater ? "Groceries" : "Errands"
        let serverList = try #require(running.reminder(milk)["listID"] as? String)
        #expect(lists.first { $0["id"] as? String == serverList }?["name"] as? String == winner, "\(report)")
        #expect(try DAVClientTests.titles(tick, list: winner) == ["Milk"])
        for other in ["Reminders", "Errands", "Groceries", "Home"] where other != winner {
            #expect(try DAVClientTests.titles(tick, list: other).isEmpty, "\(other)")
        }
        #expect(try serverTitles(running) == ["Milk"])
        let again = try DAVClientTests.sync(tick)
        #expect((again["conflicts"] as? [Any])?.isEmpty == true, "\(again)")
        #expect(running.reminder(milk)["listID"] as? String == serverList)
    }

    /// A tester (t59): `tick serve` moves a repeating reminder on when a phone PUTs a completed
    /// override of its current occurrence; Tick had meanwhile moved the series from 09:00 to
    /// 10:00. The next sync took the server's later day for an occurrence "completed onward":
    /// Tick's time was lost, with no conflict and no occurrence done in Tick.
    @Test("a phone completes today's occurrence through tick serve while Tick changes its time: Tick's time, the occurrence done")
    func completionAppliedByTickServe() throws {
        let running = try Running(.sqlite)
        let tick = DAVClientTests.syncingTick(running)
        tick.ok("add", "Water plants", "--due", "2026-12-10 09:00", "--repeat", "daily")
        _ = try DAVClientTests.sync(tick)
        let all = ServiceHarness.object(running.api("GET", "/api/v1/smart/all"))["reminders"] as? [[String: Any]] ?? []
        let uid = try #require(all.first?["uid"] as? String)
        let path = "/dav/lists/\(try running.harness.firstListID())/\(uid).ics"
        func dav(_ method: String, _ body: String = "", _ headers: [String: String] = [:]) -> HTTPResponse {
            var fields = headers.merging(["Host": "127.0.0.1:\(running.server.port)", "Authorization": running.harness.davAuthorization]) { $1 }
            if !body.isEmpty { fields["Content-Type"] = "text/calendar; charset=utf-8" }
            return running.harness.respond(to: HTTPRequest(method: method, path: path, headers: fields, body: Array(body.utf8)))
        }
        let got = dav("GET")
        let text = got.bodyText
        let due = try #require(text.components(separatedBy: "\r\n").first { $0.hasPrefix("DUE") })
        let override = ["UID:\(uid)", "RECURRENCE-ID" + due.dropFirst(3), "DTSTAMP:20261129T123000Z", "SUMMARY:Water plants",
                        "STATUS:COMPLETED", "COMPLETED:20261129T123000Z"]
        let phone = text.replacingOccurrences(of: "END:VTODO\r\n", with: "END:VTODO\r\nBEGIN:VTODO\r\n"
                                                + override.joined(separator: "\r\n") + "\r\nEND:VTODO\r\n")
        let put = dav("PUT", phone, ["If-Match": try #require(got.header("ETag"))])
        try #require(put.status == 204 || put.status == 201, "\(put.status) \(put.bodyText)")
        #expect((running.reminder(uid)["due"] as? String)?.contains("2026-12-11") == true, "the server moved it on: \(running.reminder(uid))")
        tick.variables["TICK_NOW"] = "2026-11-29T13:00:00Z"
        tick.ok("edit", "1", "--due", "2026-12-10 10:00")
        let report = try DAVClientTests.sync(tick)
        #expect((report["conflicts"] as? [Any] ?? []).isEmpty, "\(report)")
        let shown = try #require(try tick.json("show", "1") as? [String: Any])
        #expect(shown["due"] as? String == "2026-12-11T10:00:00+09:00", "\(shown)")
        #expect(tick.ok("show", "1").contains("1 occurrence done"))
        _ = try DAVClientTests.sync(tick)
        #expect(running.reminder(uid)["due"] as? String == "2026-12-11T10:00:00+09:00", "\(running.reminder(uid))")
        let settled = try DAVClientTests.sync(tick)
        #expect((settled["conflicts"] as? [Any] ?? []).isEmpty)
        #expect(try #require(try tick.json("show", "1") as? [String: Any])["due"] as? String == "2026-12-11T10:00:00+09:00")
    }

    /// vdirsyncer (Debian) paired with the server: the server is side `a`, a folder of .ics
    /// files (one folder per collection, as todoman reads them) side `b`; collections from
    /// both sides, the name and color kept in step by `metasync` (the folder's wins).
    struct Vdirsyncer {
        static let isInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/vdirsyncer")
        let config: String
        /// The folder of side `b`.
        let local: String

        init(_ running: Running, in folder: TemporaryFolder) throws {
            let (user, password) = running.harness.davCredentials
            local = folder.file("vdir")
            config = folder.file("config")
            try FileManager.default.createDirectory(atPath: local, withIntermediateDirectories: true)
            try """
                [general]
                status_path = "\(folder.file("status"))/"

                [pair tick]
                a = "server"
                b = "folder"
                collections = ["from a", "from b"]
                metadata = ["displayname", "color"]
                conflict_resolution = "b wins"

                [storage server]
                type = "caldav"
                url = "\(running.davURL)"
                username = "\(user)"
                password = "\(password)"

                [storage folder]
                type = "filesystem"
                path = "\(local)/"
                fileext = ".ics"
                """.write(toFile: config, atomically: true, encoding: .utf8)
        }

        /// Runs `vdirsyncer ARGUMENTS` and expects it to succeed; `input` answers its questions
        /// ("Should vdirsyncer attempt to create it?").
        @discardableResult
        func run(_ arguments: String..., input: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> ChildProcess {
            let run = try ChildProcess.run("/usr/bin/vdirsyncer", ["-c", config] + arguments, input: input)
            #expect(run.status == 0, "vdirsyncer \(arguments): \(run.output) \(run.errors)", sourceLocation: sourceLocation)
            return run
        }
    }

    @Test(.enabled(if: Vdirsyncer.isInstalled), arguments: StoreKind.available)
    func vdirsyncerBothWaysAndADeletion(_ kind: StoreKind) throws {
        let running = try Running(kind)
        let uid = running.add("From the web")
        let listID = try running.harness.firstListID()
        let folder = TemporaryFolder()
        let vdirsyncer = try Vdirsyncer(running, in: folder)
        let local = vdirsyncer.local
        // The local collection made beforehand: `discover` would otherwise ask whether to make it.
        try FileManager.default.createDirectory(atPath: local + "/" + listID, withIntermediateDirectories: true)
        try vdirsyncer.run("discover")
        try vdirsyncer.run("sync")
        let file = local + "/" + listID + "/" + uid + ".ics"
        let fetched = try String(contentsOfFile: file, encoding: .utf8)
        #expect(fetched.contains("SUMMARY:From the web"))

        try fetched.replacingOccurrences(of: "SUMMARY:From the web", with: "SUMMARY:Edited in the folder")
            .write(toFile: file, atomically: true, encoding: .utf8)
        try ServiceHarness.todo(uid: "folder-new", summary: "New in the folder", extra: ["X-TODOMAN;A=1:kept"])
            .write(toFile: local + "/" + listID + "/folder-new.ics", atomically: true, encoding: .utf8)
        try vdirsyncer.run("sync")
        let titles = Set(try running.harness.titles())
        #expect(titles == ["Edited in the folder", "New in the folder"])
        let get = running.harness.dav("GET", "/dav/lists/\(listID)/folder-new.ics",
                                      headers: ["Host": "127.0.0.1:\(running.server.port)"])
        #expect(get.bodyText.contains("X-TODOMAN;A=1:kept"))

        #expect(running.api("DELETE", "/api/v1/reminders/\(uid)").status == 200)
        try vdirsyncer.run("sync")
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(FileManager.default.fileExists(atPath: local + "/" + listID + "/folder-new.ics"))
    }

    /// A folder made on vdirsyncer's side becomes a list of Tick: `discover` makes its
    /// collection with an extended MKCOL (RFC 5689; it was 405, and vdirsyncer stopped with
    /// "Unable to find or create collection"), `sync` puts its to-do there, and `metasync`
    /// gives the list the folder's name and color (PROPPATCH).
    @Test(.enabled(if: Vdirsyncer.isInstalled), arguments: StoreKind.available)
    func vdirsyncerMakesAListOfANewFolder(_ kind: StoreKind) throws {
        let running = try Running(kind)
        let folder = TemporaryFolder()
        let vdirsyncer = try Vdirsyncer(running, in: folder)
        let made = vdirsyncer.local + "/NewList"
        try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
        try "New list".write(toFile: made + "/displayname", atomically: true, encoding: .utf8)
        try "#FF9500".write(toFile: made + "/color", atomically: true, encoding: .utf8)
        try ServiceHarness.todo(uid: "packing", summary: "Pack the tent")
            .write(toFile: made + "/packing.ics", atomically: true, encoding: .utf8)

        // It asks whether to make each collection the other side lacks (the server's list
        // in the folder, the folder's on the server): yes to both.
        try vdirsyncer.run("discover", input: "y\ny\n")
        try vdirsyncer.run("sync")
        try vdirsyncer.run("metasync")
        let list = ServiceHarness.object(running.api("GET", "/api/v1/lists/NewList"))
        #expect(list["name"] as? String == "New list", "\(list)")
        #expect(list["color"] as? String == "#FF9500")
        #expect(try running.harness.listNames() == ["Reminders", "New list"])
        #expect(try running.harness.titles() == ["Pack the tent"])
        let get = running.harness.dav("GET", "/dav/lists/NewList/packing.ics", headers: ["Host": "127.0.0.1:\(running.server.port)"])
        #expect(get.status == 200)
        #expect(get.bodyText.contains("SUMMARY:Pack the tent"))

        // Nothing left to do: a second round changes nothing on either side.
        let before = try running.harness.storedState()
        try vdirsyncer.run("sync")
        try vdirsyncer.run("metasync")
        #expect(try running.harness.storedState() == before)
    }
}
