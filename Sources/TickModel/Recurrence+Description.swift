import Foundation

extension Recurrence {
    /// How the rule repeats, in English words, as `list` and `show` print it.
    ///
    /// | rule | anchor (due day) | words |
    /// | --- | --- | --- |
    /// | `FREQ=DAILY` | any | `Daily` |
    /// | `FREQ=DAILY;INTERVAL=3` | any | `Every 3 days` |
    /// | `FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR` | any | `Weekdays` |
    /// | `FREQ=WEEKLY;BYDAY=MO` | any | `Every Monday` |
    /// | `FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH` | any | `Every 2 weeks on Tuesday and Thursday` |
    /// | `FREQ=MONTHLY` | 2026-12-01 | `Monthly` |
    /// | `FREQ=MONTHLY` | 2027-01-31 | `Monthly on the 31st` (months without one are skipped) |
    /// | `FREQ=MONTHLY;BYDAY=-1FR` | any | `Monthly on the last Friday` |
    /// | `FREQ=MONTHLY;BYMONTHDAY=-1` | any | `Monthly on the last day` |
    /// | `FREQ=YEARLY` | 2028-02-29 | `Yearly on February 29` |
    /// | `FREQ=DAILY;COUNT=5` | any | `Daily, 5 times` |
    /// | `FREQ=WEEKLY;UNTIL=20261231` | any | `Weekly, until Dec 31, 2026` |
    /// | `FREQ=WEEKLY;BYDAY=MO;BYHOUR=6;BYMINUTE=55` | any | `Every Monday at 6:55 AM` |
    /// | `FREQ=DAILY;BYHOUR=18` | any | `Daily in the 6 PM hour` (the minute is the due time's) |
    ///
    /// - Parameters:
    ///   - anchor: the due day, which decides the day of monthly and yearly rules that
    ///     name none; nil when unknown.
    ///   - zone: the zone a UTC `UNTIL` is shown in.
    public func summary(anchor: CalendarDay?, in zone: TimeZone = .gmt) -> String {
        var text = base(anchor: anchor) + timePart
        if let count { text += count == 1 ? ", once" : ", \(count) times" }
        if let until {
            let day: CalendarDay
            switch until {
            case .day(let value): day = value
            case .instant(let instant): day = LocalDateTime(instant, in: zone).day
            case .local(let local): day = local.day
            }
            text += ", until " + Recurrence.shortDate(day)
        }
        return text
    }

    /// The words for a reminder's rule (see `Reminder.recurrenceSummary(in:)`):
    /// the summary, with ` after completion` for completion-based repeats, or
    /// `Custom (…)` with the rule's text when Tick cannot read it; nil for no rule.
    ///
    /// Example: `FREQ=DAILY;INTERVAL=3`, due 2026-12-01, from completion →
    /// `Every 3 days after completion`.
    public static func summary(ofRule recurrence: RecurrenceRule?, anchor: Due?, basis: RecurrenceBasis, in zone: TimeZone) -> String? {
        guard let recurrence else { return nil }
        guard let rule = recurrence.rule else { return "Custom (" + stripped(recurrence.rruleValue) + ")" }
        return rule.summary(anchor: anchor?.day(in: zone), in: zone) + (basis == .completion ? " after completion" : "")
    }

    /// ` at 6:55 AM` when the rule fixes the time of day (`BYHOUR` and `BYMINUTE`, with
    /// `BYSECOND` when not 0), ` in the 6 AM hour` for the hour alone, ` at minute 30` for the
    /// minute alone (the rest comes from the due time); "" when it fixes none. A tester: a rule
    /// that moved every occurrence to 06:55 read "Every Monday".
    private var timePart: String {
        switch (hour, minute) {
        case (let hour?, let minute?):
            let seconds = second.map { $0 == 0 ? "" : String(format: ":%02d", $0) } ?? ""
            return " at \(Recurrence.twelveHour(hour)):" + String(format: "%02d", minute) + seconds + " " + (hour < 12 ? "AM" : "PM")
        case (let hour?, nil):
            return " in the \(Recurrence.twelveHour(hour)) " + (hour < 12 ? "AM" : "PM") + " hour"
        case (nil, let minute?):
            return " at minute \(minute)"
        case (nil, nil):
            return ""
        }
    }

    /// 12 for 0 and 12, else the hour of a 12-hour clock.
    static func twelveHour(_ hour: Int) -> Int { hour % 12 == 0 ? 12 : hour % 12 }

