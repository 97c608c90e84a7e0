/// Why a value from the user or from a file was refused by the model's rules.
public enum ModelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What a blank name was meant to name.
    public enum NameKind: String, Sendable {
        case reminderTitle = "title"
        case listName = "list name"
    }

    /// A title or list name with nothing visible in it.
    case blankName(NameKind)
    /// A name longer than `limit` characters (`Names.longestListName`).
    case nameTooLong(NameKind, limit: Int)
    /// A color that is neither a palette name nor `#RRGGBB`.
    case invalidColor(String)
    /// A date or time phrase the grammar does not understand; `reason` says which part.
    case invalidDate(String, reason: String)
    /// A priority that is not none/low/medium/high or 0–9.
    case invalidPriority(String)
    /// A recurrence rule or `--repeat` phrase Tick cannot read or expand; `reason` says
    /// which part.
    case invalidRecurrence(String, reason: String)
    /// An alarm offset or snooze duration Tick cannot read; `reason` says what to write.
    case invalidDuration(String, reason: String)
    /// A repeating reminder was to lose its due date, from which its occurrences count.
    case repeatNeedsDueDate
    /// A search query the query language cannot read (`SearchQuery`); `position` is the
    /// 1-based character where the fault starts, nil for a blank query.
    case invalidSearch(reason: String, position: Int?)
    /// A line of tags Tick cannot read; `reason` says where.
    case invalidTags(String)
    /// A link (`url`) with a control character in it: a line break, a tab, DEL.
    case invalidLink

    public var description: String {
        switch self {
        case .blankName(let kind):
            return "the \(kind.rawValue) is empty or only white space; give it some visible text"
        case .nameTooLong(let kind, let limit):
            return "the \(kind.rawValue) is longer than \(limit) characters; give a shorter one"
        case .invalidColor(let text):
            let names = ListColor.palette.map(\.name).joined(separator: ", ")
            return "'\(text)' is not a color; use one of \(names), #RRGGBB or #RGB"
        case .invalidDate(let text, let reason):
            return "cannot read '\(text)' as a date: \(reason)"
        case .invalidPriority(let text):
            return "'\(text)' is not a priority; use none, low, medium or high, or an iCalendar priority 0–9"
        case .invalidRecurrence(let text, let reason):
            return "cannot repeat '\(text)': \(reason)"
        case .invalidDuration(let text, let reason):
            return "cannot read '\(text)' as a duration: \(reason)"
        case .repeatNeedsDueDate:
            return "a repeating reminder needs a due date; stop it repeating first"
        case .invalidSearch(let reason, let position?):
            return "cannot read the search at character \(position): \(reason)"
        case .invalidSearch(let reason, nil):
            return "cannot read the search: \(reason)"
        case .invalidTags(let reason):
            return "cannot read the tags: \(reason)"
        case .invalidLink:
            return "the link holds a control character (a line break, a tab); a link is one line of text"
        }
    }
}
