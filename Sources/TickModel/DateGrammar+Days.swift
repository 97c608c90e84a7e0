import Foundation

/// The day arithmetic of the date grammar, shared by the English and the Korean phrases so
/// that both follow one set of rules: the one weekday rule, ISO weeks, months clamped to
/// their last day, a month and day without a year meaning its next occurrence.
struct DayReckoning {
    /// The day of the context's `now` on its wall clock.
    let today: CalendarDay
    /// The ISO weekday weeks begin on (1 = Monday, the default; 7 = Sunday): the user's
    /// `week-start` setting.
    var weekStart = 1

    /// How many days today is past the first day of its week (0 to 6).
    private var dayOfWeek: Int { (today.isoWeekday - weekStart + 7) % 7 }

    /// The soonest day on or after today with ISO weekday `weekday` (1 = Monday): `fri`,
    /// `this fri`, `금요일`, `이번 주 금요일`.
    func coming(_ weekday: Int) throws(DateGrammarFailure) -> CalendarDay {
        try shifted(days: (weekday - today.isoWeekday + 7) % 7)
    }

    /// Seven days after ``coming(_:)``: `next fri`, `다음 주 금요일`.
    func next(_ weekday: Int) throws(DateGrammarFailure) -> CalendarDay {
        try valid(coming(weekday).adding(checkedDays: 7))
    }

    /// The day with ISO weekday `weekday` in the week `weeks` after this one (weeks begin
    /// on `weekStart`: Monday to Sunday by default, ISO 8601): `이번 주 금요일` (0),
    /// `다음 주 금요일` (1) — the week named, then its day, as `next week` names the first
    /// day of the next one.
    func inWeek(_ weeks: Int, weekday: Int) throws(DateGrammarFailure) -> CalendarDay {
        try shifted(days: 7 * weeks - dayOfWeek + (weekday - weekStart + 7) % 7)
    }

    /// Today moved by `days` (negative: back).
    func shifted(days: Int) throws(DateGrammarFailure) -> CalendarDay {
        try valid(today.adding(checkedDays: days))
    }

    /// The first day of the next week (a Monday by default): `next week`, `다음 주`.
    func nextWeek() throws(DateGrammarFailure) -> CalendarDay {
        try shifted(days: 7 - dayOfWeek)
    }

    /// The last day of this week, today on that day (a Sunday by default): `end of week`.
    func endOfWeek() throws(DateGrammarFailure) -> CalendarDay {
        try shifted(days: 6 - dayOfWeek)
    }

    /// The 1st of next month: `next month`, `다음 달`.
    func firstOfNextMonth() throws(DateGrammarFailure) -> CalendarDay {
        var first = try valid(today.adding(months: 1))
        first.day = 1
        return first
    }

    /// January 1 of next year: `next year`, `내년`.
    func firstOfNextYear() throws(DateGrammarFailure) -> CalendarDay {
        try valid(CalendarDay(year: today.year + 1, month: 1, day: 1))
    }

    /// December 31 of this year: `end of year`.
    func endOfYear() throws(DateGrammarFailure) -> CalendarDay {
        try valid(CalendarDay(year: today.year, month: 12, day: 31))
    }

    /// The calendar units a count of days may be given in.
    enum CountUnit {
        case days, weeks, months, years
    }

    /// Today moved forward by `count` units: days and weeks count days; months and years
    /// keep the day of the month, clamped to a shorter month.
    func after(_ count: Int, _ unit: CountUnit) throws(DateGrammarFailure) -> CalendarDay {
        switch unit {
        case .days: return try valid(today.adding(checkedDays: count))
        case .weeks:
            let (days, overflow) = count.multipliedReportingOverflow(by: 7)
            return try valid(overflow ? nil : today.adding(checkedDays: days))
        case .months: return try valid(today.adding(months: count))
        case .years: return try valid(today.adding(years: count))
        }
    }

