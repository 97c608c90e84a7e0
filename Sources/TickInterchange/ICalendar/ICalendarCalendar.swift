import CICal
import Foundation
import TickModel

/// One VCALENDAR being read (or the bare VTODOs of a file): its properties, its time
/// zones and its VTODOs, turned into a list and reminders when it ends.
struct ICalendarCalendar {
    private struct Entry {
        var reminder: ImportedReminder?
        var sortOrder: Int64?
        var version: ICalendarVersion
    }

    private struct Override {
        var uid: ReminderUID
        var lines: [String]
        var record: VTodoRecord
        var version: ICalendarVersion
    }

    /// What a calendar gave: its list, its reminders in order with their versions, and
    /// its changed occurrences (`ImportedReminder.occurrence` set), which the file's
    /// results attach to their series (`ICalendarResults`).
    struct Outcome {
        var list: ReminderList?
        var reminders: [(reminder: ImportedReminder, version: ICalendarVersion)]
        var occurrences: [(reminder: ImportedReminder, version: ICalendarVersion)]
    }

    /// How many VTODOs are read together (on several threads): enough to share the
    /// work, few enough to keep memory bounded.
    static let jobBatchSize = 4096
    /// The same when the reminders are handed out as they are read (`streams`): the lines
    /// of two batches (the one read, the one queued) were 21 MB of a 100,000-VTODO import's
    /// 122 MB heap at 4,096, its peak RSS 230 MB; at 256, 145 MB, in the same time.
    static let streamingJobBatchSize = 256

    let beginLine: Int
    /// Calendar-level property lines libical could read.
    var propertyLines: [ICalendarContentLine] = []
    /// VTIMEZONEs kept verbatim (their `TZID` is unknown to Foundation), one per `TZID`:
    /// the last, which defines it, as in `ICalendarTimeZones.define`.
    private var keptZones: [(tzid: String, lines: [String])] = []
    /// The lines of every VTIMEZONE read so far, for readers on other threads.
    private var zoneDefinitions: [[String]] = []
    let zones = ICalendarTimeZones()
    private var entries: [Entry] = []
    private var overrides: [Override] = []
    /// VTODOs waiting for the end of the calendar, by entry: they use a `TZID` that
    /// neither Foundation nor a VTIMEZONE read so far defines (a VTIMEZONE may follow).
    private var pending: [Int: (record: VTodoRecord, uid: ReminderUID)] = [:]
    /// VTODOs not read yet (their lines).
    private var jobs: [[ICalendarContentLine]] = []
    /// The batch other threads are reading while this thread reads on in the file.
    private var inFlight: VTodoBatch?
    /// The reader, when the calendar's reminders are handed out as they are read
    /// (`ICalendarResults.streams`); nil when they are held for its end.
    private let streamingReader: ICalendarReader?
    private var streams: Bool { streamingReader != nil }
    /// The list handed out with the first reminder, when streaming (set once).
    private var streamedList: ICalendarCalendarList?
    /// The greatest `X-APPLE-SORT-ORDER` handed out, when streaming: one below it would
    /// have to go before reminders already handed out.
    private var streamedSortOrder: Int64?

    /// A calendar that begins at `beginLine`, with room for `expectedTodos` VTODOs (the
    /// file's count, a hint): an array grown by doubling holds the old and the new buffer
    /// at once while it copies (107 MB at 100,000 to-dos, the import's peak); room not used
    /// is never touched, so it costs no memory.
    /// With `streamingReader`, reminders are handed out as they are read, and nothing is
    /// held for the end.
    init(beginLine: Int, expectedTodos: Int = 0, streamingReader: ICalendarReader? = nil) {
        self.beginLine = beginLine
        self.streamingReader = streamingReader
        if streamingReader == nil { entries.reserveCapacity(expectedTodos) }
    }

    /// Whether the calendar says Tick wrote it (its `PRODID` is `ICalendarWriter`'s):
    /// then a contradiction Tick kept as an earlier file gave it, and warned about when
    /// that file was imported, is not warned about again.
    var isTickExport: Bool {
        propertyLines.contains { $0.name == "PRODID" && $0.text == "PRODID:" + ICalendarText.escaped(ICalendarWriter().productID) }
    }

