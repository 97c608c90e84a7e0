import Foundation
import Testing
import TestSupport

/// `--repeat`, `--alarm`, `--remind`, `done` on repeating reminders, `snooze`, `agent`.
/// The harness clock is 2026-11-29T12:00:00Z, 21:00 on a Sunday in Seoul.
@Suite("tick add/edit/done/snooze/agent with repeats and alarms")
struct ScheduleCommandTests {
    func alarms(_ cli: CLIHarness, _ number: String) throws -> [[String: Any]] {
        let shown = try #require(try cli.json("show", number) as? [String: Any])
        return try #require(shown["alarms"] as? [[String: Any]])
    }

    func field(_ cli: CLIHarness, _ number: String, _ key: String) throws -> Any? {
        let shown = try #require(try cli.json("show", number) as? [String: Any])
        return shown[key]
    }

    @Test("the issue's examples: monthly rent, plants from completion, standup on weekdays, dentist, call mom")
    func issueExamples() throws {
        let cli = CLIHarness()
        #expect(cli.ok("add", "Pay rent", "--due", "2026-12-01 09:00", "--repeat", "monthly")
                == "Added #1 \"Pay rent\" to Reminders, due Dec 1, 2026 9:00 AM, repeating monthly\n")
        #expect(cli.ok("add", "Water plants", "--due", "today", "--repeat", "every 3 days", "--repeat-from", "completion")
                == "Added #2 \"Water plants\" to Reminders, due Today, repeating every 3 days after completion\n")
        #expect(cli.ok("add", "Standup", "--due", "mon 9:30", "--repeat", "weekdays", "--alarm", "-10m")
                == "Added #3 \"Standup\" to Reminders, due Tomorrow 9:30 AM, repeating weekdays\n")
        cli.ok("add", "Dentist", "--due", "dec 14 15:00", "--alarm", "-1d", "--alarm", "-1h")
        cli.ok("add", "Call mom", "--remind", "tomorrow 18:00")
        #expect(try alarms(cli, "1").map { $0["trigger"] as? String } == ["PT0S"])
        #expect(try alarms(cli, "2").map { $0["trigger"] as? String } == ["PT9H"])
        #expect(try alarms(cli, "3").map { $0["trigger"] as? String } == ["-PT10M"])
        #expect(try alarms(cli, "4").map { $0["trigger"] as? String } == ["-P1D", "-PT1H"])
        #expect(try alarms(cli, "5").map { $0["at"] as? String } == ["2026-11-30T09:00:00Z"])
        #expect(try field(cli, "2", "repeatFrom") as? String == "completion")
        #expect(try field(cli, "3", "recurrence") as? String == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        let list = cli.ok("list")
        #expect(list.contains("↻ Monthly"))
        #expect(list.contains("↻ Weekdays"))
        let show = cli.ok("show", "4")
        #expect(show.contains("Alarm:       1 day before due (Dec 13, 2026 3:00 PM)"))
    }

    @Test("done moves a repeating reminder to its next occurrence; undone steps back; the history counts")
    func doneAndUndone() throws {
        let cli = CLIHarness()
        cli.ok("add", "Month end", "--due", "2027-01-31", "--repeat", "monthly")
        #expect(cli.ok("done", "1") == "Completed #1 \"Month end\" (Jan 31, 2027); next: Mar 31, 2027\n")
        #expect(cli.ok("show", "1").contains("Repeats:     Monthly on the 31st  (RRULE:FREQ=MONTHLY); 1 occurrence done"))
        #expect(cli.ok("undone", "1") == "Reopened #1 \"Month end\" (back to Jan 31, 2027)\n")
        #expect(try field(cli, "1", "due") as? String == "2027-01-31")
        #expect(cli.ok("undone", "1") == "Reopened #1 \"Month end\" (already open)\n")
    }

    @Test("COUNT ends the series: the last done completes the reminder")
    func countEnds() throws {
        let cli = CLIHarness()
        cli.ok("add", "Twice", "--due", "2026-12-01", "--repeat", "RRULE:FREQ=DAILY;COUNT=2")
        cli.ok("done", "1")
        #expect(try field(cli, "1", "recurrence") as? String == "FREQ=DAILY;COUNT=1")
        #expect(cli.ok("done", "1") == "Completed #1 \"Twice\" (Dec 2, 2026), the last of its series\n")
        #expect(try field(cli, "1", "completed") as? Bool == true)
        #expect(cli.ok("done", "1") == "Completed #1 \"Twice\" (already completed)\n")
    }

    @Test("done --occurrence completes that occurrence once, however often it runs")
    func idempotentDone() throws {
        let cli = CLIHarness()
        cli.ok("add", "Standup", "--due", "2026-11-30 09:30", "--repeat", "weekdays")
        cli.ok("done", "1", "--occurrence", "2026-11-30 09:30")
        let again = cli.ok("done", "1", "--occurrence", "2026-11-30 09:30")
        #expect(again.contains("that occurrence is already done"))
        #expect(try field(cli, "1", "due") as? String == "2026-12-01T09:30:00+09:00")
    }

    @Test("a due date off the rule moves onto it, with a note")
    func synchronized() throws {
        let cli = CLIHarness()
        let result = cli.run("add", "Gym", "--due", "wed", "--repeat", "every monday")
        #expect(result.status == 0)
        #expect(result.errors.contains("moved the due date to Dec 7, 2026"))
        #expect(try field(cli, "1", "due") as? String == "2026-12-07")
    }

    @Test("edit sets and clears repeats and alarms", arguments: [0])
    func edit(_: Int) throws {
        let cli = CLIHarness()
        cli.ok("add", "Task", "--due", "2026-12-01 09:00")
        cli.ok("edit", "1", "--repeat", "every 2 weeks", "--no-alarm", "--alarm", "-1h", "--remind", "2026-11-30 20:00")
        #expect(try field(cli, "1", "recurrence") as? String == "FREQ=WEEKLY;INTERVAL=2")
        #expect(try alarms(cli, "1").count == 2)
        cli.ok("edit", "1", "--no-repeat", "--no-alarm")
        #expect(try field(cli, "1", "recurrence") is NSNull)
        #expect(try alarms(cli, "1").isEmpty)
        cli.ok("edit", "1", "--due", "2026-12-02 10:00")
        #expect(try alarms(cli, "1").map { $0["trigger"] as? String } == ["PT0S"])
    }

    @Test("defaults are configurable: TICK_DEFAULT_ALARM, TICK_ALL_DAY_ALARM; --no-alarm")
    func defaults() throws {
        let cli = CLIHarness()
        cli.variables["TICK_DEFAULT_ALARM"] = "-15m"
        cli.variables["TICK_ALL_DAY_ALARM"] = "08:30"
        cli.ok("add", "Timed", "--due", "2026-12-01 09:00")
        cli.ok("add", "Day", "--due", "2026-12-01")
        cli.ok("add", "Quiet", "--due", "2026-12-01", "--no-alarm")
        #expect(try alarms(cli, "1").map { $0["trigger"] as? String } == ["-PT15M"])
        #expect(try alarms(cli, "2").map { $0["trigger"] as? String } == ["PT8H30M"])
        #expect(try alarms(cli, "3").isEmpty)
        cli.variables["TICK_ALL_DAY_ALARM"] = "none"
        cli.ok("add", "None", "--due", "2026-12-01")
        #expect(try alarms(cli, "4").isEmpty)
    }

    @Test("bad values are usage errors that begin with the option; nothing is saved", arguments: [
        (["add", "x", "--repeat", "daily"], "--repeat: a repeating reminder needs a due date"),
        (["add", "x", "--due", "today", "--repeat", "sometimes"], "--repeat: cannot repeat 'sometimes'"),
        (["add", "x", "--due", "today", "--alarm", "10m"], "--alarm: cannot read '10m' as a duration: say -10m"),
        (["add", "x", "--alarm", "-10m"], "--alarm: an alarm offset counts from the due date"),
        (["add", "x", "--due", "today", "--repeat-from", "completion"], "--repeat-from: only a repeating reminder"),
        (["add", "x", "--due", "today", "--repeat", "daily", "--repeat-from", "later"], "--repeat-from: 'later' is neither 'due' nor 'completion'"),
        (["add", "x", "--due", "today", "--repeat", "RRULE:FREQ=DAILY;COUNT=1;UNTIL=20261231"], "--repeat: "),
        (["add", "x", "--due", "2026-12-03", "--start", "2026-12-04"], "--start: the start date"),
        (["add", "x", "--due", "25:00"], "--due: cannot read '25:00' as a date"),
        (["add", "x", "--remind", "13pm"], "--remind: "),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let cli = CLIHarness()
        let result = cli.run(arguments)
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("tick: error: " + message), "\(result.errors)")
        let all = try #require(try cli.json("list", "all") as? [Any])
        #expect(all.isEmpty)
    }

    @Test("snooze brings the alarm back later; a newer snooze replaces an earlier one")
    func snooze() throws {
        let cli = CLIHarness()
        cli.ok("add", "Call mom", "--remind", "today 21:30")
        #expect(cli.ok("snooze", "1", "15m") == "Snoozed #1 \"Call mom\" until Today 9:15 PM\n")
        #expect(cli.ok("snooze", "1", "tomorrow", "9am") == "Snoozed #1 \"Call mom\" until Tomorrow 9:00 AM\n")
        let snoozes = try alarms(cli, "1").filter { $0["snooze"] as? Bool == true }
        #expect(snoozes.map { $0["at"] as? String } == ["2026-11-30T00:00:00Z"])
        #expect(cli.run("snooze", "1", "yesterday").status == 64)
        cli.ok("done", "1")
        #expect(cli.run("snooze", "1", "10m").status == 1)
    }

    @Test("agent --exec with no session bus: the hook is the delivery, nothing on standard output unless --stdout")
    func agentExecIsTheDelivery() throws {
        let cli = CLIHarness()
        cli.variables["PATH"] = "/usr/bin:/bin"
        let log = cli.folder.file("hook.txt")
        cli.ok("add", "Pay rent", "--due", "2026-11-30 09:00")
        cli.ok("add", "Standup", "--due", "2026-11-30 10:00")
        cli.variables["TICK_NOW"] = "2026-11-30T00:00:00Z"
        let quiet = cli.run("agent", "--once", "--exec", "echo \"$TICK_TITLE\" >> '\(log)'")
        #expect(quiet.status == 0)
        #expect(quiet.output == "")
        #expect(quiet.errors.contains("alarms go to the --exec command only"))
        #expect(!quiet.errors.contains("standard output"))
        cli.variables["TICK_NOW"] = "2026-11-30T01:00:00Z"
        let both = cli.run("agent", "--once", "--stdout", "--exec", "echo \"$TICK_TITLE\" >> '\(log)'")
        #expect(both.output == "2026-11-30 10:00  Standup — Due now, Today 10:00 AM · Reminders\n")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "Pay rent\nStandup\n")
    }

    @Test("agent --once --stdout prints what is due, once")
    func agentOnce() throws {
        let cli = CLIHarness()
        cli.ok("add", "Pay rent", "--due", "2026-11-30 09:00", "--repeat", "monthly")
        cli.ok("add", "Standup", "--due", "2026-11-30 09:30", "--alarm", "-10m")
        cli.ok("add", "Later", "--due", "2026-12-30 09:30")
        cli.variables["TICK_NOW"] = "2026-11-30T00:20:00Z"
        let first = cli.ok("agent", "--once", "--stdout")
        #expect(first == "2026-11-30 09:20  Pay rent — Overdue by 20 minutes, Today 9:00 AM · Reminders\n"
                + "2026-11-30 09:20  Standup — Due in 10 minutes, Today 9:30 AM · Reminders\n")
        #expect(cli.ok("agent", "--once", "--stdout") == "")
        cli.variables["TICK_NOW"] = "2026-12-01T00:00:00Z"
        #expect(cli.ok("agent", "--once", "--stdout") == "")
    }

    @Test("agent without a session bus says so once and writes to stdout")
    func agentWithoutBus() throws {
        let cli = CLIHarness()
        cli.ok("add", "A", "--due", "2026-11-30 09:00")
        cli.variables["TICK_NOW"] = "2026-11-30T00:00:00Z"
        let result = cli.run("agent", "--once")
        #expect(result.status == 0)
        #expect(result.output == "2026-11-30 09:00  A — Due now, Today 9:00 AM · Reminders\n")
        #expect(result.errors.components(separatedBy: "no session bus").count == 2)
    }

    @Test("agent --install-systemd writes the unit under XDG_CONFIG_HOME and says how to enable it")
    func installUnit() throws {
        let cli = CLIHarness()
        cli.executablePath = "/opt/tick/bin/tick"
        cli.variables["XDG_CONFIG_HOME"] = cli.folder.file("config")
        let output = cli.ok("agent", "--install-systemd")
        let path = cli.folder.file("config") + "/systemd/user/tick-agent.service"
        #expect(output.contains("systemctl --user enable --now tick-agent.service"))
        let unit = try String(contentsOfFile: path, encoding: .utf8)
        #expect(unit.contains("ExecStart=/opt/tick/bin/tick --db \(cli.databasePath) agent\n"))
    }
}

@Suite("Imports never bring back completed occurrences")
struct RepeatImportTests {
    @Test("export, complete, import the old export: the reminder stays on its next occurrence, once")
    func reimport() throws {
        let cli = CLIHarness()
        cli.ok("add", "Pay rent", "--due", "2026-12-01 09:00", "--repeat", "monthly")
        cli.files["backup.json"] = Data(cli.ok("export", "--format", "json").utf8)
        cli.ok("done", "1")
        cli.ok("import", "backup.json")
        cli.ok("import", "backup.json")
        let all = try #require(try cli.json("list", "all") as? [[String: Any]])
        #expect(all.count == 1)
        #expect(all.first?["due"] as? String == "2027-01-01T09:00:00+09:00")
    }
}
