import Foundation
import Testing
import TestSupport

/// Defects of `tick sync` found by trying to break it against a real Radicale, each test
/// named for the defect and asserting what the README and issue 11 promise. They fail
/// until the defect is fixed.
@Suite("tick sync defects", .serialized)
struct SyncDefectTests {
    /// A fresh database with an account "home" on `server` (or `url`).
    static func harness(_ server: CalDAVServer, url: String? = nil) -> CLIHarness {
        let tick = CLIHarness()
        tick.variables["XDG_CONFIG_HOME"] = tick.folder.file("config")
        tick.variables["TICK_SYNC_PASSWORD"] = server.password
        tick.ok(["sync", "add", "home", url ?? server.baseURL, "--user", server.user])
        return tick
    }

    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    static func sync(_ tick: CLIHarness, _ extra: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let result = tick.run(["sync", "--json"] + extra)
        #expect(result.status == 0, "tick sync failed: \(result.errors)", sourceLocation: sourceLocation)
        return try #require((try? json(result.output) as? [[String: Any]])??.first, "\(result.output) \(result.errors)",
                            sourceLocation: sourceLocation)
    }

    static func reminders(_ tick: CLIHarness, _ list: String) throws -> [[String: Any]] {
        let result = tick.run("list", "--list", list, "--completed", "--json")
        guard result.status == 0 else { return [] }
        return try json(result.output) as? [[String: Any]] ?? []
    }

    /// A field of each reminder of `list` by UID, as text (`-` for none).
    static func byUID(_ tick: CLIHarness, _ list: String, _ field: String) throws -> [String: String] {
        var found: [String: String] = [:]
        for row in try reminders(tick, list) { found[row["uid"] as? String ?? ""] = row[field].flatMap { $0 is NSNull ? nil : "\($0)" } ?? "-" }
        return found
    }

    /// Whether a sync's report says it changed nothing on either side.
    static func changedNothing(_ report: [String: Any]) -> Bool {
        (report["lists"] as? [[String: Any]] ?? []).allSatisfy { list in
            ["remoteAdded", "remoteUpdated", "remoteDeleted", "localAdded", "localUpdated", "localDeleted"].allSatisfy { (list[$0] as? Int ?? 0) == 0 }
        }
    }

    /// The UIDs of the items in a collection, by href.
    static func uids(_ server: CalDAVServer, _ calendar: String) throws -> [String] {
        try server.items(in: calendar).values.compactMap { text in
            text.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
        }.sorted()
    }

    @Test("defect: a to-do moved to another calendar on the phone is deleted in Tick, or re-made with a new number")
    func phoneMoveBetweenCalendarsLosesTheReminder() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("alpha", displayName: "Alpha")
        try server.makeCalendar("zulu", displayName: "Zulu")
        let alphaItem = CalDAVServer.vtodo(["UID:move-a", "DTSTAMP:20261128T100000Z", "SUMMARY:Starts in Alpha"])
        let zuluItem = CalDAVServer.vtodo(["UID:move-z", "DTSTAMP:20261128T100000Z", "SUMMARY:Starts in Zulu"])
        try server.put("alpha", "move-a.ics", alphaItem)
        try server.put("zulu", "move-z.ics", zuluItem)
        let tick = SyncDefectTests.harness(server)
        _ = try SyncDefectTests.sync(tick)
        let numberA = try #require(try SyncDefectTests.reminders(tick, "Alpha").first?["number"] as? Int)
        let numberZ = try #require(try SyncDefectTests.reminders(tick, "Zulu").first?["number"] as? Int)

        // The phone moves each to the other calendar, as DAVx5 and python-caldav do: a
        // DELETE in one collection and a PUT of the same UID in the other.
        try server.delete("alpha", "move-a.ics")
        try server.put("zulu", "move-a.ics", alphaItem)
        try server.delete("zulu", "move-z.ics")
        try server.put("alpha", "move-z.ics", zuluItem)
        _ = try SyncDefectTests.sync(tick)
        _ = try SyncDefectTests.sync(tick)

        let alpha = try SyncDefectTests.reminders(tick, "Alpha")
        let zulu = try SyncDefectTests.reminders(tick, "Zulu")
        #expect(zulu.map { $0["uid"] as? String } == ["move-a"], "moved to Zulu on the phone; Tick has Zulu \(zulu), Alpha \(alpha)")
        #expect(alpha.map { $0["uid"] as? String } == ["move-z"], "moved to Alpha on the phone; Tick has Alpha \(alpha)")
        #expect(zulu.first?["number"] as? Int == numberA, "a move, not a deletion and a new reminder")
        #expect(alpha.first?["number"] as? Int == numberZ, "a move, not a deletion and a new reminder")
        #expect(try SyncDefectTests.uids(server, "zulu") == ["move-a"])
        #expect(try SyncDefectTests.uids(server, "alpha") == ["move-z"])
    }

    @Test("defect: a to-do moved to another calendar on the phone is reported as added there (and deleted in the old list)")
    func phoneMoveIsReportedAsMove() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("alpha", displayName: "Alpha")
        try server.makeCalendar("zulu", displayName: "Zulu")
        let item = CalDAVServer.vtodo(["UID:move-r", "DTSTAMP:20261128T100000Z", "SUMMARY:Starts in Alpha"])
        try server.put("alpha", "move-r.ics", item)
        let tick = SyncDefectTests.harness(server)
        _ = try SyncDefectTests.sync(tick)
        try server.delete("alpha", "move-r.ics")
        try server.put("zulu", "move-r.ics", item)

        // A dry run says the same: moved, not deleted in Alpha (whichever list it plans first).
        let dry = tick.run("sync", "--dry-run")
        #expect(dry.output.contains("Zulu: here: 1 moved in from \"Alpha\""), "\(dry.output)")
        #expect(!dry.output.contains("added") && !dry.output.contains("deleted"), "\(dry.output)")
        let result = tick.run("sync")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Zulu: here: 1 moved in from \"Alpha\""), "\(result.output)")
        #expect(!result.output.contains("added") && !result.output.contains("deleted"), "\(result.output)")
        let again = try SyncDefectTests.sync(tick)
        #expect((again["lists"] as? [[String: Any]] ?? []).isEmpty || (again["lists"] as? [[String: Any]] ?? []).allSatisfy {
            ($0["localAdded"] as? Int) == 0 && ($0["localMovedIn"] as? Int) == 0 }, "\(again)")

        // Back to Alpha: the JSON report counts it there, from Zulu, and nothing as added or deleted.
        try server.delete("zulu", "move-r.ics")
        try server.put("alpha", "move-r.ics", item)
        let back = try SyncDefectTests.sync(tick)
        let lists = back["lists"] as? [[String: Any]] ?? []
        let alpha = try #require(lists.first { $0["list"] as? String == "Alpha" }, "\(back)")
        #expect(alpha["localMovedIn"] as? Int == 1 && alpha["movedInFrom"] as? [String] == ["Zulu"], "\(alpha)")
        #expect(lists.allSatisfy { ($0["localAdded"] as? Int) == 0 && ($0["localDeleted"] as? Int) == 0 }, "\(lists)")
        #expect(try SyncDefectTests.reminders(tick, "Alpha").map { $0["uid"] as? String } == ["move-r"])
    }

    /// t80: a sync stopped (`kill -9`, a network failure) after one calendar's sync saved its
    /// token, before the end of the run where deletions are applied: the next sync started past
    /// the phone's deletion, and the to-do stayed in Tick for good.
    @Test("a sync stopped after a calendar's deletions were found, before the end of the run: the next one still deletes them here")
    func stoppedRunKeepsDeletions() throws {
        // Radicale: it orders calendars by Apple's calendar-order, which this test needs (Xandikos does not keep it).
        let server = try CalDAVServer(.radicale)
        let proxy = try FaultProxy(target: server.baseURL)
        // Alpha, with the deletion, is synced first (Apple's calendar-order); Zulu's REPORT fails.
        try server.makeCalendars(inOrder: ["alpha", "zulu"])
        for index in 1...3 {
            try server.put("alpha", "a\(index).ics", CalDAVServer.vtodo(["UID:a\(index)", "DTSTAMP:20261128T100000Z", "SUMMARY:Alpha \(index)"]))
        }
        try server.put("zulu", "z1.ics", CalDAVServer.vtodo(["UID:z1", "DTSTAMP:20261128T100000Z", "SUMMARY:Zulu 1"]))
        let tick = SyncDefectTests.harness(server, url: proxy.baseURL + server.user + "/")
        _ = try SyncDefectTests.sync(tick)
        #expect(try SyncDefectTests.reminders(tick, "Alpha").count == 3)
        try server.delete("alpha", "a2.ics")
        try server.put("zulu", "z1.ics", CalDAVServer.vtodo(["UID:z1", "DTSTAMP:20261129T100000Z", "SUMMARY:Zulu 1 edited"]))
        try proxy.set([.init("REPORT", path: "zulu", fault: "empty-reply", times: 20)])
        let stopped = tick.run("sync")
        #expect(stopped.status != 0, "\(stopped.output)")
        #expect(proxy.log.firstIndex { $0.contains("REPORT") && $0.contains("alpha") } ?? .max
                < proxy.log.firstIndex { $0.contains("REPORT") && $0.contains("zulu") } ?? -1, "\(proxy.log)")
        try proxy.set([])
        _ = try SyncDefectTests.sync(tick)
        #expect(try SyncDefectTests.reminders(tick, "Alpha").compactMap { $0["uid"] as? String }.sorted() == ["a1", "a3"])
        #expect(try SyncDefectTests.reminders(tick, "Zulu").first?["title"] as? String == "Zulu 1 edited")
    }

    /// t80: the check after Tick's own writes synced a calendar again under the list's name
    /// from before the run, which the run had just renamed from the server: "there is no list
    /// named …", exit 1.
    @Test("a calendar renamed on the server, and one of Tick's writes there edited by a phone at once: one sync, the edit taken into the renamed list")
    func renamedListSyncedAgain() throws {
        let server = try CalDAVServer(.radicale)
        let proxy = try FaultProxy(target: server.baseURL)
        try server.makeCalendar("errands", displayName: "Errands")
        let tick = SyncDefectTests.harness(server, url: proxy.baseURL + server.user + "/")
        _ = try SyncDefectTests.sync(tick)
        let body = "<?xml version=\"1.0\" encoding=\"utf-8\"?><D:propertyupdate xmlns:D=\"DAV:\">"
            + "<D:set><D:prop><D:displayname>Chores</D:displayname></D:prop></D:set></D:propertyupdate>"
        #expect(try server.request("PROPPATCH", server.homeURL + "errands/", body: body).status == 207)
        tick.ok("add", "Sweep", "--list", "Errands")
        try proxy.set([.init("PUT", path: "errands", fault: "edit-after")])
        let report = try SyncDefectTests.sync(tick)
        #expect((report["conflicts"] as? [[String: Any]] ?? []).isEmpty, "\(report)")
        #expect(try SyncDefectTests.reminders(tick, "Chores").map { $0["title"] as? String } == ["(phone) Sweep"])
        let quiet = try SyncDefectTests.sync(tick)
        #expect((quiet["lists"] as? [[String: Any]] ?? []).allSatisfy { ($0["localUpdated"] as? Int ?? 0) + ($0["remoteUpdated"] as? Int ?? 0) == 0 },
                "\(quiet)")
    }

    /// t80: the old copy of a reminder moved in Tick, edited by a phone after Tick read it and
    /// before Tick deleted it (the DELETE's If-Match failed): taken back into the old list as
    /// if the move were a deletion, its new copy left too, one UID in two calendars.
    @Test("moved in Tick, its old copy edited by a phone just before Tick deletes it: the edit follows it to its new list, one copy on the server")
    func moveMeetsEditOfOldCopy() throws {
        let server = try CalDAVServer(.radicale)
        let proxy = try FaultProxy(target: server.baseURL)
        try server.makeCalendar("work", displayName: "Work")
        try server.makeCalendar("home", displayName: "Home")
        let tick = SyncDefectTests.harness(server, url: proxy.baseURL + server.user + "/")
        _ = try SyncDefectTests.sync(tick)
        tick.ok("add", "Milk", "--list", "Work")
        _ = try SyncDefectTests.sync(tick)
        tick.ok("edit", "1", "--list", "Home")
        try proxy.set([.init("DELETE", path: "work", fault: "edit-before")])
        let report = try SyncDefectTests.sync(tick)
        #expect(proxy.log.contains { $0.hasPrefix("DELETE") && $0.contains("412") }, "\(proxy.log)")
        #expect(try SyncDefectTests.reminders(tick, "Home").map { $0["title"] as? String } == ["(phone) Milk"], "\(report)")
        #expect(try SyncDefectTests.reminders(tick, "Work").isEmpty)
        #expect(try server.items(in: "work").isEmpty)
        #expect(try server.items(in: "home").values.map { $0.contains("SUMMARY:(phone) Milk") } == [true])
        _ = try SyncDefectTests.sync(tick)
        #expect(try server.items(in: "work").isEmpty && server.items(in: "home").count == 1)
    }

    /// t82: a move in Tick whose write to the new calendar was stored while its answer was lost
    /// and the sync was killed left the UID in both calendars, and the devices apart for good:
    /// at the next sync the new calendar, synced first, confirmed the write and forgot the old
    /// copy's state, and the old copy was then left as another calendar's duplicate. Here the
    /// lost answer stops the sync (as the kill did); on Radicale the new calendar comes first
    /// (Apple's calendar-order), which the failure needs.
    @Test("a move whose new copy was stored but its answer lost: the next sync finishes it, one copy on the server",
          arguments: [(CalDAVServer.Kind.radicale, "drop-after"), (.radicale, "500-after"), (.xandikos, "drop-after")])
    func moveWithLostAnswer(kind: CalDAVServer.Kind, fault: String) throws {
        let server = try CalDAVServer(kind)
        let proxy = try kind == .xandikos ? FaultProxy(target: server.baseURL, user: server.user, password: server.password)
                                          : FaultProxy(target: server.baseURL)
        try server.makeCalendar("work", displayName: "Work")
        try server.makeCalendar("home", displayName: "Home")
        if kind == .radicale {
            try server.setOrder(of: "home", to: 1)
            try server.setOrder(of: "work", to: 2)
        }
        let tick = SyncDefectTests.harness(server, url: proxy.baseURL + (kind == .xandikos ? "" : server.user + "/"))
        _ = try SyncDefectTests.sync(tick)
        tick.ok("add", "Milk", "--list", "Work")
        _ = try SyncDefectTests.sync(tick)
        tick.ok("edit", "1", "--list", "Home")
        try proxy.set([.init("PUT", path: "home", fault: fault, times: 1)])
        _ = tick.run("sync")
        try proxy.set([])
        let report = try SyncDefectTests.sync(tick)
        _ = try SyncDefectTests.sync(tick)
        #expect(try server.items(in: "work").isEmpty, "\(report)")
        #expect(try server.items(in: "home").count == 1)
        #expect(try SyncDefectTests.reminders(tick, "Home").map { $0["title"] as? String } == ["Milk"])
        let other = SyncDefectTests.harness(server)
        _ = try SyncDefectTests.sync(other)
        #expect(try SyncDefectTests.reminders(other, "Home").map { $0["title"] as? String } == ["Milk"])
        #expect(try SyncDefectTests.reminders(other, "Work").isEmpty)
    }

    /// t76: three of four to-dos moved on the phone from a calendar synced first to one synced
    /// after it stopped the whole sync: "would delete 3 of 4 reminders in Tick".
    @Test("to-dos another client moved out of a list synced first are moves, not deletions for the guard")
    func movedOutOfAnEarlierListIsNoDeletion() throws {
        let server = try CalDAVServer(.radicale)
        // Alpha, the list they leave, is synced first (Apple's calendar-order).
        try server.makeCalendars(inOrder: ["alpha", "zulu"])
        var texts: [String: String] = [:]
        for index in 1...4 {
            let text = CalDAVServer.vtodo(["UID:m\(index)", "DTSTAMP:20261128T100000Z", "SUMMARY:Moving \(index)"])
            texts["m\(index)"] = text
            try server.put("alpha", "m\(index).ics", text)
        }
        let tick = SyncDefectTests.harness(server)
        _ = try SyncDefectTests.sync(tick)
        let rows = try SyncDefectTests.reminders(tick, "Alpha")
        #expect(rows.count == 4)
        let numbers = ["m1", "m2", "m3"].compactMap { uid in rows.first { $0["uid"] as? String == uid }?["number"] as? Int }.sorted()
        // The phone moves three: a new item in Zulu, the old one deleted from Alpha.
        for index in 1...3 {
            try server.put("zulu", "m\(index).ics", try #require(texts["m\(index)"]))
            try server.request("DELETE", server.homeURL + "alpha/m\(index).ics")
        }
        let result = tick.run("sync", "--json")
        #expect(result.status == 0, "\(result.errors)")
        let report = try #require((try? SyncDefectTests.json(result.output) as? [[String: Any]])??.first, "\(result.output)")
        let lists = report["lists"] as? [[String: Any]] ?? []
        let zulu = try #require(lists.first { $0["list"] as? String == "Zulu" }, "\(report)")
        #expect(zulu["localMovedIn"] as? Int == 3, "\(zulu)")
        #expect(lists.allSatisfy { ($0["localDeleted"] as? Int) == 0 }, "\(lists)")
        let moved = try SyncDefectTests.reminders(tick, "Zulu").compactMap { $0["number"] as? Int }.sorted()
        #expect(moved == numbers, "the same reminders, same numbers")
    }

    /// t76: a synced list deleted in Tick came back made anew from its calendar: every reminder a
    /// "deleted here, changed on the server" conflict, under a new number, and the deletion's
    /// undo could no longer pass (its names and UIDs were taken).
    @Test("a synced list deleted in Tick comes back as it was while its calendar is on the server: numbers kept, no conflicts")
    func deletedSyncedListComesBackAsItWas() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("job", displayName: "Job")
        for index in 1...4 {
            try server.put("job", "j\(index).ics", CalDAVServer.vtodo(["UID:j\(index)", "DTSTAMP:20261128T100000Z", "SUMMARY:Job \(index)"]))
        }
        let tick = SyncDefectTests.harness(server)
        _ = try SyncDefectTests.sync(tick)
        func numbers() throws -> [String: String] { try SyncDefectTests.byUID(tick, "Job", "number") }
        let before = try numbers()
        #expect(before.count == 4)
        tick.ok("lists", "delete", "Job", "--force")
        let back = try SyncDefectTests.sync(tick)
        #expect((back["conflicts"] as? [[String: Any]] ?? []).isEmpty, "\(back)")
        #expect((back["warnings"] as? [String] ?? []).contains { $0.hasPrefix("Job was deleted in Tick, but its calendar is still on the server") },
                "\(back)")
        #expect(try numbers() == before)
        let quiet = try SyncDefectTests.sync(tick)
        #expect(SyncDefectTests.changedNothing(quiet), "\(quiet)")
        #expect(try SyncDefectTests.uids(server, "job") == ["j1", "j2", "j3", "j4"])
    }

    @Test("defect: a to-do completed on both sides is reported as a conflict over COMPLETED")
    func completedOnBothSidesIsNoConflict() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("tasks", displayName: "Tasks")
        try server.put("tasks", "both.ics", CalDAVServer.vtodo([
            "UID:both", "DTSTAMP:20261128T100000Z", "LAST-MODIFIED:20261128T100000Z", "SUMMARY:Both",
        ]))
        let tick = SyncDefectTests.harness(server)
        _ = try SyncDefectTests.sync(tick)
        let number = try #require(try SyncDefectTests.reminders(tick, "Tasks").first?["number"] as? Int)
        tick.ok("done", "\(number)")
        try server.put("tasks", "both.ics", CalDAVServer.vtodo([
            "UID:both", "DTSTAMP:20261129T090000Z", "LAST-MODIFIED:20261129T090000Z", "SUMMARY:Both",
            "STATUS:COMPLETED", "COMPLETED:20261129T090000Z", "PERCENT-COMPLETE:100",
        ]))
        let report = try SyncDefectTests.sync(tick)
        #expect((report["conflicts"] as? [[String: Any]] ?? []).isEmpty, "completed on both sides: \(report)")
        let shown = try #require(try SyncDefectTests.reminders(tick, "Tasks").first)
        #expect(shown["completed"] as? Bool == true, "\(shown)")

        // Completed on one side, reopened on the other is a conflict still.
        tick.ok("undone", "\(number)")
        try server.put("tasks", "both.ics", CalDAVServer.vtodo([
            "UID:both", "DTSTAMP:20261130T090000Z", "LAST-MODIFIED:20261130T090000Z", "SUMMARY:Both renamed",
            "STATUS:COMPLETED", "COMPLETED:20261130T090000Z", "PERCENT-COMPLETE:100",
        ]))
        let other = try SyncDefectTests.sync(tick)
        #expect(!(other["conflicts"] as? [[String: Any]] ?? []).isEmpty, "\(other)")
    }

    @Test("defect: a reminder moved to another list in Tick while the phone edits it in the old calendar goes back, the move lost")
    func tickMoveWithPhoneEditIsUndone() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("alpha", displayName: "Alpha")
        try server.makeCalendar("zulu", displayName: "Zulu")
        try server.put("alpha", "m.ics", CalDAVServer.vtodo([
            "UID:m", "DTSTAMP:20261128T100000Z", "LAST-MODIFIED:20261128T100000Z", "SUMMARY:Move me",
        ]))
        let tick = SyncDefectTests.harness(server)
        _ = try SyncDefectTests.sync(tick)
        let number = try #require(try SyncDefectTests.reminders(tick, "Alpha").first?["number"] as? Int)
        tick.ok("edit", "\(number)", "--list", "Zulu")
        try server.put("alpha", "m.ics", CalDAVServer.vtodo([
            "UID:m", "DTSTAMP:20261129T090000Z", "LAST-MODIFIED:20261129T090000Z", "SUMMARY:Move me", "PRIORITY:1",
        ]))
        let report = try SyncDefectTests.sync(tick)
        _ = try SyncDefectTests.sync(tick)

        let zulu = try SyncDefectTests.reminders(tick, "Zulu")
        let alpha = try SyncDefectTests.reminders(tick, "Alpha")
        #expect(zulu.map { $0["number"] as? Int } == [number], "Tick's move to Zulu is kept; Alpha has \(alpha)")
        #expect(zulu.first?["priority"] as? String == "high", "and the phone's edit too")
        #expect(try SyncDefectTests.uids(server, "alpha").isEmpty)
        #expect(try SyncDefectTests.uids(server, "zulu") == ["m"])
        let conflicts = report["conflicts"] as? [[String: Any]] ?? []
        #expect(!conflicts.contains { $0["property"] as? String == "deleted" }, "nothing was deleted: \(conflicts)")
    }

    /// Found by a tester: with an older copy of a reminder's UID in another calendar (which Tick
    /// leaves alone, saying so), moving the reminder in Tick made the sync take that copy for
    /// another client's move, merge it as an edit (its old title, notes and completion over
    /// Tick's newer ones, on every device), and delete it.
    @Test("a reminder moved in Tick while the server holds an older copy of its UID in another calendar keeps Tick's values; the copy is left")
    func tickMoveWithStaleCopyElsewhere() throws {
        let server = try CalDAVServer(.radicale)
        for (name, display) in [("work", "Work"), ("home", "Home"), ("third", "Third")] {
            try server.makeCalendar(name, displayName: display)
        }
        let stale = CalDAVServer.vtodo(["UID:r", "DTSTAMP:20261128T100000Z", "LAST-MODIFIED:20261128T100000Z", "SUMMARY:Old title",
                                        "DESCRIPTION:old notes"])
        try server.put("work", "r.ics", stale)
        let tick = SyncDefectTests.harness(server)
        _ = try SyncDefectTests.sync(tick)
        try server.put("home", "r.ics", stale)
        let number = try #require(try SyncDefectTests.reminders(tick, "Work").first?["number"] as? Int)
        tick.ok("edit", "\(number)", "--title", "New title", "--notes", "new notes")
        tick.ok("done", "\(number)")
        let edited = try SyncDefectTests.sync(tick)
        #expect("\(edited["warnings"] ?? "")".contains("leaves this one on the server"), "\(edited)")
        tick.ok("edit", "\(number)", "--list", "Third")
        let moved = try SyncDefectTests.sync(tick)
        _ = try SyncDefectTests.sync(tick)
        let third = try SyncDefectTests.reminders(tick, "Third")
        #expect(third.map { $0["title"] as? String } == ["New title"], "\(moved)")
        #expect(third.first?["notes"] as? String == "new notes" && third.first?["completed"] as? Bool == true, "\(third)")
        #expect(try SyncDefectTests.uids(server, "third") == ["r"] && SyncDefectTests.uids(server, "work").isEmpty)
        #expect(try server.items(in: "third").values.first?.contains("SUMMARY:New title") == true)
        #expect(try server.items(in: "home").values.first?.contains("SUMMARY:Old title") == true, "the other copy is left as it was")
        #expect(!((moved["conflicts"] as? [[String: Any]] ?? []).contains { $0["property"] as? String == "list" }), "no move to Home: \(moved)")
    }

    /// Found by a tester: the other device, reading the calendar with the stale copy before the
    /// one the reminder was moved to, took the stale copy for the move (its old title, notes and
    /// completion), and kept it.
    @Test("a reminder moved by another device while an older copy of its UID lies in a calendar read first: the move is taken, the copy left")
    func otherDevicesMoveWithStaleCopyReadFirst() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendars(inOrder: ["work", "home", "third"])
        let stale = CalDAVServer.vtodo(["UID:r", "DTSTAMP:20261128T100000Z", "LAST-MODIFIED:20261128T100000Z", "SUMMARY:Old title"])
        try server.put("work", "r.ics", stale)
        let mover = SyncDefectTests.harness(server), other = SyncDefectTests.harness(server)
        _ = try SyncDefectTests.sync(mover)
        _ = try SyncDefectTests.sync(other)
        try server.put("home", "r.ics", stale)
        let number = try #require(try SyncDefectTests.reminders(mover, "Work").first?["number"] as? Int)
        mover.ok("edit", "\(number)", "--title", "New title")
        mover.ok("done", "\(number)")
        _ = try SyncDefectTests.sync(mover)
        _ = try SyncDefectTests.sync(other)
        mover.ok("edit", "\(number)", "--list", "Third")
        _ = try SyncDefectTests.sync(mover)
        let report = try SyncDefectTests.sync(other)
        _ = try SyncDefectTests.sync(other)
        for tick in [mover, other] {
            let third = try SyncDefectTests.reminders(tick, "Third")
            #expect(third.map { $0["title"] as? String } == ["New title"] && third.first?["completed"] as? Bool == true, "\(third) \(report)")
            #expect(try SyncDefectTests.reminders(tick, "Home").isEmpty)
        }
        #expect(try server.items(in: "home").values.first?.contains("SUMMARY:Old title") == true, "the older copy is left as it was")
    }

    /// Found by a tester: a device that first met a UID in two calendars kept the copy of the
    /// calendar the server lists first, a stale one, while another device had the newer: the
    /// two stayed apart for good.
    @Test("a to-do new to Tick found in two calendars in one sync: the newer copy is kept, whichever calendar is listed first")
    func firstSyncKeepsTheNewerOfTwoCopies() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendars(inOrder: ["third", "work"])
        try server.put("work", "r.ics", CalDAVServer.vtodo([
            "UID:r", "DTSTAMP:20261128T100000Z", "LAST-MODIFIED:20261128T100000Z", "SUMMARY:Newer title",
        ]))
        try server.put("third", "r.ics", CalDAVServer.vtodo([
            "UID:r", "DTSTAMP:20200101T000000Z", "LAST-MODIFIED:20200101T000000Z", "SUMMARY:Stale title",
        ]))
        let tick = SyncDefectTests.harness(server)
        let first = try SyncDefectTests.sync(tick)
        #expect(try SyncDefectTests.reminders(tick, "Work").map { $0["title"] as? String } == ["Newer title"], "\(first)")
        #expect(try SyncDefectTests.reminders(tick, "Third").isEmpty)
        let again = try SyncDefectTests.sync(tick)
        #expect("\(again["warnings"] ?? "")".contains("leaves this one on the server"), "the stale copy is a duplicate from then on: \(again)")
        #expect(try SyncDefectTests.reminders(tick, "Work").map { $0["title"] as? String } == ["Newer title"])
        #expect(try server.items(in: "third").values.first?.contains("SUMMARY:Stale title") == true)
        #expect(try server.items(in: "work").values.first?.contains("SUMMARY:Newer title") == true)
    }

    /// Found by a tester (`kill -9`): the old copy, edited by the phone, was deleted as soon as
    /// its edit was merged, and the new copy sent only at the run's end; a sync stopped between
    /// left the server holding the reminder nowhere, and another device's edit then put it back
    /// in the old list, the move lost. Here the new copy's PUT fails instead of a kill.
    @Test("a reminder moved in Tick whose old copy the phone edited: the old copy goes only once the new one is stored")
    func tickMoveWithPhoneEditNeverLeavesTheServerEmpty() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("home", displayName: "Home")
        try server.makeCalendar("work", displayName: "Work")
        try server.put("home", "r.ics", CalDAVServer.vtodo([
            "UID:r", "DTSTAMP:20261128T100000Z", "LAST-MODIFIED:20261128T100000Z", "SUMMARY:Move me",
        ]))
        let proxy = try FaultProxy(target: server.baseURL)
        let tick = SyncDefectTests.harness(server, url: proxy.baseURL + server.user + "/")
        _ = try SyncDefectTests.sync(tick)
        let number = try #require(try SyncDefectTests.reminders(tick, "Home").first?["number"] as? Int)
        tick.ok("edit", "\(number)", "--list", "Work")
        try server.put("home", "r.ics", CalDAVServer.vtodo([
            "UID:r", "DTSTAMP:20261129T090000Z", "LAST-MODIFIED:20261129T090000Z", "SUMMARY:Moved on the phone",
        ]))
        try proxy.set([.init("PUT", path: "work", fault: "empty-reply", times: 50)])
        let stopped = tick.run("sync")
        #expect(try SyncDefectTests.uids(server, "home") + SyncDefectTests.uids(server, "work") == ["r"],
                "the server holds it where it was until the new copy is stored: \(stopped.output) \(stopped.errors)")
        try proxy.set([])
        let report = try SyncDefectTests.sync(tick)
        #expect(try SyncDefectTests.uids(server, "home").isEmpty && SyncDefectTests.uids(server, "work") == ["r"], "\(report)")
        #expect(try SyncDefectTests.reminders(tick, "Work").map { $0["title"] as? String } == ["Moved on the phone"])
        #expect(try SyncDefectTests.reminders(tick, "Home").isEmpty)
        #expect(try server.items(in: "work").values.first?.contains("SUMMARY:Moved on the phone") == true)
    }

    /// Found by a tester: with the new calendar synced before the old one in the run, the copy
    /// PUT there was Tick's from before the phone's edit was merged; it reached the server at
    /// the next sync. Both orders: the new calendar holds the merged copy after one sync.
    @Test("a reminder moved in Tick while the phone edits it: its new calendar holds the merged copy after one sync",
          arguments: [("alpha", "Zulu"), ("zulu", "Alpha")])
    func tickMoveWithPhoneEditArrivesMerged(_ from: String, _ toList: String) throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("alpha", displayName: "Alpha")
        try server.makeCalendar("zulu", displayName: "Zulu")
        try server.put(from, "m.ics", CalDAVServer.vtodo([
            "UID:m", "DTSTAMP:20261128T100000Z", "LAST-MODIFIED:20261128T100000Z", "SUMMARY:Move me",
        ]))
        let tick = SyncDefectTests.harness(server)
        _ = try SyncDefectTests.sync(tick)
        let fromList = toList == "Zulu" ? "Alpha" : "Zulu"
        let number = try #require(try SyncDefectTests.reminders(tick, fromList).first?["number"] as? Int)
        tick.ok("edit", "\(number)", "--list", toList)
        try server.put(from, "m.ics", CalDAVServer.vtodo([
            "UID:m", "DTSTAMP:20261129T090000Z", "LAST-MODIFIED:20261129T090000Z", "SUMMARY:Move me", "PRIORITY:1",
        ]))
        _ = try SyncDefectTests.sync(tick)
        let to = toList.lowercased()
        let copies = try server.items(in: to).values
        #expect(copies.count == 1 && copies.allSatisfy { $0.contains("PRIORITY:1\r\n") }, "\(copies)")
        #expect(try SyncDefectTests.uids(server, from).isEmpty)
        #expect(try SyncDefectTests.reminders(tick, toList).first?["priority"] as? String == "high")
    }

    @Test("defect: a password in a hand-edited account URL is stored in the database and shown by sync status")
    func passwordInEditedURLIsStored() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("tasks", displayName: "Tasks")
        let tick = CLIHarness()
        tick.variables["XDG_CONFIG_HOME"] = tick.folder.file("config")
        // The README: "you may edit it by hand". `sync add` refuses a user in the URL; an
        // edited file is not checked.
        try FileManager.default.createDirectory(atPath: tick.folder.file("config/tick"), withIntermediateDirectories: true)
        let url = server.baseURL.replacingOccurrences(of: "http://", with: "http://alice:secret@")
        try "{\"accounts\": [{\"name\": \"home\", \"url\": \"\(url)\"}]}\n"
            .write(toFile: tick.folder.file("config/tick/sync.json"), atomically: true, encoding: .utf8)
        let synced = tick.run("sync")
        #expect(!synced.errors.contains("secret") && !synced.output.contains("secret"), "\(synced.errors)")
        let status = tick.run("sync", "status", "--json")
        #expect(!status.output.contains("alice:secret"), "\(status.output)")
        for file in [tick.databasePath, tick.databasePath + "-wal"] {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            #expect(data.range(of: Data("alice:secret".utf8)) == nil, "the password is in \((file as NSString).lastPathComponent)")
        }
    }

    @Test("defect: a reminder deleted in Tick from a read-only calendar makes every later sync of the account fail")
    func deletionInReadOnlyCalendarBlocksTheAccount() throws {
        let server = try CalDAVServer(.radicale, rights: CalDAVServer.rights(own: "[^/]+"))
        try server.seed("bob/shared", displayName: "Bob's list", items: [
            "b1.ics": CalDAVServer.vtodo(["UID:bob-1", "DTSTAMP:20261128T100000Z", "SUMMARY:Bob's task"]),
        ])
        let tick = SyncDefectTests.harness(server, url: server.baseURL + "bob/shared/")
        _ = try SyncDefectTests.sync(tick)
        let number = try #require(try SyncDefectTests.reminders(tick, "Bob's list").first?["number"] as? Int)
        tick.ok("delete", "\(number)")
        let first = tick.run("sync")
        #expect(first.status == 0, "\(first.errors)")
        // Bob adds a task: it must still reach Tick.
        try server.seed("bob/shared", displayName: "Bob's list", items: [
            "b2.ics": CalDAVServer.vtodo(["UID:bob-2", "DTSTAMP:20261129T100000Z", "SUMMARY:Bob's second task"]),
        ])
        let second = tick.run("sync")
        #expect(second.status == 0, "\(second.errors)")
        #expect(try SyncDefectTests.reminders(tick, "Bob's list").contains { $0["uid"] as? String == "bob-2" })
    }

    @Test("defect: a server that refuses MKCALENDAR stops the whole account; no list is synced")
    func refusedMakeCalendarStopsTheAccount() throws {
        // alice may write in alice/tasks only: a new calendar is refused (403), as on
        // servers whose calendars are made by an administrator.
        let server = try CalDAVServer(.radicale, rights: CalDAVServer.rights(own: "tasks"))
        try server.seed("alice/tasks", displayName: "Tasks", items: [
            "t1.ics": CalDAVServer.vtodo(["UID:t1", "DTSTAMP:20261128T100000Z", "SUMMARY:From the server"]),
        ])
        let tick = SyncDefectTests.harness(server)
        // A fresh database has the list "Reminders", not on the server.
        let result = tick.run("sync", "--json")
        #expect(result.status == 0, "\(result.errors)")
        #expect(try SyncDefectTests.reminders(tick, "Tasks").map { $0["uid"] as? String } == ["t1"],
                "the calendar that is there is synced; the refusal of the other is a warning")
    }

    @Test("defect: a reminder whose UID holds a slash is never uploaded (its href has %2F, which Radicale refuses)")
    func uidWithSlashIsNeverUploaded() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("tasks", displayName: "Tasks")
        let tick = SyncDefectTests.harness(server)
        _ = try SyncDefectTests.sync(tick)
        tick.files["team.ics"] = Data(CalDAVServer.vtodo(["UID:team/2026 100%", "DTSTAMP:20261128T100000Z", "SUMMARY:Slash UID"]).utf8)
        tick.ok("import", "team.ics", "--list", "Tasks")
        let report = try SyncDefectTests.sync(tick)
        #expect((report["warnings"] as? [Any])?.isEmpty == true, "\(report["warnings"] ?? "")")
        #expect(try SyncDefectTests.uids(server, "tasks") == ["team/2026 100%"])
    }

    @Test("defect: a list whose calendar was deleted on the server silently stops syncing ('nothing to do')")
    func calendarDeletedOnServerIsSilent() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("tasks", displayName: "Tasks")
        let tick = SyncDefectTests.harness(server, url: server.baseURL)
        _ = try SyncDefectTests.sync(tick)
        try server.request("DELETE", server.homeURL + "tasks/")
        tick.ok("add", "Goes nowhere", "--list", "Tasks")
        let report = try SyncDefectTests.sync(tick)
        let warnings = report["warnings"] as? [String] ?? []
        let onServer = try server.request("PROPFIND", server.homeURL, headers: ["Depth": "1"]).body.contains("Tasks")
        #expect(warnings.contains { $0.contains("Tasks") } || onServer,
                "the reminder reaches no server and the sync says nothing: \(report)")
    }

    @Test("RELATED-TO;RELTYPE=CHILD on the parent (jtx Board) makes the child a subtask, whichever arrives first")
    func childRelationIsRead() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("tasks", displayName: "Tasks")
        try server.put("tasks", "parent.ics", CalDAVServer.vtodo([
            "UID:parent-c", "DTSTAMP:20261128T100000Z", "SUMMARY:Parent", "RELATED-TO;RELTYPE=CHILD:child-c",
            "RELATED-TO;RELTYPE=CHILD:child-later",
        ]))
        try server.put("tasks", "child.ics", CalDAVServer.vtodo(["UID:child-c", "DTSTAMP:20261128T100000Z", "SUMMARY:Child"]))
        try server.put("tasks", "own.ics", CalDAVServer.vtodo(["UID:own-parent", "DTSTAMP:20261128T100000Z", "SUMMARY:Other"]))
        let tick = SyncDefectTests.harness(server)
        _ = try SyncDefectTests.sync(tick)
        func number(_ uid: String) throws -> Int {
            try #require(try SyncDefectTests.reminders(tick, "Tasks").first { $0["uid"] as? String == uid }?["number"] as? Int)
        }
        func subtasks(of uid: String) throws -> [Int] {
            let shown = try SyncDefectTests.json(tick.ok("show", "\(try number(uid))", "--json")) as? [String: Any]
            return (shown?["subtasks"] as? [Int] ?? []).sorted()
        }
        #expect(try subtasks(of: "parent-c") == [try number("child-c")])

        // A child that comes after its parent (another sync) is read as its subtask too; a
        // child that names a parent of its own keeps it.
        try server.put("tasks", "later.ics", CalDAVServer.vtodo(["UID:child-later", "DTSTAMP:20261128T100000Z", "SUMMARY:Later"]))
        _ = try SyncDefectTests.sync(tick)
        #expect(try subtasks(of: "parent-c") == [try number("child-c"), try number("child-later")].sorted())
        try server.put("tasks", "parent.ics", CalDAVServer.vtodo([
            "UID:parent-c", "DTSTAMP:20261128T110000Z", "SUMMARY:Parent", "RELATED-TO;RELTYPE=CHILD:child-c",
            "RELATED-TO;RELTYPE=CHILD:child-later", "RELATED-TO;RELTYPE=CHILD:mine",
        ]))
        try server.put("tasks", "mine.ics", CalDAVServer.vtodo([
            "UID:mine", "DTSTAMP:20261128T100000Z", "SUMMARY:Mine", "RELATED-TO;RELTYPE=PARENT:own-parent",
        ]))
        _ = try SyncDefectTests.sync(tick)
        #expect(try subtasks(of: "own-parent") == [try number("mine")])
        #expect(try subtasks(of: "parent-c").count == 2)
        // Nothing is left to send or take: the child's new parent is no change for the next sync.
        let quiet = try SyncDefectTests.sync(tick)
        #expect(SyncDefectTests.changedNothing(quiet), "\(quiet)")
    }

    /// t73: the parent's CHILD line stayed on the server after `tick edit --no-parent`, so a
    /// fresh Tick saw the subtask there again, and the phone's next edit of the parent gave it
    /// back here too.
    @Test("a subtask taken from a parent that names it as a child (RELTYPE=CHILD) stays taken, here and on the server")
    func childRelationForgottenWhenTakenOut() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("tasks", displayName: "Tasks")
        try server.put("tasks", "xp.ics", CalDAVServer.vtodo([
            "UID:xp", "DTSTAMP:20261128T100000Z", "SUMMARY:X parent", "RELATED-TO;RELTYPE=CHILD:xc1",
            "RELATED-TO;RELTYPE=CHILD:xc2", "X-KEPT:yes",
        ]))
        try server.put("tasks", "xc1.ics", CalDAVServer.vtodo(["UID:xc1", "DTSTAMP:20261128T100000Z", "SUMMARY:X child 1"]))
        try server.put("tasks", "xc2.ics", CalDAVServer.vtodo(["UID:xc2", "DTSTAMP:20261128T100000Z", "SUMMARY:X child 2"]))
        let tick = SyncDefectTests.harness(server)
        _ = try SyncDefectTests.sync(tick)
        func parents(_ harness: CLIHarness) throws -> [String: String] { try SyncDefectTests.byUID(harness, "Tasks", "parentUID") }
        #expect(try parents(tick) == ["xp": "-", "xc1": "xp", "xc2": "xp"])
        let child = try #require(try SyncDefectTests.reminders(tick, "Tasks").first { $0["uid"] as? String == "xc1" }?["number"] as? Int)
        tick.ok("edit", "\(child)", "--no-parent")
        _ = try SyncDefectTests.sync(tick)
        let parentText = try #require(try server.items(in: "tasks").first { $0.key.hasSuffix("xp.ics") }?.value)
        #expect(!parentText.contains("CHILD:xc1"), "\(parentText)")
        #expect(parentText.contains("RELATED-TO;RELTYPE=CHILD:xc2") && parentText.contains("X-KEPT:yes"), "\(parentText)")
        // A second Tick reads it so; the phone's next edit of the parent leaves it so here.
        let fresh = SyncDefectTests.harness(server)
        _ = try SyncDefectTests.sync(fresh)
        #expect(try parents(fresh) == ["xp": "-", "xc1": "-", "xc2": "xp"])
        try server.put("tasks", "xp.ics", parentText.replacingOccurrences(of: "SUMMARY:X parent", with: "SUMMARY:X parent renamed"))
        _ = try SyncDefectTests.sync(tick)
        #expect(try parents(tick) == ["xp": "-", "xc1": "-", "xc2": "xp"])
    }
}

