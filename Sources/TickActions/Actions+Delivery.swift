import Foundation
import TickModel
import TickStore

extension Actions {
    /// Marks alarms of a reminder fired at `now` and records their delivery, so that an
    /// alarm rings once: every pending alarm with one of the UIDs is marked (an import
    /// may have brought two with one UID, and one left pending would ring again at
    /// once), and each delivery is recorded for its instant in `alarm_delivery`.
    /// - Parameters:
    ///   - alarms: the alarms by UID, each with the instant it was due.
    ///   - channel: how it was delivered (`desktop`, `stdout`, `exec` …); nil when it was
    ///     passed over without ringing (recorded as `skipped`, only if not recorded yet).
    /// - Throws: the store's error. A reminder deleted meanwhile is no error:
    ///   nothing is recorded for it.
    public static func recordAlarmsFired(_ number: Reminder.Number, alarms: [(uid: String, fireDate: Date)],
                                         at now: Date, channel: String?, in db: some AlarmStore) throws {
        guard var reminder = try db.reminder(number: number) else { return }
        var changed = false
        for (uid, date) in alarms {
            for index in reminder.alarms.indices where reminder.alarms[index].uid == uid && reminder.alarms[index].firedAt == nil {
                reminder.alarms[index].firedAt = now
                changed = true
            }
            try db.recordDelivery(reminder: number, alarmUID: uid, fireAt: date, deliveredAt: now, channel: channel ?? "skipped")
        }
        if changed { try db.update(reminder) }
    }

    /// Saves a reminder as it is, which recomputes its indexed next-alarm key (a row
    /// migrated with a placeholder key).
    /// - Throws: `StoreError` from SQLite; a reminder deleted meanwhile is no error.
    public static func refreshAlarmKey(of number: Reminder.Number, in db: Database) throws {
        if let reminder = try db.reminder(number: number) { try db.update(reminder) }
    }
}

/// An alarm due now that no front end has delivered yet.
public struct DueAlarm: Sendable, Equatable {
    /// The reminder as stored.
    public var reminder: Reminder
    /// The alarm's UID.
    public var alarmUID: String
    /// The instant it rings for.
    public var fireDate: Date
}

extension Actions {
    /// The alarms due at `context.now` that were neither marked fired nor recorded as
    /// delivered (by `tick agent`, a browser, any front end that records deliveries with
    /// `recordAlarmsFired(_:alarms:at:channel:in:)`), earliest first.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(k log n) for the k reminders with an alarm due, from the index of
    ///   next alarms.
    public static func dueAlarms(in db: some AlarmStore, context: ActionContext) throws -> [DueAlarm] {
        let now = context.now
        var due: [DueAlarm] = []
        for candidate in try db.alarmCandidates(through: now.addingTimeInterval(Reminder.alarmKeySlack), limit: 1_000) {
            let reminder = candidate.reminder
            for (alarm, date) in reminder.pendingAlarms(in: context.timeZone) where date <= now {
                if try !db.wasDelivered(reminder: reminder.number, alarmUID: alarm.uid, fireAt: date) {
                    due.append(DueAlarm(reminder: reminder, alarmUID: alarm.uid, fireDate: date))
                }
            }
        }
        return due.sorted { $0.fireDate < $1.fireDate }
    }

    /// Records that a front end delivered alarm `alarmUID` of `reminder` (by number) at
    /// `context.now` through `channel`: the pending alarm with that UID whose time has
    /// come is marked fired, so no other front end delivers it again.
    /// - Returns: false when the reminder has no such alarm pending and due (delivered
    ///   already, or not due yet): nothing is recorded then.
    /// - Throws: `ActionError.reminderNotFound`; `StoreError` from SQLite.
    public static func recordAlarmDelivered(_ number: Reminder.Number, alarmUID: String, channel: String,
                                            context: ActionContext, in db: some AlarmStore) throws -> Bool {
        let reminder = try db.existingReminder(number)
        guard let (_, date) = reminder.pendingAlarms(in: context.timeZone)
            .first(where: { $0.alarm.uid == alarmUID && $0.date <= context.now }) else { return false }
        try recordAlarmsFired(number, alarms: [(alarmUID, date)], at: context.now, channel: channel, in: db)
        return true
    }
}
