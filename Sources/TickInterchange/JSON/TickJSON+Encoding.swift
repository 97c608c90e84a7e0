import Foundation
import TickModel

/// Tick's own JSON shapes: what `--json` prints and what `tick export --format json`
/// writes (and `tick import` reads back). Keys are API: never renamed, only added.
///
/// A reminder:
/// ```
/// { "number": 12, "uid": "…", "listID": "…", "list": "Groceries", "title": "…", "notes": "",
///   "due": "2026-12-01" | "2026-12-01T09:00:00+09:00" | "2026-12-01T09:00:00" | null,
///   "dueKind": "allDay" | "timed" | "floating" | null, "dueTimeZone": "Asia/Seoul" | null,
///   "start": …, "startKind": …, "startTimeZone": …,
///   "priority": "none" | "low" | "medium" | "high", "iCalendarPriority": 0…9,
///   "flagged": false, "completed": false, "completedAt": "2026-12-01T08:00:00Z" | null,
///   "position": 1024, "parentUID": null, "tags": [], "url": null, "recurrence": null,
///   "repeatFrom": "due" | "completion",
///   "alarms": [ { "uid": "…", "trigger": "-PT10M", "related": "due" | "start" } |
///               { "uid": "…", "at": "2026-12-01T08:00:00Z" }, each with "firedAt" (when it rang), "snooze", "silenced" and
///               "silencedAt" ],
///   "iCalendarExtras": "" (iCalendar lines kept for round trips),
///   "createdAt": "…Z", "modifiedAt": "…Z" }
/// ```
/// A list: `{ "id", "name", "color": "#RRGGBB", "colorName": "green" | null, "position",
/// "openCount"? , "createdAt", "modifiedAt" }`. Instants are UTC ISO 8601.
public enum TickJSON {
    /// The JSON object of a reminder; `listName` fills `"list"`.
    public static func object(for reminder: Reminder, listName: String?) -> JSONValue {
        let due = dueFields(reminder.due)
        let start = dueFields(reminder.start)
        return .object([
            ("number", .int(reminder.number.rawValue)),
            ("uid", .string(reminder.uid.rawValue)),
            ("listID", .string(reminder.listID.rawValue)),
            ("list", .optional(listName)),
            ("title", .string(reminder.title)),
            ("notes", .string(reminder.notes)),
            ("due", due.value), ("dueKind", due.kind), ("dueTimeZone", due.zone),
            ("start", start.value), ("startKind", start.kind), ("startTimeZone", start.zone),
            ("priority", .string(reminder.priority.level.rawValue)),
            ("iCalendarPriority", .int(Int64(reminder.priority.iCalendarValue))),
            ("flagged", .bool(reminder.isFlagged)),
            ("completed", .bool(reminder.isCompleted)),
            ("completedAt", .optional(reminder.completedAt.map(instant))),
            ("position", .int(reminder.position)),
            ("parentUID", .optional(reminder.parentUID?.rawValue)),
            ("tags", .array(reminder.tags.map(JSONValue.string))),
            ("url", .optional(reminder.url)),
            ("recurrence", .optional(reminder.recurrence?.rruleValue)),
            ("repeatFrom", .string(reminder.recurrenceBasis.rawValue)),
            ("alarms", .array(reminder.alarms.map(object(for:)))),
            ("iCalendarExtras", .string(reminder.iCalendarExtras)),
            ("createdAt", .string(instant(reminder.createdAt))),
            ("modifiedAt", .string(instant(reminder.modifiedAt))),
        ])
    }

