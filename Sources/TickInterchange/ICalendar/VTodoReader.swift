import CICal
import Dispatch
import Foundation
import TickModel

/// What reading one VTODO gave, made on any thread and joined to its calendar in file
/// order afterwards.
struct VTodoReading: Sendable {
    /// A message about a line, for `ICalendarResults.warn`.
    struct Warning: Sendable {
        var line: Int
        var message: String
        /// About a contradiction in the VTODO that Tick keeps as given (a `COMPLETED`
        /// date on an open to-do, `DUE` and `DTSTART` of different types): Tick's own
        /// export gives it back, and a re-import of that export does not warn again.
        var isAboutKeptContradiction = false
        /// Says that something the VTODO gave was left out (`ImportBatch.losses`).
        var isLoss = false
    }

    var beginLine: Int
    var uid: ReminderUID
    /// How it ranks against other versions with the same `UID` (nil when unreadable).
    var version: ICalendarVersion?
    /// The VTODO had no `UID`; `uid` was derived from its lines.
    var missingUID: Bool
    var sortOrder: Int64?
    /// The VTODO has a `LAST-MODIFIED` (`ImportedReminder.statesModification`).
    var hasLastModified = false
    /// The reminder; nil when the VTODO waits for a VTIMEZONE (`record` is set) or is an
    /// override (`overrideLines` is set).
    var reminder: Reminder?
    var record: VTodoRecord?
    /// The whole VTODO, kept verbatim, when it has a `RECURRENCE-ID`.
    var overrideLines: [String]?
    var warnings: [Warning] = []
    /// libical made nothing of the lines (the line of `BEGIN:VTODO`).
    var unreadable: Bool = false
    /// A date Tick cannot hold (`VTodoReader.outOfRangeDate`): the file is refused.
    var refusal: Warning?
    /// Nothing of it is kept (a changed occurrence of no real day); its warnings say so.
    var isLeftOut = false
}

/// Reads VTODOs through libical and maps them (`VTodoRecord`), with its own libical
/// parser and time zones, so that several can work at once on different VTODOs.
///
/// Not Sendable: one per thread.
final class VTodoReader {
    private let parser: ICalendarComponentParser
    let zones: ICalendarTimeZones
    let now: Date

    /// A reader with `zones` (a calendar's own, on the thread that reads the file).
    init(zones: ICalendarTimeZones, now: Date) throws(InterchangeError) {
        parser = try ICalendarComponentParser()
        self.zones = zones
        self.now = now
    }

    /// A reader with its own zones, defined by the VTIMEZONEs `definitions` (their lines).
    convenience init(definitions: [[String]], now: Date) throws(InterchangeError) {
        let zones = ICalendarTimeZones()
        let parser = try ICalendarComponentParser()
        for lines in definitions {
            var component: OpaquePointer?
            for line in lines { component = parser.add(line).component ?? component }
            if let component {
                zones.define(LibicalComponent(pointer: component))
                icalcomponent_free(component)
            }
        }
        try self.init(zones: zones, now: now)
    }

