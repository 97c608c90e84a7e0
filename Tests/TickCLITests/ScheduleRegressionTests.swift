import Foundation
import Testing
import TestSupport

/// Bugs a QA pass found in repeats, alarms, `done --occurrence`, `edit --no-due`, imports
/// and messages; each kept with the right value.
@Suite("Regressions in repeats and alarms (QA pass)")
struct ScheduleRegressionTests {
    func show(_ cli: CLIHarness, _ number: String) throws -> [String: Any] {
        try #require(try cli.json("show", number) as? [String: Any])
    }

    @Test("--repeat-from completion: done twice on one day moves on each time and never records the open occurrence")
    func completionTwiceOnOneDay() throws {
        let cli = CLIHarness(zone: "UTC")
        cli.variables["TICK_NOW"] = "2026-01-01T10:00:00Z"
        cli.ok("add", "water", "--due", "2026-01-01", "--repeat", "every 3 days", "--repeat-from", "completion")
        cli.variables["TICK_NOW"] = "2026-01-04T15:00:00Z"
        #expect(cli.ok("done", "1") == "Completed #1 \"water\" (Jan 1, 2026); next: Jan 7, 2026\n")
        #expect(cli.ok("done", "1") == "Completed #1 \"water\" (Jan 7, 2026); next: Jan 10, 2026\n")
        #expect(try show(cli, "1")["due"] as? String == "2026-01-10")
        #expect(cli.ok("show", "1").contains("2 occurrences done"))
        // The open occurrence is Jan 10; completing it by date works once.
        #expect(cli.ok("done", "1", "--occurrence", "2026-01-10") == "Completed #1 \"water\" (Jan 10, 2026); next: Jan 13, 2026\n")
    }

    @Test("weekdays from completion, completed on the day before in another zone, still moves forward")
    func weekdaysAcrossZones() throws {
        let cli = CLIHarness(zone: "Asia/Tokyo")
        cli.variables["TICK_NOW"] = "2026-01-01T10:00:00Z"
        cli.ok("add", "standup", "--due", "2026-01-05", "--repeat", "weekdays", "--repeat-from", "completion")
        cli.variables["TZ"] = "America/Los_Angeles"
        cli.variables["TICK_NOW"] = "2026-01-05T03:00:00Z" // Sunday Jan 4 in Los Angeles
        #expect(cli.ok("done", "1").hasSuffix("; next: Jan 6, 2026\n"))
        #expect(try show(cli, "1")["due"] as? String == "2026-01-06")
        #expect(cli.ok("done", "1").hasSuffix("; next: Jan 7, 2026\n"))
        #expect(try show(cli, "1")["due"] as? String == "2026-01-07")
    }

    @Test("an all-day alarm is shown and rung at 09:00 local on a DST day", arguments: [
        ("Europe/Berlin", "2026-03-27T12:00:00Z", "2026-03-29", "2026-03-29T06:59:00Z", "2026-03-29T07:00:00Z", "Mar 29"),
        ("America/New_York", "2026-10-30T12:00:00Z", "2026-11-01", "2026-11-01T13:59:00Z", "2026-11-01T14:00:00Z", "Nov 1"),
    ])
    func allDayAlarmOnDSTDay(zone: String, now: String, due: String, justBefore: String, expected: String, day: String) throws {
        // The moment before, it has not rung.
        let before = CLIHarness(zone: zone)
        before.variables["TICK_NOW"] = now
        before.ok("add", "plants", "--due", due)
        before.variables["TICK_NOW"] = justBefore
        #expect(!before.ok("agent", "--once", "--stdout").contains("plants"))
        let cli = CLIHarness(zone: zone)
        cli.variables["TICK_NOW"] = now
        cli.ok("add", "plants", "--due", due)
        #expect(cli.ok("show", "1").contains("Alarm:       on the due day (\(day), 2026 9:00 AM)"))
        // The agent rings it then, not an hour off.
        cli.variables["TICK_NOW"] = expected
        #expect(cli.ok("agent", "--once", "--stdout").contains("plants"))
    }

