import Foundation

/// The span of dates Tick accepts, shows and queries: the years 2 through 9998.
///
/// Why a span at all: `CalendarDay` and `LocalDateTime` hold the years 1 through 9999
/// (ISO 8601's four-digit years, iCalendar's `DATE`). A time zone moves a wall-clock
/// time by up to 14 hours, and listings look a day or two ahead of today, so a date on
/// the first or last day of that range would be shown or queried in year 0 or 10000.
/// Keeping a whole year clear at each end makes every zone and every look-ahead stay
/// inside. A date outside is refused where it comes in (the date grammar, `TICK_NOW`)
/// with `description` in the message.
public enum SupportedDates {
    /// The years, 2...9998.
    public static let years = 2...9998

    /// The span in words, for messages: "years 2 to 9998".
    public static let description = "years \(years.lowerBound) to \(years.upperBound)"

    /// The widest offset of a time zone from UTC (UTC+14, Kiritimati; UTC-12 is the
    /// other side), in seconds.
    static let widestOffset = 14 * 3_600
    /// Seconds since 1970 of 0002-01-01T00:00:00 at UTC+14, the first supported instant.
    static let firstSecond = -62_104_060_800 - widestOffset
    /// Seconds since 1970 of 9999-01-01T00:00:00 at UTC-14, just past the last
    /// supported instant.
    static let endSecond = 253_370_764_800 + widestOffset

    /// Whether `day` is in the supported years.
    public static func contains(_ day: CalendarDay) -> Bool { years.contains(day.year) }

    /// Whether `instant` falls in the supported years in some time zone (and is a finite
    /// number): up to 14 hours before 0002-01-01T00:00Z or after 9998-12-31T24:00Z, so
    /// that a time in those years given in any zone is accepted, and shown in any zone
    /// as a day that exists.
    public static func contains(_ instant: Date) -> Bool {
        let seconds = instant.timeIntervalSince1970
        return seconds.isFinite && seconds >= Double(firstSecond) && seconds < Double(endSecond)
    }

    /// Whether `due` is in the supported years: the day of an all-day or floating value,
    /// the wall-clock day of a timed one in its own zone.
    public static func contains(_ due: Due) -> Bool {
        switch due {
        case .allDay(let day): return contains(day)
        case .floating(let local): return contains(local.day)
        case .timed(let instant, let identifier):
            // The instant first: inside that margin its wall clock is a day that exists.
            guard contains(instant) else { return false }
            return contains(LocalDateTime(instant, in: identifier.timeZone(or: .gmt)).day)
        }
    }
}
