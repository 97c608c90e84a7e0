import TickModel
import TickTerminal

extension FrameBuilder {
    /// The sidebar and the table side by side, or the focused one alone when narrow.
    func browseRows(_ state: AppState, layout: Layout) -> [[Span]] {
        let height = layout.contentHeight
        if !layout.isSplit {
            return state.focus == .sidebar ? sidebarRows(state, width: layout.size.width, height: height)
                                           : tableRows(state, width: layout.size.width, height: height)
        }
        let sidebar = sidebarRows(state, width: layout.sidebarWidth, height: height)
        let table = tableRows(state, width: layout.tableWidth, height: height)
        return (0..<height).map { row in
            sidebar[row] + [Span("│", width: 1, style: SpanStyle(role: .dim))] + table[row]
        }
    }

    // MARK: - Sidebar

    private enum SidebarLine {
        case item(SidebarItem)
        case heading(String)
    }

    func sidebarRows(_ state: AppState, width: Int, height: Int) -> [[Span]] {
        var lines: [SidebarLine] = Scope.sidebarSmartLists.map { .item(.smart($0)) }
        lines.append(.heading("My Lists"))
        lines += state.lists.map { .item(.list($0.id)) }
        let selectedLine = lines.firstIndex { if case .item(let item) = $0 { return item == state.sidebarItem }; return false } ?? 0
        let top = max(0, min(selectedLine - height + 1, lines.count - height))
        let isFocused = state.focus == .sidebar && state.mode == .browse
        let highlightsSelection: Bool = {
            if case .search = state.scope { return false }
            return true
        }()
        return (0..<height).map { row in
            var builder = RowBuilder(width: width)
            let index = top + row
            guard lines.indices.contains(index) else { return builder.finish() }
            switch lines[index] {
            case .heading(let text):
                builder.add(" " + text, style: SpanStyle(role: .dim))
                return builder.finish()
            case .item(let item):
                let isSelected = item == state.sidebarItem && highlightsSelection
                let selected = isSelected && isFocused
                // A space before the count: a cut name ends in `…`, not in the count (found by a tester).
                let count = " \(state.counts[item]) "
                let countWidth = TerminalText.width(of: count)
                builder.add(isSelected ? "›" : " ", cells: 1, style: SpanStyle(role: .heading, isSelected: selected))
                switch item {
                case .smart(let smart):
                    builder.add(smart.title, cells: max(0, width - 1 - countWidth),
                                style: SpanStyle(role: isSelected ? .heading : .plain, isSelected: selected))
                case .list(let id):
                    let list = state.list(id)
                    builder.add("● ", cells: 2, style: SpanStyle(role: list.map { .listColor($0.color) } ?? .plain, isSelected: selected))
                    builder.add(TerminalText.sanitized(list?.name ?? ""), cells: max(0, width - 3 - countWidth),
                                style: SpanStyle(role: isSelected ? .heading : .plain, isSelected: selected))
                }
                builder.add(count, cells: countWidth, style: SpanStyle(role: .dim, isSelected: selected), alignment: .right)
                return builder.finish(SpanStyle(isSelected: selected))
            }
        }
    }

    // MARK: - Table

