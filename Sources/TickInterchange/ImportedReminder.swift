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
    /// Whether the file itself names the list (iCalendar `X-WR-CALNAME`, a todo.txt
    /// `+project`, a Taskwarrior `project`, an archive's list), rather than the list being
    /// a default (an iCalendar file's name). Only a named list moves a reminder that is
    /// already stored; a default one is where a new reminder goes.
    public var isListNamedByFile: Bool
    /// UIDs an earlier version of Tick gave the same item (a todo.txt line's former
    /// derived UID), looked up when `reminder.uid` is not stored, so that an upgrade does
    /// not duplicate what was imported before it.
    public var formerUIDs: [ReminderUID] = []
    /// Set for an iCalendar VTODO with a `RECURRENCE-ID` (one changed occurrence, RFC 5545
    /// §3.8.4.4) whose series is not in the file: it changes only that occurrence of the
    /// stored reminder with its `UID` (`ICalendarOverrides.attaching(_:to:)`); without
    /// one, `reminder` (the occurrence, which keeps its `RECURRENCE-ID`) is saved.
    public var occurrence: Occurrence?
    /// The reminder; its `listID` is a placeholder the caller must set.
    public var reminder: Reminder
    /// The completed occurrences of a repeating reminder that the file records (a Tick
    /// archive's `"completedOccurrences"`), saved where the store has none for that due
    /// date; empty for other formats.
    public var completedOccurrences: [CompletedOccurrence] = []
    /// Occurrences of a repeating to-do that another app completed in a changed occurrence
    /// (`STATUS:COMPLETED` under a `RECURRENCE-ID`, as Thunderbird and eM Client write it),
    /// each named by its `RECURRENCE-ID`: the importer moves the series past those that
    /// are its current occurrence.
    public var completedOverrides: [CompletedOccurrence] = []
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
    ///
    /// - Parameter isListNamedByFile: whether `listName` comes from the file's own data;
    ///   by default, whenever there is a `listName`.
    public init(listName: String?, reminder: Reminder, lineNumber: Int, hasPosition: Bool = false,
                statesModification: Bool = false, isListNamedByFile: Bool? = nil) {
        self.listName = listName
        self.isListNamedByFile = isListNamedByFile ?? (listName != nil)
        self.reminder = reminder
        self.lineNumber = lineNumber
        self.hasPosition = hasPosition
        self.statesModification = statesModification
    }

    /// A changed occurrence of a series, as the file gave it.
    public struct Occurrence: Hashable, Sendable {
        /// Its `RECURRENCE-ID` (`ICalendarOverrides.recurrenceID(of:)`).
        public var recurrenceID: String
        /// Its VTODO, verbatim, from `BEGIN:VTODO` to `END:VTODO` (unfolded lines).
        public var lines: [String]
        /// The occurrence it changes, as a date (its `RECURRENCE-ID` read as `DUE` is); nil
        /// when the value cannot be read.
        public var due: Due?

        /// An occurrence from its VTODO's lines.
        public init(recurrenceID: String, lines: [String], due: Due? = nil) {
            self.recurrenceID = recurrenceID
            self.lines = lines
            self.due = due
        }
    }

    /// The `listID` importers put in `reminder` before the caller assigns the real one.
    public static let placeholderListID = ReminderList.ID(rawValue: "")
}
