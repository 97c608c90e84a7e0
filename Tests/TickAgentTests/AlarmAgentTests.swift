import Foundation
import Testing
import TickAgent
import TickModel
@testable import TickStore
import TestSupport

@Suite("Agent: delivering alarms once, with an injected clock")
struct AlarmAgentTests {
    @Test("an alarm rings at its time, once; the next one is announced")
    func ringsOnce() throws {
        let fixture = try AgentFixture()
        try fixture.add("Pay rent", due: seoul("2026-12-01T09:00"), alarms: [atDue], priority: .high)
        try fixture.add("Dentist", due: seoul("2026-12-14T15:00"), alarms: [Alarm(trigger: .relative(seconds: -3_600, toStart: false))])
        let agent = fixture.agent()
        let early = try agent.deliverDue(at: utc("2026-11-30T23:59:59Z"))
        #expect(early.notifications.isEmpty)
        #expect(early.nextAlarm == utc("2026-12-01T00:00:00Z"))
        let onTime = try agent.deliverDue(at: utc("2026-12-01T00:00:00Z"))
        #expect(fixture.desktop.summaries == ["Pay rent"])
        #expect(onTime.notifications.first?.body == "Due now, Today 9:00 AM\nReminders")
        #expect(onTime.notifications.first?.urgency == .critical)
        #expect(onTime.nextAlarm == utc("2026-12-14T05:00:00Z"))
        _ = try agent.deliverDue(at: utc("2026-12-01T00:00:05Z"))
        #expect(fixture.desktop.delivered.count == 1)
        let fired = try #require(try fixture.reminder(.init(1)))
        #expect(fired.alarms.first?.firedAt == utc("2026-12-01T00:00:00Z"))
        #expect(try fixture.store.read { db in try db.deliveryCount(reminder: .init(1)) } == 1)
    }

    @Test("a restarted agent (a new process) does not ring again what was delivered")
    func restart() throws {
        let fixture = try AgentFixture()
        try fixture.add("Pay rent", due: seoul("2026-12-01T09:00"), alarms: [atDue])
        _ = try fixture.agent().deliverDue(at: utc("2026-12-01T00:00:10Z"))
        _ = try fixture.agent().deliverDue(at: utc("2026-12-01T00:01:00Z"))
        _ = try fixture.agent().deliverDue(at: utc("2026-12-02T00:00:00Z"))
        #expect(fixture.desktop.summaries == ["Pay rent"])
    }

    @Test("an import that brings an alarm back unfired does not make it ring twice")
    func importResetsFired() throws {
        let fixture = try AgentFixture()
        let alarm = Alarm(uid: "A1", trigger: .relative(seconds: 0, toStart: false))
        try fixture.add("Pay rent", due: seoul("2026-12-01T09:00"), alarms: [alarm])
        _ = try fixture.agent().deliverDue(at: utc("2026-12-01T00:00:10Z"))
        try fixture.store.write { db in
            var reminder = try #require(try db.reminder(number: .init(1)))
            reminder.alarms = [alarm]   // as an iCalendar file without fired state would
            try db.update(reminder)
        }
        let pass = try fixture.agent().deliverDue(at: utc("2026-12-01T00:05:00Z"))
        #expect(pass.notifications.isEmpty)
        #expect(fixture.desktop.delivered.count == 1)
        #expect(try fixture.reminder(.init(1))?.alarms.first?.firedAt != nil)
        #expect(pass.nextAlarm == nil)
    }

    @Test("alarms missed while no agent ran come as one notification; same-minute ones coalesce")
    func missedAndCoalesced() throws {
        let fixture = try AgentFixture()
        try fixture.add("A", due: seoul("2026-12-01T09:00"), alarms: [atDue])
        try fixture.add("B", due: seoul("2026-12-01T10:00"), alarms: [atDue])
        try fixture.add("C", due: seoul("2026-12-02T08:00"), alarms: [atDue, Alarm(trigger: .relative(seconds: -600, toStart: false))])
        try fixture.add("D", due: seoul("2026-12-03T12:00"), alarms: [atDue])
        try fixture.add("E", due: seoul("2026-12-03T12:00"), alarms: [atDue])
        let agent = fixture.agent()
        let start = try agent.deliverDue(at: utc("2026-12-02T12:00:00Z"))
        #expect(fixture.desktop.summaries == ["3 missed reminders"])
        #expect(start.notifications.first?.isMissed == true)
        #expect(start.notifications.first?.body.split(separator: "\n").count == 3)
        #expect(fixture.desktop.offeredActions == [true])
        _ = try agent.deliverDue(at: utc("2026-12-03T03:00:00Z"))
        #expect(fixture.desktop.summaries == ["3 missed reminders", "2 reminders"])
    }

