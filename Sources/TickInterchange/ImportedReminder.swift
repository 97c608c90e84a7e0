import TickModel

/// A reminder read from an import file, with the name of the list it belongs in.
///
/// Importers do not know the database: they name the list and leave `reminder.listID`
/// as a placeholder (an empty identifier), which the caller replaces after finding or
/// creating the list named `listName`.
public struct ImportedReminder: Hashable, Sendable {
    /// The list the reminder goes to (already trimmed and non-blank); nil means the
    /// caller's default list.
    public var listName: String?
    /// The reminder; its `listID` is a placeholder the caller must set.
    public var reminder: Reminder
    /// The 1-based line of the file the reminder came from, for messages.
    public var lineNumber: Int
    /// Whether the file gave the reminder's place in its list (`reminder.position`), to be
    /// kept when restoring a Tick archive.
    public var hasPosition: Bool
    /// Whether the file said when the reminder was last changed (iCalendar
    /// `LAST-MODIFIED`, Taskwarrior `modified`, an archive's `modifiedAt`), so that
    /// `reminder.modifiedAt` can be weighed against a stored copy's: without such a date
    /// the importer cannot tell which is newer, and the file wins.
    public var statesModification: Bool

    /// Creates an imported reminder.
    public init(listName: String?, reminder: Reminder, lineNumber: Int, hasPosition: Bool = false,
                statesModification: Bool = false) {
        self.listName = listName
        self.reminder = reminder
        self.lineNumber = lineNumber
        self.hasPosition = hasPosition
        self.statesModification = statesModification
    }

    /// The `listID` importers put in `reminder` before the caller assigns the real one.
    public static let placeholderListID = ReminderList.ID(rawValue: "")
}
