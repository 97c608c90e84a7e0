import Foundation

/// The order of a reminder's two dates: work starts no later than the reminder is due
/// (RFC 5545 §3.8.2.3: a VTODO's `DUE` "MUST be later in time than" its `DTSTART`).
extension Reminder {
    /// Whether the start date is after the due date, so that the pair is not valid
    /// iCalendar. The start counts from its first moment (00:00 for an all-day date) and
    /// the due date to its deadline (the end of the day for an all-day date), both read in
    /// `zone` when they have no zone of their own: starting at 10:00 on the day an all-day
    /// reminder is due is in order, and so is a start equal to the due date.
    ///
    /// Example (UTC): start 2026-12-05, due 2026-12-03 → true; start 2026-12-03 10:00,
    /// due 2026-12-03 (all-day) → false; start 2026-12-04, due 2026-12-03 23:00 → true.
    /// - Returns: false when either date is missing.
    public func hasStartAfterDue(in zone: TimeZone) -> Bool {
        guard let start, let due else { return false }
        let first = start.sortInstant(in: zone)
        // An all-day due date lasts its whole day: a start at its end is the next day's.
        return due.isAllDay ? first >= due.deadline(in: zone) : first > due.sortInstant(in: zone)
    }
}
