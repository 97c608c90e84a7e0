import Foundation
import TickModel
import TickInterchange
import TickStore

/// Adding a reminder: `tick add` and the terminal UI's add dialog.
extension Actions {
    /// Adds a reminder at the end of its list, with a new number.
    ///
    /// A subtask goes to its parent's list (as in Apple Reminders); a list named for it
    /// must be that list. A due or start date brings its alarms and repeat rule
    /// (``changeDates(of:due:start:schedule:context:)``).
    /// - Returns: the reminder as stored, its list, and notes (an alarm in the past, a
    ///   date moved onto the rule, UNTIL changed).
    /// - Throws: `ModelError.blankName` for a blank title; `ActionError` when a date rule
    ///   refuses, for a parent or list that does not exist, or `.subtaskOutsideParentList`
    ///   for a list that is not the parent's; `StoreError` from SQLite.
    ///   Nothing is stored then.
    public func add(_ request: NewReminder) throws -> ReminderChangeResult {
        try store.write { db in try Actions.add(request, context: context, in: db) }
    }

    /// ``add(_:)`` inside the caller's write transaction `db`.
    public static func add(_ request: NewReminder, context: ActionContext, in db: some StoreTransaction) throws -> ReminderChangeResult {
        let title = try Names.validated(request.title, as: .reminderTitle)
        var reminder = Reminder(listID: ReminderList.ID(rawValue: ""), title: title, notes: request.notes,
                                priority: request.priority, isFlagged: request.isFlagged, tags: request.tags,
                                url: Actions.link(request.url), createdAt: context.now)
        let notes = try changeDates(of: &reminder, due: request.due.map { .set($0) } ?? .keep,
                                    start: request.start.map { .set($0) } ?? .keep,
                                    schedule: request.schedule, context: context)
        let parent = try request.parent.map { try db.existingReminder($0) }
        let list: ReminderList
        if let reference = request.list {
            list = try Actions.existingList(reference, in: db)
            if let parent, parent.listID != list.id {
                let parentList = try Actions.existingList(.id(parent.listID), in: db)
                throw ActionError.subtaskOutsideParentList(parent: parent.number, parentListName: parentList.name)
            }
        } else if let parent {
            list = try Actions.existingList(.id(parent.listID), in: db)
        } else {
            list = try db.defaultList()
        }
        reminder.listID = list.id
        reminder.parentUID = parent?.uid
        var added = try db.insert(reminder, keepingNumber: false, keepingPosition: false)
        if let value = try sortOrderAfterNeighbours(of: added, in: db) {
            added.iCalendarExtras = ICalendarSortOrder.settingValue(value, in: added.iCalendarExtras)
            try db.update(added)
        }
        return ReminderChangeResult(reminder: added, list: list, notes: notes)
    }

    /// Apple's sort order for `reminder`, just added, when the order CalDAV clients (of
    /// `tick sync`'s servers or of `tick serve`) read without one (`ICalendarSortOrder.key(of:)`: its creation
    /// time, whole seconds) would not put it after the reminder before it: several added
    /// in one second, or after one moved to a later value. Nil when the creation time
    /// already sorts it right (most adds: the line is then not written).
    static func sortOrderAfterNeighbours(of reminder: Reminder, in db: some StoreTransaction) throws -> Int64? {
        let (before, after) = try db.neighbours(of: reminder.number)
        let key = ICalendarSortOrder.key(of: reminder)
        let lower = before.map(ICalendarSortOrder.key(of:))
        let upper = after.map(ICalendarSortOrder.key(of:))
        if (lower.map { $0 < key } ?? true) && (upper.map { key < $0 } ?? true) { return nil }
        return ICalendarSortOrder.between(lower, upper)
    }

    /// A link as stored: trimmed, and nil when blank.
    static func link(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingWhiteSpace(), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
