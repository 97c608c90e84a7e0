import Foundation
import TickModel

/// Changed occurrences of a recurring to-do (VTODOs with a `RECURRENCE-ID`, RFC 5545
/// §3.8.4.4) kept with their series: each is a whole VTODO in the series' `iCalendarExtras`,
/// written back after the series' own VTODO (`VTodoWriter`).
///
/// An occurrence is told by its `RECURRENCE-ID` line: two overrides whose lines say the
/// same after the name (parameters and value, in any letter case) change the same
/// occurrence, and the later one replaces the earlier.
public enum ICalendarOverrides {
    /// The `RECURRENCE-ID` of a VTODO's lines (its own, not one of a subcomponent's),
    /// as parameters and value upper-cased (`;TZID=EUROPE/BERLIN:20261201T090000`), or nil.
    /// - Parameter lines: the VTODO with or without its `BEGIN`/`END`, or kept text's lines.
    /// - Complexity: O(n) in the number of lines.
    public static func recurrenceID(of lines: [String]) -> String? {
        var body = lines[...]
        if let first = lines.first, ICalendarContentLine(text: first).beginName == "VTODO" { body = body.dropFirst() }
        var depth = 0
        for text in body {
            let line = ICalendarContentLine(text: text)
            if line.beginName != nil {
                depth += 1
            } else if line.endName != nil {
                depth -= 1
            } else if depth == 0, line.name == "RECURRENCE-ID" {
                return String(text.dropFirst("RECURRENCE-ID".count)).uppercased()
            }
        }
        return nil
    }

    /// The `RECURRENCE-ID` among a reminder's own kept lines: set when the reminder is
    /// itself a changed occurrence whose series was never imported.
    /// - Complexity: O(n) in the length of `extras`.
    public static func ownRecurrenceID(_ extras: String) -> String? {
        guard extras.range(of: "RECURRENCE-ID", options: .caseInsensitive) != nil else { return nil }
        for case .property(let line) in ICalendarExtras(extras).items where line.name == "RECURRENCE-ID" {
            return String(line.text.dropFirst("RECURRENCE-ID".count)).uppercased()
        }
        return nil
    }

    /// The changed occurrences kept in `extras` (whole VTODOs), in order.
    /// - Complexity: O(n) in the length of `extras`.
    public static func occurrences(in extras: String) -> [[String]] {
        ICalendarExtras(extras).items.compactMap { item in
            if case .component("VTODO", let lines) = item { return lines }
            return nil
        }
    }

    /// `extras` with the occurrence `block` (a VTODO with a `RECURRENCE-ID`) in place of
    /// the kept one with the same `RECURRENCE-ID`, or appended when there is none.
    /// - Complexity: O(n) in the length of `extras`.
    public static func attaching(_ block: [String], to extras: String) -> String {
        let key = recurrenceID(of: block)
        var kept = ICalendarExtras(extras)
        let item = ICalendarExtras.Item.component(name: "VTODO", lines: block)
        if let index = kept.items.firstIndex(where: { existing in
            guard case .component("VTODO", let lines) = existing else { return false }
            return recurrenceID(of: lines) == key
        }) {
            kept.items[index] = item
        } else {
            kept.items.append(item)
        }
        return kept.text
    }

    /// The VTODO an export writes for `reminder` alone (without the occurrences it keeps),
    /// unfolded: how a stored occurrence goes back into its series when the series arrives.
    /// - Complexity: O(n) in the size of the reminder.
    public static func vtodoLines(of reminder: Reminder) -> [String] {
        var extras = ICalendarExtras(reminder.iCalendarExtras)
        extras.items.removeAll { if case .component("VTODO", _) = $0 { return true } else { return false } }
        let sortOrder = ICalendarWriter.keptSortOrder(extras) ?? reminder.position
        return VTodoWriter(reminder: reminder, extras: extras, zones: ICalendarTimeZones()).lines(sortOrder: sortOrder)
    }
}
