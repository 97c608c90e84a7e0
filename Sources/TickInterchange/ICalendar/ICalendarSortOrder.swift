import Foundation
import TickModel

/// Apple's manual order of to-dos, `X-APPLE-SORT-ORDER`: an integer, seconds since
/// 2001-01-01 00:00 UTC, ascending. Most to-dos have none, and sort as if it were their
/// `CREATED` time; a client that moves one writes a value between its new neighbours'
/// (Nextcloud Tasks: the next one's minus 1), so a move changes one to-do.
///
/// Tick keeps the line with the reminder (`Reminder.iCalendarExtras`) as the server gave
/// it, and a move in Tick sets it on the moved reminder only (`settingValue(_:in:)`).
public enum ICalendarSortOrder {
    /// 2001-01-01 00:00 UTC, the origin of the values.
    public static let origin = Date(timeIntervalSinceReferenceDate: 0)

    /// The value kept in `extras`, nil when it has none (or not an integer).
    public static func value(in extras: String) -> Int64? {
        guard extras.contains("X-APPLE-SORT-ORDER") || extras.range(of: "x-apple-sort-order", options: .caseInsensitive) != nil else {
            return nil
        }
        return ICalendarWriter.keptSortOrder(ICalendarExtras(extras))
    }

    /// Where `reminder` sorts in Apple's order: its kept value, else its creation time.
    public static func key(of reminder: Reminder) -> Int64 {
        value(in: reminder.iCalendarExtras) ?? Int64(reminder.createdAt.timeIntervalSince(origin).rounded(.down))
    }

    /// Where `reminder` sorts in Apple's order with ties broken: its key, then its UID, so
    /// that every Tick (and the server) puts two to-dos with one value in the same order (two
    /// clients adding at the end between syncs give both the same value).
    public static func orderKey(of reminder: Reminder) -> (Int64, String) {
        (key(of: reminder), reminder.uid.rawValue)
    }

    /// Whether `a` sorts before `b` in Apple's order (`orderKey(of:)`).
    public static func precedes(_ a: Reminder, _ b: Reminder) -> Bool {
        orderKey(of: a) < orderKey(of: b)
    }

    /// `extras` with its `X-APPLE-SORT-ORDER` line set to `value` (replacing the kept one,
    /// else added at the end).
    public static func settingValue(_ value: Int64, in extras: String) -> String {
        var lines: [String] = []
        var replaced = false
        for item in ICalendarExtras(extras).items {
            if case .property(let line) = item, line.name == "X-APPLE-SORT-ORDER" {
                if !replaced { lines.append("X-APPLE-SORT-ORDER:\(value)") }
                replaced = true
                continue
            }
            lines += item.lines
        }
        if !replaced { lines.append("X-APPLE-SORT-ORDER:\(value)") }
        return lines.joined(separator: "\n")
    }

    /// A value that sorts after `lower` and before `upper` (either may be absent): the
    /// upper one's minus 1 when that is still above the lower one, as Nextcloud does; else
    /// (no room between them) the lower one's plus 1, which ties with or passes the upper
    /// one (the caller moves those after it up). Saturates at Int64's ends, never wraps.
    public static func between(_ lower: Int64?, _ upper: Int64?) -> Int64 {
        switch (lower, upper) {
        case (nil, nil): return 0
        case (let low?, let high?) where high > low && high - low > 1: return high - 1
        case (let low?, _): return low == .max ? .max : low + 1
        case (nil, let high?): return high == .min ? .min : high - 1
        }
    }
}
