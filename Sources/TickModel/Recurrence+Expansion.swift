import Foundation

/// Expansion of a rule into days (RFC 5545 §3.3.10), written over `CalendarDay` so that
/// it needs no time zone: times of day are applied afterwards, on the wall clock of the
/// reminder's own zone (see `Reminder+Recurrence.swift`).
///
/// The series is made period by period (a day, a week starting on `WKST`, a month or a
/// year), starting with the period that holds the anchor (the due date, `DTSTART`) and
/// stepping `INTERVAL` periods at a time. In each period the `BY…` parts choose days as
/// the RFC's table says: `BYMONTH` expands yearly rules and limits the others;
/// `BYMONTHDAY` expands monthly and yearly rules and limits daily ones; `BYDAY` expands
/// weekly rules, expands monthly and yearly rules unless `BYMONTHDAY` is given (then it
/// limits), and limits daily ones; `BYSETPOS` then picks from the period's sorted days.
/// Days that do not exist are skipped, never moved: a monthly rule on the 31st has no
/// occurrence in April, and a yearly rule on February 29 occurs in leap years only.
/// Days before the anchor are never part of the series.
extension Recurrence {
    /// The first day of the series anchored at `anchor` that is after `day`, or nil when
    /// there is none within the search limit (a rule that can never match, such as
    /// `FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30`, or one that runs past the year 9999).
    /// `COUNT` and `UNTIL` are not applied here.
    ///
    /// Worked examples (anchor in parentheses):
    /// - `FREQ=MONTHLY` (2026-01-31), after 2026-01-31 → 2026-03-31 (February has no 31st).
    /// - `FREQ=MONTHLY;BYDAY=-1FR` (2026-11-27), after 2026-11-27 → 2026-12-25.
    /// - `FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH` (2026-12-01, a Tuesday), after 2026-12-03 → 2026-12-15.
    /// - `FREQ=YEARLY` (2028-02-29), after 2028-02-29 → 2032-02-29.
    ///
    /// - Complexity: O(p) in the number of periods scanned: at most about 400 years' worth
    ///   for yearly and monthly rules, 11 years for daily ones, 20 for weekly ones.
    public func nextDay(after day: CalendarDay, anchor: CalendarDay) -> CalendarDay? {
        let first = periodStart(of: anchor)
        let limit: Int
        switch frequency {
        case .daily: limit = 4_000
        case .weekly: limit = 1_100
        case .monthly: limit = 4_800
        case .yearly: limit = 400
        }
        // Skip whole periods that end before `day` (a completion far after the anchor).
        var index = 0
        if day > anchor {
            let gap = periodsBetween(first, periodStart(of: day))
            index = max(0, gap / interval - 1)
        }
        let lastIndex = index + (limit + interval - 1) / interval
        while index <= lastIndex {
            guard let start = advance(first, periods: index * interval) else { return nil }
            for candidate in days(inPeriodStarting: start, anchor: anchor) where candidate >= anchor && candidate > day {
                return candidate
            }
            index += 1
        }
        return nil
    }

    /// Whether `day` is a day of the series anchored at `anchor` (not counting the
    /// anchor itself unless the rule chooses it).
    ///
    /// Example: `FREQ=WEEKLY;BYDAY=MO` anchored at Wednesday 2026-12-02 does not
    /// contain 2026-12-02; it contains 2026-12-07.
    public func contains(_ day: CalendarDay, anchor: CalendarDay) -> Bool {
        guard day >= anchor, let before = day.adding(checkedDays: -1) else { return false }
        return nextDay(after: before, anchor: anchor) == day
    }

    /// The days of one period, sorted, before `BYSETPOS`… then with it.
    func days(inPeriodStarting start: CalendarDay, anchor: CalendarDay) -> [CalendarDay] {
        var days: [CalendarDay]
        switch frequency {
        case .daily:
            days = [start]
            if !byMonth.isEmpty { days = days.filter { byMonth.contains($0.month) } }
            if !byMonthDay.isEmpty { days = days.filter { day in byMonthDay.contains { resolve($0, year: day.year, month: day.month) == day } } }
            if !byDay.isEmpty { days = days.filter { day in byDay.contains { $0.weekday == Weekday(of: day) } } }
        case .weekly:
            let weekdays = byDay.isEmpty ? [Weekday(of: anchor)] : byDay.map(\.weekday)
            days = (0..<7).compactMap { start.adding(checkedDays: $0) }.filter { weekdays.contains(Weekday(of: $0)) }
            if !byMonth.isEmpty { days = days.filter { byMonth.contains($0.month) } }
        case .monthly:
            days = byMonth.isEmpty || byMonth.contains(start.month) ? monthDays(year: start.year, month: start.month, anchor: anchor) : []
        case .yearly:
            days = yearDays(year: start.year, anchor: anchor)
        }
        days = Array(Set(days)).sorted()
        guard !bySetPosition.isEmpty, !days.isEmpty else { return days }
        var chosen: [CalendarDay] = []
        for position in bySetPosition {
            let index = position > 0 ? position - 1 : days.count + position
            if days.indices.contains(index) { chosen.append(days[index]) }
        }
        return Array(Set(chosen)).sorted()
    }

