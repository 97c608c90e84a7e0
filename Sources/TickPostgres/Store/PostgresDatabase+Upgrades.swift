import TickModel

extension PostgresConnection {
    /// The names of the changes to stored data still to make (step 15, `pending_upgrades`).
    /// - Throws: `PostgresError` from the server.
    public func pendingUpgrades() throws -> [String] {
        let rows = try execute("SELECT name FROM pending_upgrades ORDER BY name")
        return try rows.map { try $0.decode("name", as: String.self) }
    }

    /// Records that the change `name` to stored data is made.
    /// - Throws: `PostgresError` from the server.
    public func finishUpgrade(_ name: String) throws {
        try execute("DELETE FROM pending_upgrades WHERE name = $1", [name])
    }

    /// The users owning a reminder whose kept iCalendar lines contain `text` (case ignored).
    /// - Complexity: reads every reminder's kept lines (an upgrade runs it once).
    /// - Throws: `PostgresError` from the server.
    public func owners(keeping text: String) throws -> [UserID] {
        let rows = try execute("SELECT DISTINCT owner FROM reminders WHERE strpos(upper(ical_extras), upper($1)) > 0 ORDER BY owner", [text])
        return try rows.map { UserID(try $0.decode("owner", as: String.self)) }
    }
}

extension PostgresConnection {
    /// The copies of reminders in every user's change journal (either phase, those that
    /// existed) whose kept iCalendar lines contain `text` (case ignored): what an upgrade of
    /// stored data changes in them too, so that an undo puts back what it upgraded.
    /// - Throws: `PostgresError` from the server.
    public func journaledReminders(keeping text: String) throws -> [(owner: UserID, change: Int64, phase: Int64, reminder: Reminder)] {
        let rows = try execute("""
            SELECT owner, change, phase, number, \(PostgresSchema.journaledReminderColumns) FROM journal_reminders
            WHERE present AND strpos(upper(ical_extras), upper($1)) > 0 ORDER BY owner, change, phase, number
            """, [text])
        let positions = ReminderColumns.Positions(rows)
        return try rows.map { row in
            (UserID(try row.decode("owner", as: String.self)), try row.decode("change", as: Int64.self),
             try row.decode("phase", as: Int64.self), try ReminderColumns.decode(row, at: positions))
        }
    }

    /// Sets the alarms and kept lines of `owner`'s journal copy of `reminder` in `change` at
    /// `phase` to `reminder`'s.
    /// - Throws: `PostgresError` from the server.
    public func replaceJournaledAlarms(owner: UserID, change: Int64, phase: Int64, with reminder: Reminder) throws {
        try execute("""
            UPDATE journal_reminders SET alarms = $5, ical_extras = $6
            WHERE owner = $1 AND change = $2 AND phase = $3 AND number = $4
            """, [owner.rawValue, change, phase, reminder.number.rawValue, ReminderColumns.alarmsJSON(reminder.alarms), reminder.iCalendarExtras])
    }
}

extension PostgresDatabase {
    /// The user's reminders whose kept iCalendar lines contain `text` (case ignored), in number order.
    /// - Throws: `PostgresError` from the server.
    public func reminders(keeping text: String) throws -> [Reminder] {
        try reminders("SELECT \(ReminderColumns.names) FROM reminders WHERE owner = $1 AND strpos(upper(ical_extras), upper($2)) > 0 ORDER BY number",
                      [text])
    }
}
