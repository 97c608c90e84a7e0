import TickModel

/// What the state machine asks the outside world to do. The data layer performs store
/// effects and answers with events; the run loop performs `quit`.
enum Effect: Hashable, Sendable {
    /// Read the lists, the sidebar counts and a window of rows (at start, and when
    /// another process changed the database).
    case reloadAll(WindowRequest)
    /// Read a window of rows of the table's scope.
    case loadWindow(WindowRequest)
    /// Apply a change in one transaction, as one change of the change journal (`tick undo`
    /// takes it back too); an undo is none, and marks the journal's change `undoing` undone.
    case apply(Change, isUndo: Bool, undoing: Int64? = nil)
    /// Count a list's reminders, open and completed (answer: `listSize`), to ask before
    /// deleting it with them.
    case countReminders(inList: ReminderList.ID)
    /// Ask the database whether another process changed it (cheap; `PRAGMA data_version`).
    case checkForChanges
    /// Leave the UI.
    case quit
}
