import TickActions
import TickModel

extension AppState {
    /// Keys of the sidebar and the table.
    mutating func handleBrowseKey(_ key: Key) -> [Effect] {
        message = nil
        switch key {
        case .character("q"):
            isQuitting = true
            return [.quit]
        case .character("?"):
            mode = .help(scroll: 0)
            return []
        case .tab, .backTab:
            focus = focus == .sidebar ? .table : .sidebar
            return []
        case .character("a"):
            return openAddDialog()
        case .character("n"):
            mode = .listDialog(ListDialog())
            return []
        case .character("/"):
            if case .search(let query) = scope { mode = .search(TextField(query.description)) } else { mode = .search(TextField()) }
            return []
        case .character("u"):
            return undo()
        case .character("c"):
            guard scope.takesShowCompleted else {
                switch scope {
                case .search: message = StatusMessage(text: "A search shows completed reminders already.")
                case .smart(.completed): message = StatusMessage(text: "Completed shows only completed reminders.")
                default: message = StatusMessage(text: "Overdue has no completed reminders.")
                }
                return []
            }
            showsCompleted.toggle()
            message = StatusMessage(text: showsCompleted ? "Showing completed reminders." : "Hiding completed reminders.")
            return [.loadWindow(reloadRequest())]
        case .escape:
            if case .search = scope, let previous = scopeBeforeSearch {
                scope = previous
                scopeBeforeSearch = nil
                table = TableState()
                preferredLine = 0
                return [.loadWindow(request(.start))]
            }
            return []
        default:
            return focus == .sidebar ? handleSidebarKey(key) : handleTableKey(key)
        }
    }

    // MARK: - Sidebar

    private mutating func handleSidebarKey(_ key: Key) -> [Effect] {
        let items = sidebarItems
        let current = items.firstIndex(of: sidebarItem) ?? 0
        var target = current
        switch key {
        case .up, .character("k"): target = current - 1
        case .down, .character("j"): target = current + 1
        case .home, .character("g"): target = 0
        case .end, .character("G"): target = items.count - 1
        case .pageUp: target = current - visibleRows
        case .pageDown: target = current + visibleRows
        case .enter, .right, .character("l"), .character(" "):
            focus = .table
            return []
        default:
            return handleSidebarListKey(key)
        }
        target = min(max(target, 0), items.count - 1)
        guard items.indices.contains(target), target != current || scopeIsSearch else { return [] }
        return show(items[target])
    }

    private var scopeIsSearch: Bool {
        if case .search = scope { return true }
        return false
    }

    // MARK: - Table

    private mutating func handleTableKey(_ key: Key) -> [Effect] {
        switch key {
        case .up, .character("k"):
            table.moveSelection(by: -1, visibleRows: visibleRows)
            return extendIfNeeded()
        case .down, .character("j"):
            table.moveSelection(by: 1, visibleRows: visibleRows)
            return extendIfNeeded()
        case .pageUp:
            table.top = max(0, table.top - visibleRows)
            table.moveSelection(by: -visibleRows, visibleRows: visibleRows)
            return extendIfNeeded()
        case .pageDown:
            table.top = min(max(0, table.rows.count - visibleRows), table.top + visibleRows)
            table.moveSelection(by: visibleRows, visibleRows: visibleRows)
            return extendIfNeeded()
        case .home, .character("g"):
            guard table.hasMoreBefore else {
                table.moveSelection(by: -table.selected, visibleRows: visibleRows)
                return extendIfNeeded()
            }
            preferredLine = 0
            return [.loadWindow(request(.start))]
        case .end, .character("G"):
            if table.isCapped, let count = table.matchCount {
                message = StatusMessage(text: "The first \(count) matches are shown; more match: add words to narrow the search.")
            }
            guard table.hasMoreAfter else {
                table.moveSelection(by: table.rows.count, visibleRows: visibleRows)
                return extendIfNeeded()
            }
            preferredLine = visibleRows - 1
            return [.loadWindow(request(.end))]
        case .left, .character("h"):
            if table.column == .checkbox { focus = .sidebar } else { table.column = .checkbox }
            return []
        case .right, .character("l"):
            table.column = .title
            return []
        case .enter:
            return table.column == .checkbox ? toggleSelected() : openDetail()
        case .character(" "), .character("x"):
            return toggleSelected()
        case .character("e"):
            return openDetail()
        case .character("d"), .delete:
            guard let reminder = table.selectedReminder else { return nothingSelected("delete") }
            return [.apply(.delete(reminder.number), isUndo: false)]
        case .character("f"):
            guard let reminder = table.selectedReminder else { return nothingSelected("flag") }
            return [.apply(.edit(reminder.number, ReminderFields(isFlagged: !reminder.isFlagged)), isUndo: false)]
        case .character("z"), .character("Z"):
            return snoozeSelected(asking: key == .character("Z"))
        case .character("o"):
            return toggleCollapsedSelected()
        case .character("O"):
            return toggleCollapsedAll()
        case .character(">"):
            return indentSelected()
        case .character("<"):
            return outdentSelected()
        case .shiftUp, .character("K"):
            return moveSelected(up: true)
        case .shiftDown, .character("J"):
            return moveSelected(up: false)
        default:
            return []
        }
    }

    mutating func nothingSelected(_ verb: String) -> [Effect] {
        message = StatusMessage(text: "Nothing to \(verb) here. Press a to add a reminder.")
        return []
    }

    private mutating func toggleSelected() -> [Effect] {
        guard let reminder = table.selectedReminder else { return nothingSelected("complete") }
        return [.apply(.toggle(reminder.number), isUndo: false)]
    }

    private mutating func undo() -> [Effect] {
        guard let entry = undoStack.popLast() else {
            message = StatusMessage(text: "Nothing to undo.")
            return []
        }
        undoInFlight = entry
        return [.apply(entry.change, isUndo: true, undoing: entry.journalChange)]
    }

    // MARK: - Opening dialogs

    private mutating func openAddDialog() -> [Effect] {
        guard let listID = targetListID else {
            message = StatusMessage(text: "Make a list first: press n.", isError: true)
            return []
        }
        var dialog = AddDialog(listID: listID)
        // Added from a smart list, a reminder belongs in it, as in Apple Reminders.
        if case .smart(.today) = scope { dialog.due = TextField("today") }
        if case .smart(.flagged) = scope { dialog.isFlagged = true }
        mode = .add(dialog)
        return []
    }

    private mutating func openDetail() -> [Effect] {
        guard let reminder = table.selectedReminder else { return nothingSelected("edit") }
        mode = .detail(DetailEditor(reminder, context: dateContext))
        return []
    }
}