    @Test("all-day alarms ring at 09:00 in the user's zone, found through the index either side of UTC", arguments: [
        ("Asia/Seoul", "2026-12-01T00:00:00Z"),
        ("Pacific/Honolulu", "2026-12-01T19:00:00Z"),
        ("Pacific/Kiritimati", "2026-11-30T19:00:00Z"),
    ])
    func allDayInZones(zoneID: String, expected: String) throws {
        let fixture = try AgentFixture()
        try fixture.add("Water", due: .allDay(CalendarDay(year: 2026, month: 12, day: 1) ?? CalendarDay(daysSinceEpoch: 0)),
                        alarms: [Alarm.defaultAlarm(for: .allDay(CalendarDay(daysSinceEpoch: 0)))])
        let agent = fixture.agent(zoneID: zoneID)
        let before = try agent.deliverDue(at: utc("2026-11-29T00:00:00Z"))
        #expect(before.nextAlarm == utc(expected))
        _ = try agent.deliverDue(at: utc(expected).addingTimeInterval(-1))
        #expect(fixture.desktop.delivered.isEmpty)
        _ = try agent.deliverDue(at: utc(expected))
        #expect(fixture.desktop.summaries == ["Water"])
    }

    @Test("rows migrated from schema 2 (index placeholder) are recomputed on the first pass")
    func repairsPlaceholder() throws {
        let fixture = try AgentFixture()
        try fixture.add("Later", due: seoul("2027-01-01T09:00"), alarms: [atDue])
        try fixture.store.write { db in try db.execute("UPDATE reminder SET next_alarm = '0001-01-01T00:00:00.000Z'") }
        let pass = try fixture.agent().deliverDue(at: utc("2026-12-01T00:00:00Z"))
        #expect(pass.notifications.isEmpty)
        #expect(pass.nextAlarm == utc("2027-01-01T00:00:00Z"))
        let key = try fixture.store.read { db in try db.earliestAlarmKey() }
        #expect(key == utc("2027-01-01T00:00:00Z"))
    }

    @Test("when the desktop fails, notifications go to the fallback and the failure is said once")
    func fallback() throws {
        var fixture = try AgentFixture()
        fixture.desktop.fails = true
        try fixture.add("A", due: seoul("2026-12-01T09:00"), alarms: [atDue])
        try fixture.add("B", due: seoul("2026-12-01T10:00"), alarms: [atDue])
        var logs: [String] = []
        let agent = fixture.agent(log: { logs.append($0) })
        _ = try agent.deliverDue(at: utc("2026-12-01T00:00:00Z"))
        _ = try agent.deliverDue(at: utc("2026-12-01T01:00:00Z"))
        #expect(fixture.stdout.summaries == ["A", "B"])
        #expect(logs.count == 1)
        #expect(logs.first?.contains("standard output") == true)
        fixture.logs = logs
    }

    @Test("Done completes the notified occurrence once; a second Done (or a stale one) changes nothing")
    func doneAction() throws {
        let fixture = try AgentFixture()
        try fixture.add("Pay rent", due: seoul("2026-12-01T09:00"), alarms: [atDue], recurrence: "FREQ=MONTHLY")
        let agent = fixture.agent()
        _ = try agent.deliverDue(at: utc("2026-12-01T00:00:00Z"))
        try agent.handle(.done(notificationID: 1), at: utc("2026-12-01T00:01:00Z"))
        try agent.handle(.done(notificationID: 1), at: utc("2026-12-01T00:02:00Z"))
        let rolled = try #require(try fixture.reminder(.init(1)))
        #expect(rolled.due == seoul("2027-01-01T09:00"))
        #expect(rolled.alarms.first?.firedAt == nil)
        #expect(try fixture.store.read { db in try db.completedOccurrenceCount(reminder: .init(1)) } == 1)
        let pass = try agent.deliverDue(at: utc("2026-12-01T00:03:00Z"))
        #expect(pass.nextAlarm == utc("2027-01-01T00:00:00Z"))
    }

