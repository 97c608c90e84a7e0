import Foundation
import Testing
import TickAgent
import TickModel
import TickStore
import TestSupport

/// A notifier that, at each delivery, reads how many deliveries the database already
/// holds: what a restart after `kill -9` at that moment would know.
final class ProbingNotifier: AlarmNotifier {
    let channel: String
    let store: Store
    var recordedAtEachDelivery: [Int] = []

    init(channel: String, store: Store) {
        self.channel = channel
        self.store = store
    }

    func deliver(_ notification: AlarmNotification, offeringActions: Bool) throws(AgentError) -> UInt32? {
        do {
            let count = try store.read { db in
                try (1...5).reduce(0) { $0 + (try db.deliveryCount(reminder: .init(Int64($1)))) }
            }
            recordedAtEachDelivery.append(count)
        } catch {
            throw AgentError("cannot read: \(error)")
        }
        return nil
    }
}

@Suite("Agent: each delivery recorded as it happens")
struct AgentDeliveryTests {
    @Test("each notification is recorded before the next one is shown")
    func notificationsRecordedOneByOne() throws {
        let fixture = try AgentFixture()
        try fixture.add("A", due: seoul("2026-12-01T09:00"), alarms: [atDue])
        try fixture.add("B", due: seoul("2026-12-01T10:00"), alarms: [atDue])
        try fixture.add("C", due: seoul("2026-12-01T11:00"), alarms: [atDue])
        let desktop = ProbingNotifier(channel: "dbus", store: fixture.store)
        let agent = AlarmAgent(store: fixture.store, configuration: .init(context: fixture.context(), offersActions: false),
                               primary: desktop, fallback: fixture.stdout, log: { _ in })
        // A and B were missed (one notification); C rings on time (another).
        let pass = try agent.deliverDue(at: utc("2026-12-01T02:00:10Z"))
        #expect(pass.notifications.map(\.summary) == ["2 missed reminders", "C"])
        #expect(desktop.recordedAtEachDelivery == [0, 2])
        #expect(try fixture.store.read { db in try db.deliveryCount(reminder: .init(3)) } == 1)
    }

    @Test("with --exec hooks, each reminder is recorded right after its hook ran, and nothing goes to standard output")
    func hooksRecordedOneByOne() throws {
        let fixture = try AgentFixture()
        for (title, hour) in [("A", "07"), ("B", "08"), ("C", "09")] {
            try fixture.add(title, due: seoul("2026-12-01T\(hour):00"), alarms: [atDue])
        }
        let hook = ProbingNotifier(channel: "exec", store: fixture.store)
        let agent = AlarmAgent(store: fixture.store, configuration: .init(context: fixture.context(), offersActions: false),
                               primary: nil, fallback: nil, hooks: [hook], log: { _ in })
        let pass = try agent.deliverDue(at: utc("2026-12-01T12:00:00Z"))
        #expect(pass.notifications.map(\.summary) == ["3 missed reminders"])
        #expect(hook.recordedAtEachDelivery == [0, 1, 2])
        #expect(fixture.stdout.delivered.isEmpty)
        #expect(try fixture.reminder(.init(3))?.alarms.first?.firedAt == utc("2026-12-01T12:00:00Z"))
        #expect(try agent.deliverDue(at: utc("2026-12-01T12:01:00Z")).notifications.isEmpty)
    }

    @Test("with hooks and a failing desktop, the failure is said once and nothing goes to standard output")
    func hooksWithoutFallback() throws {
        let fixture = try AgentFixture()
        try fixture.add("A", due: seoul("2026-12-01T09:00"), alarms: [atDue])
        fixture.desktop.fails = true
        let hook = ProbingNotifier(channel: "exec", store: fixture.store)
        var logs: [String] = []
        let agent = AlarmAgent(store: fixture.store, configuration: .init(context: fixture.context(), offersActions: false),
                               primary: fixture.desktop, fallback: nil, hooks: [hook], log: { logs.append($0) })
        _ = try agent.deliverDue(at: utc("2026-12-01T00:00:00Z"))
        #expect(hook.recordedAtEachDelivery == [0])
        #expect(logs == ["the test server is down; alarms go to the --exec command only"])
        #expect(fixture.stdout.delivered.isEmpty)
    }
}

