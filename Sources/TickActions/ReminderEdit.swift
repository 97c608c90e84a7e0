import TickModel

/// What `Actions.edit` is asked to change in one reminder: each field is kept unless
/// the edit says otherwise.
public struct ReminderEdit: Hashable, Sendable {
    /// A new title (trimmed; blank is refused); nil keeps it.
    public var title: String?
    public var notes: FieldEdit<String>
    public var due: FieldEdit<Due>
    public var start: FieldEdit<Due>
    /// A new priority; nil keeps it.
    public var priority: Priority?
    /// Flag (true) or unflag (false); nil keeps it.
    public var isFlagged: Bool?
    /// Another list, at its end, with the subtasks that are in the reminder's list; nil keeps it.
    public var list: ListReference?
    public var tags: TagEdit
    /// A link (a blank one clears it).
    public var url: FieldEdit<String>
    /// The reminder it is a subtask of; `clear` makes it top-level.
    public var parent: FieldEdit<Reminder.Number>
    /// The repeat rule and alarms.
    public var schedule: ScheduleEdit

    /// An edit; with no arguments, one that changes nothing.
    public init(title: String? = nil, notes: FieldEdit<String> = .keep, due: FieldEdit<Due> = .keep,
                start: FieldEdit<Due> = .keep, priority: Priority? = nil, isFlagged: Bool? = nil,
                list: ListReference? = nil, tags: TagEdit = TagEdit(), url: FieldEdit<String> = .keep,
                parent: FieldEdit<Reminder.Number> = .keep, schedule: ScheduleEdit = ScheduleEdit()) {
        self.title = title
        self.notes = notes
        self.due = due
        self.start = start
        self.priority = priority
        self.isFlagged = isFlagged
        self.list = list
        self.tags = tags
        self.url = url
        self.parent = parent
        self.schedule = schedule
    }
}

/// What an edit does to the tags: remove them all, then add and remove some. Tags are
/// compared with ASCII case ignored (`Work` and `work` are one tag).
public struct TagEdit: Hashable, Sendable {
    /// Remove every tag first.
    public var removesAll: Bool
    /// Tags to add (one already there is not added twice).
    public var added: [String]
    /// Tags to remove.
    public var removed: [String]

    /// A tag edit; with no arguments, one that changes nothing.
    public init(removesAll: Bool = false, added: [String] = [], removed: [String] = []) {
        self.removesAll = removesAll
        self.added = added
        self.removed = removed
    }

    /// `tags` after the edit.
    func applied(to tags: [String]) -> [String] {
        var result = removesAll ? [] : tags
        for tag in added { TagNames.append(tag, to: &result) }
        result.removeAll { TagNames.contains(removed, $0) }
        return result
    }
}
