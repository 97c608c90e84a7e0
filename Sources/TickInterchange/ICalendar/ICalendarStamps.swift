import Foundation
import TickModel

/// `SEQUENCE` and `DTSTAMP` kept from another program's copy of a to-do (RFC 5545 §3.8.7.4,
/// §3.8.7.2), moved on when Tick revises the to-do.
///
/// The writer gives a to-do modified after its kept `DTSTAMP` a new `DTSTAMP` and the kept
/// `SEQUENCE` plus one (`VTodoWriter`): that is one revision, whatever the number of edits
/// since the copy was read. So each revision Tick makes also moves the kept lines on here:
/// `SEQUENCE` by one, `DTSTAMP` to the revision's time; every export and CalDAV client then
/// sees the sequence rise with each revision (a tester: it stayed at the file's plus one
/// after any number of edits, and at the file's when the copy had no `DTSTAMP`).
public enum ICalendarStamps {
    /// `extras` with its own `SEQUENCE` one higher and its `DTSTAMP` (if any) set to `date`;
    /// nil when it keeps no `SEQUENCE` (Tick writes none of its own: nothing to move on).
    /// Lines of kept components (a changed occurrence, an alarm) are left as they are.
    /// - Parameter floor: the kept lines of the copy now stored, when `extras` puts back an
    ///   earlier one (an undo): the sequence goes on from the higher of the two, as RFC 5545
    ///   has it only rise (a tester: an undo took it back down).
    /// - Complexity: O(n) in the length of `extras`.
    public static func revised(_ extras: String, at date: Date, above floor: String? = nil) -> String? {
        guard mayHold("SEQUENCE", extras) else { return nil }
        var kept = ICalendarExtras(extras)
        guard let index = kept.items.firstIndex(where: { isProperty($0, "SEQUENCE") }),
              case .property(let line) = kept.items[index] else { return nil }
        let value = max(sequence(of: line), floor.flatMap(sequence(in:)) ?? 0)
        kept.items[index] = .property(ICalendarContentLine(text: "SEQUENCE:\(value < Int.max ? value + 1 : value)"))
        if let stamp = ICalendarText.utc(date), let dtstamp = kept.items.firstIndex(where: { isProperty($0, "DTSTAMP") }) {
            kept.items[dtstamp] = .property(ICalendarContentLine(text: "DTSTAMP:" + stamp))
        }
        return kept.text
    }

    /// `extras` without the to-do's own `SEQUENCE` and `DTSTAMP` lines: what a revision
    /// changed in them besides its stamps (undo compares kept lines so: a later edit, which
    /// moves the stamps on, changed none of the earlier edit's lines).
    /// - Complexity: O(n) in the length of `extras`; O(1) when it holds neither name.
    public static func withoutStamps(_ extras: String) -> String {
        guard mayHold("SEQUENCE", extras) || mayHold("DTSTAMP", extras) else { return extras }
        return ICalendarExtras(items: ICalendarExtras(extras).items.filter { !isProperty($0, "SEQUENCE") && !isProperty($0, "DTSTAMP") }).text
    }

    /// Whether `extras` may hold a line named `name` (spelled in upper or lower case): most
    /// kept lines hold neither stamp, and are not split for nothing.
    private static func mayHold(_ name: String, _ extras: String) -> Bool {
        extras.contains(name) || extras.contains(name.lowercased())
    }

    /// Whether `item` is the to-do's own property `name`.
    private static func isProperty(_ item: ICalendarExtras.Item, _ name: String) -> Bool {
        if case .property(let line) = item { return line.name == name }
        return false
    }

    /// The value of a `SEQUENCE` line (0 when it is no number).
    private static func sequence(of line: ICalendarContentLine) -> Int {
        line.text.split(separator: ":").last.flatMap { Int($0.trimmingWhiteSpace()) } ?? 0
    }

    /// The value of the to-do's own `SEQUENCE` in kept lines, nil when they hold none.
    private static func sequence(in extras: String) -> Int? {
        guard mayHold("SEQUENCE", extras) else { return nil }
        for case .property(let line) in ICalendarExtras(extras).items where line.name == "SEQUENCE" { return sequence(of: line) }
        return nil
    }
}
