import TickModel

/// What the state machine asks the outside world to do. The data layer performs store
/// effects and answers with events; the run loop performs `quit`.
enum Effect: Hashable, Sendable {
    /// Read the lists, the sidebar counts and a window of rows (at start, and when
    /// another process changed the database).
    case reloadAll(WindowRequest)
    /// Read a window of rows of the table's scope.
    case loadWindow(WindowRequest)
    /// Apply a change in one transaction.
    case apply(Change, isUndo: Bool)
    /// Count a list's reminders, open and completed (answer: `listSize`), to ask before
    /// deleting it with them.
    case countReminders(inList: ReminderList.ID)
    /// Ask the database whether another process changed it (cheap; `PRAGMA data_version`).
    case checkForChanges
    /// Leave the UI.
    case quit
}
