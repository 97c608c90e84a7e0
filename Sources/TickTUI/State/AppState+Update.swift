import Foundation
import TickModel

extension AppState {
    /// The state machine: the state after `event`, and the effects to perform.
    ///
    /// Pure: it reads nothing but its arguments, writes nothing, and never touches the
    /// terminal or the store. Store reads and writes come back as events
    /// (`loaded`, `loadedWindow`, `applied`, `failed`), so every path is testable with
    /// plain values.
    static func update(_ state: AppState, _ event: AppEvent) -> (AppState, [Effect]) {
        var next = state
        let effects = next.handle(event)
        return (next, effects)
    }

    /// The effects that start the UI: read the lists, the counts and the first window.
    mutating func start() -> [Effect] {
        [.reloadAll(request(.start))]
    }

    /// Applies `event` in place and returns the effects to perform.
    mutating func handle(_ event: AppEvent) -> [Effect] {
        switch event {
        case .key(let key):
            return handleKey(key)
        case .resize(let newSize):
            size = ScreenSize(width: max(newSize.width, 1), height: max(newSize.height, 1))
            table.scrollToSelection(visibleRows: visibleRows)
            if case .help(let scroll) = mode { mode = .help(scroll: min(scroll, HelpText.maximumScroll(forRows: visibleRows, width: size.width))) }
            return extendIfNeeded()
        case .tick(let now):
            let day = dateContext.today
            dateContext.now = now
            if dateContext.today != day { return [.reloadAll(reloadRequest())] }
            return [.checkForChanges]
        case .loaded(let snapshot):
            return receive(snapshot)
        case .loadedWindow(let page):
            return receive(page)
        case .applied(let outcome):
            return receive(outcome)
        case .listSize(let id, let count):
            return confirmRemoval(of: id, reminderCount: count)
        case .changedElsewhere:
            return [.reloadAll(reloadRequest())]
        case .failed(var text, let isLasting):
            table.isExtending = false
            if let entry = undoInFlight {
                undoInFlight = nil
                if isLasting {
                    // What it would take back is gone for good: dropped, so that u goes on to the
                    // change before it (a tester: every u failed on it again, for good).
                    text += "; that undo is dropped" + (undoStack.isEmpty ? "" : ", u now undoes the change before it")
                } else {
                    undoStack.append(entry)
                }
            }
            setDialogError(text)
            return []
        }
    }

    // MARK: - Keys

    private mutating func handleKey(_ key: Key) -> [Effect] {
        // Ctrl-J (line feed) starts a line in the notes; everywhere else it is Enter, as
        // terminals that send it for Return expect.
        if key == .control("j"), !isEditingNotes { return handleKey(.enter) }
        if case .paste(_, let isCut) = key {
            switch mode {
            case .browse, .help, .confirmRemoveList:
                // None of it is a key here (before bracketed paste, a pasted line's letters were
                // commands: a "d" deleted, a Space completed).
                message = StatusMessage(text: "Pasted text goes into a field: a adds a reminder, e edits the selected one.")
                return []
            default:
                if isCut {
                    message = StatusMessage(text: "The pasted text was cut after its first \(CursesTerminal.pasteLimit.formatted()) characters.",
                                            isError: true)
                }
            }
        }
        switch mode {
        case .browse: return handleBrowseKey(key)
        case .add(var dialog):
            let effects = handleAddKey(key, dialog: &dialog)
            if case .add = mode { mode = .add(dialog) }
            return effects
        case .detail(var editor):
            let effects = handleDetailKey(key, editor: &editor)
            if case .detail = mode { mode = .detail(editor) }
            return effects
        case .listDialog(var dialog):
            let effects = handleListDialogKey(key, dialog: &dialog)
            if case .listDialog = mode { mode = .listDialog(dialog) }
            return effects
        case .confirmRemoveList(let list, _):
            return handleConfirmRemoveKey(key, list: list)
        case .snooze(var prompt):
            let effects = handleSnoozeKey(key, prompt: &prompt)
            if case .snooze = mode { mode = .snooze(prompt) }
            return effects
        case .search(var field):
            let effects = handleSearchKey(key, field: &field)
            if case .search = mode { mode = .search(field) }
            return effects
        case .help(let scroll):
            return handleHelpKey(key, scroll: scroll)
        }
    }

    /// Whether the detail view's notes field has the keyboard.
    private var isEditingNotes: Bool {
        if case .detail(let editor) = mode { return editor.field == .notes }
        return false
    }

    /// Shows `text` as the open dialog's error, or as an error message when none is open.
    mutating func setDialogError(_ text: String) {
        switch mode {
        case .add(var dialog):
            dialog.error = text
            mode = .add(dialog)
        case .detail(var editor):
            editor.error = text
            mode = .detail(editor)
        case .listDialog(var dialog):
            dialog.error = text
            mode = .listDialog(dialog)
        case .snooze(var prompt):
            prompt.error = text
            mode = .snooze(prompt)
        case .confirmRemoveList:
            mode = .browse
            message = StatusMessage(text: text, isError: true)
        case .browse, .search, .help:
            message = StatusMessage(text: text, isError: true)
        }
    }

    // MARK: - Windows

    /// A request for the table's scope, counted as the newest.
    mutating func request(_ placement: WindowPlacement, limit: Int? = nil) -> WindowRequest {
        generation += 1
        return WindowRequest(scope: scope, showsCompleted: showsCompleted, collapsed: collapsed, placement: placement,
                             limit: limit ?? windowSize, generation: generation)
    }