@Suite("Command hooks: the time limit bounds the agent", .timeLimit(.minutes(5)))
struct CommandHookLimitTests {
    /// Runs `command` as the hook of one ringing reminder with a one-second limit and
    /// returns how long the agent was held and what it reported.
    func deliver(_ command: String, in fixture: AgentFixture) throws -> (seconds: Double, reports: [String]) {
        try fixture.add("Pay rent", due: seoul("2026-12-01T09:00"), alarms: [atDue])
        var reports: [String] = []
        let hook = CommandHookNotifier(command: command, environment: ["PATH": "/usr/bin:/bin"], context: fixture.context(),
                                       clock: { utc("2026-12-01T00:00:00Z") }, timeout: 1,
                                       payload: { _ in "{}" }, report: { reports.append($0) })
        let agent = AlarmAgent(store: fixture.store, configuration: .init(context: fixture.context(), offersActions: false),
                               primary: nil, fallback: nil, hooks: [hook], log: { _ in })
        let start = ContinuousClock.now
        _ = try agent.deliverDue(at: utc("2026-12-01T00:00:00Z"))
        let elapsed = ContinuousClock.now - start
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, reports)
    }

    /// The process id written to `path` by the hook.
    func pid(in path: String) throws -> pid_t {
        let text = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return try #require(pid_t(text))
    }

    @Test("a shell running 'sleep 30' is stopped at the limit with its child; the agent waits no longer",
          arguments: ["sleep 30", "sleep 30 | cat", "trap '' TERM; sleep 30"])
    func longCommand(command: String) throws {
        let fixture = try AgentFixture()
        let group = fixture.folder.file("group")
        let (seconds, reports) = try deliver("echo $$ > '\(group)'; \(command)", in: fixture)
        // The command would run 30 s; the agent stops it at its 1 s limit. The bound is
        // loose so that a loaded machine does not fail the test, and still far below 30 s.
        #expect(seconds < 10)
        #expect(reports == ["the --exec command ran longer than 1 seconds; it and everything it started were stopped"])
        let leader = try pid(in: group)
        // SIGKILL is delivered at once, but the kernel may take a moment to tear the
        // processes down: wait for the group to be gone, up to 5 s.
        var remaining = ProcessTable.running(inGroup: leader)
        for _ in 0..<50 where !remaining.isEmpty {
            usleep(100_000)
            remaining = ProcessTable.running(inGroup: leader)
        }
        #expect(remaining.isEmpty, "the hook's process group is gone")
        #expect(try fixture.store.read { db in try db.deliveryCount(reminder: .init(1)) } == 1)
    }

    @Test("a hook that leaves 'sleep 20 &' behind returns at once; the agent does not wait for it")
    func backgroundCommand() throws {
        let fixture = try AgentFixture()
        let child = fixture.folder.file("child")
        let (seconds, reports) = try deliver("sleep 20 & echo $! > '\(child)'", in: fixture)
        let sleeper = try pid(in: child)
        defer { kill(sleeper, SIGKILL) }
        // The background sleep lasts 20 s; the agent returns when the shell exits.
        #expect(seconds < 10)
        #expect(reports.isEmpty)
        #expect(kill(sleeper, 0) == 0, "what the hook put in the background is its own business")
    }

    @Test("a hook that never reads a large input does not hold or stop the agent")
    func unreadInput() throws {
        let fixture = try AgentFixture()
        try fixture.add("Pay rent", due: seoul("2026-12-01T09:00"), alarms: [atDue])
        var reports: [String] = []
        let hook = CommandHookNotifier(command: "exit 3", environment: [:], context: fixture.context(),
                                       clock: { utc("2026-12-01T00:00:00Z") }, timeout: 1,
                                       payload: { _ in String(repeating: "x", count: 1 << 20) }, report: { reports.append($0) })
        let agent = AlarmAgent(store: fixture.store, configuration: .init(context: fixture.context(), offersActions: false),
                               primary: nil, fallback: nil, hooks: [hook], log: { _ in })
        _ = try agent.deliverDue(at: utc("2026-12-01T00:00:00Z"))
        #expect(reports == ["the --exec command exited with status 3"])
    }
}
