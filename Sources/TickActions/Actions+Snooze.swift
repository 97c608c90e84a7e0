import Foundation
import TickModel
import TickStore

/// Snoozing: `tick snooze` and the agent's "Snooze" button.
extension Actions {
    /// Snoozes reminder `number` until `until`: it gets a one-off alarm then (an RFC 9074
    /// snooze alarm, ``Alarm/isSnooze``), replacing an earlier snooze that has not rung.
    /// Its own alarms stay as they are.
    /// - Returns: the reminder as saved and its list.
    /// - Throws: `ActionError.snoozeNotInFuture` when `until` is not after now (checked
    ///   first), `.reminderNotFound`, `.reminderCompleted`; `StoreError` from SQLite.
    public func snooze(_ number: Reminder.Number, until: Date) throws -> ReminderChangeResult {
        try store.write { db in try Actions.snooze(number, until: until, context: context, in: db) }
    }

    /// ``snooze(_:until:)`` inside the caller's write transaction `db`.
    public static func snooze(_ number: Reminder.Number, until: Date, context: ActionContext,
                              in db: Database) throws -> ReminderChangeResult {
        guard until > context.now else { throw ActionError.snoozeNotInFuture(until) }
        var reminder = try db.existingReminder(number)
        guard !reminder.isCompleted else { throw ActionError.reminderCompleted(number) }
        reminder.alarms.removeAll { $0.isSnooze && $0.firedAt == nil }
        reminder.alarms.append(Alarm(trigger: .absolute(until), isSnooze: true))
        reminder.modifiedAt = context.now
        try db.update(reminder)
        return ReminderChangeResult(reminder: reminder, list: try Actions.existingList(.id(reminder.listID), in: db))
    }
}