    func tableRows(_ state: AppState, width: Int, height: Int) -> [[Span]] {
        let table = state.table
        let visible = Array(table.rows.dropFirst(table.top).prefix(height))
        guard !visible.isEmpty else {
            var rows = [RowBuilder.blank(width)]
            var builder = RowBuilder(width: width)
            builder.add("  " + (table.isLoaded ? emptyText(state) : "Loading…"), style: SpanStyle(role: .dim))
            rows[0] = builder.finish()
            return rows + Array(repeating: RowBuilder.blank(width), count: max(0, height - 1))
        }
        let now = state.dateContext.now
        let zone = state.dateContext.timeZone
        let repeats = visible.map { $0.repeatLabel(in: zone) ?? "" }
        let showsList = state.scope.showsListOfEachRow
        let flagWidth = visible.contains(where: \.isFlagged) ? 2 : 0
        // marker, checkbox, gap, [dot], title, flag, gap, due, gap, repeat, margin
        let fixed = 1 + 3 + 1 + (showsList ? 2 : 0) + flagWidth + 1
        // Title, due date and repeat share what is left by the rules of `tick list`.
        let columns = TextTable(columns: [.reminderTitle(lineWidth: width), .reminderDue, .reminderRepeat], gap: 1)
        let tagTexts = visible.map(FrameBuilder.tagsText)
        // Due cells carry their shorter forms (`1/5/24` for `Jan 5, 2024 9:30 AM`), which a
        // narrow window shows rather than cutting a date.
        var cells = TextTable.Cells(reservingCapacity: visible.count * 3)
        for (offset, reminder) in visible.enumerated() {
            cells.append(FrameBuilder.priorityMarks(reminder.priority) + " " + reminder.title + tagTexts[offset])
            if let due = reminder.due {
                cells.append(TextTable.Cells.Prepared(dueText(due), shorter: shorterDueTexts(due)))
            } else {
                cells.appendEmpty()
            }
            cells.append(repeats[offset])
        }
        let (widths, levels) = columns.layout(cells, totalWidth: max(0, width - fixed))
        let dueWidth = widths[1], repeatWidth = widths[2]
        let dues = visible.indices.map { cells.text(ofCell: $0 * 3 + 1, level: levels[1]) }
        let titleWidth = max(0, width - fixed - (dueWidth > 0 ? dueWidth + 1 : 0) - (repeatWidth > 0 ? repeatWidth + 1 : 0))
        let isFocused = state.focus == .table && state.mode == .browse || isSearchPrompt(state)
        var rows: [[Span]] = []
        for (offset, reminder) in visible.enumerated() {
            let isSelected = table.top + offset == table.selected
            let selected = isSelected && isFocused
            let done = reminder.isCompleted
            let place = table.place(ofRow: table.top + offset)
            var builder = RowBuilder(width: width)
            builder.add(isSelected ? "›" : " ", cells: 1, style: SpanStyle(role: .heading, isSelected: selected))
            // A subtask's checkbox is indented under its parent's, as in Apple Reminders;
            // deep ones stop at a quarter of the title's room.
            let indent = min(place.depth * FrameBuilder.indentPerLevel, max(0, titleWidth / 4))
            if indent > 0 { builder.add("", cells: indent, style: SpanStyle(isSelected: selected)) }
            builder.add(done ? "[x]" : "[ ]", cells: 3,
                        style: SpanStyle(role: done ? .dim : .plain, isSelected: selected,
                                         isFocused: selected && table.column == .checkbox))
            builder.add(" ", cells: 1, style: SpanStyle(isSelected: selected))
            if showsList {
                let color = state.list(reminder.listID)?.color
                builder.add("● ", cells: 2, style: SpanStyle(role: color.map { .listColor($0) } ?? .dim, isSelected: selected))
            }
            let marks = FrameBuilder.priorityMarks(reminder.priority)
            let titleStyle = SpanStyle(role: done ? .dim : .plain, isSelected: selected,
                                       isFocused: selected && table.column == .title)
            var titleBuilder = RowBuilder(width: titleWidth - indent)
            if place.subtaskCount > 0 {
                let mark = state.collapsed.isCollapsed(reminder.uid) ? FrameBuilder.collapsedMark : FrameBuilder.openMark
                titleBuilder.add(mark + " ", style: SpanStyle(role: .heading, isSelected: selected))
            }
            if !marks.isEmpty { titleBuilder.add(marks + " ", style: SpanStyle(role: .flag, isSelected: selected)) }
            let title = TerminalText.sanitized(reminder.title)
            let titleCells = TerminalText.width(of: title)
            let parentHint = table.parentTitles[reminder.number]
            // A parent's count of subtasks stays in sight: the title is cut before it.
            let count = place.subtaskCount > 0 ? " \(place.subtaskCount)" : ""
            let countCells = TerminalText.width(of: count)
            if !count.isEmpty, titleCells + countCells > titleBuilder.remaining {
                titleBuilder.add(title, cells: titleBuilder.remaining - countCells, style: titleStyle)
                titleBuilder.add(count, style: SpanStyle(role: .dim, isSelected: selected))
            } else if !count.isEmpty {
                titleBuilder.add(title, cells: titleCells, style: titleStyle)
                titleBuilder.add(count, style: SpanStyle(role: .dim, isSelected: selected))
                titleBuilder.add(tagTexts[offset], cells: titleBuilder.remaining, style: SpanStyle(role: .dim, isSelected: selected))
            } else if (tagTexts[offset].isEmpty && parentHint == nil) || titleCells >= titleBuilder.remaining {
                titleBuilder.add(title, cells: titleBuilder.remaining, style: titleStyle)
            } else {
                // The tags (then the parent's hint) after the title, dimmed, cut first when the row is narrow.
                titleBuilder.add(title, cells: titleCells, style: titleStyle)
                titleBuilder.add(tagTexts[offset], style: SpanStyle(role: .dim, isSelected: selected))
            }
            if let parent = parentHint, titleBuilder.remaining > 4 {
                // Flat rows: a faint hint of the parent, where the row has room for it.
                titleBuilder.add(" ↳ " + TerminalText.sanitized(parent), cells: titleBuilder.remaining,
                                 style: SpanStyle(role: .dim, isSelected: selected))
            }
            for span in titleBuilder.finish(titleStyle) { builder.add(span.text, cells: span.width, style: span.style) }
            if flagWidth > 0 {
                builder.add(reminder.isFlagged ? " ⚑" : "", cells: flagWidth, style: SpanStyle(role: .flag, isSelected: selected))
            }
            if dueWidth > 0 {
                builder.add(" ", cells: 1, style: SpanStyle(isSelected: selected))
                let overdue = reminder.isOverdue(at: now, in: zone)
                builder.add(dues[offset], cells: dueWidth,
                            style: SpanStyle(role: overdue ? .overdue : (done ? .dim : .plain), isSelected: selected))
            }
            if repeatWidth > 0 {
                builder.add(" ", cells: 1, style: SpanStyle(isSelected: selected))
                // Too narrow for the rule in words: the marker alone, as `tick list` does.
                let shown = TextTable.Column.reminderRepeat.fitted(repeats[offset], width: TerminalText.width(of: repeats[offset]),
                                                                   toWidth: repeatWidth).text
                builder.add(shown, cells: repeatWidth, style: SpanStyle(role: .dim, isSelected: selected))
            }
            rows.append(builder.finish(SpanStyle(isSelected: selected)))
        }
        return rows + Array(repeating: RowBuilder.blank(width), count: max(0, height - rows.count))
    }

