import Foundation
import CICal
import TickModel

/// The values of one VTODO (RFC 5545 §3.6.2) as libical reads them, before time zones
/// turn dates into instants. Only what Tick maps is read; the first of each
/// single-valued property counts.
struct VTodoFields: Sendable {
    /// A VALARM that rings, `ACTION:DISPLAY` or `ACTION:AUDIO` (RFC 5545 §3.6.6), with a
    /// readable `TRIGGER`. Tick has one kind of alarm: both ring it (an `EMAIL` alarm is
    /// another program's to send, and stays kept verbatim).
    struct AlarmFields: Sendable {
        enum Trigger: Sendable {
            /// Seconds after (negative: before) the start, or the due date when `toEnd`;
            /// `isExact` when its hours, minutes and seconds add up to a day or more
            /// (`-PT24H`: exact time, not the nominal day of `-P1D`; `Alarm.isExactOffset`).
            case relative(seconds: Int, toEnd: Bool, isExact: Bool)
            /// `TRIGGER;VALUE=DATE-TIME` (UTC by §3.8.6.3).
            case absolute(ICalendarDateValue)
        }

        /// The VALARM's `UID` (RFC 9074), else its `X-WR-ALARMUID` (Apple), else nil.
        var uid: String?
        var trigger: Trigger
        /// `ACKNOWLEDGED` (RFC 9074): when the alarm was last dismissed.
        var acknowledged: ICalendarDateValue?
        /// A snooze alarm: `RELATED-TO;RELTYPE=SNOOZE` (RFC 9074 §7).
        var isSnooze = false
        /// `ACKNOWLEDGED;X-TICK-SILENCED=TRUE`: Tick marked it without ringing
        /// (`Alarm.isSilenced`); other programs read a plain `ACKNOWLEDGED`.
        var isSilenced = false
    }

    var uid: String?
    var summary: String?
    var description: String?
    var url: String?
    var due: ICalendarDateValue?
    var start: ICalendarDateValue?
    var priority: Int?
    /// `STATUS`, upper-cased (`NEEDS-ACTION`, `COMPLETED`, `IN-PROCESS`, `CANCELLED` …).
    var status: String?
    var completed: ICalendarDateValue?
    var percentComplete: Int?
    /// Every `CATEGORIES` value of every line, in order (duplicates included). libical's
    /// reading is replaced by `readTextFromLines(_:)` where the lines are at hand.
    var categories: [String] = []

    /// Reads what libical's reading loses from the VTODO's own lines (not those of its
    /// subcomponents):
    /// - `categories` from its `CATEGORIES` lines, split at unescaped commas
    ///   (`ICalendarText.textListValues`);
    /// - the white space at the ends of the first `DESCRIPTION`, which libical drops (a
    ///   tester: notes `"\tindented"` came back `"indented"` from Tick's own export, and a
    ///   `tick sync` left the two sides different for good): the line's value, unescaped,
    ///   is taken when it says what libical read but for white space at its ends.
    /// - Parameter lines: the VTODO's lines, with or without its `BEGIN`/`END`.
    mutating func readTextFromLines(_ lines: [ICalendarContentLine]) {
        var values: [String] = []
        var depth = 0
        var sawDescription = false
        for line in lines {
            if let name = line.beginName {
                if name != "VTODO" { depth += 1 }
            } else if let name = line.endName {
                if name != "VTODO" { depth -= 1 }
            } else if depth == 0, line.name == "CATEGORIES" {
                values.append(contentsOf: ICalendarText.textListValues(ofLine: line.text))
            } else if depth == 0, line.name == "DESCRIPTION", !sawDescription {
                sawDescription = true
                guard let read = description, let written = ICalendarText.textListValues(ofLine: line.text, splitting: false).first,
                      written != read, VTodoFields.trimmedEnds(written) == VTodoFields.trimmedEnds(read) else { continue }
                description = written
            }
        }
        categories = values
    }

