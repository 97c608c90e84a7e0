import Foundation
import Testing
import TestSupport

/// A private session bus for one test: `dbus-daemon --session --nofork` listening on a
/// socket in the test's folder, and the fake notification server
/// (`Tests/Support/fake-notification-server.py`, python3-dbus) owning
/// `org.freedesktop.Notifications` and logging every Notify call as a JSON line. Both
/// processes are ended by their process ids when the value is released.
final class PrivateSessionBus {
    let address: String
    let logPath: String
    private var processes: [Process] = []

    init(folder: TemporaryFolder) throws {
        let socket = folder.file("bus")
        address = "unix:path=" + socket
        logPath = folder.file("notify.log")
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--address=" + address, "--nofork", "--nopidfile"]
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        processes.append(daemon)
        try PrivateSessionBus.waitFor("the bus socket") { FileManager.default.fileExists(atPath: socket) }

        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [Fixture.packageRoot + "/Tests/Support/fake-notification-server.py", logPath]
        server.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
        let ready = Pipe()
        server.standardOutput = ready
        server.standardError = FileHandle.nullDevice
        try server.run()
        processes.append(server)
        // The server prints "ready" once it owns the name (or exits, closing the pipe).
        let line = String(decoding: ready.fileHandleForReading.availableData, as: UTF8.self)
        try #require(line.contains("ready"), "the fake notification server did not start (is python3-dbus installed?)")
    }

    deinit {
        for process in processes.reversed() { PrivateSessionBus.stop(process) }
    }

    /// Ends `process` by its process id, with SIGKILL: a child started from a test
    /// thread inherits that thread's signal mask, in which SIGTERM may be blocked, and
    /// none of these processes has anything to save.
    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        kill(pid, SIGKILL)
        // Reap it here: Foundation's own reaping does not always run on a test thread
        // (ECHILD: it already did).
        let deadline = ContinuousClock.now + .seconds(5)
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno == ECHILD) { return }
            usleep(10_000)
        }
    }

    /// The Notify calls logged so far.
    func notifications() throws -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// Makes the fake server report a click on `key` of notification `id`.
    func invoke(_ key: String, on id: Int) throws {
        let send = Process()
        send.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-send")
        send.arguments = ["--bus=" + address, "--print-reply", "--dest=org.freedesktop.Notifications",
                          "/org/freedesktop/Notifications", "org.tick.Test.InvokeAction", "uint32:\(id)", "string:\(key)"]
        send.standardOutput = FileHandle.nullDevice
        try send.run()
        send.waitUntilExit()
        try #require(send.terminationStatus == 0)
    }

    /// Waits (up to 15 seconds, checking every 50 ms) until `condition` holds.
    static func waitFor(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(15)
        while try !condition() {
            try #require(ContinuousClock.now < deadline, "timed out waiting for \(what)")
            usleep(50_000)
        }
    }
}

@Suite("tick agent on a real session bus", .serialized)
struct DBusAgentTests {
    func summaries(_ calls: [[String: Any]]) -> [String] { calls.compactMap { $0["summary"] as? String } }

    @Test("exactly the expected Notify calls arrive, once each, also after restarting the agent")
    func onceEach() throws {
        let folder = TemporaryFolder()
        let bus = try PrivateSessionBus(folder: folder)
        var tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        tick.environment["TZ"] = "Asia/Seoul"
        tick.environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        tick.environment["TICK_NOW"] = "2026-11-29T12:00:00Z"
        for arguments in [["add", "Pay rent", "--due", "2026-11-30 09:00", "--repeat", "monthly", "--priority", "high"],
                          ["add", "Standup", "--due", "2026-11-30 09:30", "--alarm", "-10m"],
                          ["add", "Call mom", "--remind", "2026-11-30 08:00"],
                          ["add", "Dentist", "--due", "2026-12-14 15:00", "--alarm", "-1d", "--alarm", "-1h"]] {
            #expect(try tick.run(arguments).status == 0)
        }
        // 09:20 in Seoul: "Call mom" (08:00) and "Pay rent" (09:00) were missed, "Standup" rings now.
        tick.environment["TICK_NOW"] = "2026-11-30T00:20:00Z"
        let first = try tick.run("agent", "--once")
        #expect(first.status == 0, "\(first.errors)")
        let calls = try bus.notifications()
        #expect(summaries(calls) == ["2 missed reminders", "Standup"])
        #expect(calls.first?["body"] as? String == "• Call mom, reminder for Today 8:00 AM\n• Pay rent, overdue by 20 minutes, Today 9:00 AM")
        #expect(calls.first?["urgency"] as? Int == 2)
        #expect(calls.last?["body"] as? String == "Due in 10 minutes, Today 9:30 AM\nReminders")
        #expect(calls.allSatisfy { $0["app"] as? String == "Tick" && ($0["actions"] as? [String])?.isEmpty == true })

        // Restarted, a little later and much later: nothing new until the Dentist's alarms.
        tick.environment["TICK_NOW"] = "2026-11-30T00:21:00Z"
        #expect(try tick.run("agent", "--once").status == 0)
        tick.environment["TICK_NOW"] = "2026-12-13T05:59:59Z"
        #expect(try tick.run("agent", "--once").status == 0)
        #expect(try bus.notifications().count == 2)

        // Two agents started together at the Dentist's first alarm: one notification.
        tick.environment["TICK_NOW"] = "2026-12-13T06:00:00Z"
        let a = try tick.start(["agent", "--once"])
        let b = try tick.start(["agent", "--once"])
        a.0.waitUntilExit()
        b.0.waitUntilExit()
        #expect(summaries(try bus.notifications()) == ["2 missed reminders", "Standup", "Dentist"])
        tick.environment["TICK_NOW"] = "2026-12-14T05:00:00Z"
        #expect(try tick.run("agent", "--once").status == 0)
        tick.environment["TICK_NOW"] = "2026-12-14T05:00:30Z"
        #expect(try tick.run("agent", "--once").status == 0)
        #expect(summaries(try bus.notifications()) == ["2 missed reminders", "Standup", "Dentist", "Dentist"])
    }

    @Test("the running agent offers Done and Snooze, and Done completes the occurrence")
    func actions() throws {
        let folder = TemporaryFolder()
        let bus = try PrivateSessionBus(folder: folder)
        var tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        tick.environment["TZ"] = "Asia/Seoul"
        tick.environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        #expect(try tick.run("add", "Pay rent", "--due", "2026-11-30 09:00", "--repeat", "monthly").status == 0)
        tick.environment["TICK_NOW"] = "2026-11-30T00:00:00Z"
        let (agent, _, _) = try tick.start(["agent"])
        defer { PrivateSessionBus.stop(agent) }
        try PrivateSessionBus.waitFor("the notification") { try !bus.notifications().isEmpty }
        let call = try #require(try bus.notifications().first)
        #expect(call["actions"] as? [String] == ["done", "Done", "snooze", "Snooze 10 min"])
        let id = try #require(call["id"] as? Int)
        try bus.invoke("done", on: id)
        try PrivateSessionBus.waitFor("the reminder to move on") {
            let shown = try JSONSerialization.jsonObject(with: Data(try tick.run("show", "1", "--json").output.utf8)) as? [String: Any]
            return shown?["due"] as? String == "2026-12-30T09:00:00+09:00"
        }
        #expect(try bus.notifications().count == 1)
    }
}
