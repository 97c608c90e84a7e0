import CICal
import Foundation
import TickModel

/// An iCalendar DATE or DATE-TIME value as written (RFC 5545 §3.3.4, §3.3.5), before a
/// time zone turns it into an instant: a day, a floating wall-clock time, a UTC time, or
/// a wall-clock time with the `TZID` it was given in.
struct ICalendarDateValue: Hashable, Sendable {
    /// The wall clock (midnight for a DATE).
    var local: LocalDateTime
    /// A DATE: a day with no time.
    var isDate: Bool
    /// A UTC DATE-TIME (`…Z`).
    var isUTC: Bool
    /// The `TZID` parameter of a local DATE-TIME, if any.
    var tzid: String?

    /// Reads a libical time; nil when it is the null time or names no real day.
    init?(_ time: icaltimetype, tzid: String?) {
        guard icaltime_is_null_time(time) == 0,
              let day = CalendarDay(year: Int(time.year), month: Int(time.month), day: Int(time.day)),
              let local = LocalDateTime(day: day, hour: time.is_date != 0 ? 0 : Int(time.hour),
                                        minute: time.is_date != 0 ? 0 : Int(time.minute),
                                        second: time.is_date != 0 ? 0 : Int(time.second)) else { return nil }
        self.local = local
        self.isDate = time.is_date != 0
        self.isUTC = time.is_date == 0 && icaltime_is_utc(time) != 0
        self.tzid = self.isDate || self.isUTC ? nil : tzid.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A value from its parts.
    init(local: LocalDateTime, isDate: Bool = false, isUTC: Bool = false, tzid: String? = nil) {
        self.local = local
        self.isDate = isDate
        self.isUTC = isUTC
        self.tzid = tzid
    }

    /// The instant, for a property that must be UTC (`COMPLETED`, `CREATED`,
    /// `LAST-MODIFIED`, `DTSTAMP`, an absolute `TRIGGER`): a floating or DATE value is
    /// read as UTC, a `TZID` one through `zones`.
    func utcInstant(_ zones: ICalendarTimeZones) -> Date {
        if let tzid, !isUTC, !isDate { return zones.instant(of: local, tzid: tzid) }
        return Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC))
    }

    /// The due or start date this value stands for: all-day for a DATE, floating without
    /// a zone, timed in UTC or in its `TZID` (resolved through `zones`).
    func due(_ zones: ICalendarTimeZones) -> Due {
        if isDate { return .allDay(local.day) }
        if isUTC { return .timed(Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC)), timeZone: .utc) }
        guard let tzid else { return .floating(local) }
        return .timed(zones.instant(of: local, tzid: tzid), timeZone: TimeZoneIdentifier(tzid))
    }
}
