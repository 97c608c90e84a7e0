import Foundation
import Testing
import TickModel

/// Every table reads phrases against a fixed clock and zone; nothing here looks at the
/// machine's clock, zone or locale.
@Suite("Date grammar")
struct DateGrammarTests {
    /// Wednesday 2026-12-02 10:00 in Seoul (UTC+9, no DST).
    static let seoul = context("2026-12-02T01:00:00Z", "Asia/Seoul")

    @Test("phrases on Wednesday 2026-12-02 10:00 in Seoul", arguments: [
        // Relative days.
        ("today", allDay("2026-12-02")), ("  Today \t", allDay("2026-12-02")), ("TOMORROW", allDay("2026-12-03")),
        ("yesterday", allDay("2026-12-01")),
        // Dates with times.
        ("tomorrow 9am", timed("2026-12-03T00:00:00Z", "Asia/Seoul")),
        ("tomorrow at 9am", timed("2026-12-03T00:00:00Z", "Asia/Seoul")),
        ("tomorrow 9 am", timed("2026-12-03T00:00:00Z", "Asia/Seoul")),
        ("Tomorrow 9 A.M.", timed("2026-12-03T00:00:00Z", "Asia/Seoul")),
        ("tomorrow 9:30pm", timed("2026-12-03T12:30:00Z", "Asia/Seoul")),
        ("tomorrow 9:30 PM", timed("2026-12-03T12:30:00Z", "Asia/Seoul")),
        ("tomorrow 12am", timed("2026-12-02T15:00:00Z", "Asia/Seoul")),
        ("tomorrow midnight", timed("2026-12-02T15:00:00Z", "Asia/Seoul")),
        ("tomorrow 12pm", timed("2026-12-03T03:00:00Z", "Asia/Seoul")),
        ("tomorrow noon", timed("2026-12-03T03:00:00Z", "Asia/Seoul")),
        ("tomorrow 12:15am", timed("2026-12-02T15:15:00Z", "Asia/Seoul")),
        ("tomorrow 17:00", timed("2026-12-03T08:00:00Z", "Asia/Seoul")),
        ("tomorrow 9:05", timed("2026-12-03T00:05:00Z", "Asia/Seoul")),
        ("tomorrow 0:00", timed("2026-12-02T15:00:00Z", "Asia/Seoul")),
        ("tomorrow 17:30:45", timed("2026-12-03T08:30:45Z", "Asia/Seoul")),
        // A time alone is today; a time may also come first.
        ("9am", timed("2026-12-02T00:00:00Z", "Asia/Seoul")),
        ("at 17:00", timed("2026-12-02T08:00:00Z", "Asia/Seoul")),
        ("noon", timed("2026-12-02T03:00:00Z", "Asia/Seoul")),
        // Midnight alone is the coming one (the start of tomorrow); with a day, the
        // start of that day (as `tomorrow midnight` above).
        ("midnight", timed("2026-12-02T15:00:00Z", "Asia/Seoul")),
        ("at midnight", timed("2026-12-02T15:00:00Z", "Asia/Seoul")),
        ("fri at midnight", timed("2026-12-03T15:00:00Z", "Asia/Seoul")),
        ("midnight on fri", timed("2026-12-03T15:00:00Z", "Asia/Seoul")),
        ("today midnight", timed("2026-12-01T15:00:00Z", "Asia/Seoul")),
        ("9pm tomorrow", timed("2026-12-03T12:00:00Z", "Asia/Seoul")),
        ("5pm on fri", timed("2026-12-04T08:00:00Z", "Asia/Seoul")),
        // Weekdays (today is a Wednesday).
        ("wed", allDay("2026-12-02")), ("this wed", allDay("2026-12-02")), ("next wed", allDay("2026-12-09")),
        ("fri", allDay("2026-12-04")), ("Friday", allDay("2026-12-04")), ("fri.", allDay("2026-12-04")),
        ("this fri", allDay("2026-12-04")), ("next fri", allDay("2026-12-11")), ("tue", allDay("2026-12-08")),
        ("fri 17:00", timed("2026-12-04T08:00:00Z", "Asia/Seoul")),
        ("next fri at 8:15am", timed("2026-12-10T23:15:00Z", "Asia/Seoul")),
        // Counts.
        ("in 3 days", allDay("2026-12-05")), ("in 1 day", allDay("2026-12-03")), ("in 0 days", allDay("2026-12-02")),
        ("in a week", allDay("2026-12-09")), ("in 2 weeks", allDay("2026-12-16")), ("in 1 month", allDay("2027-01-02")),
        ("in an month", allDay("2027-01-02")), ("in 2 years", allDay("2028-12-02")), ("In 3 Days", allDay("2026-12-05")),
        ("in 3 days 9am", timed("2026-12-05T00:00:00Z", "Asia/Seoul")),
        ("in 3 days at 9am", timed("2026-12-05T00:00:00Z", "Asia/Seoul")),
        // Ends and starts.
        ("end of month", allDay("2026-12-31")), ("end of week", allDay("2026-12-06")), ("end of year", allDay("2026-12-31")),
        ("next week", allDay("2026-12-07")), ("next month", allDay("2027-01-01")), ("next year", allDay("2027-01-01")),
        ("next week 9am", timed("2026-12-07T00:00:00Z", "Asia/Seoul")),
        // Month names.
        ("dec 14", allDay("2026-12-14")), ("14 dec", allDay("2026-12-14")), ("december 14", allDay("2026-12-14")),
        ("Dec 14th", allDay("2026-12-14")), ("dec 14 2027", allDay("2027-12-14")), ("14 december 2027", allDay("2027-12-14")),
        ("Dec 14, 2027", allDay("2027-12-14")), ("dec 2", allDay("2026-12-02")), ("dec 1", allDay("2027-12-01")),
        ("jan 5", allDay("2027-01-05")), ("sept 3", allDay("2027-09-03")), ("1st may", allDay("2027-05-01")),
        ("dec 14 15:00", timed("2026-12-14T06:00:00Z", "Asia/Seoul")),
        ("14 dec 2027 3:30pm", timed("2027-12-14T06:30:00Z", "Asia/Seoul")),
        ("dec 22nd at noon", timed("2026-12-22T03:00:00Z", "Asia/Seoul")),
        // ISO 8601.
        ("2026-12-03", allDay("2026-12-03")), ("2026-11-01", allDay("2026-11-01")),
        ("2026-12-03 17:30", timed("2026-12-03T08:30:00Z", "Asia/Seoul")),
        ("2026-12-03T17:30", timed("2026-12-03T08:30:00Z", "Asia/Seoul")),
        ("2026-12-03t17:30:45", timed("2026-12-03T08:30:45Z", "Asia/Seoul")),
        ("2026-12-03T17:30:45.250", timed("2026-12-03T08:30:45Z", "Asia/Seoul")),
        ("2026-12-03T17:30+09:00", timed("2026-12-03T08:30:00Z", "Asia/Seoul")),
        ("2026-12-03T17:30:00+0900", timed("2026-12-03T08:30:00Z", "Asia/Seoul")),
        ("2026-12-03T17:30+09", timed("2026-12-03T08:30:00Z", "Asia/Seoul")),
        ("2026-12-03T17:30Z", timed("2026-12-03T17:30:00Z", "UTC")),
        ("2026-12-03T17:30:00.999z", timed("2026-12-03T17:30:00Z", "UTC")),
        ("2026-12-03T17:30+00:00", timed("2026-12-03T17:30:00Z", "UTC")),
        ("2026-12-03T17:30:00-05:00", timed("2026-12-03T22:30:00Z", "GMT-0500")),
        ("2026-12-03 17:30+05:30", timed("2026-12-03T12:00:00Z", "GMT+0530")),
        ("2026-12-03 9am", timed("2026-12-03T00:00:00Z", "Asia/Seoul")),
        ("2026-12-03 at noon", timed("2026-12-03T03:00:00Z", "Asia/Seoul")),
    ])
    func seoulPhrases(input: String, expected: Due) throws {
        #expect(try DateGrammar.parse(input, in: Self.seoul) == expected)
    }

