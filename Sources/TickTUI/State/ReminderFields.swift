import Foundation
import TickActions
import TickModel

/// Some fields of one reminder, each nil when it is not part of the set: what an edit
/// writes (only the fields the user changed), and the two sides of an undo step (the
/// values a change wrote and the values before it). A change is applied to the reminder
/// as it is stored when it is applied, never to a copy read earlier, so that fields
/// changed meanwhile by another `tick` are kept.
struct ReminderFields: Hashable, Sendable {
    /// A field that a set can hold, named as the status line names it.
    enum Field: String, CaseIterable, Hashable, Sendable {
        case title, notes, tags
        case due = "due date"
        case start = "start date"
        case url = "URL"
        /// The list, with the place in it.
        case list, priority
        case flag
        case completion
        case alarms
        case recurrence = "repeat"
        /// The reminder it is a subtask of.
        case parent
    }

    var title: String?
    var notes: String?
    var tags: [String]?
    /// `.some(nil)` sets "no due date".
    var due: Due??
    /// `.some(nil)` sets "no start date".
    var start: Due??
    /// `.some(nil)` sets "no link".
    var url: String??
    var listID: ReminderList.ID?
    /// The place in the list; written only together with `listID`.
    var position: Int64?
    var priority: Priority?
    var isFlagged: Bool?
    /// `.some(nil)` sets "open".
    var completedAt: Date??
    var alarms: [Alarm]?
    /// `.some(nil)` sets "does not repeat".
    var recurrence: RecurrenceRule??
    /// The parent's UID; `.some(nil)` sets "top-level". Written only by undo; a new
    /// parent goes through ``Change/reparent(_:parent:placement:)``.
    var parentUID: ReminderUID??

    /// The fields that are part of the set, in declaration order.
    var fields: [Field] {
        Field.allCases.filter { field in
            switch field {
            case .title: title != nil
            case .notes: notes != nil
            case .tags: tags != nil
            case .due: due != nil
            case .start: start != nil
            case .url: url != nil
            case .list: listID != nil
            case .priority: priority != nil
            case .flag: isFlagged != nil
            case .completion: completedAt != nil
            case .alarms: alarms != nil
            case .recurrence: recurrence != nil
            case .parent: parentUID != nil
            }
        }
    }

    /// Whether the set holds no field.
    var isEmpty: Bool { fields.isEmpty }
}

extension ReminderFields {
    /// The values of `fields` in `reminder`.
    init(_ reminder: Reminder, fields: [Field]) {
        for field in fields {
            switch field {
            case .title: title = reminder.title
            case .notes: notes = reminder.notes
            case .tags: tags = reminder.tags
            case .due: due = .some(reminder.due)
            case .start: start = .some(reminder.start)
            case .url: url = .some(reminder.url)
            case .list:
                listID = reminder.listID
                position = reminder.position
            case .priority: priority = reminder.priority
            case .flag: isFlagged = reminder.isFlagged
            case .completion: completedAt = .some(reminder.completedAt)
            case .alarms: alarms = reminder.alarms
            case .recurrence: recurrence = .some(reminder.recurrence)
            case .parent: parentUID = .some(reminder.parentUID)
            }
        }
    }

    /// The fields in which `new` differs from `old` (a move inside its list is not a
    /// change of `list`).
    static func differences(from old: Reminder, to new: Reminder) -> [Field] {
        let all = Field.allCases
        let before = ReminderFields(old, fields: all), after = ReminderFields(new, fields: all)
        return all.filter { !before.hasSameValue(as: after, in: $0) }
    }

    /// Whether `reminder` holds this set's value of `field`.
    func isHeld(_ field: Field, by reminder: Reminder) -> Bool {
        hasSameValue(as: ReminderFields(reminder, fields: [field]), in: field)
    }

    /// Writes the value of `field` into `reminder` (the list with its place).
    func write(_ field: Field, to reminder: inout Reminder) {
        switch field {
        case .title: if let title { reminder.title = title }
        case .notes: if let notes { reminder.notes = notes }
        case .tags: if let tags { reminder.tags = tags }
        case .due: if let due { reminder.due = due }
        case .start: if let start { reminder.start = start }
        case .url: if let url { reminder.url = url }
        case .list:
            if let listID { reminder.listID = listID }
            if let position { reminder.position = position }
        case .priority: if let priority { reminder.priority = priority }
        case .flag: if let isFlagged { reminder.isFlagged = isFlagged }
        case .completion: if let completedAt { reminder.completedAt = completedAt }
        case .alarms: if let alarms { reminder.alarms = alarms }
        case .recurrence: if let recurrence { reminder.recurrence = recurrence }
        case .parent: if let parentUID { reminder.parentUID = parentUID }
        }
    }

    private func hasSameValue(as other: ReminderFields, in field: Field) -> Bool {
        switch field {
        case .title: title == other.title
        case .notes: notes == other.notes
        case .tags: tags == other.tags
        case .due: due == other.due
        case .start: start == other.start
        case .url: url == other.url
        case .list: listID == other.listID
        case .priority: priority == other.priority
        case .flag: isFlagged == other.isFlagged
        case .completion: completedAt == other.completedAt
        case .alarms: alarms == other.alarms
        case .recurrence: recurrence == other.recurrence
        case .parent: parentUID == other.parentUID
        }
    }
}

extension ReminderFields {
    /// The edit these fields ask for, for ``Change/edit(_:_:)``: title, notes, tags, due and
    /// start dates (set or cleared), the link, the end of a repeat, list, priority and flag, the fields the
    /// detail view and the quick keys change. The other fields (and a rule set) are put
    /// back only by undo (`revert`).
    var edit: ReminderEdit {
        precondition(completedAt == nil && alarms == nil && position == nil && parentUID == nil
                     && (recurrence == nil || recurrence == .some(nil)),
                     "an edit sets only the fields a user edits; undo writes the others")
        return ReminderEdit(title: title, notes: notes.map { .set($0) } ?? .keep,
                            due: due.map { $0.map { .set($0) } ?? .clear } ?? .keep,
                            start: start.map { $0.map { .set($0) } ?? .clear } ?? .keep,
                            priority: priority, isFlagged: isFlagged, list: listID.map { .id($0) },
                            tags: tags.map { TagEdit(removesAll: true, added: $0) } ?? TagEdit(),
                            url: url.map { $0.map { .set($0) } ?? .clear } ?? .keep,
                            schedule: ScheduleEdit(recurrence: recurrence == .some(nil) ? .clear : .keep))
    }
}
