import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickInterchange

/// Import rules, one mapping at a time (RFC 5545 §3.6.2 and the table in `VTodoMapping`).
@Suite("iCalendar import mapping")
struct ICalendarReaderTests {
    typealias F = ICalendarFixture

    static func instant(_ text: String) throws -> Date {
        try #require(Due.instant(fromISO8601: text))
    }

    @Test("UID, SUMMARY with commas and semicolons, DESCRIPTION with line breaks, URL")
    func textFields() throws {
        let reminder = try F.reminder(F.vtodo([
            "UID:abc-123@example.com",
            "SUMMARY:Milk\\, eggs\\; bread \\\\ butter",
            "DESCRIPTION:First line\\nSecond line\\, with comma",
            "URL:https://example.org/form?a=1&b=2",
        ]))
        #expect(reminder.uid == "abc-123@example.com")
        #expect(reminder.title == "Milk, eggs; bread \\ butter")
        #expect(reminder.notes == "First line\nSecond line, with comma")
        #expect(reminder.url == "https://example.org/form?a=1&b=2")
        #expect(reminder.iCalendarExtras.isEmpty)
    }

    @Test("DUE and DTSTART in every form: DATE, floating, UTC, TZID")
    func dateForms() throws {
        let allDay = try F.reminder(F.vtodo(["SUMMARY:a", "DUE;VALUE=DATE:20261201", "DTSTART;VALUE=DATE:20261125"]))
        #expect(allDay.due == .allDay(try #require(CalendarDay("2026-12-01"))))
        #expect(allDay.start == .allDay(try #require(CalendarDay("2026-11-25"))))

        let floating = try F.reminder(F.vtodo(["SUMMARY:a", "DUE:20261201T090000"]))
        #expect(floating.due == .floating(try #require(LocalDateTime("2026-12-01T09:00:00"))))

        let utc = try F.reminder(F.vtodo(["SUMMARY:a", "DUE:20261201T090000Z"]))
        #expect(utc.due == .timed(try Self.instant("2026-12-01T09:00:00Z"), timeZone: "UTC"))

        let zoned = try F.reminder(F.vtodo(["SUMMARY:a", "DUE;TZID=Asia/Seoul:20261201T090000"]))
        #expect(zoned.due == .timed(try Self.instant("2026-12-01T00:00:00Z"), timeZone: "Asia/Seoul"))
    }

