import Foundation

/// A reminder with an alarm still to ring whose indexed key (`next_alarm`) is within the
/// bound asked for (`AlarmStore.alarmCandidates(through:limit:)`).
public struct AlarmCandidate: Sendable {
    /// The reminder as stored.
    public var reminder: Reminder
    /// The `next_alarm` value stored with it (it may be stale: rows migrated from
    /// SQLite schema 2 carry a placeholder until the agent recomputes it).
    public var storedKey: Date?

    public init(reminder: Reminder, storedKey: Date?) {
        self.reminder = reminder
        self.storedKey = storedKey
    }
}

/// What the alarm actions (`Actions.dueAlarms`, `Actions.recordAlarmDelivered`) ask of a
/// store: the reminders whose next alarm is near, from an index of each reminder's earliest
/// pending alarm (`nextAlarmKey`), and the deliveries recorded, so that an alarm rings once
/// whichever front end (`tick agent`, a browser) delivers it. SQLite's `Database` and
/// PostgreSQL's `PostgresDatabase` (one user's) conform.
public protocol AlarmStore: ReminderStore {
    /// Reminders whose indexed next alarm is at or before `bound`, earliest first, at most `limit`.
    func alarmCandidates(through bound: Date, limit: Int) throws -> [AlarmCandidate]

    /// Whether the alarm `alarmUID` of reminder `number` was already delivered for the instant `fireAt`.
    func wasDelivered(reminder number: Reminder.Number, alarmUID: String, fireAt: Date) throws -> Bool

    /// When the alarm `alarmUID` of reminder `number` rang for the instant `fireAt`: the
    /// time its delivery was recorded, nil when none was or it was passed over without
    /// ringing (`skipped`).
    func ringTime(reminder number: Reminder.Number, alarmUID: String, fireAt: Date) throws -> Date?

    /// Records that the alarm `alarmUID` of reminder `number`, ringing for `fireAt`, was
    /// delivered at `deliveredAt` through `channel`; a second record of the same delivery is ignored.
    func recordDelivery(reminder number: Reminder.Number, alarmUID: String, fireAt: Date,
                        deliveredAt: Date, channel: String) throws
}

extension Reminder {
    /// How far the indexed next-alarm key may be from the real instant of an alarm on an
    /// all-day or floating date: the widest UTC offsets in use (UTC+14 and UTC-12).
    public static let alarmKeySlack: TimeInterval = 14 * 3_600

    /// The key a store indexes the reminder's alarms by: its earliest pending alarm with
    /// all-day and floating dates read as UTC (within `alarmKeySlack` of the real instant).
    public var nextAlarmKey: Date? { nextAlarmDate(in: TimeZone.gmt) }
}
