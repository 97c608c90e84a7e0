import TickModel

/// What has the keyboard: the browser (sidebar and table), or a dialog over it.
enum Mode: Hashable, Sendable {
    /// The sidebar and the table.
    case browse
    /// The add dialog.
    case add(AddDialog)
    /// The detail view of one reminder.
    case detail(DetailEditor)
    /// The list dialog: a new list, or the name and color of one.
    case listDialog(ListDialog)
    /// Asking whether to delete a list and the reminders it holds (`y` deletes).
    case confirmRemoveList(ReminderList, reminderCount: Int)
    /// The snooze prompt for a reminder: when its alarm rings again.
    case snooze(SnoozePrompt)
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
    /// The change of the change journal it was recorded as (nil when it wrote nothing there).
    var journalChange: Int64? = nil
}

/// The snooze prompt: when the selected reminder's alarm rings again, in the words of
/// `tick snooze` (`10m`, `1h`, `tomorrow 9am`).
struct SnoozePrompt: Hashable, Sendable {
    /// The reminder snoozed.
    var reminder: Reminder
    var field = TextField()
    /// Why the last attempt was refused; the prompt stays open.
    var error: String?

    /// What the empty field shows: Enter then snoozes ten minutes.
    static let placeholder = "10m; or 1h, tomorrow 9am"
}
