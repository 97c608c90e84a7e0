import Foundation

/// A recurrence rule: the value of an iCalendar `RRULE` (RFC 5545 §3.3.10, §3.8.5.3),
/// in the forms Tick can expand.
///
/// Supported parts: `FREQ` (`DAILY`, `WEEKLY`, `MONTHLY`, `YEARLY`), `INTERVAL`,
/// `BYDAY` (weekdays, with an ordinal such as `2MO` or `-1FR` in monthly and yearly
/// rules), `BYMONTHDAY` (1…31 and -31…-1), `BYMONTH`, `BYSETPOS`, one value each of
/// `BYHOUR`, `BYMINUTE` and `BYSECOND` (the time of day), `COUNT`, `UNTIL` and `WKST`.
/// Extension parts (`X-…`) are ignored. Anything else (`FREQ=HOURLY`, `BYYEARDAY`,
/// `BYWEEKNO`, several hours) is refused with a reason, so a rule Tick cannot expand is
/// never expanded wrongly.
///
/// Examples (`init(rruleValue:)`):
///
/// | text | meaning |
/// | --- | --- |
/// | `FREQ=DAILY;INTERVAL=3` | every 3 days |
/// | `FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR` | weekdays |
/// | `FREQ=MONTHLY;BYDAY=-1FR` | the last Friday of every month |
/// | `FREQ=MONTHLY;BYMONTHDAY=31` | the 31st, in months that have one (RFC 5545 skips the others) |
/// | `FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29` | February 29, in leap years only |
/// | `FREQ=DAILY;COUNT=10` | ten occurrences, the first being the due date |
/// | `FREQ=WEEKLY;UNTIL=20261231T235959Z` | weekly through the end of 2026 (UTC) |
///
/// The series starts at the reminder's due date (its `DTSTART` in iCalendar terms);
/// see ``nextDay(after:anchor:)`` for how occurrences are found and
/// `Reminder.completingOccurrence(at:in:)` for how a reminder rolls forward.
public struct Recurrence: Hashable, Sendable {
    /// How often the rule repeats (`FREQ`).
    public enum Frequency: String, Sendable, CaseIterable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    /// A day of the week, numbered as ISO 8601 (Monday 1 … Sunday 7), with its
    /// iCalendar two-letter code.
    public enum Weekday: Int, Sendable, CaseIterable, Comparable {
        case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

        /// `MO`, `TU`, … `SU`.
        public var code: String {
            ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue - 1]
        }