    private func base(anchor: CalendarDay?) -> String {
        let unit: String
        switch frequency {
        case .daily: unit = "day"
        case .weekly: unit = "week"
        case .monthly: unit = "month"
        case .yearly: unit = "year"
        }
        let every = interval == 1 ? frequency.adverb : "Every \(interval) \(unit)s"
        let weekdays = Set(byDay.filter { $0.ordinal == 0 }.map(\.weekday))
        let plainDays = byDay.allSatisfy { $0.ordinal == 0 }
        let onlyDays = byMonthDay.isEmpty && byMonth.isEmpty && bySetPosition.isEmpty && plainDays

        switch frequency {
        case .daily, .weekly:
            if onlyDays && interval == 1 && !byDay.isEmpty {
                if weekdays == Recurrence.workWeek { return "Weekdays" }
                if weekdays == [.saturday, .sunday] { return "Weekends" }
                if weekdays.count == 7 { return "Daily" }
                if frequency == .weekly || frequency == .daily { return "Every " + Recurrence.names(weekdays) }
            }
            var text = every
            if !byDay.isEmpty { text += " on " + Recurrence.names(weekdays) }
            if !byMonth.isEmpty { text += " in " + Recurrence.monthNames(byMonth) }
            if !byMonthDay.isEmpty { text += " on the " + Recurrence.dayList(byMonthDay) }
            return text
        case .monthly:
            return every + monthPart(anchor: anchor, impliedDayMatters: true) + (byMonth.isEmpty ? "" : " in " + Recurrence.monthNames(byMonth))
        case .yearly:
            if byMonthDay.isEmpty && byDay.isEmpty && bySetPosition.isEmpty {
                let months = byMonth.isEmpty ? anchor.map { [$0.month] } : byMonth
                guard let months, let day = anchor?.day else {
                    return byMonth.isEmpty ? every : every + " in " + Recurrence.monthNames(byMonth)
                }
                if byMonth.isEmpty && !(months == [2] && day == 29) { return every }
                return every + " on " + Recurrence.monthNames(months) + " \(day)"
            }
            var text = every + monthPart(anchor: anchor, impliedDayMatters: false)
            if !byMonth.isEmpty { text += " in " + Recurrence.monthNames(byMonth) }
            return text
        }
    }

    /// ` on the 2nd Monday`, ` on the 1st and 15th`, ` on the last weekday`, or "".
    private func monthPart(anchor: CalendarDay?, impliedDayMatters: Bool) -> String {
        if !bySetPosition.isEmpty, byMonthDay.isEmpty, byDay.allSatisfy({ $0.ordinal == 0 }) {
            let weekdays = Set(byDay.map(\.weekday))
            let noun = weekdays == Recurrence.workWeek ? "weekday" : weekdays.count == 7 ? "day" : "of " + Recurrence.names(weekdays)
            return " on the " + Recurrence.list(bySetPosition.map(Recurrence.ordinal)) + " " + noun
        }
        if !byMonthDay.isEmpty {
            var text = " on the " + Recurrence.dayList(byMonthDay)
            if !byDay.isEmpty { text += " when a " + Recurrence.names(Set(byDay.map(\.weekday)), joiner: "or") }
            return text
        }
        if !byDay.isEmpty {
            let parts = byDay.map { rule in
                rule.ordinal == 0 ? "every " + rule.weekday.name : "the " + Recurrence.ordinal(rule.ordinal) + " " + rule.weekday.name
            }
            return " on " + Recurrence.list(parts)
        }
        if impliedDayMatters, let day = anchor?.day, day >= 29 {
            return " on the " + Recurrence.ordinal(day)
        }
        return ""
    }

    static let workWeek: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

    /// `Monday`, `Monday and Thursday`, `Monday, Wednesday and Friday`, in week order.
    static func names(_ weekdays: Set<Weekday>, joiner: String = "and") -> String {
        list(weekdays.sorted().map(\.name), joiner: joiner)
    }

    static func list(_ items: [String], joiner: String = "and") -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(joiner) " + last
    }

    /// `1st`, `2nd`, `23rd`, `last`, `2nd to last`.
    static func ordinal(_ n: Int) -> String {
        if n == -1 { return "last" }
        if n < 0 { return ordinal(-n) + " to last" }
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }

    /// `1st and 15th`, `last day`.
    static func dayList(_ days: [Int]) -> String {
        let words = days.map { ordinal($0) }
        return list(words) + (days.contains { $0 < 0 } ? " day" : "")
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]

    static func monthNames(_ months: [Int]) -> String {
        list(months.sorted().compactMap { (1...12).contains($0) ? monthNames[$0 - 1] : nil })
    }

    /// `Dec 31, 2026` (English, whatever the locale: the words around it are English).
    static func shortDate(_ day: CalendarDay) -> String {
        String(monthNames[day.month - 1].prefix(3)) + " \(day.day), \(day.year)"
    }
}

extension Recurrence.Frequency {
    /// `Daily`, `Weekly`, `Monthly`, `Yearly`.
    var adverb: String {
        switch self {
        case .daily: return "Daily"
        case .weekly: return "Weekly"
        case .monthly: return "Monthly"
        case .yearly: return "Yearly"
        }
    }
}
