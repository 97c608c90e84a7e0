import Foundation
import TickActions
import TickModel
import TickStore

/// A reminder's fields in a request body, read into the requests the actions take:
/// dates in the words `--due` takes or ISO 8601 (with an RFC 9557 zone name in brackets),
/// and `dueKind`/`startKind` beside them; repeat rules as `--repeat`, alarms as `--alarm`
/// (offsets) or `--remind` (dates), lists by id, parents by uid.
struct ReminderFields {
    static let allowed: Set<String> = ["title", "list", "notes", "due", "dueKind", "start", "startKind", "priority", "flagged",
                                       "tags", "url", "repeat", "repeatFrom", "alarms", "parent"]

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
        reminder.isFlagged = try body.bool("flagged", allowsNull: false).value ?? false
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
        edit.isFlagged = try body.bool("flagged", allowsNull: false).value
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

    /// A date field: the words `--due` takes, or ISO 8601 (`2026-12-05T09:00-05:00`, or
    /// with a zone name as RFC 9557 writes it, `2026-12-05T09:00[America/New_York]`), read
    /// in the server's zone and clock.
    ///
    /// The member `KEY + "Kind"` beside it (`dueKind`, `startKind`), optional, says which
    /// of the three kinds of the reminder JSON the date is: `"floating"` makes a date and
    /// time given without an offset or zone a floating one, a wall clock in no zone
    /// (`{"due": "2026-12-05T09:00", "dueKind": "floating"}`); `"allDay"` and `"timed"`
    /// only check that the date reads as that kind.
    /// - Throws: `Problem` 400 for a kind without its date or of the wrong JSON type; 422
    ///   for a date that cannot be read, an unknown kind, or a date not of the kind given.
    func date(_ key: String) throws -> BodyField<Due> {
        let kindKey = key + "Kind"
        let kind = try body.string(kindKey, allowsNull: false).value
        switch try body.string(key) {
        case .absent where kind == nil: return .absent
        case .null where kind == nil: return .null
        case .absent, .null:
            throw Problem.badRequest("\"\(kindKey)\" says what kind of date \"\(key)\" is; give \"\(key)\" with it")
        case .value(let text):
            let reading: DateGrammar.Reading
            do {
                reading = try DateGrammar.read(text, in: context.dateContext)
            } catch {
                throw Problem.invalid("\(key): " + error.description)
            }
            return .value(try ReminderFields.due(reading, ofKind: kind, key: key, text: text))
        }
    }

    /// The date `reading` as the kind `kind` names (nil: as read).
    private static func due(_ reading: DateGrammar.Reading, ofKind kind: String?, key: String, text: String) throws -> Due {
        let readKind: String
        switch reading.due {
        case .allDay: readKind = "allDay"
        case .timed: readKind = "timed"
        case .floating: readKind = "floating"
        }
        switch kind {
        case nil, readKind?:
            return reading.due
        case "floating"?:
            guard let wallClock = reading.wallClock else {
                let why = readKind == "allDay" ? "it has no time of day" : "it names a UTC offset or a time zone"
                throw Problem.invalid("\(key): '\(text)' cannot be floating: \(why); a floating \(key) is a date and time "
                                      + "with neither, a wall clock in no time zone, as '2026-12-05T09:00'")
            }
            return .floating(wallClock)
        case "allDay"?, "timed"?:
            throw Problem.invalid("\(key): '\(text)' is \(readKind == "allDay" ? "a day without a time" : "a date and time"), "
                                  + "not \(kind == "allDay" ? "all-day" : "timed") as \(key)Kind says")
        case let other?:
            throw Problem.invalid("\(key)Kind: '\(other)' is none of allDay, timed, floating")
        }
    }

    private func priority() throws -> Priority? {
        guard let text = try body.text("priority", allowsNull: false).value else { return nil }
        guard let priority = Priority(parsing: text) else { throw Problem.invalid(ModelError.invalidPriority(text).description) }
        return priority
    }

    /// The tags, cleaned by `TagNames` as `--tag` cleans them.
    private func tags() throws -> [String]? {
        guard let given = try body.strings("tags", allowsNull: false).value else { return nil }
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
        if let text = try body.string("repeatFrom", allowsNull: false).value {
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
