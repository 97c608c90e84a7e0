import Foundation
import Testing
import TickModel

/// Spans of hours and minutes (`in 3 hours`, `3시간 후`) and the Korean phrases, read
/// against the same fixed clock as the English tables: Wednesday 2026-12-02 10:00 in Seoul.
@Suite("Date grammar: spans and Korean")
struct DateGrammarSpanTests {
    static let seoul = context("2026-12-02T01:00:00Z", "Asia/Seoul")

    @Test("hours and minutes from now, to the minute", arguments: [
        ("in 3 hours", "2026-12-02T04:00:00Z"), ("in 1 hour", "2026-12-02T02:00:00Z"), ("in an hour", "2026-12-02T02:00:00Z"),
        ("in 30 minutes", "2026-12-02T01:30:00Z"), ("in a minute", "2026-12-02T01:01:00Z"), ("in 45 min", "2026-12-02T01:45:00Z"),
        ("in 2h", "2026-12-02T03:00:00Z"), ("in 90m", "2026-12-02T02:30:00Z"), ("in 90min", "2026-12-02T02:30:00Z"),
        ("in 1h30m", "2026-12-02T02:30:00Z"), ("in 1h 30m", "2026-12-02T02:30:00Z"),
        ("in 1 hour 30 minutes", "2026-12-02T02:30:00Z"), ("in 2 hours and 15 minutes", "2026-12-02T03:15:00Z"),
        ("In 2 HRS", "2026-12-02T03:00:00Z"), ("in 0 minutes", "2026-12-02T01:00:00Z"),
        ("in 48 hours", "2026-12-04T01:00:00Z"),
        ("3시간 후", "2026-12-02T04:00:00Z"), ("3시간후", "2026-12-02T04:00:00Z"), ("2시간 뒤", "2026-12-02T03:00:00Z"),
        ("30분 후", "2026-12-02T01:30:00Z"), ("1시간 30분 후", "2026-12-02T02:30:00Z"), ("1시간 반 후", "2026-12-02T02:30:00Z"),
    ])
    func spans(input: String, instant: String) throws {
        #expect(try DateGrammar.parse(input, in: Self.seoul) == timed(instant, "Asia/Seoul"))
    }

    @Test("a span starts at the minute of now, so its time is shown whole")
    func spanDropsSeconds() throws {
        let late = context("2026-12-02T01:17:42Z", "Asia/Seoul")
        #expect(try DateGrammar.parse("in 3 hours", in: late) == timed("2026-12-02T04:17:00Z", "Asia/Seoul"))
        #expect(try DateGrammar.parse("30분 후", in: late) == timed("2026-12-02T01:47:00Z", "Asia/Seoul"))
    }

