import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `tick sync` as separate processes against a real Radicale: killed with SIGKILL at
/// random points and run again, and two at once on one database.
@Suite("tick sync killed and run twice at once", .serialized)
struct SyncKillTests {
    static func setUp(_ server: CalDAVServer, collection: String) throws -> (BinaryRunner, TemporaryFolder) {
        let folder = TemporaryFolder()
        var tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        tick.environment["XDG_CONFIG_HOME"] = folder.file("config")
        tick.environment["TICK_SYNC_PASSWORD"] = server.password
        tick.environment["TICK_SYNC_TIMEOUT"] = "120"
        let added = try tick.run("sync", "add", "home", server.homeURL + collection + "/", "--user", server.user)
        #expect(added.status == 0, "\(added.errors)")
        return (tick, folder)
    }

    static func json(_ text: String) -> Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// How many items of the account the database holds as synced (`sync status --json`).
    static func syncedCount(_ tick: BinaryRunner) -> Int {
        guard let result = try? tick.run("sync", "status", "--json"), result.status == 0,
              let accounts = json(result.output) as? [[String: Any]] else { return 0 }
        return (accounts.first?["synced"] as? [[String: Any]] ?? []).reduce(0) { $0 + ($1["reminders"] as? Int ?? 0) }
    }

    /// Runs `tick sync` four times and kills each with SIGKILL: the first after a random
    /// delay in `firstDelay` (microseconds), the others once a random number in `step` more
    /// items are synced than before the round (at most `cap`), polling every `poll`
    /// microseconds. Returns what each round saw.
    static func killSyncs(_ tick: BinaryRunner, firstDelay: ClosedRange<UInt32>, step: ClosedRange<Int>, cap: Int,
                          poll: UInt32) throws -> [String] {
        var generator = SystemRandomNumberGenerator()
        var kills: [String] = []
        for round in 0..<4 {
            let before = syncedCount(tick)
            let (process, _, _) = try tick.start(["sync"])
            if round == 0 {
                usleep(UInt32.random(in: firstDelay, using: &generator))
            } else {
                let target = min(cap, before + Int.random(in: step, using: &generator))
                let deadline = Date().addingTimeInterval(40)
                while process.isRunning, Date() < deadline, syncedCount(tick) < target {
                    usleep(poll)
                }
            }
            let wasRunning = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            kills.append("round \(round): \(wasRunning ? "killed" : "had finished") at \(syncedCount(tick)) synced")
        }
        return kills
    }

    @Test("kill -9 at random points of a 2,000-item sync, then a rerun: 2,000 reminders, unique UIDs, nothing left to do",
          .timeLimit(.minutes(8)))
    func killedDownloadOf2000() throws {
        // Seeded straight into Radicale's folder (a PUT takes ~185 ms there): the
        // download direction, one transaction per item in Tick.
        let server = try CalDAVServer(.radicale)
        var items: [String: String] = [:]
        var seeded = Set<String>()
        for index in 0..<2_000 {
            let uid = "seed-\(index)-\(UUID().uuidString)"
            seeded.insert(uid)
            items["\(uid).ics"] = CalDAVServer.vtodo(["UID:\(uid)", "DTSTAMP:20261128T100000Z", "SUMMARY:Seeded \(index)",
                                                      "DUE;VALUE=DATE:2026\(12)\(String(format: "%02d", index % 28 + 1))"])
        }
        try server.seed("alice/big", displayName: "Big", items: items)
        // Radicale reads and caches every item on the first listing (30 s and more here);
        // not part of what is measured.
        let warming = Date()
        // URLSession gives up after 60 s; Radicale keeps what it cached by then.
        for attempt in 1...6 {
            do {
                _ = try server.request("PROPFIND", server.homeURL + "big/", headers: ["Depth": "1"], timeout: 60)
                break
            } catch where attempt < 6 {}
        }
        let warmUp = Int(Date().timeIntervalSince(warming))
        let (tick, folder) = try SyncKillTests.setUp(server, collection: "big")
        defer { withExtendedLifetime(folder) {} }
        let started = Date()

        // First a kill at a random moment of discovery and listing, then three while items
        // are being saved, each at a random count.
        let kills = try SyncKillTests.killSyncs(tick, firstDelay: 100_000...1_500_000, step: 20...500, cap: 1_990, poll: 150_000)
        #expect(kills.filter { $0.contains("killed") }.count >= 3, "\(kills)")

        let rerun = try tick.run("sync", "--json")
        #expect(rerun.status == 0, "\(rerun.errors)")
        let listed = try tick.run("list", "--list", "Big", "--completed", "--json")
        let reminders = SyncKillTests.json(listed.output) as? [[String: Any]] ?? []
        let uids = reminders.compactMap { $0["uid"] as? String }
        #expect(reminders.count == 2_000, "\(kills)")
        #expect(Set(uids).count == uids.count, "duplicate UIDs")
        #expect(Set(uids) == seeded)
        #expect(SyncKillTests.syncedCount(tick) == 2_000)
        #expect(try SyncKillTests.uidsOnServer(server, "big").count == 2_000)

        // Consistent: a further sync finds nothing to do on either side.
        let again = try tick.run("sync", "--json")
        #expect(again.status == 0, "\(again.errors)")
        let lists = ((SyncKillTests.json(again.output) as? [[String: Any]])?.first?["lists"] as? [[String: Any]]) ?? []
        for list in lists {
            for key in ["localAdded", "localUpdated", "localDeleted", "remoteAdded", "remoteUpdated", "remoteDeleted"] {
                #expect(list[key] as? Int == 0, "the sync after the rerun changed \(key): \(list)")
            }
        }
        print("killedDownloadOf2000: Radicale's first listing \(warmUp) s; \(kills.joined(separator: "; ")); kills and reruns \(Int(Date().timeIntervalSince(started))) s")
    }

