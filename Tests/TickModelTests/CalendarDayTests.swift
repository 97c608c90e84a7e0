import Foundation
import Testing
import TickModel

@Suite("CalendarDay arithmetic")
struct CalendarDayTests {
    @Test("known days since the epoch", arguments: [
        ("1970-01-01", 0), ("1969-12-31", -1), ("2000-03-01", 11_017), ("2026-12-03", 20_790),
        ("0001-01-01", -719_162), ("9999-12-31", 2_932_896), ("2028-02-29", 21_243),
    ])
    func daysSinceEpoch(text: String, days: Int) {
        #expect(day(text).daysSinceEpoch == days)
        #expect(CalendarDay(daysSinceEpoch: days) == day(text))
    }

    @Test("every day round-trips through daysSinceEpoch", arguments: [
        (-719_162, -718_000), (-141_000, -139_000), (-800, 800), (10_900, 11_100), (20_000, 24_000), (2_931_000, 2_932_896),
    ])
    func roundTrip(from: Int, through: Int) {
        var previous: CalendarDay?
        for days in from...through {
            let value = CalendarDay(daysSinceEpoch: days)
            #expect(value.daysSinceEpoch == days)
            #expect(CalendarDay(year: value.year, month: value.month, day: value.day) == value)
            if let previous { #expect(previous < value) }
            previous = value
        }
    }

    @Test("ISO weekday, 1 = Monday … 7 = Sunday", arguments: [
        ("1970-01-01", 4), ("2000-01-01", 6), ("0001-01-01", 1), ("2026-11-30", 1), ("2026-12-01", 2),
        ("2026-12-02", 3), ("2026-12-03", 4), ("2026-12-04", 5), ("2026-12-05", 6), ("2026-12-06", 7),
        ("2028-02-29", 2), ("1969-12-28", 7),
    ])
    func isoWeekday(text: String, weekday: Int) {
        #expect(day(text).isoWeekday == weekday)
    }

    @Test("leap years", arguments: [(1900, false), (2000, true), (2024, true), (2026, false), (2028, true), (2100, false), (2400, true)])
    func leapYears(year: Int, isLeap: Bool) {
        #expect(CalendarDay.isLeapYear(year) == isLeap)
        #expect(CalendarDay.daysInMonth(year: year, month: 2) == (isLeap ? 29 : 28))
        #expect((CalendarDay(year: year, month: 2, day: 29) != nil) == isLeap)
    }

    @Test("adding months clamps the day to the month's end", arguments: [
        ("2026-01-31", 1, "2026-02-28"), ("2028-01-31", 1, "2028-02-29"), ("2026-10-31", 1, "2026-11-30"),
        ("2026-12-15", 1, "2027-01-15"), ("2026-03-31", -1, "2026-02-28"), ("2026-01-15", -1, "2025-12-15"),
        ("2026-01-31", 13, "2027-02-28"), ("2026-05-31", 0, "2026-05-31"),
    ])
    func addingMonths(start: String, months: Int, expected: String) {
        #expect(day(start).adding(months: months) == day(expected))
    }

    @Test("adding years keeps February 29 only in leap years", arguments: [
        ("2028-02-29", 1, "2029-02-28"), ("2028-02-29", 4, "2032-02-29"), ("2028-02-29", -1, "2027-02-28"),
        ("2026-12-03", 2, "2028-12-03"),
    ])
    func addingYears(start: String, years: Int, expected: String) {
        #expect(day(start).adding(years: years) == day(expected))
    }

    @Test("checked arithmetic refuses days outside the years 1 to 9999")
    func checkedRange() {
        #expect(day("9999-12-31").adding(checkedDays: 1) == nil)
        #expect(day("0001-01-01").adding(checkedDays: -1) == nil)
        #expect(day("2026-12-03").adding(checkedDays: Int.max) == nil)
        #expect(day("2026-12-03").adding(years: 8_000) == nil)
        #expect(day("2026-12-03").adding(months: -30_000) == nil)
        #expect(day("2026-12-03").adding(months: Int.min) == nil)
        #expect(CalendarDay(checkedDaysSinceEpoch: 2_932_897) == nil)
        #expect(CalendarDay(checkedDaysSinceEpoch: 2_932_896) == day("9999-12-31"))
        #expect(day("2026-12-30").adding(checkedDays: 2) == day("2027-01-01"))
    }

    @Test("last day of the month", arguments: [("2028-02-10", "2028-02-29"), ("2026-02-01", "2026-02-28"), ("2026-12-31", "2026-12-31")])
    func lastDayOfMonth(start: String, expected: String) {
        #expect(day(start).lastDayOfMonth == day(expected))
    }
}

@Suite("LocalDateTime across daylight-saving changes")
struct LocalDateTimeInstantTests {
    @Test("wall clock to instant", arguments: [
        // Ordinary times.
        ("2026-12-03T09:00:00", "Asia/Seoul", "2026-12-03T00:00:00Z"),
        ("2026-03-07T09:00:00", "America/New_York", "2026-03-07T14:00:00Z"),
        ("2026-03-08T09:00:00", "America/New_York", "2026-03-08T13:00:00Z"),
        // Gaps: 02:00–03:00 does not exist; read with the offset before the gap.
        ("2026-03-08T02:30:00", "America/New_York", "2026-03-08T07:30:00Z"),
        ("2026-03-29T02:30:00", "Europe/Berlin", "2026-03-29T01:30:00Z"),
        // Overlaps: 01:00–02:00 (New York), 02:00–03:00 (Berlin) happen twice; take the earlier.
        ("2026-11-01T01:30:00", "America/New_York", "2026-11-01T05:30:00Z"),
        ("2026-10-25T02:30:00", "Europe/Berlin", "2026-10-25T00:30:00Z"),
        // Just outside the changes.
        ("2026-11-01T02:00:00", "America/New_York", "2026-11-01T07:00:00Z"),
        ("2026-03-08T03:00:00", "America/New_York", "2026-03-08T07:00:00Z"),
    ])
    func instant(wallClock: String, zoneID: String, expected: String) {
        #expect(local(wallClock).instant(in: zone(zoneID)) == utc(expected))
    }

    @Test("instant to wall clock and back", arguments: [
        ("2026-03-08T06:59:59Z", "America/New_York", "2026-03-08T01:59:59"),
        ("2026-03-08T07:00:00Z", "America/New_York", "2026-03-08T03:00:00"),
        ("2026-11-01T05:30:00Z", "America/New_York", "2026-11-01T01:30:00"),
        ("2026-12-02T15:05:00Z", "Asia/Seoul", "2026-12-03T00:05:00"),
    ])
    func wallClock(instant: String, zoneID: String, expected: String) {
        let value = LocalDateTime(utc(instant), in: zone(zoneID))
        #expect(value == local(expected))
        #expect(value.instant(in: zone(zoneID)) == utc(instant))
    }
}
