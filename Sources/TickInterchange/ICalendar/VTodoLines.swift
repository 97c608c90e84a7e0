import Foundation
import TickModel

/// The content lines Tick writes for the fields it maps (RFC 5545 §3.6.2), unfolded:
/// the way back of `VTodoMapping`. The importer compares a file's lines with these to
/// decide which ones to keep verbatim; the writer emits these unless a kept line still
/// says the same.
enum VTodoLines {
    /// Single-valued properties Tick maps, in the order the writer emits them.
    /// `CATEGORIES` (several lines) and VALARMs are handled apart; `DTSTAMP`,
    /// `SEQUENCE` and `X-APPLE-SORT-ORDER` are written by the writer itself.
    static let singleValued = Property.allCases.map(\.rawValue)

    /// The single-valued properties Tick maps, in the order the writer emits them: the
    /// writer goes through these for every VTODO, without comparing names as strings.
    enum Property: String, CaseIterable {
        case uid = "UID", created = "CREATED", lastModified = "LAST-MODIFIED", summary = "SUMMARY"
        case description = "DESCRIPTION", url = "URL", dtstart = "DTSTART", due = "DUE", rrule = "RRULE"
        case priority = "PRIORITY", status = "STATUS", completed = "COMPLETED", percentComplete = "PERCENT-COMPLETE"
        case relatedTo = "RELATED-TO", flagged = "X-TICK-FLAGGED", repeatFrom = "X-TICK-REPEAT-FROM"
        case exactTitle = "X-TICK-TITLE", exactNotes = "X-TICK-NOTES"
    }

    /// `singleValued` as a set.
    static let singleValuedSet = Set(singleValued)

    /// Property names that may appear at most once in what is kept (a second one is
    /// dropped on import): the single-valued mapped ones and those the writer rewrites.
    static let atMostOnce: Set<String> = Set(onceIndex.keys)

    /// A small number for each name in `atMostOnce` (bit positions for "seen" sets).
    static let onceIndex: [String: Int] = {
        let names = singleValued.filter { $0 != "RELATED-TO" } + ["DTSTAMP", "SEQUENCE", "X-APPLE-SORT-ORDER"]
        return Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    }()

    /// Whether `text` is exactly the line Tick writes for `name` (`line(_:of:zones:)`),
    /// compared without building the line for the common text properties.
    static func matches(_ text: String, _ name: String, of reminder: Reminder, zones: ICalendarTimeZones) -> Bool {
        switch name {
        case "UID": return equals(text, "UID:", ICalendarText.escaped(reminder.uid.rawValue))
        case "SUMMARY": return equals(text, "SUMMARY:", ICalendarText.escaped(reminder.title))
        case "DESCRIPTION": return !reminder.notes.isEmpty && equals(text, "DESCRIPTION:", ICalendarText.escaped(reminder.notes))
        case "STATUS": return text == (reminder.isCompleted ? "STATUS:COMPLETED" : "STATUS:NEEDS-ACTION")
        // The date came from this very line, so the line is Tick's exactly when it is in
        // the UTC basic form `NAME:YYYYMMDDTHHMMSSZ` (libical accepts other forms too).
        case "CREATED", "LAST-MODIFIED": return isUTCBasicForm(text, name)
        case "COMPLETED": return reminder.isCompleted && isUTCBasicForm(text, name)
        default: return line(name, of: reminder, zones: zones) == text
        }
    }

