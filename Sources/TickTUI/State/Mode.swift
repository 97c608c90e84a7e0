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