    private func monthDays(year: Int, month: Int, anchor: CalendarDay) -> [CalendarDay] {
        let first = CalendarDay(year: year, month: month, day: 1) ?? anchor
        let last = first.lastDayOfMonth
        if !byMonthDay.isEmpty {
            let days = byMonthDay.compactMap { resolve($0, year: year, month: month) }
            guard !byDay.isEmpty else { return days }
            return days.filter { day in byDay.contains { matches($0, day, from: first, through: last) } }
        }
        if !byDay.isEmpty { return byDay.flatMap { expand($0, from: first, through: last) } }
        return CalendarDay(year: year, month: month, day: anchor.day).map { [$0] } ?? []
    }

    private func yearDays(year: Int, anchor: CalendarDay) -> [CalendarDay] {
        let months = byMonth.isEmpty ? nil : byMonth.sorted()
        if !byMonthDay.isEmpty {
            var days: [CalendarDay] = []
            for month in months ?? Array(1...12) {
                days += byMonthDay.compactMap { resolve($0, year: year, month: month) }
            }
            guard !byDay.isEmpty else { return days }
            return days.filter { day in
                let (from, through) = months == nil ? yearBounds(year) : (day.firstOfMonth, day.lastDayOfMonth)
                return byDay.contains { matches($0, day, from: from, through: through) }
            }
        }
        if !byDay.isEmpty {
            if let months {
                return months.flatMap { month -> [CalendarDay] in
                    guard let first = CalendarDay(year: year, month: month, day: 1) else { return [] }
                    return byDay.flatMap { expand($0, from: first, through: first.lastDayOfMonth) }
                }
            }
            let (from, through) = yearBounds(year)
            return byDay.flatMap { expand($0, from: from, through: through) }
        }
        return (months ?? [anchor.month]).compactMap { CalendarDay(year: year, month: $0, day: anchor.day) }
    }

    /// The day a `BYMONTHDAY` value names in a month, or nil when the month has no such day.
    private func resolve(_ value: Int, year: Int, month: Int) -> CalendarDay? {
        let length = CalendarDay.daysInMonth(year: year, month: month)
        let day = value > 0 ? value : length + 1 + value
        return CalendarDay(year: year, month: month, day: day)
    }

    /// The days from `from` through `through` that a `BYDAY` value names (all such
    /// weekdays, or the n-th from the start or end).
    private func expand(_ rule: WeekdayRule, from: CalendarDay, through: CalendarDay) -> [CalendarDay] {
        let offset = (rule.weekday.rawValue - from.isoWeekday + 7) % 7
        guard let firstMatch = from.adding(checkedDays: offset), firstMatch <= through else { return [] }
        let total = (through.daysSinceEpoch - firstMatch.daysSinceEpoch) / 7 + 1
        switch rule.ordinal {
        case 0:
            return (0..<total).compactMap { firstMatch.adding(checkedDays: $0 * 7) }
        case let n where n > 0:
            return n <= total ? firstMatch.adding(checkedDays: (n - 1) * 7).map { [$0] } ?? [] : []
        default:
            let n = -rule.ordinal
            return n <= total ? firstMatch.adding(checkedDays: (total - n) * 7).map { [$0] } ?? [] : []
        }
    }

    private func matches(_ rule: WeekdayRule, _ day: CalendarDay, from: CalendarDay, through: CalendarDay) -> Bool {
        guard rule.weekday == Weekday(of: day) else { return false }
        if rule.ordinal == 0 { return true }
        return expand(rule, from: from, through: through).contains(day)
    }

    private func yearBounds(_ year: Int) -> (CalendarDay, CalendarDay) {
        let from = CalendarDay(year: year, month: 1, day: 1) ?? CalendarDay(daysSinceEpoch: 0)
        let through = CalendarDay(year: year, month: 12, day: 31) ?? from
        return (from, through)
    }

    /// The first day of the period (of this rule's frequency) that holds `day`.
    func periodStart(of day: CalendarDay) -> CalendarDay {
        switch frequency {
        case .daily: return day
        case .weekly:
            let back = (day.isoWeekday - weekStart.rawValue + 7) % 7
            return day.adding(checkedDays: -back) ?? day
        case .monthly: return day.firstOfMonth
        case .yearly: return CalendarDay(year: day.year, month: 1, day: 1) ?? day
        }
    }

    /// The period start `periods` periods after `start` (itself a period start).
    func advance(_ start: CalendarDay, periods: Int) -> CalendarDay? {
        switch frequency {
        case .daily: return start.adding(checkedDays: periods)
        case .weekly:
            let (days, overflow) = periods.multipliedReportingOverflow(by: 7)
            return overflow ? nil : start.adding(checkedDays: days)
        case .monthly: return start.adding(months: periods)
        case .yearly: return start.adding(years: periods)
        }
    }

    /// Whole periods from the period starting `a` to the one starting `b`.
    private func periodsBetween(_ a: CalendarDay, _ b: CalendarDay) -> Int {
        switch frequency {
        case .daily: return b.daysSinceEpoch - a.daysSinceEpoch
        case .weekly: return (b.daysSinceEpoch - a.daysSinceEpoch) / 7
        case .monthly: return (b.year - a.year) * 12 + (b.month - a.month)
        case .yearly: return b.year - a.year
        }
    }
}

extension CalendarDay {
    /// The first day of this day's month. Example: 2026-12-15 → 2026-12-01.
    public var firstOfMonth: CalendarDay {
        var first = self
        first.day = 1
        return first
    }
}
