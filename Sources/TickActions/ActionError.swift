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

    public var description: String {
        switch self {
        case .reminderNotFound(let number):
            return "there is no reminder \(number)"
        case .listNotFound(let name, _):
            return "there is no list named '\(name)'"
        }
    }
}