    @Test("kill -9 at random points of an upload of 600 reminders, then a rerun: 600 on the server, unique UIDs, none twice, nothing left to do",
          .timeLimit(.minutes(6)))
    func killedUploadOf600() throws {
        // The upload direction: every item is a PUT with If-None-Match: *, committed in Tick
        // after the server answers, so a kill between the two leaves an item on the server
        // that Tick has not recorded; the rerun must recognise it by its UID, not upload a
        // second copy. Xandikos stores a PUT in a few milliseconds (Radicale in ~185 ms).
        let server = try CalDAVServer(.xandikos)
        let count = 600
        let folder = TemporaryFolder()
        var tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        tick.environment["XDG_CONFIG_HOME"] = folder.file("config")
        tick.environment["TICK_SYNC_PASSWORD"] = server.password
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick tests//EN", "X-WR-CALNAME:Upload"]
        var local = Set<String>()
        for index in 0..<count {
            let uid = "up-\(index)-\(UUID().uuidString)"
            local.insert(uid)
            lines += ["BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20261128T100000Z", "SUMMARY:Upload \(index)",
                      "DUE;VALUE=DATE:202612\(String(format: "%02d", index % 28 + 1))", "END:VTODO"]
        }
        lines.append("END:VCALENDAR")
        let file = folder.file("upload.ics")
        try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: URL(fileURLWithPath: file))
        let imported = try tick.run("import", file)
        #expect(imported.status == 0, "\(imported.errors)")
        let added = try tick.run("sync", "add", "home", server.baseURL, "--user", server.user, "--list", "Upload")
        #expect(added.status == 0, "\(added.errors)")

        let kills = try SyncKillTests.killSyncs(tick, firstDelay: 50_000...600_000, step: 10...150, cap: count - 10, poll: 20_000)
        #expect(kills.filter { $0.contains("killed") }.count >= 3, "\(kills)")

        let rerun = try tick.run("sync", "--json")
        #expect(rerun.status == 0, "\(rerun.errors)")
        let status = SyncKillTests.json(try tick.run("sync", "status", "--json").output) as? [[String: Any]]
        let collectionURL = try #require((status?.first?["synced"] as? [[String: Any]])?.first?["url"] as? String)
        let calendar = try #require(collectionURL.split(separator: "/").last.map(String.init))
        let onServer = try server.items(in: calendar)
        let serverUIDs = onServer.values.compactMap { text in
            text.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
        }
        #expect(serverUIDs.count == count, "\(kills)")
        #expect(Set(serverUIDs).count == serverUIDs.count, "a UID twice on the server: \(kills)")
        #expect(Set(serverUIDs) == local)
        let listed = try tick.run("list", "--list", "Upload", "--completed", "--json")
        let reminders = SyncKillTests.json(listed.output) as? [[String: Any]] ?? []
        #expect(reminders.count == count, "\(kills)")
        #expect(Set(reminders.compactMap { $0["uid"] as? String }) == local)
        #expect(SyncKillTests.syncedCount(tick) == count)