    @Test("Korean phrases on Wednesday 2026-12-02 10:00 in Seoul", arguments: [
        // Named days.
        ("오늘", allDay("2026-12-02")), ("내일", allDay("2026-12-03")), ("모레", allDay("2026-12-04")),
        ("글피", allDay("2026-12-05")), ("어제", allDay("2026-12-01")), ("그제", allDay("2026-11-30")),
        ("그저께", allDay("2026-11-30")), (" 내일 ", allDay("2026-12-03")),
        // Weekdays: the one weekday rule, as `fri`, `this fri` and `next fri`.
        ("금요일", allDay("2026-12-04")), ("이번 주 금요일", allDay("2026-12-04")), ("이번주 금요일", allDay("2026-12-04")),
        ("이번 금요일", allDay("2026-12-04")), ("다음 주 금요일", allDay("2026-12-11")), ("다음주금요일", allDay("2026-12-11")),
        ("다음 금요일", allDay("2026-12-11")), ("수요일", allDay("2026-12-02")), ("화요일", allDay("2026-12-08")),
        ("일요일", allDay("2026-12-06")), ("월요일", allDay("2026-12-07")), ("금요일까지", allDay("2026-12-04")),
        ("금요일에", allDay("2026-12-04")), ("금욜", allDay("2026-12-04")), ("일욜까지", allDay("2026-12-06")),
        // Next week, month and year.
        ("다음 주", allDay("2026-12-07")), ("다음 달", allDay("2027-01-01")), ("다음달", allDay("2027-01-01")),
        ("내년", allDay("2027-01-01")),
        // Counts.
        ("3일 후", allDay("2026-12-05")), ("3일후", allDay("2026-12-05")), ("3일 뒤", allDay("2026-12-05")),
        ("2주 후", allDay("2026-12-16")), ("2주일 후", allDay("2026-12-16")), ("1개월 후", allDay("2027-01-02")),
        ("1달 후", allDay("2027-01-02")), ("2년 후", allDay("2028-12-02")),
        // Months and days: without a year, the next one.
        ("12월 14일", allDay("2026-12-14")), ("12월14일", allDay("2026-12-14")), ("12월 2일", allDay("2026-12-02")),
        ("12월 1일", allDay("2027-12-01")), ("1월 5일", allDay("2027-01-05")), ("2027년 12월 14일", allDay("2027-12-14")),
        ("2027년12월14일", allDay("2027-12-14")), ("14일", allDay("2026-12-14")), ("1일", allDay("2027-01-01")),
        ("14일까지", allDay("2026-12-14")), ("2026-12-14", allDay("2026-12-14")),
        // Times: 오전/오후 like am/pm; 24-hour hours alone; 반 is half past.
        ("오후 3시", timed("2026-12-02T06:00:00Z", "Asia/Seoul")), ("오후3시", timed("2026-12-02T06:00:00Z", "Asia/Seoul")),
        ("오전 9시 30분", timed("2026-12-02T00:30:00Z", "Asia/Seoul")), ("오후 3시 반", timed("2026-12-02T06:30:00Z", "Asia/Seoul")),
        ("오후 12시", timed("2026-12-02T03:00:00Z", "Asia/Seoul")), ("오전 12시", timed("2026-12-01T15:00:00Z", "Asia/Seoul")),
        ("15시", timed("2026-12-02T06:00:00Z", "Asia/Seoul")), ("15시 30분", timed("2026-12-02T06:30:00Z", "Asia/Seoul")),
        ("0시", timed("2026-12-01T15:00:00Z", "Asia/Seoul")), ("오후 3:30", timed("2026-12-02T06:30:00Z", "Asia/Seoul")),
        ("정오", timed("2026-12-02T03:00:00Z", "Asia/Seoul")),
        // A bare 자정 is the coming midnight; with a day, the start of that day (as `tomorrow midnight`).
        ("자정", timed("2026-12-02T15:00:00Z", "Asia/Seoul")), ("내일 자정", timed("2026-12-02T15:00:00Z", "Asia/Seoul")),
        // Dates with times.
        ("내일 오후 3시", timed("2026-12-03T06:00:00Z", "Asia/Seoul")), ("내일오후3시", timed("2026-12-03T06:00:00Z", "Asia/Seoul")),
        ("내일 오후 3시에", timed("2026-12-03T06:00:00Z", "Asia/Seoul")), ("내일 오후 3시까지", timed("2026-12-03T06:00:00Z", "Asia/Seoul")),
        ("내일 15:00", timed("2026-12-03T06:00:00Z", "Asia/Seoul")), ("내일 3pm", timed("2026-12-03T06:00:00Z", "Asia/Seoul")),
        ("12월 14일 오후 3시", timed("2026-12-14T06:00:00Z", "Asia/Seoul")),
        ("3일 후 오전 9시", timed("2026-12-05T00:00:00Z", "Asia/Seoul")),
        ("다음 주 금요일 오전 8시 15분", timed("2026-12-10T23:15:00Z", "Asia/Seoul")),
        ("오후 3시 내일", timed("2026-12-03T06:00:00Z", "Asia/Seoul")),
    ])
    func korean(input: String, expected: Due) throws {
        #expect(try DateGrammar.parse(input, in: Self.seoul) == expected)
    }

    /// `이번 주`/`다음 주` and a weekday: that day of this or the next ISO week (Monday to
    /// Sunday), from each day of the week 2026-11-30 (Mon) … 2026-12-06 (Sun).
    @Test("이번 주 and 다음 주 name the week, then its day", arguments: [
        ("2026-11-30", "2026-12-04", "2026-12-11", "2026-11-30", "2026-12-07"),
        ("2026-12-01", "2026-12-04", "2026-12-11", "2026-11-30", "2026-12-07"),
        ("2026-12-04", "2026-12-04", "2026-12-11", "2026-11-30", "2026-12-07"),
        ("2026-12-05", "2026-12-04", "2026-12-11", "2026-11-30", "2026-12-07"),
        ("2026-12-06", "2026-12-04", "2026-12-11", "2026-11-30", "2026-12-07"),
    ])
    func namedWeeks(today: String, thisFriday: String, nextFriday: String, thisMonday: String, nextMonday: String) throws {
        let noon = context(today + "T03:00:00Z", "Asia/Seoul")
        #expect(try DateGrammar.parse("이번 주 금요일", in: noon) == allDay(thisFriday))
        #expect(try DateGrammar.parse("다음 주 금요일", in: noon) == allDay(nextFriday))
        #expect(try DateGrammar.parse("이번주 월요일", in: noon) == allDay(thisMonday))
        #expect(try DateGrammar.parse("다음주 월요일", in: noon) == allDay(nextMonday))
        #expect(try DateGrammar.parse("다음 주 월요일", in: noon) == DateGrammar.parse("next week", in: noon))
    }

