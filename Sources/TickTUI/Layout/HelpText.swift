import TickModel
import TickTerminal

/// The help screen's text and the footer's key hints.
enum HelpText {
    /// A help line: keys and what they do; a line with no keys is a section heading.
    struct Line: Hashable, Sendable {
        var keys: String
        var text: String
    }

    /// Every key of the UI, by topic.
    static let lines: [Line] = [
        Line(keys: "", text: "Moving around"),
        Line(keys: "↑ ↓  j k", text: "move the selection"),
        Line(keys: "PgUp PgDn", text: "a screen up or down"),
        Line(keys: "Home End  g G", text: "the first or last reminder"),
        Line(keys: "Tab", text: "switch between the lists and the reminders"),
        Line(keys: "← →  h l", text: "checkbox or title cell; ← on the checkbox goes to the lists"),
        Line(keys: "", text: "Reminders"),
        Line(keys: "Space  x", text: "complete or reopen"),
        Line(keys: "Enter", text: "on the checkbox: complete; on the title: open"),
        Line(keys: "a", text: "add a reminder (title, due date)"),
        Line(keys: "e", text: "detail view: title, notes, due, start, repeat, list, priority, flag, tags, URL"),
        Line(keys: "d  Delete", text: "delete (u brings it back)"),
        Line(keys: "f", text: "flag or unflag"),
        Line(keys: "z", text: "snooze the alarm 10 minutes (u undoes)"),
        Line(keys: "Z", text: "snooze until a time you type: 1h, 30m, tomorrow 9am"),
        Line(keys: "J K  Shift-↓ ↑", text: "move down or up in the list (saved); a parent moves with its subtasks, a subtask among its parent's"),
        Line(keys: "o", text: "collapse or open a reminder's subtasks (on a subtask: collapse its parent)"),
        Line(keys: "O", text: "collapse or open every reminder's subtasks"),
        Line(keys: "> <", text: "make a subtask of the reminder above, or move out one level (u undoes)"),
        Line(keys: "u", text: "undo the last change (again for older ones)"),
        Line(keys: "c", text: "show or hide completed reminders of this list, Today, Scheduled, Flagged or All (each its own; hidden at first)"),
        Line(keys: "", text: "Lists and search"),
        Line(keys: "n", text: "new list, with a color"),
        Line(keys: "e  r", text: "on a list in the sidebar: its name and color"),
        Line(keys: "J K  Shift-↓ ↑", text: "on a list in the sidebar: move it down or up"),
        Line(keys: "d  Delete", text: "on a list in the sidebar: delete it with its reminders (asks; u brings them back)"),
        Line(keys: "/", text: "search titles, notes and tags (title:, notes:, tag:, \"a phrase\", OR); Esc leaves the results"),
        Line(keys: "", text: "In dialogs"),
        Line(keys: "Enter", text: "save"),
        Line(keys: "Esc", text: "cancel"),
        Line(keys: "Tab  ↑ ↓", text: "next or previous field"),
        Line(keys: "Ctrl-U", text: "clear the field"),
        Line(keys: "Ctrl-J", text: "in the notes: a new line (↑/↓ move between the lines)"),
        Line(keys: "Paste", text: "text goes into the field: its lines stay lines in the notes, elsewhere they join with spaces"),
        Line(keys: "Due dates", text: "today, tomorrow 9am, fri 17:00, next mon, in 3 days, dec 24, 2026-12-24"),
        Line(keys: "", text: "Leaving"),
        Line(keys: "q  Ctrl-C", text: "quit (every change is saved as it is made; text typed in an open dialog is dropped)"),
    ]

    /// How far the help can scroll on a screen with `rows` rows for it, `width` cells wide.
    static func maximumScroll(forRows rows: Int, width: Int) -> Int {
        max(0, displayLines(width: width).count - max(rows, 1))
    }

    /// The cells the keys take on a line `width` cells wide.
    static func keyWidth(forWidth width: Int) -> Int { min(widestKeys + 3, max(10, width / 2)) }

    /// The widest keys of ``lines``, in cells.
    static let widestKeys = lines.map { TerminalText.width(of: $0.keys) }.max() ?? 0

