import CICal
import Foundation
import TickModel

/// One VCALENDAR being read (or the bare VTODOs of a file): its properties, its time
/// zones and its VTODOs, turned into a list and reminders when it ends.
struct ICalendarCalendar {
    private struct Entry {
        var reminder: ImportedReminder?
        /// A VTODO waiting for the end of the calendar: it uses a `TZID` that neither
        /// Foundation nor a VTIMEZONE read so far defines (a VTIMEZONE may follow).
        var pending: (record: VTodoRecord, uid: String)?
        var sortOrder: Int64?
    }

    private struct Override {
        var uid: String
        var lines: [String]
        var record: VTodoRecord
    }

    let beginLine: Int
    /// Calendar-level property lines libical could read.
    var propertyLines: [ICalendarContentLine] = []
    /// VTIMEZONEs kept verbatim (their `TZID` is unknown to Foundation).
    private var keptZones: [[String]] = []
    let zones = ICalendarTimeZones()
    private var entries: [Entry] = []
    private var indexByUID: [String: Int] = [:]
    private var overrides: [Override] = []

    init(beginLine: Int) { self.beginLine = beginLine }

    /// Takes a VTIMEZONE: its zone serves the calendar's `TZID`s; it is kept when
    /// Foundation does not know its `TZID` (so the export can give it back).
    mutating func add(vtimezone lines: [ICalendarContentLine], component: LibicalComponent) {
        guard let tzid = zones.define(component) else { return }
        if !ICalendarTimeZones.isKnownToFoundation(tzid) { keptZones.append(lines.map(\.text)) }
    }

    /// Takes a VTODO (its lines from `BEGIN` to `END`, and libical's reading of them).
    mutating func add(vtodo lines: [ICalendarContentLine], component: LibicalComponent,
                      reader: ICalendarReader, results: inout ICalendarResults) {
        let fields = VTodoFields(component)
        let record = VTodoRecord(beginLine: lines.first?.lineNumber ?? beginLine, items: ICalendarCalendar.items(lines),
                                 fields: fields)
        let uid: String
        if let given = fields.uid, !given.isEmpty {
            uid = given
        } else {
            uid = ICalendarCalendar.derivedUID(lines)
            results.noteMissingUID()
        }
        if fields.hasRecurrenceID {
            overrides.append(Override(uid: uid, lines: lines.map(\.text), record: record))
            return
        }
        var entry = Entry(sortOrder: fields.sortOrder)
        if isResolvable(fields) {
            entry.reminder = imported(record, uid: uid, reader: reader, results: &results)
        } else {
            entry.pending = (record, uid)
        }
        if let index = indexByUID[uid] {
            results.warn(record.beginLine, "another VTODO with the same UID came earlier; this one replaces it")
            entries[index] = entry
        } else {
            indexByUID[uid] = entries.count
            entries.append(entry)
        }
    }

    private func isResolvable(_ fields: VTodoFields) -> Bool {
        var tzids = [fields.due, fields.start, fields.completed, fields.created, fields.lastModified, fields.dtstamp]
            .compactMap { $0?.tzid }
        for alarm in fields.alarms {
            if case .absolute(let time)? = alarm?.trigger, let tzid = time.tzid { tzids.append(tzid) }
        }
        return tzids.allSatisfy(zones.isReadable)
    }

    private func imported(_ record: VTodoRecord, uid: String, reader: ICalendarReader,
                          results: inout ICalendarResults) -> ImportedReminder {
        let reminder = record.reminder(uid: uid, zones: zones, now: reader.now) { line, message in
            results.warn(line, message)
        }
        if VTodoMapping.title(record.fields) == nil {
            results.warn(record.beginLine, "this VTODO has no SUMMARY; it was titled '\(reminder.title)'")
        }
        if let due = record.fields.due, let start = record.fields.start, due.isDate != start.isDate {
            results.warn(record.beginLine, "DUE and DTSTART differ in value type (DATE and DATE-TIME); "
                         + "RFC 5545 asks for the same type; both were kept as given")
        }
        return ImportedReminder(listName: nil, reminder: reminder, lineNumber: record.beginLine)
    }

    /// Ends the calendar: resolves waiting VTODOs, attaches `RECURRENCE-ID` overrides to
    /// their series, orders reminders by `X-APPLE-SORT-ORDER`, and makes the list.
    mutating func finish(_ component: LibicalComponent?, reader: ICalendarReader,
                         results: inout ICalendarResults) -> (list: ReminderList?, reminders: [ImportedReminder]) {
        for index in entries.indices {
            if let (record, uid) = entries[index].pending {
                entries[index].reminder = imported(record, uid: uid, reader: reader, results: &results)
                entries[index].pending = nil
            }
        }
        for override in overrides {
            if let index = indexByUID[override.uid], var imported = entries[index].reminder {
                let extras = imported.reminder.iCalendarExtras
                let block = override.lines.joined(separator: "\n")
                imported.reminder.iCalendarExtras = extras.isEmpty ? block : extras + "\n" + block
                entries[index].reminder = imported
            } else {
                // No series in this calendar: the occurrence stands for itself.
                indexByUID[override.uid] = entries.count
                entries.append(Entry(reminder: imported(override.record, uid: override.uid, reader: reader, results: &results),
                                     sortOrder: override.record.fields.sortOrder))
            }
        }
        for warning in zones.warnings { results.warn(beginLine, warning) }
        let list = ICalendarCalendarList(propertyLines: propertyLines, keptZones: keptZones, component: component,
                                         fileListName: reader.fileListName, now: reader.now)
        var reminders = ICalendarCalendar.sortedBySortOrder(entries.compactMap { entry in
            entry.reminder.map { ($0, entry.sortOrder) }
        })
        for index in reminders.indices { reminders[index].listName = list.list?.name }
        return (list.list, reminders)
    }

    /// Reminders in `X-APPLE-SORT-ORDER` order: those with one are sorted among the
    /// places they hold; the others keep theirs.
    static func sortedBySortOrder(_ pairs: [(ImportedReminder, Int64?)]) -> [ImportedReminder] {
        let slots = pairs.indices.filter { pairs[$0].1 != nil }
        guard slots.count > 1 else { return pairs.map(\.0) }
        let sorted = slots.sorted { (pairs[$0].1 ?? 0, $0) < (pairs[$1].1 ?? 0, $1) }
        var result = pairs.map(\.0)
        for (slot, source) in zip(slots, sorted) { result[slot] = pairs[source].0 }
        return result
    }

    /// The properties and subcomponents of a component, from its `BEGIN`/`END` lines.
    static func items(_ lines: [ICalendarContentLine]) -> [VTodoRecord.Item] {
        guard lines.count >= 2 else { return [] }
        var items: [VTodoRecord.Item] = []
        var block: [ICalendarContentLine] = []
        var depth = 0
        for line in lines[1..<(lines.count - 1)] {
            if line.beginName != nil {
                depth += 1
                block.append(line)
            } else if line.endName != nil {
                depth -= 1
                block.append(line)
                if depth == 0 {
                    items.append(.block(block))
                    block.removeAll()
                }
            } else if depth > 0 {
                block.append(line)
            } else {
                items.append(.property(line))
            }
        }
        return items
    }

    /// `tick-` and 16 hex digits of the FNV-1a hash of the lines: the same VTODO gets the
    /// same UID on every import.
    static func derivedUID(_ lines: [ICalendarContentLine]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for line in lines {
            for byte in line.text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            hash ^= 0x0A
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "tick-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