    /// `text` without spaces, tabs and line breaks at its ends.
    private static func trimmedEnds(_ text: String) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        let head = text.drop(while: isSpace)
        var end = head.endIndex
        while end > head.startIndex, isSpace(head[head.index(before: end)]) { end = head.index(before: end) }
        return head[..<end]
    }
    /// The first `RELATED-TO` whose `RELTYPE` is `PARENT` or absent.
    var parentUID: String?
    var created: ICalendarDateValue?
    var lastModified: ICalendarDateValue?
    var dtstamp: ICalendarDateValue?
    /// The `RRULE` value as libical writes it back (validated by libical's parser).
    var rrule: String?
    /// `X-APPLE-SORT-ORDER` (Apple Reminders' manual order), when it is an integer.
    var sortOrder: Int64?
    /// `X-TICK-FLAGGED:TRUE` (Tick's flag, which RFC 5545 has no property for).
    var isFlagged: Bool?
    /// `X-TICK-TITLE` / `X-TICK-NOTES`: the exact title or notes Tick wrote beside a
    /// `SUMMARY` / `DESCRIPTION` that could not hold them (`VTodoLines.exactText`).
    var exactTitle: String?
    var exactNotes: String?

    /// UTF-8 text from BASE64, or nil. Every scalar is kept: `String(data:encoding:)` would
    /// drop a leading U+FEFF, and the exact title is exact.
    static func decodedBase64(_ text: String) -> String? {
        Data(base64Encoded: ICalendarText.trimmed(text)).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// `X-TICK-REPEAT-FROM` (`COMPLETION` or `DUE`: what the next occurrence counts from).
    var repeatFrom: String?
    /// One entry per subcomponent, in order: the alarm for a display or audio VALARM with
    /// a readable trigger, nil for anything else.
    var alarms: [AlarmFields?] = []
    /// How many display or audio VALARMs had no readable `TRIGGER` (a display one is left out
    /// with a warning, an audio one kept verbatim).
    var unreadableAlarms = 0
    /// Whether the VTODO has a `RECURRENCE-ID` (it overrides one occurrence of a series).
    var hasRecurrenceID = false
    /// The value of its `RECURRENCE-ID`: the occurrence of the series it overrides.
    var recurrenceID: ICalendarDateValue?
    /// `SEQUENCE` (RFC 5545 §3.8.7.4), when it is there.
    var sequence: Int?

    /// Reads a libical VTODO (or a VTODO wrapped around kept lines).
    init(_ component: LibicalComponent) {
        for property in component.properties() {
            switch property.kind {
            case ICAL_UID_PROPERTY: if uid == nil { uid = property.text() }
            case ICAL_SUMMARY_PROPERTY: if summary == nil { summary = property.text() }
            case ICAL_DESCRIPTION_PROPERTY: if description == nil { description = property.text() }
            case ICAL_URL_PROPERTY: if url == nil { url = property.text() }
            case ICAL_DUE_PROPERTY: if due == nil { due = property.dateValue() }
            case ICAL_DTSTART_PROPERTY: if start == nil { start = property.dateValue() }
            case ICAL_PRIORITY_PROPERTY: if priority == nil { priority = Int(icalproperty_get_priority(property.pointer)) }
            case ICAL_STATUS_PROPERTY: if status == nil { status = property.valueText?.uppercased() }
            case ICAL_COMPLETED_PROPERTY: if completed == nil { completed = property.dateValue() }
            case ICAL_PERCENTCOMPLETE_PROPERTY:
                if percentComplete == nil { percentComplete = Int(icalproperty_get_percentcomplete(property.pointer)) }
            case ICAL_CATEGORIES_PROPERTY: if let text = property.text() { categories.append(text) }
            case ICAL_RELATEDTO_PROPERTY:
                if parentUID == nil, property.isParentRelation, let text = property.text(), !text.isEmpty { parentUID = text }
            case ICAL_CREATED_PROPERTY: if created == nil { created = property.dateValue() }
            case ICAL_LASTMODIFIED_PROPERTY: if lastModified == nil { lastModified = property.dateValue() }
            case ICAL_DTSTAMP_PROPERTY: if dtstamp == nil { dtstamp = property.dateValue() }
            case ICAL_RRULE_PROPERTY: if rrule == nil { rrule = property.valueText }
            case ICAL_RECURRENCEID_PROPERTY:
                hasRecurrenceID = true
                if recurrenceID == nil { recurrenceID = property.dateValue() }
            case ICAL_SEQUENCE_PROPERTY: if sequence == nil { sequence = Int(icalproperty_get_sequence(property.pointer)) }
            case ICAL_X_PROPERTY:
                switch property.xName {
                case "X-APPLE-SORT-ORDER"?:
                    if sortOrder == nil { sortOrder = property.text().flatMap { Int64(ICalendarText.trimmed($0)) } }
                case "X-TICK-FLAGGED"?:
                    if isFlagged == nil { isFlagged = property.text().map(ICalendarText.trimmed)?.uppercased() == "TRUE" }
                case "X-TICK-TITLE"?:
                    if exactTitle == nil { exactTitle = property.text().flatMap(VTodoFields.decodedBase64) }
                case "X-TICK-NOTES"?:
                    if exactNotes == nil { exactNotes = property.text().flatMap(VTodoFields.decodedBase64) }
                case "X-TICK-REPEAT-FROM"?:
                    if repeatFrom == nil { repeatFrom = property.text().map(ICalendarText.trimmed)?.uppercased() }
                default: break
                }
            default: break
            }
        }
        // One entry for each child but a VTIMEZONE, in the order of the VTODO's blocks
        // (`VTodoRecord` pairs them by index); libical moves a VTIMEZONE to the front.
        for child in component.components() where child.kind != ICAL_VTIMEZONE_COMPONENT {
            alarms.append(VTodoFields.alarm(child, unreadable: &unreadableAlarms))
        }
    }

    /// The alarm of a display or audio VALARM, or nil for anything else.
    private static func alarm(_ component: LibicalComponent, unreadable: inout Int) -> AlarmFields? {
        guard component.kind == ICAL_VALARM_COMPONENT,
              let action = component.first(ICAL_ACTION_PROPERTY),
              [ICAL_ACTION_DISPLAY, ICAL_ACTION_AUDIO].contains(icalproperty_get_action(action.pointer)) else { return nil }
        guard let property = component.first(ICAL_TRIGGER_PROPERTY) else {
            unreadable += 1
            return nil
        }
        let value = icalproperty_get_trigger(property.pointer)
        let trigger: AlarmFields.Trigger
        if icaltime_is_null_time(value.time) == 0 {
            guard let time = ICalendarDateValue(value.time, tzid: property.tzid) else {
                unreadable += 1
                return nil
            }
            trigger = .absolute(time)
        } else {
            guard icaldurationtype_is_bad_duration(value.duration) == 0 else {
                unreadable += 1
                return nil
            }
            let duration = value.duration
            // libical keeps the fields as written: `PT24H` is 24 hours, not a day (RFC 5545 §3.3.6).
            let time = Int(duration.hours) * 3_600 + Int(duration.minutes) * 60 + Int(duration.seconds)
            trigger = .relative(seconds: Int(icaldurationtype_as_int(duration)), toEnd: property.isRelatedToEnd,
                                isExact: time >= 86_400)
        }
        var uid = component.first(ICAL_UID_PROPERTY)?.text()
        if uid == nil {
            uid = component.properties(ICAL_X_PROPERTY).first { $0.xName == "X-WR-ALARMUID" }?.text()
        }
        let acknowledgedProperty = component.first(ICAL_ACKNOWLEDGED_PROPERTY)
        let acknowledged = acknowledgedProperty.flatMap { property in
            ICalendarDateValue(icalproperty_get_acknowledged(property.pointer), tzid: property.tzid)
        }
        let isSilenced = acknowledged != nil && acknowledgedProperty?.hasExtensionParameter(VTodoLines.silencedParameter) == true
        let isSnooze = component.properties(ICAL_RELATEDTO_PROPERTY).contains { property in
            guard let parameter = icalproperty_get_first_parameter(property.pointer, ICAL_RELTYPE_PARAMETER),
                  let text = icalparameter_as_ical_string_r(parameter) else { return false }
            defer { icalmemory_free_buffer(text) }
            return String(cString: text).uppercased() == "RELTYPE=SNOOZE"
        }
        return AlarmFields(uid: uid.flatMap { $0.isEmpty ? nil : $0 }, trigger: trigger, acknowledged: acknowledged,
                           isSnooze: isSnooze, isSilenced: isSilenced)
    }
}
