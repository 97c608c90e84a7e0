import Foundation

/// A day in the proleptic Gregorian calendar with no time and no time zone, the value
/// of an iCalendar `DATE` (RFC 5545 §3.3.4) such as an all-day due date.
///
/// Text form: `YYYY-MM-DD`. Ordering is chronological.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1...9999.
    public var year: Int
    /// The month, 1...12.
    public var month: Int
    /// The day of the month, 1...31 (valid for `month`).
    public var day: Int

    /// Creates a day, or returns nil when the fields do not name a real day
    /// (for example February 29 in a common year).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CalendarDay.daysInMonth(year: year, month: month) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` (ISO 8601 extended) or `YYYYMMDD` (ISO 8601 basic, as in
    /// iCalendar). Returns nil for anything else or for a day that does not exist.
    public init?(_ text: some StringProtocol) {
        let digits = Array(text.utf8)
        let fields: (Int, Int, Int)?
        switch digits.count {
        case 10 where digits[4] == UInt8(ascii: "-") && digits[7] == UInt8(ascii: "-"):
            fields = CalendarDay.number(digits[0..<4]).flatMap { y in
                CalendarDay.number(digits[5..<7]).flatMap { m in
                    CalendarDay.number(digits[8..<10]).map { d in (y, m, d) } } }
        case 8:
            fields = CalendarDay.number(digits[0..<4]).flatMap { y in
                CalendarDay.number(digits[4..<6]).flatMap { m in
                    CalendarDay.number(digits[6..<8]).map { d in (y, m, d) } } }
        default:
            fields = nil
        }
        guard let (y, m, d) = fields else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        CalendarDay.ascii { appendFields(to: &$0, separator: UInt8(ascii: "-")) }
    }

    /// `YYYYMMDD`, the iCalendar `DATE` form.
    public var basicFormat: String {
        CalendarDay.ascii { appendFields(to: &$0, separator: nil) }
    }

    /// Appends `YYYY-MM-DD` (``description``) to `bytes` as ASCII.
    @inlinable
    public func appendISO8601<Sink: ByteSink & ~Copyable>(to bytes: inout Sink) {
        appendFields(to: &bytes, separator: UInt8(ascii: "-"))
    }

    /// Appends `YYYYMMDD` (``basicFormat``) to `bytes` as ASCII.
    @inlinable
    public func appendBasicFormat<Sink: ByteSink & ~Copyable>(to bytes: inout Sink) {
        appendFields(to: &bytes, separator: nil)
    }

    /// Appends `YYYY`, `MM`, `DD`, with `separator` between them when given.
    @inlinable
    func appendFields<Sink: ByteSink & ~Copyable>(to bytes: inout Sink, separator: UInt8?) {
        CalendarDay.appendDigits(year, 4, to: &bytes)
        if let separator { bytes.append(separator) }
        CalendarDay.appendDigits(month, 2, to: &bytes)
        if let separator { bytes.append(separator) }
        CalendarDay.appendDigits(day, 2, to: &bytes)
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Days since 1970-01-01 (negative before it), by the civil-from-days algorithm of
    /// Howard Hinnant ("chrono-Compatible Low-Level Date Algorithms").
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` days after 1970-01-01 (the inverse of `daysSinceEpoch`).
    /// - Precondition: the result lies in years 1...9999.
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let d = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let m = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let y = yearOfEra + era * 400 + (m <= 2 ? 1 : 0)
        precondition((1...9999).contains(y), "day out of range")
        self.year = y
        self.month = m
        self.day = d
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> CalendarDay {
        CalendarDay(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// ISO weekday: 1 = Monday ... 7 = Sunday.
    public var isoWeekday: Int {
        let w = (daysSinceEpoch + 3) % 7 // 1970-01-01 was a Thursday (ISO 4)
        return (w < 0 ? w + 7 : w) + 1
    }

    /// Whether `year` is a Gregorian leap year.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` of `year` (28...31).
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    /// Text built as ASCII bytes by `build`: date and time forms are written for every
    /// row of an import or export, where string concatenation costs several times more.
    static func ascii(_ build: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        build(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` (not negative) in decimal with at least `width` digits.
    @inlinable
    static func appendDigits<Sink: ByteSink & ~Copyable>(_ value: Int, _ width: Int, to bytes: inout Sink) {
        // Two digits (month, day, hour, minute, second): most fields of a date, without the loops below.
        if width == 2 && value >= 0 && value < 100 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / 10))
            bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
            return
        }
        var divisor = 1
        var digits = 1
        while divisor <= value / 10 {
            divisor *= 10
            digits += 1
        }
        for _ in 0..<max(0, width - digits) { bytes.append(UInt8(ascii: "0")) }
        var rest = max(value, 0)
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
