import TickModel

extension Database {
    /// The numbers of the reminders whose parent is the reminder with `uid`, open and
    /// completed, in number order.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(subtasks), read from the index `reminder_parent`.
    public func subtaskNumbers(of uid: ReminderUID) throws -> [Reminder.Number] {
        var numbers: [Reminder.Number] = []
        try forEachRow("SELECT number FROM reminder WHERE parent_uid = ? ORDER BY number", [.text(uid.rawValue)]) {
            numbers.append(Reminder.Number($0.int(0)))
        }
        return numbers
    }
}
