import Foundation
import TickModel

extension AppState {
    /// Keys of the detail view. ↑/↓ or Tab walk the fields; text fields edit in place;
    /// ←/→ change the list and the priority, Space flips the flag and whether a
    /// repeating reminder keeps repeating; Ctrl-U (or Delete on a choice) clears a field
    /// (on Repeat: stops repeating); Ctrl-J starts a new line in the notes; Enter saves,
    /// Esc leaves without saving. When fields typed in were changed elsewhere too, Esc
    /// keeps those as they were changed there and saves the other fields typed in (a
    /// tester: it dropped them all without a word).
    mutating func handleDetailKey(_ key: Key, editor: inout DetailEditor) -> [Effect] {
        let fields = DetailEditor.Field.allCases
        switch key {
        case .escape:
            guard !editor.overwrites.isEmpty else {
                mode = .browse
                return []
            }
            editor.keepOverwrittenValues()
            return saveDetail(&editor)
        case .up where editor.field == .notes && editor.notes.moveLine(up: true),
             .down where editor.field == .notes && editor.notes.moveLine(up: false):
            // ↑/↓ move between the lines of the notes, and leave them past the first or last
            // (a tester: they left the field from any line).
            return []
        case .tab, .down:
            editor.field = fields[(editor.field.rawValue + 1) % fields.count]
            return []
        case .backTab, .up:
            editor.field = fields[(editor.field.rawValue + fields.count - 1) % fields.count]
            return []
        case .enter:
            return saveDetail(&editor)
        default:
            break
        }
        editor.error = nil
        switch editor.field {
        case .title: _ = editor.title.handle(key)
        case .notes:
            switch key {
            case .control("j"): editor.notes.insert("\n")
            case .paste(let text, _): editor.notes.insert(pasted: text, keepingLineBreaks: true)
            default: _ = editor.notes.handle(key)
            }
        case .start: _ = editor.start.handle(key)
        case .url: _ = editor.url.handle(key)
        case .tags: _ = editor.tags.handle(key)
        case .due: _ = editor.due.handle(key)
        case .repeats:
            // Only a rule the reminder has can be stopped (or kept after all); a new rule is
            // the command line's (a tester: keys here did nothing, without a word).
            guard editor.original.recurrence != nil else {
                editor.error = "a rule is set with tick edit \(editor.original.number.rawValue) --repeat (here, a rule can be stopped)"
                break
            }
            switch key {
            case .left, .right, .character(" "), .character("x"): editor.repeats.toggle()
            case .control("u"), .delete, .backspace: editor.repeats = false
            default: break
            }
        case .list:
            editor.listID = cycledListID(from: editor.listID, by: key)
        case .priority:
            let levels: [Priority.Level] = [.none, .low, .medium, .high]
            let index = levels.firstIndex(of: editor.priority) ?? 0
            switch key {
            case .left: editor.priority = levels[(index + levels.count - 1) % levels.count]
            case .right, .character(" "): editor.priority = levels[(index + 1) % levels.count]
            case .control("u"), .delete, .backspace: editor.priority = .none
            default: break
            }
        case .flag:
            switch key {
            case .left, .right, .character(" "), .character("x"): editor.isFlagged.toggle()
            case .control("u"), .delete, .backspace: editor.isFlagged = false
            default: break
            }
        }
        return []
    }

    /// Saves the fields the user changed in the form, and only those: the reminder may
    /// have been changed by another `tick` while the view was open, and the fields left
    /// alone keep what is stored then.
    private mutating func saveDetail(_ editor: inout DetailEditor) -> [Effect] {
        let original = editor.original
        if !editor.overwrites.isEmpty, !editor.overwritesConfirmed {
            editor.overwritesConfirmed = true
            editor.error = "\(editor.overwritesText) (changed elsewhere): Enter again saves yours over it, Esc keeps it"
            return []
        }
        var fields = ReminderFields()
        if editor.title.text != original.title {
            do {
                fields.title = try Names.validated(editor.title.text, as: .reminderTitle)
            } catch {
                editor.error = error.description
                editor.field = .title
                return []
            }
        }
        if editor.notes.text != original.notes { fields.notes = editor.notes.text }
        if editor.tags.text != editor.initialTagsText {
            do {
                let tags = try TagNames.parsedList(editor.tags.text)
                if tags != original.tags { fields.tags = tags }
            } catch {
                editor.error = error.description
                editor.field = .tags
                return []
            }
        }
        for (field, text, initial) in [(DetailEditor.Field.due, editor.due.text, editor.initialDueText),
                                       (.start, editor.start.text, editor.initialStartText)] where text != initial {
            let stored = field == .due ? original.due : original.start
            switch AppState.parseDue(text, context: dateContext) {
            case .success(let value) where value == stored: break
            case .success(let value): if field == .due { fields.due = .some(value) } else { fields.start = .some(value) }
            case .failure(let error):
                editor.error = error.description
                editor.field = field
                return []
            }
        }
        let url = editor.url.text.trimmingWhiteSpace()
        if url != (original.url ?? "") { fields.url = .some(url.isEmpty ? nil : url) }
        if original.recurrence != nil, !editor.repeats { fields.recurrence = .some(nil) }
        if editor.listID != original.listID { fields.listID = editor.listID }
        // An imported priority such as 3 stays 3 unless its level was changed.
        if editor.priority != original.priority.level { fields.priority = Priority(editor.priority) }
        if editor.isFlagged != original.isFlagged { fields.isFlagged = editor.isFlagged }
        editor.error = nil
        guard !fields.isEmpty else {
            mode = .browse
            return []
        }
        return [.apply(.edit(original.number, fields), isUndo: false)]
    }
}

extension AppState {
    /// The list a list field shows after `key`: ← the previous list, → or Space the next
    /// (round the end); any other key keeps `id`.
    func cycledListID(from id: ReminderList.ID, by key: Key) -> ReminderList.ID {
        guard !lists.isEmpty else { return id }
        let index = lists.firstIndex { $0.id == id } ?? 0
        switch key {
        case .left: return lists[(index + lists.count - 1) % lists.count].id
        case .right, .character(" "): return lists[(index + 1) % lists.count].id
        default: return id
        }
    }
}
