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
    /// - Throws: `StoreError` from SQLite. A reminder deleted meanwhile is no error:
    ///   nothing is recorded for it.
    public static func recordAlarmsFired(_ number: Reminder.Number, alarms: [(uid: String, fireDate: Date)],
                                         at now: Date, channel: String?, in db: Database) throws {
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
