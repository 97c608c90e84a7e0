import Foundation
import TickInterchange
import TickModel
import TickStore

/// Editing any field of a reminder: `tick edit` and the terminal UI's detail view and
/// quick keys (flag, due).
extension Actions {
    /// Changes the fields `edit` names, on the reminder as stored now (fields it does not
    /// name are left as they are, whoever changed them last).
    ///
    /// - A new list puts the reminder at its end and takes along its subtasks (at any
    ///   depth) that are in its old list, as Apple Reminders does.
    /// - A new parent must not be the reminder itself or one of its subtasks.
    /// - A subtask lives in its parent's list: a new list for a subtask must be its
    ///   parent's (else `.subtaskOutsideParentList`), and a new parent in another list
    ///   takes the reminder and its subtasks to that list (note `.movedToParentList`).
    /// - Dates bring their alarms and repeat rule
    ///   (``changeDates(of:due:start:schedule:context:)``).
    /// - A new priority drops the todo.txt letter `D`…`Z` kept from an import
    ///   (`TodoTxtImport.forgettingPriorityLetter(in:)`), so an export writes its own.
    /// - Returns: the reminder as stored, its list, and notes.
    /// - Throws: `ActionError.reminderNotFound`, `.listNotFound`, `.listGone`,
    ///   `.parentCycle`, `.subtaskOutsideParentList`, or a date rule's refusal; `ModelError.blankName`; `StoreError`.
    ///   Nothing is changed then.
    /// - Complexity: O(log n), plus one query per subtask moved along.
    public func edit(_ number: Reminder.Number, _ edit: ReminderEdit) throws -> ReminderChangeResult {
        try store.write { db in try Actions.edit(number, edit, context: context, in: db) }
    }

    /// Makes the same `edit` to each of `numbers` (a number given twice counts once), in
    /// one transaction: all of them change, or — when any is refused — none does
    /// (`tick edit 1 2 3 --flag`).
    /// - Returns: each reminder's result, in the order given.
    /// - Throws: as ``edit(_:_:)``, for the first reminder refused.
    public func edit(_ numbers: [Reminder.Number], _ edit: ReminderEdit) throws -> [ReminderChangeResult] {
        try store.write { db in
            var seen = Set<Reminder.Number>()
            return try numbers.filter { seen.insert($0).inserted }.map { number in
                try Actions.edit(number, edit, context: context, in: db)
            }
        }
    }

    /// ``edit(_:_:)`` inside the caller's write transaction `db`.
    public static func edit(_ number: Reminder.Number, _ edit: ReminderEdit, context: ActionContext,
                            in db: some StoreTransaction) throws -> ReminderChangeResult {
        let original = try db.existingReminder(number)
        var reminder = original
        if let title = edit.title { reminder.title = try Names.validated(title, as: .reminderTitle) }
        reminder.notes = edit.notes.applied(to: reminder.notes) ?? ""
        var notes = try setDates(of: &reminder, due: edit.due, start: edit.start,
                                 stopsRepeating: edit.schedule.recurrence == .clear)
        if let priority = edit.priority, priority != reminder.priority {
            reminder.priority = priority
            // A priority chosen here replaces the letter a todo.txt line gave.
            reminder.iCalendarExtras = TodoTxtImport.forgettingPriorityLetter(in: reminder.iCalendarExtras)
        }
        if let isFlagged = edit.isFlagged { reminder.isFlagged = isFlagged }
        reminder.tags = edit.tags.applied(to: reminder.tags)
        if edit.url != .keep { reminder.url = try link(edit.url.newValue) }
        var newParent: Reminder?
        switch edit.parent {
        case .keep: break
        case .clear: reminder.parentUID = nil
        case .set(let number):
            let parent = try db.existingReminder(number)
            try checkNoCycle(child: reminder, parent: parent, in: db)
            reminder.parentUID = parent.uid
            newParent = parent
        }
        var list = try Actions.existingList(.id(reminder.listID), in: db)
        // A subtask lives in its parent's list: a list named for it must be the parent's,
        // and a new parent in another list takes it (and its subtasks) there. A kept link to
        // a reminder of another list (an import's, a CalDAV client's) makes no subtask, and
        // does not hold the reminder back (a tester: it could be moved nowhere).
        let parent = try newParent ?? reminder.parentUID.flatMap { try db.reminder(uid: $0) }.flatMap {
            $0.listID == original.listID ? $0 : nil
        }
        var target: ReminderList?
        if let reference = edit.list {
            let named = try Actions.existingList(reference, in: db)
            if let parent, parent.listID != named.id {
                let parentList = try Actions.existingList(.id(parent.listID), in: db)
                throw ActionError.subtaskOutsideParentList(parent: parent.number, parentListName: parentList.name)
            }
            target = named
        } else if let newParent, newParent.listID != reminder.listID {
            let parentList = try Actions.existingList(.id(newParent.listID), in: db)
            notes.append(.movedToParentList(listName: parentList.name))
            target = parentList
        }
        if let target {
            if target.id != reminder.listID {
                let moved = try moveSubtasks(of: reminder, to: target.id, context: context, in: db)
                if moved > 0 { notes.append(.subtasksMoved(count: moved, listName: target.name)) }
            }
            reminder.listID = target.id
            list = target
        }
        notes += try applySchedule(edit.schedule, to: &reminder, datesChanged: edit.due.newValue != nil || edit.start.newValue != nil,
                                   previousDue: original.due, context: context)
        // An edit that changes nothing (`PATCH {}`, a title set to itself) writes nothing: no
        // new modification time, which would win a later merge it has no part in, and no
        // change for undo to take back.
        guard reminder != original else { return ReminderChangeResult(reminder: original, list: list, notes: notes) }
        reminder.markRevised(at: context.now)
        try db.update(reminder)
        if let former = original.parentUID, reminder.parentUID != former {
            try forgetChild(original.uid, namedBy: former, inList: original.listID, at: context.now, in: db)
        }
        if reminder.listID != original.listID {
            // At the end of its new list: a sort order kept from the old one could put it
            // anywhere there for CalDAV clients (a tester: first for them, last in Tick).
            var stored = try db.existingReminder(number)
            try placeSortOrder(of: &stored, modifiedAt: nil, in: db)
        }
        return ReminderChangeResult(reminder: try db.existingReminder(number), list: list, notes: notes)
    }

