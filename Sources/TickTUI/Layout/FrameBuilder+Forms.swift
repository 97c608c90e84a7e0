import TickModel
import TickTerminal

extension FrameBuilder {
    /// The label column of forms, in cells.
    private static let labelWidth = 11

    /// One form row: a marker for the field with the cursor, a label, then the value
    /// drawn by `value` into the rest of the row.
    private func formRow(_ label: String, isCurrent: Bool, width: Int,
                         value: (inout RowBuilder) -> Void) -> [Span] {
        var builder = RowBuilder(width: width)
        builder.add(isCurrent ? "›" : " ", cells: 1, style: SpanStyle(role: .heading))
        builder.add(label, cells: FrameBuilder.labelWidth - 1, style: SpanStyle(role: isCurrent ? .heading : .dim))
        value(&builder)
        return builder.finish()
    }

    /// A text field row; returns the row and the cursor column when the field is current.
    private func fieldRow(_ label: String, field: TextField, placeholder: String, isCurrent: Bool,
                          width: Int) -> ([Span], Int?) {
        var column: Int?
        let row = formRow(label, isCurrent: isCurrent, width: width) { builder in
            let view = FieldView(field, width: max(0, builder.remaining - 1), placeholder: placeholder)
            column = builder.width + view.cursorColumn
            view.add(to: &builder, isFocused: isCurrent)
        }
        return (row, isCurrent ? column : nil)
    }

    /// The rows under a form: why saving was refused, wrapped to the width (at most
    /// `errorRowLimit` rows, the last one cut), so that a narrow window shows the reason
    /// (`… '2026-02-30' is not a real day`) and not only the start of the message; else
    /// `notice`, wrapped the same way (a tester: "Changed elsewhere while open: …" lost what to
    /// do at 80 columns), else one blank row.
    private func errorRows(_ error: String?, notice: String? = nil, width: Int) -> [[Span]] {
        guard let text = error ?? notice else { return [RowBuilder.blank(width)] }
        let role: SpanStyle.Role = error == nil ? .heading : .error
        var lines = TerminalText.wrapped(TerminalText.sanitized(text), toWidth: width - 1)
        if lines.count > FrameBuilder.errorRowLimit {
            let kept = lines[(FrameBuilder.errorRowLimit - 1)...].joined(separator: " ")
            lines = Array(lines.prefix(FrameBuilder.errorRowLimit - 1)) + [TerminalText.truncated(kept, toWidth: width - 1)]
        }
        return lines.map { line in
            var builder = RowBuilder(width: width)
            builder.add(" " + line, cells: width, style: SpanStyle(role: role))
            return builder.finish()
        }
    }

    /// The most rows a form's error takes.
    static let errorRowLimit = 4

    private func listValue(_ id: ReminderList.ID, state: AppState, arrows: Bool) -> (inout RowBuilder) -> Void {
        { builder in
            let list = state.list(id)
            if arrows { builder.add("‹ ", style: SpanStyle(role: .dim)) }
            builder.add("● ", style: SpanStyle(role: list.map { .listColor($0.color) } ?? .dim))
            builder.add(TerminalText.sanitized(list?.name ?? "?"), cells: min(TerminalText.width(of: TerminalText.sanitized(list?.name ?? "?")), max(0, builder.remaining - 2)))
            if arrows { builder.add(" ›", style: SpanStyle(role: .dim)) }
        }
    }

    // MARK: - Add

    func addForm(_ dialog: AddDialog, state: AppState, layout: Layout) -> ([[Span]], ScreenPoint?) {
        let width = layout.size.width
        var rows: [[Span]] = [RowBuilder.blank(width)]
        let (title, titleCursor) = fieldRow("Title", field: dialog.title, placeholder: AddDialog.titlePlaceholder,
                                            isCurrent: dialog.field == .title, width: width)
        let (due, dueCursor) = fieldRow("Due", field: dialog.due, placeholder: AddDialog.duePlaceholder,
                                        isCurrent: dialog.field == .due, width: width)
        rows += [title, due]
        rows.append(formRow("List", isCurrent: dialog.field == .list, width: width,
                            value: listValue(dialog.listID, state: state, arrows: dialog.field == .list)))
        if dialog.isFlagged {
            rows.append(formRow("Flagged", isCurrent: false, width: width) { $0.add("⚑ yes", style: SpanStyle(role: .flag)) })
        }
        rows += errorRows(dialog.error, width: width)
        let cursorRow = layout.contentTop + (dialog.field == .title ? 1 : 2)
        let column = dialog.field == .title ? titleCursor : dialog.field == .due ? dueCursor : nil
        return (rows, column.map { ScreenPoint(row: cursorRow, column: $0) })
    }

