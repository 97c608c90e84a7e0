import Foundation
import TickActions
import TickModel
import TickStore

extension DataSource {
    /// `apply(_:isUndo:_:)` as one change of the change journal, described as `tick ui: `
    /// and what was done (`tick ui: delete of “Buy milk”`), so that `tick undo` takes back
    /// what the UI did after it quit, as it does a command's change. An undo of the UI (`u`)
    /// is no change of the journal (as `tick undo` is none): it marks the change it takes
    /// back (`undoing`) undone, so that `tick undo` goes on to the one before, unless it
    /// undid nothing because every field it would put back was changed elsewhere since (a
    /// tester: the change was then marked undone, and `tick undo` could no longer take it back).
    func applyJournaled(_ change: Change, isUndo: Bool, undoing: Int64?, _ db: Database) throws -> ChangeOutcome {
        if isUndo {
            let outcome = try apply(change, isUndo: true, db)
            let undidNothing = outcome.isNoChange && !(outcome.keptFields.isEmpty && outcome.keptListFields.isEmpty)
            if let undoing, !undidNothing { try db.markUndone(undoing, at: clock()) }
            return outcome
        }
        let recorded = try db.recordingChange(at: clock(), describedBy: { "tick ui: " + AppState.label(for: $0) }) {
            try apply(change, isUndo: false, db)
        }
        var outcome = recorded.value
        outcome.journalChange = recorded.change
        return outcome
    }

