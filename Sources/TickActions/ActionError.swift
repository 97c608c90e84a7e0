import TickModel

/// Why an action could not be done. The one public error type of TickActions.
///
/// Carries what a front end needs to word its own message (a number, a name, the names
/// there are), never command-line advice: the CLI says "see 'tick list all'", the web app
/// says something else.
public enum ActionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No reminder has this number (it never existed, or it was deleted).
    case reminderNotFound(Reminder.Number)
    /// No list has this name; `existing` are the names of the lists there are, in order.
    case listNotFound(name: String, existing: [String])

    // MARK: Lists, order, delete and restore

    /// The list (found by identifier) is gone: another process deleted it.
    case listGone(ReminderList.ID)
    /// Another list already has this name (case and normalization ignored);
    /// `existing` is that list's name as it is spelled.
    case listNameTaken(existing: String)
    /// The list holds reminders and deleting it was not forced.
    case listNotEmpty(name: String, reminderCount: Int)
    /// The list is the only one; a database always has one.
    case lastList(name: String)
    /// A position outside `1...` (positions count from 1).
    case positionOutOfRange(Int)
    /// A reminder cannot be placed before or after itself.
    case placedRelativeToItself(Reminder.Number)
    /// The reminder to place `reminder` beside is in another list (`listName`); a move
    /// stays inside the reminder's list.
    case anchorInAnotherList(reminder: Reminder.Number, anchor: Reminder.Number, listName: String)

    public var description: String {
        switch self {
        case .reminderNotFound(let number):
            return "there is no reminder \(number)"
        case .listNotFound(let name, _):
            return "there is no list named '\(name)'"
        case .listGone:
            return "the list no longer exists"
        case .listNameTaken(let existing):
            return "a list named '\(existing)' already exists"
        case .listNotEmpty(let name, let count):
            return "'\(name)' holds \(count) reminder\(count == 1 ? "" : "s")"
        case .lastList(let name):
            return "'\(name)' is the only list"
        case .positionOutOfRange(let position):
            return "\(position) is not a position; positions count from 1"
        case .placedRelativeToItself(let number):
            return "\(number) cannot be placed relative to itself"
        case .anchorInAnotherList(_, let anchor, let listName):
            return "\(anchor) is in another list ('\(listName)')"
        }
    }
}
