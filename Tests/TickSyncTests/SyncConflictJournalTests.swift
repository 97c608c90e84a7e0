import Foundation
import Testing
import TestSupport

/// The conflict journal: a conflict's notice, with the value that lost, outlives the run
/// that found it (found by a tester: a sync stopped after merging a phone's edit lost it).
@Suite("tick sync: the conflict journal", .serialized)
struct SyncConflictJournalTests {
    /// Radicale with calendars Alpha (holding "Water") and Zulu, a Tick synced with them
    /// through a fault proxy, then "Water" retitled in Tick (at the harness's clock,
    /// 2026-11-29 12:00 UTC) and on the phone at `phoneEdit` (by default later: Tick's title
    /// loses).
    static func conflicted(phoneEdit: String = "20261130T090000Z") throws -> (CalDAVServer, FaultProxy, CLIHarness) {
        let server = try CalDAVServer(.radicale)
        // Alpha is synced first (Apple's calendar-order, which Radicale keeps).
        try server.makeCalendars(inOrder: ["alpha", "zulu"])
        try server.put("alpha", "w.ics", CalDAVServer.vtodo([
            "UID:w", "DTSTAMP:20261128T100000Z", "LAST-MODIFIED:20261128T100000Z", "SUMMARY:Water",
        ]))
        let proxy = try FaultProxy(target: server.baseURL)
        let tick = SyncDefectTests.harness(server, url: proxy.baseURL + server.user + "/")
        _ = try SyncDefectTests.sync(tick)
        let number = try #require(try SyncDefectTests.reminders(tick, "Alpha").first?["number"] as? Int)
        tick.ok("edit", "\(number)", "--title", "Water the roses")
        try server.put("alpha", "w.ics", CalDAVServer.vtodo([
            "UID:w", "DTSTAMP:\(phoneEdit)", "LAST-MODIFIED:\(phoneEdit)", "SUMMARY:Water the lawn",
        ]))
        return (server, proxy, tick)
    }

    @Test("a sync that fails on a later calendar still says the conflict it found (with --json too), and the next sync does not say it again")
    func failedSyncSaysItsConflicts() throws {
        for json in [false, true] {
            let (server, proxy, tick) = try SyncConflictJournalTests.conflicted()
            // Alpha is synced (and merged) first; Zulu's listing then fails.
            try proxy.set([.init("REPORT", path: "zulu", fault: "empty-reply", times: 20)])
            let failed = tick.run(["sync"] + (json ? ["--json"] : []))
            #expect(failed.status != 0, "the sync fails on Zulu: \(failed.output) \(failed.errors)")
            #expect(try SyncDefectTests.reminders(tick, "Alpha").first?["title"] as? String == "Water the lawn")
            if json {
                let objects = try #require(try SyncDefectTests.json(failed.output) as? [[String: Any]])
                let conflicts = objects.first?["conflicts"] as? [[String: Any]] ?? []
                #expect(conflicts.count == 1 && conflicts.first?["lostValue"] as? String == "SUMMARY:Water the roses"
                        && conflicts.first?["loser"] as? String == "local", "\(objects)")
            } else {
                #expect(failed.errors.contains("conflict: Alpha, \"Water the roses\": SUMMARY changed on both sides; Tick's value lost: SUMMARY:Water the roses\n"),
                        "\(failed.errors)")
            }
            try proxy.set([])
            let next = try SyncDefectTests.sync(tick)
            #expect((next["conflicts"] as? [[String: Any]] ?? []).isEmpty, "said once: \(next)")
            let journal = try #require(try SyncDefectTests.json(tick.ok("sync", "conflicts", "--json")) as? [[String: Any]])
            #expect(journal.count == 1 && journal.first?["lostValue"] as? String == "SUMMARY:Water the roses"
                    && journal.first?["shown"] as? Bool == true && journal.first?["account"] as? String == "home", "\(journal)")
            withExtendedLifetime(server) {}
        }
    }

    /// Found by a tester: Tick's value won, the merge reached the server, and the sync was
    /// stopped before the answer: the next merge found both sides alike, and the phone's
    /// value was lost unsaid.
    @Test("a merge stored on the server whose answer never came: its conflict is said all the same, once")
    func mergeStoredAnswerLost() throws {
        let (server, proxy, tick) = try SyncConflictJournalTests.conflicted(phoneEdit: "20261129T110000Z")
        try proxy.set([.init("PUT", fault: "drop-after")])
        let first = tick.run("sync", "--json")
        try proxy.set([])
        let second = tick.run("sync", "--json")
        let said = (first.output + first.errors + second.output + second.errors)
        #expect(said.components(separatedBy: "SUMMARY:Water the lawn").count - 1 == 1,
                "the phone's title lost, said once: \(first.output) \(first.errors) \(second.output) \(second.errors)")
        #expect(try SyncDefectTests.reminders(tick, "Alpha").first?["title"] as? String == "Water the roses")
        #expect(try server.items(in: "alpha").values.first?.contains("SUMMARY:Water the roses") == true)
        let journal = try #require(try SyncDefectTests.json(tick.ok("sync", "conflicts", "--json")) as? [[String: Any]])
        #expect(journal.count == 1 && journal.first?["loser"] as? String == "server", "\(journal)")
    }

    @Test("tick sync conflicts lists what conflicts lost, newest first, per account; none yet says so")
    func conflictsCommand() throws {
        let (server, proxy, tick) = try SyncConflictJournalTests.conflicted()
        #expect(tick.ok("sync", "conflicts").contains("No conflicts"))
        let report = try SyncDefectTests.sync(tick)
        #expect((report["conflicts"] as? [[String: Any]] ?? []).count == 1, "\(report)")
        let listed = tick.ok("sync", "conflicts")
        #expect(listed.contains(" home: Alpha, \"Water the roses\": SUMMARY changed on both sides; Tick's value lost: SUMMARY:Water the roses"), "\(listed)")
        #expect(tick.ok("sync", "conflicts", "home").contains("M: Alpha, \"Water the roses\""))
        #expect(tick.run("sync", "conflicts", "nobody").status != 0, "an account neither configured nor in the journal")
        #expect(tick.run("sync", "conflicts", "--limit", "0").status != 0)
        let again = try SyncDefectTests.sync(tick)
        #expect((again["conflicts"] as? [[String: Any]] ?? []).isEmpty, "\(again)")
        withExtendedLifetime((server, proxy)) {}
    }
}