    @Test("--alarm -24h is 24 real hours, said in hours; -1d stays on the wall clock")
    func exactHours() throws {
        let cli = CLIHarness(zone: "America/New_York")
        cli.variables["TICK_NOW"] = "2026-02-20T12:00:00Z"
        cli.ok("add", "call", "--due", "2026-03-08 09:00", "--alarm", "-24h", "--alarm", "-1d", "--alarm", "-1w")
        let shown = cli.ok("show", "1")
        #expect(shown.contains("Alarm:       24 hours before due (Mar 7, 2026 8:00 AM)"))
        #expect(shown.contains("Alarm:       1 day before due (Mar 7, 2026 9:00 AM)"))
        #expect(shown.contains("Alarm:       1 week before due (Mar 1, 2026 9:00 AM)"))
    }
}

@Suite("done --occurrence says which occurrences it cannot complete (QA pass)")
struct OccurrenceChoiceTests {
    @Test("a date alone names that day's occurrence of a timed reminder; done again is a no-op")
    func dateAloneOnTimed() throws {
        let cli = CLIHarness()
        cli.ok("add", "Pills", "--due", "2026-12-01 09:00", "--repeat", "daily")
        #expect(cli.ok("done", "1", "--occurrence", "2026-12-01") == "Completed #1 \"Pills\" (Dec 1, 2026 9:00 AM); next: Dec 2, 2026 9:00 AM\n")
        let again = cli.run("done", "1", "--occurrence", "2026-12-01")
        #expect(again.status == 0)
        #expect(again.output.contains("that occurrence is already done; the current one is Dec 2, 2026 9:00 AM"))
        #expect(cli.ok("show", "1").contains("1 occurrence done"))
    }

    @Test("a future occurrence, or a date that is no occurrence, is refused with exit 1 and nothing changes", arguments: [
        ("2026-12-05 09:00", "not due yet; the current one is Dec 1, 2026 9:00 AM"),
        ("2026-12-05", "not due yet; the current one is Dec 1, 2026 9:00 AM"),
        ("2026-11-15", "--occurrence: #1 \"Pills\" has no open or completed occurrence '2026-11-15'; the current one is Dec 1, 2026 9:00 AM"),
        ("2026-12-01 10:00", "not due yet"),
    ])
    func refused(given: String, message: String) throws {
        let cli = CLIHarness()
        cli.ok("add", "Pills", "--due", "2026-12-01 09:00", "--repeat", "daily")
        let result = cli.run("done", "1", "--occurrence", given)
        #expect(result.status == 1)
        #expect(result.errors.contains(message))
        #expect(result.output.isEmpty)
        #expect(cli.ok("show", "1").contains("Due:         Dec 1, 2026 9:00 AM"))
    }

    @Test("a plain reminder: --occurrence with another date is refused; with its own date it completes")
    func plainReminder() throws {
        let cli = CLIHarness()
        cli.ok("add", "Once", "--due", "2026-12-03")
        #expect(cli.run("done", "1", "--occurrence", "2026-12-04").status == 1)
        #expect(cli.ok("done", "1", "--occurrence", "2026-12-03") == "Completed #1 \"Once\"\n")
        #expect(cli.run("done", "1", "--occurrence", "2026-12-03").status == 0)
    }
}

@Suite("edit --no-due keeps a reminder consistent (QA pass)")
struct ClearDueTests {
    @Test("a repeating reminder needs a due date: --no-due alone is refused, with --no-repeat it works")
    func repeating() throws {
        let cli = CLIHarness()
        cli.ok("add", "Rent", "--due", "2026-12-01 09:00", "--repeat", "monthly")
        let refused = cli.run("edit", "1", "--no-due")
        #expect(refused.status == 64)
        #expect(refused.errors.contains("a repeating reminder needs a due date; add --no-repeat to stop it repeating"))
        #expect(cli.ok("show", "1").contains("Repeats:"))
        cli.ok("edit", "1", "--no-due", "--no-repeat")
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["due"] == nil || shown["due"] is NSNull)
        #expect(shown["recurrence"] == nil || shown["recurrence"] is NSNull)
        #expect((shown["alarms"] as? [Any])?.isEmpty == true)
    }

    @Test("a plain reminder loses its due-relative alarms with the due date, and keeps --remind alarms")
    func plain() throws {
        let cli = CLIHarness()
        cli.ok("add", "Dentist", "--due", "2026-12-14 15:00", "--alarm", "-1d", "--remind", "2026-12-10 09:00")
        let result = cli.run("edit", "1", "--no-due")
        #expect(result.status == 0)
        #expect(result.errors.contains("removed 1 alarm relative to the due date"))
        let show = cli.ok("show", "1")
        #expect(!show.contains("before due"))
        #expect(show.contains("Alarm:       Dec 10, 2026 9:00 AM"))
    }
}

