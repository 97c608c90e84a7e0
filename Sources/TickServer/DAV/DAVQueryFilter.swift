import Foundation
import TickModel
import TickSync

/// The `CALDAV:filter` of a `calendar-query` (RFC 4791 §9.7), as far as Tick evaluates
/// it: the VCALENDAR comp-filter; inside it a VTODO comp-filter (any other component
/// matches nothing: Tick holds to-dos only) with a `time-range` (§9.9's rules for VTODO)
/// and prop-filters on COMPLETED, DUE, DTSTART, STATUS, SUMMARY, DESCRIPTION, UID and
/// CATEGORIES with `is-not-defined`, presence, or a `text-match` (i;ascii-casemap,
/// substring, `negate-condition`). These are what DAVx5, Thunderbird, Apple's clients
/// and python-caldav send; anything else is refused with `CALDAV:supported-filter` (403)
/// rather than answered wrongly.
struct DAVQueryFilter {
    /// A test of one property.
    struct PropertyTest {
        enum Test {
            case isNotDefined
            case isDefined
            case textMatch(String, negated: Bool)
        }

        var name: String
        var test: Test
    }

    /// False when the filter asks for a component Tick never holds (VEVENT, VJOURNAL) or
    /// for no VCALENDAR at all.
    var matchesAnything = true
    /// `time-range` on the VTODO: start and end, either open.
    var timeRange: (start: Date?, end: Date?)?
    var properties: [PropertyTest] = []

    static let testedProperties: Set<String> = ["COMPLETED", "DUE", "DTSTART", "STATUS", "SUMMARY", "DESCRIPTION", "UID",
                                                "CATEGORIES"]

    /// Reads a `CALDAV:filter` element.
    /// - Throws: `DAVFailure` 403 `CALDAV:supported-filter` for a filter Tick does not
    ///   evaluate; 403 `CALDAV:valid-filter` for one that is malformed.
    init(_ filter: XMLTree) throws(DAVFailure) {
        guard let calendar = filter.child(.c("comp-filter")) else {
            throw .caldav("valid-filter", "a CALDAV:filter holds one comp-filter, for VCALENDAR")
        }
        guard calendar.attributes["name"]?.uppercased() == "VCALENDAR" else {
            matchesAnything = false
            return
        }
        if calendar.child(.c("is-not-defined")) != nil { matchesAnything = false }
        if calendar.child(.c("time-range")) != nil || calendar.child(.c("prop-filter")) != nil {
            throw .caldav("supported-filter", "Tick filters the VCALENDAR by the components in it only")
        }
        let components = calendar.children(.c("comp-filter"))
        guard let component = components.first else { return }
        guard components.count == 1, component.attributes["name"]?.uppercased() == "VTODO" else {
            matchesAnything = false
            return
        }
        for test in component.children {
            switch test.name {
            case .c("is-not-defined"):
                matchesAnything = false
            case .c("time-range"):
                timeRange = (try DAVQueryFilter.time(test, "start"), try DAVQueryFilter.time(test, "end"))
            case .c("prop-filter"):
                properties.append(try DAVQueryFilter.propertyTest(test))
            default:
                throw .caldav("supported-filter", "Tick does not filter a VTODO by \(test.name.local)")
            }
        }
    }

    private static func propertyTest(_ element: XMLTree) throws(DAVFailure) -> PropertyTest {
        guard let name = element.attributes["name"]?.uppercased(), !name.isEmpty else {
            throw .caldav("valid-filter", "a CALDAV:prop-filter needs a name")
        }
        guard testedProperties.contains(name) else {
            throw .caldav("supported-filter", "Tick filters to-dos by \(testedProperties.sorted().joined(separator: ", ")), not by \(name)")
        }
        if element.child(.c("is-not-defined")) != nil { return PropertyTest(name: name, test: .isNotDefined) }
        if element.child(.c("time-range")) != nil || element.child(.c("param-filter")) != nil {
            throw .caldav("supported-filter", "Tick tests a property by its presence or a text-match only")
        }
        if let match = element.child(.c("text-match")) {
            if let collation = match.attributes["collation"], !["i;ascii-casemap", "i;octet"].contains(collation) {
                throw .caldav("supported-collation", "Tick compares text with i;ascii-casemap or i;octet, not \(collation)")
            }
            return PropertyTest(name: name, test: .textMatch(match.text, negated: match.attributes["negate-condition"] == "yes"))
        }
        return PropertyTest(name: name, test: .isDefined)
    }