    /// Takes a VTIMEZONE: its zone serves the calendar's `TZID`s; it is kept when
    /// Foundation does not know its `TZID` (so the export can give it back).
    mutating func add(vtimezone lines: [ICalendarContentLine], component: LibicalComponent) {
        guard let tzid = zones.define(component) else { return }
        zoneDefinitions.append(lines.map(\.text))
        if !ICalendarTimeZones.isKnownToFoundation(tzid) {
            keptZones.removeAll { $0.tzid == tzid }
            keptZones.append((tzid, lines.map(\.text)))
        }
    }

    /// Takes a VTODO's lines (`BEGIN` to `END`); reads the queued ones when enough wait.
    /// - Throws: `InterchangeError` when libical makes nothing of a VTODO.
    mutating func queue(vtodo lines: [ICalendarContentLine], reader: ICalendarReader,
                        results: inout ICalendarResults) throws(InterchangeError) {
        jobs.append(lines)
        guard jobs.count >= (streams ? ICalendarCalendar.streamingJobBatchSize : ICalendarCalendar.jobBatchSize) else { return }
        if reader.workerCount > 1 {
            // Hand the batch to other threads and go on reading lines meanwhile; the
            // previous batch is joined first, so readings are added in file order.
            try joinInFlight(results: &results)
            inFlight = VTodoBatch(jobs, definitions: zoneDefinitions, now: reader.now, workers: reader.workerCount)
            jobs = []
        } else {
            try readQueued(reader: reader, results: &results)
        }
    }

    /// Adds the readings of the batch in flight, if any, waiting for it.
    private mutating func joinInFlight(results: inout ICalendarResults) throws(InterchangeError) {
        guard let batch = inFlight else { return }
        inFlight = nil
        for reading in try batch.readings() { try add(reading, results: &results) }
    }

    /// Reads the queued VTODOs (after the batch in flight) and adds them in order.
    private mutating func readQueued(reader: ICalendarReader, results: inout ICalendarResults) throws(InterchangeError) {
        try joinInFlight(results: &results)
        guard !jobs.isEmpty else { return }
        let readings = try VTodoReader.readAll(jobs, definitions: zoneDefinitions, now: reader.now, workers: reader.workerCount)
        jobs.removeAll(keepingCapacity: true)
        for reading in readings { try add(reading, results: &results) }
    }

    private mutating func add(_ reading: VTodoReading, results: inout ICalendarResults) throws(InterchangeError) {
        if reading.unreadable {
            throw InterchangeError(kind: .malformed, source: results.source, line: reading.beginLine,
                                   message: "libical could not read the VTODO that starts here")
        }
        if let refusal = reading.refusal {
            throw InterchangeError(kind: .invalidDate, source: results.source, line: refusal.line, message: refusal.message)
        }
        for warning in reading.warnings where !isTickExport || !warning.isAboutKeptContradiction {
            results.warn(warning.line, warning.message, isLoss: warning.isLoss)
        }
        if reading.missingUID { results.noteMissingUID() }
        if reading.isLeftOut { return }
        if streams { return try stream(reading, results: &results) }
        let version = reading.version ?? ICalendarVersion(line: reading.beginLine)
        if let lines = reading.overrideLines, let record = reading.record {
            overrides.append(Override(uid: reading.uid, lines: lines, record: record, version: version))
            return
        }
        // Versions with the same UID are weighed against each other by the file's results.
        let entry = Entry(reminder: reading.reminder.map {
            ImportedReminder(listName: nil, reminder: $0, lineNumber: reading.beginLine, statesModification: reading.hasLastModified)
        }, sortOrder: reading.sortOrder, version: version)
        let index = entries.count
        entries.append(entry)
        if let record = reading.record { pending[index] = (record, reading.uid) }
    }

    /// Hands out the reminder of `reading` at once (streaming), or says why the file must be
    /// read whole: a changed occurrence (its series may be anywhere in the file), a `TZID`
    /// no zone read so far defines (a VTIMEZONE may follow), an `X-APPLE-SORT-ORDER` that
    /// puts it before reminders already handed out.
    private mutating func stream(_ reading: VTodoReading, results: inout ICalendarResults) throws(InterchangeError) {
        guard reading.overrideLines == nil else { return results.refuseStreaming("a changed occurrence (RECURRENCE-ID)") }
        guard let reminder = reading.reminder else { return results.refuseStreaming("a TZID defined later in the file") }
        if let order = reading.sortOrder {
            if let greatest = streamedSortOrder, order < greatest {
                return results.refuseStreaming("X-APPLE-SORT-ORDER not in file order")
            }
            streamedSortOrder = order
        }
        let calendarList = try streamingList(results: &results)
        var item = ImportedReminder(listName: calendarList.list?.name, reminder: reminder, lineNumber: reading.beginLine,
                                    statesModification: reading.hasLastModified)
        item.isListNamedByFile = calendarList.isNamedByCalendar
        results.emit(item)
    }

