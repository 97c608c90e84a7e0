import Foundation
import Testing
import TickModel

/// The due dates a reminder goes through when completed again and again (at most
/// `limit`), each as `YYYY-MM-DD` (all-day) or its wall clock `YYYY-MM-DDTHH:MM:SS` in
/// its own zone, and whether the series ended.
func rolledDues(_ first: Due, _ rule: String, extras: String, limit: Int = 8,
                userZone: TimeZone = zone("America/New_York")) -> (dues: [String], ended: Bool) {
    var reminder = Reminder(listID: .init(rawValue: "L"), title: "t", due: first, recurrence: RecurrenceRule(rruleValue: rule),
                            iCalendarExtras: extras, createdAt: utc("1990-01-01T00:00:00Z"))
    var dues: [String] = []
    for _ in 0..<limit {
        guard let due = reminder.due else { break }
        switch due {
        case .allDay(let day): dues.append(day.description)
        case .floating(let local): dues.append(local.description)
        case .timed(let instant, let id): dues.append(LocalDateTime(instant, in: zone(id.rawValue)).description)
        }
        let (next, outcome) = reminder.completingOccurrence(at: utc("1990-01-01T00:00:00Z"), in: userZone)
        guard case .advanced = outcome else { return (dues, true) }
        reminder = next
    }
    return (dues, false)
}

@Suite("Recurrence: EXDATE and RDATE (RFC 5545 §3.8.5.1, §3.8.5.2)")
struct RecurrenceDatesTests {
    static let ny = "America/New_York"
    static func nine(_ date: String) -> Due { .timed(local(date + "T09:00").instant(in: zone(ny)), timeZone: TimeZoneIdentifier(ny)) }

    @Test("EXDATE takes occurrences out", arguments: [
        // A DATE, all-day yearly.
        (allDay("2026-01-01"), "FREQ=YEARLY", "EXDATE;VALUE=DATE:20270101", ["2026-01-01", "2028-01-01", "2029-01-01"]),
        // A comma list and a second line.
        (allDay("2026-12-07"), "FREQ=WEEKLY", "EXDATE;VALUE=DATE:20261214,20261228\nEXDATE;VALUE=DATE:20270111",
         ["2026-12-07", "2026-12-21", "2027-01-04", "2027-01-18"]),
        // Not an occurrence (a Tuesday of a Monday rule): nothing is taken out.
        (allDay("2026-12-07"), "FREQ=WEEKLY", "EXDATE;VALUE=DATE:20261215", ["2026-12-07", "2026-12-14", "2026-12-21"]),
        // TZID on the day DST ends (New York, 2026-11-01): 09:00 on the wall clock.
        (nine("2026-10-31"), "FREQ=DAILY", "EXDATE;TZID=America/New_York:20261101T090000",
         ["2026-10-31T09:00:00", "2026-11-02T09:00:00", "2026-11-03T09:00:00"]),
        // UTC after DST ended: 09:00 EST is 14:00Z.
        (nine("2026-10-31"), "FREQ=DAILY", "EXDATE:20261102T140000Z",
         ["2026-10-31T09:00:00", "2026-11-01T09:00:00", "2026-11-03T09:00:00"]),
        // 13:00Z was 09:00 before the change, not on Nov 2: not an occurrence.
        (nine("2026-10-31"), "FREQ=DAILY", "EXDATE:20261102T130000Z",
         ["2026-10-31T09:00:00", "2026-11-01T09:00:00", "2026-11-02T09:00:00"]),
        // Another zone's wall clock naming the same instant (14:00 London = 09:00 New York).
        (nine("2026-12-01"), "FREQ=DAILY", "EXDATE;TZID=\"Europe/London\":20261202T140000",
         ["2026-12-01T09:00:00", "2026-12-03T09:00:00", "2026-12-04T09:00:00"]),
        // A DATE on a timed series takes out that day.
        (nine("2026-12-01"), "FREQ=DAILY", "EXDATE;VALUE=DATE:20261202",
         ["2026-12-01T09:00:00", "2026-12-03T09:00:00", "2026-12-04T09:00:00"]),
        // Floating.
        (Due.floating(local("2026-12-01T09:00")), "FREQ=DAILY", "EXDATE:20261202T090000",
         ["2026-12-01T09:00:00", "2026-12-03T09:00:00", "2026-12-04T09:00:00"]),
        // Inside a kept component (a VALARM): not the VTODO's.
        (allDay("2026-12-07"), "FREQ=WEEKLY", "BEGIN:VALARM\nEXDATE;VALUE=DATE:20261214\nEND:VALARM",
         ["2026-12-07", "2026-12-14", "2026-12-21"]),
    ])
    func exceptions(first: Due, rule: String, extras: String, expected: [String]) {
        #expect(rolledDues(first, rule, extras: extras, limit: expected.count).dues == expected)
    }

