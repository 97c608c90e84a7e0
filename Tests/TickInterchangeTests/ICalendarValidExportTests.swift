import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickInterchange

/// What an import keeps comes back in the export, and every export is valid RFC 5545
/// that Python's `icalendar` reads (issue 10, items 4 and 8).
@Suite("iCalendar: kept values and valid exports")
struct ICalendarValidExportTests {
    typealias F = ICalendarFixture

    /// The export's lines (unfolded: Tick folds at 75 octets).
    static func exportLines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
    }

    /// The export of the only reminder of `text` after `edit` changed it.
    static func export(_ text: String, editing edit: (inout Reminder) -> Void = { _ in }) throws -> String {
        let batch = try F.read(text)
        var (lists, reminders) = F.stored(batch)
        for index in reminders.indices { edit(&reminders[index]) }
        return ICalendarWriter().write(lists: lists, reminders: reminders)
    }

    @Test("empty LOCATION and DESCRIPTION lines are kept as they are; an empty PRIORITY comes back as PRIORITY:0")
    func emptyValues() throws {
        let text = F.vtodo(["SUMMARY:a", "LOCATION:", "DESCRIPTION:", "PRIORITY:"])
        #expect(try F.read(text).warnings == [])
        let lines = Self.exportLines(try Self.export(text))
        #expect(lines.contains("LOCATION:"))
        #expect(lines.contains("DESCRIPTION:"))
        #expect(lines.contains("PRIORITY:0"))
        #expect(!lines.contains("PRIORITY:"))
        try PythonICalendarCheck.expectValid(try Self.export(text), name: "empty values")
        // Notes written in Tick replace the empty DESCRIPTION.
        let edited = Self.exportLines(try Self.export(text) { $0.notes = "now some" })
        #expect(edited.filter { $0.hasPrefix("DESCRIPTION") } == ["DESCRIPTION:now some"])
    }

    @Test("trailing spaces inside text values are kept; after a date they are not part of the value")
    func trailingSpaces() throws {
        let text = F.vtodo(["SUMMARY:Call Bob  ", "LOCATION:Room 1 ", "X-NOTE:two spaces  ", "DUE:20261201T090000Z "])
        let reminder = try F.reminder(text)
        #expect(reminder.title == "Call Bob")
        #expect(reminder.due != nil)
        let lines = Self.exportLines(try Self.export(text))
        #expect(lines.contains("SUMMARY:Call Bob  "))
        #expect(lines.contains("LOCATION:Room 1 "))
        #expect(lines.contains("X-NOTE:two spaces  "))
        #expect(lines.contains("DUE:20261201T090000Z"))
    }

    @Test("a COMPLETED date on a to-do whose STATUS says open is kept and said, and goes when Tick completes it")
    func completedWhileOpen() throws {
        let text = F.vtodo(["SUMMARY:a", "STATUS:NEEDS-ACTION", "COMPLETED:20261101T080000Z"])
        let batch = try F.read(text, name: "c.ics")
        #expect(batch.reminders.first?.reminder.isCompleted == false)
        #expect(batch.warnings == ["c.ics line 8: this VTODO has a COMPLETED date but its STATUS says it is open; "
                                   + "STATUS decides, so it was read as open, and the COMPLETED line is kept as given"])
        let lines = Self.exportLines(try Self.export(text))
        #expect(lines.contains("STATUS:NEEDS-ACTION"))
        #expect(lines.contains("COMPLETED:20261101T080000Z"))
        let done = Self.exportLines(try Self.export(text) { $0.completedAt = Fixture.now })
        #expect(done.filter { $0.hasPrefix("COMPLETED") } == ["COMPLETED:20261129T120000Z"])
    }

    @Test("a date outside the years Tick holds is refused with its line", arguments: [
        ("DUE:-0010101T100000Z", "DUE", -1), ("DUE;VALUE=DATE:00000101", "DUE", 0), ("DTSTART:99991231T100000Z", "DTSTART", 9999),
        ("COMPLETED:00010101T000000Z", "COMPLETED", 1), ("CREATED:0000-01-01T00:00:00Z", "CREATED", 0),
        ("EXDATE;VALUE=DATE:00000101,20260101", "EXDATE", 0),
        // Found by fuzz/icalendar: libical reads an unquoted TZID with colons up to the colon
        // a date follows; the check took the first colon and let the year 1 through.
        ("DUE;TZID=/zC:go:1000ER:go:00010610T170000", "DUE", 1), ("DUE;TZID=(GMT+01:00) Rome:00000610T170000", "DUE", 0),
        // Found by fuzz/icalendar: libical reads a value by its length with sscanf("%04d%02d%02d"),
        // which skips white space and takes a sign: `1 070501` is July 5 of the year 1.
        ("DTSTART;TZID==DATE:1 070501", "DTSTART", 1), ("DUE;VALUE=DATE:+0010501", "DUE", 1),
        ("DUE:+0010705T090000Z", "DUE", 1), ("DUE:1 07 05T090000Z", "DUE", 1),
    ])
    func outOfRangeYear(line: String, name: String, year: Int) throws {
        #expect {
            try F.read(F.vtodo(["SUMMARY:a", "STATUS:COMPLETED", line]), name: "y.ics")
        } throws: { error in
            let error = error as? InterchangeError
            return error?.line == 8 && error?.kind == .invalidDate
                && error?.message == "this \(name) is in the year \(year), outside the years 2 to 9998 that Tick holds"
        }
    }

    @Test("an alarm's date outside the years Tick holds is refused with its line, a relative trigger is not a date")
    func outOfRangeAlarm() throws {
        #expect(throws: InterchangeError.self) {
            try F.read(F.vtodo(["SUMMARY:a", "DUE:20261201T090000Z", "BEGIN:VALARM", "ACTION:DISPLAY",
                                "TRIGGER;VALUE=DATE-TIME:99991231T000000Z", "END:VALARM"]))
        }
        let reminder = try F.reminder(F.vtodo(["SUMMARY:a", "DUE:20261201T090000Z", "BEGIN:VALARM", "ACTION:DISPLAY",
                                               "TRIGGER:-PT15M", "END:VALARM"]))
        #expect(reminder.alarms.count == 1)
    }

    @Test("parameters of a mapped property stay when its value is edited in Tick, but for those of the old value")
    func parametersOnEdit() throws {
        let text = F.vtodo(["SUMMARY;LANGUAGE=ko;X-LANG=ko;ALTREP=\"cid:old\":안녕", "DUE;X-SOURCE=mail;VALUE=DATE:20261201"])
        let untouched = Self.exportLines(try Self.export(text))
        #expect(untouched.contains("SUMMARY;LANGUAGE=ko;X-LANG=ko;ALTREP=\"cid:old\":안녕"))
        let edited = Self.exportLines(try Self.export(text) { reminder in
            reminder.title = "잘 가"
            reminder.due = .allDay(try! #require(CalendarDay(year: 2026, month: 12, day: 2)))
        })
        #expect(edited.contains("SUMMARY;LANGUAGE=ko;X-LANG=ko:잘 가"))
        #expect(edited.contains("DUE;X-SOURCE=mail;VALUE=DATE:20261202"))
        // Read back, the edited lines say what the reminder says.
        let again = try F.reminder(try Self.export(text) { $0.title = "잘 가" })
        #expect(again.title == "잘 가")
    }

    @Test("a malformed parameter is left out with a warning at its line, and the export is valid")
    func malformedParameter() throws {
        let text = F.vtodo(["SUMMARY:a", "STATUS:COMPLETED", "COMPLETED;America/New_York:20261101T100000", "X-A;B=\"open:x"])
        let batch = try F.read(text, name: "m.ics")
        #expect(batch.warnings == [
            "m.ics line 8: the parameter 'America/New_York' of this COMPLETED line is not NAME=value (RFC 5545 §3.1) and was left out",
            "m.ics line 9: the parameter 'B=\"open' of this X-A line is not NAME=value (RFC 5545 §3.1) and was left out",
        ])
        let exported = try Self.export(text)
        let lines = Self.exportLines(exported)
        #expect(lines.contains("COMPLETED:20261101T100000"))
        #expect(lines.contains("X-A:x"))
        try PythonICalendarCheck.expectValid(exported, name: "malformed parameter")
    }

    @Test("control characters in a text value are removed with a warning; a line whose name is not a name is left out")
    func controlCharacters() throws {
        let text = F.vtodo(["SUMMARY:Call \u{1B}[31mBob", "X-BAD NAME:x"])
        let batch = try F.read(text, name: "e.ics")
        #expect(batch.reminders.first?.reminder.title == "Call [31mBob")
        #expect(batch.warnings == [
            "e.ics line 6: control characters in this SUMMARY value (RFC 5545 §3.1 allows none but tab) were removed",
            "e.ics line 7: 'X-BAD NAME' is not a property name (letters, digits and '-', RFC 5545 §3.1); the line was ignored",
        ])
    }

    @Test("a kept line that is not valid, stored by an older Tick, is repaired or left out on export")
    func invalidStoredLines() throws {
        var (lists, reminders) = F.stored(try F.read(F.vtodo(["SUMMARY:a"])))
        reminders[0].iCalendarExtras = "COMPLETED;America/New_York:20261101T100000\nX-CTL:a\u{1B}b\nBAD_NAME:x"
        let exported = ICalendarWriter().write(lists: lists, reminders: reminders)
        let lines = Self.exportLines(exported)
        #expect(lines.contains("X-CTL:ab"))
        #expect(!lines.contains { $0.hasPrefix("BAD_NAME") })
        #expect(!exported.contains("America/New_York"))
        try PythonICalendarCheck.expectValid(exported, name: "stored lines")
    }

    @Test("METHOD is not written, and several calendars merged into one list give one VCALENDAR without it")
    func method() throws {
        let text = F.calendar(["METHOD:REQUEST", "X-WR-CALNAME:Work", "BEGIN:VTODO", "UID:1", "SUMMARY:a", "END:VTODO"])
            + F.calendar(["METHOD:REPLY", "X-WR-CALNAME:Work", "CALSCALE:GREGORIAN", "BEGIN:VTODO", "UID:2", "SUMMARY:b", "END:VTODO"])
            + F.calendar(["X-WR-CALNAME:Work", "CALSCALE:GREGORIAN", "BEGIN:VTODO", "UID:3", "SUMMARY:c", "END:VTODO"])
        let exported = try F.roundTrip(text)
        let lines = Self.exportLines(exported)
        #expect(lines.filter { $0.hasPrefix("METHOD") } == [])
        #expect(lines.filter { $0.hasPrefix("CALSCALE") } == ["CALSCALE:GREGORIAN"])
        #expect(lines.filter { $0 == "BEGIN:VCALENDAR" }.count == 1)
        try PythonICalendarCheck.expectValid(exported, name: "method")
    }

    static func zone(_ tzid: String, offset: String) -> [String] {
        ["BEGIN:VTIMEZONE", "TZID:\(tzid)", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:\(offset)",
         "TZOFFSETTO:\(offset)", "END:STANDARD", "END:VTIMEZONE"]
    }

    @Test("only the VTIMEZONEs a reminder uses are written, each once")
    func timeZones() throws {
        let text = F.calendar(Self.zone("Office Time", offset: "+0300") + Self.zone("Unused Time", offset: "+0500")
                              + ["X-WR-CALNAME:Work", "BEGIN:VTODO", "UID:1", "SUMMARY:a", "DUE;TZID=Office Time:20261201T090000",
                                 "END:VTODO"])
            + F.calendar(Self.zone("Office Time", offset: "+0300") + ["X-WR-CALNAME:Work", "BEGIN:VTODO", "UID:2", "SUMMARY:b",
                                                                       "END:VTODO"])
        let exported = try F.roundTrip(text)
        let lines = Self.exportLines(exported)
        #expect(lines.filter { $0 == "BEGIN:VTIMEZONE" }.count == 1)
        #expect(lines.filter { $0.hasPrefix("TZID:") } == ["TZID:Office Time"])
        try PythonICalendarCheck.expectValid(exported, name: "time zones")
    }

    @Test("Tick's own export of a DUE and DTSTART of different types is re-imported without the warning the original gave")
    func mismatchQuietOnReimport() throws {
        let text = F.vtodo(["SUMMARY:a", "DUE;VALUE=DATE:20261202", "DTSTART:20261201T090000Z"])
        #expect(try F.read(text).warnings.count == 1)
        let exported = try F.roundTrip(text)
        #expect(try F.read(exported).warnings == [])
        // Another program's file with the same PRODID-less contradiction still warns.
        #expect(try F.read(exported.replacingOccurrences(of: "PRODID:-//Tick//Tick Reminders//EN", with: "PRODID:-//Other//EN"))
            .warnings.count == 1)
    }

    @Test("a title or notes with control characters come back exactly from Tick's own export, which stays valid")
    func exactText() throws {
        var (lists, reminders) = F.stored(try F.read(F.vtodo(["SUMMARY:a"])))
        reminders[0].title = "Call \u{1B}[31mBob\r\nnow\u{07}"
        reminders[0].notes = "line\rbreak\u{7F}"
        let exported = ICalendarWriter().write(lists: lists, reminders: reminders)
        let lines = Self.exportLines(exported)
        #expect(lines.contains("SUMMARY:Call [31mBob\\nnow"))
        #expect(lines.contains("DESCRIPTION:line\\nbreak"))
        try PythonICalendarCheck.expectValid(exported, name: "exact text")
        let back = try F.read(exported)
        #expect(back.warnings == [])
        #expect(back.reminders.first?.reminder.title == "Call \u{1B}[31mBob\r\nnow\u{07}")
        #expect(back.reminders.first?.reminder.notes == "line\rbreak\u{7F}")
        #expect(back.reminders.first?.reminder.iCalendarExtras.contains("X-TICK") == false)
        // A leading U+FEFF is part of the exact title too (fuzz/httprequest found the same
        // decoding drop it from HTTP Basic credentials).
        reminders[0].title = "\u{FEFF}Ring\u{07}"
        let withMark = try F.read(ICalendarWriter().write(lists: lists, reminders: reminders))
        #expect(withMark.reminders.first?.reminder.title.unicodeScalars.map(\.value) == [0xFEFF] + "Ring\u{07}".unicodeScalars.map(\.value))
        // Another program that changed SUMMARY wins over the stale exact title.
        let edited = try F.reminder(exported.replacingOccurrences(of: "SUMMARY:Call [31mBob\\nnow", with: "SUMMARY:Call Alice"))
        #expect(edited.title == "Call Alice")
    }
}
