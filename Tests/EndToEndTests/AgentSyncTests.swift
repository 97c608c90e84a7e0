import Foundation
import Testing
import TestSupport

/// `tick agent --sync-every`: the long-running agent syncs every account at start and on
/// its schedule, as a real process against a real Radicale.
@Suite("tick agent --sync-every", .serialized, .enabled(if: BinaryRunner.executable != nil))
struct AgentSyncTests {
    /// Starts `tick agent --stdout --sync-every 1h` (it syncs at start) and returns its log up
    /// to the first time it holds `text` (at most 20 s); the agent is then stopped by its PID.
    static func agentLog(_ runner: BinaryRunner, until text: String) throws -> String {
        let (agent, _, errors) = try runner.start(["agent", "--stdout", "--sync-every", "1h"])
        defer {
            // SIGKILL: a child of the test runner may inherit a mask that holds SIGTERM back.
            kill(agent.processIdentifier, SIGKILL)
            agent.waitUntilExit()
        }
        var log = ""
        let deadline = Date().addingTimeInterval(20)
        let handle = errors.fileHandleForReading
        while Date() < deadline, !log.contains(text) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            log += String(decoding: chunk, as: UTF8.self)
        }
        return log
    }

    @Test("the agent syncs at start: a reminder added on the server arrives without running tick sync")
    func syncsAtStart() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("tasks", displayName: "Tasks")
        try server.put("tasks", "p1.ics", CalDAVServer.vtodo(["UID:p1", "DTSTAMP:20261128T100000Z", "SUMMARY:From the phone"]))
        let folder = TemporaryFolder()
        var runner = BinaryRunner(database: folder.file("tick.sqlite3"))
        runner.environment["XDG_CONFIG_HOME"] = folder.file("config")
        runner.environment["TICK_SYNC_PASSWORD"] = server.password
        #expect(try runner.run("sync", "add", "home", server.baseURL, "--user", server.user).status == 0)
        let log = try Self.agentLog(runner, until: "synced account")
        #expect(log.contains("tick agent: synced account \"home\": changed Tasks"), "\(log)")
        let listed = try runner.run("list", "--list", "Tasks")
        #expect(listed.output.contains("From the phone"))
    }

    @Test("a conflict the agent's sync finds is in its log with the value that lost (a later tick sync has nothing to say of it)")
    func conflictLogged() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("tasks", displayName: "Tasks")
        try server.put("tasks", "t1.ics", CalDAVServer.vtodo(["UID:t1", "DTSTAMP:20261128T100000Z", "LAST-MODIFIED:20261128T100000Z",
                                                             "SUMMARY:Water the plants"]))
        let folder = TemporaryFolder()
        var runner = BinaryRunner(database: folder.file("tick.sqlite3"))
        runner.environment["XDG_CONFIG_HOME"] = folder.file("config")
        runner.environment["TICK_SYNC_PASSWORD"] = server.password
        runner.environment["TICK_NOW"] = "2026-11-29T12:00:00Z"
        #expect(try runner.run("sync", "add", "home", server.baseURL, "--user", server.user).status == 0)
        #expect(try runner.run("sync").status == 0)
        #expect(try runner.run("edit", "1", "--title", "Water the plants (Tick)").status == 0)
        try server.put("tasks", "t1.ics", CalDAVServer.vtodo(["UID:t1", "DTSTAMP:20261129T130000Z", "LAST-MODIFIED:20261129T130000Z",
                                                             "SUMMARY:Water the plants (phone)"]))
        runner.environment["TICK_NOW"] = "2026-11-29T14:00:00Z"
        let log = try Self.agentLog(runner, until: "value lost")
        #expect(log.contains("tick agent: synced account \"home\": changed Tasks, 1 conflict"), "\(log)")
        #expect(log.contains("tick agent: sync: conflict: Tasks, \"Water the plants (Tick)\": SUMMARY changed on both sides; Tick's value lost: SUMMARY:Water the plants (Tick)"),
                "\(log)")
    }

    /// Found by a tester: the agent's sync that failed after finding a conflict logged it as
    /// found by an earlier sync ("that stopped before saying so").
    @Test("a conflict found by an agent's sync that then fails is logged with the value that lost, as its own")
    func conflictOfAFailedSyncLogged() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendars(inOrder: ["alpha", "zulu"])
        try server.put("alpha", "t1.ics", CalDAVServer.vtodo(["UID:t1", "DTSTAMP:20261128T100000Z", "LAST-MODIFIED:20261128T100000Z",
                                                             "SUMMARY:Water the plants"]))
        let proxy = try FaultProxy(target: server.baseURL)
        let folder = TemporaryFolder()
        var runner = BinaryRunner(database: folder.file("tick.sqlite3"))
        runner.environment["XDG_CONFIG_HOME"] = folder.file("config")
        runner.environment["TICK_SYNC_PASSWORD"] = server.password
        runner.environment["TICK_NOW"] = "2026-11-29T12:00:00Z"
        #expect(try runner.run("sync", "add", "home", proxy.baseURL + server.user + "/", "--user", server.user).status == 0)
        #expect(try runner.run("sync").status == 0)
        #expect(try runner.run("edit", "1", "--title", "Water the plants (Tick)").status == 0)
        try server.put("alpha", "t1.ics", CalDAVServer.vtodo(["UID:t1", "DTSTAMP:20261129T130000Z", "LAST-MODIFIED:20261129T130000Z",
                                                             "SUMMARY:Water the plants (phone)"]))
        runner.environment["TICK_NOW"] = "2026-11-29T14:00:00Z"
        try proxy.set([.init("REPORT", path: "zulu", fault: "empty-reply", times: 20)])
        let log = try Self.agentLog(runner, until: "value lost")
        #expect(log.contains("tick agent: sync: conflict: Alpha, \"Water the plants (Tick)\": SUMMARY changed on both sides; Tick's value lost: SUMMARY:Water the plants (Tick)\n"),
                "logged as this sync's own, with the error: \(log)")
        #expect(log.contains("Zulu"), "\(log)")
    }

    @Test("--sync-every takes 15m, 1h, 2h30m or minutes; less than a minute, or with --once, is refused")
    func interval() throws {
        let folder = TemporaryFolder()
        let runner = BinaryRunner(database: folder.file("tick.sqlite3"))
        let short = try runner.run("agent", "--sync-every", "30s")
        #expect(short.status == 64)
        #expect(short.errors.contains("--sync-every: sync at most once a minute"))
        let bad = try runner.run("agent", "--sync-every", "soon")
        #expect(bad.errors.contains("--sync-every: 'soon' is not an interval such as 15m, 1h or 2h30m"))
        let once = try runner.run("agent", "--once", "--sync-every", "15m")
        #expect(once.status == 64)
    }
}
