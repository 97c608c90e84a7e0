import Foundation
import TickModel

/// How the values of a VTODO become the fields of a reminder, one rule per property;
/// `VTodoLines` is the way back. The same rules decide whether a line kept verbatim
/// still says what the reminder says (`isConsistent`), so that an export writes the
/// original line only while the user has not changed that field.
///
/// | VTODO (RFC 5545 §3.6.2) | Reminder |
/// | --- | --- |
/// | `UID` | `uid` |
/// | `SUMMARY` | `title` (trimmed; without one: the first line of `DESCRIPTION`, else "Untitled") |
/// | `DESCRIPTION` | `notes` |
/// | `DUE`, `DTSTART` | `due`, `start`: DATE → all-day, floating → floating, UTC or `TZID` → timed |
/// | `PRIORITY` | `priority` (the number is kept; empty or 0 is none) |
/// | `STATUS`, `COMPLETED`, `PERCENT-COMPLETE` | `completedAt`: `STATUS` decides (COMPLETED or CANCELLED is done); without `STATUS`, a `COMPLETED` date or 100 percent; the date is `COMPLETED`, else `LAST-MODIFIED`, `DTSTAMP` or the import time |
/// | `CATEGORIES` (every line) | `tags`, in order, each once |
/// | `RELATED-TO;RELTYPE=PARENT` (or no `RELTYPE`) | `parentUID` |
/// | `URL` | `url` |
/// | `RRULE` | `recurrence` (as libical writes it) |
/// | `CREATED` | `createdAt` (else `DTSTAMP`, else the import time) |
/// | `LAST-MODIFIED` | `modifiedAt` (else `DTSTAMP`, else `createdAt`) |
/// | `VALARM` with `ACTION:DISPLAY` or `ACTION:AUDIO` | `alarms` |
/// | `X-TICK-FLAGGED:TRUE` | `isFlagged` |
/// | `X-TICK-REPEAT-FROM:COMPLETION` | `recurrenceBasis` `.completion` (else `.due`) |
/// | `X-TICK-TITLE`, `X-TICK-NOTES` (base64, a plain value) | the exact `title`, `notes` when TEXT cannot hold them (control characters) and `SUMMARY`, `DESCRIPTION` still say them |
/// | `RELATED-TO;RELTYPE=SNOOZE` in a display VALARM (RFC 9074 §7) | `Alarm.isSnooze` |
enum VTodoMapping {
    /// The title `SUMMARY` gives, trimmed; nil when there is none or it is blank. An
    /// `X-TICK-TITLE` that `SUMMARY` still says (the same text once what TEXT cannot
    /// hold is left out) gives the exact title.
    static func title(_ fields: VTodoFields) -> String? {
        guard let summary = fields.summary else { return nil }
        let title = ICalendarText.trimmed(summary)
        if let exact = fields.exactTitle, ICalendarText.trimmed(ICalendarText.asWritten(exact)) == title { return exact }
        return title.isEmpty ? nil : title
    }

    /// The notes `DESCRIPTION` gives, exact from `X-TICK-NOTES` while `DESCRIPTION`
    /// still says them.
    static func notes(_ fields: VTodoFields) -> String {
        let notes = fields.description ?? ""
        if let exact = fields.exactNotes, ICalendarText.asWritten(exact) == notes { return exact }
        return notes
    }

    /// The title of a VTODO without a usable `SUMMARY`: the first non-blank line of its
    /// `DESCRIPTION` (at most 80 characters), else "Untitled".
    static func fallbackTitle(_ fields: VTodoFields) -> String {
        let firstLine = (fields.description ?? "").split(whereSeparator: \.isNewline)
            .first { !$0.isBlank }.map { String($0).trimmingWhiteSpace() }
        guard let firstLine else { return "Untitled" }
        return firstLine.count > 80 ? String(firstLine.prefix(79)) + "…" : firstLine
    }

    /// Whether the VTODO is done: `STATUS` decides; without it a `COMPLETED` date or
    /// `PERCENT-COMPLETE:100` does.
    static func isDone(_ fields: VTodoFields) -> Bool {
        if let status = fields.status { return isDoneStatus(status) }
        return fields.completed != nil || fields.percentComplete == 100
    }

    /// `COMPLETED` and `CANCELLED` are done, and so are the synonyms other programs write
    /// for `COMPLETED` (`DONE`, `COMPLETE`: not RFC 5545 values, see
    /// `completedSynonyms`); `NEEDS-ACTION`, `IN-PROCESS` and other values are open.
    static func isDoneStatus(_ status: String) -> Bool {
        status == "COMPLETED" || status == "CANCELLED" || completedSynonyms.contains(status)
    }

    /// `STATUS` values that are not RFC 5545's but plainly mean `COMPLETED`.
    static let completedSynonyms: Set<String> = ["DONE", "COMPLETE"]

