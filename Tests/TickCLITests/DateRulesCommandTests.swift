import Foundation
import Testing
import TestSupport

/// The rules of dates, alarms and subtasks as the command line shows them (issue 10,
/// items 17, 18 and 22): which date an alarm counts from, a start after the due date, a
/// subtask's list, alarms already past, daylight-saving gaps and midnight.
@Suite("Date, alarm and subtask rules on the command line")
struct DateRulesCommandTests {
    static func ics(_ vtodo: String) -> Data {
        Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\n" + vtodo + "END:VTODO\r\nEND:VCALENDAR\r\n").utf8)
    }

    @Test("an alarm on a reminder with only a start date counts from the start: shown, stored and exported so")
    func alarmOnStartOnly() throws {
        let cli = CLIHarness(zone: "UTC")
        cli.ok("add", "Paint", "--start", "2026-12-03 09:00", "--alarm", "-10m")
        #expect(cli.ok("show", "1").contains("Alarm:       10 minutes before start (Dec 3, 2026 8:50 AM)"))
        let json = try #require(try cli.json("show", "1") as? [String: Any])
        let alarms = try #require(json["alarms"] as? [[String: Any]])
        #expect(alarms.first?["related"] as? String == "start")
        let ics = cli.ok("export", "--format", "ics")
        #expect(ics.contains("TRIGGER:-PT10M\r\n"))
        #expect(!ics.contains("RELATED=END"))
        #expect(!ics.contains("\r\nDUE"))
    }

    @Test("an imported trigger is worded by the date it rings from: start-related with only DUE says 'before due'")
    func importedTriggerWording() throws {
        let cli = CLIHarness(zone: "UTC")
        cli.files["a.ics"] = Self.ics("UID:a\r\nSUMMARY:Due only\r\nDUE:20261203T090000Z\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n"
            + "DESCRIPTION:x\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\n")
        cli.files["b.ics"] = Self.ics("UID:b\r\nSUMMARY:Start only\r\nDTSTART:20261203T090000Z\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n"
            + "DESCRIPTION:x\r\nTRIGGER;RELATED=END:-PT15M\r\nEND:VALARM\r\n")
        cli.ok("import", "a.ics")
        cli.ok("import", "b.ics")
        #expect(cli.ok("show", "1").contains("Alarm:       15 minutes before due (Dec 3, 2026 8:45 AM)"))
        #expect(cli.ok("show", "2").contains("Alarm:       15 minutes before start (Dec 3, 2026 8:45 AM)"))
    }

    @Test("a start date after the due date is refused on add and edit, naming the option; nothing is changed")
    func startAfterDueRefused() throws {
        let cli = CLIHarness(zone: "UTC")
        var result = cli.run("add", "Paint", "--due", "2026-12-03", "--start", "2026-12-05")
        #expect(result.status == 64)
        #expect(result.errors == "tick: error: --start: the start date (Dec 5, 2026) is after the due date (Dec 3, 2026); a reminder starts on or before its due date\n")
        #expect(cli.ok("list", "all").isEmpty || !cli.ok("list", "all").contains("Paint"))
        cli.ok("add", "Paint", "--due", "2026-12-05", "--start", "2026-12-03")
        result = cli.run("edit", "1", "--due", "2026-12-01")
        #expect(result.status == 64)
        #expect(result.errors == "tick: error: --due: the start date (Dec 3, 2026) is after the due date (Dec 1, 2026); a reminder starts on or before its due date\n")
        result = cli.run("edit", "1", "--start", "2026-12-06 10:00")
        #expect(result.errors.hasPrefix("tick: error: --start: the start date (Dec 6, 2026 10:00 AM) is after the due date (Dec 5, 2026)"))
        let json = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(json["due"] as? String == "2026-12-05" && json["start"] as? String == "2026-12-03")
        // The same day, and a time on an all-day due date's day, are in order.
        cli.ok("edit", "1", "--start", "2026-12-05 10:00")
        cli.ok("edit", "1", "--start", "2026-12-05")
    }

