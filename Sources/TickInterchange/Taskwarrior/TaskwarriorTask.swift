import Foundation
import TickModel

/// One Taskwarrior task (a `task export` object) and the reminder it becomes.
///
/// | Taskwarrior | Tick |
/// | --- | --- |
/// | `uuid` | `uid` (a task without one gets a UID made from its fields, `StableUID`) |
/// | `description` | `title` |
/// | `status` `pending`, `waiting` | open |
/// | `status` `completed` | `completedAt` = `end` (else `modified`, else the import time) |
/// | `status` `deleted` | skipped, counted |
/// | `status` `recurring` (the template of a series) | an open reminder with `recurrence` from `recur` (`daily` → `FREQ=DAILY`, `2w` → `FREQ=WEEKLY;INTERVAL=2`, `weekdays`, … and `until` → `UNTIL`) |
/// | `due` | `due`, timed, shown in the import zone |
/// | `scheduled` | `start`, timed |
/// | `priority` `H`/`M`/`L` | high / medium / low; another value is warned about (with the line) and kept as `X-TASKWARRIOR-PRIORITY` |
/// | another `status` (not text, or not one Taskwarrior writes) | open, warned about (with the line), kept as `X-TASKWARRIOR-STATUS` |
/// | `project` | the list |
/// | `tags` | `tags` |
/// | `annotations` | `notes`, one line each: `2026-12-01T09:00:00Z text` |
/// | `depends` (array, or the old comma-separated string) | `RELATED-TO;RELTYPE=DEPENDS-ON:<uuid>` lines (RFC 9253) in `iCalendarExtras` |
/// | `entry`, `modified` | `createdAt`, `modifiedAt` |
/// | `id`, `urgency` | dropped (Taskwarrior computes them) |
/// | everything else (`wait`, `until`, `start`, `recur`, `parent`, `mask`, `imask`, other priorities, UDAs, unknown keys) | `X-TASKWARRIOR-<KEY>:<value>` lines in `iCalendarExtras` (key upper-cased, characters other than letters, digits and `-` as `-`; strings as TEXT, other values as JSON), so an iCalendar export carries them; `waiting` and `recurring` are kept as `X-TASKWARRIOR-STATUS` |
///
/// Dates may be the compact form Taskwarrior writes (`20261201T090000Z`), extended
/// ISO 8601 with `Z`, or the older epoch seconds (a number or a string of digits).
struct TaskwarriorTask {
    let object: [String: Any]
    let uid: ReminderUID
    /// The line (JSON Lines) or the position in the array, for messages.
    let line: Int
    let source: String?

    /// Whether the task is deleted (then it is skipped).
    var isDeleted: Bool { status == "deleted" }

    private var status: String { (object["status"] as? String)?.lowercased() ?? "pending" }

    /// The statuses Taskwarrior writes, as its JSON task format defines them.
    static let statuses: Set<String> = ["pending", "completed", "deleted", "waiting", "recurring"]

    private func fail(_ kind: InterchangeError.Kind, _ message: String) -> InterchangeError {
        InterchangeError(kind: kind, source: source, line: line, message: message)
    }