    /// Whether `text` is `name:` followed by 8 digits, `T`, 6 digits and `Z`.
    private static func isUTCBasicForm(_ text: String, _ name: String) -> Bool {
        let utf8 = Array(text.utf8)
        let start = name.utf8.count + 1
        guard utf8.count == start + 16, utf8[start - 1] == UInt8(ascii: ":"), utf8[start + 8] == UInt8(ascii: "T"),
              utf8[start + 15] == UInt8(ascii: "Z") else { return false }
        let digits = utf8[start..<(start + 8)] + utf8[(start + 9)..<(start + 15)]
        // Seconds 60 (a leap second) are read as 59, so that line is not Tick's form.
        return digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } && utf8[start + 13] < UInt8(ascii: "6")
    }

    /// Whether `text` is `prefix` followed by `value`.
    private static func equals(_ text: String, _ prefix: String, _ value: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == prefix.utf8.count + value.utf8.count, text.hasPrefix(prefix) else { return false }
        return text[utf8.index(utf8.startIndex, offsetBy: prefix.utf8.count)...] == Substring(value)
    }

    /// The line Tick writes for single-valued property `name` of `reminder`, or nil when
    /// it writes none (an empty field, an open reminder's `COMPLETED`).
    static func line(_ name: String, of reminder: Reminder, zones: ICalendarTimeZones) -> String? {
        Property(rawValue: name).flatMap { line($0, of: reminder, zones: zones) }
    }

    /// The line Tick writes for `property` of `reminder` (see `line(_:of:zones:)`).
    static func line(_ property: Property, of reminder: Reminder, zones: ICalendarTimeZones) -> String? {
        switch property {
        case .uid: return "UID:" + ICalendarText.escaped(reminder.uid.rawValue)
        case .created: return ICalendarText.utc(reminder.createdAt).map { "CREATED:" + $0 }
        case .lastModified: return ICalendarText.utc(reminder.modifiedAt).map { "LAST-MODIFIED:" + $0 }
        case .summary: return "SUMMARY:" + ICalendarText.escaped(reminder.title)
        case .description: return reminder.notes.isEmpty ? nil : "DESCRIPTION:" + ICalendarText.escaped(reminder.notes)
        case .url: return reminder.url.map { "URL:" + uri($0) }
        case .dtstart: return reminder.start.flatMap { dateLine("DTSTART", $0, zones: zones) }
        case .due: return reminder.due.flatMap { dateLine("DUE", $0, zones: zones) }
        case .rrule: return reminder.recurrence.map { "RRULE:" + uri($0.rruleValue) }
        case .priority: return reminder.priority.iCalendarValue == 0 ? nil : "PRIORITY:\(reminder.priority.iCalendarValue)"
        case .status: return reminder.isCompleted ? "STATUS:COMPLETED" : "STATUS:NEEDS-ACTION"
        case .completed: return reminder.completedAt.flatMap(ICalendarText.utc).map { "COMPLETED:" + $0 }
        case .percentComplete: return reminder.isCompleted ? "PERCENT-COMPLETE:100" : nil
        case .relatedTo: return reminder.parentUID.map { "RELATED-TO;RELTYPE=PARENT:" + ICalendarText.escaped($0.rawValue) }
        case .flagged: return reminder.isFlagged ? "X-TICK-FLAGGED:TRUE" : nil
        case .repeatFrom: return reminder.recurrenceBasis == .completion ? "X-TICK-REPEAT-FROM:COMPLETION" : nil
        case .exactTitle: return exactText("X-TICK-TITLE", reminder.title)
        case .exactNotes: return exactText("X-TICK-NOTES", reminder.notes)
        }
    }

    /// The exact text of a title or notes that RFC 5545 TEXT cannot hold (control
    /// characters, a CR: `SUMMARY` and `DESCRIPTION` carry it without them), as UTF-8 in
    /// base64 (RFC 4648 §4), so that Tick's own export and sync read back as the same text;
    /// nil when TEXT holds it. The value is plain text of the base64 alphabet, which TEXT
    /// holds unescaped: with `VALUE=BINARY;ENCODING=BASE64` (§3.3.1), Radicale refused the
    /// whole to-do with 400 (its parser decodes the value to bytes, then fails on them), and
    /// every later change of the list waited behind it (a tester). Both forms are read.
    static func exactText(_ name: String, _ text: String) -> String? {
        guard ICalendarText.losesInText(text) else { return nil }
        return name + ":" + Data(text.utf8).base64EncodedString()
    }

    /// `CATEGORIES` with `tags`, or nil for none.
    static func categories(_ tags: [String]) -> String? {
        tags.isEmpty ? nil : "CATEGORIES:" + tags.map(ICalendarText.escaped).joined(separator: ",")
    }

    /// `DUE`/`DTSTART` for a date: `;VALUE=DATE:YYYYMMDD`, floating `:YYYYMMDDTHHMMSS`,
    /// UTC `:…Z`, or `;TZID=zone:…` (UTC when the zone's wall clock cannot be written).
    static func dateLine(_ name: String, _ due: Due, zones: ICalendarTimeZones) -> String? {
        switch due {
        case .allDay(let day): return name + ";VALUE=DATE:" + ICalendarText.date(day)
        case .floating(let local): return name + ":" + ICalendarText.dateTime(local)
        case .timed(let instant, let zone):
            if zone != .utc, let local = zones.local(of: instant, tzid: zone.rawValue) {
                return name + ";TZID=" + ICalendarText.parameterValue(zone.rawValue) + ":" + ICalendarText.dateTime(local)
            }
            return ICalendarText.utc(instant).map { name + ":" + $0 }
        }
    }

    /// The VALARM Tick writes for a display alarm (RFC 5545 §3.6.6; `UID`, `ACKNOWLEDGED`
    /// and, for a snooze alarm, `RELATED-TO;RELTYPE=SNOOZE` naming what it snoozes, from
    /// RFC 9074).
    static func alarm(_ alarm: Alarm, of reminder: Reminder) -> [String] {
        var lines = ["BEGIN:VALARM", "UID:" + ICalendarText.escaped(alarm.uid), "ACTION:DISPLAY", "DESCRIPTION:Reminder"]
        if alarm.isSnooze {
            let snoozed = reminder.alarms.first { !$0.isSnooze }?.uid ?? reminder.uid.rawValue
            lines.append("RELATED-TO;RELTYPE=SNOOZE:" + ICalendarText.escaped(snoozed))
        }
        switch alarm.trigger {
        case .relative(let seconds, let toStart):
            // An exact offset of a day or more is written in hours (`-PT24H`), which RFC 5545
            // §3.3.6 reads as exact time; `-P1D` would be a nominal day, an hour off across DST.
            lines.append((toStart ? "TRIGGER:" : "TRIGGER;RELATED=END:") + TickJSON.durationText(seconds, exact: alarm.isExactOffset))
        case .absolute(let instant):
            if let text = ICalendarText.utc(instant) { lines.append("TRIGGER;VALUE=DATE-TIME:" + text) }
        }
        if let line = acknowledgedLine(alarm) { lines.append(line) }
        lines.append("END:VALARM")
        return lines
    }

    /// The extension parameter (RFC 5545 §3.2) of an `ACKNOWLEDGED` that Tick set without
    /// the alarm ringing (`Alarm.isSilenced`: its time had passed when it was set, imported
    /// or re-armed), so that its own export reads back as silenced, not as rung.
    static let silencedParameter = "X-TICK-SILENCED=TRUE"

    /// `ACKNOWLEDGED` (RFC 9074 §6) for when `alarm` fired or was silenced, nil while pending.
    static func acknowledgedLine(_ alarm: Alarm) -> String? {
        guard let fired = alarm.firedAt.flatMap(ICalendarText.utc) else { return nil }
        return (alarm.isSilenced ? "ACKNOWLEDGED;" + silencedParameter + ":" : "ACKNOWLEDGED:") + fired
    }

    /// A URI or RRULE value: written as is (no TEXT escaping), without line breaks.
    private static func uri(_ text: String) -> String {
        text.contains(where: \.isNewline) ? text.filter { !$0.isNewline } : text
    }
}
