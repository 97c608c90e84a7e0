/// What the actions ask of a store about lists, inside one of its transactions.
///
/// A value of a conforming type is a transaction that is open: TickStore's `Database`
/// (one SQLite connection inside `Store.read` / `Store.write`) and TickPostgres'
/// `PostgresDatabase` (one PostgreSQL connection inside a transaction, scoped to one
/// user: it sees that user's lists and no other). The rules (names unique, the last list
/// kept, …) are `TickActions`'; a store only reads and writes what it is told.
///
/// Errors: every requirement throws the store's own error (`StoreError` for SQLite,
/// `PostgresError` for PostgreSQL) when the database fails; "not found" is nil, never an
/// error, so that a list of another user and a list that does not exist look the same.
public protocol ListStore {
    /// Every list, in the user's order (`position`, then name).
    /// - Complexity: O(lists).
    func lists() throws -> [ReminderList]

    /// The list with `id`, or nil (also for another user's list).
    func list(id: ReminderList.ID) throws -> ReminderList?

    /// The list named `name`, or nil. Names match when they are the same text up to case
    /// and Unicode normalization, after trimming.
    /// - Complexity: O(lists).
    func list(named name: String) throws -> ReminderList?

    /// The first list in the user's order: where reminders go when no list is named.
    /// - Throws: the store's error of kind "not found" when there is no list at all.
    func defaultList() throws -> ReminderList

    /// Adds `list` after every other list (or at `list.position` when `keepingPosition`)
    /// and returns it as stored.
    /// - Throws: the store's constraint error when a list with that name or identifier exists.
    @discardableResult
    func insert(_ list: ReminderList, keepingPosition: Bool) throws -> ReminderList

    /// Saves the name, color, modification time and extras of `list` (found by its id).
    /// - Throws: the store's constraint error when another list has the new name.
    func update(_ list: ReminderList) throws

    /// Moves list `id` to `index` (0-based) in the user's order, clamped to the valid range;
    /// nothing for a list that is not there.
    /// - Complexity: O(lists).
    func moveList(_ id: ReminderList.ID, to index: Int) throws

    /// Deletes list `id` and every reminder in it (with their completed occurrences).
    func deleteList(_ id: ReminderList.ID) throws

    /// The number of open reminders in list `id` (0 for a list that is not there).
    func openCount(inList id: ReminderList.ID) throws -> Int

    /// The number of reminders, open and completed, in list `id` (0 for a list that is not there).
    func reminderCount(inList id: ReminderList.ID) throws -> Int
}