    /// Applies `change` inside the write transaction `db` and returns what it did, with
    /// the change that reverses it (read in the same transaction, so it reverses exactly
    /// what was written even when another process changed things since the screen was drawn).
    /// - Throws: `TUIError` when the reminder or list is gone, `StoreError` from SQLite.
    func apply(_ change: Change, isUndo: Bool, _ db: Database) throws -> ChangeOutcome {
        let now = clock()
        let context = actionContext(at: now)
        var outcome = ChangeOutcome(change: change, isUndo: isUndo)
        switch change {
        case .add(let draft):
            let request = NewReminder(title: draft.title, list: .id(draft.listID), notes: draft.notes, due: draft.due,
                                      priority: draft.priority, isFlagged: draft.isFlagged)
            let stored = try Actions.add(request, context: context, in: db).reminder
            outcome.after = stored
            outcome.inverse = .delete(stored.number)

        case .toggle(let number):
            // The same rules as `tick done` / `tick undone`: a repeating reminder completes
            // one occurrence and moves on; its history is recorded in the store.
            let old = try existing(number, db)
            let result = try Actions.setCompletion(number, .toggle, context: context, in: db)
            outcome.before = old
            outcome.after = result.reminder
            if case .advanced = result.outcome, !old.isCompleted {
                outcome.inverse = .stepBack(number)
            } else {
                outcome.inverse = .setCompleted(number, old.isCompleted)
            }

        case .setCompleted(let number, let completes):
            let old = try existing(number, db)
            outcome.before = old
            outcome.after = old
            guard old.isCompleted != completes else {
                // Someone else already completed or reopened it.
                outcome.isNoChange = true
                outcome.keptFields = [.completion]
                break
            }
            outcome.after = try Actions.setCompletion(number, completes ? .complete : .reopen, context: context, in: db).reminder
            outcome.inverse = .setCompleted(number, !completes)

        case .stepBack(let number):
            let old = try existing(number, db)
            outcome.before = old
            outcome.after = try Actions.setCompletion(number, .reopen, context: context, in: db).reminder
            outcome.inverse = .toggle(number)

        case .edit(let number, let fields):
            let old = try existing(number, db)
            let stored = try Actions.edit(number, fields.edit, context: context, in: db).reminder
            outcome.before = old
            outcome.after = stored
            outcome.inverse = DataSource.revert(number, from: old, to: stored)

        case .delete(let number):
            guard let deleted = try Actions.delete([number], in: db).first else { break }
            outcome.before = deleted.reminder
            outcome.inverse = .restore(deleted.reminder, children: deleted.subtasks)

        case .move(let number, let target):
            let old = try existing(number, db)
            var target = target
            if case .pastNeighbour(let up, let includesCompleted) = target {
                guard let other = try db.outlineNeighbour(of: old, includesCompleted: includesCompleted,
                                                          direction: up ? .backward : .forward) else {
                    throw TUIError(up ? "“\(old.title)” is already at the top of its level" : "“\(old.title)” is already at the bottom of its level")
                }
                target = up ? .before(other.number) : .after(other.number)
            }
            let scope = PageScope.list(old.listID, includesCompleted: true)
            // The way back: after the reminder that preceded it, or before the one that followed.
            if let previous = try Actions.page(scope, from: old, direction: .backward, limit: 1, in: db).first {
                outcome.inverse = .move(number, .after(previous.number))
            } else if let next = try Actions.page(scope, from: old, direction: .forward, limit: 1, in: db).first {
                outcome.inverse = .move(number, .before(next.number))
            }
            switch target {
            case .before(let other): _ = try Actions.move(number, to: .before(other), reportsOpenIndex: false, modifiedAt: context.now, in: db)
            case .after(let other): _ = try Actions.move(number, to: .after(other), reportsOpenIndex: false, modifiedAt: context.now, in: db)
            case .pastNeighbour: break
            }
            outcome.before = old
            outcome.after = try existing(number, db)

        case .reparent(let number, let newParent):
            let old = try existing(number, db)
            let (parent, placement) = try DataSource.place(of: old, under: newParent, db)
            _ = try Actions.edit(number, ReminderEdit(parent: parent.map { .set($0.number) } ?? .clear), context: context, in: db)
            if let placement { _ = try Actions.move(number, to: placement, reportsOpenIndex: false, modifiedAt: context.now, in: db) }
            let stored = try existing(number, db)
            outcome.before = old
            outcome.after = stored
            // The way back puts back the parent and the place (the list field holds it).
            let fields = Array(Set(ReminderFields.differences(from: old, to: stored) + [.parent, .list]))
            outcome.inverse = .revert(number, written: ReminderFields(stored, fields: fields),
                                      previous: ReminderFields(old, fields: fields))

        case .addList(let name, let color):
            let list = try Actions.addList(named: name, color: color, in: db, context: actionContext(at: now))
            outcome.addedList = list
            outcome.lists = try db.lists()
            outcome.inverse = .deleteList(list.id)

        case .restore(let old, let children):
            // Its own number and its exact place come back; one put back elsewhere since (a
            // `tick undo` in a shell) is already there (a tester: the status line showed
            // SQLite's "UNIQUE constraint failed: reminder.uid").
            if let back = try db.reminder(uid: old.uid) {
                throw TUIError("“\(back.title)” is back already (#\(back.number.rawValue)): it was put back elsewhere", isLasting: true)
            }
            let restored: Reminder
            do {
                restored = try Actions.restore(DeletedReminder(reminder: old, subtasks: children), in: db)
            } catch ActionError.listGone {
                throw TUIError("the list of “\(old.title)” no longer exists, so it cannot be put back", isLasting: true)
            }
            outcome.after = restored
            outcome.inverse = .delete(restored.number)

        case .revert(let number, let written, let previous):
            let current = try existing(number, db)
            var new = current
            var reverted: [ReminderFields.Field] = []
            for field in previous.fields where field != .alarms {
                if written.isHeld(field, by: current) {
                    previous.write(field, to: &new)
                    reverted.append(field)
                } else {
                    outcome.keptFields.append(field)
                }
            }
            if previous.alarms != nil {
                if written.isHeld(.alarms, by: current) {
                    previous.write(.alarms, to: &new)
                    // Alarms alone (undo of a snooze) are a change to put back too.
                    reverted.append(.alarms)
                } else if reverted.contains(.due) {
                    // The alarms changed since (one rang, or another tick set them): keep
                    // them, under the rules for the due date put back.
                    // A date the rules refuse (a repeating reminder's date cleared) fails the undo.
                    let due = new.due
                    new.due = current.due
                    _ = try Actions.changeDates(of: &new, due: due.map { .set($0) } ?? .clear, context: context)
                }
            }
            outcome.before = current
            outcome.after = current
            guard !reverted.isEmpty else {
                outcome.isNoChange = true
                break
            }
            let stored: Reminder
            do {
                stored = try Actions.revert(number, to: new, context: context, in: db)
            } catch ActionError.listGone {
                throw TUIError("the list of “\(current.title)” no longer exists, so it cannot be moved back", isLasting: true)
            }
            outcome.after = stored
            outcome.inverse = DataSource.revert(number, from: current, to: stored)

        case .deleteList(let id):
            do {
                _ = try Actions.deleteList(.id(id), force: false, in: db)
            } catch ActionError.listNotEmpty(let name, _) {
                throw TUIError("the list “\(name)” has reminders now; delete it with 'tick lists delete' if you mean to")
            }
            outcome.lists = try db.lists()

        case .editList, .moveList, .removeList, .restoreList:
            try applyListChange(change, to: &outcome, context: context, db)

        case .snooze(let number, let time):
            let old = try existing(number, db)
            let until: Date
            switch time {
            case .after(let seconds): until = now.addingTimeInterval(TimeInterval(seconds))
            case .at(let due): until = alarmDefaults.ringInstant(for: due, in: timeZone)
            }
            let stored = try Actions.snooze(number, until: until, context: context, in: db).reminder
            outcome.before = old
            outcome.after = stored
            outcome.inverse = DataSource.revert(number, from: old, to: stored)
        }
        return outcome
    }