    /// A request that reads the window again around the selected row, keeping it on the
    /// same screen line.
    mutating func reloadRequest(anchors: [Reminder] = []) -> WindowRequest {
        var anchors = anchors
        if let selected = table.selectedReminder, !anchors.contains(where: { $0.number == selected.number }) {
            anchors.append(selected)
        }
        if preferredLine == nil { preferredLine = table.selected - table.top }
        guard !anchors.isEmpty else { return request(.start) }
        return request(.around(anchors: anchors))
    }

    /// Asks for more rows when fewer than `margin` are read beyond an edge of the screen.
    mutating func extendIfNeeded() -> [Effect] {
        guard table.isLoaded, !table.isExtending else { return [] }
        let lastVisible = table.top + visibleRows - 1
        if table.hasMoreAfter, let last = table.rows.last, table.rows.count - 1 - lastVisible < margin {
            table.isExtending = true
            return [.loadWindow(WindowRequest(scope: scope, showsCompleted: showsCompleted, collapsed: collapsed, placement: .after(last),
                                              limit: windowSize / 2, generation: generation))]
        }
        if table.hasMoreBefore, let first = table.rows.first, table.top < margin {
            table.isExtending = true
            return [.loadWindow(WindowRequest(scope: scope, showsCompleted: showsCompleted, collapsed: collapsed, placement: .before(first),
                                              limit: windowSize / 2, generation: generation))]
        }
        return []
    }

    /// Shows the scope of a sidebar entry from its first row; `rereadingAll` reads the
    /// lists and counts again too (after a change to many reminders at once).
    mutating func show(_ item: SidebarItem, rereadingAll: Bool = false) -> [Effect] {
        sidebarItem = item
        scope = item.scope
        scopeBeforeSearch = nil
        table = TableState()
        preferredLine = 0
        return rereadingAll ? [.reloadAll(request(.start))] : [.loadWindow(request(.start))]
    }

    private mutating func receive(_ snapshot: Snapshot) -> [Effect] {
        lists = snapshot.lists
        counts = snapshot.counts
        // The list shown may have been deleted by another process; the first time,
        // nothing is shown yet. Either way, open the first list.
        let shownListIsGone: Bool = {
            if case .list(let id) = scope { return list(id) == nil }
            return false
        }()
        if !hasOpenedFirstList || shownListIsGone {
            hasOpenedFirstList = true
            if let first = lists.first { return show(.list(first.id)) }
            return show(.smart(.all))
        }
        return receive(snapshot.page)
    }

    private mutating func receive(_ page: WindowPage) -> [Effect] {
        guard page.request.generation == generation, page.request.scope == scope else { return [] }
        switch page.request.placement {
        case .start, .end, .around:
            let line = preferredLine ?? (table.selected - table.top)
            preferredLine = nil
            let showedStart = table.isLoaded && table.top == 0 && !table.hasMoreBefore
            table.rows = page.rows
            table.outline = page.outline
            table.parentTitles = page.parentTitles
            table.hasMoreBefore = page.hasMoreBefore
            table.hasMoreAfter = page.hasMoreAfter
            table.matchCount = page.matchCount
            table.isCapped = page.isCapped
            table.selected = min(max(page.selectedIndex, 0), max(page.rows.count - 1, 0))
            table.top = table.selected - min(max(line, 0), visibleRows - 1)
            if !table.hasMoreAfter { table.top = min(table.top, max(0, table.rows.count - visibleRows)) }
            table.top = max(0, min(table.top, table.selected))
            // The list's start stays in sight while the selected row fits below it (a tester:
            // after `>` under a parent at the top, the row kept its screen line and the parent
            // was scrolled off, with the whole start of the list fitting on the screen).
            if showedStart, !page.hasMoreBefore, table.selected < visibleRows { table.top = 0 }
            table.isLoaded = true
            table.isExtending = false
            noticeChangesToOpenReminder(in: page.rows)
        case .after(let anchor):
            table.isExtending = false
            guard table.rows.last?.number == anchor.number else { return extendIfNeeded() }
            table.rows += page.rows
            table.outline.merge(page.outline) { _, new in new }
            table.parentTitles.merge(page.parentTitles) { _, new in new }
            table.hasMoreAfter = page.hasMoreAfter
        case .before(let anchor):
            table.isExtending = false
            guard table.rows.first?.number == anchor.number else { return extendIfNeeded() }
            table.rows.insert(contentsOf: page.rows, at: 0)
            table.outline.merge(page.outline) { _, new in new }
            table.parentTitles.merge(page.parentTitles) { _, new in new }
            table.selected += page.rows.count
            table.top += page.rows.count
            table.hasMoreBefore = page.hasMoreBefore
        }
        var addedAtStart = false
        if case .before = page.request.placement { addedAtStart = true }
        table.trim(keeping: windowSize * 2, margin: margin, visibleRows: visibleRows, fromBackFirst: addedAtStart)
        table.scrollToSelection(visibleRows: visibleRows)
        return extendIfNeeded()
    }

    /// Moves the open detail view, if any, onto its reminder as `rows` (freshly read) hold
    /// it, when another process changed it: see ``DetailEditor/rebase(onto:context:)``.
    private mutating func noticeChangesToOpenReminder(in rows: [Reminder]) {
        guard case .detail(var editor) = mode,
              let current = rows.first(where: { $0.number == editor.original.number }),
              current != editor.original else { return }
        editor.rebase(onto: current, context: dateContext)
        mode = .detail(editor)
    }
}
