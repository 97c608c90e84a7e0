import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickInterchange

/// `EXDATE` and `RDATE` lines come in kept verbatim, change the series, and go out
/// exactly as they came.
@Suite("iCalendar: EXDATE and RDATE")
struct ICalendarRecurrenceDatesTests {
    static let newYork = TimeZone(identifier: "America/New_York") ?? .gmt
    static let corpus = Fixture.corpusFiles("ics").first { $0.hasSuffix("ical4android-most-fields1.ics") }

    func corpusText() throws -> String {
        let path = try #require(Self.corpus)
        return try #require(String(data: Data(contentsOf: URL(fileURLWithPath: path)), encoding: .utf8))
    }

    /// The due dates after completing `reminder` `times` times.
    func rolled(_ reminder: Reminder, times: Int) -> [Due?] {
        var current = reminder
        var dues: [Due?] = []
        for _ in 0..<times {
            current = current.completingOccurrence(at: ICalendarFixture.now, in: Self.newYork).reminder
            dues.append(current.isCompleted ? nil : current.due)
        }
        return dues
    }

    @Test("the corpus file keeps its lines; its series is anchored at DUE, which its Jan 1 EXDATEs do not name", .enabled(if: Fixture.needsCorpus()))
    func corpusAsGiven() throws {
        let reminder = try ICalendarFixture.reminder(try corpusText())
        #expect(reminder.due == .allDay(try #require(CalendarDay("2010-10-01"))))
        let dates = RecurrenceDates(iCalendarExtras: reminder.iCalendarExtras)
        #expect(dates.exceptions.count == 3)
        #expect(dates.additions.count == 3)
        // The RDATEs (March and August 2010) are before the due date, so past; the
        // EXDATEs fall on January 1 (DTSTART's day), never on an October 1 occurrence.
        #expect(rolled(reminder, times: 2) == [.allDay(try #require(CalendarDay("2012-10-01"))),
                                               .allDay(try #require(CalendarDay("2014-10-01")))])
        let inEffect = reminder.recurrenceDatesInEffect(in: Self.newYork)
        #expect(inEffect.exceptions.isEmpty && inEffect.additions.isEmpty)
    }

    @Test("the corpus file due on its DTSTART: RDATEs come first, excluded years are skipped", .enabled(if: Fixture.needsCorpus()))
    func corpusDueOnStart() throws {
        let text = try corpusText().replacingOccurrences(of: "DUE;VALUE=DATE:20101001", with: "DUE;VALUE=DATE:20100101")
        let reminder = try ICalendarFixture.reminder(text)
        let expected = ["2010-03-10", "2010-03-15", "2010-08-10", "2016-01-01", "2020-01-01"]
        #expect(rolled(reminder, times: 5) == expected.map { CalendarDay($0).map(Due.allDay) })
        let inEffect = reminder.recurrenceDatesInEffect(in: Self.newYork)
        #expect(inEffect.exceptions.count == 3)
        #expect(inEffect.additions.count == 3)
    }

    @Test("EXDATE and RDATE lines in every form are written back exactly, after a completion too")
    func roundTrip() throws {
        let lines = [
            "BEGIN:VTODO", "UID:x1", "SUMMARY:Standup", "DTSTAMP:20261101T000000Z",
            "DUE;TZID=America/New_York:20261102T090000", "RRULE:FREQ=DAILY;COUNT=5",
            "EXDATE;TZID=America/New_York:20261103T090000,20261104T090000", "EXDATE:20261105T140000Z",
            "RDATE:20261102T120000", "RDATE;VALUE=PERIOD:20261110T140000Z/PT1H", "END:VTODO",
        ]
        let text = ICalendarFixture.calendar(lines)
        let exported = try ICalendarFixture.roundTrip(text)
        for line in lines[6...9] { #expect(exported.contains(line + "\r\n")) }
        #expect(try ICalendarFixture.roundTrip(exported) == exported)
        let (lists, reminders) = ICalendarFixture.stored(try ICalendarFixture.read(text))
        let completed = try #require(reminders.first).completingOccurrence(at: ICalendarFixture.now, in: Self.newYork).reminder
        let afterDone = ICalendarWriter().write(lists: lists, reminders: [completed])
        for line in lines[6...9] { #expect(afterDone.contains(line + "\r\n")) }
        let reminder = try ICalendarFixture.reminder(text)
        // Nov 2 09:00 → the floating RDATE (12:00 in the due date's zone) → Nov 3, 4, 5
        // excluded (the 5th by its UTC instant) → Nov 6 09:00 (COUNT: 5 − 4).
        let next = rolled(reminder, times: 2)
        #expect(next.count == 2)
        if case .timed(let instant, _)? = next[1] {
            #expect(LocalDateTime(instant, in: Self.newYork).description == "2026-11-06T09:00:00")
        } else {
            Issue.record("expected a timed due date, got \(String(describing: next[1]))")
        }
    }
}
