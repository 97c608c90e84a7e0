import Foundation
import TickModel

extension Database: AlarmStore {
    /// How far `next_alarm` may be from the real instant of an alarm on an all-day or
    /// floating date (`Reminder.alarmKeySlack`).
    public static let alarmKeySlack = Reminder.alarmKeySlack

    /// Reminders whose `next_alarm` is at or before `bound`, earliest first.
    ///
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(k log n) for the k rows returned, read from the partial index
    ///   `reminder_next_alarm`.
    public func alarmCandidates(through bound: Date, limit: Int = 1_000) throws -> [AlarmCandidate] {
        var found: [AlarmCandidate] = []
        try forEachRow("""
            SELECT \(Database.reminderColumns), r.next_alarm FROM reminder r
            WHERE r.next_alarm IS NOT NULL AND r.next_alarm <= ? ORDER BY r.next_alarm LIMIT ?
            """, [.text(Timestamp.string(bound)), .integer(Int64(limit))]) { row in
            found.append(AlarmCandidate(reminder: try decodeReminder(row), storedKey: try row.optionalTimestamp(22, in: .reminder)))
        }
        return found
    }

    /// The smallest `next_alarm` in the database, or nil when no alarm is pending.
    /// - Throws: `StoreError` from SQLite; `.unreadableValue` when it is not a timestamp.
    /// - Complexity: O(log n), the first entry of the index.
    public func earliestAlarmKey() throws -> Date? {
        var found: Date?
        try forEachRow("""
            SELECT number, next_alarm FROM reminder WHERE next_alarm IS NOT NULL ORDER BY next_alarm LIMIT 1
            """) { found = try $0.timestamp(1, in: .reminder) }
        return found
    }

    /// Whether the alarm `alarmUID` of reminder `number` was already delivered for the
    /// instant `fireAt`.
    /// - Throws: `StoreError` from SQLite.
    public func wasDelivered(reminder number: Reminder.Number, alarmUID: String, fireAt: Date) throws -> Bool {
        try scalarInt("SELECT 1 FROM alarm_delivery WHERE reminder = ? AND alarm_uid = ? AND fire_at = ?",
                      [.integer(number.rawValue), .text(alarmUID), .text(Timestamp.string(fireAt))]) != nil
    }

    /// When the alarm `alarmUID` of reminder `number` rang for `fireAt` (its recorded
    /// delivery's time), nil when it did not: no delivery recorded, or one `skipped`.
    /// - Throws: `StoreError` from SQLite.
    public func ringTime(reminder number: Reminder.Number, alarmUID: String, fireAt: Date) throws -> Date? {
        try scalarText("""
            SELECT delivered_at FROM alarm_delivery WHERE reminder = ? AND alarm_uid = ? AND fire_at = ? AND channel <> 'skipped'
            """, [.integer(number.rawValue), .text(alarmUID), .text(Timestamp.string(fireAt))]).flatMap(Timestamp.date)
    }

    /// Records that the alarm `alarmUID` of reminder `number`, ringing for `fireAt`, was
    /// delivered at `deliveredAt` through `channel` (`dbus`, `stdout`, `exec`, or
    /// `skipped` when it was marked without ringing). A second record of the same
    /// delivery is ignored.
    /// - Throws: `StoreError` from SQLite.
    public func recordDelivery(reminder number: Reminder.Number, alarmUID: String, fireAt: Date,
                               deliveredAt: Date, channel: String) throws {
        try execute("""
            INSERT OR IGNORE INTO alarm_delivery (reminder, alarm_uid, fire_at, delivered_at, channel)
            VALUES (?, ?, ?, ?, ?)
            """, [.integer(number.rawValue), .text(alarmUID), .text(Timestamp.string(fireAt)),
                  .text(Timestamp.string(deliveredAt)), .text(channel)])
    }

    /// How many deliveries were recorded for reminder `number` (all alarms, all instants).
    /// - Throws: `StoreError` from SQLite.
    public func deliveryCount(reminder number: Reminder.Number) throws -> Int {
        Int(try scalarInt("SELECT count(*) FROM alarm_delivery WHERE reminder = ?", [.integer(number.rawValue)]) ?? 0)
    }
}
