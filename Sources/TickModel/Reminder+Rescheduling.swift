import Foundation

/// The single rules for what a new or cleared due date does to a reminder's alarms.
/// They are put together with the repeat rule's (``checkingRecurrence(in:)``,
/// ``synchronizedWithRecurrence(in:)``) in one place, TickActions' `changeDates`, which
/// `tick add`, `tick edit` and the terminal UI all call.
extension Reminder {
    /// After the due or start date was set: alarms relative to it ring again (they are
    /// re-armed; snoozes are not), and a reminder with no alarms gets the default alarm
    /// for its due date. When the due date changed kind (all-day to a time, or back) and
    /// the reminder's one alarm (snoozes aside) is the default alarm of the date it had,
    /// the new date's default alarm takes its place: an all-day date's 09:00 would ring
    /// at 09:00 *after* a time given later (`+PT9H`), a time's `PT0S` at midnight of a day.
    ///
    /// Example (built-in defaults): all-day 2026-12-10 with its `+PT9H` alarm, due set to
    /// 2026-12-10 15:00 → one alarm `PT0S`, ringing at 15:00.
    ///
    /// - Parameters:
    ///   - defaults: the default alarm; nil when the caller adds alarms of its own or was
    ///     told to add none (`--alarm`, `--remind`, `--no-alarm`).
    ///   - previousDue: the due date before the change (nil: none, or not known).
    public mutating func armAlarmsForNewDate(defaults: AlarmDefaults?, previousDue: Due? = nil) {
        for index in alarms.indices where !alarms[index].isSnooze {
            if case .relative = alarms[index].trigger { alarms[index].firedAt = nil }
        }
        guard let defaults, let due else { return }
        let own = alarms.filter { !$0.isSnooze }
        if let previousDue, previousDue.isAllDay != due.isAllDay, own.count == 1,
           let old = defaults.defaultAlarm(for: previousDue), own[0].trigger == old.trigger,
           own[0].isExactOffset == old.isExactOffset {
            alarms.removeAll { $0.uid == own[0].uid }
            if let alarm = defaults.defaultAlarm(for: due) { alarms.append(alarm) }
            return
        }
        if alarms.isEmpty, let alarm = defaults.defaultAlarm(for: due) {
            alarms.append(alarm)
        }
    }

    /// Clears the due date. Alarms relative to it go with it (they would have nothing to
    /// ring at; a start-related alarm falls back to the due date when there is no start
    /// date, so it goes too then); alarms at a fixed time stay.
    ///
    /// - Parameter stopsRepeating: whether the caller also stops the repeat; a repeating
    ///   reminder counts its occurrences from its due date, so it is refused otherwise.
    /// - Returns: how many alarms were removed.
    /// - Throws: `ModelError.repeatNeedsDueDate` for a repeating reminder unless `stopsRepeating`.
    @discardableResult
    public mutating func removeDue(stopsRepeating: Bool) throws(ModelError) -> Int {
        guard due != nil else { return 0 }
        if recurrence != nil, !stopsRepeating { throw .repeatNeedsDueDate }
        due = nil
        let before = alarms.count
        let hasStart = start != nil
        alarms.removeAll { alarm in
            guard case .relative(_, let toStart) = alarm.trigger else { return false }
            return !toStart || !hasStart
        }
        return before - alarms.count
    }
}
