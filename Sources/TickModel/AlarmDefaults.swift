import Foundation

/// The alarm a reminder gets when it is given a due date and no alarm of its own (see
/// README "Alarms and notifications"): at the due time for a timed date, at a time of
/// day for an all-day date. `TICK_DEFAULT_ALARM` and `TICK_ALL_DAY_ALARM` change them;
/// the command line reads those variables and hands the values to everything that sets
/// due dates (its commands and the terminal UI), so all follow one rule.
public struct AlarmDefaults: Hashable, Sendable {
    /// The offset from a timed (or floating) due date, or nil for no default alarm.
    public var timedOffset: AlarmOffset?
    /// Seconds after 00:00 for an all-day due date, or nil for no default alarm.
    public var allDayOffset: Int?

    /// Defaults with the given offsets; with no arguments, the built-in ones: at the due
    /// time, and 09:00 on an all-day date.
    public init(timedOffset: AlarmOffset? = AlarmOffset(seconds: 0), allDayOffset: Int? = Alarm.defaultAllDayOffset) {
        self.timedOffset = timedOffset
        self.allDayOffset = allDayOffset
    }

    /// The default alarm for `due`, or nil when that kind of date has none.
    ///
    /// Example: all-day 2026-12-01 with the built-in defaults → `+PT9H` relative to the
    /// due date, ringing 2026-12-01 09:00 in the user's zone.
    public func defaultAlarm(for due: Due) -> Alarm? {
        if due.isAllDay { return allDayOffset.map { Alarm.defaultAlarm(for: due, allDayOffset: $0) } }
        return timedOffset.map { $0.alarm() }
    }

    /// The instant an alarm set "at" `date` rings (`tick add --remind DATE`, `tick snooze
    /// N DATE`): a date and time as given; a date alone at the all-day alarm time
    /// (`allDayOffset`, 09:00 when that is none) in `zone`.
    ///
    /// Example: all-day 2026-12-01 in Asia/Seoul with the built-in defaults →
    /// 2026-12-01T00:00:00Z (09:00 there).
    public func ringInstant(for date: Due, in zone: TimeZone) -> Date {
        switch date {
        case .timed(let instant, _): return instant
        case .floating(let local): return local.instant(in: zone)
        case .allDay(let day):
            let seconds = allDayOffset ?? Alarm.defaultAllDayOffset
            let local = LocalDateTime(day: day, hour: seconds / 3_600, minute: seconds % 3_600 / 60)
            return local.map { $0.instant(in: zone) } ?? date.sortInstant(in: zone)
        }
    }
}