    @Test("just after midnight: Thursday 2026-12-03 00:05 in Seoul is still Wednesday in UTC", arguments: [
        ("today", allDay("2026-12-03")), ("yesterday", allDay("2026-12-02")), ("tomorrow", allDay("2026-12-04")),
        ("thu", allDay("2026-12-03")), ("wed", allDay("2026-12-09")), ("fri", allDay("2026-12-04")),
        ("in 1 day", allDay("2026-12-04")), ("end of week", allDay("2026-12-06")), ("dec 3", allDay("2026-12-03")),
        ("dec 2", allDay("2027-12-02")),
        ("9am", timed("2026-12-03T00:00:00Z", "Asia/Seoul")),
        // Five minutes after one midnight, `midnight` is the next one.
        ("midnight", timed("2026-12-03T15:00:00Z", "Asia/Seoul")),
        ("tomorrow 9am", timed("2026-12-04T00:00:00Z", "Asia/Seoul")),
    ])
    func justAfterMidnight(input: String, expected: Due) throws {
        let context = context("2026-12-02T15:05:00Z", "Asia/Seoul")
        #expect(try DateGrammar.parse(input, in: context) == expected)
    }

    @Test("daylight-saving change days keep the wall clock", arguments: [
        // New York springs forward on Sunday 2026-03-08 (EST → EDT); now is Saturday noon EST.
        ("2026-03-07T17:00:00Z", "America/New_York", "tomorrow 9am", timed("2026-03-08T13:00:00Z", "America/New_York")),
        ("2026-03-07T17:00:00Z", "America/New_York", "today 9am", timed("2026-03-07T14:00:00Z", "America/New_York")),
        ("2026-03-07T17:00:00Z", "America/New_York", "sun 9am", timed("2026-03-08T13:00:00Z", "America/New_York")),
        ("2026-03-07T17:00:00Z", "America/New_York", "tomorrow 2:30am", timed("2026-03-08T07:30:00Z", "America/New_York")),
        ("2026-03-07T17:00:00Z", "America/New_York", "tomorrow", allDay("2026-03-08")),
        ("2026-03-07T17:00:00Z", "America/New_York", "2026-03-08 09:00", timed("2026-03-08T13:00:00Z", "America/New_York")),
        // New York falls back on Sunday 2026-11-01 (EDT → EST); now is Saturday noon EDT.
        ("2026-10-31T16:00:00Z", "America/New_York", "tomorrow 9am", timed("2026-11-01T14:00:00Z", "America/New_York")),
        ("2026-10-31T16:00:00Z", "America/New_York", "today 9am", timed("2026-10-31T13:00:00Z", "America/New_York")),
        ("2026-10-31T16:00:00Z", "America/New_York", "tomorrow 1:30am", timed("2026-11-01T05:30:00Z", "America/New_York")),
        ("2026-10-31T16:00:00Z", "America/New_York", "in 1 day 9am", timed("2026-11-01T14:00:00Z", "America/New_York")),
        // On the change day itself, just after midnight.
        ("2026-11-01T04:05:00Z", "America/New_York", "today", allDay("2026-11-01")),
        ("2026-11-01T04:05:00Z", "America/New_York", "9am", timed("2026-11-01T14:00:00Z", "America/New_York")),
        // Berlin springs forward on 2026-03-29 and falls back on 2026-10-25.
        ("2026-03-28T11:00:00Z", "Europe/Berlin", "tomorrow 9am", timed("2026-03-29T07:00:00Z", "Europe/Berlin")),
        ("2026-03-28T11:00:00Z", "Europe/Berlin", "today 9am", timed("2026-03-28T08:00:00Z", "Europe/Berlin")),
        ("2026-03-28T11:00:00Z", "Europe/Berlin", "tomorrow 2:30am", timed("2026-03-29T01:30:00Z", "Europe/Berlin")),
        ("2026-10-24T10:00:00Z", "Europe/Berlin", "tomorrow 9am", timed("2026-10-25T08:00:00Z", "Europe/Berlin")),
        ("2026-10-24T10:00:00Z", "Europe/Berlin", "tomorrow 2:30am", timed("2026-10-25T00:30:00Z", "Europe/Berlin")),
        ("2026-10-24T10:00:00Z", "Europe/Berlin", "2026-10-25T09:00+01:00", timed("2026-10-25T08:00:00Z", "Europe/Berlin")),
        ("2026-10-24T10:00:00Z", "Europe/Berlin", "2026-10-24T09:00+01:00", timed("2026-10-24T08:00:00Z", "GMT+0100")),
    ])
    func daylightSaving(now: String, zoneID: String, input: String, expected: Due) throws {
        #expect(try DateGrammar.parse(input, in: context(now, zoneID)) == expected)
    }

