import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickInterchange

private typealias F = ICalendarFixture

/// What other programs write that RFC 5545 does not allow, read as the README says:
/// `STATUS` synonyms, lines without `:`.
@Suite("iCalendar: lenient reading, said in warnings")
struct ICalendarLenientTests {
    /// The warnings that say something was left out are the batch's losses (what a CalDAV
    /// PUT refuses); those of values read as well as they could be are not.
    @Test("losses: a line libical cannot read, a second SUMMARY, an alarm without a readable TRIGGER; not a lenient PRIORITY")
    func lossesAmongWarnings() throws {
        let batch = try F.read(F.vtodo(["SUMMARY:One", "SUMMARY:Two", "DUE:notadate", "PRIORITY:42",
                                        "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:garbage", "END:VALARM"]))
        #expect(batch.warnings.count == 5, "\(batch.warnings)")
        #expect(batch.losses.count == 4, "\(batch.losses)")
        #expect(batch.losses.allSatisfy { batch.warnings.contains($0) })
        #expect(batch.losses.contains { $0.contains("could not read this DUE line") })
        #expect(batch.losses.contains { $0.contains("a second SUMMARY was ignored") })
        #expect(batch.losses.contains { $0.contains("display VALARM without a readable TRIGGER") })
        #expect(!batch.losses.contains { $0.contains("PRIORITY") })
    }

    /// Testers: `EXDATE:20261399T000000Z`, an `RDATE` of no real day and a `RECURRENCE-ID`
    /// of none were kept as written; `DUE;TZID=:…` was given back with a VTIMEZONE whose
    /// `TZID` was empty.
    /// `VTodoRecord.isUnread`: a date, priority or percentage libical did not read into the
    /// to-do is a loss, said with its line; one it read is not (stop 46 read the usual values
    /// without trimming them first, the pin for that).
    @Test("a date, PRIORITY or PERCENT-COMPLETE libical did not read is a loss; one it read is not", arguments: [
        ("DUE:20261301", true), ("DUE:20261201", false), ("DTSTART:20261201T250000Z", true), ("DTSTART:20261201T090000Z", false),
        ("COMPLETED:20261399T000000Z", true), ("PRIORITY:high", true), ("PRIORITY:5", false), ("PRIORITY: 5 ", false), ("PRIORITY:", false),
        ("PERCENT-COMPLETE:150", true), ("PERCENT-COMPLETE:50", false), ("PERCENT-COMPLETE:half", true), ("PERCENT-COMPLETE:\t100", false),
    ])
    func unreadValues(line: String, isLoss: Bool) throws {
        let batch = try F.read(F.vtodo(["UID:u", "SUMMARY:One", line]))
        let name = String(line.prefix { $0 != ":" })
        #expect(batch.losses.contains { $0.contains("this \(name) value could not be read") } == isLoss, "\(batch.losses)")
    }

