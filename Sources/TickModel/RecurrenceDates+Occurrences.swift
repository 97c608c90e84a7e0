import Foundation

/// How `EXDATE` and `RDATE` values meet the occurrences of a reminder's series.
///
/// Tick's series is anchored at the reminder's due date (its start date when it has no
/// due date): that is the series' `DTSTART`, so `EXDATE` and `RDATE` values are read as
/// values of that date (RFC 5545 §3.8.5.1, §3.8.5.2).
extension RecurrenceDates {
    /// Whether an `EXDATE` takes `occurrence` out of the series: a DATE takes out that
    /// day's occurrence; a DATE-TIME the occurrence at that instant (a wall clock in the
    /// occurrence's own zone, or in the `TZID` given when Foundation knows it; a
    /// floating one by its wall clock). On an all-day series a DATE-TIME takes out its day.
    ///
    /// Example: `EXDATE;TZID=America/New_York:20261108T090000` takes out the occurrence
    /// due 2026-11-08 09:00 America/New_York (14:00 UTC, after the DST change), and
    /// `EXDATE:20261108T140000Z` is the same occurrence.
    ///
    /// - Parameter userZone: the user's zone, for floating and all-day dates.
    /// - Complexity: O(e) in the number of `EXDATE` values.
    public func excludes(_ occurrence: Due, userZone: TimeZone) -> Bool {
        guard !exceptions.isEmpty else { return false }
        let point = OccurrencePoint(occurrence, userZone: userZone)
        return exceptions.contains { RecurrenceDates.value($0, names: point, userZone: userZone) }
    }

    /// Whether `value` names the occurrence at `point`.
    static func value(_ value: Value, names point: OccurrencePoint, userZone: TimeZone) -> Bool {
        guard let time = point.time,
              let wallClock = LocalDateTime(day: point.day, hour: time.hour, minute: time.minute, second: time.second) else {
            switch value {
            case .day(let day): return day == point.day
            case .utc(let instant): return LocalDateTime(instant, in: userZone).day == point.day
            case .local(let local, _): return local.day == point.day
            }
        }
        let instant = point.instant(userZone: userZone)
        switch value {
        case .day(let day):
            return day == point.day
        case .utc(let other):
            return other.isInSameSecond(as: instant)
        case .local(let local, let identifier):
            if let identifier, point.zone != nil, identifier != point.zoneIdentifier,
               let zone = identifier.timeZone {
                return local.instant(in: zone).isInSameSecond(as: instant)
            }
            return local == wallClock
        }
    }

    /// The `RDATE` values as occurrences of the same kind as `point` (the series'
    /// current occurrence): all-day stays all-day (a DATE-TIME gives its day), a DATE on
    /// a timed or floating series is that day at the series' time of day, a DATE-TIME
    /// on a timed series is that instant in the series' zone.
    ///
    /// - Parameters:
    ///   - rule: the series' rule, whose `BYHOUR`/`BYMINUTE` fix the time of a DATE value.
    ///   - userZone: the user's zone, for floating and all-day dates.
    func occurrences(like point: OccurrencePoint, rule: Recurrence, userZone: TimeZone) -> [Due] {
        additions.compactMap { value in
            guard point.time != nil else {
                switch value {
                case .day(let day): return .allDay(day)
                case .utc(let instant): return .allDay(LocalDateTime(instant, in: userZone).day)
                case .local(let local, _): return .allDay(local.day)
                }
            }
            switch (value, point.original) {
            case (.day(let day), _):
                return point.moved(to: day, rule: rule)?.due
            case (.utc(let instant), .timed(_, let identifier)):
                return .timed(instant, timeZone: identifier)
            case (.local(let local, let given), .timed(_, let identifier)):
                let zone = given?.timeZone ?? point.zone ?? userZone
                return .timed(local.instant(in: zone), timeZone: identifier)
            case (.utc(let instant), _):
                return .floating(LocalDateTime(instant, in: userZone))
            case (.local(let local, _), _):
                return .floating(local)
            }
        }
    }
}

extension OccurrencePoint {
    /// The zone identifier of a timed occurrence, as stored; nil for all-day and floating.
    var zoneIdentifier: TimeZoneIdentifier? {
        if case .timed(_, let identifier) = original { return identifier }
        return nil
    }

    /// The instant of the occurrence: a floating one read in `userZone`.
    func instant(userZone: TimeZone) -> Date {
        original.sortInstant(in: userZone)
    }
}