    @Test("a time in a daylight-saving gap is moved forward by the gap, and the reading says which time was skipped", arguments: [
        ("2026-03-28T11:00:00Z", "Europe/Berlin", "2026-03-29 02:30", "2026-03-29T01:30:00Z", "2026-03-29T02:30:00"),
        ("2026-03-28T11:00:00Z", "Europe/Berlin", "tomorrow 2:30am", "2026-03-29T01:30:00Z", "2026-03-29T02:30:00"),
        ("2026-03-07T17:00:00Z", "America/New_York", "tomorrow 2:59am", "2026-03-08T07:59:00Z", "2026-03-08T02:59:00"),
        ("2026-03-28T11:00:00Z", "Europe/Berlin", "2026-03-29 03:00", "2026-03-29T01:00:00Z", nil),
        ("2026-03-28T11:00:00Z", "Europe/Berlin", "2026-03-29 01:59", "2026-03-29T00:59:00Z", nil),
        ("2026-10-24T10:00:00Z", "Europe/Berlin", "tomorrow 2:30am", "2026-10-25T00:30:00Z", nil),
        ("2026-03-28T11:00:00Z", "Europe/Berlin", "2026-03-29T02:30+01:00", "2026-03-29T01:30:00Z", nil),
    ])
    func gap(now: String, zoneID: String, input: String, instant: String, skipped: String?) throws {
        let reading = try DateGrammar.read(input, in: context(now, zoneID))
        #expect(reading.due == timed(instant, reading.due.timeZone?.identifier ?? zoneID))
        #expect(reading.skippedTime?.description == skipped)
    }