    /// Takes `child` out of the `RELATED-TO;RELTYPE=CHILD` lines its former parent keeps
    /// (jtx Board and some other clients name subtasks on the parent), so that the parent's
    /// next import, CalDAV PUT or sync does not give the child back the parent it was taken
    /// from, and other clients stop showing it there; the parent is then changed at `now`
    /// (sent to CalDAV clients and servers like any change). Nothing when it names none, or
    /// when it is in another list than `listID` (such a line makes no subtask: see
    /// `BatchImporter.Adoption`; the list may be another user's, shared read-only).
    static func forgetChild(_ child: ReminderUID, namedBy parentUID: ReminderUID, inList listID: ReminderList.ID,
                            at now: Date, in db: some StoreTransaction) throws {
        guard var parent = try db.reminder(uid: parentUID), parent.listID == listID,
              let extras = ICalendarRelations.forgetting(child: child, in: parent.iCalendarExtras) else { return }
        parent.iCalendarExtras = extras
        parent.markRevised(at: now)
        try db.update(parent)
    }

    /// Moves every subtask of `parent` (and theirs, at any depth) to list `id`, at its end in
    /// their present order. A subtask is in its parent's list (`subtasks(of:)`); a reminder
    /// of another list naming it stays where it is.
    /// - Returns: how many were moved.
    /// - Complexity: one query per reminder in the subtree.
    private static func moveSubtasks(of parent: Reminder, to id: ReminderList.ID, context: ActionContext,
                                     in db: some StoreTransaction) throws -> Int {
        var moved = 0
        var pending = [parent]
        var seen: Set<ReminderUID> = [parent.uid]
        while let node = pending.popLast() {
            for var child in try db.subtasks(of: node) where seen.insert(child.uid).inserted {
                pending.append(child)
                child.listID = id
                child.modifiedAt = context.now
                try db.update(child)
                var stored = try db.existingReminder(child.number)
                try placeSortOrder(of: &stored, modifiedAt: nil, in: db)
                moved += 1
            }
        }
        return moved
    }

    /// Refuses a parent that is the reminder itself or one of its descendants.
    /// - Throws: `ActionError.parentCycle`.
    static func checkNoCycle(child: Reminder, parent: Reminder, in db: some StoreTransaction) throws {
        var current: Reminder? = parent
        var seen = Set<ReminderUID>()
        while let node = current, seen.insert(node.uid).inserted {
            if node.uid == child.uid { throw ActionError.parentCycle(child: child.number, parent: parent.number) }
            current = try node.parentUID.flatMap { try db.reminder(uid: $0) }
        }
    }
}

extension Reminder {
    /// Makes this a revision Tick makes at `date`: modified then, and the `SEQUENCE` and
    /// `DTSTAMP` kept from another program moved on (`ICalendarStamps.revised`), as every
    /// edit, completion, reopening, change of parent and undo of a reminder does.
    /// - Parameter floor: the kept lines of the copy stored now, when this puts back an
    ///   earlier copy (an undo): the sequence goes on from the higher of the two.
    mutating func markRevised(at date: Date, above floor: String? = nil) {
        modifiedAt = date
        if let revised = ICalendarStamps.revised(iCalendarExtras, at: date, above: floor) { iCalendarExtras = revised }
    }
}
