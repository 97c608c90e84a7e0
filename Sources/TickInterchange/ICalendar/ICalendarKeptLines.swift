/// Comparing kept iCalendar lines (`iCalendarExtras` of a reminder or list) the way a
/// re-import must: by what they say, not by how an export laid them out.
///
/// An export rewrites some lines on every run and puts the kept ones in its own order
/// (`ICalendarWriter`): a VTODO gets `DTSTAMP` (the export time when there was none),
/// `SEQUENCE` and `X-APPLE-SORT-ORDER`, and mapped lines kept in another form move next
/// to the properties they belong with. Reading such an export back gives other kept
/// text for an unchanged reminder, which must not count as a change.
public enum ICalendarKeptLines {
    /// Properties an export writes itself on every run.
    static let rewritten: Set<String> = ["DTSTAMP", "SEQUENCE", "X-APPLE-SORT-ORDER"]

    /// Whether two kept texts say the same: equal once `DTSTAMP`, `SEQUENCE`,
    /// `X-APPLE-SORT-ORDER` and a kept VALARM's `ACKNOWLEDGED` (the writer sets it from
    /// `Alarm.firedAt`, which is compared apart) are set aside, properties of different names
    /// are taken in any order (RFC 5545 gives the order of properties no meaning; lines of one
    /// name keep theirs), and so are components (VALARMs, VTIMEZONEs: the writer puts the
    /// alarms' VALARMs before the others, so an email VALARM kept before an audio one came
    /// back after it, and Tick's own export imported back was "updated"; a tester).
    /// - Complexity: O(n log n) in the number of kept lines.
    public static func sayTheSame(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        return canonical(first) == canonical(second)
    }

    /// The properties (stably sorted by name, rewritten ones left out), then the
    /// components, sorted by their lines.
    static func canonical(_ text: String) -> [[String]] {
        var properties: [(name: String, index: Int, text: String)] = []
        var components: [[String]] = []
        for (index, item) in ICalendarExtras(text).items.enumerated() {
            switch item {
            case .property(let line):
                if !rewritten.contains(line.name) { properties.append((line.name, index, line.text)) }
            case .component(let name, let lines):
                components.append(name == "VALARM" ? withoutAcknowledged(lines) : lines)
            }
        }
        properties.sort { ($0.name, $0.index) < ($1.name, $1.index) }
        components.sort { $0.lexicographicallyPrecedes($1) }
        return [properties.map(\.text)] + components
    }

    /// A VALARM's lines without its own `ACKNOWLEDGED` lines.
    static func withoutAcknowledged(_ lines: [String]) -> [String] {
        var depth = 0
        return lines.filter { line in
            let content = ICalendarContentLine(text: line)
            if content.beginName != nil { depth += 1; return true }
            if content.endName != nil { depth -= 1; return true }
            return !(depth == 1 && content.name == "ACKNOWLEDGED")
        }
    }
}
