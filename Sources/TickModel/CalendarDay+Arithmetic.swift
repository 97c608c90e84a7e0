/// Range-checked calendar arithmetic, for results computed from user input, which may
/// fall outside the years 1...9999 that `CalendarDay` can hold.
extension CalendarDay {
    /// `daysSinceEpoch` of 0001-01-01, the first day a `CalendarDay` can hold.
    static let firstDaySinceEpoch = -719_162
    /// `daysSinceEpoch` of 9999-12-31, the last day a `CalendarDay` can hold.
    static let lastDaySinceEpoch = 2_932_896

    /// The day `days` days after 1970-01-01, or nil when it falls outside the years
    /// 1...9999 (where `init(daysSinceEpoch:)` would stop the program).
    ///
    /// Example: `CalendarDay(checkedDaysSinceEpoch: 20_790)` is 2026-12-03;
    /// `CalendarDay(checkedDaysSinceEpoch: 3_000_000)` is nil.
    public init?(checkedDaysSinceEpoch days: Int) {
        guard (CalendarDay.firstDaySinceEpoch...CalendarDay.lastDaySinceEpoch).contains(days) else { return nil }
        self.init(daysSinceEpoch: days)
    }

    /// The day `count` days later (earlier when negative), or nil outside the years 1...9999.
    public func adding(checkedDays count: Int) -> CalendarDay? {
        let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(count)
        return overflow ? nil : CalendarDay(checkedDaysSinceEpoch: sum)
    }

    /// The same day of the month `count` calendar months later (earlier when negative),
    /// clamped to the last day of a shorter month; nil outside the years 1...9999.
    ///
    /// Examples: 2026-01-31 + 1 month = 2026-02-28; 2028-01-31 + 1 month = 2028-02-29;
    /// 2026-10-31 + 1 month = 2026-11-30; 2026-12-15 + 1 month = 2027-01-15.
    public func adding(months count: Int) -> CalendarDay? {
        // Months since year 0, January; small enough inputs never overflow here, and a
        // `count` beyond ±120,000 months leaves the range anyway.
        guard (-120_000...120_000).contains(count) else { return nil }
        let index = year * 12 + (month - 1) + count
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        guard (1...9999).contains(newYear) else { return nil }
        let newDay = min(day, CalendarDay.daysInMonth(year: newYear, month: newMonth))
        return CalendarDay(year: newYear, month: newMonth, day: newDay)
    }

    /// The same month and day `count` years later, with February 29 clamped to
    /// February 28 in a common year; nil outside the years 1...9999.
    ///
    /// Examples: 2028-02-29 + 1 year = 2029-02-28; 2028-02-29 + 4 years = 2032-02-29.
    public func adding(years count: Int) -> CalendarDay? {
        guard (-10_000...10_000).contains(count) else { return nil }
        return adding(months: count * 12)
    }

    /// The last day of this day's month. Example: 2028-02-10 → 2028-02-29.
    public var lastDayOfMonth: CalendarDay {
        var last = self
        last.day = CalendarDay.daysInMonth(year: year, month: month)
        return last
    }
}
