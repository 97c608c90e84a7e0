import CICal
import Foundation
import TickModel

/// Writes lists and reminders as iCalendar (RFC 5545): one VCALENDAR per list that
/// has reminders (§3.4: a VCALENDAR holds at least one component), one VTODO per reminder, several VCALENDARs one after another in one stream (an
/// "icalstream", §3.4), which `ICalendarReader` reads back as the same lists.
///
/// Every line ends in CRLF and is folded at 75 octets without splitting a UTF-8
/// character; TEXT values escape `\` `;` `,` and line breaks (§3.3.11); all-day dates
/// are `VALUE=DATE`; every `TZID` used gets one VTIMEZONE (the one kept from the import
/// when Foundation does not know the name, else libical's built-in definition), and no
/// other VTIMEZONE is written; every line is valid by RFC 5545 §3.1
/// (`ICalendarLineSyntax`: a kept line that is not is repaired or left out).
///
/// A VCALENDAR holds `VERSION:2.0`, `PRODID`, `X-WR-CALNAME`, `X-APPLE-CALENDAR-COLOR`
/// (`#RRGGBB`), RFC 7986 `COLOR` when the color is one of the palette (whose names are
/// CSS color names), then the list's kept calendar properties and components (never a
/// second `VERSION`, `PRODID`, `X-WR-CALNAME`, `X-APPLE-CALENDAR-COLOR` or `COLOR`,
/// whatever parameters the kept line has: the list's current name wins; never `METHOD`,
/// never a second copy of a property allowed once). VTODOs
/// follow in the list's manual order, each with exactly one `X-APPLE-SORT-ORDER`: the
/// kept value while the kept values still rise in that order, else the next free number
/// (the reminder's position when that is higher).
public struct ICalendarWriter: Sendable {
    /// The `PRODID` written (RFC 5545 §3.7.3).
    public var productID = "-//Tick//Tick Reminders//EN"

    /// Whether every to-do gets an `X-APPLE-SORT-ORDER` (the kept one, else its place in
    /// the list: a file keeps Tick's order). A sync turns it off: then only a to-do that
    /// has one (from the server, or set by a move in Tick, `ICalendarSortOrder`) writes it,
    /// since Apple's value is seconds since 2001 and an absent one means "by creation".
    public var writesPositionAsSortOrder = true

    /// Creates a writer.
    public init() {}

    /// Opens libical, which the writer needs for the VTIMEZONE of a zone (its built-in
    /// zones) and for kept lines; call it before writing, where an error can be reported.
    /// Without it a calendar is written without the VTIMEZONEs libical would give.
    ///
    /// - Throws: `InterchangeError` of kind `libraryMissing`, naming libical and its
    ///   Debian package.
    public static func loadLibrary() throws(InterchangeError) {
        try LibICal.load()
    }

