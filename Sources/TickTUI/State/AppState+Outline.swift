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
    /// last subtask (the parent is opened to show it).
    mutating func indentSelected() -> [Effect] {
        guard let reminder = table.selectedReminder else { return nothingSelected("indent") }
        guard case .list = scope else { return flatHere() }
        switch table.sibling(ofRow: table.selected, up: true) {
        case .none:
            message = StatusMessage(text: "Nothing above " + AppState.quoted(reminder.title) + " at its level to make it a subtask of.")
            return []
        case .edge:
            message = StatusMessage(text: "Reading the rows above; press > again.")
            return extendIfNeeded()
        case .found(let index):
            let parent = table.rows[index]
            let parentPlace = table.place(ofRow: index)
            // Its place: after the parent's last subtask shown (they are between the two).
            let lastChild = (index + 1..<table.selected).last { table.place(ofRow: $0).depth == parentPlace.depth + 1 }
            collapsed.set(parent.uid, collapsed: false)
            preferredLine = table.selected - table.top
            return [.apply(.reparent(reminder.number, parent: parent.uid,
                                     placement: lastChild.map { .after(table.rows[$0].number) }), isUndo: false)]
        }
    }

    /// `<`: makes the selected subtask a subtask of its parent's parent (top-level under a
    /// top-level parent), placed right after its old parent.
    mutating func outdentSelected() -> [Effect] {
        guard let reminder = table.selectedReminder else { return nothingSelected("outdent") }
        guard case .list = scope else { return flatHere() }
        let place = table.place(ofRow: table.selected)
        guard let parentUID = place.ancestors.first else {
            message = StatusMessage(text: AppState.quoted(reminder.title) + " is already top-level.")
            return []
        }
        let parentRow = table.rows[..<table.selected].lastIndex { $0.uid == parentUID }
        preferredLine = table.selected - table.top
        return [.apply(.reparent(reminder.number, parent: place.ancestors.dropFirst().first,
                                 placement: parentRow.map { .after(table.rows[$0].number) }), isUndo: false)]
    }

    /// J/K: moves the selected reminder past its neighbour at its level (a parent with its
    /// subtasks, a subtask among its parent's subtasks).
    mutating func moveSelected(up: Bool) -> [Effect] {
        guard let reminder = table.selectedReminder else { return nothingSelected("move") }
        guard scope.isManuallyOrdered else {
            message = StatusMessage(text: "Reorder reminders in their list (Tab, then pick the list).")
            return []
        }
        switch table.sibling(ofRow: table.selected, up: up) {
        case .edge:
            return extendIfNeeded()
        case .none:
            let level = table.place(ofRow: table.selected).depth > 0 ? " of its parent's subtasks" : ""
            message = StatusMessage(text: (up ? "Already at the top" : "Already at the bottom") + level + ".")
            return []
        case .found(let index):
            let other = table.rows[index]
            let line = table.selected - table.top
            // The row lands where the neighbour's block began (up), or after it (down).
            preferredLine = up ? index - table.top : line + (table.blockEnd(ofRow: index) - index + 1)
            return [.apply(.move(reminder.number, up ? .before(other.number) : .after(other.number)), isUndo: false)]
        }
    }

    private mutating func flatHere() -> [Effect] {
        message = StatusMessage(text: "Subtasks are nested in their list; smart lists and search show them flat.")
        return []
    }
}