    /// English month names, for messages.
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]

    /// A month and day in `year` when given (`yearText` is how it was typed, for
    /// messages), else this year's day when it is today or later, else next year's. A
    /// day that does not exist is an error, never rolled over.
    func monthDay(month: Int, day: Int, year: Int? = nil, yearText: Substring = "") throws(DateGrammarFailure) -> CalendarDay {
        let name = Self.monthNames[month - 1]
        if let year {
            guard let value = CalendarDay(year: year, month: month, day: day) else {
                throw DateGrammarFailure("\(name) \(day), \(yearText) does not exist")
            }
            return value
        }
        guard day <= CalendarDay.daysInMonth(year: 2000, month: month) else {
            throw DateGrammarFailure("\(name) \(day) does not exist")
        }
        if let thisYear = CalendarDay(year: today.year, month: month, day: day), thisYear >= today {
            return thisYear
        }
        guard let nextYear = CalendarDay(year: today.year + 1, month: month, day: day) else {
            throw DateGrammarFailure("\(name) \(day) does not exist in \(today.year) or \(today.year + 1); give the year")
        }
        return nextYear
    }

    func valid(_ day: CalendarDay?) throws(DateGrammarFailure) -> CalendarDay {
        guard let day else { throw DateGrammarFailure("the day falls outside the " + SupportedDates.description) }
        return day
    }
}

/// How a phrase's parts become a ``Due``, the same for every language of the grammar.
enum DueAssembly {
    /// A day and a time of day on the context's wall clock, with the wall-clock time
    /// read. `namesDay` is false when no day was typed: a bare `midnight` (`자정`) is then
    /// the coming one, the start of tomorrow.
    static func timed(day: CalendarDay, time: PhraseParser.TimeOfDay, namesDay: Bool,
                      context: DateContext) throws(DateGrammarFailure) -> (due: Due, wallClock: LocalDateTime) {
        var day = day
        if time.isBareMidnight, !namesDay {
            guard let next = day.adding(checkedDays: 1) else {
                throw DateGrammarFailure("it is outside the dates Tick handles (\(SupportedDates.description))")
            }
            day = next
        }
        guard let local = LocalDateTime(day: day, hour: time.hour, minute: time.minute, second: time.second) else {
            throw DateGrammarFailure("the time is out of range") // unreachable: times are checked as read
        }
        return (.timed(local.instant(in: context.timeZone), timeZone: TimeZoneIdentifier(context.timeZone)), local)
    }

    /// The longest span `in N hours` may name: about 9,000 years, past the last
    /// supported date whatever `now` is, so that a longer one is refused as out of range
    /// rather than overflowing.
    static let longestSpan = 9_000 * 366 * 86_400

    /// `seconds` after the context's `now` taken to the start of its minute: `in 3 hours`
    /// at 10:17:42 is 13:17:00, a time a reminder shows whole.
    static func after(seconds: Int, context: DateContext) throws(DateGrammarFailure) -> Due {
        guard seconds <= longestSpan else {
            throw DateGrammarFailure("it is outside the dates Tick handles (\(SupportedDates.description))")
        }
        let start = (context.now.timeIntervalSince1970 / 60).rounded(.down) * 60
        return .timed(Date(timeIntervalSince1970: start + TimeInterval(seconds)),
                      timeZone: TimeZoneIdentifier(context.timeZone))
    }
}

/// Spans of hours and minutes (`3 hours`, `30 min`, `2h`, `1h30m`), read by both
/// languages of the grammar.
enum ClockSpan {
    /// Seconds in one of the unit words `hour(s)`, `hr(s)`, `h`, `minute(s)`, `min(s)`,
    /// `m`; nil for any other word.
    static func unitSeconds(_ word: some StringProtocol) -> Int? {
        switch word {
        case "hour", "hours", "hr", "hrs", "h": return 3_600
        case "minute", "minutes", "min", "mins", "m": return 60
        default: return nil
        }
    }

    /// A compact span such as `2h`, `90m`, `45min`, `1h30m`: one or more digit runs each
    /// followed by a unit word, nil for any other shape. Overflow is nil too.
    static func compact(_ word: String) -> Int? {
        var total = 0
        var rest = Substring(word)
        var parts = 0
        while !rest.isEmpty {
            let digits = rest.prefix(while: \.isASCIIDigit)
            guard !digits.isEmpty, digits.count <= 9, let count = Int(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix(while: { !$0.isASCIIDigit })
            guard let seconds = unitSeconds(unit) else { return nil }
            rest = rest.dropFirst(unit.count)
            let (product, overflow) = count.multipliedReportingOverflow(by: seconds)
            let (sum, overflow2) = total.addingReportingOverflow(product)
            guard !overflow, !overflow2 else { return nil }
            total = sum
            parts += 1
        }
        return parts > 0 ? total : nil
    }
}