    @Test("Korean typed as decomposed jamo (NFD) reads the same")
    func decomposedJamo() throws {
        let decomposed = "내일 오후 3시".decomposedStringWithCanonicalMapping
        #expect(decomposed.unicodeScalars.count > "내일 오후 3시".unicodeScalars.count)
        #expect(try DateGrammar.parse(decomposed, in: Self.seoul) == timed("2026-12-03T06:00:00Z", "Asia/Seoul"))
    }

    @Test("the weekday rule in Korean matches the English words on each weekday", arguments: [
        "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06",
    ])
    func koreanWeekdayRule(today: String) throws {
        let noon = context(today + "T03:00:00Z", "Asia/Seoul")
        for (korean, english) in [("금요일", "fri"), ("이번 금요일", "this fri"), ("다음 금요일", "next fri"),
                                  ("월요일", "mon"), ("다음 주 일요일", "next sun"), ("다음 주", "next week"),
                                  ("다음 달", "next month"), ("3일 후", "in 3 days"), ("내일 자정", "tomorrow midnight"),
                                  ("자정", "midnight"), ("정오", "noon"), ("오후 3시", "3pm")] {
            #expect(try DateGrammar.parse(korean, in: noon) == DateGrammar.parse(english, in: noon), "\(korean) on \(today)")
        }
    }

    @Test("refused Korean phrases name the part not understood", arguments: [
        ("모래", "'모래' is not a date, weekday or time"),
        ("내일 블로프", "'블로프' is not a date, weekday or time"),
        ("3시", "'3시' needs 오전 or 오후: '오전 3시' or '오후 3시' (or a 24-hour hour such as 15시)"),
        ("내일 3시", "'3시' needs 오전 or 오후: '오전 3시' or '오후 3시' (or a 24-hour hour such as 15시)"),
        ("오후 15시", "'오후 15시' is not a time of day (hours 0 to 23, or 1 to 12 with am/pm; minutes 00 to 59)"),
        ("25시", "'25시' is not a time of day (hours 0 to 23, or 1 to 12 with am/pm; minutes 00 to 59)"),
        ("오후 3시 61분", "'61분' is not a minute (0분 to 59분)"),
        ("오후", "'오후' must be followed by an hour, as in '오후 3시'"),
        ("오후 내일", "'오후' must be followed by an hour, as in '오후 3시'"),
        ("13월 1일", "'13월' is not a month (1월 to 12월)"),
        ("12월", "'12월' needs a day of the month, as in '12월 14일'"),
        ("12월 32일", "'32일' is not a day of the month (1 to 31)"),
        ("2월 30일", "February 30 does not exist"),
        ("2027년 2월 29일", "February 29, 2027 does not exist"),
        ("32일", "'32일' is not a day of the month (1 to 31)"),
        ("이번 주", "'이번 주' must be followed by a weekday, as in '이번 주 금요일'"),
        ("다음", "'다음' must be followed by a weekday, '주' or '달', as in '다음 주 금요일'"),
        ("3시간", "'3시간' needs 후 after it, as in '3시간 후'"),
        ("2주", "'2주' needs 후 after it, as in '2주 후'"),
        ("내일 오후 3시 내일", "'내일' is not understood after '내일 오후 3시'"),
        ("3시간 후 오후 3시", "'오후' is not understood after '3시간 후'"),
        ("99999999시간 후", "it is outside the dates Tick handles (years 2 to 9998)"),
        ("10000년 후", "the day falls outside the years 2 to 9998"),
    ])
    func refusedKorean(input: String, reason: String) {
        #expect(throws: ModelError.invalidDate(input, reason: reason)) {
            try DateGrammar.parse(input, in: Self.seoul)
        }
    }

    @Test("a long run of Hangul is refused quickly (the cutting into words is linear)")
    func longRunIsLinear() {
        let input = String(repeating: "주일", count: 5_000) + "블"
        #expect(throws: ModelError.self) { try DateGrammar.parse(input, in: Self.seoul) }
    }
}
