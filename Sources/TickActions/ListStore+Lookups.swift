import TickModel

extension ReminderStore {
    /// The reminder numbered `number`.
    /// - Throws: `ActionError.reminderNotFound` when there is none (or the store's user
    ///   cannot see it); the store's error.
    public func existingReminder(_ number: Reminder.Number) throws -> Reminder {
        guard let reminder = try reminder(number: number) else { throw ActionError.reminderNotFound(number) }
        return reminder
    }
}

extension ListStore {
    /// The list named `name` (case and surrounding white space ignored).
    /// - Throws: `ActionError.listNotFound` with the names there are, `ModelError.blankName`
    ///   for a blank name no list has; the store's error.
    public func existingList(named name: String) throws -> ReminderList {
        if let list = try list(named: name) {
            // Found but for width alone: refused when it could be several (a tester: `lists delete`
            // of such a name took the first of three lists an older Tick made).
            if ReminderList.closeness(list.name, name.trimmingWhiteSpace()) == 2 {
                let key = ReminderList.nameKey(name)
                let alike = try lists().filter { ReminderList.nameKey($0.name) == key }
                if alike.count > 1 { throw ActionError.listNameAmbiguous(name: name, lists: alike.map(\.name)) }
            }
            return list
        }
        // Not "no list named ⠀; create it": a blank name can name no list made now (a tester).
        if name.isBlank { throw ModelError.blankName(.listName) }
        throw ActionError.listNotFound(name: name, existing: try lists().map(\.name))
    }

    /// The list named `name` when given, else the default list (the first).
    /// - Throws: `ActionError.listNotFound`; the store's error.
    public func targetList(named name: String?) throws -> ReminderList {
        if let name { return try existingList(named: name) }
        return try defaultList()
    }

    /// Lists by identifier, for showing list names beside reminders.
    /// - Complexity: O(number of lists).
    public func listsByID() throws -> [ReminderList.ID: ReminderList] {
        Dictionary(try lists().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