    @Test("an imported start date after the due date is left out with a warning naming the line; the export is valid")
    func startAfterDueImported() throws {
        let cli = CLIHarness(zone: "UTC")
        cli.files["late.ics"] = Self.ics("UID:late\r\nSUMMARY:Late\r\nDTSTART;VALUE=DATE:20261205\r\nDUE;VALUE=DATE:20261203\r\n")
        let result = cli.run("import", "late.ics")
        #expect(result.status == 0)
        #expect(result.errors == "tick: warning: late.ics line 4: the start date (Dec 5, 2026) is after the due date (Dec 3, 2026); imported without the start date\n")
        let json = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(json["start"] is NSNull && json["due"] as? String == "2026-12-03")
        #expect(!cli.ok("export", "--format", "ics").contains("DTSTART"))
        // --json lists it among the warnings.
        cli.files["late2.ics"] = Self.ics("UID:late2\r\nSUMMARY:Late\r\nDTSTART:20261205T100000Z\r\nDUE:20261205T090000Z\r\n")
        let report = try #require(try cli.json("import", "late2.ics") as? [String: Any])
        #expect((report["warnings"] as? [String])?.first?.hasPrefix("late2.ics line 4: the start date (Dec 5, 2026 10:00 AM)") == true)
    }

    @Test("a subtask lives in its parent's list: --parent with another --list and edit --list are refused; the parent moves them")
    func subtaskList() throws {
        let cli = CLIHarness(zone: "UTC")
        cli.ok("lists", "add", "Work")
        cli.ok("add", "Project", "--list", "Work")
        var result = cli.run("add", "Step", "--parent", "1", "--list", "Reminders")
        #expect(result.status == 1)
        #expect(result.errors == "tick: error: --list: a subtask lives in its parent's list, and its parent #1 is in 'Work'; move the parent instead ('tick edit 1 --list NAME' takes its subtasks along), or make it a top-level reminder\n")
        #expect(cli.ok("add", "Step", "--parent", "1", "--list", "work").hasSuffix("to Work\n"))
        cli.ok("add", "Step 2", "--parent", "1")
        result = cli.run("edit", "2", "--list", "Reminders")
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("tick: error: --list: a subtask lives in its parent's list, and its parent #1 is in 'Work'"))
        let moved = cli.run("edit", "1", "--list", "Reminders")
        #expect(moved.errors == "tick: warning: moved 2 subtasks along to Reminders\n")
        let rows = try #require(try cli.json("list", "all") as? [[String: Any]])
        #expect(rows.map { $0["list"] as? String } == ["Reminders", "Reminders", "Reminders"])
        // A new parent in another list takes the reminder there, and says so.
        cli.ok("add", "Other", "--list", "Work")
        let adopted = cli.run("edit", "3", "--parent", "4")
        #expect(adopted.status == 0)
        #expect(adopted.errors == "tick: warning: moved it to 'Work', its parent's list: a subtask lives in its parent's list\n")
    }

    @Test("an alarm that never rang has no firedAt: it is silenced, with silencedAt; a backup keeps that")
    func silencedAlarmJSON() throws {
        let cli = CLIHarness(zone: "UTC")
        // 12:00 UTC: the default alarm of a date due today (09:00) is past, and said so as an explicit one is.
        let added = cli.run("add", "Today's", "--due", "today")
        #expect(added.errors == "tick: warning: the alarm at Today 9:00 AM is in the past; it will not ring\n")
        #expect(cli.run("add", "Explicit", "--due", "tomorrow", "--remind", "today 10:00").errors
                == "tick: warning: the alarm at Today 10:00 AM is in the past; it will not ring\n")
        let alarm = try #require(((try cli.json("show", "1") as? [String: Any])?["alarms"] as? [[String: Any]])?.first)
        #expect(alarm["firedAt"] is NSNull)
        #expect(alarm["silenced"] as? Bool == true)
        #expect(alarm["silencedAt"] as? String == "2026-11-29T12:00:00Z")
        cli.ok("add", "Later", "--due", "tomorrow")
        let pending = try #require(((try cli.json("show", "3") as? [String: Any])?["alarms"] as? [[String: Any]])?.first)
        #expect(pending["firedAt"] is NSNull && pending["silenced"] as? Bool == false && pending["silencedAt"] is NSNull)
        // Restored from a backup, it is still silenced, not pending.
        let backup = cli.ok("export", "--format", "json")
        let restored = CLIHarness(zone: "UTC")
        restored.files["backup.json"] = Data(backup.utf8)
        restored.ok("import", "backup.json")
        let again = try #require(((try restored.json("show", "1") as? [String: Any])?["alarms"] as? [[String: Any]])?.first)
        #expect(again["silenced"] as? Bool == true && again["firedAt"] is NSNull)
        #expect(again["silencedAt"] as? String == "2026-11-29T12:00:00Z")
    }

    @Test("a time in a daylight-saving gap is moved forward with a note saying so")
    func daylightSavingGap() throws {
        let cli = CLIHarness(zone: "Europe/Berlin")
        let result = cli.run("add", "Gap", "--due", "2026-03-29 02:30", "--json")
        #expect(result.status == 0)
        #expect(result.errors.hasPrefix("tick: warning: --due: 02:30 on Mar 29, 2026 does not exist in Europe/Berlin (the clocks go forward); it is 3:30 AM\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["due"] as? String == "2026-03-29T03:30:00+02:00")
        #expect(cli.run("add", "Start", "--start", "mar 28 2027 2:15am").errors
                .hasPrefix("tick: warning: --start: 02:15 on Mar 28, 2027 does not exist in Europe/Berlin (the clocks go forward); it is 3:15 AM\n"))
        #expect(cli.run("add", "Fine", "--due", "2027-03-28 03:30").errors == "")
    }

    @Test("--due with a zone name in brackets (RFC 9557) is that zone's wall clock, kept across its daylight saving")
    func zoneNameInBrackets() throws {
        let cli = CLIHarness(zone: "Asia/Seoul")
        let json = try #require(try cli.json("add", "Standup", "--due", "2026-10-30T09:00-04:00[America/New_York]",
                                             "--repeat", "weekly") as? [String: Any])
        #expect(json["due"] as? String == "2026-10-30T09:00:00-04:00")
        #expect(json["dueTimeZone"] as? String == "America/New_York")
        // New York's clocks go back on November 1: the next one is 09:00 there again.
        cli.ok("done", "1")
        let next = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(next["due"] as? String == "2026-11-06T09:00:00-05:00")
        #expect(next["dueTimeZone"] as? String == "America/New_York")
        // A gap is that zone's, and the note names it and says the time there.
        let gap = cli.run("add", "Gap", "--due", "2026-03-08T02:30[America/New_York]")
        #expect(gap.errors.hasPrefix("tick: warning: --due: 02:30 on Mar 8, 2026 does not exist in America/New_York (the clocks go forward); it is 3:30 AM\n"))
        let refused = cli.run("add", "Wrong", "--due", "2026-12-05T09:00-04:00[America/New_York]")
        #expect(refused.status == 64)
        #expect(refused.errors.contains("the UTC offset -04:00 disagrees with the time zone America/New_York"))
    }

    @Test("--due midnight is the coming midnight, the start of tomorrow; a day's midnight is its start")
    func midnight() throws {
        let cli = CLIHarness(zone: "UTC") // Sunday 2026-11-29 12:00
        let json = try #require(try cli.json("add", "a", "--due", "midnight") as? [String: Any])
        #expect(json["due"] as? String == "2026-11-30T00:00:00Z")
        let friday = try #require(try cli.json("add", "b", "--due", "fri midnight") as? [String: Any])
        #expect(friday["due"] as? String == "2026-12-04T00:00:00Z")
    }
}
