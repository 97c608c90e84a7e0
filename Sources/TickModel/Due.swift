import Foundation

/// When a reminder is due: an all-day date, an instant in a named time zone, or a
/// floating wall-clock time. The three forms of iCalendar `DUE` (RFC 5545 §3.8.2.3):
/// `VALUE=DATE`, `DATE-TIME` with `TZID` or in UTC, and floating `DATE-TIME`.
///
/// All-day and timed values are never confused: an all-day reminder due today is not
/// overdue until the day is over in the user's time zone.
public enum Due: Hashable, Sendable {
    /// A calendar day with no time (`DUE;VALUE=DATE:20261201`).
    case allDay(CalendarDay)
    /// An instant, with the identifier of the time zone it was given in (`"UTC"` for
    /// UTC, otherwise an IANA name such as `"Asia/Seoul"`, or whatever TZID an import
    /// carried). Display and recurrence follow the wall clock of that zone.
    case timed(Date, timeZone: TimeZoneIdentifier)
    /// A wall-clock time that means the same local time in whatever zone the user is in.
    case floating(LocalDateTime)

    /// Whether the due date carries no time of day.
    public var isAllDay: Bool {
        if case .allDay = self { return true }
        return false
    }

    /// The calendar day the reminder is due, in `zone` (used for timed values).
    public func day(in zone: TimeZone) -> CalendarDay {
        switch self {
        case .allDay(let day): return day
        case .floating(let local): return local.day
        case .timed(let instant, _): return LocalDateTime(instant, in: zone).day
        }
    }

    /// The instant the reminder becomes overdue, read in `zone`: the end of the day for
    /// all-day values, the wall-clock time for floating ones, the instant for timed ones.
    public func deadline(in zone: TimeZone) -> Date {
        switch self {
        case .allDay(let day):
            let next = day.adding(checkedDays: 1).flatMap { LocalDateTime(day: $0, hour: 0, minute: 0) }
            return next.map { $0.instant(in: zone) } ?? .distantFuture
        case .floating(let local): return local.instant(in: zone)
        case .timed(let instant, _): return instant
        }
    }

    /// An instant used only to sort due dates of different kinds together: the start of
    /// the day for all-day values, the wall clock for floating ones, read in `zone`.
    public func sortInstant(in zone: TimeZone) -> Date {
        switch self {
        case .allDay(let day):
            return LocalDateTime(day: day, hour: 0, minute: 0).map { $0.instant(in: zone) } ?? .distantPast
        case .floating(let local): return local.instant(in: zone)
        case .timed(let instant, _): return instant
        }
    }

    /// Whether the reminder is overdue at `now`, reading all-day and floating values in `zone`.
    public func isOverdue(at now: Date, in zone: TimeZone) -> Bool {
        isOverdue(at: now, localNow: LocalDateTime(now, in: zone))
    }

    /// `isOverdue(at:in:)` with the wall clock of `now` already read, for checking many
    /// reminders against one moment without a time-zone lookup each: all-day values are
    /// overdue once their day is over, floating ones once the wall clock passes them,
    /// timed ones once the instant passes.
    public func isOverdue(at now: Date, localNow: LocalDateTime) -> Bool {
        switch self {
        case .allDay(let day): return day < localNow.day
        case .floating(let local): return local <= localNow
        case .timed(let instant, _): return instant <= now
        }
    }

    /// The time zone of a timed value, when its identifier is known to Foundation.
    public var timeZone: TimeZone? {
        if case .timed(_, let id) = self { return id.timeZone }
        return nil
    }
}