    // MARK: - Detail

    func detailForm(_ editor: DetailEditor, state: AppState, layout: Layout) -> ([[Span]], ScreenPoint?) {
        let width = layout.size.width
        var rows: [[Span]] = []
        var cursor: ScreenPoint?
        var currentRow = 0
        let messages = errorRows(editor.error, notice: editor.notice, width: width)
        // The notes take what the other fields and the messages leave, up to 5 rows, before the
        // facts' row below them (a tester: at 40×15 the notes had one row).
        let notesHeight = min(max(layout.contentHeight - (DetailEditor.Field.allCases.count - 1) - messages.count, 1), 5)
        for field in DetailEditor.Field.allCases {
            let isCurrent = editor.field == field
            let rowIndex = layout.contentTop + rows.count
            if isCurrent { currentRow = rows.count }
            switch field {
            case .notes:
                let (notes, column) = notesRows(editor.notes, isCurrent: isCurrent, height: notesHeight, width: width)
                rows += notes
                if let column { cursor = ScreenPoint(row: rowIndex + column.line, column: column.column) }
            case .title, .tags, .due, .start, .url:
                let (label, textField, placeholder): (String, TextField, String) = {
                    switch field {
                    case .title: return ("Title", editor.title, AddDialog.titlePlaceholder)
                    case .tags: return ("Tags", editor.tags, "none; e.g. #garden #\"garden work\"")
                    case .start: return ("Start", editor.start, "none; e.g. mon, in 3 days")
                    case .url: return ("URL", editor.url, "none")
                    default: return ("Due", editor.due, "none; e.g. tomorrow 9am")
                    }
                }()
                let (row, column) = fieldRow(label, field: textField, placeholder: placeholder, isCurrent: isCurrent, width: width)
                rows.append(row)
                if let column { cursor = ScreenPoint(row: rowIndex, column: column) }
            case .repeats:
                rows.append(formRow("Repeat", isCurrent: isCurrent, width: width) { builder in
                    let zone = state.dateContext.timeZone
                    guard editor.original.recurrence != nil else {
                        builder.add("does not repeat", style: SpanStyle(role: .dim))
                        return
                    }
                    builder.add("‹ ", style: SpanStyle(role: .dim))
                    let rule = editor.original.recurrenceSummary(in: zone) ?? "repeats"
                    builder.add(editor.repeats ? rule : "stops repeating", style: SpanStyle(role: .plain))
                    builder.add(" ›", style: SpanStyle(role: .dim))
                })
            case .list:
                rows.append(formRow("List", isCurrent: isCurrent, width: width,
                                    value: listValue(editor.listID, state: state, arrows: true)))
            case .priority:
                rows.append(formRow("Priority", isCurrent: isCurrent, width: width) { builder in
                    builder.add("‹ ", style: SpanStyle(role: .dim))
                    builder.add(editor.priority.rawValue, style: SpanStyle(role: .plain))
                    builder.add(" ›", style: SpanStyle(role: .dim))
                    let marks = FrameBuilder.priorityMarks(Priority(editor.priority))
                    if !marks.isEmpty { builder.add("  " + marks, style: SpanStyle(role: .flag)) }
                })
            case .flag:
                rows.append(formRow("Flagged", isCurrent: isCurrent, width: width) { builder in
                    builder.add("‹ ", style: SpanStyle(role: .dim))
                    builder.add(editor.isFlagged ? "yes ⚑" : "no", style: SpanStyle(role: editor.isFlagged ? .flag : .plain))
                    builder.add(" ›", style: SpanStyle(role: .dim))
                })
            }
        }
        rows += messages
        if layout.contentHeight > rows.count {
            var builder = RowBuilder(width: width)
            let original = editor.original
            var facts = original.isCompleted ? "Completed" : "Open"
            if original.isOverdue(at: state.dateContext.now, in: state.dateContext.timeZone) { facts += ", overdue" }
            if let due = original.due { facts += " · due " + dueText(due) }
            builder.add(" " + facts, style: SpanStyle(role: .dim))
            rows.append(builder.finish())
        }
        // On a short screen the form scrolls so that the current field and the row
        // under it (its error) show.
        let hidden = min(max(0, currentRow + 2 - layout.contentHeight), max(0, rows.count - layout.contentHeight))
        if hidden > 0 {
            rows.removeFirst(hidden)
            cursor = cursor.map { ScreenPoint(row: $0.row - hidden, column: $0.column) }
        }
        return (rows, cursor)
    }