    /// A `time-range` bound: `19970714T170000Z` (UTC, RFC 4791 §9.9); nil when absent.
    private static func time(_ element: XMLTree, _ attribute: String) throws(DAVFailure) -> Date? {
        guard let text = element.attributes[attribute] else { return nil }
        guard let date = utcDate(text) else {
            throw .caldav("valid-filter", "a time-range's \(attribute) is a UTC date-time such as 20260101T000000Z, not '\(text)'")
        }
        return date
    }

    /// `YYYYMMDDTHHMMSSZ` as an instant; nil for any other text or an impossible date.
    static func utcDate(_ text: String) -> Date? {
        let characters = Array(text)
        guard characters.count == 16, characters[8] == "T", characters[15] == "Z" else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            let part = characters[range]
            guard part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(String(part))
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8), let hour = number(9..<11),
              let minute = number(11..<13), let second = number(13..<15) else { return nil }
        var calendar = Foundation.Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }

    /// Whether `reminder` matches (`zone`: the one floating and all-day dates are read in).
    func matches(_ reminder: Reminder, zone: TimeZone) -> Bool {
        guard matchesAnything else { return false }
        if let timeRange, !DAVQueryFilter.overlaps(reminder, timeRange, zone: zone) { return false }
        return properties.allSatisfy { $0.matches(reminder) }
    }

    /// RFC 4791 §9.9's table for VTODO (without DURATION, which Tick does not model).
    static func overlaps(_ reminder: Reminder, _ range: (start: Date?, end: Date?), zone: TimeZone) -> Bool {
        let start = range.start ?? .distantPast, end = range.end ?? .distantFuture
        let dtstart = reminder.start?.sortInstant(in: zone), due = reminder.due?.sortInstant(in: zone)
        switch (dtstart, due) {
        case let (dtstart?, due?): return (start < due || start <= dtstart) && (end > dtstart || end >= due)
        case let (dtstart?, nil): return start <= dtstart && end > dtstart
        case let (nil, due?): return start < due && end >= due
        case (nil, nil):
            let created = reminder.createdAt
            guard let completed = reminder.completedAt else { return end > created }
            return (start <= created || start <= completed) && (end >= created || end >= completed)
        }
    }
}

extension DAVQueryFilter.PropertyTest {
    func matches(_ reminder: Reminder) -> Bool {
        let values = self.values(of: reminder)
        switch test {
        case .isNotDefined: return values.isEmpty
        case .isDefined: return !values.isEmpty
        case .textMatch(let text, let negated):
            guard !values.isEmpty else { return false }
            let found = values.contains { $0.range(of: text, options: .caseInsensitive) != nil }
            return found != negated
        }
    }

    /// The property's values as a client reads them in the VTODO Tick writes.
    private func values(of reminder: Reminder) -> [String] {
        switch name {
        case "COMPLETED": return reminder.completedAt == nil ? [] : ["COMPLETED"]
        case "DUE": return reminder.due == nil ? [] : ["DUE"]
        case "DTSTART": return reminder.start == nil ? [] : ["DTSTART"]
        case "SUMMARY": return [reminder.title]
        case "DESCRIPTION": return reminder.notes.isEmpty ? [] : [reminder.notes]
        case "UID": return [reminder.uid.rawValue]
        case "CATEGORIES": return reminder.tags
        case "STATUS": return [reminder.isCompleted ? "COMPLETED" : "NEEDS-ACTION"]
        default: return []
        }
    }
}
