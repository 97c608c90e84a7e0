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

extension PostgresDatabase {
    /// The user's reminders whose kept iCalendar lines contain `text` (case ignored), in number order.
    /// - Throws: `PostgresError` from the server.
    public func reminders(keeping text: String) throws -> [Reminder] {
        try reminders("SELECT \(ReminderColumns.names) FROM reminders WHERE owner = $1 AND strpos(upper(ical_extras), upper($2)) > 0 ORDER BY number",
                      [text])
    }
}