    @Test("month ends and leap years", arguments: [
        ("2026-01-31T12:00:00Z", "in 1 month", "2026-02-28"), ("2026-01-31T12:00:00Z", "in 2 months", "2026-03-31"),
        ("2026-01-31T12:00:00Z", "in 13 months", "2027-02-28"), ("2026-01-31T12:00:00Z", "end of month", "2026-01-31"),
        ("2026-01-31T12:00:00Z", "next month", "2026-02-01"), ("2028-01-31T12:00:00Z", "in 1 month", "2028-02-29"),
        ("2026-10-31T12:00:00Z", "in 1 month", "2026-11-30"), ("2026-12-31T12:00:00Z", "in 1 month", "2027-01-31"),
        ("2026-12-31T12:00:00Z", "next month", "2027-01-01"), ("2026-12-31T12:00:00Z", "tomorrow", "2027-01-01"),
        ("2026-12-31T12:00:00Z", "next year", "2027-01-01"), ("2026-12-31T12:00:00Z", "end of year", "2026-12-31"),
        ("2026-12-31T12:00:00Z", "dec 31", "2026-12-31"), ("2026-12-31T12:00:00Z", "jan 1", "2027-01-01"),
        ("2028-02-29T12:00:00Z", "today", "2028-02-29"), ("2028-02-29T12:00:00Z", "in 1 year", "2029-02-28"),
        ("2028-02-29T12:00:00Z", "in 4 years", "2032-02-29"), ("2028-02-29T12:00:00Z", "in 12 months", "2029-02-28"),
        ("2028-02-29T12:00:00Z", "feb 29", "2028-02-29"), ("2028-02-29T12:00:00Z", "end of month", "2028-02-29"),
        ("2028-02-29T12:00:00Z", "tomorrow", "2028-03-01"), ("2028-02-28T12:00:00Z", "tomorrow", "2028-02-29"),
        ("2028-02-28T12:00:00Z", "end of month", "2028-02-29"), ("2027-03-01T12:00:00Z", "feb 29", "2028-02-29"),
        ("2026-05-01T12:00:00Z", "29 feb 2028", "2028-02-29"), ("2026-05-01T12:00:00Z", "2028-02-29", "2028-02-29"),
    ])
    func monthEndsAndLeapYears(now: String, input: String, expected: String) throws {
        #expect(try DateGrammar.parse(input, in: context(now, "UTC")) == allDay(expected))
    }

