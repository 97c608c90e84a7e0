import Foundation
import Testing
import TestSupport

/// `tick agent --sync-every`: the long-running agent syncs every account at start and on
/// its schedule, as a real process against a real Radicale.
@Suite("tick agent --sync-every", .serialized, .enabled(if: BinaryRunner.executable != nil))
struct AgentSyncTests {
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
        let (agent, _, errors) = try runner.start(["agent", "--stdout", "--sync-every", "1h"])
        defer {
            // SIGKILL: a child of the test runner may inherit a mask that holds SIGTERM back.
            kill(agent.processIdentifier, SIGKILL)
            agent.waitUntilExit()
        }
        var log = ""
        let deadline = Date().addingTimeInterval(20)
        let handle = errors.fileHandleForReading
        while Date() < deadline, !log.contains("synced account") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            log += String(decoding: chunk, as: UTF8.self)
        }
        #expect(log.contains("tick agent: synced account \"home\": changed Tasks"), "\(log)")
        let listed = try runner.run("list", "--list", "Tasks")
        #expect(listed.output.contains("From the phone"))
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
