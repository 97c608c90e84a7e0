import Foundation
import TickActions
import TickModel
import TickStore

/// A reminder's fields in a request body, read into the requests the actions take:
/// dates in the words `--due` takes or ISO 8601, repeat rules as `--repeat`, alarms as
/// `--alarm` (offsets) or `--remind` (dates), lists by id, parents by uid.
struct ReminderFields {
    static let allowed: Set<String> = ["title", "list", "notes", "due", "start", "priority", "flagged", "tags", "url",
                                       "repeat", "repeatFrom", "alarms", "parent"]

    let body: JSONBody
    let context: ActionContext

    /// What `POST /api/v1/reminders` asks to add.
    /// - Throws: `Problem` 400 (types) or 422 (values), 404 for a parent that is none.
    func newReminder(in db: some ReminderStore) throws -> NewReminder {
        var reminder = NewReminder(title: try body.string("title").value ?? "")
        reminder.list = try list()
        reminder.notes = try body.string("notes").value ?? ""
        reminder.due = try date("due").value
        reminder.start = try date("start").value
        if let priority = try priority() { reminder.priority = priority }
        reminder.isFlagged = try body.bool("flagged").value ?? false
        reminder.tags = try tags() ?? []
        reminder.url = try body.string("url").value
        reminder.parent = try parent(in: db).value
        reminder.schedule = try schedule(replacingAlarms: false)
        return reminder
    }

    /// What `PATCH /api/v1/reminders/{uid}` asks to change.
    /// - Throws: `Problem` 400 (types) or 422 (values), 404 for a parent that is none.
    func edit(in db: some ReminderStore) throws -> ReminderEdit {
        var edit = ReminderEdit()
        switch try body.string("title") {
        case .absent: break
        case .null: throw Problem.invalid("title: " + ModelError.blankName(.reminderTitle).description)
        case .value(let title): edit.title = title
        }
        edit.list = try list()
        edit.notes = WebService.fieldEdit(try body.string("notes"))
        edit.due = WebService.fieldEdit(try date("due"))
        edit.start = WebService.fieldEdit(try date("start"))
        edit.priority = try priority()
        edit.isFlagged = try body.bool("flagged").value
        if let tags = try tags() { edit.tags = TagEdit(removesAll: true, added: tags) }
        edit.url = WebService.fieldEdit(try body.string("url"))
        edit.parent = WebService.fieldEdit(try parent(in: db))
        edit.schedule = try schedule(replacingAlarms: true)
        return edit
    }

    private func list() throws -> ListReference? {
        switch try body.string("list") {
        case .absent: return nil
        case .null: throw Problem.badRequest("\"list\" must be a list id")
        case .value(let id): return .id(ReminderList.ID(rawValue: id))
        }
    }

    /// A date field: the words `--due` takes, or ISO 8601.
    func date(_ key: String) throws -> BodyField<Due> {
        switch try body.string(key) {
        case .absent: return .absent
        case .null: return .null
        case .value(let text):
            do {
                return .value(try DateGrammar.read(text, in: context.dateContext).due)
            } catch {
                throw Problem.invalid("\(key): " + error.description)
            }
        }
    }

    private func priority() throws -> Priority? {
        guard let text = try body.text("priority").value else { return nil }
        guard let priority = Priority(parsing: text) else { throw Problem.invalid(ModelError.invalidPriority(text).description) }
        return priority
    }

    /// The tags, cleaned by `TagNames` as `--tag` cleans them.
    private func tags() throws -> [String]? {
        guard let given = try body.strings("tags").value else { return nil }
        var tags: [String] = []
        for text in given {
            guard let tag = TagNames.cleaned(text) else { throw Problem.invalid("tags: a tag may not be blank") }
            TagNames.append(tag, to: &tags)
        }
        return tags
    }

    private func parent(in db: some ReminderStore) throws -> BodyField<Reminder.Number> {
        switch try body.string("parent") {
        case .absent: return .absent
        case .null: return .null
        case .value(let uid): return .value(try WebService.existingReminder(uid: uid, in: db).number)
        }
    }

    /// The repeat rule and alarms. `alarms` replaces the alarms on a change; on an add,
    /// an empty array means none (no default alarm).
    private func schedule(replacingAlarms: Bool) throws -> ScheduleEdit {
        var schedule = ScheduleEdit()
        switch try body.string("repeat") {
        case .absent: break
        case .null: schedule.recurrence = .clear
        case .value(let text):
            do { schedule.recurrence = .set(try RepeatPhrase.rule(text)) } catch { throw Problem.invalid("repeat: " + error.description) }
        }
        if let text = try body.string("repeatFrom").value {
            guard let basis = RecurrenceBasis(rawValue: text.lowercased()) else {
                throw Problem.invalid("repeatFrom: '\(text)' is neither 'due' nor 'completion'")
            }
            schedule.recurrenceBasis = basis
        }
        let alarms = try body.strings("alarms")
        guard alarms.isGiven else { return schedule }
        schedule.removesAlarms = replacingAlarms || alarms.value?.isEmpty != false
        for text in alarms.value ?? [] {
            let trimmed = text.trimmingWhiteSpace()
            if trimmed == "0" || trimmed.hasPrefix("-") || trimmed.hasPrefix("+") || trimmed.uppercased().hasPrefix("P") {
                do { schedule.alarmOffsets.append(try Alarm.alarmOffset(parsing: trimmed)) } catch {
                    throw Problem.invalid("alarms: " + error.description)
                }
            } else {
                do {
                    let due = try DateGrammar.parse(trimmed, in: context.dateContext)
                    schedule.alarmInstants.append(context.alarmDefaults.ringInstant(for: due, in: context.timeZone))
                } catch {
                    throw Problem.invalid("alarms: " + error.description)
                }
            }
        }
        return schedule
    }
}

extension WebService {
    /// A field of a change: absent keeps, null clears, a value sets.
    static func fieldEdit<Value>(_ field: BodyField<Value>) -> FieldEdit<Value> {
        switch field {
        case .absent: return .keep
        case .null: return .clear
        case .value(let value): return .set(value)
        }
    }
}
