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
    public static func text(of reminder: Reminder, in list: ReminderList) -> String {
        var bare = list
        bare.iCalendarExtras = ""
        var one = reminder
        one.listID = list.id
        var writer = ICalendarWriter()
        writer.writesPositionAsSortOrder = false
        return ICalendarMerge.resource(writer.write(lists: [bare], reminders: [one]))
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