    /// The iCalendar text of `lists` (in order) and their reminders.
    ///
    /// - Parameters:
    ///   - lists: the lists to write, each with reminders as a VCALENDAR; a list without
    ///     any is left out (an empty VCALENDAR is not valid iCalendar).
    ///   - reminders: their reminders, in manual order within each list; reminders of
    ///     other lists are ignored.
    /// - Returns: the text, lines ending in CRLF; empty when no list has reminders.
    /// - Complexity: O(n) in the number and size of the reminders.
    public func write(lists: [ReminderList], reminders: [Reminder]) -> String {
        var byList: [ReminderList.ID: [Reminder]] = [:]
        for reminder in reminders { byList[reminder.listID, default: []].append(reminder) }
        var out: [UInt8] = []
        out.reserveCapacity(reminders.count * 600)
        for list in lists {
            guard let listed = byList[list.id], !listed.isEmpty else { continue }
            var zones = ZoneUse()
            for reminder in listed { zones.note(reminder) }
            var calendar = calendar(for: list, using: zones, into: &out)
            for reminder in listed { calendar.append(reminder, to: &out) }
            calendar.end(into: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The time zones the VTODOs of one list use, noted reminder by reminder in the
    /// order they are written: the VTIMEZONEs its VCALENDAR defines, each from the
    /// earliest instant that uses it. The first of a list's two passes when it is
    /// written a reminder at a time (`calendar(for:using:into:)`).
    public struct ZoneUse: Sendable {
        /// Each TZID with the earliest instant that uses it (nil: from kept lines only).
        fileprivate var used: [String: Date?] = [:]
        /// The TZIDs in the order of first use.
        fileprivate var order: [String] = []

        /// No zone used yet.
        public init() {}

        /// Notes the zones of `reminder`'s due and start dates and of its kept lines.
        /// - Complexity: O(n) in the size of the kept lines.
        public mutating func note(_ reminder: Reminder) {
            note(due: reminder.due, start: reminder.start, extras: reminder.iCalendarExtras)
        }

        /// Notes the zones of a reminder's `due` and `start` dates and of its kept lines
        /// (`Reminder.iCalendarExtras`), read without the rest of the reminder.
        /// - Complexity: O(n) in the size of the kept lines.
        public mutating func note(due: Due?, start: Due?, extras: String) {
            for date in [due, start] {
                if case .timed(let instant, let zone)? = date, zone != .utc { use(zone.rawValue, instant) }
            }
            guard !extras.isEmpty else { return }
            for tzid in ICalendarWriter.tzids(in: ICalendarExtras(extras)) { use(tzid, nil) }
        }

        private mutating func use(_ tzid: String, _ instant: Date?) {
            if let existing = used[tzid] {
                // A zone first seen in kept lines (no instant) takes the first instant that uses it.
                if let instant, existing.map({ instant < $0 }) ?? true { used[tzid] = instant }
            } else {
                used[tzid] = instant
                order.append(tzid)
            }
        }
    }

    /// One list's VCALENDAR being written: its header is out, VTODOs are appended one
    /// at a time in the list's manual order, then `end(into:)` closes it.
    public struct ListCalendar {
        fileprivate let writer: ICalendarWriter
        fileprivate let zones: ICalendarTimeZones
        fileprivate var lastOrder = Int64.min
        /// The line being written, kept between VTODOs for its room.
        fileprivate var line: [UInt8] = []

        /// Appends the VTODO of `reminder` (one of the list's, after the ones before it).
        /// - Complexity: O(n) in the size of the reminder.
        public mutating func append(_ reminder: Reminder, to out: inout [UInt8]) {
            if reminder.iCalendarExtras.isEmpty {
                // Nothing kept: written field by field as bytes (the same lines).
                VTodoWriter.appendUnkept(reminder, sortOrder: nextSortOrder(kept: nil, position: reminder.position),
                                         zones: zones, line: &line, to: &out)
                return
            }
            if let kept = ListCalendar.loneSortOrder(reminder.iCalendarExtras) {
                // Only Apple's sort order kept (every to-do of Apple's, every one a move placed):
                // the same lines as through `VTodoWriter`, which skips the kept line and writes
                // the value; that path took 2.7 times as long for 100,000 of them.
                VTodoWriter.appendUnkept(reminder, sortOrder: nextSortOrder(kept: kept, position: reminder.position),
                                         zones: zones, line: &line, to: &out)
                return
            }
            let extras = ICalendarExtras(reminder.iCalendarExtras)
            let order = nextSortOrder(kept: ICalendarWriter.keptSortOrder(extras), position: reminder.position)
            for line in VTodoWriter(reminder: reminder, extras: extras, zones: zones).lines(sortOrder: order) {
                ICalendarWriter.appendValid(line, to: &out)
            }
        }

        /// The value of kept lines that are one `X-APPLE-SORT-ORDER:` line of an integer written
        /// plainly (`-?[0-9]+`, as Tick and Apple write it), else nil.
        /// - Complexity: O(n) in the length of `extras`, at most 40 bytes looked at.
        static func loneSortOrder(_ extras: String) -> Int64? {
            let prefix = "X-APPLE-SORT-ORDER:"
            guard extras.utf8.count <= prefix.utf8.count + 20, extras.hasPrefix(prefix) else { return nil }
            let digits = extras.utf8.dropFirst(prefix.utf8.count)
            guard let first = digits.first, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
                  digits.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            return Int64(Substring(digits))
        }

        /// The `X-APPLE-SORT-ORDER` of the next VTODO: the kept value, or with
        /// `writesPositionAsSortOrder`, the kept value or the position while they rise, else
        /// one more than the last.
        private mutating func nextSortOrder(kept: Int64?, position: Int64) -> Int64? {
            guard writer.writesPositionAsSortOrder else { return kept }
            let candidate = kept ?? position
            let increasing = candidate > lastOrder ? candidate : lastOrder &+ 1
            lastOrder = increasing
            return increasing
        }

        /// Appends the line that closes the VCALENDAR.
        public func end(into out: inout [UInt8]) {
            ICalendarText.appendFolded("END:VCALENDAR", to: &out)
        }
    }

    /// Appends the header of `list`'s VCALENDAR (its properties, kept lines and the
    /// VTIMEZONEs `zoneUse` found) to `out`, and returns what appends its VTODOs.
    /// A list without reminders must not be written (an empty VCALENDAR is not valid).
    /// - Parameter zoneUse: every reminder of the list noted, in the order written.
    public func calendar(for list: ReminderList, using zoneUse: ZoneUse, into out: inout [UInt8]) -> ListCalendar {
        let zones = ICalendarTimeZones()
        let listExtras = ICalendarExtras(list.iCalendarExtras)
        // One kept VTIMEZONE per TZID, the one that defines it (the last: lists kept
        // by an older Tick may hold one TZID twice); written only when a reminder uses it.
        var keptZones: [String: [String]] = [:]
        for case .component("VTIMEZONE", let lines) in listExtras.items {
            if let tzid = ICalendarWriter.define(lines, in: zones) { keptZones[tzid] = lines }
        }

        var header = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + ICalendarText.escaped(productID),
                      "X-WR-CALNAME:" + ICalendarText.escaped(list.name), "X-APPLE-CALENDAR-COLOR:" + list.color.hex]
        let keepsColor = listExtras.items.contains { if case .property(let line) = $0 { return line.name == "COLOR" } else { return false } }
        let writesColor = list.color.name != nil && !keepsColor
        if let name = list.color.name, writesColor { header.append("COLOR:" + name) }
        // Properties before components, the order the reader keeps them in. A kept line
        // that says what the header already says is left out: one name (the list's
        // current one), one color of each kind, whatever parameters the kept line has.
        // `METHOD` is left out: it makes a file an iTIP message (RFC 5546 §1.4), which an
        // export is not, and a list merged from several messages would carry several.
        var keptOnce = Set<String>()
        for case .property(let line) in listExtras.items {
            switch line.name {
            case "VERSION", "PRODID", "X-WR-CALNAME", "X-APPLE-CALENDAR-COLOR", "METHOD": continue
            case _ where ICalendarWriter.calendarPropertiesAllowedOnce.contains(line.name):
                guard keptOnce.insert(line.name).inserted else { continue }
            default: break
            }
            header.append(line.text)
        }
        for case .component(let name, let lines) in listExtras.items where name != "VTIMEZONE" { header.append(contentsOf: lines) }
        for tzid in zoneUse.order {
            if let kept = keptZones[tzid] {
                header.append(contentsOf: kept)
            } else if let lines = zones.vtimezoneLines(for: tzid, earliest: zoneUse.used[tzid] ?? nil) {
                header.append(contentsOf: lines)
            }
        }
        for line in header { ICalendarWriter.appendValid(line, to: &out) }
        return ListCalendar(writer: self, zones: zones)
    }

    /// Appends `line` folded, repaired first when it breaks RFC 5545 §3.1 and left out
    /// when it cannot be: the reader repairs what it keeps (with a warning), but a
    /// database may hold lines kept by an older Tick.
    static func appendValid(_ line: String, to out: inout [UInt8]) {
        switch ICalendarLineSyntax.check(line) {
        case .valid: ICalendarText.appendFolded(line, to: &out)
        case .repaired(let text, _, _): ICalendarText.appendFolded(text, to: &out)
        case .invalid: break
        }
    }

    /// Calendar properties RFC 5545 (§3.7) and RFC 7986 (§5) allow once per VCALENDAR:
    /// a kept copy after the first is left out.
    static let calendarPropertiesAllowedOnce: Set<String> = [
        "CALSCALE", "COLOR", "UID", "LAST-MODIFIED", "URL", "REFRESH-INTERVAL", "SOURCE",
    ]

    /// Reads a kept VTIMEZONE into `zones`; returns its `TZID`.
    private static func define(_ lines: [String], in zones: ICalendarTimeZones) -> String? {
        guard let parser = try? ICalendarComponentParser() else { return nil }
        var component: OpaquePointer?
        for line in lines { component = parser.add(line).component ?? component }
        guard let component else { return nil }
        defer { icalcomponent_free(component) }
        return zones.define(LibicalComponent(pointer: component))
    }

    /// The kept `X-APPLE-SORT-ORDER` value, when it is an integer.
    static func keptSortOrder(_ extras: ICalendarExtras) -> Int64? {
        for case .property(let line) in extras.items where line.name == "X-APPLE-SORT-ORDER" {
            return line.text.split(separator: ":").last.flatMap { Int64($0.trimmingWhiteSpace()) }
        }
        return nil
    }

    /// The `TZID` parameters used by kept lines (`EXDATE;TZID=…`, overrides).
    static func tzids(in extras: ICalendarExtras) -> [String] {
        var result: [String] = []
        for item in extras.items {
            for line in item.lines where containsTZIDParameter(line) {
                guard let component = ICalendarComponentParser.vtodo(containing: [line]) else { continue }
                defer { icalcomponent_free(component) }
                for property in LibicalComponent(pointer: component).properties() {
                    if let tzid = property.tzid, !tzid.isEmpty, !result.contains(tzid) { result.append(tzid) }
                }
            }
        }
        return result
    }

    /// Whether `;TZID=` appears in the line (any case), before a closer look with libical.
    private static func containsTZIDParameter(_ line: String) -> Bool {
        let pattern = Array(";TZID=".utf8)
        var matched = 0
        for byte in line.utf8 {
            let upper = ICalendarContentLine.upper(byte)
            if upper == pattern[matched] {
                matched += 1
                if matched == pattern.count { return true }
            } else {
                matched = upper == pattern[0] ? 1 : 0
            }
        }
        return false
    }
}
