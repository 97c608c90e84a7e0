import Foundation
import TickModel
import TickStore

/// Completing and reopening: `tick done` / `undone` / `toggle`, the terminal UI's toggle
/// and its undo, and the agent's "Done" button, so all keep the occurrence history alike.
///
/// A repeating reminder is completed one occurrence at a time
/// (``Reminder/completingOccurrence(at:in:)``): it moves on to its next occurrence and
/// the one completed is recorded; reopening steps back to the last one recorded.
///
/// Idempotence: completing with the occurrence the caller saw (a notification's, or
/// `tick done --occurrence`) does nothing once that occurrence is completed, however
/// often it is repeated, and never completes the next one by mistake. Without it, each
/// call completes whatever occurrence is current: `tick done 1` twice completes two.
extension Actions {
    /// Completes, reopens or toggles reminders, each once, in the order given, in one
    /// transaction.
    ///
    /// - Parameters:
    ///   - occurrence: for `.complete` and `.toggle` of an open reminder: complete only
    ///     if this names the current occurrence (its due date, else its start date; a date
    ///     alone names that day's occurrence, see ``Due/names(occurrence:in:)``).
    /// - Returns: what happened to each.
    /// - Throws: `ActionError.reminderNotFound`; `ActionError.occurrenceNotCurrent` when
    ///   `occurrence` is later than the current one or was never one (then nothing is
    ///   changed); `StoreError` from SQLite.
    /// - Complexity: O(k log n) for k reminders among n, plus each one's history.
    public func setCompletion(_ numbers: [Reminder.Number], _ change: CompletionChange,
                              occurrence: Due? = nil) throws -> [CompletionChangeResult] {
        try store.write { db in
            var seen = Set<Reminder.Number>()
            return try numbers.filter { seen.insert($0).inserted }.map { number in
                try Actions.setCompletion(number, change, occurrence: occurrence, context: context, in: db)
            }
        }
    }

    /// ``setCompletion(_:_:occurrence:)`` of one reminder inside the caller's write
    /// transaction `db`.
    public static func setCompletion(_ number: Reminder.Number, _ change: CompletionChange, occurrence: Due? = nil,
                                     context: ActionContext, in db: some StoreTransaction) throws -> CompletionChangeResult {
        let reminder = try db.existingReminder(number)
        let reopens = change == .reopen || (change == .toggle && reminder.isCompleted)
        if reopens { return try reopen(reminder, context: context, in: db) }
        return try complete(reminder, expecting: occurrence, context: context, in: db)
    }

    private static func complete(_ reminder: Reminder, expecting: Due?, context: ActionContext,
                                 in db: some StoreTransaction) throws -> CompletionChangeResult {
        let zone = context.timeZone
        if reminder.isCompleted { return CompletionChangeResult(reminder: reminder, outcome: .completed, changed: false) }
        if let expecting {
            let current = reminder.due ?? reminder.start
            if current.map({ expecting.names(occurrence: $0, in: zone) }) != true {
                if try db.completedOccurrences(reminder: reminder.number).contains(where: { expecting.names(occurrence: $0.due, in: zone) }) {
                    return CompletionChangeResult(reminder: reminder, outcome: .completed, changed: false, skipped: .alreadyDone)
                }
                let later = current.map { expecting.isAfter(occurrence: $0, in: zone) } ?? false
                throw ActionError.occurrenceNotCurrent(reminder, later ? .notYetDue : .notAnOccurrence)
            }
        }
        let (completed, outcome, passed) = reminder.completingOccurrencePassingCompletedOverrides(at: context.now, in: zone)
        switch outcome {
        case .advanced(let occurrence, _), .seriesEnded(let occurrence):
            try db.recordCompletedOccurrence(reminder: reminder.number, due: occurrence, completedAt: context.now)
        case .completed, .unreadableRule:
            break
        }
        // Occurrences another app completed, passed on the way (as an import would).
        if !passed.isEmpty {
            let recorded = try db.completedOccurrences(reminder: reminder.number).map(\.due)
            for occurrence in passed where !recorded.contains(occurrence.due) {
                try db.recordCompletedOccurrence(reminder: reminder.number, due: occurrence.due, completedAt: occurrence.completedAt)
            }
        }
        var stored = completed
        stored.markRevised(at: context.now)
        try db.update(stored)
        return CompletionChangeResult(reminder: stored, outcome: outcome, changed: true)
    }

    /// A completed reminder is opened again (for a repeating one whose series ended, its
    /// last occurrence leaves the history); an open repeating reminder steps back to its
    /// most recently completed occurrence; anything else is left (`changed` false).
    private static func reopen(_ reminder: Reminder, context: ActionContext, in db: some StoreTransaction) throws -> CompletionChangeResult {
        let now = context.now, zone = context.timeZone
        if reminder.isCompleted {
            var reopened = reminder
            reopened.completedAt = nil
            reopened.silenceAlarms(dueBy: now, in: zone)
            if reopened.recurrence != nil, let current = reopened.due ?? reopened.start {
                try db.removeCompletedOccurrence(reminder: reminder.number, due: current)
            }
            reopened.markRevised(at: now)
            try db.update(reopened)
            return CompletionChangeResult(reminder: reopened, outcome: .completed, changed: true)
        }
        guard reminder.recurrence != nil, let last = try db.lastCompletedOccurrence(reminder: reminder.number) else {
            return CompletionChangeResult(reminder: reminder, outcome: .completed, changed: false)
        }
        var reopened = reminder.reopeningOccurrence(last.due, at: now, in: zone)
        // An alarm of the occurrence stepped back to that rang is marked as having rung
        // then, not silenced: `show` said "did not ring" (a tester).
        try markRecordedDeliveries(of: &reopened, through: now, in: zone, db: db)
        try db.removeCompletedOccurrence(reminder: reminder.number, due: last.due)
        reopened.markRevised(at: now)
        try db.update(reopened)
        return CompletionChangeResult(reminder: reopened, outcome: .completed, changed: true)
    }
}

extension Actions {
    /// Marks each alarm of `reminder` that has not rung (pending or silenced), whose ring
    /// instant under the reminder's dates now is at or before `now` and whose delivery for
    /// that instant is recorded (`alarm_delivery`), as having rung when it was delivered;
    /// one recorded as passed over without ringing (`skipped`) as silenced.
    ///
    /// A step back to an earlier state — `undone` of a repeating reminder, `tick undo` of a
    /// date change — gives an alarm back its earlier instant, at which it rang: without this,
    /// `show` said "did not ring", or the agent, which does not ring a recorded delivery
    /// twice, marked it rung at the time it ran (a tester).
    /// - Throws: the store's error. A store that keeps no deliveries changes nothing.
    static func markRecordedDeliveries(of reminder: inout Reminder, through now: Date, in zone: TimeZone,
                                       db: some StoreTransaction) throws {
        guard let deliveries = db as? any AlarmStore else { return }
        for index in reminder.alarms.indices where reminder.alarms[index].firedAt == nil || reminder.alarms[index].isSilenced {
            let alarm = reminder.alarms[index]
            guard let date = reminder.fireDate(of: alarm, in: zone), date <= now else { continue }
            if let rang = try deliveries.ringTime(reminder: reminder.number, alarmUID: alarm.uid, fireAt: date) {
                reminder.alarms[index].firedAt = rang
                reminder.alarms[index].isSilenced = false
            } else if alarm.firedAt == nil, try deliveries.wasDelivered(reminder: reminder.number, alarmUID: alarm.uid, fireAt: date) {
                reminder.alarms[index].firedAt = now
                reminder.alarms[index].isSilenced = true
            }
        }
    }
}
