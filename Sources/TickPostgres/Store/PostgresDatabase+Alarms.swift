import Foundation
import TickModel

/// Alarms on PostgreSQL (schema step 8): the reminders whose next alarm is near, from the
/// partial index `reminders_next_alarm`, and the deliveries of `alarm_deliveries`, each
/// scoped to the user as every statement of `PostgresDatabase`.
extension PostgresDatabase: AlarmStore {
    /// The user's reminders whose `next_alarm` is at or before `bound`, earliest first, at most `limit`.
    /// - Complexity: O(k log n) for the k rows returned, from `reminders_next_alarm`.
    public func alarmCandidates(through bound: Date, limit: Int) throws -> [AlarmCandidate] {
        let rows = try run("""
            SELECT \(ReminderColumns.names), next_alarm FROM reminders
            WHERE owner = $1 AND next_alarm IS NOT NULL AND next_alarm <= $2 ORDER BY next_alarm, number LIMIT $3
            """, [bound, limit])
        let positions = ReminderColumns.Positions(rows), nextAlarm = rows.columnIndex("next_alarm")
        return try rows.map { row throws(PostgresError) in
            AlarmCandidate(reminder: try ReminderColumns.decode(row, at: positions),
                           storedKey: try row.decodeIfPresent(at: nextAlarm, as: Date.self))
        }
        .filter { sees($0.reminder.listID) }
    }

    /// Whether the alarm `alarmUID` of the user's reminder `number` was delivered for `fireAt`.
    public func wasDelivered(reminder number: Reminder.Number, alarmUID: String, fireAt: Date) throws -> Bool {
        try scalar("SELECT 1 FROM alarm_deliveries WHERE owner = $1 AND reminder = $2 AND alarm_uid = $3 AND fire_at = $4",
                   [number.rawValue, alarmUID, fireAt], as: Int64.self) != nil
    }

    /// When the alarm `alarmUID` of the user's reminder `number` rang for `fireAt` (its
    /// recorded delivery's time), nil when it did not: none recorded, or one `skipped`.
    public func ringTime(reminder number: Reminder.Number, alarmUID: String, fireAt: Date) throws -> Date? {
        try scalar("""
            SELECT delivered_at FROM alarm_deliveries
            WHERE owner = $1 AND reminder = $2 AND alarm_uid = $3 AND fire_at = $4 AND channel <> 'skipped'
            """, [number.rawValue, alarmUID, fireAt], as: Date.self)
    }

    /// Records a delivery of the alarm `alarmUID` of the user's reminder `number` for the
    /// instant `fireAt`; a second record of the same delivery is ignored.
    public func recordDelivery(reminder number: Reminder.Number, alarmUID: String, fireAt: Date,
                               deliveredAt: Date, channel: String) throws {
        try run("""
            INSERT INTO alarm_deliveries (owner, reminder, alarm_uid, fire_at, delivered_at, channel) VALUES ($1, $2, $3, $4, $5, $6)
            ON CONFLICT DO NOTHING
            """, [number.rawValue, alarmUID, fireAt, deliveredAt, channel])
    }

    /// Fills `next_alarm` of the reminders stored before schema step 8 that have alarms.
    @Sendable static func keyEveryReminderAlarm(_ connection: PostgresConnection) throws {
        var after: (owner: String, number: Int64) = ("", 0)
        while true {
            let rows = try connection.execute("""
                SELECT owner, \(ReminderColumns.names) FROM reminders
                WHERE (owner, number) > ($1, $2) AND alarms <> '[]'::jsonb ORDER BY owner, number LIMIT 1000
                """, [after.owner, after.number])
            guard !rows.isEmpty else { return }
            let positions = ReminderColumns.Positions(rows)
            for row in rows {
                let owner = try row.decode("owner", as: String.self)
                let reminder = try ReminderColumns.decode(row, at: positions)
                if let key = reminder.nextAlarmKey {
                    try connection.execute("UPDATE reminders SET next_alarm = $3 WHERE owner = $1 AND number = $2",
                                           [owner, reminder.number.rawValue, key])
                }
                after = (owner, reminder.number.rawValue)
            }
        }
    }
}
