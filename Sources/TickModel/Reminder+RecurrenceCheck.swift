import Foundation

/// Checks a repeat rule against the due date it starts from, as `tick add` and
/// `tick edit` set them.
extension Reminder {
    /// The reminder with its rule checked against its first occurrence (due date, else
    /// start date), and `UNTIL` given the due date's value type.
    ///
    /// - A rule with no day at all (`FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30`, February 30)
    ///   or whose `UNTIL` is before the first occurrence is refused.
    /// - RFC 5545 §3.3.10: `UNTIL` "MUST have the same value type as the DTSTART". Tick
    ///   normalizes instead of refusing, keeping the bound inclusive:
    ///   - all-day due, `UNTIL` a date-time → the day it falls on (a UTC time read in
    ///     `zone`). Example: `UNTIL=20261231T120000Z` → `UNTIL=20261231`.
    ///   - timed due, `UNTIL` a date → the end of that day (23:59:59) in the due date's
    ///     zone, in UTC. Example: due 09:00 Asia/Seoul, `UNTIL=20261231` →
    ///     `UNTIL=20261231T145959Z`.
    ///   - timed due, floating `UNTIL` → that wall-clock time in the due date's zone, in UTC.
    ///   - floating due: a date → 23:59:59 that day; a UTC time → its wall clock in `zone`.
    ///
    /// - Parameter zone: the user's zone, for all-day and floating dates.
    /// - Returns: the reminder (rule text changed only when `UNTIL` was normalized) and,
    ///   when it was, the old and new `UNTIL` text.
    /// - Throws: `ModelError.invalidRecurrence` saying why the rule cannot be used.
    public func checkingRecurrence(in zone: TimeZone) throws(ModelError) -> (reminder: Reminder, untilChange: (old: String, new: String)?) {
        guard let recurrence, let anchor = due ?? start else { return (self, nil) }
        let rule = try recurrence.read()
        let text = recurrence.rruleValue
        var checked = self
        var change: (old: String, new: String)?
        if let until = rule.until, let normalized = Reminder.until(until, matching: anchor, in: zone), normalized != until {
            checked.recurrence?.edit { $0.until = normalized }
            change = (Recurrence.text(of: until), Recurrence.text(of: normalized))
        }
        let point = OccurrencePoint(anchor, userZone: zone)
        guard let before = point.day.adding(checkedDays: -1),
              let first = rule.nextDay(after: before, anchor: point.day) else {
            throw .invalidRecurrence(text, reason: "the rule has no day on which it occurs (such as February 30); check BYMONTH, BYMONTHDAY and BYDAY")
        }
        if let checkedRule = checked.recurrenceRule, let moved = point.moved(to: first, rule: checkedRule),
           !checkedRule.allows(moved, in: zone) {
            throw .invalidRecurrence(text, reason: "UNTIL is before the first occurrence, so it would never occur")
        }
        return (checked, change)
    }

    /// `until` with the value type of `anchor` (see `checkingRecurrence(in:)`).
    static func until(_ until: Recurrence.Until, matching anchor: Due, in zone: TimeZone) -> Recurrence.Until? {
        switch (anchor, until) {
        case (.allDay, .day), (.timed, .instant), (.floating, .local):
            return until
        case (.allDay, .instant(let instant)):
            return .day(LocalDateTime(instant, in: zone).day)
        case (.allDay, .local(let local)):
            return .day(local.day)
        case (.timed(_, let identifier), .day(let day)):
            let own = identifier.timeZone(or: zone)
            return LocalDateTime(day: day, hour: 23, minute: 59, second: 59).map { .instant($0.instant(in: own)) }
        case (.timed(_, let identifier), .local(let local)):
            return .instant(local.instant(in: identifier.timeZone(or: zone)))
        case (.floating, .day(let day)):
            return LocalDateTime(day: day, hour: 23, minute: 59, second: 59).map { .local($0) }
        case (.floating, .instant(let instant)):
            return .local(LocalDateTime(instant, in: zone))
        }
    }
}
