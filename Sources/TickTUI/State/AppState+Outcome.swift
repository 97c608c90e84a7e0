import TickModel

extension AppState {
    /// Takes in an applied change: the undo step, the counts, the dialog, the message,
    /// and a fresh window around the reminder that changed.
    mutating func receive(_ outcome: ChangeOutcome) -> [Effect] {
        let previousLists = lists
        let label = AppState.label(for: outcome)
        if outcome.isUndo {
            let entry = undoInFlight
            undoInFlight = nil
            message = StatusMessage(text: AppState.undoReport(for: outcome, label: entry?.label ?? label))
        } else if let inverse = outcome.inverse {
            undoStack.append(UndoEntry(change: inverse, label: label, journalChange: outcome.journalChange))
            if undoStack.count > AppState.undoLimit { undoStack.removeFirst(undoStack.count - AppState.undoLimit) }
            message = StatusMessage(text: AppState.report(for: outcome, listName: outcome.after.flatMap { list($0.listID)?.name }))
            if case .snooze = outcome.change, case .absolute(let until)? = outcome.after?.alarms.last(where: \.isSnooze)?.trigger {
                message = StatusMessage(text: "Snoozed \(AppState.quoted(outcome.after?.title ?? "")) until "
                                        + DueFormatter(context: dateContext).string(for: until) + ". u undoes.")
            }
        }
        counts.apply(replacing: outcome.before, with: outcome.after, today: dateContext.today, zone: dateContext.timeZone)
        if let newLists = outcome.lists {
            lists = newLists
            for list in newLists where counts.lists[list.id] == nil { counts.lists[list.id] = 0 }
        }
        if case .reparent = outcome.change, !outcome.isUndo, let parent = outcome.after?.parentUID {
            // Opened to show the reminder just put under it.
            collapsed.set(parent, collapsed: false)
        }
        switch mode {
        case .add, .detail, .listDialog, .snooze, .confirmRemoveList: mode = .browse
        case .browse, .search, .help: break
        }
        if let effects = showAfterListRemoval(outcome, previousLists: previousLists) { return effects }
        if let added = outcome.addedList, !outcome.isUndo {
            focus = .table
            return show(.list(added.id))
        }
        if case .list(let id) = scope, list(id) == nil, let first = lists.first {
            // The list shown was removed (undo of its creation).
            return show(.list(first.id))
        }
        if case .list(let id) = sidebarItem, list(id) == nil, let first = lists.first {
            sidebarItem = .list(first.id)
        }
        // The reminder as it is now, then as it was: a reminder that left the listing
        // (completed while completed ones are hidden) is found by its old place, so the
        // row that took it is selected: the next one, not the one above.
        let anchors = [outcome.after, outcome.before].compactMap { $0 }
        return [.loadWindow(reloadRequest(anchors: anchors))]
    }

    /// What was done, for undo messages: `delete of “Buy milk”`.
    static func label(for outcome: ChangeOutcome) -> String {
        let title = quoted(outcome.after?.title ?? outcome.before?.title ?? outcome.addedList?.name ?? "")
        let list = quoted(outcome.changedList?.name ?? "")
        switch outcome.change {
        case .add: return "add of \(title)"
        case .toggle:
            return outcome.before?.isCompleted == false ? "completing \(title)" : "reopening \(title)"
        case .edit: return "edit of \(title)"
        case .delete: return "delete of \(title)"
        case .move: return "move of \(title)"
        case .addList(let name, _): return "new list \(quoted(name))"
        case .restore: return "restore of \(title)"
        case .revert: return "edit of \(title)"
        case .setCompleted(_, let completes): return completes ? "reopening \(title)" : "completing \(title)"
        case .deleteList: return "list removal"
        case .stepBack: return "completing \(title)"
        case .editList: return "change of the list \(list)"
        case .moveList: return "move of the list \(list)"
        case .removeList: return "delete of the list \(list)"
        case .restoreList: return "restore of the list \(list)"
        case .snooze: return "snooze of \(title)"
        case .reparent(_, let parent): return parent == .parentsParent ? "outdent of \(title)" : "indent of \(title)"
        }
    }

    /// The message after a change: `Deleted “Buy milk”. Press u to undo.` An add names the
    /// list it went to (`listName`), as `tick add` does: from a smart list or another list's
    /// view it goes to a list not on the screen (found by a tester).
    static func report(for outcome: ChangeOutcome, listName: String? = nil) -> String {
        let title = quoted(outcome.after?.title ?? outcome.before?.title ?? "")
        switch outcome.change {
        case .add: return "Added \(title)" + (listName.map { " to \(quoted($0))" } ?? "") + "."
        case .toggle:
            if outcome.before?.isCompleted == false, outcome.after?.isCompleted == false {
                return "Completed this occurrence of \(title); it moved to the next. u undoes."
            }
            return (outcome.after?.isCompleted == true ? "Completed \(title)." : "Reopened \(title).") + " u undoes."
        case .stepBack: return "Back to the last completed occurrence of \(title)."
        case .edit, .revert: return "Saved \(title)."
        case .setCompleted(_, let completes): return (completes ? "Completed \(title)." : "Reopened \(title).") + " u undoes."
        case .delete, .deleteList: return "Deleted \(title). Press u to undo."
        case .move: return "Moved \(title)."
        case .addList(let name, _): return "Made the list \(quoted(name))."
        case .restore: return "Restored \(title)."
        case .snooze: return "Snoozed \(title). u undoes."
        case .reparent:
            guard outcome.after?.parentUID != nil else { return "Made \(title) top-level. u undoes." }
            return "Made \(title) a subtask. u undoes."
        case .editList(let id, _, _):
            let name = outcome.lists?.first { $0.id == id }?.name ?? outcome.changedList?.name ?? ""
            return outcome.isNoChange ? "Nothing changed." : "Saved the list \(quoted(name)). u undoes."
        case .moveList: return "Moved the list \(quoted(outcome.changedList?.name ?? "")). u undoes."
        case .removeList, .restoreList:
            let name = quoted(outcome.changedList?.name ?? "")
            let count = outcome.listReminderCount
            let reminders = count == 0 ? "" : " and its \(count) reminder\(count == 1 ? "" : "s")"
            if case .restoreList = outcome.change { return "Restored the list \(name)\(reminders)." }
            return "Deleted the list \(name)\(reminders). Press u to undo."
        }
    }

    /// The message after an undo: `Undid edit of “Buy milk”.`, saying which fields were
    /// left alone because someone else changed them since the change being undone:
    /// `Undid edit of “Buy milk”, but kept its notes: they were changed elsewhere since.`
    static func undoReport(for outcome: ChangeOutcome, label: String) -> String {
        let kept = outcome.keptFields.filter { $0 != .alarms }.map(\.rawValue) + outcome.keptListFields
        guard !kept.isEmpty else {
            return outcome.isNoChange ? "Nothing to undo: \(label) was already undone elsewhere." : "Undid \(label)."
        }
        let names = kept.count == 1 ? kept[0] : kept.dropLast().joined(separator: ", ") + " and " + (kept.last ?? "")
        let verb = kept.count == 1 && !names.hasSuffix("s") ? "it was" : "they were"
        if outcome.isNoChange {
            return "Did not undo \(label): its \(names) changed elsewhere since; kept as it is now."
        }
        return "Undid \(label), but kept its \(names): \(verb) changed elsewhere since."
    }

    /// `“text”`, cut to a readable length.
    static func quoted(_ text: String) -> String {
        let short = text.count > 40 ? String(text.prefix(39)) + "…" : text
        return "“" + short + "”"
    }
}