    @Test("EXDATE, RDATE and RECURRENCE-ID of no real day are losses, left out; an empty TZID reads as floating and is written without it")
    func undatedRecurrenceLines() throws {
        let text = F.calendar([
            "BEGIN:VTODO", "UID:s", "SUMMARY:Series", "DUE:20261201T090000Z", "RRULE:FREQ=DAILY",
            "EXDATE:20261399T090000Z", "EXDATE:20261203T090000Z,20261204T090000Z", "RDATE;VALUE=PERIOD:20261210T090000Z/PT1H",
            "RDATE:tomorrow", "EXDATE;TZID=:20261205T090000", "RDATE;VALUE=DATE:20261224", "END:VTODO",
            "BEGIN:VTODO", "UID:s", "RECURRENCE-ID:20261399T090000Z", "SUMMARY:Changed", "END:VTODO",
            "BEGIN:VTODO", "UID:f", "SUMMARY:Floating", "DUE;TZID=:20261201T090000", "END:VTODO",
        ])
        let batch = try F.read(text)
        #expect(batch.losses == [
            "test.ics line 9: this EXDATE holds '20261399T090000Z', which is no date (RFC 5545 §3.8.5); it was left out",
            "test.ics line 12: libical could not read this RDATE line (RFC 5545); it was ignored",
            "test.ics line 13: this EXDATE has a TZID that names no time zone (RFC 5545 §3.8.5); it was left out",
            "test.ics line 18: this RECURRENCE-ID holds '20261399T090000Z', which is no date (RFC 5545 §3.8.4.4); "
                + "the changed occurrence it starts was left out",
        ], "\(batch.warnings)")
        let series = try #require(batch.reminders.first { $0.reminder.uid == "s" }?.reminder)
        #expect(series.iCalendarExtras.contains("EXDATE:20261203T090000Z,20261204T090000Z"))
        #expect(series.iCalendarExtras.contains("RDATE;VALUE=PERIOD:20261210T090000Z/PT1H"))
        #expect(series.iCalendarExtras.contains("RDATE;VALUE=DATE:20261224"))
        #expect(!series.iCalendarExtras.contains("1399") && !series.iCalendarExtras.contains("tomorrow"))
        #expect(!series.iCalendarExtras.contains("Changed") && !series.iCalendarExtras.contains("TZID="))
        let floating = try #require(batch.reminders.first { $0.reminder.uid == "f" }?.reminder)
        #expect(floating.due == .floating(try #require(LocalDateTime("20261201T090000"))))
        #expect(batch.warnings.contains { $0.hasPrefix("test.ics line 24: this DUE value is not valid RFC 5545") }, "\(batch.warnings)")
        let written = try F.roundTrip(text)
        #expect(written.contains("DUE:20261201T090000\r\n"))
        #expect(!written.contains("TZID=:") && !written.contains("TZID:\r\n") && !written.contains("BEGIN:VTIMEZONE"), "\(written)")
    }

    @Test("STATUS:DONE and STATUS:COMPLETE are read as COMPLETED, and the warning says so", arguments: ["DONE", "done", "COMPLETE"])
    func doneSynonyms(_ status: String) throws {
        let batch = try F.read(F.vtodo(["SUMMARY:Paid", "STATUS:\(status)", "COMPLETED:20261101T100000Z"]))
        let reminder = try #require(batch.reminders.first?.reminder)
        #expect(reminder.isCompleted)
        #expect(reminder.completedAt == Date(timeIntervalSince1970: 1_793_527_200))
        #expect(batch.warnings == ["test.ics line 7: this STATUS is not one RFC 5545 defines for a VTODO; it was read as "
                                   + "COMPLETED (done) and will be exported as STATUS:COMPLETED"])
    }

    @Test("another STATUS Tick does not know is read as open, and the warning says so")
    func unknownStatus() throws {
        let batch = try F.read(F.vtodo(["SUMMARY:Later", "STATUS:WAITING"]))
        #expect(batch.reminders.first?.reminder.isCompleted == false)
        #expect(batch.warnings == ["test.ics line 7: this STATUS is not one RFC 5545 defines for a VTODO; it was read as "
                                   + "open (NEEDS-ACTION) and will be exported as STATUS:NEEDS-ACTION"])
    }

    @Test("a line without ':' is ignored with a warning naming it; the rest of the VTODO and the file are imported")
    func lineWithoutColon() throws {
        let text = F.calendar(["BEGIN:VTODO", "UID:1", "just some text", "SUMMARY:Still here", "END:VTODO",
                               "BEGIN:VTODO", "UID:2", "SUMMARY:And me", "END:VTODO"],
                              header: ["stray calendar text"])
        let batch = try F.read(text)
        #expect(batch.reminders.map(\.reminder.title) == ["Still here", "And me"])
        #expect(batch.warnings == [
            "test.ics line 4: this is not an iCalendar content line (no ':' between the name and the value); it was ignored",
            "test.ics line 7: this is not an iCalendar content line (no ':' between the name and the value); it was ignored",
        ])
        #expect(batch.reminders.first?.reminder.iCalendarExtras.contains("just some text") == false)
    }

    /// Found by fuzz/icalendar: `END;TZID=…:…` was kept as a property of the to-do, but
    /// libical takes any line named END as a delimiter, so the export, read again, closed the
    /// to-do there and lost what came after it (a `RELATED-TO` became the parent only then).
    @Test("a BEGIN or END line with parameters is ignored with a warning; the to-do and what follows it stay whole",
          arguments: ["END;TZID=America/Chicago:20201220T220139Z", "BEGIN;X=1:VALARM", "end;x=y:VTODO"])
    func delimiterWithParameters(line: String) throws {
        let text = F.vtodo(["UID:d-1", "SUMMARY:Before", line, "DESCRIPTION:after it", "RELATED-TO:parent-1"])
        let batch = try F.read(text)
        let reminder = try #require(batch.reminders.first?.reminder)
        #expect(batch.reminders.count == 1)
        #expect(reminder.notes == "after it")
        #expect(reminder.parentUID == "parent-1")
        let name = line.prefix { $0 != ";" }.uppercased()
        #expect(batch.warnings == ["test.ics line 7: a \(name) line takes no parameters (RFC 5545 §3.4); "
                                   + "this one does not open or close a component and was ignored"])
        let exported = try F.roundTrip(text)
        #expect(!exported.contains(String(line.prefix(6))), "\(exported)")
        let again = try F.reminder(exported)
        #expect(again.notes == "after it" && again.parentUID == "parent-1")
    }
}
