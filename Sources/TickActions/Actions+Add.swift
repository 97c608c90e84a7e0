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
                                url: try Actions.link(request.url), createdAt: context.now)
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
        // Apple's sort order when its creation time would not sort it after the reminder
        // before it (added in the same second, or after one moved to a later value).
        try placeSortOrder(of: &added, modifiedAt: nil, in: db)
        return ReminderChangeResult(reminder: added, list: list, notes: notes)
    }

    /// A link as stored: trimmed, and nil when blank.
    static func link(_ text: String?) throws(ModelError) -> String? {
        try Names.link(text)
    }
}
