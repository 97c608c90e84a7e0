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
    public static func revised(_ extras: String, at date: Date) -> String? {
        guard extras.contains("SEQUENCE") || extras.contains("sequence") else { return nil }
        var kept = ICalendarExtras(extras)
        guard let index = kept.items.firstIndex(where: { item in
            if case .property(let line) = item { return line.name == "SEQUENCE" }
            return false
        }), case .property(let line) = kept.items[index] else { return nil }
        let value = line.text.split(separator: ":").last.flatMap { Int($0.trimmingWhiteSpace()) } ?? 0
        kept.items[index] = .property(ICalendarContentLine(text: "SEQUENCE:\(value < Int.max ? value + 1 : value)"))
        if let stamp = ICalendarText.utc(date), let dtstamp = kept.items.firstIndex(where: { item in
            if case .property(let line) = item { return line.name == "DTSTAMP" }
            return false
        }) {
            kept.items[dtstamp] = .property(ICalendarContentLine(text: "DTSTAMP:" + stamp))
        }
        return kept.text
    }
}
