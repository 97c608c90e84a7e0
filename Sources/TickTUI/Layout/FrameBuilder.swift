import Foundation
import TickModel
import TickTerminal

/// Turns a state into a ``Frame``: which text goes where, in which style, measured in
/// terminal cells with ``TerminalText`` so that Hangul, CJK and emoji never spill past a
/// column. Pure apart from the memo of its ``DueFormatter``; no terminal is touched.
///
/// Not Sendable (the formatter's memo); one per UI.
final class FrameBuilder {
    private var formatter: DueFormatter
    private var formatterDay: CalendarDay
    private var formatterZone: TimeZone

    /// A builder for dates in `context`.
    init(context: DateContext) {
        formatter = DueFormatter(context: context)
        formatterDay = context.today
        formatterZone = context.timeZone
    }

    /// The due date text of the table: `Today`, `Tomorrow 9:00 AM`, `Dec 3, 2026`.
    func dueText(_ due: Due) -> String { formatter.string(for: due) }

    /// Shorter texts of a due date for a narrow table: `1/5/24 9:30 AM`, `1/5/24`
    /// (`DueFormatter.shorterStrings(for:)`).
    func shorterDueTexts(_ due: Due) -> [String] { formatter.shorterStrings(for: due) }

    /// The frame for `state`.
    /// - Complexity: O(visible rows × row width).
    func frame(for state: AppState) -> Frame {
        if state.dateContext.today != formatterDay || state.dateContext.timeZone != formatterZone {
            formatter = DueFormatter(context: state.dateContext)
            formatterDay = state.dateContext.today
            formatterZone = state.dateContext.timeZone
        }
        let layout = state.layout
        let size = state.size
        var frame = Frame(size: size, rows: [], cursor: nil)
        if layout.isTooSmall {
            frame.rows = (0..<max(size.height, 0)).map { row in
                var builder = RowBuilder(width: size.width)
                if row == 0 { builder.add("Enlarge the window", style: SpanStyle(role: .heading)) }
                if row == 1 { builder.add("(q quits)", style: SpanStyle(role: .dim)) }
                return builder.finish()
            }
            return frame
        }
        var content: [[Span]] = []
        var cursor: ScreenPoint?
        let title: [Span]
        let footer: [HelpText.Hint]
        var messageRow: [Span]? = nil
        switch state.mode {
        case .browse, .search, .confirmRemoveList, .snooze:
            title = titleBar(state, layout: layout)
            content = browseRows(state, layout: layout)
            if case .confirmRemoveList(let list, let count) = state.mode {
                var builder = RowBuilder(width: size.width)
                builder.add(" " + TerminalText.sanitized(AppState.removalQuestion(list, reminderCount: count)),
                            cells: size.width, style: SpanStyle(role: .error))
                messageRow = builder.finish()
                footer = HelpText.confirmHints
            } else if case .snooze(let prompt) = state.mode {
                var builder = RowBuilder(width: size.width)
                builder.add(" Snooze until: ", style: SpanStyle(role: .heading))
                let start = builder.width
                let view = FieldView(prompt.field, width: min(24, builder.remaining), placeholder: SnoozePrompt.placeholder)
                view.add(to: &builder)
                if let error = prompt.error {
                    builder.add(" " + TerminalText.sanitized(error), cells: builder.remaining, style: SpanStyle(role: .error))
                }
                messageRow = builder.finish()
                cursor = ScreenPoint(row: layout.messageRow, column: start + view.cursorColumn)
                footer = HelpText.snoozeHints
            } else if case .search(let field) = state.mode {
                var builder = RowBuilder(width: size.width)
                builder.add(" Search: ", style: SpanStyle(role: .heading))
                let start = builder.width
                let view = FieldView(field, width: builder.remaining, placeholder: "words, \"a phrase\", title:, notes:, tag:, OR")
                view.add(to: &builder)
                messageRow = builder.finish()
                cursor = ScreenPoint(row: layout.messageRow, column: start + view.cursorColumn)
                footer = HelpText.searchHints
            } else {
                footer = browseHints(state) + HelpText.alwaysHints
            }
        case .add(let dialog):
            title = heading(" New reminder", width: size.width)
            (content, cursor) = addForm(dialog, state: state, layout: layout)
            footer = HelpText.addHints
            if dialog.error == nil, dialog.field == .due { messageRow = duePreview(dialog.due.text, state: state, width: size.width) }
        case .detail(let editor):
            title = heading(" Reminder \(editor.original.number)", width: size.width)
            (content, cursor) = detailForm(editor, state: state, layout: layout)
            footer = HelpText.detailHints
            if editor.error == nil, editor.field == .due { messageRow = duePreview(editor.due.text, state: state, width: size.width) }
            // The start is read by the same words: shown as it will be saved, as the due date is.
            if editor.error == nil, editor.field == .start {
                messageRow = duePreview(editor.start.text, label: "Start", none: "No start date", state: state, width: size.width)
            }
        case .listDialog(let dialog):
            title = heading(dialog.editedList.map { " List " + TerminalText.sanitized($0.name) } ?? " New list", width: size.width)
            (content, cursor) = listForm(dialog, layout: layout)
            footer = dialog.editedList == nil ? HelpText.newListHints : HelpText.editListHints
        case .help(let scroll):
            title = heading(" Tick — keys", width: size.width)
            content = helpRows(scroll: scroll, layout: layout)
            footer = HelpText.helpHints
        }
        var rows: [[Span]] = [title]
        for index in 0..<layout.contentHeight {
            rows.append(index < content.count ? content[index] : RowBuilder.blank(size.width))
        }
        // A search the prompt could not read says why where the hints were, under the prompt.
        if case .search = state.mode, state.message?.isError == true {
            rows.append(messageRow ?? self.messageRow(state, width: size.width))
            rows.append(self.messageRow(state, width: size.width))
        } else if messageRow == nil, let message = state.message,
                  case let lines = TerminalText.wrapped(TerminalText.sanitized(message.text), toWidth: max(size.width - 1, 1)),
                  lines.count > 1 {
            // A message longer than the screen is wide takes the hints' row too, until the next
            // key: its end is most often the advice (a tester: cut with "…" at 80 columns).
            let style = SpanStyle(role: message.isError ? .error : .plain)
            // Still longer on a narrow screen: its second line ends in "…" (a tester: cut unmarked).
            for line in [lines[0], TerminalText.truncated(lines.dropFirst().joined(separator: " "), toWidth: max(size.width - 1, 1))] {
                var builder = RowBuilder(width: size.width)
                builder.add(" " + line, cells: size.width, style: style)
                rows.append(builder.finish())
            }
        } else {
            rows.append(messageRow ?? self.messageRow(state, width: size.width))
            rows.append(footerRow(footer, width: size.width))
        }
        frame.rows = Array(rows.prefix(size.height))
        if let point = cursor, point.row < size.height, point.column < size.width { frame.cursor = point }
        return frame
    }