    /// The reminder, and warnings about what could not be mapped.
    /// - Throws: `InterchangeError` for a missing or blank description, or a date field
    ///   that is not a date.
    func imported(now: Date, timeZone: TimeZone) throws(InterchangeError) -> (ImportedReminder, [String]) {
        var warnings: [String] = []
        let title = try self.title()
        let created = try date("entry") ?? now
        let modified = try date("modified") ?? created
        var completedAt: Date?
        if status == "completed" {
            let end = try date("end")
            let lastModified = try date("modified")
            completedAt = end ?? lastModified ?? now
        }
        let zone = TimeZoneIdentifier(timeZone)
        var priority = Priority.none
        var extras: [String] = []
        switch (object["priority"] as? String)?.uppercased() {
        case "H"?: priority = .high
        case "M"?: priority = .medium
        case "L"?: priority = .low
        case ""?: break
        case nil where object["priority"] == nil || object["priority"].map(JSONScalar.isNull) == true: break
        default:
            let value = object["priority"].map(TaskwarriorTask.text) ?? ""
            warnings.append(place + "the priority '\(value)' is not H, M or L; it is kept as X-TASKWARRIOR-PRIORITY")
        }
        var recurrence: RecurrenceRule?
        if status == "recurring", let recur = object["recur"] as? String {
            recurrence = TaskwarriorTask.rule(recur, until: try date("until"))
            if recurrence == nil {
                warnings.append(place + "the recurrence '\(recur)' has no iCalendar equivalent Tick knows; it is kept as X-TASKWARRIOR-RECUR")
            }
        }
        if let value = object["status"], !JSONScalar.isNull(value), !(value is String) || !TaskwarriorTask.statuses.contains(status) {
            // Not one Taskwarrior writes: imported as open, and kept so that nothing is lost.
            warnings.append(place + "the status '\(TaskwarriorTask.text(of: value))' is not one Taskwarrior writes; "
                            + "the task is imported as open and the status kept as X-TASKWARRIOR-STATUS")
            extras.append("X-TASKWARRIOR-STATUS:" + ICalendarText.escaped(TaskwarriorTask.text(of: value)))
        } else if status != "pending", status != "completed" {
            extras.append("X-TASKWARRIOR-STATUS:" + ICalendarText.escaped(status))
        }
        for dependency in dependencies() {
            extras.append("RELATED-TO;RELTYPE=DEPENDS-ON:" + ICalendarText.escaped(dependency))
        }
        let mapped: Set<String> = ["uuid", "description", "status", "entry", "modified", "end", "due", "scheduled",
                                   "project", "tags", "annotations", "depends", "id", "urgency"]
        for key in object.keys.sorted() where !mapped.contains(key) {
            if key == "priority", priority != .none { continue }
            guard let value = object[key], !JSONScalar.isNull(value) else { continue }
            extras.append(TaskwarriorTask.extraName(key) + ":" + ICalendarText.escaped(TaskwarriorTask.text(of: value)))
        }
        let reminder = Reminder(
            uid: uid, listID: ImportedReminder.placeholderListID, title: title,
            notes: try notes(),
            due: try date("due").map { .timed($0, timeZone: zone) },
            start: try date("scheduled").map { .timed($0, timeZone: zone) },
            priority: priority, completedAt: completedAt,
            tags: tags(), recurrence: recurrence,
            iCalendarExtras: extras.joined(separator: "\n"),
            createdAt: created, modifiedAt: modified)
        let project = try self.project()
        let statesModification = object["modified"].map { !JSONScalar.isNull($0) } ?? false
        return (ImportedReminder(listName: project, reminder: reminder, lineNumber: line,
                                 statesModification: statesModification), warnings)
    }

    private var place: String { (source.map { $0 + " " } ?? "") + "line \(line): " }

    /// The `description`, validated as a title.
    /// - Throws: `InterchangeError` (`.emptyTask`) when it is missing, not a JSON
    ///   string (naming what it is), or blank.
    private func title() throws(InterchangeError) -> String {
        guard let value = object["description"], !JSONScalar.isNull(value) else {
            throw fail(.emptyTask, "a task without a description; Taskwarrior requires one")
        }
        guard let description = value as? String else {
            throw fail(.emptyTask, "\"description\" is \(TaskwarriorTask.kind(of: value)), not text: \(TaskwarriorTask.text(of: value))")
        }
        guard let title = try? Names.validated(description, as: .reminderTitle) else {
            throw fail(.emptyTask, "the description is blank; Taskwarrior requires one")
        }
        return title
    }

    /// What kind of JSON value `value` is, for messages: "a number", "an array" …
    static func kind(of value: Any) -> String {
        if value is String { return "text" }
        if JSONScalar.isBoolean(value) { return "a boolean" }
        if JSONScalar.number(value) != nil { return "a number" }
        if value is [Any] { return "an array" }
        if value is [String: Any] { return "an object" }
        return "null"
    }

