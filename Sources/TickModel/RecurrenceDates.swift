import Foundation

/// The dates an iCalendar to-do takes out of its series (`EXDATE`, RFC 5545 §3.8.5.1)
/// and adds to it (`RDATE`, §3.8.5.2), read from the lines a reminder keeps verbatim
/// (`Reminder.iCalendarExtras`).
///
/// The lines stay where an import put them, so an export writes them back exactly as
/// they came; this type only reads them when a series is rolled forward or described.
/// Only the VTODO's own lines count: lines inside kept components (a VALARM, a kept
/// `RECURRENCE-ID` override) are not read.
///
/// Values read (every value of every line, in order):
///
/// | line | value |
/// | --- | --- |
/// | `EXDATE;VALUE=DATE:20120101,20140101` | two `.day`s |
/// | `EXDATE:20261207T140000Z` | `.utc` instant |
/// | `EXDATE;TZID=America/New_York:20261207T090000` | `.local` wall clock in that zone |
/// | `RDATE:20261207T090000` | `.local` floating wall clock (`timeZone` nil) |
///
/// `RDATE;VALUE=PERIOD` values (`19960403T020000Z/19960403T040000Z`) are left out: a
/// period is a span of time for an event, and a to-do's occurrence is one due date, so
/// Tick does not guess which end is meant; the line is still kept and exported. Values
/// that are not DATE or DATE-TIME text are left out the same way.
public struct RecurrenceDates: Hashable, Sendable {
    /// One DATE or DATE-TIME value of an `EXDATE` or `RDATE` line (RFC 5545 §3.3.4, §3.3.5).
    public enum Value: Hashable, Sendable {
        /// A DATE (`VALUE=DATE`): the whole day.
        case day(CalendarDay)
        /// A UTC DATE-TIME (`…Z`).
        case utc(Date)
        /// A DATE-TIME on a wall clock: in the zone named by `TZID` (as written), or
        /// floating when `timeZone` is nil.
        case local(LocalDateTime, timeZone: TimeZoneIdentifier?)
    }

    /// `EXDATE` values: occurrences taken out of the series.
    public var exceptions: [Value]
    /// `RDATE` values: occurrences added to the series.
    public var additions: [Value]

    /// Dates from their values.
    public init(exceptions: [Value] = [], additions: [Value] = []) {
        self.exceptions = exceptions
        self.additions = additions
    }

    /// Reads the `EXDATE` and `RDATE` lines among kept iCalendar lines (unfolded,
    /// separated by `\n`), outside any `BEGIN:…`/`END:…` component.
    ///
    /// Example: `"EXDATE;VALUE=DATE:20120101,20140101\nRDATE;VALUE=DATE:20100310"` gives
    /// exceptions 2012-01-01 and 2014-01-01 and the addition 2010-03-10.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public init(iCalendarExtras text: String) {
        self.init()
        var depth = 0
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let upper = line.uppercased()
            if upper.hasPrefix("BEGIN:") { depth += 1; continue }
            if upper.hasPrefix("END:") { depth = max(0, depth - 1); continue }
            guard depth == 0 else { continue }
            if upper.hasPrefix("EXDATE;") || upper.hasPrefix("EXDATE:") {
                exceptions += RecurrenceDates.values(ofLine: line)
            } else if upper.hasPrefix("RDATE;") || upper.hasPrefix("RDATE:") {
                additions += RecurrenceDates.values(ofLine: line)
            }
        }
    }

    /// Whether there are neither exceptions nor additions.
    public var isEmpty: Bool { exceptions.isEmpty && additions.isEmpty }

    /// The values of one `EXDATE` or `RDATE` content line (RFC 5545 §3.1): its `VALUE`
    /// and `TZID` parameters (a quoted value may hold `;`, `:` and `,`), then its
    /// comma-separated values.
    static func values(ofLine line: Substring) -> [Value] {
        var parameters: [String] = []
        var current = ""
        var quoted = false
        var valueStart: Substring.Index?
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "\"" {
                quoted.toggle()
            } else if !quoted && (character == ";" || character == ":") {
                parameters.append(current)
                current = ""
                if character == ":" { valueStart = line.index(after: index); break }
            } else {
                current.append(character)
            }
            index = line.index(after: index)
        }
        guard let valueStart else { return [] }
        var kind = ""
        var zone: TimeZoneIdentifier?
        // The first piece is the property name.
        for parameter in parameters.dropFirst() {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            let name = parameter[..<equals].uppercased()
            let value = String(parameter[parameter.index(after: equals)...])
            if name == "VALUE" { kind = value.uppercased() }
            if name == "TZID" { zone = value.isEmpty ? nil : TimeZoneIdentifier(value) }
        }
        guard kind != "PERIOD" else { return [] }
        return line[valueStart...].split(separator: ",").compactMap { piece in
            let text = piece.trimmingCharacters(in: .whitespaces)
            switch text.utf8.count {
            case 8: return CalendarDay(text).map(Value.day)
            case 15: return LocalDateTime(text).map { Value.local($0, timeZone: zone) }
            case 16 where text.hasSuffix("Z"):
                return LocalDateTime(text.dropLast()).map { Value.utc(Date(timeIntervalSince1970: TimeInterval($0.secondsSinceEpochAsUTC))) }
            default: return nil
            }
        }
    }
}