    // MARK: - Bars

    private func heading(_ text: String, width: Int) -> [Span] {
        var builder = RowBuilder(width: width)
        builder.add(text, style: SpanStyle(role: .heading))
        return builder.finish()
    }

    private func titleBar(_ state: AppState, layout: Layout) -> [Span] {
        var builder = RowBuilder(width: layout.size.width)
        if layout.isSplit || state.focus == .sidebar {
            builder.add(" Tick", cells: layout.isSplit ? layout.sidebarWidth : layout.size.width, style: SpanStyle(role: .heading))
            if layout.isSplit { builder.add("│", cells: 1, style: SpanStyle(role: .dim)) }
        }
        if layout.isSplit || state.focus == .table {
            builder.add(" ", cells: 1)
            addScopeTitle(state, to: &builder)
        }
        return builder.finish()
    }

    private func addScopeTitle(_ state: AppState, to builder: inout RowBuilder) {
        switch state.scope {
        case .smart(let smart):
            builder.add(smart.title, style: SpanStyle(role: .heading))
            builder.add("  \(state.counts[.smart(smart)])", style: SpanStyle(role: .dim))
            if state.scope.takesShowCompleted {
                builder.add(state.showsCompleted ? "  c hides done" : "  c shows done", style: SpanStyle(role: .dim))
            }
        case .list(let id):
            guard let list = state.list(id) else { return }
            builder.add("● ", style: SpanStyle(role: .listColor(list.color)))
            builder.add(TerminalText.sanitized(list.name), cells: min(TerminalText.width(of: TerminalText.sanitized(list.name)), max(builder.remaining - 10, 4)),
                        style: SpanStyle(role: .heading))
            builder.add("  \(state.counts[.list(id)]) open", style: SpanStyle(role: .dim))
            // Completed reminders are hidden at first: say how to see them.
            builder.add(state.showsCompleted ? "  c hides done" : "  c shows done", style: SpanStyle(role: .dim))
        case .search(let query):
            builder.add("Search ", style: SpanStyle(role: .heading))
            // The query takes its own width (up to 24 cells), not 24 always: the count and
            // "Esc back" after it were cut on a narrow terminal with cells to spare (a tester).
            let quoted = AppState.quoted(TerminalText.sanitized(query.description))
            builder.add(quoted, cells: min(TerminalText.width(of: quoted), 24, builder.remaining), style: SpanStyle(role: .plain))
            let found: String
            if let count = state.table.matchCount {
                found = state.table.isCapped ? "first \(count) shown, more match" : "\(count) found"
            } else {
                found = "\(state.table.rows.count)\(state.table.hasMoreAfter || state.table.hasMoreBefore ? "+" : "") found"
            }
            builder.add("  \(found)  Esc back", style: SpanStyle(role: .dim))
        }
    }