    /// Reads one VTODO from its lines (`BEGIN:VTODO` to `END:VTODO`).
    func read(_ lines: [ICalendarContentLine]) -> VTodoReading {
        let beginLine = lines.first?.lineNumber ?? 0
        var warnings: [VTodoReading.Warning] = []
        var kept: [ICalendarContentLine] = []
        kept.reserveCapacity(lines.count)
        var component: OpaquePointer?
        for line in lines {
            let outcome = parser.add(line.text)
            if let finished = outcome.component { component = finished }
            if !outcome.failed || line.beginName != nil || line.endName != nil {
                kept.append(line)
                continue
            }
            let disposition = ICalendarComponentParser.disposition(ofFailed: line)
            if let warning = disposition.warning {
                warnings.append(.init(line: line.lineNumber, message: warning, isLoss: disposition.kept == nil))
            }
            if let line = disposition.kept { kept.append(line) }
        }
        guard let component else {
            return VTodoReading(beginLine: beginLine, uid: "", missingUID: false, unreadable: true)
        }
        if let refusal = VTodoReader.outOfRangeDate(kept) {
            icalcomponent_free(component)
            return VTodoReading(beginLine: beginLine, uid: "", missingUID: false, refusal: refusal)
        }
        defer { icalcomponent_free(component) }
        // libical drops a parameter without `=` without flagging the line; it leaves an
        // X-LIC-ERROR behind, which is reported here (the line stays as written).
        for message in VTodoReader.droppedParameters(LibicalComponent(pointer: component)) {
            warnings.append(.init(line: beginLine, message: "libical could not read a parameter in this VTODO (\(message))"))
        }
        var fields = VTodoFields(LibicalComponent(pointer: component))
        fields.readTextFromLines(kept)
        let record = VTodoRecord(beginLine: beginLine, items: ICalendarCalendar.items(kept), fields: fields)
        var reading = VTodoReading(beginLine: beginLine, uid: ReminderUID(fields.uid ?? ""), missingUID: false, sortOrder: fields.sortOrder)
        reading.hasLastModified = fields.lastModified != nil
        reading.version = ICalendarVersion(fields, line: beginLine)
        if reading.uid.rawValue.isEmpty {
            reading.uid = ICalendarCalendar.derivedUID(kept)
            reading.missingUID = true
        }
        reading.warnings = warnings
        if fields.hasRecurrenceID {
            // A changed occurrence of no real day (`RECURRENCE-ID:20261399T090000Z`) changes
            // no occurrence: left out, said so (a tester: it was kept as written).
            if let line = kept.first(where: { $0.name == "RECURRENCE-ID" }), let problem = VTodoRecord.undatedValue(line.text) {
                reading.warnings.append(.init(line: line.lineNumber, message: "this RECURRENCE-ID \(problem) (RFC 5545 §3.8.4.4); "
                                              + "the changed occurrence it starts was left out", isLoss: true))
                reading.isLeftOut = true
                return reading
            }
            reading.overrideLines = kept.map(\.text)
            reading.record = record
        } else if isResolvable(fields) {
            reading.reminder = reminder(record, uid: reading.uid, warnings: &reading.warnings)
        } else {
            reading.record = record
        }
        return reading
    }

    /// Date properties of a VTODO and its VALARMs: those that become dates of the
    /// reminder and its alarms, and those kept verbatim (`EXDATE`, `RDATE` …).
    static let dateProperties: Set<String> = ["DUE", "DTSTART", "COMPLETED", "CREATED", "LAST-MODIFIED", "DTSTAMP",
                                              "TRIGGER", "ACKNOWLEDGED", "EXDATE", "RDATE", "RECURRENCE-ID", "DTEND"]

    /// The first date of the VTODO's lines (`dateProperties`, its VALARMs' included) whose
    /// year is outside the years Tick holds (`SupportedDates`: 2 to 9998), such as
    /// `DUE:-0010101T100000Z` or `DUE;VALUE=DATE:00000101`: such a date can neither
    /// become a date of the reminder nor be written back as valid iCalendar (year 0 and
    /// negative years are not RFC 5545 dates; other parsers refuse them), so the file is
    /// refused with its line.
    static func outOfRangeDate(_ lines: [ICalendarContentLine]) -> VTodoReading.Warning? {
        var depth = 0
        for line in lines {
            if line.beginName != nil { depth += 1; continue }
            if line.endName != nil { depth -= 1; continue }
            guard depth >= 1, dateProperties.contains(line.name), let year = writtenYear(line.text),
                  !SupportedDates.years.contains(year) else { continue }
            return .init(line: line.lineNumber, message: "this \(line.name) is in the year \(year), outside the "
                         + "\(SupportedDates.description) that Tick holds")
        }
        return nil
    }