@Suite("Imported alarms already past do not ring (QA pass)")
struct ImportedPastAlarmTests {
    static func calendar(due: String, extra: String = "") -> String {
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VTODO\r
        UID:old-1\r
        SUMMARY:Old thing\(extra)\r
        DUE:\(due)\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER;RELATED=END:-PT15M\r
        DESCRIPTION:x\r
        END:VALARM\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:new-1\r
        SUMMARY:Soon\r
        DUE:20261130T090000Z\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER;RELATED=END:-PT15M\r
        DESCRIPTION:x\r
        END:VALARM\r
        END:VTODO\r
        END:VCALENDAR\r

        """
    }

    @Test("an alarm that rang before the import does not ring on the agent's first run; a future one does")
    func importedPast() throws {
        let cli = CLIHarness()
        cli.files["old.ics"] = Data(Self.calendar(due: "20180301T090000Z").utf8)
        cli.ok("import", "old.ics")
        #expect(cli.ok("agent", "--once", "--stdout") == "")
        cli.variables["TICK_NOW"] = "2026-11-30T08:45:00Z"
        let rang = cli.ok("agent", "--once", "--stdout")
        #expect(rang.contains("Soon"))
        #expect(!rang.contains("Old thing"))
    }

    @Test("an update bringing a past alarm does not ring it; an alarm missed while stored still rings")
    func updatedPast() throws {
        let cli = CLIHarness()
        cli.files["a.ics"] = Data(Self.calendar(due: "20261129T130000Z").utf8)
        cli.ok("import", "a.ics")
        // The stored alarm (12:45Z) is missed while no agent runs; a re-import with a new title keeps it pending.
        cli.variables["TICK_NOW"] = "2026-11-29T14:00:00Z"
        cli.files["b.ics"] = Data(Self.calendar(due: "20261129T130000Z", extra: " (renamed)").utf8)
        cli.ok("import", "b.ics")
        #expect(cli.ok("agent", "--once", "--stdout").contains("Old thing (renamed)"))
        // An update that moves the due date into the past brings an alarm already past: quiet.
        cli.files["c.ics"] = Data(Self.calendar(due: "20261129T133000Z").utf8)
        cli.ok("import", "c.ics")
        #expect(!cli.ok("agent", "--once", "--stdout").contains("Old thing"))
    }
}

@Suite("Repeat rules are checked against the due date (QA pass)")
struct RuleCheckTests {
    @Test("a rule that never occurs, or ends before it starts, is refused on add and edit", arguments: [
        ("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "the rule has no day on which it occurs"),
        ("RRULE:FREQ=MONTHLY;BYMONTH=4,6,9,11;BYMONTHDAY=31", "the rule has no day on which it occurs"),
        ("RRULE:FREQ=DAILY;UNTIL=20261101", "UNTIL is before the first occurrence"),
    ])
    func refused(rule: String, reason: String) throws {
        let cli = CLIHarness()
        let added = cli.run("add", "Never", "--due", "2026-12-01", "--repeat", rule)
        #expect(added.status == 64)
        #expect(added.errors.contains(reason))
        #expect(cli.run("show", "1").status != 0)
        cli.ok("add", "Plain", "--due", "2026-12-01")
        let edited = cli.run("edit", "1", "--repeat", rule)
        #expect(edited.status == 64)
        #expect(edited.errors.contains(reason))
        #expect(!cli.ok("show", "1").contains("Repeats:"))
    }

    @Test("UNTIL takes the due date's value type (RFC 5545 §3.3.10), with a note", arguments: [
        ("2026-12-01", "RRULE:FREQ=DAILY;UNTIL=20261231T120000Z", "FREQ=DAILY;UNTIL=20261231"),
        ("2026-12-01 09:00", "RRULE:FREQ=DAILY;UNTIL=20261231", "FREQ=DAILY;UNTIL=20261231T145959Z"),
        ("2026-12-01 09:00", "RRULE:FREQ=DAILY;UNTIL=20261231T090000", "FREQ=DAILY;UNTIL=20261231T000000Z"),
        ("2026-12-01 09:00", "RRULE:FREQ=DAILY;UNTIL=20261231T000000Z", "FREQ=DAILY;UNTIL=20261231T000000Z"),
    ])
    func untilNormalized(due: String, rule: String, stored: String) throws {
        let cli = CLIHarness() // Asia/Seoul, UTC+9
        let result = cli.run("add", "Series", "--due", due, "--repeat", rule)
        #expect(result.status == 0)
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["recurrence"] as? String == stored)
        #expect(result.errors.contains("changed UNTIL") == (rule != "RRULE:" + stored))
    }
}

@Suite("Messages about snoozes, alarms and defaults (QA pass)")
struct ScheduleMessageTests {
    @Test("a zero, negative or unit-less snooze is refused as such, never as --remind or an unknown option",
          arguments: ["0m", "-5m", "-1h", "+5m", "0", "15"])
    func badSnooze(when: String) {
        let cli = CLIHarness()
        cli.ok("add", "Tea", "--due", "2026-11-29 22:00")
        let result = cli.run("snooze", "1", when)
        #expect(result.status == 64)
        #expect(result.errors.contains("snooze: '\(when)' is not a length of time after now"))
        #expect(!result.errors.contains("--remind"))
        #expect(!result.errors.contains("unknown option"))
    }

    @Test("a snooze date that cannot be read names snooze, not --remind")
    func unreadableSnoozeDate() {
        let cli = CLIHarness()
        cli.ok("add", "Tea")
        let result = cli.run("snooze", "1", "someday")
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("tick: error: snooze: cannot read 'someday'"))
    }

    @Test("add with --no-alarm and --alarm or --remind is a usage error", arguments: [["--alarm", "-5m"], ["--remind", "tomorrow 9am"]])
    func contradictoryAlarms(option: [String]) {
        let cli = CLIHarness()
        let result = cli.run(["add", "x", "--due", "2026-12-01 09:00"] + option + ["--no-alarm"])
        #expect(result.status == 64)
        #expect(result.errors.contains("--no-alarm and \(option[0]) contradict each other"))
        #expect(cli.run("show", "1").status != 0)
    }

    @Test("a bad TICK_DEFAULT_ALARM or TICK_ALL_DAY_ALARM is warned about once and ignored", arguments: [
        ("TICK_DEFAULT_ALARM", "foo", "2026-12-01 09:00", "PT0S"),
        ("TICK_ALL_DAY_ALARM", "9 o'clock", "2026-12-01", "PT9H"),
    ])
    func badDefaults(variable: String, value: String, due: String, trigger: String) throws {
        let cli = CLIHarness()
        cli.variables[variable] = value
        let plain = cli.run("add", "no due")
        #expect(plain.status == 0)
        #expect(plain.errors.components(separatedBy: "\n").filter { $0.contains(variable) }.count == 1)
        let dated = cli.run("add", "with due", "--due", due)
        #expect(dated.status == 0)
        let shown = try #require(try cli.json("show", "2") as? [String: Any])
        #expect((shown["alarms"] as? [[String: Any]])?.map { $0["trigger"] as? String } == [trigger])
    }

    @Test("show says an alarm past when set did not ring, and never says rang for it")
    func silencedAlarm() {
        let cli = CLIHarness() // now: Nov 29, 21:00 Seoul
        cli.ok("add", "Late", "--due", "2026-11-29 20:00")
        let shown = cli.ok("show", "1")
        #expect(shown.contains("did not ring (already past)"))
        #expect(!shown.contains("rang"))
        // Reopened onto an occurrence already past: quiet, and said so.
        cli.ok("add", "Daily", "--due", "2026-11-29 20:00", "--repeat", "daily")
        cli.ok("done", "2")
        cli.ok("undone", "2")
        #expect(cli.ok("show", "2").contains("did not ring (already past)"))
        // An alarm the agent delivered did ring.
        cli.ok("add", "Soon", "--due", "2026-11-29 21:30")
        cli.variables["TICK_NOW"] = "2026-11-29T12:30:00Z"
        cli.ok("agent", "--once", "--stdout")
        #expect(cli.ok("show", "3").contains("rang Today 9:30 PM"))
    }

    @Test("completing a reminder drops its snooze; show lists no snooze on a completed reminder")
    func snoozeOnCompleted() {
        let cli = CLIHarness()
        cli.ok("add", "Tea", "--due", "2026-11-29 22:00")
        cli.ok("snooze", "1", "15m")
        #expect(cli.ok("show", "1").contains("snoozed"))
        cli.ok("done", "1")
        #expect(!cli.ok("show", "1").contains("snoozed"))
    }
}