    /// The text items of a string-array field: strings as they are, other scalars as
    /// their JSON text (`1`, `true`), a single string split on commas (the form of older
    /// Taskwarrior versions and hand-written files). Empty and repeated items dropped.
    static func textItems(_ value: Any?) -> [String] {
        let items: [String]
        if let array = value as? [Any] {
            items = array.map { $0 as? String ?? text(of: $0) }
        } else if let string = value as? String {
            items = string.split(separator: ",").map(String.init)
        } else if let value, !JSONScalar.isNull(value) {
            items = [text(of: value)]
        } else {
            items = []
        }
        var result: [String] = []
        for item in items {
            let trimmed = item.trimmingWhiteSpace()
            if !trimmed.isEmpty, !result.contains(trimmed) { result.append(trimmed) }
        }
        return result
    }

    /// The `project` as a list name, or nil for none.
    /// - Throws: `InterchangeError` (`.malformed`) for a project that is not text (a
    ///   number, an array, an object, a boolean: Taskwarrior writes a project as text),
    ///   or blank text.
    private func project() throws(InterchangeError) -> String? {
        guard let value = object["project"], !JSONScalar.isNull(value) else { return nil }
        guard let name = value as? String else {
            throw fail(.malformed, "\"project\" is \(TaskwarriorTask.kind(of: value)), not a project name "
                       + "(Taskwarrior writes it as text, like \"project\": \"123\")")
        }
        guard let valid = try? Names.validated(name, as: .listName) else {
            throw fail(.malformed, "\"project\" is blank; leave it out for the default list")
        }
        return valid
    }

    /// A date field, or nil when absent.
    private func date(_ key: String) throws(InterchangeError) -> Date? {
        guard let value = object[key], !JSONScalar.isNull(value) else { return nil }
        guard let date = TaskwarriorTask.date(value) else {
            throw fail(.invalidDate, "\"\(key)\" is not a date Taskwarrior writes (like 20261201T090000Z)")
        }
        return date
    }