    /// The year a DATE or DATE-TIME value is written with (`YYYYMMDD…`, `YYYY-MM-DD…`, a
    /// leading `-` for a negative year), or nil when the value does not start that way.
    ///
    /// The value starts after the first colon outside a quoted parameter value after which a
    /// date is written: libical reads an unquoted `TZID` with colons in it the same way
    /// (`TZID=(GMT+01:00) Amsterdam:20261201T090000`; found by fuzz/icalendar: a `DUE` of
    /// the year 1 behind `TZID=/zC:go:…` passed this check, and Tick's own export, which
    /// quotes that `TZID`, was then refused).
    static func writtenYear(_ line: String) -> Int? {
        var quoted = false
        var index = line.utf8.startIndex
        while index < line.utf8.endIndex {
            let byte = line.utf8[index]
            index = line.utf8.index(after: index)
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            guard byte == UInt8(ascii: ":"), !quoted else { continue }
            if let year = year(startingAt: line.utf8[index...]) ?? scannedYear(line.utf8[index...]) { return year }
        }
        return nil
    }

    /// The year libical's `icaltime_from_string` takes from a value it reads as a date by
    /// its length alone (8 or 10 bytes a DATE, 15, 16, 19 or 20 a DATE-TIME), with
    /// `sscanf("%04d…")`: white space skipped, a sign taken, at most four characters. Found
    /// by fuzz/icalendar: `DTSTART;TZID==DATE:1 070501` was read as July 5 of the year 1
    /// (`1`, then ` 07`, then `05`), which the written form above does not show, and Tick's
    /// own export of it (`00010705`) was then refused.
    private static func scannedYear(_ value: Substring.UTF8View.SubSequence) -> Int? {
        guard [8, 10, 15, 16, 19, 20].contains(value.count) else { return nil }
        var rest = value.drop { [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains($0) }
        var width = 4
        var negative = false
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            rest = rest.dropFirst()
            width -= 1
        }
        let digits = rest.prefix(width).prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty, let year = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
        return negative ? -year : year
    }

    /// The year of a date written at the start of `value`, nil when none is.
    private static func year(startingAt value: Substring.UTF8View.SubSequence) -> Int? {
        var value = value
        let negative = value.first == UInt8(ascii: "-")
        if negative { value = value.dropFirst() }
        let digits = value.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let rest = value.dropFirst(digits.count)
        let yearDigits: Substring.UTF8View.SubSequence
        if rest.first == UInt8(ascii: "-"), !digits.isEmpty {
            yearDigits = digits
        } else if digits.count >= 8 || (negative && digits.count > 4) {
            yearDigits = digits.dropLast(4)
        } else {
            return nil
        }
        guard let year = Int(String(decoding: yearDigits, as: UTF8.self)) else { return nil }
        return negative ? -year : year
    }

    /// The texts of `X-LIC-ERROR`s about unreadable parameter names, in the component and
    /// its subcomponents.
    static func droppedParameters(_ component: LibicalComponent) -> [String] {
        var messages: [String] = []
        for property in component.properties(ICAL_XLICERROR_PROPERTY) {
            guard let parameter = icalproperty_get_first_parameter(property.pointer, ICAL_XLICERRORTYPE_PARAMETER),
                  icalparameter_get_xlicerrortype(parameter) == ICAL_XLICERRORTYPE_PARAMETERNAMEPARSEERROR,
                  let text = icalproperty_get_xlicerror(property.pointer) else { continue }
            messages.append(String(cString: text))
        }
        for child in component.components() { messages += droppedParameters(child) }
        return messages
    }

    /// Whether every `TZID` the VTODO uses can be read with the zones known now.
    func isResolvable(_ fields: VTodoFields) -> Bool {
        var tzids = [fields.due, fields.start, fields.completed, fields.created, fields.lastModified, fields.dtstamp]
            .compactMap { $0?.tzid }
        for alarm in fields.alarms {
            if case .absolute(let time)? = alarm?.trigger, let tzid = time.tzid { tzids.append(tzid) }
        }
        return tzids.allSatisfy(zones.isReadable)
    }