    /// The list of a calendar read a piece at a time, made from the calendar's properties
    /// when its first reminder is handed out, and handed out with it.
    private mutating func streamingList(results: inout ICalendarResults) throws(InterchangeError) -> ICalendarCalendarList {
        if let streamedList { return streamedList }
        if !keptZones.isEmpty { results.refuseStreaming(ICalendarCalendar.keptZoneRefusal) }
        let made = try parsedList()
        streamedList = made
        if let list = made.list { results.emit(list: list, isNamedByCalendar: made.isNamedByCalendar) }
        return made
    }

    /// Why a calendar with a VTIMEZONE Foundation does not know is read whole: the list
    /// keeps it when a to-do of the calendar, perhaps the last, uses it.
    static let keptZoneRefusal = "a VTIMEZONE Tick keeps with its list"

    /// The list of a calendar being streamed, from its property lines so far, parsed again
    /// by libical on their own (the calendar's own parser ends with the calendar).
    private func parsedList() throws(InterchangeError) -> ICalendarCalendarList {
        let parser = try ICalendarComponentParser()
        _ = parser.add("BEGIN:VCALENDAR")
        for line in propertyLines { _ = parser.add(line.text) }
        let component = parser.add("END:VCALENDAR").component
        defer { if let component { icalcomponent_free(component) } }
        return ICalendarCalendarList(propertyLines: propertyLines, keptZones: [], component: component.map(LibicalComponent.init),
                                     fileListName: streamingReader?.fileListName, now: streamingReader?.now ?? Date())
    }

    /// The reminder of a record, read with the calendar's own zones (at its end).
    private func imported(_ record: VTodoRecord, uid: ReminderUID, reader: ICalendarReader,
                          results: inout ICalendarResults) throws(InterchangeError) -> ImportedReminder {
        var warnings: [VTodoReading.Warning] = []
        let zoneWarnings = zones.warnings.count
        let reminder = try VTodoReader(zones: zones, now: reader.now).reminder(record, uid: uid, warnings: &warnings)
        // A zone read for the first time here is reported at the first line using it (a
        // tester: the refusal of a PUT named the line of BEGIN:VTODO).
        for (message, tzid) in zip(zones.warnings, zones.warnedZones).dropFirst(zoneWarnings) {
            results.warn(record.firstLine(naming: tzid) ?? record.beginLine, message, isLoss: zones.unknownZoneWarnings.contains(message))
        }
        for warning in warnings where !isTickExport || !warning.isAboutKeptContradiction {
            results.warn(warning.line, warning.message, isLoss: warning.isLoss)
        }
        return ImportedReminder(listName: nil, reminder: reminder, lineNumber: record.beginLine,
                                statesModification: record.fields.lastModified != nil)
    }

