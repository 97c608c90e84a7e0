import Foundation
import Testing
import TestSupport

/// Change detection without RFC 6578 (issue 11): a server that does not offer
/// `sync-collection` (the fault proxy hides it from Radicale) is asked for its `getctag`,
/// and for every href and ETag only when that changed.
@Suite("tick sync without sync-collection: getctag and an ETag listing", .serialized)
struct SyncChangeTagTests {
    /// Radicale with a calendar "tasks" holding `t1` … `t3`, the fault proxy in front, and a
    /// Tick account "home" at the proxy.
    static func setUp(hiding: Bool, refusing: Int) throws -> (CalDAVServer, FaultProxy, CLIHarness) {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("tasks", displayName: "Tasks")
        for index in 1...3 {
            try server.put("tasks", "t\(index).ics", CalDAVServer.vtodo([
                "UID:t\(index)", "DTSTAMP:20261128T100000Z", "LAST-MODIFIED:20261128T100000Z", "SUMMARY:Task \(index)",
            ]))
        }
        let proxy = try FaultProxy(target: server.baseURL, hidingSyncCollection: hiding, refusingSyncCollection: refusing)
        let tick = CLIHarness()
        tick.variables["XDG_CONFIG_HOME"] = tick.folder.file("config")
        tick.variables["TICK_SYNC_PASSWORD"] = server.password
        tick.ok("sync", "add", "home", proxy.baseURL, "--user", server.user, "--list", "Tasks")
        return (server, proxy, tick)
    }

    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// `tick sync --json`'s report of the list Tasks, and the requests the sync sent.
    static func sync(_ tick: CLIHarness, _ proxy: FaultProxy,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> ([String: Any], [FaultProxy.Request]) {
        let before = proxy.requests.count
        let result = tick.run("sync", "--json")
        #expect(result.status == 0, "tick sync failed: \(result.errors)", sourceLocation: sourceLocation)
        let report = (try json(result.output) as? [[String: Any]])?.first
        let list = (report?["lists"] as? [[String: Any]])?.first { $0["list"] as? String == "Tasks" }
        return (try #require(list, "\(result.output)", sourceLocation: sourceLocation), Array(proxy.requests.dropFirst(before)))
    }

    static func counts(_ list: [String: Any]) -> [Int] {
        ["localAdded", "localUpdated", "localDeleted", "remoteAdded", "remoteUpdated", "remoteDeleted"].map { list[$0] as? Int ?? -1 }
    }

    static func titles(_ tick: CLIHarness) throws -> [String: [String: Any]] {
        let listed = try json(tick.ok("list", "--list", "Tasks", "--completed", "--json")) as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: listed.map { ($0["title"] as? String ?? "", $0) })
    }

    /// The requests that read the calendar itself (`/alice/tasks/`).
    static func onCalendar(_ requests: [FaultProxy.Request]) -> [FaultProxy.Request] {
        requests.filter { $0.path == "/alice/tasks/" }
    }

    @Test("no sync-collection on offer: the first sync lists, an unchanged getctag lists nothing, one change on each side and a deletion on the server all arrive")
    func ctagFallback() throws {
        let (server, proxy, tick) = try Self.setUp(hiding: true, refusing: 501)

        // 1. First sync: getctag, then every href and ETag, then the items.
        let (first, asked) = try Self.sync(tick, proxy)
        #expect(Self.counts(first) == [3, 0, 0, 0, 0, 0])
        #expect(Set(try Self.titles(tick).keys) == ["Task 1", "Task 2", "Task 3"])
        let calendar = Self.onCalendar(asked)
        #expect(!asked.contains { $0.method == "REPORT" && $0.body.contains("sync-collection") }, "not offered: not asked")
        #expect(calendar.contains { $0.method == "PROPFIND" && $0.depth == "0" && $0.body.contains("getctag") })
        #expect(calendar.contains { $0.method == "PROPFIND" && $0.depth == "1" && $0.body.contains("getetag") })
        #expect(calendar.contains { $0.method == "REPORT" && $0.body.contains("calendar-multiget") })

        // 2. Nothing changed: the ctag alone, no listing, no fetch.
        let (quiet, quietAsked) = try Self.sync(tick, proxy)
        #expect(Self.counts(quiet) == [0, 0, 0, 0, 0, 0])
        let quietCalendar = Self.onCalendar(quietAsked)
        #expect(quietCalendar.count == 1 && quietCalendar.first?.depth == "0" && quietCalendar.first?.body.contains("getctag") == true,
                "\(quietCalendar.map { "\($0.method) depth \($0.depth ?? "-")" })")

        // 3. The phone retitles t1; Tick raises t2's priority.
        try server.put("tasks", "t1.ics", CalDAVServer.vtodo([
            "UID:t1", "DTSTAMP:20261129T090000Z", "LAST-MODIFIED:20261129T090000Z", "SUMMARY:Task 1 from the phone",
        ]))
        let two = try #require(try Self.titles(tick)["Task 2"]?["number"] as? Int)
        tick.ok("edit", "\(two)", "--priority", "high")
        let (both, bothAsked) = try Self.sync(tick, proxy)
        #expect(Self.counts(both) == [0, 1, 0, 0, 1, 0])
        let multiget = Self.onCalendar(bothAsked).filter { $0.method == "REPORT" }
        #expect(multiget.count == 1 && multiget.first?.body.contains("t1.ics") == true && multiget.first?.body.contains("t3.ics") == false,
                "only the changed item is fetched")
        #expect(try Self.titles(tick)["Task 1 from the phone"] != nil)
        let stored = try server.items(in: "tasks")
        #expect(stored.values.contains { $0.contains("SUMMARY:Task 2") && $0.contains("PRIORITY:1") })