    /// The one weekday rule, from each day of the week 2026-11-30 (Mon) … 2026-12-06 (Sun),
    /// at noon in Seoul: `fri` is the soonest Friday on or after today; `next fri` is 7 days later.
    @Test("the weekday rule on each weekday", arguments: [
        ("2026-11-30", "fri", "2026-12-04"), ("2026-12-01", "fri", "2026-12-04"), ("2026-12-02", "fri", "2026-12-04"),
        ("2026-12-03", "fri", "2026-12-04"), ("2026-12-04", "fri", "2026-12-04"), ("2026-12-05", "fri", "2026-12-11"),
        ("2026-12-06", "fri", "2026-12-11"),
        ("2026-11-30", "this fri", "2026-12-04"), ("2026-12-04", "this fri", "2026-12-04"), ("2026-12-05", "this fri", "2026-12-11"),
        ("2026-11-30", "next fri", "2026-12-11"), ("2026-12-01", "next fri", "2026-12-11"), ("2026-12-02", "next fri", "2026-12-11"),
        ("2026-12-03", "next fri", "2026-12-11"), ("2026-12-04", "next fri", "2026-12-11"), ("2026-12-05", "next fri", "2026-12-18"),
        ("2026-12-06", "next fri", "2026-12-18"),
        ("2026-11-30", "mon", "2026-11-30"), ("2026-12-01", "mon", "2026-12-07"), ("2026-12-06", "mon", "2026-12-07"),
        ("2026-11-30", "next mon", "2026-12-07"), ("2026-12-06", "next mon", "2026-12-14"),
        ("2026-11-30", "sun", "2026-12-06"), ("2026-12-06", "sun", "2026-12-06"), ("2026-12-06", "next sun", "2026-12-13"),
        ("2026-11-30", "next week", "2026-12-07"), ("2026-12-03", "next week", "2026-12-07"), ("2026-12-06", "next week", "2026-12-07"),
        ("2026-11-30", "end of week", "2026-12-06"), ("2026-12-03", "end of week", "2026-12-06"), ("2026-12-06", "end of week", "2026-12-06"),
    ])
    func weekdayRule(today: String, input: String, expected: String) throws {
        let noon = context(today + "T03:00:00Z", "Asia/Seoul")
        #expect(try DateGrammar.parse(input, in: noon) == allDay(expected))
    }

    @Test("every weekday spelling, read from Monday 2026-11-30", arguments: [
        ("mon", 0), ("monday", 0), ("tue", 1), ("tues", 1), ("tuesday", 1), ("wed", 2), ("wednesday", 2),
        ("thu", 3), ("thur", 3), ("thurs", 3), ("thursday", 3), ("fri", 4), ("friday", 4), ("sat", 5),
        ("saturday", 5), ("sun", 6), ("sunday", 6), ("SUNDAY", 6), ("Thurs.", 3),
    ])
    func weekdaySpellings(input: String, daysAfterMonday: Int) throws {
        let monday = context("2026-11-30T03:00:00Z", "Asia/Seoul")
        #expect(try DateGrammar.parse(input, in: monday) == .allDay(day("2026-11-30").adding(days: daysAfterMonday)))
    }

    @Test("every month spelling", arguments: [
        ("jan", 1), ("january", 1), ("feb", 2), ("february", 2), ("mar", 3), ("march", 3), ("apr", 4), ("april", 4),
        ("may", 5), ("jun", 6), ("june", 6), ("jul", 7), ("july", 7), ("aug", 8), ("august", 8), ("sep", 9),
        ("sept", 9), ("september", 9), ("oct", 10), ("october", 10), ("nov", 11), ("november", 11), ("dec", 12),
        ("december", 12), ("Dec.", 12),
    ])
    func monthSpellings(input: String, month: Int) throws {
        let expected = Due.allDay(CalendarDay(year: 2027, month: month, day: 15) ?? day("0001-01-01"))
        #expect(try DateGrammar.parse("\(input) 15 2027", in: Self.seoul) == expected)
        #expect(try DateGrammar.parse("15 \(input) 2027", in: Self.seoul) == expected)
    }

