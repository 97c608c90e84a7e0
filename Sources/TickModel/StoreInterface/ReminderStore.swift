/// What the actions ask of a store about reminders, inside one of its transactions (see
/// ``ListStore`` for what a conforming value is and how it fails).
///
/// Reminders are found by their number (`#12`, unique in the store: per database for
/// SQLite, per user for PostgreSQL) or by their iCalendar UID; a reminder the store's
/// user cannot see is nil, exactly like one that does not exist.
public protocol ReminderStore: ListStore {
    /// The reminder numbered `number`, or nil.
    func reminder(number: Reminder.Number) throws -> Reminder?

    /// The reminder with iCalendar UID `uid`, or nil.
    func reminder(uid: ReminderUID) throws -> Reminder?

    /// The direct subtasks of `parent`, open and completed, in manual order: the reminders
    /// of its list that name its UID as their parent. A parent link holds within one list
    /// (a subtask lives in its parent's list, as in Apple Reminders): a reminder of another
    /// list naming it (an import's, or a CalDAV client's) is no subtask of it.
    /// - Complexity: O(subtasks).
    func subtasks(of parent: Reminder) throws -> [Reminder]

    /// The numbers of the direct subtasks of `parent` (of its list, as `subtasks(of:)`), in
    /// number order.
    /// - Complexity: O(subtasks).
    func subtaskNumbers(of parent: Reminder) throws -> [Reminder.Number]

    /// Saves a new reminder and returns it as stored: with a new number (never one used
    /// before, even by a deleted reminder) unless `keepingNumber` and its number is set and
    /// free; at the end of its list unless `keepingPosition`.
    /// - Throws: the store's constraint error when the UID exists or the list does not.
    @discardableResult
    func insert(_ reminder: Reminder, keepingNumber: Bool, keepingPosition: Bool) throws -> Reminder

    /// Saves every field of `reminder` (found by its number); when its list changed, it goes
    /// to the end of the new list.
    /// - Throws: the store's constraint error for a list that does not exist.
    func update(_ reminder: Reminder) throws

    /// Deletes the reminder numbered `number`; its subtasks become top-level reminders.
    /// - Returns: whether a reminder was deleted.
    @discardableResult
    func deleteReminder(_ number: Reminder.Number) throws -> Bool

    /// Moves a reminder inside its list's manual order and returns its new position.
    /// - Throws: the store's "not found" error when the reminder or the anchor is not
    ///   there; its constraint error when the anchor is in another list.
    /// - Complexity: O(1) rows written in general, O(list) when positions are respaced.
    @discardableResult
    func move(_ number: Reminder.Number, to placement: ReminderPlacement) throws -> Int64

    /// The reminders just before and just after `number` in its list's manual order
    /// (completed ones included); nil at either end.
    /// - Throws: the store's "not found" error when there is no such reminder.
    func neighbours(of number: Reminder.Number) throws -> (before: Reminder?, after: Reminder?)

    /// The 1-based place of an open reminder among its list's open reminders; nil when it
    /// is completed or not there.
    /// - Complexity: O(position).
    func openIndex(of number: Reminder.Number) throws -> Int?

    /// Whether an open reminder of list `id` is a subtask of another open reminder of the
    /// same list: one a listing shows under its parent, so that places counted among siblings
    /// differ from places counted in the list's order (`Actions.move`).
    /// - Complexity: O(subtasks) through the index of parents, not O(list).
    func hasOpenSubtasksUnderParents(inList id: ReminderList.ID) throws -> Bool

    /// Up to `limit` reminders of `scope` next to `anchor`, in display order (keyset
    /// paging: only the anchor's sort key is read, so a deleted reminder still marks its
    /// place; nil starts at the first row forward or the last row backward). 0 or less gives none.
    /// - Complexity: O(limit + lists) rows read through indexes.
    func reminders(in scope: PageScope, from anchor: Reminder?, includingAnchor: Bool,
                   direction: PageDirection, limit: Int) throws -> [Reminder]

    /// Whether list `id` is paired with a CalDAV collection by `tick sync` (a manual move
    /// then writes Apple's sort order into the reminder, so that it reaches the server).
    func isSyncedWithCalDAV(list id: ReminderList.ID) throws -> Bool
}

extension ReminderStore {
    /// True, for a store without a cheaper way: moves then count places among siblings by
    /// reading the list.
    public func hasOpenSubtasksUnderParents(inList id: ReminderList.ID) throws -> Bool { true }
}
