import CICal
import Foundation
import TickModel

/// One VTODO as read: its lines (unfolded, in file order, grouped into properties and
/// subcomponents) and what libical made of them. `reminder(…)` turns it into a reminder
/// whose `iCalendarExtras` keep, verbatim, every line Tick does not map, plus the mapped
/// lines Tick would not write back the same way ("kept forms", see `ICalendarWriter`).
struct VTodoRecord: Sendable {
    /// A direct property line or a whole subcomponent (`BEGIN:VALARM` … `END:VALARM`).
    enum Item: Sendable {
        case property(ICalendarContentLine)
        case block([ICalendarContentLine])
    }

    /// The line of `BEGIN:VTODO`.
    let beginLine: Int
    /// What a warning about the VTODO says.
    enum WarningKind: Sendable {
        /// Something read as well as it could be, or another note.
        case note
        /// A contradiction kept as the file gave it (which Tick's own export gives back).
        case keptContradiction
        /// Something the VTODO gave was left out (`ImportBatch.losses`).
        case loss
    }
    /// Lines libical could read, in order (lines it reported errors on are left out).
    var items: [Item]
    var fields: VTodoFields

    /// The reminder, with a placeholder list and its `iCalendarExtras`.
    ///
    /// What is kept in `iCalendarExtras` (unfolded lines joined with `\n`):
    /// - every property Tick does not map (`X-…`, `LOCATION`, `GEO`, `CLASS`, `ATTENDEE`,
    ///   `ORGANIZER`, `EXDATE`, `RDATE`, `DURATION`, `RELATED-TO` other than the parent,
    ///   unknown IANA properties …), verbatim, in order;
    /// - every subcomponent other than a display or audio VALARM (`ACTION:EMAIL`, …), and
    ///   such a VALARM with more than Tick writes (`ATTACH`, `X-WR-ALARMUID`, `ACTION:AUDIO`
    ///   itself);
    /// - `DTSTAMP`, `SEQUENCE` and `X-APPLE-SORT-ORDER`, which the writer rewrites;
    /// - a mapped line whose form Tick would not reproduce (extra parameters, another
    ///   value form, a VALARM with more than Tick writes) while it agrees with the
    ///   reminder and its value is valid RFC 5545 (`VTodoLines.hasValidValue`); an
    ///   invalid one that libical read leniently (`DUE:2026-12-01`, `PRIORITY:42`) is
    ///   warned about and left to the writer's own line; a mapped line that contradicts it is
    ///   dropped, but for a `COMPLETED` date on a to-do whose `STATUS` says open, which is
    ///   kept with a warning.
    /// A second copy of a property RFC 5545 allows once is dropped with a warning.
    /// - Parameter report: takes a warning: its line, its text, and its kind.
    func reminder(uid: ReminderUID, zones: ICalendarTimeZones, now: Date, warn report: (Int, String, WarningKind) -> Void) -> Reminder {
        func warn(_ line: Int, _ message: String) { report(line, message, .note) }
        func warnKept(_ line: Int, _ message: String) { report(line, message, .keptContradiction) }
        func warnLoss(_ line: Int, _ message: String) { report(line, message, .loss) }
        var reminder = VTodoMapping.reminder(fields, uid: uid, zones: zones, now: now)
        var extras: [String] = []
        var seen: UInt64 = 0
        var relations: [ICalendarContentLine] = []
        var categories: [ICalendarContentLine] = []
        var blockIndex = 0
        var alarmIndex = 0
        for item in items {
            switch item {
            case .property(let line):
                let name = line.name
                if name == "RELATED-TO" { relations.append(line); continue }
                if name == "CATEGORIES" { categories.append(line); continue }
                guard let bit = VTodoLines.onceIndex[name] else {
                    // A tester: `EXDATE:20261399T000000Z` was kept as written, a date no
                    // client can read (nor Tick, which then repeats on that day).
                    if name == "EXDATE" || name == "RDATE", let problem = VTodoRecord.undatedValue(line.text) {
                        warnLoss(line.lineNumber, "this \(name) \(problem) (RFC 5545 §3.8.5); it was left out")
                        continue
                    }
                    extras.append(line.text)
                    continue
                }
                guard seen & (1 << bit) == 0 else {
                    warnLoss(line.lineNumber, "a second \(name) was ignored (RFC 5545 allows one per VTODO)")
                    continue
                }
                seen |= 1 << bit
                if name == "DTSTAMP" || name == "SEQUENCE" || name == "X-APPLE-SORT-ORDER" {
                    extras.append(line.text)
                } else if VTodoRecord.isUnread(name, line.text, fields) {
                    // A value libical could not read into a date or a number (`DUE:20261301`,
                    // `DTSTART:…T250000Z`, `PRIORITY:high`): nothing of it is in the reminder,
                    // and kept it would tell other clients a date Tick does not have.
                    warnLoss(line.lineNumber, "this \(name) value could not be read (RFC 5545 §3.3); it was left out")
                } else if !VTodoLines.matches(line.text, name, of: reminder, zones: zones) {
                    // The first line of a property is what libical read into `fields`. A
                    // value libical read leniently is not written back as it was (other
                    // parsers refuse it): the writer writes its own line for what was read.
                    if !VTodoLines.hasValidValue(line.text, name) {
                        warn(line.lineNumber, VTodoRecord.invalidValueMessage(name, reminder: reminder))
                    } else if VTodoMapping.isConsistent(name, shadow: fields, with: reminder, zones: zones) {
                        extras.append(line.text)
                    } else if name == "COMPLETED", !reminder.isCompleted {
                        // STATUS says open: it decides, and the date is kept (the writer
                        // gives it back while the reminder stays open).
                        extras.append(line.text)
                        warnKept(line.lineNumber, "this VTODO has a COMPLETED date but its STATUS says it is open; "
                                 + "STATUS decides, so it was read as open, and the COMPLETED line is kept as given")
                    }
                }
            case .block(let lines):
                // libical puts a VTIMEZONE first among a component's children whatever its
                // place (icalcomponent_add_component), and `fields.alarms` leaves them out:
                // the blocks are counted the same way, so that each block meets its alarm.
                var alarm: VTodoFields.AlarmFields?
                if lines.first?.beginName != "VTIMEZONE" {
                    alarm = blockIndex < fields.alarms.count ? fields.alarms[blockIndex] : nil
                    blockIndex += 1
                }
                if let name = lines.first?.beginName, VTodoRecord.notAllowedInside.contains(name) {
                    warnLoss(lines.first?.lineNumber ?? beginLine, "a \(name) inside a VTODO was ignored "
                         + "(RFC 5545 §3.6.2 allows only VALARMs there)")
                } else if alarm != nil, alarmIndex < reminder.alarms.count {
                    let canonical = VTodoLines.alarm(reminder.alarms[alarmIndex], of: reminder)
                    alarmIndex += 1
                    if lines.map(\.text) != canonical { extras.append(contentsOf: lines.map(\.text)) }
                } else if VTodoRecord.ringingAction(lines.map(\.text)) == "a display" {
                    // An audio one is kept as it came, as a Tick before 2026-12-06 kept it: a
                    // CalDAV client's PUT of a to-do it stored then would be refused (a tester).
                    warnLoss(lines.first?.lineNumber ?? beginLine, "a display VALARM without a readable TRIGGER was ignored")
                } else {
                    extras.append(contentsOf: lines.map(\.text))
                }
            }
        }
        extras.append(contentsOf: keptRelations(relations, reminder: reminder, zones: zones))
        extras.append(contentsOf: keptCategories(categories, reminder: reminder, zones: zones))
        reminder.iCalendarExtras = extras.joined(separator: "\n")
        return reminder
    }

