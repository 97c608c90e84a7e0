import Foundation
import Testing
import TestSupport

/// Thunderbird and eM Client complete one occurrence of a repeating to-do by writing a
/// changed occurrence (`RECURRENCE-ID`) with `STATUS:COMPLETED`, leaving the series where
/// it was. Tick moves the series past it, as `tick done` would, and records it.
@Suite("An occurrence completed in a RECURRENCE-ID override")
struct CompletedOverrideTests {
    /// A daily series due 2026-12-01 09:00 in Berlin whose first `count` occurrences are
    /// completed in overrides named by their start (`RECURRENCE-ID` = `DTSTART`).
    static func series(completed count: Int, start: Bool = true) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//Mail client//EN",
                     "BEGIN:VTODO", "UID:daily-1", "DTSTAMP:20261201T000000Z", "LAST-MODIFIED:20261203T000000Z", "SUMMARY:Stretch",
                     "RRULE:FREQ=DAILY", "DUE;TZID=Europe/Berlin:20261201T090000", "END:VTODO"]
        if start { lines.insert("DTSTART;TZID=Europe/Berlin:20261201T080000", at: 9) }
        for day in 0..<count {
            let date = String(format: "202612%02d", day + 1)
            lines += ["BEGIN:VTODO", "UID:daily-1", "DTSTAMP:20261201T000000Z", "SUMMARY:Stretch",
                      "RECURRENCE-ID;TZID=Europe/Berlin:\(date)T\(start ? "08" : "09")0000",
                      "DUE;TZID=Europe/Berlin:\(date)T090000", "STATUS:COMPLETED", "COMPLETED:\(date)T100000Z",
                      "PERCENT-COMPLETE:100", "END:VTODO"]
        }
        return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    @Test("the series moves past each completed occurrence and records it; the overrides are kept; a re-import changes nothing",
          arguments: [true, false])
    func movesPast(start: Bool) throws {
        let cli = CLIHarness(zone: "Europe/Berlin")
        cli.variables["TICK_NOW"] = "2026-12-04T12:00:00Z"
        cli.files["daily.ics"] = Data(Self.series(completed: 2, start: start).utf8)
        cli.ok("import", "daily.ics")
        let reminder = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(reminder["due"] as? String == "2026-12-03T09:00:00+01:00")
        #expect(reminder["completed"] as? Bool == false)
        #expect(cli.ok("show", "1").contains("2 occurrences done"))
        let exported = cli.ok("export", "--format", "ics")
        #expect(exported.components(separatedBy: "RECURRENCE-ID").count == 3, "\(exported)")
        let again = try #require(try cli.json("import", "daily.ics", "--json") as? [String: Any])
        #expect(again["unchanged"] as? Int == 1 && again["completedOccurrences"] as? Int == 0, "\(again)")
        // `undone` steps back to the last occurrence the other app completed, and reopens its
        // override: Tick's own export imported back leaves it open (a tester: it moved on again).
        cli.ok("undone", "1")
        #expect((try cli.json("show", "1") as? [String: Any])?["due"] as? String == "2026-12-02T09:00:00+01:00")
        cli.files["again.ics"] = Data(cli.ok("export", "--format", "ics").utf8)
        let reimported = try #require(try cli.json("import", "again.ics", "--json") as? [String: Any])
        #expect(reimported["unchanged"] as? Int == 1, "\(reimported)")
        #expect((try cli.json("show", "1") as? [String: Any])?["due"] as? String == "2026-12-02T09:00:00+01:00")
        let fresh = CLIHarness(zone: "Europe/Berlin")
        fresh.files["again.ics"] = cli.files["again.ics"]
        fresh.ok("import", "again.ics")
        #expect((try fresh.json("show", "1") as? [String: Any])?["due"] as? String == "2026-12-02T09:00:00+01:00")
        // The override of the first occurrence is still completed in the export.
        #expect(cli.ok("export", "--format", "ics").components(separatedBy: "STATUS:COMPLETED").count == 2)
    }

    @Test("an override that is not completed, or of another occurrence, leaves the series where it is")
    func notCompleted() throws {
        let cli = CLIHarness(zone: "Europe/Berlin")
        cli.variables["TICK_NOW"] = "2026-12-04T12:00:00Z"
        let text = Self.series(completed: 1).replacingOccurrences(of: "RECURRENCE-ID;TZID=Europe/Berlin:20261201T080000",
                                                                   with: "RECURRENCE-ID;TZID=Europe/Berlin:20261202T080000")
        cli.files["later.ics"] = Data(text.utf8)
        cli.ok("import", "later.ics")
        #expect((try cli.json("show", "1") as? [String: Any])?["due"] as? String == "2026-12-01T09:00:00+01:00")
        let open = Self.series(completed: 1).replacingOccurrences(of: "STATUS:COMPLETED\r\nCOMPLETED:20261201T100000Z\r\nPERCENT-COMPLETE:100\r\n",
                                                                   with: "STATUS:IN-PROCESS\r\n")
        let other = CLIHarness(zone: "Europe/Berlin")
        other.files["open.ics"] = Data(open.utf8)
        other.ok("import", "open.ics")
        #expect((try other.json("show", "1") as? [String: Any])?["due"] as? String == "2026-12-01T09:00:00+01:00")
    }

    /// A tester: an override completing a later occurrence was kept; once `tick done` reached
    /// that occurrence Tick showed it open, while its export, imported back, moved past it.
    @Test("done passes an occurrence another app completed in a kept override, records it, and undo takes both back")
    func donePassesACompletedOverride() throws {
        let cli = CLIHarness(zone: "Europe/Berlin")
        cli.variables["TICK_NOW"] = "2026-12-04T12:00:00Z"
        let second = Self.series(completed: 2).components(separatedBy: "BEGIN:VTODO\r\n")
        // The series and the override of Dec 2 only.
        cli.files["later.ics"] = Data((second[0] + "BEGIN:VTODO\r\n" + second[1] + "BEGIN:VTODO\r\n" + second[3]).utf8)
        cli.ok("import", "later.ics")
        #expect((try cli.json("show", "1") as? [String: Any])?["due"] as? String == "2026-12-01T09:00:00+01:00")
        cli.ok("done", "1")
        #expect((try cli.json("show", "1") as? [String: Any])?["due"] as? String == "2026-12-03T09:00:00+01:00")
        #expect(cli.ok("show", "1").contains("2 occurrences done"))
        cli.files["again.ics"] = Data(cli.ok("export", "--format", "ics").utf8)
        #expect((try cli.json("import", "again.ics", "--json") as? [String: Any])?["unchanged"] as? Int == 1)
        cli.ok("undo")
        #expect((try cli.json("show", "1") as? [String: Any])?["due"] as? String == "2026-12-01T09:00:00+01:00")
        #expect(!cli.ok("show", "1").contains("occurrences done") && !cli.ok("show", "1").contains("occurrence done"))
    }

    /// A tester: `undone` reopened eM Client's completed override, `done` of the same occurrence
    /// left it open, so the export (and a sync) said that occurrence was not done.
    @Test("done of an occurrence a kept override names says so in the override: after undone, and for one left open")
    func doneCompletesItsOverride() throws {
        let cli = CLIHarness(zone: "Europe/Berlin")
        cli.variables["TICK_NOW"] = "2026-12-04T12:00:00Z"
        cli.files["daily.ics"] = Data(Self.series(completed: 1).utf8)
        cli.ok("import", "daily.ics")
        cli.ok("undone", "1")
        #expect(!cli.ok("export", "--format", "ics").contains("STATUS:COMPLETED"))
        cli.ok("done", "1")
        let exported = cli.ok("export", "--format", "ics")
        let override = try #require(exported.components(separatedBy: "BEGIN:VTODO").first { $0.contains("RECURRENCE-ID") })
        #expect(override.contains("STATUS:COMPLETED\r\nPERCENT-COMPLETE:100\r\nCOMPLETED:20261204T120000Z\r\nEND:VTODO"), "\(override)")
        // Its export read into a fresh database: the series past it.
        let fresh = CLIHarness(zone: "Europe/Berlin")
        fresh.files["again.ics"] = Data(exported.utf8)
        fresh.ok("import", "again.ics")
        #expect((try fresh.json("show", "1") as? [String: Any])?["due"] as? String == "2026-12-02T09:00:00+01:00")

        // An override another app changed but left open (IN-PROCESS) is completed with the occurrence.
        let open = Self.series(completed: 1).replacingOccurrences(of: "STATUS:COMPLETED\r\nCOMPLETED:20261201T100000Z\r\nPERCENT-COMPLETE:100\r\n",
                                                                   with: "STATUS:IN-PROCESS\r\n")
        let other = CLIHarness(zone: "Europe/Berlin")
        other.variables["TICK_NOW"] = "2026-12-04T12:00:00Z"
        other.files["open.ics"] = Data(open.utf8)
        other.ok("import", "open.ics")
        other.ok("done", "1")
        let written = other.ok("export", "--format", "ics")
        #expect(!written.contains("IN-PROCESS") && written.components(separatedBy: "STATUS:COMPLETED").count == 2, "\(written)")
        // An override completed already keeps its own lines and time.
        let kept = CLIHarness(zone: "Europe/Berlin")
        kept.variables["TICK_NOW"] = "2026-12-04T12:00:00Z"
        kept.files["daily.ics"] = Data(Self.series(completed: 0).utf8)
        kept.ok("import", "daily.ics")
        kept.ok("done", "1")
        #expect(!kept.ok("export", "--format", "ics").contains("RECURRENCE-ID"))
    }

    @Test("the override alone, for a series already stored, moves it too")
    func overrideAlone() throws {
        let cli = CLIHarness(zone: "Europe/Berlin")
        cli.variables["TICK_NOW"] = "2026-12-04T12:00:00Z"
        cli.files["series.ics"] = Data(Self.series(completed: 0).utf8)
        cli.ok("import", "series.ics")
        let full = Self.series(completed: 1)
        let start = try #require(full.range(of: "BEGIN:VTODO\r\nUID:daily-1\r\nDTSTAMP:20261201T000000Z\r\nSUMMARY:Stretch\r\nRECURRENCE-ID"))
        cli.files["override.ics"] = Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tests//Mail client//EN\r\n" + full[start.lowerBound...]).utf8)
        cli.ok("import", "override.ics")
        #expect((try cli.json("show", "1") as? [String: Any])?["due"] as? String == "2026-12-02T09:00:00+01:00")
        #expect(cli.ok("show", "1").contains("1 occurrence done"))
    }

    /// A tester (t89): the override imported first, then its series in another import, left the
    /// series at the completed occurrence with nothing recorded; from one file it moved on.
    @Test("the override first, its series in a later import: the series moves past it and records it, as from one file")
    func overrideBeforeItsSeries() throws {
        let cli = CLIHarness(zone: "Europe/Berlin")
        cli.variables["TICK_NOW"] = "2026-12-04T12:00:00Z"
        let full = Self.series(completed: 1)
        let start = try #require(full.range(of: "BEGIN:VTODO\r\nUID:daily-1\r\nDTSTAMP:20261201T000000Z\r\nSUMMARY:Stretch\r\nRECURRENCE-ID"))
        let header = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tests//Mail client//EN\r\n"
        cli.files["override.ics"] = Data((header + full[start.lowerBound...]).utf8)
        cli.files["series.ics"] = Data(Self.series(completed: 0).utf8)
        cli.ok("import", "override.ics")
        let series = try #require(try cli.json("import", "series.ics", "--json") as? [String: Any])
        #expect(series["completedOccurrences"] as? Int == 1, "\(series)")
        #expect((try cli.json("show", "1") as? [String: Any])?["due"] as? String == "2026-12-02T09:00:00+01:00")
        #expect(cli.ok("show", "1").contains("1 occurrence done"))
        #expect(cli.ok("export", "--format", "ics").contains("RECURRENCE-ID;TZID=Europe/Berlin:20261201T080000"))
        // An open override does not move it.
        let open = CLIHarness(zone: "Europe/Berlin")
        open.variables["TICK_NOW"] = "2026-12-04T12:00:00Z"
        open.files["override.ics"] = Data((header + full[start.lowerBound...]).replacingOccurrences(of: "STATUS:COMPLETED", with: "STATUS:NEEDS-ACTION")
            .replacingOccurrences(of: "COMPLETED:20261201T100000Z\r\n", with: "").utf8)
        open.files["series.ics"] = cli.files["series.ics"]
        open.ok("import", "override.ics")
        open.ok("import", "series.ics")
        #expect((try open.json("show", "1") as? [String: Any])?["due"] as? String == "2026-12-01T09:00:00+01:00")
    }

    @Test("the corpus's Thunderbird and eM Client files: the series is past the completed occurrence",
          .enabled(if: !Fixture.corpusFiles("ics").isEmpty, "needs ../shared/corpus (TICK_CORPUS)"), arguments: [
        ("tasksorg-thunderbird-completed-repeating-task.ics", "America/Chicago", "2020-12-21T17:00:00-06:00"),
        ("tasksorg-emclient-completed-recurring-task.ics", "Europe/Berlin", "2020-09-11T00:00:00"),
    ])
    func corpus(name: String, zone: String, due: String) throws {
        let path = try #require(Fixture.corpusFiles("ics").first { $0.hasSuffix("/" + name) })
        let cli = CLIHarness(zone: zone)
        cli.variables["TICK_NOW"] = "2026-12-04T12:00:00Z"
        cli.files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
        cli.ok("import", name)
        let reminder = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(reminder["due"] as? String == due)
        #expect(cli.ok("show", "1").contains("1 occurrence done"))
    }
}
