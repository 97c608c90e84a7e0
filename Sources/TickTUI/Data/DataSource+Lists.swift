import Foundation
import TickActions
import TickModel
import TickStore

extension DataSource {
    /// Applies a change the sidebar asks of a list (rename, recolor, move, delete, and
    /// their undo) inside the write transaction `db`, through the same actions as
    /// `tick lists`.
    /// - Throws: `TUIError` when the list is gone or cannot be put back, `ActionError`
    ///   when an action refuses (a taken name, the last list), `StoreError` from SQLite.
    func applyListChange(_ change: Change, to outcome: inout ChangeOutcome, context: ActionContext, _ db: Database) throws {
        switch change {
        case .editList(let id, let fields, let expected):
            let old = try existingList(id, db)
            var written = fields
            if let expected {
                // Undo: a field changed elsewhere since is kept.
                if expected.name != nil, expected.name != old.name {
                    written.name = nil
                    outcome.keptListFields.append("name")
                }
                if expected.color != nil, expected.color != old.color {
                    written.color = nil
                    outcome.keptListFields.append("color")
                }
            }
            if written.name == old.name { written.name = nil }
            if written.color == old.color { written.color = nil }
            outcome.changedList = old
            guard !written.isEmpty else {
                outcome.isNoChange = true
                break
            }
            if let name = written.name { _ = try Actions.renameList(.id(id), to: name, in: db, context: context) }
            if let color = written.color { _ = try Actions.recolorList(.id(id), to: color, in: db, context: context) }
            let new = try existingList(id, db)
            let now = written.values(in: new)
            outcome.inverse = .editList(id, written.values(in: old), expecting: now)
            outcome.lists = try db.lists()

        case .moveList(let id, let position):
            let old = try existingList(id, db)
            let oldIndex = (try db.lists().firstIndex { $0.id == id } ?? 0) + 1
            let moved = try Actions.moveList(.id(id), to: position, in: db)
            outcome.changedList = old
            if moved.index != oldIndex { outcome.inverse = .moveList(id, to: oldIndex) }
            outcome.lists = try db.lists()

        case .removeList(let id):
            let removed = try contents(ofList: id, db)
            let deleted: DeletedList
            do {
                deleted = try Actions.deleteList(.id(id), force: true, in: db)
            } catch ActionError.listGone {
                throw TUIError("that list no longer exists; another tick may have deleted it", isLasting: true)
            }
            outcome.changedList = deleted.list
            outcome.listReminderCount = deleted.reminderCount
            outcome.inverse = .restoreList(removed)
            outcome.lists = try db.lists()

        case .restoreList(let removed):
            // Put back elsewhere since (`tick undo` in a shell): said so, not "that name is
            // another list's" (a tester).
            if let back = try db.list(id: removed.list.id) {
                throw TUIError("the list “\(back.name)” is back already: it was put back elsewhere")
            }
            try restore(removed, db)
            outcome.changedList = removed.list
            outcome.listReminderCount = removed.reminders.count
            outcome.inverse = .removeList(removed.list.id)
            outcome.lists = try db.lists()

        default:
            preconditionFailure("not a list change: \(change)")
        }
    }

    /// Everything `removeList` takes away with list `id`, read before it is deleted.
    private func contents(ofList id: ReminderList.ID, _ db: Database) throws -> RemovedList {
        let lists = try db.lists()
        guard let index = lists.firstIndex(where: { $0.id == id }) else {
            throw TUIError("that list no longer exists; another tick may have deleted it", isLasting: true)
        }
        let reminders = try db.allReminders(inList: id)
        var occurrences: [Reminder.Number: [CompletedOccurrence]] = [:]
        var revisions: [Reminder.Number: Int64] = [:]
        for reminder in reminders {
            if reminder.recurrence != nil {
                let completed = try db.completedOccurrences(reminder: reminder.number)
                if !completed.isEmpty { occurrences[reminder.number] = completed }
            }
            revisions[reminder.number] = try db.revision(uid: reminder.uid)
        }
        let collections = try db.syncedCollections().filter { $0.listID == id }
        var items: [SyncedItem] = []
        for collection in collections {
            items += try db.syncedItems(account: collection.account, collectionURL: collection.url)
        }
        return RemovedList(list: lists[index], index: index + 1, reminders: reminders, occurrences: occurrences,
                           revisions: revisions, collections: collections, items: items)
    }

    /// Puts `removed` back: the list at its place, then its reminders with their numbers
    /// and places, their occurrences and revisions, and its calendar pairings.
    private func restore(_ removed: RemovedList, _ db: Database) throws {
        if let taken = try db.list(named: removed.list.name) {
            throw TUIError("cannot bring back the list “\(removed.list.name)”: “\(taken.name)” has that name now; rename it first")
        }
        guard try db.list(id: removed.list.id) == nil else {
            throw TUIError("the list “\(removed.list.name)” is back already")
        }
        try db.insert(removed.list)
        try db.moveList(removed.list.id, to: removed.index - 1)
        for reminder in removed.reminders {
            let stored: Reminder
            do {
                stored = try db.insert(reminder, keepingNumber: true, keepingPosition: true)
            } catch let error as StoreError where error.kind == .constraint {
                throw TUIError("cannot bring back “\(removed.list.name)”: one of its reminders was stored again since (an import)")
            }
            for occurrence in removed.occurrences[reminder.number] ?? [] {
                try db.recordCompletedOccurrence(reminder: stored.number, due: occurrence.due, completedAt: occurrence.completedAt)
            }
            if let revision = removed.revisions[reminder.number] { try db.setRevision(ofReminder: stored.number, to: revision) }
        }
        for collection in removed.collections { try db.saveSyncedCollection(collection) }
        for item in removed.items { try db.saveSyncedItem(item) }
    }

    private func existingList(_ id: ReminderList.ID, _ db: Database) throws -> ReminderList {
        guard let list = try db.list(id: id) else {
            throw TUIError("that list no longer exists; another tick may have deleted it", isLasting: true)
        }
        return list
    }
}
