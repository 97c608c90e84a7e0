import Foundation
import TickModel

/// What `Actions.add` is asked to add: the fields of a new reminder, with the list and
/// parent named as a user names them.
public struct NewReminder: Hashable, Sendable {
    /// The title (trimmed; blank is refused).
    public var title: String
    /// The list; nil: the parent's list for a subtask, else the first list.
    public var list: ListReference?
    public var notes: String
    public var due: Due?
    public var start: Due?
    public var priority: Priority
    public var isFlagged: Bool
    /// Tags, as given (a front end reads and dedupes them).
    public var tags: [String]
    /// A link; blank means none.
    public var url: String?
    /// The reminder it is a subtask of.
    public var parent: Reminder.Number?
    /// The repeat rule and alarms.
    public var schedule: ScheduleEdit

    /// A new reminder with `title`; every other field empty unless given.
    public init(title: String, list: ListReference? = nil, notes: String = "", due: Due? = nil, start: Due? = nil,
                priority: Priority = .none, isFlagged: Bool = false, tags: [String] = [], url: String? = nil,
                parent: Reminder.Number? = nil, schedule: ScheduleEdit = ScheduleEdit()) {
        self.title = title
        self.list = list
        self.notes = notes
        self.due = due
        self.start = start
        self.priority = priority
        self.isFlagged = isFlagged
        self.tags = tags
        self.url = url
        self.parent = parent
        self.schedule = schedule
    }
}
