import Foundation
import Testing
import TestSupport

/// What an account syncs (issue 11): `--list` picks lists, a URL of one calendar syncs that
/// calendar only, and an account that names what is not there is refused before anything
/// changes.
@Suite("tick sync: --list and a URL of one calendar", .serialized)
struct SyncAccountScopeTests {
    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    static func harness() -> CLIHarness {
        let tick = CLIHarness()
        tick.variables["XDG_CONFIG_HOME"] = tick.folder.file("config")
        tick.variables["TICK_SYNC_PASSWORD"] = "secret"
        return tick
    }

    static func listNames(_ tick: CLIHarness) throws -> Set<String> {
        Set((try json(tick.ok("lists", "--json")) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
    }

    static func titles(_ tick: CLIHarness, _ list: String) throws -> Set<String> {
        Set((try json(tick.ok("list", "--list", list, "--completed", "--json")) as? [[String: Any]] ?? []).compactMap { $0["title"] as? String })
    }

    /// The display names of the calendars in alice's home on Radicale.
    static func calendarNames(_ server: CalDAVServer) throws -> Set<String> {
        let reply = try server.request("PROPFIND", server.homeURL, headers: ["Depth": "1"],
                                       body: "<?xml version=\"1.0\"?><D:propfind xmlns:D=\"DAV:\"><D:prop><D:displayname/></D:prop></D:propfind>")
        let names = reply.body.components(separatedBy: "<displayname>").dropFirst().compactMap { $0.components(separatedBy: "<").first }
        return Set(names)
    }

    /// The synced lists of `sync status --json`.
    static func pairedLists(_ tick: CLIHarness) throws -> Set<String> {
        let status = try json(tick.ok("sync", "status", "--json")) as? [[String: Any]]
        return Set((status?.first?["synced"] as? [[String: Any]] ?? []).compactMap { $0["list"] as? String })
    }

    /// Radicale with calendars Tasks (t1), Work (w1) and Events (events only).
    static func server() throws -> CalDAVServer {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("tasks", displayName: "Tasks")
        try server.makeCalendar("work", displayName: "Work")
        try server.makeCalendar("events", displayName: "Events", components: ["VEVENT"])
        try server.put("tasks", "t1.ics", CalDAVServer.vtodo(["UID:t1", "DTSTAMP:20261128T100000Z", "SUMMARY:Phone task"]))
        try server.put("work", "w1.ics", CalDAVServer.vtodo(["UID:w1", "DTSTAMP:20261128T100000Z", "SUMMARY:Work task"]))
        return server
    }

    @Test("--list: only the lists named (any case) sync, one from the server and one from Tick; other calendars and lists are left alone")
    func namedListsOnly() throws {
        let server = try Self.server()
        let tick = Self.harness()
        for list in ["Errands", "Private"] {
            tick.ok("lists", "add", list)
            tick.ok("add", "\(list) reminder", "--list", list)
        }
        tick.ok("sync", "add", "home", server.baseURL, "--user", "alice", "--list", "tasks", "--list", "errands")
        let listsBefore = try Self.listNames(tick)
        let workEtag = try server.etag(of: server.homeURL + "work/w1.ics")

        let result = tick.run("sync", "--json")
        #expect(result.status == 0, "\(result.errors)")
        let reported = Set(((try Self.json(result.output) as? [[String: Any]])?.first?["lists"] as? [[String: Any]] ?? [])
            .compactMap { $0["list"] as? String })
        #expect(reported == ["Tasks", "Errands"])
        #expect(try Self.listNames(tick) == listsBefore.union(["Tasks"]), "Work is no list in Tick")
        #expect(try Self.titles(tick, "Tasks") == ["Phone task"])
        #expect(try Self.calendarNames(server) == ["Tasks", "Work", "Events", "Errands"], "no calendar for Private or the default list")
        #expect(try Self.pairedLists(tick) == ["Tasks", "Errands"])

        // Later changes to what is not named stay where they are made.
        tick.ok("add", "Another private one", "--list", "Private")
        try server.put("work", "w2.ics", CalDAVServer.vtodo(["UID:w2", "DTSTAMP:20261128T100000Z", "SUMMARY:More work"]))
        tick.ok("sync")
        #expect(try Self.titles(tick, "Private") == ["Private reminder", "Another private one"])
        #expect(try server.etag(of: server.homeURL + "work/w1.ics") == workEtag)
        #expect(try server.items(in: "work").count == 2)
        #expect(try Self.listNames(tick) == listsBefore.union(["Tasks"]))
        #expect(try Self.pairedLists(tick) == ["Tasks", "Errands"])
    }

    /// Sets the `lists` of the first account in the harness's sync settings file, as a
    /// person editing it by hand would.
    static func setListsInSettings(_ tick: CLIHarness, _ lists: [String]) throws {
        let path = tick.folder.file("config") + "/tick/sync.json"
        var settings = try #require(try json(String(contentsOfFile: path, encoding: .utf8)) as? [String: Any])
        var accounts = try #require(settings["accounts"] as? [[String: Any]])
        accounts[0]["lists"] = lists
        settings["accounts"] = accounts
        try JSONSerialization.data(withJSONObject: settings).write(to: URL(fileURLWithPath: path))
    }

    @Test("a list renamed in Tick keeps syncing by the name it was chosen by; a name taken out of the settings file stops that list's sync, and naming it again goes on without a duplicate")
    func namesInTheSettingsFile() throws {
        let server = try Self.server()
        let tick = Self.harness()
        tick.ok("sync", "add", "home", server.baseURL, "--user", "alice", "--list", "tasks", "--list", "work")
        tick.ok("sync")
        #expect(try Self.pairedLists(tick) == ["Tasks", "Work"])

        // Renamed in Tick: the calendar is renamed, and the list still syncs at the next
        // syncs, though the file says "work" and both sides now say "Office".
        tick.ok("lists", "rename", "Work", "Office")
        tick.ok("sync")
        #expect(try Self.calendarNames(server) == ["Tasks", "Office", "Events"])
        tick.ok("add", "Office memo", "--list", "Office")
        tick.ok("sync")
        #expect(try server.items(in: "work").count == 2)
        try server.put("work", "w2.ics", CalDAVServer.vtodo(["UID:w2", "DTSTAMP:20261128T100000Z", "SUMMARY:Phone memo"]))
        tick.ok("sync")
        #expect(try Self.titles(tick, "Office") == ["Work task", "Office memo", "Phone memo"])

        // "tasks" taken out of the file: Tasks is left alone on both sides, and said so.
        try Self.setListsInSettings(tick, ["work"])
        tick.ok("add", "Local task", "--list", "Tasks")
        try server.put("tasks", "t2.ics", CalDAVServer.vtodo(["UID:t2", "DTSTAMP:20261128T100000Z", "SUMMARY:Phone again"]))
        let tasksEtag = try server.etag(of: server.homeURL + "tasks/t1.ics")
        let result = tick.run("sync", "--json")
        #expect(result.status == 0, "\(result.errors)")
        let report = (try Self.json(result.output) as? [[String: Any]])?.first
        #expect(report?["leftOut"] as? [String] == ["Tasks"])
        #expect((report?["lists"] as? [[String: Any]] ?? []).compactMap { $0["list"] as? String } == ["Office"])
        #expect(try server.items(in: "tasks").count == 2, "Local task did not go up")
        #expect(try server.etag(of: server.homeURL + "tasks/t1.ics") == tasksEtag)
        #expect(try Self.titles(tick, "Tasks") == ["Phone task", "Local task"], "Phone again did not come down")
        let text = tick.ok("sync")
        #expect(text.contains("Tasks: not synced: the account's \"lists\" no longer name it (name it there again to go on)"), "\(text)")
        let status = try Self.json(tick.ok("sync", "status", "--json")) as? [[String: Any]]
        let leftOut = (status?.first?["synced"] as? [[String: Any]] ?? []).map { ($0["list"] as? String ?? "", $0["leftOut"] as? Bool) }
        #expect(leftOut.sorted { $0.0 < $1.0 }.map { "\($0.0)=\($0.1.map(String.init) ?? "nil")" } == ["Office=false", "Tasks=true"])
        #expect(tick.ok("sync", "status").contains("Tasks ↔ \(server.homeURL)tasks/ (1 reminder); not synced: the account's \"lists\""))

        // Named again (in another case): it goes on from where it stopped.
        try Self.setListsInSettings(tick, ["work", "TASKS"])
        let again = try Self.json(tick.ok("sync", "--json")) as? [[String: Any]]
        #expect(again?.first?["leftOut"] as? [String] == [])
        #expect(try Self.titles(tick, "Tasks") == ["Phone task", "Local task", "Phone again"])
        #expect(try server.items(in: "tasks").count == 3)
        tick.ok("sync")
        #expect(try Self.titles(tick, "Tasks").count == 3)
        #expect(try server.items(in: "tasks").count == 3)
    }

    @Test("--list naming a list that is neither in Tick nor on the server: a clear error at the sync, and nothing changed on either side")
    func namedListMissing() throws {
        let server = try Self.server()
        let tick = Self.harness()
        tick.ok("lists", "add", "Errands")
        tick.ok("add", "Post the parcel", "--list", "Errands")
        tick.ok("sync", "add", "home", server.baseURL, "--user", "alice", "--list", "Tasks", "--list", "Groceries")
        let listsBefore = try Self.listNames(tick)
        for arguments in [["sync"], ["sync", "--dry-run"]] {
            let result = tick.run(arguments)
            #expect(result.status == 1)
            #expect(result.errors.contains("account \"home\": --list \"Groceries\" is neither a list in Tick nor a calendar of to-dos on the server (calendars there: \"Tasks\", \"Work\"); nothing was changed"),
                    "\(result.errors)")
        }
        #expect(try Self.listNames(tick) == listsBefore, "no list made for Tasks")
        #expect(try Self.pairedLists(tick).isEmpty)
        #expect(try Self.calendarNames(server) == ["Tasks", "Work", "Events"])

        // A URL of one calendar names only that one.
        let single = Self.harness()
        single.ok("lists", "add", "Errands")
        single.ok("sync", "add", "one", server.homeURL + "tasks/", "--user", "alice", "--list", "Errands")
        let refused = single.run("sync")
        #expect(refused.status == 1)
        #expect(refused.errors.contains("--list \"Errands\" is not the calendar at \(server.homeURL)tasks/ (its name: \"Tasks\")"), "\(refused.errors)")
        #expect(try Self.pairedLists(single).isEmpty)

        // An empty name is refused when the account is added.
        let empty = tick.run("sync", "add", "other", server.baseURL, "--list", " ")
        #expect(empty.status == 64 && empty.errors.contains("--list needs the name of a list"), "\(empty.errors)")
    }

    @Test("a URL of one calendar: that calendar only, with no discovery and no calendar made for Tick's lists")
    func singleCollection() throws {
        let server = try Self.server()
        let proxy = try FaultProxy(target: server.baseURL)
        let tick = Self.harness()
        tick.ok("lists", "add", "Errands")
        tick.ok("add", "Post the parcel", "--list", "Errands")
        tick.ok("sync", "add", "home", proxy.baseURL + "alice/tasks/", "--user", "alice")
        let listsBefore = try Self.listNames(tick)

        let result = tick.run("sync", "--json")
        #expect(result.status == 0, "\(result.errors)")
        let reported = ((try Self.json(result.output) as? [[String: Any]])?.first?["lists"] as? [[String: Any]] ?? [])
        #expect(reported.compactMap { $0["list"] as? String } == ["Tasks"])
        #expect(try Self.listNames(tick) == listsBefore.union(["Tasks"]))
        #expect(try Self.titles(tick, "Tasks") == ["Phone task"])
        let paths = Set(proxy.requests.map(\.path))
        #expect(paths.allSatisfy { $0.hasPrefix("/alice/tasks/") }, "no discovery: \(paths.sorted())")
        #expect(!proxy.requests.contains { $0.method == "MKCALENDAR" })
        #expect(try Self.calendarNames(server) == ["Tasks", "Work", "Events"])

        tick.ok("add", "From Tick", "--list", "Tasks")
        tick.ok("sync")
        #expect(try server.items(in: "tasks").values.contains { $0.contains("SUMMARY:From Tick") })
        #expect(try server.items(in: "work").count == 1)
        #expect(try Self.titles(tick, "Errands") == ["Post the parcel"])
    }

    @Test("a URL that is not a calendar of to-dos or a server is a clear error, and nothing changes", arguments: [
        ("events/", "is a calendar of events only"),
        ("tasks/t1.ics", "is one item (text/calendar), not a calendar collection or a server"),
        ("addresses/", "is an address book, not a calendar"),
        ("nothing-here/", "HTTP 404"),
    ])
    func notACalendar(path: String, message: String) throws {
        let server = try Self.server()
        let made = try server.request("MKCOL", server.homeURL + "addresses/", body: """
            <?xml version="1.0"?><D:mkcol xmlns:D="DAV:" xmlns:CR="urn:ietf:params:xml:ns:carddav"><D:set><D:prop>\
            <D:resourcetype><D:collection/><CR:addressbook/></D:resourcetype></D:prop></D:set></D:mkcol>
            """)
        #expect(made.status == 201, "\(made.body)")
        let tick = Self.harness()
        tick.ok("lists", "add", "Errands")
        tick.ok("sync", "add", "home", server.homeURL + path, "--user", "alice")
        let listsBefore = try Self.listNames(tick)
        let result = tick.run("sync")
        #expect(result.status == 1)
        #expect(result.errors.contains("account \"home\": ") && result.errors.contains(message), "\(result.errors)")
        #expect(try Self.listNames(tick) == listsBefore)
        #expect(try Self.pairedLists(tick).isEmpty)
        // Radicale names a collection without a display name by its path.
        #expect(try Self.calendarNames(server) == ["Tasks", "Work", "Events", "alice/addresses"], "no calendar made")
    }

    @Test("Xandikos: a mistyped calendar URL (answered 207 with a 404 inside) is an error, not a sync of every calendar")
    func xandikosMissingCalendar() throws {
        let server = try CalDAVServer(.xandikos)
        let tick = Self.harness()
        tick.ok("sync", "add", "home", server.homeURL + "calendr/")
        let listsBefore = try Self.listNames(tick)
        let result = tick.run("sync")
        #expect(result.status == 1)
        #expect(result.errors.contains("there is nothing at \(server.homeURL)calendr/ (HTTP 404)"), "\(result.errors)")
        #expect(try Self.listNames(tick) == listsBefore, "no list made for the server's calendar")
        #expect(try server.items(in: "calendar").isEmpty)
    }

    @Test("a hand-edited settings file with a key Tick does not know, or two accounts of one name, is refused with where; nothing is synced", arguments: [
        (#"{"accounts": [{"name": "home", "url": "URL", "list": ["Tasks"]}]}"#, #".accounts[0]: unknown key "list" (known: lists, name, password-command, url, user)"#),
        (#"{"accounts": [{"name": "home", "url": "URL"}, {"name": "home", "url": "URL"}]}"#, #".accounts[1]: a second account named "home" (each name once)"#),
        (#"{"acounts": []}"#, #"unknown key "acounts" (known: accounts)"#),
    ])
    func handEditedSettings(text: String, message: String) throws {
        let server = try Self.server()
        let tick = Self.harness()
        let listsBefore = try Self.listNames(tick)
        let path = tick.folder.file("config/tick/sync.json")
        try FileManager.default.createDirectory(atPath: tick.folder.file("config/tick"), withIntermediateDirectories: true)
        try text.replacingOccurrences(of: "URL", with: server.baseURL).write(toFile: path, atomically: true, encoding: .utf8)
        for arguments in [["sync"], ["sync", "status"]] {
            let result = tick.run(arguments)
            #expect(result.status == 1)
            #expect(result.errors.contains("the sync settings \(path) are not valid: \(message)"), "\(result.errors)")
        }
        #expect(try Self.listNames(tick) == listsBefore)
        #expect(try Self.calendarNames(server) == ["Tasks", "Work", "Events"])
    }

    /// Radicale with the calendars "ＣＨＯＲＥＳ" (a1, listed first, holding `f`) and "Chores" (a2,
    /// holding `p`), and a Tick with the list `list` holding "Local chore", synced once.
    static func widthVariants(list: String) throws -> (server: CalDAVServer, tick: CLIHarness, result: CLIHarness.Result) {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("a1", displayName: "ＣＨＯＲＥＳ")
        try server.makeCalendar("a2", displayName: "Chores")
        try server.put("a1", "f.ics", CalDAVServer.vtodo(["UID:f", "DTSTAMP:20261128T100000Z", "SUMMARY:Fullwidth task"]))
        try server.put("a2", "p.ics", CalDAVServer.vtodo(["UID:p", "DTSTAMP:20261128T100000Z", "SUMMARY:Plain task"]))
        let tick = Self.harness()
        tick.ok("lists", "add", list)
        tick.ok("add", "Local chore", "--list", list)
        tick.ok("sync", "add", "home", server.baseURL, "--user", "alice")
        return (server, tick, tick.run("sync"))
    }

    /// A tester: with calendars "ＣＨＯＲＥＳ" (listed first) and "Chores" and a list "Chores",
    /// the fullwidth calendar took the list (names alike but for width are one name in Tick),
    /// was renamed "Chores" on the server, and the user's own "Chores" became "Chores (2)".
    @Test("a list pairs with the calendar of its own name, not one alike but for width listed before it")
    func exactNameFirst() throws {
        let (server, tick, result) = try Self.widthVariants(list: "Chores")
        #expect(result.status == 0, "\(result.errors)")
        #expect(try Self.titles(tick, "Chores") == ["Plain task", "Local chore"])
        let names = try Self.calendarNames(server)
        #expect(names.contains("Chores") && !names.contains("Chores (2)"), "\(names)")
        #expect(try server.items(in: "a2").count == 2)
        // The fullwidth calendar has a list of its own, with its to-do.
        let other = try #require(try Self.listNames(tick).first { $0.hasPrefix("ＣＨＯＲＥＳ") })
        #expect(try Self.titles(tick, other) == ["Fullwidth task"])
    }

    /// A tester: with no calendar of the exact name, the pairing took whichever the server
    /// listed first; now the same name but for case comes before one alike but for width.
    @Test("with no calendar of its exact name, a list pairs with the one the same but for case before one alike but for width")
    func caseBeforeWidth() throws {
        let (server, tick, result) = try Self.widthVariants(list: "CHORES")
        #expect(result.status == 0, "\(result.errors)")
        #expect(try server.items(in: "a2").count == 2, "the list went to the calendar named Chores")
        #expect(try server.items(in: "a1").count == 1)
        #expect(try Self.titles(tick, "CHORES") == ["Plain task", "Local chore"])
    }

    /// A tester: a calendar renamed on the server to a name Tick trims (U+2800 at its ends)
    /// was renamed here again at every sync, and a later rename here was a conflict.
    @Test("a server's name that Tick trims is taken once; the syncs after it are quiet")
    func trimmedServerName() throws {
        let server = try Self.server()
        let tick = Self.harness()
        tick.ok("sync", "add", "home", server.baseURL, "--user", "alice", "--list", "Work")
        tick.ok("sync")
        let renamed = try server.request("PROPPATCH", server.homeURL + "work/", body: """
            <D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:displayname>\u{2800}Job\u{2800}</D:displayname></D:prop></D:set></D:propertyupdate>
            """)
        #expect(renamed.status == 207)
        let first = tick.run("sync")
        #expect(first.status == 0 && first.output.contains("Job"), "\(first.output)")
        #expect(try Self.listNames(tick).contains("Job"))
        let second = tick.run("sync", "--json")
        let lists = ((try Self.json(second.output) as? [[String: Any]])?.first?["lists"] as? [[String: Any]]) ?? []
        #expect(lists.allSatisfy { ($0["renamedHere"] as? Bool) != true }, "\(second.output)")
        tick.ok("lists", "rename", "Job", "Office")
        let third = tick.run("sync")
        #expect(third.status == 0 && !third.output.contains("conflict"), "\(third.output) \(third.errors)")
    }
}