    /// The notes field, a line of the notes per row (the label on the first), at most
    /// `height` rows, scrolled so that the cursor's line shows; and where the cursor is (rows
    /// below the first).
    private func notesRows(_ field: TextField, isCurrent: Bool, height most: Int,
                           width: Int) -> ([[Span]], (line: Int, column: Int)?) {
        let (lines, cursorLine, cursorColumn) = field.lines
        let height = min(lines.count, most)
        let first = min(max(0, cursorLine - height + 1), max(0, lines.count - height))
        var rows: [[Span]] = []
        var cursor: (line: Int, column: Int)?
        for index in first..<(first + height) {
            let isCursorLine = isCurrent && index == cursorLine
            let line = TextField(lines[index], cursor: isCursorLine ? cursorColumn : 0)
            let label = index == first ? (first > 0 ? "Notes ↑" : "Notes") : (index == first + height - 1 && index < lines.count - 1 ? "      ↓" : "")
            let placeholder = lines.count == 1 ? "none; Ctrl-J starts a new line" : ""
            let (row, column) = fieldRow(label, field: line, placeholder: placeholder, isCurrent: isCurrent && index == first,
                                         width: width)
            rows.append(row)
            if isCursorLine {
                // fieldRow gives the column only on the row marked current; the cursor's
                // line may be another, at the same place in the row.
                let view = FieldView(line, width: max(0, width - FrameBuilder.labelWidth - 1))
                cursor = (index - first, column ?? FrameBuilder.labelWidth + view.cursorColumn)
            }
        }
        return (rows, cursor)
    }

    // MARK: - Lists

    func listForm(_ dialog: ListDialog, layout: Layout) -> ([[Span]], ScreenPoint?) {
        let width = layout.size.width
        var rows: [[Span]] = [RowBuilder.blank(width)]
        let (name, column) = fieldRow("Name", field: dialog.name, placeholder: "Name your list.",
                                      isCurrent: dialog.field == .name, width: width)
        rows.append(name)
        rows.append(formRow("Color", isCurrent: dialog.field == .color, width: width) { builder in
            for (index, entry) in ListColor.palette.enumerated() {
                let chosen = index == dialog.colorIndex && dialog.customColor == nil
                builder.add(chosen ? "[" : " ", style: SpanStyle(role: .heading))
                builder.add("●", style: SpanStyle(role: .listColor(entry.color), isSelected: chosen && dialog.field == .color))
                builder.add(chosen ? "]" : " ", style: SpanStyle(role: .heading))
            }
            if let custom = dialog.customColor {
                builder.add(" ● ", style: SpanStyle(role: .listColor(custom)))
                builder.add(custom.hex, style: SpanStyle(role: .plain))
            } else {
                builder.add(" " + ListColor.palette[dialog.colorIndex].name, style: SpanStyle(role: .plain))
            }
        })
        rows += errorRows(dialog.error, width: width)
        return (rows, column.map { ScreenPoint(row: layout.contentTop + 1, column: $0) })
    }

    // MARK: - Help

    func helpRows(scroll: Int, layout: Layout) -> [[Span]] {
        let width = layout.size.width
        let keyWidth = HelpText.keyWidth(forWidth: width)
        return HelpText.displayLines(width: width).dropFirst(scroll).prefix(layout.contentHeight).map { line in
            var builder = RowBuilder(width: width)
            if line.keys.isEmpty {
                builder.add(" " + line.text, style: SpanStyle(role: .heading))
            } else {
                builder.add("  " + line.keys, cells: keyWidth, style: SpanStyle(role: .key))
                builder.add(line.text, cells: builder.remaining)
            }
            return builder.finish()
        }
    }
}