    @Test("Done after the reminder was already completed from the command line does not skip an occurrence")
    func staleDone() throws {
        let fixture = try AgentFixture()
        try fixture.add("Pay rent", due: seoul("2026-12-01T09:00"), alarms: [atDue], recurrence: "FREQ=MONTHLY")
        let agent = fixture.agent()
        _ = try agent.deliverDue(at: utc("2026-12-01T00:00:00Z"))
        try fixture.complete(.init(1), at: utc("2026-12-01T00:00:30Z"))
        try agent.handle(.done(notificationID: 1), at: utc("2026-12-01T00:01:00Z"))
        #expect(try fixture.reminder(.init(1))?.due == seoul("2027-01-01T09:00"))
    }

    @Test("Snooze rings the reminder again ten minutes later, once")
    func snoozeAction() throws {
        let fixture = try AgentFixture()
        try fixture.add("Standup", due: seoul("2026-12-01T09:30"), alarms: [atDue])
        let agent = fixture.agent()
        _ = try agent.deliverDue(at: utc("2026-12-01T00:30:00Z"))
        try agent.handle(.snooze(notificationID: 1), at: utc("2026-12-01T00:31:00Z"))
        let pass = try agent.deliverDue(at: utc("2026-12-01T00:31:01Z"))
        #expect(pass.nextAlarm == utc("2026-12-01T00:41:00Z"))
        let again = try agent.deliverDue(at: utc("2026-12-01T00:41:00Z"))
        #expect(again.notifications.first?.body.hasPrefix("Overdue by 11 minutes") == true)
        _ = try agent.deliverDue(at: utc("2026-12-01T00:50:00Z"))
        #expect(fixture.desktop.summaries == ["Standup", "Standup"])
    }

    @Test("Snooze on a reminder completed or deleted since leaves it alone and snoozes the others")
    func snoozeSkipsChanged() throws {
        let fixture = try AgentFixture()
        try fixture.add("Standup", due: seoul("2026-12-01T09:30"), alarms: [atDue])
        try fixture.add("Coffee", due: seoul("2026-12-01T09:30"), alarms: [atDue])
        try fixture.add("Tea", due: seoul("2026-12-01T09:30"), alarms: [atDue])
        let agent = fixture.agent()
        _ = try agent.deliverDue(at: utc("2026-12-01T00:30:00Z"))
        try fixture.complete(.init(1), at: utc("2026-12-01T00:30:30Z"))
        try fixture.store.write { db in try db.deleteReminder(.init(3)) }
        try agent.handle(.snooze(notificationID: 1), at: utc("2026-12-01T00:31:00Z"))
        #expect(try fixture.reminder(.init(1))?.alarms.contains(where: \.isSnooze) == false)
        #expect(try fixture.reminder(.init(2))?.alarms.filter(\.isSnooze).count == 1)
    }

    @Test("without actions (--once), notifications offer no buttons")
    func noActionsWhenOnce() throws {
        let fixture = try AgentFixture()
        try fixture.add("A", due: seoul("2026-12-01T09:00"), alarms: [atDue])
        _ = try fixture.agent(actions: false).deliverDue(at: utc("2026-12-01T00:00:00Z"))
        #expect(fixture.desktop.offeredActions == [false])
    }
}