    @Test("RDATE adds occurrences before, between and after the rule's, and COUNT counts the rule's only", arguments: [
        // 12-01 is before the current occurrence (past); 12-10 between; 2027-01-01 after COUNT ran out.
        ("FREQ=WEEKLY;COUNT=3", "RDATE;VALUE=DATE:20261201,20261210\nRDATE;VALUE=DATE:20270101",
         ["2026-12-07", "2026-12-10", "2026-12-14", "2026-12-21", "2027-01-01"]),
        // On a rule occurrence: one occurrence, never two.
        ("FREQ=WEEKLY;COUNT=3", "RDATE;VALUE=DATE:20261214", ["2026-12-07", "2026-12-14", "2026-12-21"]),
        // Taken out again by an EXDATE (RFC 5545: EXDATE wins).
        ("FREQ=WEEKLY;COUNT=3", "RDATE;VALUE=DATE:20261210\nEXDATE;VALUE=DATE:20261210", ["2026-12-07", "2026-12-14", "2026-12-21"]),
        // After UNTIL.
        ("FREQ=WEEKLY;UNTIL=20261214", "RDATE;VALUE=DATE:20270101", ["2026-12-07", "2026-12-14", "2027-01-01"]),
        // A PERIOD is kept but not applied.
        ("FREQ=WEEKLY;COUNT=2", "RDATE;VALUE=PERIOD:20261210T090000Z/PT1H", ["2026-12-07", "2026-12-14"]),
    ])
    func additions(rule: String, extras: String, expected: [String]) {
        let rolled = rolledDues(allDay("2026-12-07"), rule, extras: extras, limit: 10)
        #expect(rolled.dues == expected)
        #expect(rolled.ended)
    }

