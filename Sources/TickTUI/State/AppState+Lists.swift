import TickModel

extension AppState {
    // MARK: - The sidebar's list keys

    /// Keys that change the list selected in the sidebar: `e` or `r` its name and color,
    /// `J`/`K` (Shift-↓/↑) its place, `d` or Delete deletes it (after asking, naming how
    /// many reminders go with it). On a smart list they say that it cannot be changed.
    mutating func handleSidebarListKey(_ key: Key) -> [Effect] {
        let verb: String
        switch key {
        case .character("e"), .character("r"): verb = "renamed or recolored"
        case .shiftUp, .character("K"), .shiftDown, .character("J"): verb = "moved"
        case .character("d"), .delete: verb = "deleted"
        default: return []
        }
        guard case .list(let id) = sidebarItem, let list = list(id) else {
            if case .smart(let smart) = sidebarItem {
                message = StatusMessage(text: "\(smart.title) is a smart list, made from your lists; it cannot be \(verb).")
            }
            return []
        }
        switch key {
        case .character("e"), .character("r"):
            mode = .listDialog(ListDialog(editing: list))
            return []
        case .character("d"), .delete:
            guard lists.count > 1 else {
                message = StatusMessage(text: "\(AppState.quoted(list.name)) is the only list; make another (n) before deleting it.",
                                        isError: true)
                return []
            }
            return [.countReminders(inList: id)]
        default:
            let up = key == .shiftUp || key == .character("K")
            let index = lists.firstIndex { $0.id == id } ?? 0
            let target = index + (up ? -1 : 1)
            guard lists.indices.contains(target) else {
                message = StatusMessage(text: up ? "Already the first list." : "Already the last list.")
                return []
            }
            return [.apply(.moveList(id, to: target + 1), isUndo: false)]
        }
    }

    /// Asks whether to delete list `id` with its `reminderCount` reminders, when it is
    /// still the one selected and nothing else was opened meanwhile.
    mutating func confirmRemoval(of id: ReminderList.ID, reminderCount: Int) -> [Effect] {
        guard case .browse = mode, sidebarItem == .list(id), let list = list(id) else { return [] }
        mode = .confirmRemoveList(list, reminderCount: reminderCount)
        return []
    }

    /// Keys of the question before deleting a list: `y` deletes, any other key keeps it.
    mutating func handleConfirmRemoveKey(_ key: Key, list: ReminderList) -> [Effect] {
        mode = .browse
        guard key == .character("y") || key == .character("Y") else {
            message = StatusMessage(text: "Kept the list \(AppState.quoted(list.name)).")
            return []
        }
        return [.apply(.removeList(list.id), isUndo: false)]
    }

    /// The question asked before deleting `list` with its `count` reminders.
    static func removalQuestion(_ list: ReminderList, reminderCount count: Int) -> String {
        let what = count == 0 ? "the empty list \(quoted(list.name))"
            : "the list \(quoted(list.name)) and its \(count) reminder\(count == 1 ? "" : "s")"
        return "Delete \(what)? y deletes (u brings it back); any other key keeps it."
    }

    // MARK: - After a list change

    /// After a list was deleted or brought back: select the list that took its place (or
    /// the one back), and read everything again, since the counts of many reminders
    /// changed at once. Nil for other changes.
    mutating func showAfterListRemoval(_ outcome: ChangeOutcome, previousLists: [ReminderList]) -> [Effect]? {
        let item: SidebarItem
        switch outcome.change {
        case .removeList(let id):
            guard sidebarItem == .list(id) || scope == .list(id) else { return [.reloadAll(reloadRequest())] }
            let index = previousLists.firstIndex { $0.id == id } ?? 0
            guard !lists.isEmpty else { return [.reloadAll(reloadRequest())] }
            item = .list(lists[min(index, lists.count - 1)].id)
        case .restoreList(let removed):
            item = .list(removed.list.id)
        default:
            return nil
        }
        return show(item, rereadingAll: true)
    }

    // MARK: - Snooze

    /// `z` snoozes the selected reminder's alarm ten minutes, `Z` asks until when.
    mutating func snoozeSelected(asking: Bool) -> [Effect] {
        guard let reminder = table.selectedReminder else {
            message = StatusMessage(text: "Nothing to snooze here. Press a to add a reminder.")
            return []
        }
        guard !reminder.isCompleted else {
            message = StatusMessage(text: "\(AppState.quoted(reminder.title)) is completed; reopen it to snooze it.")
            return []
        }
        if asking {
            mode = .snooze(SnoozePrompt(reminder: reminder))
            return []
        }
        return [.apply(.snooze(reminder.number, .standard), isUndo: false)]
    }

    /// Keys of the snooze prompt: Enter snoozes until the time typed (blank: ten
    /// minutes); an unreadable time is refused and the prompt stays open; Esc leaves.
    mutating func handleSnoozeKey(_ key: Key, prompt: inout SnoozePrompt) -> [Effect] {
        switch key {
        case .escape:
            mode = .browse
            return []
        case .enter:
            let text = prompt.field.text
            let time: SnoozeTime
            do {
                time = text.isBlank ? .standard : try SnoozeTime.parse(text, context: dateContext)
            } catch {
                prompt.error = error.description
                return []
            }
            prompt.error = nil
            return [.apply(.snooze(prompt.reminder.number, time), isUndo: false)]
        default:
            if prompt.field.handle(key) { prompt.error = nil }
            return []
        }
    }
}
