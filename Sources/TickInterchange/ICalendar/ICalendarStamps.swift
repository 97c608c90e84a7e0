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
    /// - Complexity: O(n) in the length of `extras`.
    ///
    /// - Parameter floor: the kept lines of the copy now stored, when `extras` puts back an
    ///   earlier one (an undo): the sequence goes on from the higher of the two, as RFC 5545
    ///   has it only rise (a tester: an undo took it back down).
    public static func revised(_ extras: String, at date: Date, above floor: String? = nil) -> String? {
        guard extras.contains("SEQUENCE") || extras.contains("sequence") else { return nil }
        var kept = ICalendarExtras(extras)
        guard let index = kept.items.firstIndex(where: { item in
            if case .property(let line) = item { return line.name == "SEQUENCE" }
            return false
        }), case .property(let line) = kept.items[index] else { return nil }
        let value = max(sequence(of: line), floor.flatMap(sequence(in:)) ?? 0)
        kept.items[index] = .property(ICalendarContentLine(text: "SEQUENCE:\(value < Int.max ? value + 1 : value)"))
        if let stamp = ICalendarText.utc(date), let dtstamp = kept.items.firstIndex(where: { item in
            if case .property(let line) = item { return line.name == "DTSTAMP" }
            return false
        }) {
            kept.items[dtstamp] = .property(ICalendarContentLine(text: "DTSTAMP:" + stamp))
        }
        return kept.text
    }

    /// `extras` without the to-do's own `SEQUENCE` and `DTSTAMP` lines: what a revision
    /// changed in them besides its stamps (undo compares kept lines so: a later edit, which
    /// moves the stamps on, changed none of the earlier edit's lines).
    /// - Complexity: O(n) in the length of `extras`; O(1) when it holds neither name.
    public static func withoutStamps(_ extras: String) -> String {
        guard extras.contains("SEQUENCE") || extras.contains("DTSTAMP") || extras.contains("sequence") || extras.contains("dtstamp") else {
            return extras
        }
        let kept = ICalendarExtras(extras)
        return ICalendarExtras(items: kept.items.filter { item in
            if case .property(let line) = item { return line.name != "SEQUENCE" && line.name != "DTSTAMP" }
            return true
        }).text
    }

    /// The value of a `SEQUENCE` line (0 when it is no number).
    private static func sequence(of line: ICalendarContentLine) -> Int {
        line.text.split(separator: ":").last.flatMap { Int($0.trimmingWhiteSpace()) } ?? 0
    }

    /// The value of the to-do's own `SEQUENCE` in kept lines, nil when they hold none.
    private static func sequence(in extras: String) -> Int? {
        guard extras.contains("SEQUENCE") || extras.contains("sequence") else { return nil }
        for case .property(let line) in ICalendarExtras(extras).items where line.name == "SEQUENCE" { return sequence(of: line) }
        return nil
    }
}