    /// The reminder of a record, with warnings about its title and dates.
    func reminder(_ record: VTodoRecord, uid: ReminderUID, warnings: inout [VTodoReading.Warning]) -> Reminder {
        var collected: [VTodoReading.Warning] = []
        let reminder = record.reminder(uid: uid, zones: zones, now: now) { line, message, kind in
            collected.append(.init(line: line, message: message, isAboutKeptContradiction: kind == .keptContradiction, isLoss: kind == .loss))
        }
        warnings.append(contentsOf: collected)
        if VTodoMapping.title(record.fields) == nil {
            warnings.append(.init(line: record.beginLine, message: "this VTODO has no SUMMARY; it was titled '\(reminder.title)'"))
        }
        if let due = record.fields.due, let start = record.fields.start, due.isDate != start.isDate {
            // Each named with its own type (a tester: a DATE start was called DATE-TIME).
            let types = due.isDate ? "DUE is a DATE, DTSTART a DATE-TIME" : "DUE is a DATE-TIME, DTSTART a DATE"
            warnings.append(.init(line: record.beginLine, message: "DUE and DTSTART differ in value type (\(types)); "
                                  + "RFC 5545 asks for the same type; both were kept as given",
                                  isAboutKeptContradiction: true))
        }
        return reminder
    }

    /// Reads many VTODOs on up to `workers` threads; the readings come back in order.
    /// - Complexity: O(n) work in the number of lines, spread over the threads.
    static func readAll(_ jobs: [[ICalendarContentLine]], definitions: [[String]], now: Date,
                        workers: Int) throws(InterchangeError) -> [VTodoReading] {
        let threads = max(1, min(workers, jobs.count / 64))
        if threads == 1 {
            let reader = try VTodoReader(definitions: definitions, now: now)
            return jobs.map(reader.read)
        }
        let slots = ReadingSlots(count: jobs.count)
        defer { slots.deallocate() }
        let chunk = (jobs.count + threads - 1) / threads
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let range = (thread * chunk)..<min(jobs.count, (thread + 1) * chunk)
            guard !range.isEmpty else { return }
            // A reader that cannot start (no memory for a parser) leaves its slots
            // empty; they are read again below on this thread.
            guard let reader = try? VTodoReader(definitions: definitions, now: now) else { return }
            for index in range { slots.store(reader.read(jobs[index]), at: index) }
        }
        var readings: [VTodoReading] = []
        readings.reserveCapacity(jobs.count)
        var fallback: VTodoReader?
        for index in jobs.indices {
            if let reading = slots.take(at: index) {
                readings.append(reading)
            } else {
                if fallback == nil { fallback = try VTodoReader(definitions: definitions, now: now) }
                if let fallback { readings.append(fallback.read(jobs[index])) }
            }
        }
        return readings
    }
}

/// VTODOs read on other threads (`VTodoReader.readAll`) while the file is read on.
///
/// `@unchecked Sendable`: `outcome` is written once, on the reading thread, before
/// `group.leave()`, and read only after `group.wait()` returns, which orders the write
/// before the read; nothing else is mutable.
final class VTodoBatch: @unchecked Sendable {
    private let group = DispatchGroup()
    private var outcome: [VTodoReading] = []
    private var failure: InterchangeError?

    /// Starts reading `jobs` (VTODO lines) with the zones `definitions` define.
    init(_ jobs: [[ICalendarContentLine]], definitions: [[String]], now: Date, workers: Int) {
        group.enter()
        DispatchQueue.global().async { [self] in
            do throws(InterchangeError) {
                outcome = try VTodoReader.readAll(jobs, definitions: definitions, now: now, workers: workers)
            } catch {
                failure = error
            }
            group.leave()
        }
    }

    /// The readings, in order, once all are read.
    /// - Throws: `InterchangeError` when no libical parser could be made.
    func readings() throws(InterchangeError) -> [VTodoReading] {
        group.wait()
        if let failure { throw failure }
        return outcome
    }
}

/// Result slots filled by worker threads, each thread writing only its own indices.
///
/// `@unchecked Sendable`: the buffer is allocated before `concurrentPerform` starts and
/// read after it returns; in between, every index is written by exactly one thread and
/// no index is read, so no two threads touch the same slot and the join orders the
/// writes before the reads.
private final class ReadingSlots: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<VTodoReading?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    func store(_ reading: VTodoReading, at index: Int) { buffer[index] = reading }

    func take(at index: Int) -> VTodoReading? {
        let reading = buffer[index]
        buffer[index] = nil
        return reading
    }

    func deallocate() {
        _ = buffer.deinitialize()
        buffer.deallocate()
    }
}
