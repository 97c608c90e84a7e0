import Foundation

extension Due {
    /// Whether this date (one the user or a notification names) names the occurrence
    /// `occurrence`: the same instant; or, when either is all-day, the same day, a timed
    /// occurrence's day read in its own zone. `done --occurrence 2026-12-01` names the
    /// occurrence due 2026-12-01 09:00 Asia/Seoul, wherever the user is.
    /// - Parameter zone: the user's zone, for all-day and floating values.
    public func names(occurrence: Due, in zone: TimeZone) -> Bool {
        if isAllDay || occurrence.isAllDay {
            return day(in: zone) == occurrence.day(in: occurrence.timeZone ?? zone)
        }
        return sortInstant(in: zone) == occurrence.sortInstant(in: zone)
    }

    /// Whether this date is later than the occurrence `occurrence`: by day when either is
    /// all-day (as in `names(occurrence:in:)`), else by instant.
    /// - Parameter zone: the user's zone, for all-day and floating values.
    public func isAfter(occurrence: Due, in zone: TimeZone) -> Bool {
        if isAllDay || occurrence.isAllDay {
            return day(in: zone) > occurrence.day(in: occurrence.timeZone ?? zone)
        }
        return sortInstant(in: zone) > occurrence.sortInstant(in: zone)
    }
}