    @Test("ordinal days", arguments: [
        ("1st", 1), ("2nd", 2), ("3rd", 3), ("4th", 4), ("11th", 11), ("12th", 12), ("13th", 13), ("21st", 21),
        ("22nd", 22), ("23rd", 23), ("31st", 31),
    ])
    func ordinals(input: String, dayOfMonth: Int) throws {
        let expected = Due.allDay(CalendarDay(year: 2027, month: 1, day: dayOfMonth) ?? day("0001-01-01"))
        #expect(try DateGrammar.parse("jan \(input)", in: Self.seoul) == expected)
    }

    @Test("refused phrases name the part not understood", arguments: [
        ("", "it is empty; give a date such as 'tomorrow', 'fri 17:00' or '2026-12-03'"),
        ("   ", "it is empty; give a date such as 'tomorrow', 'fri 17:00' or '2026-12-03'"),
        ("blorp", "'blorp' is not a date, weekday or time"),
        ("Blorp 9am", "'Blorp' is not a date, weekday or time"),
        ("last fri", "'last' is not a date, weekday or time"),
        ("1st", "'1st' is not a date, weekday or time"),
        ("9:60", "'9:60' is not a date, weekday or time"),
        ("tomorrow blorp", "'blorp' is not a time (after a date only a time may follow)"),
        ("tomorrow tomorrow", "'tomorrow' is not a time (after a date only a time may follow)"),
        ("tomorrow at blorp", "'blorp' is not a time"),
        ("tomorrow 9am blorp", "'blorp' is not understood after 'tomorrow 9am'"),
        ("tomorrow at 9am 10am", "'10am' is not understood after 'tomorrow at 9am'"),
        ("9am blorp", "'blorp' is not a date or weekday"),
        ("9am 5pm", "'5pm' is not a date or weekday"),
        ("9am on", "'on' must be followed by a date or weekday, as in 'on fri'"),
        ("at", "'at' must be followed by a time, as in 'at 9am'"),
        ("tomorrow at", "'at' must be followed by a time, as in 'at 9am'"),
        ("2026-02-30", "'2026-02-30' is not a real day"),
        ("2026-13-01", "'2026-13-01' is not a real day"),
        ("2027-02-29", "'2027-02-29' is not a real day"),
        ("2026-02-30 9am", "'2026-02-30' is not a real day"),
        ("2026-02-30T09:00", "'2026-02-30' is not a real day"),
        ("2026-12-03T25:00", "'25:00' is not a time of day (hours 0 to 23, or 1 to 12 with am/pm; minutes 00 to 59)"),
        ("2026-12-03T24:00", "'24:00' is not a time of day (hours 0 to 23, or 1 to 12 with am/pm; minutes 00 to 59)"),
        ("2026-12-03T23:60:00", "'23:60:00' is not a time of day (hours 0 to 23, or 1 to 12 with am/pm; minutes 00 to 59)"),
        ("2026-12-03T17:30+19:00", "'+19:00' is not a UTC offset (-18:00 to +18:00)"),
        ("2026-12-03T17:30x", "'2026-12-03T17:30x' is not an ISO 8601 date (YYYY-MM-DD) or date and time (YYYY-MM-DDTHH:MM)"),
        ("2026-12-3", "'2026-12-3' is not an ISO 8601 date (YYYY-MM-DD) or date and time (YYYY-MM-DDTHH:MM)"),
        ("2026-12-03T17:30+09:60", "'2026-12-03T17:30+09:60' is not an ISO 8601 date (YYYY-MM-DD) or date and time (YYYY-MM-DDTHH:MM)"),
        ("feb 30", "February 30 does not exist"),
        ("apr 31", "April 31 does not exist"),
        ("30 feb", "February 30 does not exist"),
        ("feb 29 2027", "February 29, 2027 does not exist"),
        ("feb 29", "February 29 does not exist in 2026 or 2027; give the year"),
        ("dec 32", "'32' is not a day of the month (1 to 31)"),
        ("32 dec", "'32' is not a day of the month (1 to 31)"),
        ("dec 1th", "'1th' is not a day of the month (1 to 31)"),
        ("dec", "'dec' needs a day of the month, as in 'dec 14'"),
        ("dec blorp", "'blorp' is not a day of the month (1 to 31)"),
        ("13pm", "'13pm' is not a time of day (hours 0 to 23, or 1 to 12 with am/pm; minutes 00 to 59)"),
        ("0am", "'0am' is not a time of day (hours 0 to 23, or 1 to 12 with am/pm; minutes 00 to 59)"),
        ("13 pm", "'13 pm' is not a time of day (hours 0 to 23, or 1 to 12 with am/pm; minutes 00 to 59)"),
        ("9", "'9' needs am/pm or minutes: '9am', '9pm' or '9:00'"),
        ("tomorrow 9", "'9' needs am/pm or minutes: '9am', '9pm' or '9:00'"),
        ("25:00", "'25:00' is not a time of day (hours 0 to 23, or 1 to 12 with am/pm; minutes 00 to 59)"),
        ("3 days", "'3 days' needs 'in' before it, as in 'in 3 days'"),
        ("in", "'in' must be followed by a number and a unit, as in 'in 3 days'"),
        ("in 3", "'in 3' needs a unit: minutes, hours, days, weeks, months or years"),
        ("in x days", "'x' is not a number; write 'in 3 days' or 'in a week'"),
        ("in -3 days", "'-3' is not a number; write 'in 3 days' or 'in a week'"),
        ("in 3 fortnights", "'fortnights' is not a unit; use minutes, hours, days, weeks, months or years"),
        ("in 3 hours 9am", "'9am' is not understood after 'in 3 hours'; nothing may follow a span of hours or minutes"),
        ("in 2h tomorrow", "'tomorrow' is not understood after 'in 2h'; nothing may follow a span of hours or minutes"),
        ("in 2x", "'2x' is not a number; write 'in 3 days' or 'in a week'"),
        ("3 hours", "'3 hours' needs 'in' before it, as in 'in 3 hours'"),
        ("in 99999999 hours", "it is outside the dates Tick handles (years 2 to 9998)"),
        ("in 999999999h", "it is outside the dates Tick handles (years 2 to 9998)"),
        ("in 9223372036854775807 minutes", "it is outside the dates Tick handles (years 2 to 9998)"),
        ("in 10000 years", "the day falls outside the years 2 to 9998"),
        ("in 3000000 days", "the day falls outside the years 2 to 9998"),
        ("in 99999999999999999999 days", "the day falls outside the years 2 to 9998"),
        ("in 9223372036854775807 weeks", "the day falls outside the years 2 to 9998"),
        ("in 9223372036854775807 months", "the day falls outside the years 2 to 9998"),
        ("next", "'next' must be followed by a weekday, 'week', 'month' or 'year'"),
        ("next blorp", "'next blorp' is not understood; use a weekday, 'week', 'month' or 'year' after 'next'"),
        ("this", "'this' must be followed by a weekday, as in 'this fri'"),
        ("this month", "'this' must be followed by a weekday, as in 'this fri'"),
        ("end", "'end' must be followed by 'of week', 'of month' or 'of year'"),
        ("end of", "'end' must be followed by 'of week', 'of month' or 'of year'"),
        ("end of decade", "'end of decade' is not understood; use 'end of week', 'end of month' or 'end of year'"),
        ("tonight", "'tonight' names no time; say 'today 8pm' or 'today 20:00'"),
    ])
    func refused(input: String, reason: String) {
        #expect(throws: ModelError.invalidDate(input, reason: reason)) {
            try DateGrammar.parse(input, in: Self.seoul)
        }
    }

    @Test("the error reads as a sentence naming the input")
    func errorDescription() {
        let error = ModelError.invalidDate("blorp", reason: "'blorp' is not a date, weekday or time")
        #expect(throws: error) { try DateGrammar.parse("blorp", in: Self.seoul) }
        #expect(error.description == "cannot read 'blorp' as a date: 'blorp' is not a date, weekday or time")
    }

    @Test("results do not depend on the locale", arguments: ["ko_KR", "de_DE", "en_US_POSIX"])
    func localeIndependent(locale: String) throws {
        let context = context("2026-12-02T01:00:00Z", "Asia/Seoul", locale: locale)
        #expect(try DateGrammar.parse("fri 5pm", in: context) == timed("2026-12-04T08:00:00Z", "Asia/Seoul"))
    }
}