    /// The cells a subtask is indented by, per level.
    static let indentPerLevel = 2
    /// The mark before an open parent's title.
    static let openMark = "▾"
    /// The mark before a collapsed parent's title.
    static let collapsedMark = "▸"

    private func isSearchPrompt(_ state: AppState) -> Bool {
        if case .search = state.mode { return state.focus == .table }
        return false
    }

    /// The tags shown after a title, as `tick list` shows them (` #garden #"garden work"`);
    /// empty for none.
    static func tagsText(_ reminder: Reminder) -> String {
        reminder.tags.isEmpty ? "" : " " + TerminalText.sanitized(TagNames.shownList(reminder.tags))
    }

    /// `!!!`, `!!`, `!` for high, medium and low priority, as the command line shows them.
    static func priorityMarks(_ priority: Priority) -> String {
        switch priority.level {
        case .high: return "!!!"
        case .medium: return "!!"
        case .low: return "!"
        case .none: return ""
        }
    }

    private func emptyText(_ state: AppState) -> String {
        switch state.scope {
        case .smart(.today), .smart(.overdue): return "Nothing due today. a adds a reminder."
        case .smart(.scheduled): return "Nothing scheduled."
        case .smart(.flagged): return "Nothing flagged."
        case .smart(.completed): return "Nothing completed yet."
        case .smart(.all): return "No open reminders. a adds one."
        case .list: return "No reminders. Press a to add one."
        case .search: return "Nothing found. Esc goes back."
        }
    }
}