@Suite("Agent loop: sleeping until the next alarm, with a scripted clock")
struct AgentLoopTests {
    @Test("the loop waits for each alarm's instant and wakes on database changes, without sleeping")
    func loop() throws {
        let fixture = try AgentFixture()
        try fixture.add("A", due: seoul("2026-12-01T09:00"), alarms: [atDue])
        try fixture.add("B", due: seoul("2026-12-02T09:00"), alarms: [atDue])
        let events = ScriptedEvents(start: utc("2026-11-30T00:00:00Z"))
        let agent = fixture.agent()
        let loop = AgentLoop(agent: agent, events: events, clock: { events.clock }, log: { _ in })
        try loop.run(passes: 3)
        #expect(fixture.desktop.summaries == ["A", "B"])
        #expect(events.deadlines == [utc("2026-12-01T00:00:00Z"), utc("2026-12-02T00:00:00Z")])
        // A change from another process: a new alarm sooner than the waited-for one.
        try fixture.add("C", due: seoul("2026-12-05T09:00"), alarms: [atDue])
        try fixture.add("D", due: seoul("2026-12-03T09:00"), alarms: [atDue])
        events.script = [.databaseChanged]
        try loop.run(passes: 4)
        // Woken by the change before the deadline, then the new, sooner alarm is waited for.
        #expect(events.deadlines.suffix(3) == [utc("2026-12-03T00:00:00Z"), utc("2026-12-03T00:00:00Z"), utc("2026-12-05T00:00:00Z")])
        #expect(fixture.desktop.summaries == ["A", "B", "D", "C"])
    }

    /// A tester: with the database held locked past the busy timeout (a long import or undo),
    /// the agent rang an alarm, could not record it, and exited; the next agent rang it
    /// again. The loop now says the database is busy, keeps the delivery to record, tries
    /// again, and rings each alarm once.
    @Test("a busy database is waited out: the loop keeps running, and an alarm rung meanwhile is recorded once, not rung again")
    func busyDatabase() throws {
        let fixture = try AgentFixture()
        try fixture.add("A", due: seoul("2026-12-01T09:00"), alarms: [atDue])
        fixture.store.setBusyTimeout(milliseconds: 20)
        let events = ScriptedEvents(start: utc("2026-12-01T00:00:30Z"))
        var logs: [String] = []
        let loop = AgentLoop(agent: fixture.agent(), events: events, clock: { events.clock }, log: { logs.append($0) })
        let other = try Store(path: fixture.store.path, now: utc("2026-12-01T00:00:00Z"))
        try other.write { db in
            // Another process's write transaction, held while the agent runs.
            _ = try db.insert(Reminder(listID: fixture.list.id, title: "held", createdAt: utc("2026-12-01T00:00:00Z")))
            try loop.run(passes: 3)
        }
        #expect(fixture.desktop.summaries == ["A"])
        #expect(logs.contains { $0.contains("the database is busy") }, "\(logs)")
        #expect(events.deadlines.count == 2, "one retry a pass: \(events.deadlines)")
        try loop.run(passes: 1)
        #expect(fixture.desktop.summaries == ["A"], "rung once")
        let alarmUID = try #require(try fixture.reminder(Reminder.Number(1))?.alarms.first?.uid)
        let recorded = try fixture.store.read { db in
            try db.wasDelivered(reminder: Reminder.Number(1), alarmUID: alarmUID, fireAt: utc("2026-12-01T00:00:00Z"))
        }
        #expect(recorded)
    }

    @Test("with no alarm pending the loop waits with no deadline")
    func idle() throws {
        let fixture = try AgentFixture()
        let events = ScriptedEvents(start: utc("2026-11-30T00:00:00Z"))
        events.script = [.databaseChanged]
        try AgentLoop(agent: fixture.agent(), events: events, clock: { events.clock }, log: { _ in }).run(passes: 2)
        #expect(events.deadlines == [nil])
    }
}

@Suite("Agent lock, systemd unit, command hook")
struct AgentPartsTests {
    @Test("a second agent on the same database cannot take the lock until the first lets go")
    func lock() throws {
        let folder = TemporaryFolder()
        let database = folder.file("tick.sqlite3")
        var first: AgentLock? = try AgentLock(databasePath: database)
        #expect(try first?.tryLock() == true)
        let second = try AgentLock(databasePath: database)
        #expect(try second.tryLock() == false)
        #expect(second.ownerProcessID == getpid())
        first = nil
        #expect(try second.tryLock() == true)
        _ = first
    }