    /// Reads `20261201T090000Z`, `2026-12-01T09:00:00Z`, or epoch seconds (number or digits)
    /// in years 1…9999, as the text forms are (epoch seconds stopped at 2.5e11, in 9892).
    static func date(_ value: Any) -> Date? {
        if let number = JSONScalar.number(value) {
            let seconds = number.doubleValue.rounded(.down)
            guard abs(seconds) < 1e13, CalendarDay(checkedDaysSinceEpoch: Int((seconds / 86_400).rounded(.down))) != nil else { return nil }
            return Date(timeIntervalSince1970: seconds)
        }
        guard let text = (value as? String)?.trimmingWhiteSpace(), !text.isEmpty else { return nil }
        if text.allSatisfy({ $0.isASCII && $0.isNumber }), let seconds = Int(text) { return date(NSNumber(value: seconds)) }
        guard text.hasSuffix("Z"), let local = LocalDateTime(text.dropLast()) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC))
    }

    private func notes() throws(InterchangeError) -> String {
        guard let value = object["annotations"], !JSONScalar.isNull(value) else { return "" }
        // Annotations are objects with `entry` and `description`; anything else in the
        // array (or in place of it) is kept as its text rather than dropped.
        let annotations = value as? [Any] ?? [value]
        var lines: [String] = []
        for item in annotations {
            guard let annotation = item as? [String: Any] else {
                lines.append(item as? String ?? TaskwarriorTask.text(of: item))
                continue
            }
            let text = annotation["description"].map { $0 as? String ?? TaskwarriorTask.text(of: $0) } ?? ""
            if let entry = annotation["entry"], let date = TaskwarriorTask.date(entry) {
                lines.append(TickJSON.instant(date) + " " + text)
            } else {
                lines.append(text)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `tags` as an array, or a comma-separated string (`textItems`).
    private func tags() -> [String] { TaskwarriorTask.textItems(object["tags"]) }

    /// `depends` as an array, or the comma-separated string of Taskwarrior before 2.5.
    private func dependencies() -> [String] { TaskwarriorTask.textItems(object["depends"]) }

    /// `X-TASKWARRIOR-` and the key, upper-cased, other characters than letters, digits
    /// and `-` replaced by `-`.
    static func extraName(_ key: String) -> String {
        "X-TASKWARRIOR-" + String(key.uppercased().map { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" ? $0 : "-" })
    }

    /// A value as text: strings as they are, other JSON as compact JSON; numbers as
    /// written (`0`, `1`, `1.5`) and only real JSON booleans as `true`/`false`
    /// (`JSONScalar`).
    static func text(of value: Any) -> String {
        if let text = value as? String { return text }
        if let scalar = JSONScalar(value) { return scalar.text }
        if JSONSerialization.isValidJSONObject(value),
           let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]) {
            return String(decoding: data, as: UTF8.self)
        }
        return String(describing: value)
    }

    /// The RRULE for a Taskwarrior `recur` value, or nil when there is none; `until`
    /// becomes `UNTIL` (a UTC date-time, to the second).
    static func rule(_ recur: String, until: Date?) -> RecurrenceRule? {
        let text = recur.trimmingWhiteSpace().lowercased()
        var rule: Recurrence
        switch text {
        case "daily", "day", "1d", "1day": rule = Recurrence(frequency: .daily)
        case "weekdays": rule = Recurrence(frequency: .weekly, byDay: [.monday, .tuesday, .wednesday, .thursday, .friday].map { .init($0) })
        case "weekly", "week", "1w", "1wk", "1wks", "1week": rule = Recurrence(frequency: .weekly)
        case "biweekly", "fortnight": rule = Recurrence(frequency: .weekly, interval: 2)
        case "monthly", "month", "1mo", "1mth", "1month": rule = Recurrence(frequency: .monthly)
        case "bimonthly": rule = Recurrence(frequency: .monthly, interval: 2)
        case "quarterly", "1q", "1qtr": rule = Recurrence(frequency: .monthly, interval: 3)
        case "semiannual": rule = Recurrence(frequency: .monthly, interval: 6)
        case "yearly", "annual", "1y", "1yr", "1year": rule = Recurrence(frequency: .yearly)
        case "biannual", "biyearly": rule = Recurrence(frequency: .yearly, interval: 2)
        default:
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            guard let count = Int(digits), count > 0 else { return nil }
            switch text.dropFirst(digits.count) {
            case "d", "day", "days": rule = Recurrence(frequency: .daily, interval: count)
            case "w", "wk", "wks", "week", "weeks": rule = Recurrence(frequency: .weekly, interval: count)
            case "mo", "mth", "mths", "month", "months": rule = Recurrence(frequency: .monthly, interval: count)
            case "q", "qtr", "qtrs":
                let (months, overflow) = count.multipliedReportingOverflow(by: 3)
                guard !overflow else { return nil }
                rule = Recurrence(frequency: .monthly, interval: months)
            case "y", "yr", "yrs", "year", "years": rule = Recurrence(frequency: .yearly, interval: count)
            default: return nil
            }
        }
        if let until, ICalendarText.utc(until) != nil {
            rule.until = .instant(Date(timeIntervalSince1970: until.timeIntervalSince1970.rounded(.down)))
        }
        return RecurrenceRule(rule)
    }

    /// A UID made from the task's fields (`StableUID`), for a task without `uuid`: the
    /// same on every import of the same task.
    static func derivedUID(_ object: [String: Any]) -> ReminderUID {
        ReminderUID.stable(from: object.keys.sorted().map { $0 + "=" + uidText(of: object[$0] ?? "") }.joined(separator: "\n"))
    }

    /// `text(of:)` as Tick wrote it before numbers and booleans were told apart: 0, 1
    /// and -0.0 as `false`/`true`. Kept only for `derivedUID`, so a task without `uuid`
    /// imported by an earlier Tick still gets the same UID (and is updated, not doubled).
    private static func uidText(of value: Any) -> String {
        // The old rule on purpose: `is Bool` also matches the numbers 0 and 1 here.
        if let number = value as? NSNumber { return value is Bool ? (number.boolValue ? "true" : "false") : number.stringValue }
        return text(of: value)
    }
}