        // 4. The phone deletes t3.
        try server.delete("tasks", "t3.ics")
        let (deletion, _) = try Self.sync(tick, proxy)
        #expect(Self.counts(deletion) == [0, 0, 1, 0, 0, 0])
        #expect(Set(try Self.titles(tick).keys) == ["Task 1 from the phone", "Task 2"])
        #expect(try server.items(in: "tasks").count == 2)

        // 5. Quiet again: the ctag alone.
        let (last, lastAsked) = try Self.sync(tick, proxy)
        #expect(Self.counts(last) == [0, 0, 0, 0, 0, 0])
        #expect(Self.onCalendar(lastAsked).count == 1)
    }

    @Test("a server that names sync-collection but refuses the REPORT (403, 405, 501): the sync falls back to getctag and an ETag listing", arguments: [403, 405, 501])
    func refusedSyncCollection(status: Int) throws {
        let (server, proxy, tick) = try Self.setUp(hiding: false, refusing: status)
        let (first, asked) = try Self.sync(tick, proxy)
        #expect(Self.counts(first) == [3, 0, 0, 0, 0, 0])
        #expect(proxy.log.contains { $0.hasPrefix("REPORT /alice/tasks/ -> \(status)") }, "the REPORT was tried: \(proxy.log)")
        #expect(Self.onCalendar(asked).contains { $0.method == "PROPFIND" && $0.depth == "1" })

        try server.put("tasks", "t1.ics", CalDAVServer.vtodo([
            "UID:t1", "DTSTAMP:20261129T090000Z", "LAST-MODIFIED:20261129T090000Z", "SUMMARY:Task 1 from the phone",
        ]))
        tick.ok("add", "From Tick", "--list", "Tasks")
        let (second, _) = try Self.sync(tick, proxy)
        #expect(Self.counts(second) == [0, 1, 0, 1, 0, 0])
        #expect(Set(try Self.titles(tick).keys) == ["Task 1 from the phone", "Task 2", "Task 3", "From Tick"])
        #expect(try server.items(in: "tasks").values.contains { $0.contains("SUMMARY:From Tick") })

        // Tick's own write changed the ctag after it was read: one more listing, which finds
        // nothing to fetch; after that the ctag alone.
        let (after, afterAsked) = try Self.sync(tick, proxy)
        #expect(Self.counts(after) == [0, 0, 0, 0, 0, 0])
        #expect(!Self.onCalendar(afterAsked).contains { $0.body.contains("calendar-multiget") })
        let (quiet, quietAsked) = try Self.sync(tick, proxy)
        #expect(Self.counts(quiet) == [0, 0, 0, 0, 0, 0])
        #expect(!Self.onCalendar(quietAsked).contains { $0.method == "PROPFIND" && $0.depth == "1" },
                "the ctag was unchanged: no listing")
    }
}
