import Foundation
import TickModel

/// The SQLite store behind the store interface the actions use: `Database`'s typed
/// functions are its requirements, plus the two below.
extension Database: StoreTransaction {
    /// The direct subtasks of the reminder with `uid`, open and completed, in manual order.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(subtasks), read from the index `reminder_parent`.
    public func subtasks(of uid: ReminderUID) throws -> [Reminder] {
        // Neither the clock nor the zone matters without a smart list or a due order.
        try reminders(ReminderFilter(parentUID: uid, includesCompleted: true), now: Date(timeIntervalSince1970: 0),
                      timeZone: .gmt)
    }

    /// Whether list `id` is paired with a CalDAV collection (`sync_collection`).
    /// - Throws: `StoreError` from SQLite.
    public func isSyncedWithCalDAV(list id: ReminderList.ID) throws -> Bool {
        try scalarInt("SELECT 1 FROM sync_collection WHERE list_id = ? LIMIT 1", [.text(id.rawValue)]) != nil
    }
}