    /// The undo step of a change that turned `old` into `new`: the fields that differ,
    /// with the values written and the values before; nil when nothing differs.
    static func revert(_ number: Reminder.Number, from old: Reminder, to new: Reminder) -> Change? {
        let changed = ReminderFields.differences(from: old, to: new)
        guard !changed.isEmpty else { return nil }
        return .revert(number, written: ReminderFields(new, fields: changed), previous: ReminderFields(old, fields: changed))
    }

    /// The new parent of `reminder` (nil: top-level) and its place next to its new siblings.
    /// - Throws: `TUIError` when there is no reminder above at its level, or it is top-level already.
    private static func place(of reminder: Reminder, under newParent: NewParent,
                              _ db: Database) throws -> (parent: Reminder?, placement: ReminderPlacement?) {
        let title = "“\(reminder.title)”"
        switch newParent {
        case .neighbourAbove(let includesCompleted):
            guard let above = try db.outlineNeighbour(of: reminder, includesCompleted: includesCompleted, direction: .backward) else {
                throw TUIError("nothing above \(title) at its level to make it a subtask of")
            }
            let last = try db.lastOutlineSubtask(of: above, includesCompleted: includesCompleted)
            return (above, last.map { .after($0.number) })
        case .parentsParent:
            guard let parent = try reminder.parentUID.flatMap({ try db.reminder(uid: $0) }),
                  parent.listID == reminder.listID else {
                throw TUIError("\(title) is already top-level")
            }
            // A grandparent in another list (brought by an import) is no parent here: top-level.
            let grandparent = try parent.parentUID.flatMap { try db.reminder(uid: $0) }.flatMap { $0.listID == reminder.listID ? $0 : nil }
            return (grandparent, .after(parent.number))
        }
    }

    /// What the actions read besides the database, at `now`.
    func actionContext(at now: Date) -> ActionContext {
        ActionContext(dateContext: DateContext(now: now, timeZone: timeZone, locale: locale, weekStart: weekStart),
                      alarmDefaults: alarmDefaults)
    }

    private func existing(_ number: Reminder.Number, _ db: Database) throws -> Reminder {
        guard let reminder = try db.reminder(number: number) else {
            throw TUIError("reminder \(number) no longer exists; another tick may have deleted it", isLasting: true)
        }
        return reminder
    }
}
