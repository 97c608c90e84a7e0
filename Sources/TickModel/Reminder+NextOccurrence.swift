import Foundation

/// The next occurrence of a series as RFC 5545 §3.8.5 makes it: the rule's occurrences
/// and the `RDATE`s, without the `EXDATE`s.
///
/// Tick keeps one row per repeating reminder whose due date is the current occurrence
/// (the series' `DTSTART`), so the set still to come after it is
/// (RRULE ∪ RDATE) − EXDATE, restricted to what is after the current occurrence:
/// - `COUNT` counts the rule's occurrences only, the current one first; an occurrence
///   an `EXDATE` takes out still counts (RFC 5545 applies `EXDATE` after `COUNT`), an
///   `RDATE` does not.
/// - An `RDATE` on the same instant (or, all-day, the same day) as a rule occurrence is
///   that occurrence, once.
/// - An `RDATE` before the current occurrence is taken as past.
/// - An `RDATE` becomes the current occurrence in its turn. As the due date is the
///   series' `DTSTART`, the parts of the rule that came from the old due date
///   (the weekday of a weekly rule, the day of a monthly one, the day and month of a
///   yearly one, the time of day) are written into the rule (`BYDAY`, `BYMONTHDAY`,
///   `BYMONTH`, `BYHOUR`, `BYMINUTE`) so that the rule keeps its days.
extension Reminder {
    /// What `nextOccurrence` found.
    struct NextOccurrence {
        /// The next occurrence, of the series' kind, and a time of day to pin in the
        /// rule (a DST gap moved it, or an `RDATE` at another time becomes current).
        var moved: OccurrencePoint.Moved
        /// How many of the rule's occurrences after the current one are used up by
        /// moving there (the next one itself when it is the rule's, and those an
        /// `EXDATE` took out on the way): what `COUNT` goes down by.
        var ruleOccurrencesPassed: Int
        /// Whether the next occurrence comes from an `RDATE` and not from the rule.
        var isAddition: Bool
    }

    /// The first occurrence after `point` that no `EXDATE` takes out, or nil when the
    /// series has none left.
    ///
    /// Example: `FREQ=WEEKLY;COUNT=4` due Monday 2026-12-07 with
    /// `EXDATE;VALUE=DATE:20261214` → 2026-12-21, `COUNT=2` (the 14th is used up).
    ///
    /// - Parameters:
    ///   - ruleDay: the rule's next day after a day (from the due date or from the
    ///     completion day, as the reminder repeats), without `COUNT` and `UNTIL`.
    ///   - zone: the user's zone.
    /// - Complexity: O((e + 1) · r + a) for e `EXDATE`s, a `RDATE`s and r the cost of one
    ///   `ruleDay`: each excluded rule occurrence is one of the `EXDATE`s.
    static func nextOccurrence(after point: OccurrencePoint, rule: Recurrence, dates: RecurrenceDates,
                               in zone: TimeZone, ruleDay: (CalendarDay) -> CalendarDay?) -> NextOccurrence? {
        var left = rule.count.map { $0 - 1 } ?? Int.max
        var passed: [Date] = []
        var fromRule: OccurrencePoint.Moved?
        var day = point.day
        // An occurrence past the dates Tick holds (`SupportedDates`: after 9998) ends the series,
        // as `UNTIL` would: the due date never leaves the span every date is read and shown in.
        while left > 0, let next = ruleDay(day), let moved = point.moved(to: next, rule: rule), rule.allows(moved, in: zone),
              SupportedDates.contains(moved.due) {
            left -= 1
            passed.append(moved.due.sortInstant(in: zone))
            if !dates.excludes(moved.due, userZone: zone) {
                fromRule = moved
                break
            }
            day = next
        }
        let currentInstant = point.original.sortInstant(in: zone)
        let addition = dates.occurrences(like: point, rule: rule, userZone: zone)
            .map { (due: $0, instant: $0.sortInstant(in: zone)) }
            .filter { $0.instant > currentInstant && !dates.excludes($0.due, userZone: zone) && SupportedDates.contains($0.due) }
            .min { $0.instant < $1.instant }
        if let addition, fromRule.map({ addition.instant < $0.due.sortInstant(in: zone) }) ?? true {
            var pinned: (hour: Int, minute: Int, second: Int)?
            if let time = point.time, let added = OccurrencePoint(addition.due, userZone: zone).time,
               added != time {
                pinned = time
            }
            return NextOccurrence(moved: .init(due: addition.due, pinnedTime: pinned),
                                  ruleOccurrencesPassed: passed.filter { $0 <= addition.instant }.count, isAddition: true)
        }
        guard let fromRule else { return nil }
        return NextOccurrence(moved: fromRule, ruleOccurrencesPassed: passed.count, isAddition: false)
    }

    /// How many of the rule's occurrences lie after `previous` and up to `current`, the
    /// rule anchored at `previous` (what completing `previous` took off `COUNT`); at
    /// least 0, and 1 for a rule that repeats from completion (its days depend on when
    /// it was completed).
    /// - Complexity: O(n) in the number of rule occurrences between the two.
    static func ruleOccurrences(of rule: Recurrence, basis: RecurrenceBasis, after previous: Due, through current: Due,
                                in zone: TimeZone) -> Int {
        guard basis == .due else { return 1 }
        let point = OccurrencePoint(previous, userZone: zone)
        let end = current.sortInstant(in: zone)
        var count = 0
        var day = point.day
        while let next = rule.nextDay(after: day, anchor: point.day), let moved = point.moved(to: next, rule: rule),
              moved.due.sortInstant(in: zone) <= end {
            count += 1
            day = next
        }
        return count
    }
}