    private func messageRow(_ state: AppState, width: Int) -> [Span] {
        var builder = RowBuilder(width: width)
        if let message = state.message {
            builder.add(" " + TerminalText.sanitized(message.text), cells: width,
                        style: SpanStyle(role: message.isError ? .error : .plain))
        } else if case .browse = state.mode, state.focus == .table, let reminder = state.table.selectedReminder {
            builder.add(reminder.number.description + " ", cells: width, style: SpanStyle(role: .dim), alignment: .right)
        }
        return builder.finish()
    }

    private func duePreview(_ text: String, label: String = "Due", none: String = "No due date", state: AppState, width: Int) -> [Span] {
        var builder = RowBuilder(width: width)
        switch AppState.parseDue(text, context: state.dateContext) {
        case .success(let due?):
            var preview = " \(label): " + dueText(due)
            // A time the clocks skip (a daylight-saving gap) was moved forward: say so.
            if let skipped = try? DateGrammar.read(text, in: state.dateContext).skippedTime {
                preview += String(format: " (%02d:%02d is skipped by the clocks going forward)", skipped.hour, skipped.minute)
            }
            builder.add(preview, style: SpanStyle(role: .dim))
        case .success(nil): builder.add(" " + none, style: SpanStyle(role: .dim))
        case .failure(let error): builder.add(" " + TerminalText.sanitized(error.description), style: SpanStyle(role: .dim))
        }
        return builder.finish()
    }

    /// The footer hints of the pane with the keyboard; a list's say what `c` does now.
    private func browseHints(_ state: AppState) -> [HelpText.Hint] {
        guard state.focus == .table else { return HelpText.sidebarHints }
        guard state.scope.takesShowCompleted else { return HelpText.tableHints }
        return HelpText.listHints(showsCompleted: state.showsCompleted)
    }

    /// The footer: as many hints as fit, the last ones (help, quit) always.
    private func footerRow(_ hints: [HelpText.Hint], width: Int) -> [Span] {
        var builder = RowBuilder(width: width)
        let always = hints.filter { HelpText.alwaysHints.contains($0) }
        let reserved = always.reduce(0) { $0 + FrameBuilder.width(of: $1) }
        var used = 1
        builder.add(" ", cells: 1)
        for hint in hints where !always.contains(hint) {
            let cells = FrameBuilder.width(of: hint)
            guard used + cells + reserved <= width else { break }
            add(hint, to: &builder)
            used += cells
        }
        for hint in always { add(hint, to: &builder) }
        return builder.finish()
    }

    private static func width(of hint: HelpText.Hint) -> Int {
        TerminalText.width(of: hint.key) + 1 + TerminalText.width(of: hint.text) + 2
    }

    private func add(_ hint: HelpText.Hint, to builder: inout RowBuilder) {
        builder.add(hint.key, style: SpanStyle(role: .key))
        builder.add(" " + hint.text + "  ", style: SpanStyle(role: .dim))
    }
}