    /// The reminder a VTODO describes, without `iCalendarExtras` and with a placeholder
    /// list. `uid` replaces a missing `UID`.
    static func reminder(_ fields: VTodoFields, uid: ReminderUID, zones: ICalendarTimeZones, now: Date) -> Reminder {
        let created = fields.created?.utcInstant(zones) ?? fields.dtstamp?.utcInstant(zones) ?? now
        let modified = fields.lastModified?.utcInstant(zones) ?? fields.dtstamp?.utcInstant(zones) ?? created
        var completedAt: Date?
        if isDone(fields) {
            completedAt = fields.completed?.utcInstant(zones) ?? fields.lastModified?.utcInstant(zones)
                ?? fields.dtstamp?.utcInstant(zones) ?? now
        }
        var tags: [String] = []
        var seen = Set<String>()
        for tag in fields.categories {
            let trimmed = ICalendarText.trimmed(tag)
            if !trimmed.isEmpty, seen.insert(trimmed).inserted { tags.append(trimmed) }
        }
        return Reminder(
            uid: uid, listID: ImportedReminder.placeholderListID,
            title: title(fields) ?? fallbackTitle(fields),
            notes: notes(fields),
            due: fields.due?.due(zones), start: fields.start?.due(zones),
            priority: Priority(iCalendarValue: fields.priority ?? 0),
            isFlagged: fields.isFlagged ?? false,
            completedAt: completedAt,
            parentUID: fields.parentUID.map(ReminderUID.init(_:)),
            tags: tags,
            url: fields.url.flatMap { $0.isEmpty ? nil : $0 },
            recurrence: fields.rrule.map(RecurrenceRule.init(rruleValue:)),
            alarms: alarms(fields, reminderUID: uid, zones: zones),
            createdAt: created, modifiedAt: modified,
            recurrenceBasis: fields.repeatFrom == "COMPLETION" ? .completion : .due)
    }

    /// The alarms of the display and audio VALARMs, in order. One without a `UID` gets
    /// `<reminder UID>-alarm-<n>`, n counting such alarms from 1, so it is the same on
    /// every import.
    static func alarms(_ fields: VTodoFields, reminderUID: ReminderUID, zones: ICalendarTimeZones) -> [Alarm] {
        var anonymous = 0
        return fields.alarms.compactMap { alarm in
            guard let alarm else { return nil }
            return VTodoMapping.alarm(alarm, reminderUID: reminderUID, anonymous: &anonymous, zones: zones)
        }
    }

    /// The UID of the `number`th VALARM without one (from 1) of the reminder `reminderUID`.
    static func anonymousAlarmUID(of reminderUID: ReminderUID, number: Int) -> String {
        "\(reminderUID)-alarm-\(number)"
    }

    /// One alarm; `anonymous` counts alarms without a `UID` so far.
    static func alarm(_ alarm: VTodoFields.AlarmFields, reminderUID: ReminderUID, anonymous: inout Int,
                      zones: ICalendarTimeZones) -> Alarm {
        let uid: String
        if let given = alarm.uid {
            uid = given
        } else {
            anonymous += 1
            uid = anonymousAlarmUID(of: reminderUID, number: anonymous)
        }
        let trigger: Alarm.Trigger
        var isExact = false
        switch alarm.trigger {
        case .relative(let seconds, let toEnd, let exact):
            trigger = .relative(seconds: seconds, toStart: !toEnd)
            isExact = exact
        case .absolute(let time): trigger = .absolute(time.utcInstant(zones))
        }
        return Alarm(uid: uid, trigger: trigger, firedAt: alarm.acknowledged?.utcInstant(zones), isSnooze: alarm.isSnooze,
                     isExactOffset: isExact, isSilenced: alarm.isSilenced)
    }

    /// Whether a kept line of property `name`, read as `shadow`, says what `reminder`
    /// says for that property (dates compared to the second).
    static func isConsistent(_ name: String, shadow: VTodoFields, with reminder: Reminder, zones: ICalendarTimeZones) -> Bool {
        switch name {
        case "UID": return shadow.uid == reminder.uid.rawValue
        case "SUMMARY": return title(shadow) == reminder.title
        // An empty `DESCRIPTION:` (libical reads none) says "no notes".
        case "DESCRIPTION": return (shadow.description ?? "") == reminder.notes
        case "URL": return shadow.url == reminder.url
        case "DUE": return shadow.due.map { $0.due(zones) } == reminder.due
        case "DTSTART": return shadow.start.map { $0.due(zones) } == reminder.start
        case "PRIORITY": return Priority(iCalendarValue: shadow.priority ?? 0) == reminder.priority
        case "STATUS": return shadow.status.map(isDoneStatus) == reminder.isCompleted
        case "COMPLETED":
            guard let completedAt = reminder.completedAt, let value = shadow.completed else { return false }
            return value.utcInstant(zones).isInSameSecond(as: completedAt)
        case "PERCENT-COMPLETE":
            guard let percent = shadow.percentComplete else { return false }
            return reminder.isCompleted ? percent == 100 : percent < 100
        case "RELATED-TO": return shadow.parentUID != nil && shadow.parentUID == reminder.parentUID?.rawValue
        case "CREATED": return shadow.created.map { $0.utcInstant(zones).isInSameSecond(as: reminder.createdAt) } ?? false
        case "LAST-MODIFIED": return shadow.lastModified.map { $0.utcInstant(zones).isInSameSecond(as: reminder.modifiedAt) } ?? false
        case "RRULE": return shadow.rrule != nil && shadow.rrule == reminder.recurrence?.rruleValue
        case "X-TICK-FLAGGED": return (shadow.isFlagged ?? false) == reminder.isFlagged
        case "X-TICK-REPEAT-FROM": return (shadow.repeatFrom == "COMPLETION") == (reminder.recurrenceBasis == .completion)
        case "X-TICK-TITLE": return shadow.exactTitle == reminder.title
        case "X-TICK-NOTES": return shadow.exactNotes == reminder.notes
        case "CATEGORIES":
            let tags = Set(reminder.tags)
            let values = shadow.categories.map(ICalendarText.trimmed).filter { !$0.isEmpty }
            return !values.isEmpty && values.allSatisfy(tags.contains)
        default: return false
        }
    }
}
