import TickModel

/// The add dialog: a title field with the placeholder "Write your task." and a due
/// field that reads the command line's date phrases.
struct AddDialog: Hashable, Sendable {
    /// The two fields, in Tab order.
    enum Field: Hashable, Sendable { case title, due }

    /// The placeholder of the empty title field, as in the seed apps.
    static let titlePlaceholder = "Write your task."
    /// The placeholder of the empty due field.
    static let duePlaceholder = "none, or: tomorrow 9am, fri, dec 24"

    var title = TextField()
    var due = TextField()
    var field = Field.title
    /// The list the reminder goes to.
    var listID: ReminderList.ID
    /// Whether it starts flagged (added from the Flagged smart list).
    var isFlagged = false
    /// Why the last attempt to save was refused; the dialog stays open.
    var error: String?
}

/// The detail view: every editable field of one reminder.
struct DetailEditor: Hashable, Sendable {
    /// The fields, in the order shown and walked with Tab and ↑/↓.
    enum Field: Int, CaseIterable, Hashable, Sendable { case title, notes, due, list, priority, flag }

    /// The reminder as it was when the view opened.
    var original: Reminder
    var title: TextField
    var notes: TextField
    var due: TextField
    /// The text the due field started with; an untouched field keeps the original value
    /// exactly (a floating time stays floating).
    var initialDueText: String
    var listID: ReminderList.ID
    var priority: Priority.Level
    var isFlagged: Bool
    var field = Field.title
    /// Why the last attempt to save was refused; the view stays open.
    var error: String?
}

/// The new-list dialog: a name and a color from the palette of DESIGN.md.
struct NewListDialog: Hashable, Sendable {
    /// The two parts, in Tab order.
    enum Field: Hashable, Sendable { case name, color }

    var name = TextField()
    /// The index in `ListColor.palette`; blue (the default color) to start with.
    var colorIndex = ListColor.palette.firstIndex(where: { $0.color == .defaultColor }) ?? 0
    var field = Field.name
    /// Why the last attempt to save was refused; the dialog stays open.
    var error: String?
}

/// What has the keyboard: the browser (sidebar and table), or a dialog over it.
enum Mode: Hashable, Sendable {
    /// The sidebar and the table.
    case browse
    /// The add dialog.
    case add(AddDialog)
    /// The detail view of one reminder.
    case detail(DetailEditor)
    /// The new-list dialog.
    case newList(NewListDialog)
    /// The search prompt.
    case search(TextField)
    /// The help screen, scrolled down by this many lines.
    case help(scroll: Int)
}

/// A line of feedback under the table.
struct StatusMessage: Hashable, Sendable {
    /// The text (may quote user text; it is sanitized when drawn).
    var text: String
    /// Whether it reports a failure (drawn in red, or bold without color).
    var isError = false
}

/// One step the `u` key can take back.
struct UndoEntry: Hashable, Sendable {
    /// The change that reverses what was done.
    var change: Change
    /// What was done, for the message: "delete of “Buy milk”".
    var label: String
}
