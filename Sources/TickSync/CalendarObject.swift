import Foundation
import TickInterchange
import TickModel

/// One reminder as a CalDAV calendar object resource (RFC 4791 §4.1), the same text on
/// both sides of Tick's CalDAV: what `tick sync` uploads and what `tick serve` gives a
/// client.
public enum CalendarObject {
    /// One reminder as the iCalendar object Tick writes: a VCALENDAR with `VERSION` and
    /// `PRODID` only (the list's name and color are the collection's properties; RFC 4791
    /// §4.1 forbids `METHOD`), its time zones, the to-do and its overrides.
    /// `X-APPLE-SORT-ORDER` only when it has one (from a client, or a move in Tick):
    /// Tick's positions mean nothing to other clients.
    /// - Parameter zones: VTIMEZONE components (unfolded lines) of zones Foundation does not
    ///   know, which a client's resource defined (`ICalendarMerge.Surroundings`): the writer
    ///   gives times in them by these definitions and writes them as they came (a tester:
    ///   Outlook's "My Office Zone", +05:30, became a +0000 zone with the wall clocks moved).
    public static func text(of reminder: Reminder, in list: ReminderList, zones: [String] = []) -> String {
        var bare = list
        bare.iCalendarExtras = zones.joined(separator: "\n")
        var one = reminder
        one.listID = list.id
        var writer = ICalendarWriter()
        writer.writesPositionAsSortOrder = false
        return ICalendarMerge.resource(writer.write(lists: [bare], reminders: [one]))
    }

    /// How deep components nest in `text`: the most `BEGIN:` lines open at once (a VALARM of
    /// a VTODO of a VCALENDAR is 3), read line by line without building anything, so that a
    /// body of thousands of nested components is measured before it is parsed.
    /// - Complexity: O(n) in the length of `text`; O(1) memory.
    public static func nestingDepth(of text: String) -> Int {
        var depth = 0, deepest = 0
        for line in text.utf8.split(omittingEmptySubsequences: true, whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            if CalendarObject.startsWith(line, "BEGIN:") {
                depth += 1
                deepest = max(deepest, depth)
            } else if CalendarObject.startsWith(line, "END:"), depth > 0 {
                depth -= 1
            }
        }
        return deepest
    }

    /// Whether `line` starts with `prefix` (ASCII letters in any case).
    private static func startsWith(_ line: Substring.UTF8View, _ prefix: StaticString) -> Bool {
        guard line.count >= prefix.utf8CodeUnitCount else { return false }
        return prefix.withUTF8Buffer { expected in
            zip(line, expected).allSatisfy { given, wanted in given == wanted || (given | 0x20) == (wanted | 0x20) && wanted >= 0x41 && wanted <= 0x5A }
        }
    }

    /// What a calendar object's text holds at its top level, for the checks of RFC 4791
    /// §4.1 and §5.3.2.1 before it is read: whether it is a VCALENDAR, the names of its
    /// components other than VTIMEZONE, and the UIDs of those components.
    /// - Complexity: O(n) in the length of `text`.
    public static func outline(of text: String) -> (isCalendar: Bool, components: [String], uids: Set<String>) {
        let calendar = ICalendarMerge.Component.parse(text)
        let components = calendar.children.filter { $0.name != "VTIMEZONE" }
        var uids = Set<String>()
        for component in components {
            for line in component.properties where ICalendarMerge.Component.propertyName(line) == "UID" {
                if let (_, value) = line.cut(atFirst: ":") {
                    uids.insert(value.trimmingCharacters(in: .whitespaces))
                }
            }
        }
        return (calendar.name == "VCALENDAR", components.map(\.name), uids)
    }
}