extension Recurrence {
    /// Writes out the parts that default from the rule's anchor for the anchor `day`, so
    /// that the rule keeps its days when its anchor moves to a date off the rule (an
    /// `RDATE`): a weekly rule without `BYDAY` gets the weekday, a monthly one without
    /// `BYDAY` or `BYMONTHDAY` the day of the month, a yearly one without them the day
    /// and (without `BYMONTH`) the month (RFC 5545 §3.3.10: "information, not contained
    /// in the rule, necessary to determine the various recurrence instance start time
    /// and dates are derived from the Start Time"). Other parts are kept.
    ///
    /// Example: `FREQ=YEARLY` at 2026-03-15 → `FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15`.
    ///
    /// The phase of `INTERVAL` cannot be written this way: "every 2 years" moved from
    /// 2026 to 2027 counts 2027, 2029 …
    mutating func pinAnchor(at day: CalendarDay) {
        switch frequency {
        case .daily:
            return
        case .weekly:
            guard byDay.isEmpty else { return }
            byDay = [WeekdayRule(Weekday(of: day))]
        case .monthly:
            guard byDay.isEmpty, byMonthDay.isEmpty else { return }
            byMonthDay = [day.day]
        case .yearly:
            guard byDay.isEmpty, byMonthDay.isEmpty else { return }
            byMonthDay = [day.day]
            if byMonth.isEmpty { byMonth = [day.month] }
        }
    }

    /// Undoes `pinAnchor(at:)` and a pinned time of day when the series steps back from the
    /// occurrence `current` to the earlier `previous` (`tick undone`): each part that restates
    /// `previous`'s day or time but not `current`'s was written when completing `previous`
    /// moved the anchor off the rule, and is dropped. The series anchored at `previous` is
    /// the same with or without it; without it, a later change of the due date moves the
    /// rule's days along (a tester: `FREQ=WEEKLY` stayed `FREQ=WEEKLY;BYDAY=TU` after
    /// `done` onto an `RDATE` and `undone`). A part that restates both is kept.
    ///
    /// Example: `FREQ=WEEKLY;BYDAY=TU`, back from Thursday 2026-12-03 to Tuesday 2026-12-01
    /// → `FREQ=WEEKLY`.
    mutating func unpinAnchor(from current: (day: CalendarDay, time: (hour: Int, minute: Int, second: Int)?),
                              to previous: (day: CalendarDay, time: (hour: Int, minute: Int, second: Int)?)) {
        let (was, now) = (previous.day, current.day)
        switch frequency {
        case .daily:
            break
        case .weekly:
            if byDay == [WeekdayRule(Weekday(of: was))], Weekday(of: was) != Weekday(of: now) { byDay = [] }
        case .monthly:
            if byDay.isEmpty, byMonthDay == [was.day], was.day != now.day { byMonthDay = [] }
        case .yearly:
            if byDay.isEmpty, byMonthDay == [was.day], byMonth.isEmpty || byMonth == [was.month],
               was.day != now.day || was.month != now.month {
                byMonthDay = []
                if byMonth == [was.month], was.month != now.month { byMonth = [] }
            }
        }
        if let time = previous.time, hour == time.hour, minute == time.minute, (second ?? 0) == time.second,
           current.time.map({ $0 != time }) ?? false {
            (hour, minute, second) = (nil, nil, nil)
        }
    }
}

extension Reminder {
    /// The `EXDATE`s and `RDATE`s that still change the series (see
    /// `completingOccurrence(at:in:)`), as occurrences of the series' kind, sorted: the
    /// exceptions that take out one of the rule's occurrences from the current one on,
    /// and the additions after the current occurrence that no exception takes out.
    /// Both empty when the reminder does not repeat or its rule is unreadable.
    ///
    /// Example: yearly, due 2026-01-01, `EXDATE;VALUE=DATE:20270101,20270102` and
    /// `RDATE;VALUE=DATE:20250601,20260601` → exceptions [2027-01-01] (2027-01-02 is not
    /// an occurrence), additions [2026-06-01] (2025-06-01 is past).
    ///
    /// - Parameter zone: the user's zone, for all-day and floating dates.
    /// - Complexity: O(e · r + a log a) for e exceptions, a additions and r the cost of
    ///   checking one day against the rule.
    public func recurrenceDatesInEffect(in zone: TimeZone) -> (exceptions: [Due], additions: [Due]) {
        guard let rule = recurrenceRule, let current = due ?? start else { return ([], []) }
        let dates = RecurrenceDates(iCalendarExtras: iCalendarExtras)
        guard !dates.isEmpty else { return ([], []) }
        let point = OccurrencePoint(current, userZone: zone)
        let now = current.sortInstant(in: zone)
        let sorted = { (dues: [Due]) in dues.sorted { $0.sortInstant(in: zone) < $1.sortInstant(in: zone) } }
        let exceptions = RecurrenceDates(additions: dates.exceptions).occurrences(like: point, rule: rule, userZone: zone)
            .filter { due in
                let day = OccurrencePoint(due, userZone: zone).day
                return due.sortInstant(in: zone) >= now
                    && (recurrenceBasis == .completion || rule.contains(day, anchor: point.day))
                    && dates.excludes(due, userZone: zone)
            }
        let additions = dates.occurrences(like: point, rule: rule, userZone: zone)
            .filter { $0.sortInstant(in: zone) > now && !dates.excludes($0, userZone: zone) }
        return (sorted(Array(Set(exceptions))), sorted(Array(Set(additions))))
    }
}