    @Test("the systemd unit runs the agent with the database, under XDG_CONFIG_HOME")
    func unit() {
        let unit = SystemdUnit(executable: "/opt/tick/bin/tick", databasePath: "/home/u/My Tasks/tick.sqlite3", agentArguments: ["--stdout"])
        #expect(unit.text.contains("ExecStart=/opt/tick/bin/tick --db \"/home/u/My Tasks/tick.sqlite3\" agent --stdout\n"))
        #expect(unit.text.contains("WantedBy=default.target"))
        #expect(SystemdUnit.path(xdgConfigHome: "/x/config", home: "/home/u") == "/x/config/systemd/user/tick-agent.service")
        #expect(SystemdUnit.path(xdgConfigHome: nil, home: "/home/u") == "/home/u/.config/systemd/user/tick-agent.service")
        #expect(SystemdUnit.path(xdgConfigHome: "relative", home: "/home/u") == "/home/u/.config/systemd/user/tick-agent.service")
    }

    @Test("every character systemd would read in a path or a command is escaped: nothing can add a line or a specifier",
          arguments: [
              ("/tmp/a\nExecStartPre=/bin/evil", "\"/tmp/a\\x0aExecStartPre=/bin/evil\""),
              ("/tmp/a\r\tb", "\"/tmp/a\\x0d\\x09b\""),
              ("/tmp/100%/$HOME", "/tmp/100%%/$$HOME"),
              ("/tmp/back\\slash \"q\"", "\"/tmp/back\\\\slash \\\"q\\\"\""),
              ("/tmp/\u{1B}[2J\u{85}", "\"/tmp/\\x1b[2J\\u0085\""),
              (";", "\\;"),
              ("", "\"\""),
          ])
    func unitEscaping(path: String, expected: String) throws {
        let unit = SystemdUnit(executable: "/usr/bin/tick", databasePath: path, agentArguments: ["--exec", "notify-send \"$TICK_TITLE\""])
        let lines = unit.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.hasPrefix("Exec") } == ["ExecStart=/usr/bin/tick --db \(expected) agent --exec \"notify-send \\\"$$TICK_TITLE\\\"\""])
        #expect(lines.count == 13)
        let folder = TemporaryFolder()
        let file = folder.file(SystemdUnit.fileName)
        try unit.text.write(toFile: file, atomically: true, encoding: .utf8)
        let verify = Process()
        verify.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") else { return }
        verify.arguments = ["verify", "--man=no", file]
        let errors = Pipe()
        verify.standardError = errors
        verify.standardOutput = FileHandle.nullDevice
        try verify.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        verify.waitUntilExit()
        #expect(!text.contains("Ignoring") && !text.contains("Invalid") && !text.contains("nvalid escape"), "systemd-analyze: \(text)")
    }

    @Test("the hook gets the reminder as JSON on stdin and TICK_* variables")
    func hook() throws {
        let fixture = try AgentFixture()
        let out = fixture.folder.file("hook.txt")
        try fixture.add("Pay rent", due: seoul("2026-12-01T09:00"), alarms: [atDue], priority: .high)
        var reports: [String] = []
        let hook = CommandHookNotifier(command: "{ cat; echo \"$TICK_NUMBER|$TICK_TITLE|$TICK_DUE|$TICK_PRIORITY|$TICK_ALARM_AT|$TICK_MISSED|$TICK_DUE_TEXT\"; } > '\(out)'",
                                       environment: ["PATH": "/usr/bin:/bin"], context: fixture.context(),
                                       clock: { utc("2026-12-01T00:00:00Z") },
                                       payload: { "{\"title\":\"\($0.reminder.title)\"}" }, report: { reports.append($0) })
        let agent = AlarmAgent(store: fixture.store, configuration: .init(context: fixture.context(), offersActions: false),
                               primary: fixture.desktop, fallback: fixture.stdout, hooks: [hook], log: { _ in })
        _ = try agent.deliverDue(at: utc("2026-12-01T00:00:00Z"))
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text == "{\"title\":\"Pay rent\"}\n1|Pay rent|2026-12-01T09:00:00+09:00|high|2026-12-01T00:00:00Z|0|Due now, Today 9:00 AM\n")
        #expect(reports.isEmpty)
    }
}
