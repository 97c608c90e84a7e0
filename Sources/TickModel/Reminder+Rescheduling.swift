import Foundation

/// What a new or cleared due date does to a reminder's alarms and repeat rule: the one
/// set of rules behind `tick add --due`, `tick edit --due` / `--no-due` and the terminal
/// UI's add dialog and detail view.
extension Reminder {
    /// Gives the reminder a new due date, or none, with everything that goes with it.
    ///
    /// - A date: a repeating reminder's rule is checked against it and the date moved onto
    ///   the rule's first day (``checkingRecurrence(in:)``,
    ///   ``synchronizedWithRecurrence(in:)``); then ``armAlarmsForNewDate(defaults:)``.
    /// - No date: ``removeDue(stopsRepeating:)`` with `stopsRepeating` false, so a
    ///   repeating reminder keeps its date.
    /// - Either way, alarms already past at `now` are silenced: they do not ring for a
    ///   date the user is setting now (``silenceAlarms(dueBy:in:)``).
    ///
    /// Example: no alarms, due set to all-day 2026-12-25 with the built-in defaults → one
    /// alarm `+PT9H` relative to the due date; due then cleared → no alarms.
    ///
    /// - Parameters:
    ///   - due: the new due date, or nil to clear it.
    ///   - defaults: the default alarm a reminder with no alarms gets.
    ///   - now: the clock reading, for silencing past alarms.
    ///   - zone: the user's zone, for all-day and floating dates.
    /// - Returns: whether a repeating reminder's date was moved onto its rule, and how
    ///   many alarms went with a cleared date, for the caller to tell the user.
    /// - Throws: `ModelError.repeatNeedsDueDate` when clearing a repeating reminder's
    ///   date; `ModelError.invalidRecurrence` when its rule has no day from the new date.
    @discardableResult
    public mutating func setDue(_ due: Due?, defaults: AlarmDefaults, now: Date, in zone: TimeZone) throws(ModelError) -> Rescheduling {
        var result = Rescheduling()
        if let due {
            self.due = due
            if recurrence != nil {
                self = try checkingRecurrence(in: zone).reminder.synchronizedWithRecurrence(in: zone)
                if self.due != due { result.movedDue = self.due }
            }
            armAlarmsForNewDate(defaults: defaults)
        } else {
            result.removedAlarms = try removeDue(stopsRepeating: false)
        }
        silenceAlarms(dueBy: now, in: zone)
        return result
    }

    /// What ``setDue(_:defaults:now:in:)`` did beyond setting the date.
    public struct Rescheduling: Hashable, Sendable {
        /// The date a repeating reminder's due date was moved to, the first day of its rule.
        public var movedDue: Due?
        /// How many alarms relative to the due date went with it.
        public var removedAlarms = 0

        /// Nothing beyond the date.
        public init() {}
    }

    /// After the due or start date was set: alarms relative to it ring again (they are
    /// re-armed; snoozes are not), and a reminder with no alarms gets the default alarm
    /// for its due date.
    ///
    /// - Parameter defaults: the default alarm; nil when the caller adds alarms of its
    ///   own or was told to add none (`--alarm`, `--remind`, `--no-alarm`).
    public mutating func armAlarmsForNewDate(defaults: AlarmDefaults?) {
        for index in alarms.indices where !alarms[index].isSnooze {
            if case .relative = alarms[index].trigger { alarms[index].firedAt = nil }
        }
        if alarms.isEmpty, let due, let alarm = defaults?.defaultAlarm(for: due) {
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
