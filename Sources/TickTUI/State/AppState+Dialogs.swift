import TickModel

extension AppState {
    // MARK: - Add

    /// Keys of the add dialog. Enter saves; a blank title or an unreadable due date is
    /// refused with a message and the dialog stays open with what was typed.
    mutating func handleAddKey(_ key: Key, dialog: inout AddDialog) -> [Effect] {
        switch key {
        case .escape:
            mode = .browse
            return []
        case .tab, .backTab, .down, .up:
            let fields = AddDialog.Field.allCases
            let index = fields.firstIndex(of: dialog.field) ?? 0
            let step = key == .tab || key == .down ? 1 : fields.count - 1
            dialog.field = fields[(index + step) % fields.count]
            return []
        case .enter:
            let title: String
            do {
                title = try Names.validated(dialog.title.text, as: .reminderTitle)
            } catch {
                dialog.error = error.description
                dialog.field = .title
                return []
            }
            let due: Due?
            switch AppState.parseDue(dialog.due.text, context: dateContext) {
            case .success(let value): due = value
            case .failure(let error):
                dialog.error = error.description
                dialog.field = .due
                return []
            }
            dialog.error = nil
            let draft = ReminderDraft(title: title, due: due, listID: dialog.listID, isFlagged: dialog.isFlagged)
            return [.apply(.add(draft), isUndo: false)]
        default:
            let edited: Bool
            switch dialog.field {
            case .title: edited = dialog.title.handle(key)
            case .due: edited = dialog.due.handle(key)
            case .list:
                let next = cycledListID(from: dialog.listID, by: key)
                edited = next != dialog.listID
                dialog.listID = next
            }
            if edited { dialog.error = nil }
            return []
        }
    }

    /// Reads a due-date field: blank is "no due date", anything else goes through the
    /// command line's grammar.
    static func parseDue(_ text: String, context: DateContext) -> Result<Due?, ModelError> {
        guard !text.isBlank else { return .success(nil) }
        do {
            return .success(try DateGrammar.parse(text, in: context))
        } catch {
            return .failure(error)
        }
    }

    // MARK: - Lists

    /// Keys of the list dialog: a name, and a color picked with ←/→ (or 1–8) on the
    /// color row. Enter makes the list, or saves the name and color of the list edited
    /// (only what changed); a blank name is refused here, a name another list has by
    /// the action, and the dialog stays open.
    mutating func handleListDialogKey(_ key: Key, dialog: inout ListDialog) -> [Effect] {
        let paletteCount = ListColor.palette.count
        switch key {
        case .escape:
            mode = .browse
            return []
        case .tab, .backTab, .down, .up:
            dialog.field = dialog.field == .name ? .color : .name
            return []
        case .enter:
            do {
                let name = try Names.validated(dialog.name.text, as: .listName)
                dialog.error = nil
                guard let list = dialog.editedList else {
                    return [.apply(.addList(name: name, color: dialog.color), isUndo: false)]
                }
                let fields = ListFields(name: name == list.name ? nil : name, color: dialog.color == list.color ? nil : dialog.color)
                guard !fields.isEmpty else {
                    mode = .browse
                    return []
                }
                return [.apply(.editList(list.id, fields), isUndo: false)]
            } catch {
                dialog.error = error.description
                dialog.field = .name
                return []
            }
        case .left where dialog.field == .color:
            dialog.customColor = nil
            dialog.colorIndex = (dialog.colorIndex + paletteCount - 1) % paletteCount
            return []
        case .right where dialog.field == .color, .character(" ") where dialog.field == .color:
            dialog.customColor = nil
            dialog.colorIndex = (dialog.colorIndex + 1) % paletteCount
            return []
        case .character(let character) where dialog.field == .color:
            if let digit = character.wholeNumberValue, (1...paletteCount).contains(digit) {
                dialog.customColor = nil
                dialog.colorIndex = digit - 1
            }
            return []
        default:
            if dialog.field == .name, dialog.name.handle(key) { dialog.error = nil }
            return []
        }
    }

    // MARK: - Search

    /// Keys of the search prompt: Enter shows the reminders that match the query
    /// (`SearchQuery`), or keeps the prompt open with the reason when it cannot be read;
    /// Esc (or an empty search) leaves the prompt.
    mutating func handleSearchKey(_ key: Key, field: inout TextField) -> [Effect] {
        switch key {
        case .escape:
            mode = .browse
            return []
        case .enter:
            let text = field.text.trimmingWhiteSpace()
            guard !text.isEmpty else {
                mode = .browse
                return []
            }
            let query: SearchQuery
            do {
                query = try SearchQuery(parsing: text)
            } catch {
                message = StatusMessage(text: error.description.prefix(1).uppercased() + error.description.dropFirst() + ".", isError: true)
                return []
            }
            mode = .browse
            if case .search = scope {} else { scopeBeforeSearch = scope }
            scope = .search(query)
            focus = .table
            table = TableState()
            preferredLine = 0
            return [.loadWindow(request(.start))]
        default:
            if field.handle(key) { message = nil }
            return []
        }
    }

    // MARK: - Help

    /// Keys of the help screen: ↑/↓ scroll, anything else closes it.
    mutating func handleHelpKey(_ key: Key, scroll: Int) -> [Effect] {
        let maximum = HelpText.maximumScroll(forRows: visibleRows, width: size.width)
        switch key {
        case .up, .character("k"): mode = .help(scroll: max(0, scroll - 1))
        case .down, .character("j"): mode = .help(scroll: min(maximum, scroll + 1))
        case .pageUp: mode = .help(scroll: max(0, scroll - visibleRows))
        case .pageDown, .character(" "): mode = .help(scroll: min(maximum, scroll + visibleRows))
        default: mode = .browse
        }
        return []
    }
}