    /// Components RFC 5545 defines that may not be inside a VTODO (§3.6.2: a VTODO
    /// holds properties and VALARMs). Written back, they would make the export invalid
    /// (and a nested VTODO would come back as a to-do of its own).
    static let notAllowedInside: Set<String> = ["VCALENDAR", "VTODO", "VEVENT", "VJOURNAL", "VFREEBUSY", "VTIMEZONE",
                                                "STANDARD", "DAYLIGHT", "VAVAILABILITY", "AVAILABLE"]

    /// The number of the first line whose `TZID` parameter is `tzid` (quoted or not, any
    /// case of the parameter's name), nil when none is.
    func firstLine(naming tzid: String) -> Int? {
        for item in items {
            let lines: [ICalendarContentLine] = switch item {
            case .property(let line): [line]
            case .block(let lines): lines
            }
            for line in lines where VTodoLines.parameters(of: line.text).contains(where: { parameter in
                let parts = parameter.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].uppercased() == "TZID" else { return false }
                let value = parts[1].hasPrefix("\"") && parts[1].hasSuffix("\"") && parts[1].count >= 2 ? parts[1].dropFirst().dropLast() : parts[1]
                return value == tzid
            }) { return line.lineNumber }
        }
        return nil
    }

    /// What is wrong with an `EXDATE` or `RDATE` line (`text`): a `TZID` naming no zone, or
    /// a value that is no date, date-time or period such as `20261399T000000Z` (said as
    /// "holds '…', which is no date"); nil when each value is one (an empty value is none).
    static func undatedValue(_ text: String) -> String? {
        if VTodoLines.parameters(of: text).contains(where: VTodoLines.isEmptyTZID) { return "has a TZID that names no time zone" }
        guard let value = VTodoLines.value(of: text), !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        func isDate(_ text: Substring) -> Bool {
            let text = text.hasSuffix("Z") || text.hasSuffix("z") ? text.dropLast() : text
            return text.utf8.count == 8 ? CalendarDay(text) != nil : text.utf8.count == 15 && LocalDateTime(text) != nil
        }
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            let item = item.trimmingCharacters(in: .whitespaces)
            // A period (RDATE;VALUE=PERIOD): a start, then an end or a duration.
            let ends = item.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            let endIsDuration = ends.count == 2 && ends[1].drop { $0 == "+" || $0 == "-" }.first == "P"
            guard isDate(ends[0]), ends.count == 1 || endIsDuration || isDate(ends[1]) else {
                return "holds '\(item)', which is no date"
            }
        }
        return nil
    }

    /// Whether `text`, the first line of the date or number property `name`, has a value
    /// that libical did not read into `fields` (no real day, an hour of 25, a priority in
    /// words). An empty value is none.
    /// - Complexity: O(1) for a date libical read and for other properties (every mapped line
    ///   of an import comes here: the value was trimmed for each, 18 % of an import's time).
    static func isUnread(_ name: String, _ text: String, _ fields: VTodoFields) -> Bool {
        switch name {
        case "DUE": if fields.due != nil { return false }
        case "DTSTART": if fields.start != nil { return false }
        case "COMPLETED": if fields.completed != nil { return false }
        case "PRIORITY", "PERCENT-COMPLETE": break
        default: return false
        }
        guard let raw = VTodoLines.value(of: text) else { return false }
        if name == "PRIORITY" || name == "PERCENT-COMPLETE", !raw.isEmpty, raw.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // The usual `PRIORITY:5`, read without trimming.
            return name == "PERCENT-COMPLETE" && (Int(raw).map { $0 > 100 } ?? true)
        }
        let value = raw.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else { return false }
        switch name {
        case "DUE", "DTSTART", "COMPLETED": return true
        // libical reads `high` and `-3` as 0 (no priority): only digits are a priority,
        // those past 9 read as 9 (a lenient reading, warned about but kept).
        case "PRIORITY": return !value.allSatisfy { $0.isASCII && $0.isNumber }
        // Tick keeps no percentage between 0 and 100 (a to-do is open or done): a number is
        // read, a word or one past 100 is lost (a tester: both were dropped without a word).
        case "PERCENT-COMPLETE": return !value.allSatisfy { $0.isASCII && $0.isNumber } || (Int(value).map { $0 > 100 } ?? true)
        default: return false
        }
    }

    /// The warning for a mapped line whose value RFC 5545 does not allow: what it was
    /// read as, so that the user knows (a `STATUS` Tick does not know is open).
    static func invalidValueMessage(_ name: String, reminder: Reminder) -> String {
        guard name == "STATUS" else {
            return "this \(name) value is not valid RFC 5545; it was read as well as it could be and will be exported in valid form"
        }
        let read = reminder.isCompleted ? "COMPLETED (done)" : "open (NEEDS-ACTION)"
        return "this STATUS is not one RFC 5545 defines for a VTODO; it was read as \(read) "
            + "and will be exported as STATUS:\(reminder.isCompleted ? "COMPLETED" : "NEEDS-ACTION")"
    }

    /// `RELATED-TO` lines to keep: all but the parent, and the parent line while Tick
    /// would write it differently (or when there are several parent lines).
    private func keptRelations(_ lines: [ICalendarContentLine], reminder: Reminder, zones: ICalendarTimeZones) -> [String] {
        var kept: [String] = []
        var parents: [String] = []
        for line in lines {
            if VTodoRecord.isParentRelation(line.text) { parents.append(line.text) } else { kept.append(line.text) }
        }
        if parents.count > 1 {
            kept.append(contentsOf: parents)
        } else if let parent = parents.first, parent != VTodoLines.line("RELATED-TO", of: reminder, zones: zones),
                  VTodoRecord.isConsistent("RELATED-TO", [parent], with: reminder, zones: zones) {
            kept.append(parent)
        }
        return kept
    }

    /// `CATEGORIES` lines to keep: none when the one line is what Tick writes, else each
    /// line whose values are all tags.
    private func keptCategories(_ lines: [ICalendarContentLine], reminder: Reminder, zones: ICalendarTimeZones) -> [String] {
        if lines.count == 1, lines[0].text == VTodoLines.categories(reminder.tags) { return [] }
        return lines.map(\.text).filter { VTodoRecord.isConsistent("CATEGORIES", [$0], with: reminder, zones: zones) }
    }

    /// Whether kept `lines` (one property, or a VALARM) read by libical say what
    /// `reminder` says for `name`.
    static func isConsistent(_ name: String, _ lines: [String], with reminder: Reminder, zones: ICalendarTimeZones) -> Bool {
        guard let fields = shadowFields(lines) else { return false }
        return VTodoMapping.isConsistent(name, shadow: fields, with: reminder, zones: zones)
    }

    /// What libical reads in kept lines, wrapped in a VTODO; nil when it reads nothing.
    static func shadowFields(_ lines: [String]) -> VTodoFields? {
        guard let component = ICalendarComponentParser.vtodo(containing: lines) else { return nil }
        defer { icalcomponent_free(component) }
        var fields = VTodoFields(LibicalComponent(pointer: component))
        fields.readTextFromLines(lines.map { ICalendarContentLine(text: $0) })
        return fields
    }

    /// Whether a kept `RELATED-TO` line names the parent (`RELTYPE=PARENT` or none).
    static func isParentRelation(_ line: String) -> Bool {
        // The two common forms need no parser.
        if line.hasPrefix("RELATED-TO:") || line.hasPrefix("RELATED-TO;RELTYPE=PARENT:") { return true }
        guard let component = ICalendarComponentParser.vtodo(containing: [line]) else { return false }
        defer { icalcomponent_free(component) }
        return LibicalComponent(pointer: component).first(ICAL_RELATEDTO_PROPERTY)?.isParentRelation ?? false
    }

    /// The alarm libical reads from kept block lines (a VALARM with `ACTION:DISPLAY` or
    /// `ACTION:AUDIO` and a readable `TRIGGER`), nil for any other block. The writer sorts kept blocks by
    /// this, the reading the reader itself made of them: by the lines' text, `ACTION:<tab>DISPLAY`
    /// (read as an alarm by libical) was kept as another component beside Tick's own VALARM,
    /// and imported again made two alarms (found by fuzz/icalendar).
    static func ringingAlarm(_ lines: [String]) -> VTodoFields.AlarmFields? {
        guard let first = lines.first, ICalendarContentLine(text: first).beginName == "VALARM",
              let fields = shadowFields(lines), fields.alarms.count == 1 else { return nil }
        return fields.alarms[0]
    }

    /// `a display` or `an audio` when block lines are a VALARM with `ACTION:DISPLAY` or
    /// `ACTION:AUDIO` (as a warning names it), else nil.
    static func ringingAction(_ lines: [String]) -> String? {
        // The name as the kept block was split by (`ICalendarContentLine`: trimmed, upper case),
        // as libical reads it: `BEGIN:VALARM` with a form feed after it was read as an alarm
        // and kept as some other component, so an export wrote the alarm twice (found by
        // fuzz/icalendar).
        guard let first = lines.first, ICalendarContentLine(text: first).beginName == "VALARM" else { return nil }
        var depth = 0
        for line in lines {
            let content = ICalendarContentLine(text: line)
            if content.beginName != nil { depth += 1; continue }
            if content.endName != nil { depth -= 1; continue }
            guard depth == 1, content.name == "ACTION" else { continue }
            let upper = line.uppercased()
            if upper.hasSuffix(":DISPLAY") { return "a display" }
            if upper.hasSuffix(":AUDIO") { return "an audio" }
        }
        return nil
    }
}