    /// The JSON object of a list, with its open count when known.
    public static func object(for list: ReminderList, openCount: Int? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(list.id.rawValue)),
            ("name", .string(list.name)),
            ("color", .string(list.color.hex)),
            ("colorName", .optional(list.color.name)),
            ("position", .int(Int64(list.position))),
        ]
        if let openCount { members.append(("openCount", .int(Int64(openCount)))) }
        members.append(("iCalendarExtras", .string(list.iCalendarExtras)))
        members.append(("createdAt", .string(instant(list.createdAt))))
        members.append(("modifiedAt", .string(instant(list.modifiedAt))))
        return .object(members)
    }

    /// The JSON object of an alarm: `uid`; `trigger` (an RFC 5545 duration) and
    /// `related` (`due` or `start`), or `at` (UTC); `firedAt` (when it rang, else null);
    /// `snooze`; `silenced` (it will not ring: its time was past when it was set) and
    /// `silencedAt` (when it was marked so, else null).
    public static func object(for alarm: Alarm) -> JSONValue {
        var members: [(String, JSONValue)] = [("uid", .string(alarm.uid))]
        switch alarm.trigger {
        case .relative(let seconds, let toStart):
            members.append(("trigger", .string(durationText(seconds, exact: alarm.isExactOffset))))
            members.append(("related", .string(toStart ? "start" : "due")))
        case .absolute(let date):
            members.append(("at", .string(instant(date))))
        }
        // `firedAt` is when it rang; an alarm marked done without ringing (already past
        // when it was set) is `silenced`, with the time it was marked as `silencedAt`.
        members.append(("firedAt", .optional(alarm.isSilenced ? nil : alarm.firedAt.map(instant))))
        members.append(("snooze", .bool(alarm.isSnooze)))
        members.append(("silenced", .bool(alarm.isSilenced)))
        members.append(("silencedAt", .optional(alarm.isSilenced ? alarm.firedAt.map(instant) : nil)))
        return .object(members)
    }

    /// The JSON object of a completed occurrence of a repeating reminder, as a Tick archive
    /// writes it in the reminder's `"completedOccurrences"`: `{ "due", "dueKind",
    /// "dueTimeZone" }` as a reminder's due date is written, and `"completedAt"` (UTC).
    public static func object(for occurrence: CompletedOccurrence) -> JSONValue {
        let due = dueFields(occurrence.due)
        return .object([("due", due.value), ("dueKind", due.kind), ("dueTimeZone", due.zone),
                        ("completedAt", .string(instant(occurrence.completedAt)))])
    }

    /// The JSON object of one change of the change journal, as `tick undo --list --json` and
    /// `GET /api/v1/changes` give it: `{ "id", "madeAt", "command", "undoneAt", "reminders":
    /// { "added", "deleted", "changed" }, "lists": { … } }` (instants in UTC, `undoneAt` null
    /// for a change not undone).
    public static func object(for change: JournalChange) -> JSONValue {
        let summary = change.summary
        return .object([
            ("id", .int(change.id)),
            ("madeAt", .string(instant(change.madeAt))),
            ("command", .string(change.command)),
            ("undoneAt", .optional(change.undoneAt.map(instant))),
            ("reminders", .object([("added", .int(Int64(summary.remindersAdded))), ("deleted", .int(Int64(summary.remindersDeleted))),
                                   ("changed", .int(Int64(summary.remindersChanged)))])),
            ("lists", .object([("added", .int(Int64(summary.listsAdded))), ("deleted", .int(Int64(summary.listsDeleted))),
                               ("changed", .int(Int64(summary.listsChanged)))])),
        ])
    }

    /// The `"due"`, `"dueKind"` and `"dueTimeZone"` values of a due date.
    static func dueFields(_ due: Due?) -> (value: JSONValue, kind: JSONValue, zone: JSONValue) {
        switch due {
        case nil: return (.null, .null, .null)
        case .allDay?: return (.string(due?.iso8601 ?? ""), .string("allDay"), .null)
        case .floating?: return (.string(due?.iso8601 ?? ""), .string("floating"), .null)
        case .timed(_, let zone)?: return (.string(due?.iso8601 ?? ""), .string("timed"), .string(zone.rawValue))
        }
    }

    /// UTC ISO 8601 with whole seconds: `2026-12-01T08:00:00Z`.
    public static func instant(_ date: Date) -> String {
        LocalDateTime(secondsSinceEpochAsUTC: Int(date.timeIntervalSince1970.rounded(.down))).description + "Z"
    }

    /// An RFC 5545 duration (§3.3.6) for a signed number of seconds: `-PT10M`, `P1D`, `PT0S`.
    ///
    /// - Parameter exact: write whole days as hours (`-PT24H`: exact time) rather than as
    ///   days (`-P1D`: nominal, the same wall-clock time), per `Alarm.isExactOffset`.
    public static func durationText(_ seconds: Int, exact: Bool = false) -> String {
        var rest = abs(seconds)
        var text = seconds < 0 ? "-P" : "P"
        if rest == 0 { return "PT0S" }
        if !exact, rest % 604_800 == 0 { return text + "\(rest / 604_800)W" }
        let days = exact ? 0 : rest / 86_400
        rest -= days * 86_400
        if days > 0 { text += "\(days)D" }
        if rest > 0 {
            text += "T"
            if rest / 3_600 > 0 { text += "\(rest / 3_600)H" }
            if rest % 3_600 / 60 > 0 { text += "\(rest % 3_600 / 60)M" }
            if rest % 60 > 0 { text += "\(rest % 60)S" }
        }
        return text
    }
}