    /// ``lines`` as shown `width` cells wide: a description too long for its line goes on
    /// in the next ones, under itself (no keys), broken at spaces where it can be.
    /// - Complexity: O(n) in the length of the help text.
    static func displayLines(width: Int) -> [Line] {
        let room = max(8, width - keyWidth(forWidth: width))
        var shown: [Line] = []
        for line in lines {
            guard !line.keys.isEmpty, TerminalText.width(of: line.text) > room else {
                shown.append(line)
                continue
            }
            var current = ""
            var keys = line.keys
            for word in line.text.split(separator: " ") {
                let candidate = current.isEmpty ? String(word) : current + " " + word
                if TerminalText.width(of: candidate) <= room || current.isEmpty {
                    current = candidate
                } else {
                    shown.append(Line(keys: keys, text: current))
                    keys = " "
                    current = String(word)
                }
            }
            shown.append(Line(keys: keys, text: current))
        }
        return shown
    }

    /// A footer hint: a key and what it does.
    struct Hint: Hashable, Sendable {
        var key: String
        var text: String
    }

    /// The footer hints of the table, most important first; `help` and `quit` are
    /// always shown.
    static let tableHints: [Hint] = [
        Hint(key: "↑↓", text: "move"), Hint(key: "Space", text: "done"), Hint(key: "a", text: "add"),
        Hint(key: "e", text: "edit"), Hint(key: "d", text: "delete"), Hint(key: "u", text: "undo"),
        Hint(key: "J/K", text: "reorder"), Hint(key: "/", text: "search"), Hint(key: "Tab", text: "lists"),
        Hint(key: "n", text: "new list"),
    ]

    /// The footer hints of the table showing a list or a smart list that takes Show
    /// Completed (`Scope.takesShowCompleted`): ``tableHints`` with `c`, saying
    /// whether it shows or hides the completed reminders.
    static func listHints(showsCompleted: Bool) -> [Hint] {
        var hints = tableHints
        let place = (hints.firstIndex { $0.key == "u" } ?? hints.count - 1) + 1
        hints.insert(Hint(key: "c", text: showsCompleted ? "hide done" : "show done"), at: place)
        return hints
    }

    /// The footer hints of the sidebar.
    static let sidebarHints: [Hint] = [
        Hint(key: "↑↓", text: "lists"), Hint(key: "Enter", text: "open"), Hint(key: "a", text: "add"),
        Hint(key: "n", text: "new list"), Hint(key: "e", text: "rename"), Hint(key: "J/K", text: "move"),
        Hint(key: "d", text: "delete"), Hint(key: "u", text: "undo"), Hint(key: "/", text: "search"),
        Hint(key: "Tab", text: "reminders"),
    ]

    /// Hints shown in browse mode whatever the width.
    static let alwaysHints: [Hint] = [Hint(key: "?", text: "help"), Hint(key: "q", text: "quit")]

    /// The footer hints of the add dialog.
    static let addHints: [Hint] = [
        Hint(key: "Enter", text: "save"), Hint(key: "Esc", text: "cancel"), Hint(key: "Tab", text: "next field"),
        Hint(key: "^U", text: "clear"),
    ]

    /// The footer hints of the detail view.
    static let detailHints: [Hint] = [
        Hint(key: "Enter", text: "save"), Hint(key: "Esc", text: "cancel"), Hint(key: "↑↓", text: "field"),
        Hint(key: "←→", text: "change"), Hint(key: "^U", text: "clear"),
    ]

    /// The footer hints of the new-list dialog.
    static let newListHints: [Hint] = [
        Hint(key: "Enter", text: "create"), Hint(key: "Esc", text: "cancel"), Hint(key: "Tab", text: "name/color"),
        Hint(key: "←→", text: "color"),
    ]

    /// The footer hints of the list dialog on a list of the user's.
    static let editListHints: [Hint] = [
        Hint(key: "Enter", text: "save"), Hint(key: "Esc", text: "cancel"), Hint(key: "Tab", text: "name/color"),
        Hint(key: "←→", text: "color"),
    ]

    /// The footer hints of the question before deleting a list.
    static let confirmHints: [Hint] = [Hint(key: "y", text: "delete"), Hint(key: "any other key", text: "keep")]

    /// The footer hints of the snooze prompt.
    static let snoozeHints: [Hint] = [Hint(key: "Enter", text: "snooze"), Hint(key: "Esc", text: "cancel")]

    /// The footer hints of the search prompt.
    static let searchHints: [Hint] = [Hint(key: "Enter", text: "search"), Hint(key: "Esc", text: "cancel")]

    /// The footer hints of the help screen.
    static let helpHints: [Hint] = [Hint(key: "↑↓", text: "scroll"), Hint(key: "any key", text: "back")]
}
