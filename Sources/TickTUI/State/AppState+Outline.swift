import TickModel
import TickStore

/// A list's outline in the table: subtasks under their parent, collapsing, indenting and
/// moving within a level.
extension AppState {
    /// `o`: collapses or opens the selected parent; on a subtask, collapses its parent (the
    /// selection goes to the parent).
    mutating func toggleCollapsedSelected() -> [Effect] {
        guard let reminder = table.selectedReminder else { return nothingSelected("collapse") }
        guard case .list = scope else { return flatHere() }
        let place = table.place(ofRow: table.selected)
        if place.subtaskCount > 0 {
            let collapses = !collapsed.isCollapsed(reminder.uid)
            collapsed.set(reminder.uid, collapsed: collapses)
            let count = place.subtaskCount == 1 ? "its subtask" : "its \(place.subtaskCount) subtasks"
            message = StatusMessage(text: (collapses ? "Collapsed " : "Opened ") + AppState.quoted(reminder.title)
                                    + (collapses ? ", hiding \(count)." : ", showing \(count)."))
        } else if let parent = place.ancestors.first {
            collapsed.set(parent, collapsed: true)
            // The selected row is hidden now; the window is read around it, which stands
            // for the parent that hides it.
            message = StatusMessage(text: "Collapsed the parent of " + AppState.quoted(reminder.title) + ".")
        } else {
            message = StatusMessage(text: AppState.quoted(reminder.title) + " has no subtasks to collapse.")
            return []
        }
        return [.loadWindow(reloadRequest())]
    }

    /// `O`: collapses every parent, or opens every one when all are collapsed.
    mutating func toggleCollapsedAll() -> [Effect] {
        guard case .list = scope else { return flatHere() }
        let collapses = !(collapsed.collapsesAll && collapsed.exceptions.isEmpty)
        collapsed = CollapsedParents(collapsesAll: collapses)
        message = StatusMessage(text: collapses ? "Collapsed every reminder with subtasks; O opens them all."
                                                : "Opened every reminder with subtasks.")
        return [.loadWindow(reloadRequest())]
    }

    /// `>`: makes the selected reminder a subtask of the one above it at its level, as its
    /// last subtask (the parent is opened to show it). The data layer finds that one in
    /// the list as stored, so it may lie above the rows read.
    mutating func indentSelected() -> [Effect] {
        guard let reminder = table.selectedReminder else { return nothingSelected("indent") }
        guard case .list = scope else { return flatHere() }
        if case .none = table.sibling(ofRow: table.selected, up: true) {
            message = StatusMessage(text: "Nothing above " + AppState.quoted(reminder.title) + " at its level to make it a subtask of.")
            return []
        }
        preferredLine = table.selected - table.top
        return [.apply(.reparent(reminder.number, .neighbourAbove(includesCompleted: showsCompleted)), isUndo: false)]
    }

    /// `<`: makes the selected subtask a subtask of its parent's parent (top-level under a
    /// top-level parent), placed right after its old parent.
    mutating func outdentSelected() -> [Effect] {
        guard let reminder = table.selectedReminder else { return nothingSelected("outdent") }
        guard case .list = scope else { return flatHere() }
        guard table.place(ofRow: table.selected).depth > 0 else {
            message = StatusMessage(text: AppState.quoted(reminder.title) + " is already top-level.")
            return []
        }
        preferredLine = table.selected - table.top
        return [.apply(.reparent(reminder.number, .parentsParent), isUndo: false)]
    }

    /// J/K: moves the selected reminder past its neighbour at its level (a parent with its
    /// subtasks, a subtask among its parent's subtasks). The data layer finds the
    /// neighbour in the list as stored, so it may lie beyond the rows read.
    mutating func moveSelected(up: Bool) -> [Effect] {
        guard let reminder = table.selectedReminder else { return nothingSelected("move") }
        guard scope.isManuallyOrdered else {
            message = StatusMessage(text: "Reorder reminders in their list (Tab, then pick the list).")
            return []
        }
        let line = table.selected - table.top
        switch table.sibling(ofRow: table.selected, up: up) {
        case .none:
            let level = table.place(ofRow: table.selected).depth > 0 ? " of its parent's subtasks" : ""
            message = StatusMessage(text: (up ? "Already at the top" : "Already at the bottom") + level + ".")
            return []
        case .found(let index):
            // The row lands where the neighbour's block began (up), or after it (down).
            preferredLine = up ? index - table.top : line + (table.blockEnd(ofRow: index) - index + 1)
        case .edge:
            preferredLine = line + (up ? -1 : 1)
        }
        return [.apply(.move(reminder.number, .pastNeighbour(up: up, includesCompleted: showsCompleted)), isUndo: false)]
    }

    private mutating func flatHere() -> [Effect] {
        message = StatusMessage(text: "Subtasks are nested in their list; smart lists and search show them flat.")
        return []
    }
}