        let again = try tick.run("sync", "--json")
        #expect(again.status == 0, "\(again.errors)")
        let lists = ((SyncKillTests.json(again.output) as? [[String: Any]])?.first?["lists"] as? [[String: Any]]) ?? []
        #expect(!lists.isEmpty)
        for list in lists {
            for key in ["localAdded", "localUpdated", "localDeleted", "remoteAdded", "remoteUpdated", "remoteDeleted"] {
                #expect(list[key] as? Int == 0, "the sync after the rerun changed \(key): \(list)")
            }
        }
        print("killedUploadOf600: \(kills.joined(separator: "; "))")
    }

    static func uidsOnServer(_ server: CalDAVServer, _ calendar: String) throws -> Set<String> {
        Set(try server.items(in: calendar).values.compactMap { text in
            text.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
        })
    }

    @Test("defect: two syncs at once on one database: one fails with 'there is no reminder #N' when the phone deleted items")
    func twoSyncsAtOnceAfterDeletionsOnThePhone() throws {
        let server = try CalDAVServer(.radicale)
        var items: [String: String] = [:]
        for index in 0..<40 {
            items["d\(index).ics"] = CalDAVServer.vtodo(["UID:d\(index)", "DTSTAMP:20261128T100000Z", "SUMMARY:Item \(index)"])
        }
        try server.seed("alice/two", displayName: "Two", items: items)
        let (tick, folder) = try SyncKillTests.setUp(server, collection: "two")
        defer { withExtendedLifetime(folder) {} }
        #expect(try tick.run("sync").status == 0)
        for index in 0..<30 { try server.delete("two", "d\(index).ics") }

        let first = try tick.start(["sync", "--allow-deletes"])
        let second = try tick.start(["sync", "--allow-deletes"])
        var outcomes: [String] = []
        for (process, _, errors) in [first, second] {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            outcomes.append("exit \(process.terminationStatus) \(text)")
            #expect(process.terminationStatus == 0, "\(text)")
        }
        let listed = try tick.run("list", "--list", "Two", "--completed", "--json")
        #expect((SyncKillTests.json(listed.output) as? [[String: Any]])?.count == 10, "\(outcomes)")
    }

    /// Found by a tester: a sync killed after it saved a merge whose conflict Tick lost, and
    /// before its report, left the losing value nowhere (the next sync had nothing to say).
    @Test("kill -9 right after a conflict is saved: the next sync says the conflict, with the value that lost, once",
          .timeLimit(.minutes(2)))
    func killedAfterAConflict() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("alpha", displayName: "Alpha")
        try server.put("alpha", "w.ics", CalDAVServer.vtodo([
            "UID:w", "DTSTAMP:20261128T100000Z", "LAST-MODIFIED:20261128T100000Z", "SUMMARY:Water",
        ]))
        let proxy = try FaultProxy(target: server.baseURL)
        let folder = TemporaryFolder()
        var tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        tick.environment["XDG_CONFIG_HOME"] = folder.file("config")
        tick.environment["TICK_SYNC_PASSWORD"] = server.password
        #expect(try tick.run("sync", "add", "home", proxy.baseURL + server.user + "/alpha/", "--user", server.user).status == 0)
        #expect(try tick.run("sync").status == 0)
        // The priority, changed in Tick only, is sent: the merge is PUT before it is saved.
        #expect(try tick.run("edit", "1", "--title", "Water the roses", "--priority", "high").status == 0)
        // The phone's edit is the later one: Tick's title loses.
        try server.put("alpha", "w.ics", CalDAVServer.vtodo([
            "UID:w", "DTSTAMP:20300101T090000Z", "LAST-MODIFIED:20300101T090000Z", "SUMMARY:Water the lawn",
        ]))

        // The merge's PUT is slowed, so that the request after it (the check of Tick's writes,
        // sent once the merge is saved) can be held, and the sync killed there.
        try proxy.set([.init("PUT", fault: "slow", times: 5)])
        let (process, _, _) = try tick.start(["sync"])
        func waitFor(_ what: (String) -> Bool, after index: Int) -> Int? {
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                if let found = proxy.requests.indices.first(where: { $0 > index && what(proxy.requests[$0].method) }) { return found }
                usleep(20_000)
            }
            return nil
        }
        let put = try #require(waitFor({ $0 == "PUT" }, after: -1), "the merge is sent")
        try proxy.set([.init("REPORT", fault: "hang", times: 5), .init("PROPFIND", fault: "hang", times: 5)])
        _ = try #require(waitFor({ $0 == "REPORT" || $0 == "PROPFIND" }, after: put), "the request after the merge: \(proxy.requests.map(\.method))")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try proxy.set([])

        let shown = try tick.run("list", "--list", "Alpha", "--json")
        #expect(shown.output.contains("Water the lawn"), "the merge was saved before the kill: \(shown.output)")
        let next = try tick.run("sync", "--json")
        #expect(next.status == 0, "\(next.errors)")
        let conflicts = (SyncKillTests.json(next.output) as? [[String: Any]])?.first?["conflicts"] as? [[String: Any]] ?? []
        #expect(conflicts.count == 1 && conflicts.first?["lostValue"] as? String == "SUMMARY:Water the roses"
                && !(conflicts.first?["foundEarlier"] is NSNull), "\(next.output)")
        let again = try tick.run("sync", "--json")
        #expect(((SyncKillTests.json(again.output) as? [[String: Any]])?.first?["conflicts"] as? [[String: Any]] ?? [ ["?": 0] ]).isEmpty,
                "said once: \(again.output)")
        withExtendedLifetime(server) {}
    }

    /// Found by a tester: the subtasks of a parent another device moved followed it only at
    /// the end of the run that took it; killed before, the next run had no record of the move,
    /// and the subtask stayed in the old list, under a parent in another, for good.
    @Test("kill -9 right after taking a parent another device moved: its subtask linked in Tick follows it all the same",
          .timeLimit(.minutes(2)))
    func killedAfterTakingAMovedParent() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendars(inOrder: ["work", "home", "other", "zulu"])
        let proxy = try FaultProxy(target: server.baseURL)
        let folder = TemporaryFolder()
        func runner(_ name: String, _ url: String) throws -> BinaryRunner {
            var tick = BinaryRunner(database: folder.file("\(name).sqlite3"))
            tick.environment["XDG_CONFIG_HOME"] = folder.file("config-\(name)")
            tick.environment["TICK_SYNC_PASSWORD"] = server.password
            #expect(try tick.run("sync", "add", "home", url, "--user", server.user).status == 0)
            #expect(try tick.run("sync").status == 0)
            return tick
        }
        let mover = try runner("mover", server.baseURL)
        #expect(try mover.run("add", "Parent", "--list", "Work").status == 0)
        #expect(try mover.run("add", "Kid", "--list", "Home").status == 0)
        #expect(try mover.run("sync").status == 0)
        let linker = try runner("linker", proxy.baseURL + server.user + "/")
        #expect(try mover.run("edit", "1", "--list", "Other").status == 0)
        #expect(try mover.run("sync").status == 0)
        #expect(try linker.run("edit", "2", "--parent", "1").status == 0)

        // Zulu is read after Other, where the parent is taken: its first request is held, and the
        // sync killed there.
        try proxy.set([.init("REPORT", path: "zulu", fault: "hang", times: 5)])
        let before = proxy.requests.count - 1
        let (process, _, _) = try linker.start(["sync"])
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !proxy.requests.indices.contains(where: { $0 > before && proxy.requests[$0].path.contains("zulu") }) {
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try proxy.set([])
        let taken = try linker.run("list", "--list", "Other", "--json").output
        #expect(taken.contains("\"Parent\""), "the kill came after the parent was taken: \(taken)")

        for tick in [linker, mover, linker, mover] { #expect(try tick.run("sync").status == 0) }
        for tick in [mover, linker] {
            let listed = try tick.run("list", "--list", "Other", "--json")
            let rows = SyncKillTests.json(listed.output) as? [[String: Any]] ?? []
            let parent = rows.first { $0["title"] as? String == "Parent" }
            #expect(parent != nil && rows.first { $0["title"] as? String == "Kid" }?["parentUID"] as? String == parent?["uid"] as? String,
                    "\(listed.output) \((try? tick.run("list", "--list", "Work", "--json").output) ?? "")")
        }
        withExtendedLifetime(server) {}
    }

    @Test("waiting for a slow server costs no CPU: a sync whose two PROPFINDs take 2 s each uses well under a second of it")
    func waitingCostsNoCPU() throws {
        let server = try CalDAVServer(.xandikos)
        let proxy = try FaultProxy(target: server.baseURL, user: "alice", password: "secret")
        let folder = TemporaryFolder()
        var tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        tick.environment["XDG_CONFIG_HOME"] = folder.file("config")
        tick.environment["TICK_SYNC_PASSWORD"] = "secret"
        #expect(try tick.run("sync", "add", "home", proxy.baseURL, "--user", "alice").status == 0)
        #expect(try tick.run("lists", "add", "calendar").status == 0)
        #expect(try tick.run("sync").status == 0)
        try proxy.set([.init("PROPFIND", fault: "slow", times: 2)])
        let started = Date()
        let measured = try tick.cpuSeconds(["sync"])
        #expect(measured.status == 0)
        #expect(Date().timeIntervalSince(started) >= 4, "the proxy made the sync wait")
        // FoundationNetworking's URLSession polled while it waited: about 0.7 s of CPU per
        // second of waiting (2.8 s here). libcurl's easy interface sleeps in poll.
        #expect(measured.seconds < 1.0, "\(measured.seconds) s of CPU")
    }
}
