import CICal
import TickModel

/// `RELATED-TO;RELTYPE=CHILD` (RFC 5545 §3.2.15): a to-do that names its subtasks, the
/// way round jtx Board and some other clients write it (Tick, like most, writes the
/// parent on the child: `RELATED-TO;RELTYPE=PARENT`). Tick keeps such lines with the
/// parent (`Reminder.iCalendarExtras`) and reads them as the children's `parentUID`.
public enum ICalendarRelations {
    /// The text a line naming a child holds, for finding candidates without a parser
    /// (compared ASCII case-insensitively; the parameter may be quoted or spaced otherwise,
    /// so `childUIDs(in:)` decides).
    public static let childMarker = "RELTYPE=CHILD"

    /// The UIDs that `extras` (a reminder's kept lines) names as its children, in order,
    /// without repeats; only the to-do's own properties count (not those of a changed
    /// occurrence kept with it).
    /// - Complexity: O(n) in the length of `extras`; libical parses only the candidate lines.
    public static func childUIDs(in extras: String) -> [ReminderUID] {
        guard extras.range(of: childMarker, options: .caseInsensitive) != nil else { return [] }
        var found: [ReminderUID] = []
        for case .property(let line) in ICalendarExtras(extras).items {
            guard let uid = childUID(of: line), !found.contains(uid) else { continue }
            found.append(uid)
        }
        return found
    }

    /// The UID a kept line names as a child: a `RELATED-TO` with `RELTYPE=CHILD` and a value,
    /// as libical reads it; nil for any other line.
    private static func childUID(of line: ICalendarContentLine) -> ReminderUID? {
        guard line.name == "RELATED-TO", let component = ICalendarComponentParser.vtodo(containing: [line.text]) else { return nil }
        defer { icalcomponent_free(component) }
        guard let property = LibicalComponent(pointer: component).first(ICAL_RELATEDTO_PROPERTY), property.isChildRelation,
              let text = property.text(), !text.isEmpty else { return nil }
        return ReminderUID(text)
    }

    /// `extras` without the lines that name `child` as a child (`RELATED-TO;RELTYPE=CHILD`
    /// with `child`'s UID as the value); nil when none does. Only the to-do's own properties
    /// are looked at, as in `childUIDs(in:)`; the other lines are kept in order.
    ///
    /// For a reminder taken from under the parent that names it: left there, the line would
    /// give the child back its parent at the parent's next import or CalDAV PUT, and tell
    /// every other client it is still a subtask (a tester, issue 13).
    /// - Complexity: O(n) in the length of `extras`.
    public static func forgetting(child: ReminderUID, in extras: String) -> String? {
        guard extras.range(of: childMarker, options: .caseInsensitive) != nil else { return nil }
        let kept = ICalendarExtras(extras)
        var items: [ICalendarExtras.Item] = []
        items.reserveCapacity(kept.items.count)
        var removed = false
        for item in kept.items {
            if case .property(let line) = item, childUID(of: line) == child {
                removed = true
                continue
            }
            items.append(item)
        }
        return removed ? ICalendarExtras(items: items).text : nil
    }
}