    @Test("DUE across a DST change: the wall clock of the TZID decides the offset")
    func dueAcrossDST() throws {
        // New York: EDT (-4) until 2026-11-01 02:00, then EST (-5).
        let before = try F.reminder(F.vtodo(["SUMMARY:a", "DUE;TZID=America/New_York:20261031T090000"]))
        let after = try F.reminder(F.vtodo(["SUMMARY:a", "DUE;TZID=America/New_York:20261102T090000"]))
        #expect(before.due == .timed(try Self.instant("2026-10-31T13:00:00Z"), timeZone: "America/New_York"))
        #expect(after.due == .timed(try Self.instant("2026-11-02T14:00:00Z"), timeZone: "America/New_York"))
        // 01:30 happens twice on 2026-11-01: RFC 5545 §3.3.5 takes the first (EDT).
        let repeated = try F.reminder(F.vtodo(["SUMMARY:a", "DUE;TZID=America/New_York:20261101T013000"]))
        #expect(repeated.due == .timed(try Self.instant("2026-11-01T05:30:00Z"), timeZone: "America/New_York"))
        // 02:30 does not exist on 2026-03-08: read with the offset before the gap (03:30 EDT).
        let skipped = try F.reminder(F.vtodo(["SUMMARY:a", "DUE;TZID=America/New_York:20260308T023000"]))
        #expect(skipped.due == .timed(try Self.instant("2026-03-08T07:30:00Z"), timeZone: "America/New_York"))
        // Written back with the same wall clock, in each case.
        for (reminder, local) in [(before, "20261031T090000"), (after, "20261102T090000"), (repeated, "20261101T013000")] {
            #expect(VTodoLines.dateLine("DUE", try #require(reminder.due), zones: ICalendarTimeZones())
                    == "DUE;TZID=America/New_York:" + local)
        }
    }

    @Test("a TZID Foundation does not know is read with the file's VTIMEZONE and kept as written")
    func customZone() throws {
        let text = F.calendar([
            "BEGIN:VTODO", "UID:z", "SUMMARY:a", "DUE;TZID=Tick Test Zone:20260115T100000", "END:VTODO",
            // The VTIMEZONE may come after the VTODO that uses it.
            "BEGIN:VTIMEZONE", "TZID:Tick Test Zone",
            "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0300", "TZOFFSETTO:+0300", "END:STANDARD",
            "END:VTIMEZONE",
        ])
        let batch = try F.read(text)
        let reminder = try #require(batch.reminders.first?.reminder)
        #expect(reminder.due == .timed(try Self.instant("2026-01-15T07:00:00Z"), timeZone: "Tick Test Zone"))
        #expect(batch.warnings.isEmpty)
        // The VTIMEZONE is kept with the list, so the export can define the TZID again.
        let list = try #require(batch.lists.first)
        #expect(list.iCalendarExtras.contains("TZID:Tick Test Zone"))
        let exported = try F.roundTrip(text)
        #expect(exported.contains("DUE;TZID=Tick Test Zone:20260115T100000\r\n"))
        #expect(exported.components(separatedBy: "BEGIN:VTIMEZONE").count == 2)
    }

    /// Found by fuzz/icalendar: libical counts leap years by the Julian rule up to 1752, so a
    /// time of a VTIMEZONE's zone after February of 1000, 1500 or 1700 (leap years only by
    /// that rule) came a day late, and such a due date moved a day once exported.
    @Test("a VTIMEZONE's time before 1753 is counted in the Gregorian calendar, as Tick counts days",
          arguments: ["10000610T100000", "15000301T100000", "17001231T100000", "10040610T100000", "20260115T100000"])
    func customZoneBeforeTheGregorianSwitch(local: String) throws {
        let text = F.calendar([
            "BEGIN:VTODO", "UID:z", "SUMMARY:a", "DUE;TZID=Tick Test Zone:" + local, "END:VTODO",
            "BEGIN:VTIMEZONE", "TZID:Tick Test Zone",
            "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0300", "TZOFFSETTO:+0300", "END:STANDARD",
            "END:VTIMEZONE",
        ])
        let reminder = try #require(try F.read(text).reminders.first?.reminder)
        let wall = try #require(LocalDateTime(String(local.prefix(4)) + "-" + local.dropFirst(4).prefix(2) + "-"
                                              + local.dropFirst(6).prefix(2) + "T10:00:00"))
        #expect(reminder.due == .timed(Date(timeIntervalSince1970: TimeInterval(wall.secondsSinceEpochAsUTC - 3 * 3_600)),
                                       timeZone: "Tick Test Zone"))
        #expect(try F.roundTrip(text).contains("DUE;TZID=Tick Test Zone:\(local)\r\n"))
    }

    @Test("a Windows zone name without VTIMEZONE is kept, read through its IANA zone, with a warning")
    func windowsZone() throws {
        let batch = try F.read(F.vtodo(["SUMMARY:a", "DUE;TZID=W. Europe Standard Time:20260715T090000"]))
        let reminder = try #require(batch.reminders.first?.reminder)
        // Berlin in July is UTC+2.
        #expect(reminder.due == .timed(try Self.instant("2026-07-15T07:00:00Z"), timeZone: "W. Europe Standard Time"))
        #expect(batch.warnings.count == 1)
        #expect(batch.warnings.first?.contains("W. Europe Standard Time") == true)
        #expect(batch.warnings.first?.contains("Windows") == true)
        let exported = try F.roundTrip(F.vtodo(["SUMMARY:a", "DUE;TZID=W. Europe Standard Time:20260715T090000"]))
        #expect(exported.contains("DUE;TZID=W. Europe Standard Time:20260715T090000\r\n"))
        #expect(exported.contains("TZID:W. Europe Standard Time\r\n"))
    }

    /// Found by a tester: python-caldav with a `zoneinfo` zone writes `DUE;TZID=KST:…` and no
    /// VTIMEZONE. Tick read it as UTC (nine hours off), and its export then defined `KST` as
    /// UTC, so every client after it was off too; Foundation took `BST` for Bangladesh (UTC+6).
    @Test("a TZID that is an abbreviation without VTIMEZONE is read as the zone it stands for, with a warning, and exported with that zone's rules",
          arguments: [("KST", "20261209T150000", "2026-12-09T06:00:00Z", "+0900"),
                      ("BST", "20260715T090000", "2026-07-15T08:00:00Z", "+0100"),
                      ("PST", "20260115T090000", "2026-01-15T17:00:00Z", "-0800")])
    func abbreviationZone(tzid: String, local: String, instant: String, offset: String) throws {
        let text = F.vtodo(["SUMMARY:a", "DUE;TZID=\(tzid):\(local)"])
        let batch = try F.read(text)
        #expect(batch.reminders.first?.reminder.due == .timed(try Self.instant(instant), timeZone: TimeZoneIdentifier(tzid)))
        #expect(batch.warnings.count == 1)
        #expect(batch.warnings.first?.contains("'\(tzid)' is an abbreviation") == true, "\(batch.warnings)")
        let exported = try F.roundTrip(text)
        #expect(exported.contains("DUE;TZID=\(tzid):\(local)\r\n"))
        #expect(exported.contains("TZID:\(tzid)\r\n"))
        #expect(exported.contains("TZOFFSETTO:\(offset)\r\n"), "\(exported)")
    }

    @Test("an abbreviation the file defines with its own VTIMEZONE is read by that definition")
    func abbreviationDefinedByTheFile() throws {
        let text = F.calendar([
            "BEGIN:VTODO", "UID:z", "SUMMARY:a", "DUE;TZID=BST:20260715T090000", "END:VTODO",
            "BEGIN:VTIMEZONE", "TZID:BST",
            "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0600", "TZOFFSETTO:+0600", "END:STANDARD",
            "END:VTIMEZONE",
        ])
        let batch = try F.read(text)
        #expect(batch.reminders.first?.reminder.due == .timed(try Self.instant("2026-07-15T03:00:00Z"), timeZone: "BST"))
        #expect(batch.warnings.isEmpty)
    }

    @Test("an unknown TZID without VTIMEZONE is read as UTC with a warning, never refused")
    func unknownZone() throws {
        let batch = try F.read(F.vtodo(["SUMMARY:a", "DUE;TZID=Nowhere/Special:20260715T090000"]))
        #expect(batch.reminders.first?.reminder.due == .timed(try Self.instant("2026-07-15T09:00:00Z"), timeZone: "Nowhere/Special"))
        #expect(batch.warnings.count == 1)
    }

    @Test("PRIORITY keeps the number; empty or 0 is none", arguments: [
        ("PRIORITY:1", 1, Priority.Level.high), ("PRIORITY:3", 3, .high), ("PRIORITY:5", 5, .medium),
        ("PRIORITY:6", 6, .low), ("PRIORITY:9", 9, .low), ("PRIORITY:0", 0, .none), ("PRIORITY:", 0, .none),
    ])
    func priority(line: String, value: Int, level: Priority.Level) throws {
        let batch = try F.read(F.vtodo(["SUMMARY:a", line]))
        let reminder = try #require(batch.reminders.first?.reminder)
        #expect(reminder.priority.iCalendarValue == value)
        #expect(reminder.priority.level == level)
        // An empty value is the same as none: no warning.
        #expect(batch.warnings.isEmpty)
    }

    @Test("STATUS decides completion; COMPLETED gives the date")
    func completion() throws {
        let done = try F.reminder(F.vtodo(["SUMMARY:a", "STATUS:COMPLETED", "COMPLETED:20261101T080000Z", "PERCENT-COMPLETE:40"]))
        #expect(done.completedAt == (try Self.instant("2026-11-01T08:00:00Z")))
        // STATUS:COMPLETED with PERCENT-COMPLETE below 100: done, and written back as 100.
        let exported = try F.roundTrip(F.vtodo(["SUMMARY:a", "STATUS:COMPLETED", "COMPLETED:20261101T080000Z",
                                                "PERCENT-COMPLETE:40"]))
        #expect(exported.contains("STATUS:COMPLETED\r\nCOMPLETED:20261101T080000Z\r\nPERCENT-COMPLETE:100\r\n"))
        #expect(!exported.contains("PERCENT-COMPLETE:40"))

        let stillOpen = try F.reminder(F.vtodo(["SUMMARY:a", "STATUS:NEEDS-ACTION", "COMPLETED:20261101T080000Z"]))
        #expect(stillOpen.completedAt == nil)
        let cancelled = try F.reminder(F.vtodo(["SUMMARY:a", "STATUS:CANCELLED", "LAST-MODIFIED:20261102T080000Z"]))
        #expect(cancelled.completedAt == (try Self.instant("2026-11-02T08:00:00Z")))
        let noStatus = try F.reminder(F.vtodo(["SUMMARY:a", "COMPLETED:20261101T080000Z"]))
        #expect(noStatus.completedAt == (try Self.instant("2026-11-01T08:00:00Z")))
        let inProcess = try F.reminder(F.vtodo(["SUMMARY:a", "STATUS:IN-PROCESS", "PERCENT-COMPLETE:25"]))
        #expect(inProcess.completedAt == nil)
        // IN-PROCESS and 25 % are not Tick fields; they are kept while the reminder stays open.
        #expect(inProcess.iCalendarExtras == "STATUS:IN-PROCESS\nPERCENT-COMPLETE:25")
        let doneWithoutDate = try F.reminder(F.vtodo(["SUMMARY:a", "STATUS:COMPLETED"]))
        #expect(doneWithoutDate.completedAt == F.now)
    }

    @Test("CATEGORIES on several lines become tags, in order, each once")
    func categories() throws {
        let reminder = try F.reminder(F.vtodo(["SUMMARY:a", "CATEGORIES:cat1,cat2", "CATEGORIES:cat3,cat1", "CATEGORIES:a\\,b"]))
        #expect(reminder.tags == ["cat1", "cat2", "cat3", "a,b"])
    }

    @Test("CATEGORIES splits on unescaped commas only (RFC 5545 §3.8.1.2, §3.3.11)", arguments: [
        ("CATEGORIES:a\\,b,c", ["a,b", "c"]),
        ("CATEGORIES:c,a\\,b", ["c", "a,b"]),
        ("CATEGORIES:x\\\\,y", ["x\\", "y"]),
        ("CATEGORIES;LANGUAGE=en:a\\,b\\,c,d\\;e", ["a,b,c", "d;e"]),
        ("CATEGORIES:one\\,,two", ["one,", "two"]),
    ])
    func categoriesEscapedComma(line: String, tags: [String]) throws {
        let reminder = try F.reminder(F.vtodo(["SUMMARY:a", line]))
        #expect(reminder.tags == tags)
    }

    @Test("RELATED-TO with RELTYPE=PARENT or no RELTYPE is the parent; others are kept")
    func parent() throws {
        let explicit = try F.reminder(F.vtodo(["SUMMARY:a", "RELATED-TO;RELTYPE=PARENT:p-1"]))
        #expect(explicit.parentUID == "p-1")
        #expect(explicit.iCalendarExtras.isEmpty)
        let implicit = try F.reminder(F.vtodo(["SUMMARY:a", "RELATED-TO:p-2"]))
        #expect(implicit.parentUID == "p-2")
        let sibling = try F.reminder(F.vtodo(["SUMMARY:a", "RELATED-TO;RELTYPE=SIBLING:s-1"]))
        #expect(sibling.parentUID == nil)
        #expect(sibling.iCalendarExtras == "RELATED-TO;RELTYPE=SIBLING:s-1")
    }

    @Test("X-APPLE-SORT-ORDER orders the reminders of a list; those without keep their places")
    func sortOrder() throws {
        let text = F.calendar([
            "BEGIN:VTODO", "UID:c", "SUMMARY:third", "X-APPLE-SORT-ORDER:30", "END:VTODO",
            "BEGIN:VTODO", "UID:x", "SUMMARY:unordered", "END:VTODO",
            "BEGIN:VTODO", "UID:a", "SUMMARY:first", "X-APPLE-SORT-ORDER:10", "END:VTODO",
            "BEGIN:VTODO", "UID:b", "SUMMARY:second", "X-APPLE-SORT-ORDER:20", "END:VTODO",
        ])
        #expect(try F.read(text).reminders.map(\.reminder.title) == ["first", "unordered", "second", "third"])
    }

    @Test("CREATED, LAST-MODIFIED, DTSTAMP and SEQUENCE")
    func stamps() throws {
        let reminder = try F.reminder(F.vtodo(["SUMMARY:a", "CREATED:20260101T100000Z", "LAST-MODIFIED:20260201T100000Z",
                                               "DTSTAMP:20260301T100000Z", "SEQUENCE:4"]))
        #expect(reminder.createdAt == (try Self.instant("2026-01-01T10:00:00Z")))
        #expect(reminder.modifiedAt == (try Self.instant("2026-02-01T10:00:00Z")))
        #expect(reminder.iCalendarExtras == "DTSTAMP:20260301T100000Z\nSEQUENCE:4")
        let onlyStamp = try F.reminder(F.vtodo(["SUMMARY:a", "DTSTAMP:20260301T100000Z"]))
        #expect(onlyStamp.createdAt == (try Self.instant("2026-03-01T10:00:00Z")))
        #expect(onlyStamp.modifiedAt == onlyStamp.createdAt)
        let none = try F.reminder(F.vtodo(["SUMMARY:a"]))
        #expect(none.createdAt == F.now)
    }

    @Test("RRULE is validated by libical and kept as libical writes it; a broken one is ignored with a warning")
    func recurrence() throws {
        let reminder = try F.reminder(F.vtodo(["SUMMARY:a", "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3"]))
        #expect(reminder.recurrence == "FREQ=WEEKLY;COUNT=3;BYDAY=MO")
        // Its original form is kept and written back while the rule is unchanged.
        #expect(reminder.iCalendarExtras == "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3")
        let broken = try F.read(F.vtodo(["SUMMARY:a", "RRULE:FREQ=SOMETIMES"]))
        #expect(broken.reminders.first?.reminder.recurrence == nil)
        #expect(broken.warnings.count == 1)
        #expect(broken.warnings.first?.hasPrefix("test.ics line 7: ") == true)
    }

    @Test("display and audio VALARMs become alarms: relative to start or due, or absolute; an email one is kept")
    func alarms() throws {
        let reminder = try F.reminder(F.vtodo([
            "UID:test-1", "SUMMARY:a", "DUE:20261201T090000Z",
            "BEGIN:VALARM", "UID:al-1", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT15M", "END:VALARM",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER;RELATED=END:PT5M", "END:VALARM",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER;VALUE=DATE-TIME:20261201T080000Z", "END:VALARM",
            "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER:-PT1H", "END:VALARM",
            "BEGIN:VALARM", "ACTION:EMAIL", "SUMMARY:s", "DESCRIPTION:d", "ATTENDEE:mailto:a@example.com", "TRIGGER:-PT2H", "END:VALARM",
        ]))
        #expect(reminder.alarms.map(\.trigger) == [
            .relative(seconds: -900, toStart: true),
            .relative(seconds: 300, toStart: false),
            .absolute(try Self.instant("2026-12-01T08:00:00Z")),
            .relative(seconds: -3_600, toStart: true),
        ])
        #expect(reminder.alarms.map(\.uid) == ["al-1", "test-1-alarm-1", "test-1-alarm-2", "test-1-alarm-3"])
        // The audio alarm is more than Tick writes (its ACTION): kept whole, beside its alarm;
        // the email alarm is another program's to send: kept, and no alarm.
        #expect(reminder.iCalendarExtras.hasSuffix("""
            BEGIN:VALARM
            ACTION:AUDIO
            TRIGGER:-PT1H
            END:VALARM
            BEGIN:VALARM
            ACTION:EMAIL
            SUMMARY:s
            DESCRIPTION:d
            ATTENDEE:mailto:a@example.com
            TRIGGER:-PT2H
            END:VALARM
            """))
    }

    @Test("what Tick does not model is kept verbatim, in order")
    func keptVerbatim() throws {
        let reminder = try F.reminder(F.vtodo([
            "SUMMARY:a", "X-UNKNOWN-PROP;param1=xxx:Unknown\\, Value", "GEO:37.386013;-122.082932",
            "LOCATION;ALTREP=\"http://x.example/r\":Room\\, 2", "CLASS:PRIVATE", "ATTENDEE;PARTSTAT=ACCEPTED:mailto:a@example.com",
            "EXDATE;VALUE=DATE:20140101,20180101", "DURATION:PT10M", "FOO-BAR:an IANA property libical does not know",
        ]))
        #expect(reminder.iCalendarExtras == """
            X-UNKNOWN-PROP;param1=xxx:Unknown\\, Value
            GEO:37.386013;-122.082932
            LOCATION;ALTREP="http://x.example/r":Room\\, 2
            CLASS:PRIVATE
            ATTENDEE;PARTSTAT=ACCEPTED:mailto:a@example.com
            EXDATE;VALUE=DATE:20140101,20180101
            DURATION:PT10M
            FOO-BAR:an IANA property libical does not know
            """)
    }

    @Test("a RECURRENCE-ID override is kept whole with its series, before or after it")
    func overrides() throws {
        for overrideFirst in [false, true] {
            let master = ["BEGIN:VTODO", "UID:r", "SUMMARY:series", "RRULE:FREQ=DAILY", "DTSTART:20260101T090000Z", "END:VTODO"]
            let override = ["BEGIN:VTODO", "UID:r", "RECURRENCE-ID:20260102T090000Z", "SUMMARY:one day",
                            "STATUS:COMPLETED", "END:VTODO"]
            let batch = try F.read(F.calendar(overrideFirst ? override + master : master + override))
            #expect(batch.reminders.count == 1)
            let reminder = try #require(batch.reminders.first?.reminder)
            #expect(reminder.title == "series")
            #expect(reminder.iCalendarExtras == override.joined(separator: "\n"))
        }
        // Without its series, an occurrence stands for itself.
        let alone = try F.reminder(F.vtodo(["UID:o", "RECURRENCE-ID:20260102T090000Z", "SUMMARY:lonely"]))
        #expect(alone.title == "lonely")
        #expect(alone.iCalendarExtras == "RECURRENCE-ID:20260102T090000Z")
    }

    @Test("calendar properties: name, colors, kept lines; bare VTODOs go to the file's list")
    func calendarProperties() throws {
        let batch = try F.read(F.vtodo(["SUMMARY:a"], header: [
            "X-WR-CALNAME:Groceries\\, weekly", "X-APPLE-CALENDAR-COLOR:#34C759FF", "X-WR-CALDESC:What to buy", "CALSCALE:GREGORIAN",
        ]))
        let list = try #require(batch.lists.first)
        #expect(list.name == "Groceries, weekly")
        #expect(list.color.hex == "#34C759")
        #expect(list.iCalendarExtras == "X-WR-CALDESC:What to buy\nCALSCALE:GREGORIAN")
        #expect(batch.reminders.first?.listName == "Groceries, weekly")

        let colored = try F.read(F.vtodo(["SUMMARY:a"], header: ["COLOR:purple"]))
        #expect(colored.lists.first?.color == ListColor(parsing: "purple"))

        let bare = try F.read("BEGIN:VTODO\r\nUID:b\r\nSUMMARY:bare\r\nEND:VTODO\r\n", name: "loose.ics")
        #expect(bare.reminders.map(\.listName) == ["loose"])
    }

    @Test("calendar properties match by name whatever their parameters (Apple iCal 1.0 writes VALUE=TEXT)", arguments: [
        ["X-WR-CALNAME;VALUE=TEXT:OZ Movies", "X-APPLE-CALENDAR-COLOR;VALUE=TEXT:#34C759"],
        ["X-WR-CALNAME;X-FOO=bar:OZ Movies", "X-APPLE-CALENDAR-COLOR;X-FOO=\"a;b\":#34C759FF"],
        ["X-WR-CALNAME;LANGUAGE=en;VALUE=TEXT:OZ Movies", "X-APPLE-CALENDAR-COLOR:#34C759"],
    ])
    func calendarPropertiesWithParameters(header: [String]) throws {
        let batch = try F.read(F.vtodo(["SUMMARY:a"], header: header + ["X-WR-CALDESC;VALUE=TEXT:kept"]), name: "file.ics")
        let list = try #require(batch.lists.first)
        #expect(list.name == "OZ Movies")
        #expect(list.color.hex == "#34C759")
        #expect(list.iCalendarExtras == "X-WR-CALDESC;VALUE=TEXT:kept")
        #expect(batch.reminders.first?.listName == "OZ Movies")
    }

    @Test("the Apple iCal 1.0 corpus files name their lists from X-WR-CALNAME;VALUE=TEXT", .enabled(if: Fixture.needsCorpus()), arguments: [
        ("ical4j-ozmovies-apple-ical-1.0-large.ics", "OZ Movies"),
        ("ical4j-phpicalendar-apple-ical-1.0.ics", "Home 1234"),
    ])
    func appleICalCorpus(file: String, name: String) throws {
        let path = try #require(Fixture.corpusFiles("ics").first { $0.hasSuffix("/" + file) })
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let batch = try F.read(text, name: file)
        #expect(batch.lists.map(\.name) == [name])
        let exported = try F.roundTrip(text, name: file)
        // (The fixture's empty default list "Reminders" is written too.)
        let names = exported.components(separatedBy: "\r\n")
            .filter { $0.uppercased().hasPrefix("X-WR-CALNAME") && $0 != "X-WR-CALNAME:Reminders" }
        #expect(names == ["X-WR-CALNAME:" + name])
    }

    @Test("several VCALENDARs: one list each, merged by name")
    func severalCalendars() throws {
        let first = F.vtodo(["UID:1", "SUMMARY:a"], header: ["X-WR-CALNAME:Work"])
        let second = F.vtodo(["UID:2", "SUMMARY:b"], header: ["X-WR-CALNAME:Home"])
        let third = F.vtodo(["UID:3", "SUMMARY:c"], header: ["X-WR-CALNAME:work"])
        let batch = try F.read(first + second + third)
        #expect(batch.lists.map(\.name) == ["Work", "Home"])
        #expect(batch.reminders.map(\.listName) == ["Work", "Home", "work"])
    }

    @Test("VEVENT, VJOURNAL and VFREEBUSY are skipped and counted")
    func skipped() throws {
        let batch = try F.read(F.calendar([
            "BEGIN:VEVENT", "UID:e1", "DTSTART:20260101T090000Z", "END:VEVENT",
            "BEGIN:VEVENT", "UID:e2", "DTSTART:20260101T090000Z", "END:VEVENT",
            "BEGIN:VJOURNAL", "UID:j", "END:VJOURNAL",
            "BEGIN:VFREEBUSY", "UID:f", "END:VFREEBUSY",
            "BEGIN:VTODO", "UID:t", "SUMMARY:kept", "END:VTODO",
        ]))
        #expect(batch.reminders.count == 1)
        #expect(batch.skipped.map(\.what) == ["VEVENT", "VJOURNAL", "VFREEBUSY"])
        #expect(batch.skipped.map(\.count) == [2, 1, 1])
    }

    @Test("a fold that splits a multi-byte UTF-8 character imports correctly")
    func foldSplittingCharacter() throws {
        // "ü" is C3 BC, "한" is ED 95 9C: each fold falls inside a character.
        var bytes = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:f\r\nSUMMARY:Gr".utf8)
        bytes += [0xC3, 0x0D, 0x0A, 0x20, 0xBC, 0x6E] + Array("e ".utf8) + [0xED, 0x95, 0x0D, 0x0A, 0x20, 0x9C]
        bytes += Array("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        let batch = try ICalendarReader(now: F.now, fileListName: "f").read(Data(bytes), source: "f.ics")
        #expect(batch.reminders.first?.reminder.title == "Grüne 한")
    }

    @Test("LF, CRLF and CR line ends, blank lines and a byte order mark are all read")
    func lineEnds() throws {
        let lines = ["BEGIN:VCALENDAR", "", "BEGIN:VTODO", "UID:l", "SUMMARY:x", "END:VTODO", "", "END:VCALENDAR"]
        for separator in ["\n", "\r\n", "\r"] {
            let text = "\u{FEFF}" + lines.joined(separator: separator)
            #expect(try F.read(text).reminders.first?.reminder.title == "x")
        }
    }

    @Test("a VTODO without SUMMARY is titled from its DESCRIPTION, else 'Untitled', with a warning")
    func missingSummary() throws {
        let described = try F.read(F.vtodo(["DESCRIPTION:\\nCall the bank\\nabout the card"]))
        #expect(described.reminders.first?.reminder.title == "Call the bank")
        #expect(described.warnings.count == 1)
        #expect(try F.reminder(F.vtodo(["PRIORITY:1"])).title == "Untitled")
        // A SUMMARY that draws nothing is none (a tester: U+2800 BRAILLE PATTERN BLANK was a title).
        for blank in ["SUMMARY:\u{2800}", "SUMMARY:\u{2800}\u{2800}", "SUMMARY:\u{3164}", "SUMMARY: \u{200B}"] {
            let batch = try F.read(F.vtodo([blank]))
            #expect(batch.reminders.first?.reminder.title == "Untitled", "\(blank)")
            #expect(batch.warnings.count == 1, "\(blank)")
        }
    }

    @Test("a VTODO without UID gets the same derived UID on every import")
    func missingUID() throws {
        let text = F.calendar(["BEGIN:VTODO", "SUMMARY:no uid", "END:VTODO"])
        let first = try F.read(text)
        let second = try F.read(text)
        let uid = try #require(first.reminders.first?.reminder.uid)
        #expect(uid.rawValue.count == 36)
        #expect(second.reminders.first?.reminder.uid == uid)
        #expect(first.warnings.count == 1)
    }

    @Test("a second SUMMARY is dropped with a warning")
    func duplicateProperty() throws {
        let batch = try F.read(F.vtodo(["SUMMARY:one", "SUMMARY:two"]))
        #expect(batch.reminders.first?.reminder.title == "one")
        #expect(batch.warnings.first?.contains("a second SUMMARY") == true)
    }

    @Test("reading on several threads gives what one thread gives, batches in flight included")
    func threads() throws {
        // More than two batches (ICalendarCalendar.jobBatchSize), so that one is read on
        // other threads while the next is collected.
        let count = ICalendarCalendar.jobBatchSize * 2 + 300
        var lines: [String] = []
        for index in 0..<count {
            lines += ["BEGIN:VTODO", "UID:t-\(index)", "SUMMARY:task \(index)", "DUE;TZID=Europe/Paris:20260\(index % 9 + 1)01T090000",
                      "X-APPLE-SORT-ORDER:\(count - index)", "CATEGORIES:c\(index % 7)", "END:VTODO"]
        }
        let text = F.calendar(lines)
        let one = try F.read(text, workers: 1)
        let four = try F.read(text, workers: 4)
        #expect(one.reminders.count == count)
        #expect(one.reminders == four.reminders)
        #expect(one.reminders.first?.reminder.uid == "t-\(count - 1)")
    }

    /// A tester (t89): of 2,500 duplicate-UID warnings, the 20 shown were not the file's
    /// first: the losing version's warning was said when the later one came.
    @Test("warnings come in the file's line order, a version that lost to a later one at its own line")
    func warningsInLineOrder() throws {
        let text = ICalendarFixture.calendar(["BEGIN:VTODO", "UID:a", "SUMMARY:first", "END:VTODO",
                                              "BEGIN:VTODO", "UID:b", "SUMMARY:odd", "DUE:2026-12-01", "END:VTODO",
                                              "BEGIN:VTODO", "UID:a", "SUMMARY:second", "SEQUENCE:2", "END:VTODO"])
        let batch = try ICalendarFixture.read(text)
        #expect(batch.warnings.count == 2)
        #expect(batch.warnings.first?.hasPrefix("test.ics line 4: ") == true, "\(batch.warnings)")
        #expect(batch.warnings.last?.hasPrefix("test.ics line 11: ") == true, "\(batch.warnings)")
        #expect(batch.losses == [batch.warnings[0]])
    }
}
