import TickModel

extension Database {
    /// The numbers of the reminders of `parent`'s list whose parent it is, open and
    /// completed, in number order.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(subtasks), read from the index `reminder_parent`.
    public func subtaskNumbers(of parent: Reminder) throws -> [Reminder.Number] {
        var numbers: [Reminder.Number] = []
        try forEachRow("SELECT number FROM reminder INDEXED BY reminder_parent WHERE parent_uid = ? AND list_id = ? ORDER BY number",
                       [.text(parent.uid.rawValue), .text(parent.listID.rawValue)]) {
            numbers.append(Reminder.Number($0.int(0)))
        }
        return numbers
    }
}