    /// Ends the calendar: reads queued VTODOs, resolves waiting ones, orders reminders by
    /// `X-APPLE-SORT-ORDER`, and makes the list; `RECURRENCE-ID` overrides come back
    /// apart, for the file's results to attach to their series.
    /// - Throws: `InterchangeError` when libical makes nothing of a VTODO.
    mutating func finish(_ component: LibicalComponent?, reader: ICalendarReader,
                         results: inout ICalendarResults) throws(InterchangeError) -> Outcome {
        try readQueued(reader: reader, results: &results)
        if streams {
            // What was handed out must be what the whole calendar makes: its properties all
            // came before its first to-do, and no zone is kept with its list.
            if streamedList != nil, !keptZones.isEmpty {
                results.refuseStreaming(ICalendarCalendar.keptZoneRefusal)
            } else if let streamedList {
                let list = ICalendarCalendarList(propertyLines: propertyLines, keptZones: keptZones.map(\.lines), component: component,
                                                 fileListName: reader.fileListName, now: reader.now)
                if !streamedList.describesTheSame(as: list) { results.refuseStreaming("calendar properties after its first VTODO") }
            }
            return Outcome(list: nil, reminders: [], occurrences: [])
        }
        for index in pending.keys.sorted() {
            if let (record, uid) = pending[index] {
                entries[index].reminder = try imported(record, uid: uid, reader: reader, results: &results)
            }
        }
        pending.removeAll()
        let used = keptZones.isEmpty ? [] : usedTZIDs()
        let list = ICalendarCalendarList(propertyLines: propertyLines, keptZones: keptZones.filter { used.contains($0.tzid) }.map(\.lines),
                                         component: component,
                                         fileListName: reader.fileListName, now: reader.now)
        var occurrences: [(reminder: ImportedReminder, version: ICalendarVersion)] = []
        for override in overrides {
            var occurrence = try imported(override.record, uid: override.uid, reader: reader, results: &results)
            occurrence.occurrence = ImportedReminder.Occurrence(
                recurrenceID: ICalendarOverrides.recurrenceID(of: override.lines) ?? "", lines: override.lines,
                due: override.record.fields.recurrenceID?.due(zones))
            occurrence.listName = list.list?.name
            occurrence.isListNamedByFile = list.isNamedByCalendar
            occurrences.append((occurrence, override.version))
        }
        overrides = []
        // The entries are moved out, not copied, and sorted in place: a big calendar
        // would otherwise hold its reminders three times at once here.
        var taken: [Entry] = []
        swap(&taken, &entries)
        var reminders: [(reminder: ImportedReminder, version: ICalendarVersion)] = []
        var sortOrders: [Int64?] = []
        reminders.reserveCapacity(taken.count)
        sortOrders.reserveCapacity(taken.count)
        for entry in taken {
            guard var reminder = entry.reminder else { continue }
            reminder.listName = list.list?.name
            reminder.isListNamedByFile = list.isNamedByCalendar
            reminders.append((reminder, entry.version))
            sortOrders.append(entry.sortOrder)
        }
        taken = []
        ICalendarCalendar.sortBySortOrder(&reminders, sortOrders: sortOrders)
        return Outcome(list: list.list, reminders: reminders, occurrences: occurrences)
    }

    /// The `TZID`s the calendar's to-dos use: in their due and start dates and in the
    /// lines they keep (`EXDATE;TZID=…`, changed occurrences), as the writer finds them.
    /// - Complexity: O(n) in the size of the to-dos.
    private func usedTZIDs() -> Set<String> {
        var used = Set<String>()
        var reminders = entries.compactMap(\.reminder?.reminder)
        reminders += overrides.compactMap { override in
            var reminder = Reminder(listID: ImportedReminder.placeholderListID, title: "", createdAt: Date(timeIntervalSince1970: 0))
            reminder.iCalendarExtras = override.lines.joined(separator: "\n")
            return reminder
        }
        for reminder in reminders {
            for due in [reminder.due, reminder.start] {
                if case .timed(_, let zone)? = due { used.insert(zone.rawValue) }
            }
            if reminder.iCalendarExtras.contains("TZID") {
                used.formUnion(ICalendarWriter.tzids(in: ICalendarExtras(reminder.iCalendarExtras)))
            }
        }
        return used
    }

    /// Puts reminders in `X-APPLE-SORT-ORDER` order: those with one (`sortOrders[i]`,
    /// parallel to `reminders`) are sorted among the places they hold; the others keep
    /// theirs. Equal sort orders keep their file order.
    /// - Complexity: O(n + k log k) for k reminders with a sort order.
    static func sortBySortOrder<Element>(_ reminders: inout [Element], sortOrders: [Int64?]) {
        precondition(reminders.count == sortOrders.count, "one sort order per reminder")
        let slots = sortOrders.indices.filter { sortOrders[$0] != nil }
        guard slots.count > 1 else { return }
        let sorted = slots.sorted { (sortOrders[$0] ?? 0, $0) < (sortOrders[$1] ?? 0, $1) }
        let moved = sorted.map { reminders[$0] }
        for (slot, reminder) in zip(slots, moved) { reminders[slot] = reminder }
    }

    /// The properties and subcomponents of a component, from its `BEGIN`/`END` lines.
    static func items(_ lines: [ICalendarContentLine]) -> [VTodoRecord.Item] {
        guard lines.count >= 2 else { return [] }
        var items: [VTodoRecord.Item] = []
        items.reserveCapacity(lines.count)
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

    /// A UID made from the lines (`StableUID`): the same VTODO gets the same UID on
    /// every import.
    static func derivedUID(_ lines: [ICalendarContentLine]) -> ReminderUID {
        ReminderUID.stable(from: lines.map(\.text).joined(separator: "\n"))
    }
}