        /// `Monday` … `Sunday`.
        public var name: String {
            ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue - 1]
        }

        /// The weekday of a two-letter code (`MO` … `SU`, any case), or nil.
        public init?(code: some StringProtocol) {
            guard let index = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].firstIndex(of: code.uppercased()) else { return nil }
            self.init(rawValue: index + 1)
        }

        /// The weekday of `day`.
        public init(of day: CalendarDay) {
            self = Weekday(rawValue: day.isoWeekday) ?? .monday
        }

        public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One `BYDAY` value: a weekday, optionally with an ordinal (`2MO` is the second
    /// Monday, `-1FR` the last Friday of the month or year).
    public struct WeekdayRule: Hashable, Sendable {
        /// 0 for every such weekday; 1…53 counts from the start, -1…-53 from the end.
        public var ordinal: Int
        /// The day of the week.
        public var weekday: Weekday

        /// `WeekdayRule(.friday, ordinal: -1)` is `-1FR`, the last Friday.
        public init(_ weekday: Weekday, ordinal: Int = 0) {
            self.weekday = weekday
            self.ordinal = ordinal
        }

        /// `MO`, `2MO`, `-1FR`.
        public var text: String { (ordinal == 0 ? "" : String(ordinal)) + weekday.code }
    }

    /// The end of a rule given by `UNTIL` (inclusive).
    public enum Until: Hashable, Sendable {
        /// A `DATE` (`UNTIL=20261231`), the form for all-day rules.
        case day(CalendarDay)
        /// A UTC `DATE-TIME` (`UNTIL=20261231T235959Z`), the form for timed rules.
        case instant(Date)
        /// A floating `DATE-TIME` (`UNTIL=20261231T235959`), for floating rules.
        case local(LocalDateTime)
    }

    /// The period the rule repeats in (`FREQ`).
    public var frequency: Frequency
    /// Every `interval`-th period (`INTERVAL`, at least 1).
    public var interval: Int
    /// Weekdays (`BYDAY`), in the order given.
    public var byDay: [WeekdayRule]
    /// Days of the month, 1…31 or -31…-1 (-1 is the last day).
    public var byMonthDay: [Int]
    /// Months, 1…12.
    public var byMonth: [Int]
    /// Positions in each period's set of days (`BYSETPOS`), 1…366 or -366…-1.
    public var bySetPosition: [Int]
    /// The time of day, when the rule fixes it (`BYHOUR`, `BYMINUTE`, `BYSECOND`);
    /// otherwise occurrences keep the due date's time.
    public var hour: Int?
    /// The minute of the occurrences (`BYMINUTE`), when fixed.
    public var minute: Int?
    /// The second of the occurrences (`BYSECOND`), when fixed.
    public var second: Int?
    /// How many occurrences the series has, the first included (`COUNT`).
    public var count: Int?
    /// The last instant or day the series may reach (`UNTIL`, inclusive).
    public var until: Until?
    /// The first day of the week for weekly rules (`WKST`, default Monday).
    public var weekStart: Weekday

    /// A rule with only a frequency and interval.
    public init(frequency: Frequency, interval: Int = 1, byDay: [WeekdayRule] = [], byMonthDay: [Int] = [],
                byMonth: [Int] = [], bySetPosition: [Int] = [], count: Int? = nil, until: Until? = nil,
                weekStart: Weekday = .monday) {
        self.frequency = frequency
        self.interval = max(1, interval)
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.byMonth = byMonth
        self.bySetPosition = bySetPosition
        self.count = count
        self.until = until
        self.weekStart = weekStart
    }

    /// Whether any `BY…` part chooses days (so the due date alone does not).
    public var hasDayParts: Bool {
        !byDay.isEmpty || !byMonthDay.isEmpty || !byMonth.isEmpty || !bySetPosition.isEmpty
    }

    /// The rule as `RRULE` value text, parts in a fixed order:
    /// `FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR;COUNT=5`. `INTERVAL=1` and `WKST=MO` are left out.
    /// (A reminder's rule keeps the text it was read from: see `RecurrenceRule.rruleValue`.)
    public var rruleValue: String {
        parts.map { $0.name + "=" + $0.value }.joined(separator: ";")
    }

    /// The parts this rule writes, as (upper-case name, value text), in the order of
    /// ``rruleValue``; a part at its default (`INTERVAL=1`, `WKST=MO`) or empty is absent.
    var parts: [(name: String, value: String)] {
        var parts = [("FREQ", frequency.rawValue)]
        if interval != 1 { parts.append(("INTERVAL", String(interval))) }
        if !byMonth.isEmpty { parts.append(("BYMONTH", byMonth.map(String.init).joined(separator: ","))) }
        if !byMonthDay.isEmpty { parts.append(("BYMONTHDAY", byMonthDay.map(String.init).joined(separator: ","))) }
        if !byDay.isEmpty { parts.append(("BYDAY", byDay.map(\.text).joined(separator: ","))) }
        if !bySetPosition.isEmpty { parts.append(("BYSETPOS", bySetPosition.map(String.init).joined(separator: ","))) }
        if let hour { parts.append(("BYHOUR", String(hour))) }
        if let minute { parts.append(("BYMINUTE", String(minute))) }
        if let second { parts.append(("BYSECOND", String(second))) }
        if weekStart != .monday { parts.append(("WKST", weekStart.code)) }
        if let count { parts.append(("COUNT", String(count))) }
        if let until { parts.append(("UNTIL", Recurrence.text(of: until))) }
        return parts
    }

    /// The `UNTIL` value text of `until`: `20261231`, `20261231T145959Z`, `20261231T235959`.
    static func text(of until: Until) -> String {
        switch until {
        case .day(let day): return day.basicFormat
        case .instant(let instant): return LocalDateTime(instant, in: TimeZone.gmt).basicFormat + "Z"
        case .local(let local): return local.basicFormat
        }
    }
}

extension Recurrence {
    /// `text` without a leading `RRULE:` and surrounding white space.
    public static func stripped(_ text: String) -> String {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.uppercased().hasPrefix("RRULE:") { body.removeFirst(6) }
        return body
    }
}
