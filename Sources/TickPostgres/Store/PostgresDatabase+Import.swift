import Foundation
import TickModel

/// Saving imports (`ImportStore`) for one user: the batch importer of `TickActions` runs
/// on PostgreSQL as it does on SQLite (a CalDAV PUT is an import of one calendar object).
extension PostgresDatabase: ImportStore {
    /// Which of `uids` name a reminder of the user, asked in one statement.
    /// - Complexity: O(n log m) for n UIDs among the user's m reminders (the index `(owner, uid)`).
    public func storedUIDs(among uids: [ReminderUID]) throws -> Set<ReminderUID> {
        guard !uids.isEmpty else { return [] }
        return Set(try run("SELECT uid FROM reminders WHERE owner = $1 AND uid = ANY($2::text[])",
                           [PostgresArray.text(uids.map(\.rawValue))])
            .map { row throws(PostgresError) in ReminderUID(try row.decode("uid", as: String.self)) })
    }

    /// `ImportStore.holdsReminders()`: whether the user has a reminder.
    /// - Throws: `PostgresError` from the server.
    public func holdsReminders() throws -> Bool {
        try scalar("SELECT EXISTS (SELECT 1 FROM reminders WHERE owner = $1)", as: Bool.self) ?? false
    }

    /// Which of `numbers` are numbers of the user's reminders, asked in one statement.
    /// - Complexity: O(n log m) for n numbers among the user's m reminders.
    public func takenNumbers(among numbers: [Reminder.Number]) throws -> Set<Int64> {
        guard !numbers.isEmpty else { return [] }
        return Set(try run("SELECT number FROM reminders WHERE owner = $1 AND number = ANY($2::bigint[])",
                           [PostgresArray.text(numbers.map { String($0.rawValue) })])
            .map { row throws(PostgresError) in try row.decode("number", as: Int64.self) })
    }

    /// `ImportStore.highestNumberGiven()` for the user: their `reminder_numbers` counter,
    /// which a deletion does not lower.
    /// - Throws: `PostgresError` from the server.
    public func highestNumberGiven() throws -> Int64 {
        try scalar("""
            SELECT greatest(coalesce((SELECT last_number FROM reminder_numbers WHERE owner = $1), 0),
                            coalesce((SELECT max(number) FROM reminders WHERE owner = $1), 0))
            """, as: Int64.self) ?? 0
    }

    /// `ImportStore.lastPosition(inList:)` for the user's list `id`.
    /// - Throws: `PostgresError` from the server.
    public func lastPosition(inList id: ReminderList.ID) throws -> Int64? {
        try scalar("SELECT max(position) FROM reminders WHERE owner = $1 AND list_id = $2", [id.rawValue], as: Int64.self)
    }

    /// Saves new reminders of the user one by one, in order, each at the end of its list.
    /// - Complexity: O(n) statements.
    public func insert(contentsOf reminders: [Reminder]) throws {
        for reminder in reminders { try insert(reminder, keepingNumber: false, keepingPosition: false) }
    }

    /// Saves restored reminders of the user one by one, in order.
    /// - Complexity: O(n) statements.
    public func insert(restoring reminders: [Reminder], keepingNumbers: Bool, keepingPositions: [Bool]) throws {
        precondition(reminders.count == keepingPositions.count, "one keepingPositions flag per reminder")
        for (reminder, keepsPosition) in zip(reminders, keepingPositions) {
            try insert(reminder, keepingNumber: keepingNumbers, keepingPosition: keepsPosition)
        }
    }

    /// The user's reminders whose kept iCalendar lines hold `RELTYPE=CHILD`, case ignored
    /// (`ImportStore.remindersNamingChildren`).
    /// - Complexity: O(k) for the k found, from the partial index `reminders_naming_children`
    ///   (step 14), whose condition the query repeats word for word.
    public func remindersNamingChildren() throws -> [Reminder] {
        try reminders(Self.namingChildrenQuery)
    }

    /// The statement of `remindersNamingChildren()`; `$1` is the owner.
    static let namingChildrenQuery = "SELECT \(ReminderColumns.names) FROM reminders WHERE owner = $1 AND ical_extras ILIKE '%reltype=child%'"

    /// Whether the occurrence due `due` of the user's reminder `number` is recorded as completed.
    public func isOccurrenceCompleted(reminder number: Reminder.Number, due: Due) throws -> Bool {
        try scalar("SELECT 1 FROM completed_occurrences WHERE owner = $1 AND reminder = $2 AND due = $3",
                   [number.rawValue, ReminderColumns.columns(due).text], as: Int.self) != nil
    }

    /// Runs `body`: PostgreSQL needs nothing of its own for a big batch.
    public func importing<T>(count: Int, _ body: () throws -> T) throws -> T { try body() }
}