    @Test("an RDATE off the rule keeps the rule's days and time once it is current")
    func additionKeepsRule() {
        #expect(rolledDues(allDay("2026-01-01"), "FREQ=YEARLY", extras: "RDATE;VALUE=DATE:20260601", limit: 4).dues
                == ["2026-01-01", "2026-06-01", "2027-01-01", "2028-01-01"])
        let rolled = rolledDues(Self.nine("2026-12-07"), "FREQ=WEEKLY;COUNT=2",
                                extras: "RDATE;TZID=America/New_York:20261209T150000", limit: 5)
        #expect(rolled.dues == ["2026-12-07T09:00:00", "2026-12-09T15:00:00", "2026-12-14T09:00:00"])
        #expect(rolled.ended)
        let moved = Reminder(listID: .init(rawValue: "L"), title: "t", due: allDay("2026-01-01"), recurrence: "FREQ=YEARLY;COUNT=3",
                             iCalendarExtras: "RDATE;VALUE=DATE:20260601", createdAt: utc("1990-01-01T00:00:00Z"))
            .completingOccurrence(at: utc("1990-01-01T00:00:00Z"), in: zone(Self.ny)).reminder
        // The RDATE is the series' DTSTART now and counts as its first (RFC 5545 §3.3.10).
        #expect(moved.recurrence == "FREQ=YEARLY;COUNT=3;BYMONTH=1;BYMONTHDAY=1")
    }

    @Test("completing across an excluded occurrence counts it off COUNT; undone gives it back")
    func countAndUndo() {
        let now = utc("1990-01-01T00:00:00Z"), ny = zone(Self.ny)
        let first = Reminder(listID: .init(rawValue: "L"), title: "t", due: allDay("2026-12-07"), recurrence: "FREQ=WEEKLY;COUNT=4",
                             iCalendarExtras: "EXDATE;VALUE=DATE:20261214", createdAt: now)
        let (next, outcome) = first.completingOccurrence(at: now, in: ny)
        #expect(outcome == .advanced(completed: allDay("2026-12-07"), next: allDay("2026-12-21")))
        #expect(next.recurrence == "FREQ=WEEKLY;COUNT=2")
        let back = next.reopeningOccurrence(allDay("2026-12-07"), at: now, in: ny)
        #expect(back.due == allDay("2026-12-07"))
        #expect(back.recurrence == "FREQ=WEEKLY;COUNT=4")
    }

    @Test("undone after a completion onto an RDATE gives the rule back as it was: the days and time written into it go",
          arguments: [
        // Weekly from Monday onto a Wednesday RDATE (BYDAY=MO written), monthly onto another day of the
        // month (BYMONTHDAY; an RDATE uses up no COUNT), yearly onto another month (BYMONTH, BYMONTHDAY).
        (allDay("2026-12-07"), "FREQ=WEEKLY", "RDATE;VALUE=DATE:20261209", "FREQ=WEEKLY;BYDAY=MO"),
        (allDay("2026-12-07"), "FREQ=MONTHLY;COUNT=5", "RDATE;VALUE=DATE:20261220", "FREQ=MONTHLY;COUNT=5;BYMONTHDAY=7"),
        (allDay("2026-01-15"), "FREQ=YEARLY", "RDATE;VALUE=DATE:20260601", "FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=15"),
        // A timed series onto an RDATE at another hour (BYHOUR, BYMINUTE written).
        (nine("2026-12-07"), "FREQ=DAILY", "RDATE;TZID=America/New_York:20261207T150000", "FREQ=DAILY;BYHOUR=9;BYMINUTE=0"),
    ] as [(Due, String, String, String)])
    func undoneUnpins(first: Due, rule: String, extras: String, pinned: String) {
        let now = utc("1990-01-01T00:00:00Z"), ny = zone(Self.ny)
        let reminder = Reminder(listID: .init(rawValue: "L"), title: "t", due: first, recurrence: RecurrenceRule(rruleValue: rule),
                                iCalendarExtras: extras, createdAt: now)
        let (next, _) = reminder.completingOccurrence(at: now, in: ny)
        #expect(next.recurrence?.rruleValue == pinned)
        let back = next.reopeningOccurrence(first, at: now, in: ny)
        #expect(back.due == first)
        #expect(back.recurrence?.rruleValue == rule)
    }

    @Test("undone keeps the parts of a rule that name the day it steps back from too, or other days")
    func undoneKeepsOwnParts() {
        let now = utc("1990-01-01T00:00:00Z"), ny = zone(Self.ny)
        // Every Monday and Wednesday, an RDATE on Friday: nothing was written, nothing goes.
        let both = Reminder(listID: .init(rawValue: "L"), title: "t", due: allDay("2026-12-07"), recurrence: "FREQ=WEEKLY;BYDAY=MO,WE",
                            iCalendarExtras: "RDATE;VALUE=DATE:20261208", createdAt: now)
        let (next, _) = both.completingOccurrence(at: now, in: ny)
        #expect(next.due == allDay("2026-12-08"))
        #expect(next.reopeningOccurrence(allDay("2026-12-07"), at: now, in: ny).recurrence?.rruleValue == "FREQ=WEEKLY;BYDAY=MO,WE")
        // A weekly rule stepped back from one Monday to the one before keeps its BYDAY=MO.
        let weekly = Reminder(listID: .init(rawValue: "L"), title: "t", due: allDay("2026-12-07"), recurrence: "FREQ=WEEKLY;BYDAY=MO",
                              createdAt: now)
        let (monday, _) = weekly.completingOccurrence(at: now, in: ny)
        #expect(monday.reopeningOccurrence(allDay("2026-12-07"), at: now, in: ny).recurrence?.rruleValue == "FREQ=WEEKLY;BYDAY=MO")
    }

    @Test("a series whose remaining occurrences are all excluded ends")
    func allExcluded() {
        let rolled = rolledDues(allDay("2026-12-07"), "FREQ=WEEKLY;COUNT=3", extras: "EXDATE;VALUE=DATE:20261214,20261221")
        #expect(rolled.dues == ["2026-12-07"])
        #expect(rolled.ended)
    }

    @Test("lines are read into values", arguments: [
        ("EXDATE;VALUE=DATE:20120101,20140101", [RecurrenceDates.Value.day(day("2012-01-01")), .day(day("2014-01-01"))], [RecurrenceDates.Value]()),
        ("exdate:20261207T140000Z", [.utc(utc("2026-12-07T14:00:00Z"))], []),
        ("RDATE;TZID=\"Odd;Zone:Name\":20261207T090000", [], [.local(local("2026-12-07T09:00"), timeZone: "Odd;Zone:Name")]),
        ("RDATE:20261207T090000\nRDATE;VALUE=PERIOD:19960403T020000Z/19960403T040000Z", [], [.local(local("2026-12-07T09:00"), timeZone: nil)]),
        ("X-EXDATE:20261207", [], []),
    ])
    func parsing(text: String, exceptions: [RecurrenceDates.Value], additions: [RecurrenceDates.Value]) {
        let dates = RecurrenceDates(iCalendarExtras: text)
        #expect(dates.exceptions == exceptions)
        #expect(dates.additions == additions)
    }
}
