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
    /// - Complexity: O(n) in the length of `extras`; kept lines of plain properties are read
    ///   byte by byte (`plainValue`), others split into properties and components first.
    public static func value(in extras: String) -> Int64? {
        if extras.isEmpty { return nil }
        switch plainValue(extras) {
        case .value(let value)?: return value
        case .none?: return nil
        case nil: break
        }
        guard extras.contains("X-APPLE-SORT-ORDER") || extras.range(of: "x-apple-sort-order", options: .caseInsensitive) != nil else {
            return nil
        }
        return ICalendarWriter.keptSortOrder(ICalendarExtras(extras))
    }

    /// What `value(in:)` reads in kept lines that are all plain properties, found without
    /// splitting them into items: each line a name of ASCII letters, digits and `-` followed by
    /// `:` or `;`, none a `BEGIN` or `END`, and the first `X-APPLE-SORT-ORDER` line, if any,
    /// written `X-APPLE-SORT-ORDER:` and an integer (`-?[0-9]{1,18}`), in any case. `.none` when
    /// there is no such line; nil when the lines are not all plain (then the general reading
    /// decides). The CalDAV server reads it for every reminder of a list at each new to-do's PUT
    /// (its place in Apple's order): every to-do an import or a phone gave a sort order keeps
    /// `DTSTAMP` beside it, which the general reading split and searched with Foundation (4 of
    /// the 25 ms of a PUT into a list of 10,000, `bench/davserver.py`).
    static func plainValue(_ extras: String) -> PlainReading? {
        var text = extras
        return text.withUTF8 { plainValue(bytes: $0) }
    }

    /// `plainValue` of UTF-8 bytes, read in place (a PUT reads every reminder's of a list).
    private static func plainValue(bytes: UnsafeBufferPointer<UInt8>) -> PlainReading? {
        let colon = UInt8(ascii: ":"), semicolon = UInt8(ascii: ";")
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            defer { start = end + 1 }
            if end == start { continue }
            let lineEnd = bytes[end - 1] == 0x0D ? end - 1 : end
            var separator = start
            while separator < lineEnd, bytes[separator] != colon, bytes[separator] != semicolon { separator += 1 }
            guard separator > start, separator < lineEnd else { return nil }
            for index in start..<separator {
                let byte = bytes[index]
                guard (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
                else { return nil }
            }
            if isName("BEGIN", bytes, start, separator) || isName("END", bytes, start, separator) { return nil }
            // Another property: its value may hold anything but a line feed.
            guard isName("X-APPLE-SORT-ORDER", bytes, start, separator) else { continue }
            guard bytes[separator] == colon else { return nil }
            var digit = separator + 1
            let negative = digit < lineEnd && bytes[digit] == UInt8(ascii: "-")
            if negative { digit += 1 }
            guard digit < lineEnd, lineEnd - digit <= 18 else { return nil }
            var value: Int64 = 0
            for index in digit..<lineEnd {
                let byte = bytes[index]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return .value(negative ? -value : value)
        }
        return PlainReading.none
    }

    /// Whether `bytes[start..<end]` is `name` (upper-case ASCII) in any case.
    private static func isName(_ name: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard end - start == name.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for offset in 0..<expected.count {
            let byte = bytes[start + offset]
            // ASCII letters differ from their capitals by 0x20 alone.
            if byte != expected[offset] && !(byte >= 0x61 && byte <= 0x7A && byte - 0x20 == expected[offset]) { return false }
        }
        return true
    }

    /// What plain kept lines say of the sort order (`plainValue`).
    enum PlainReading: Equatable {
        case value(Int64)
        case none
    }

    /// Where `reminder` sorts in Apple's order: its kept value, else its creation time.
    public static func key(of reminder: Reminder) -> Int64 {
        key(extras: reminder.iCalendarExtras, createdAt: reminder.createdAt)
    }

    /// Where a to-do keeping `extras`, made at `createdAt`, sorts in Apple's order.
    public static func key(extras: String, createdAt: Date) -> Int64 {
        value(in: extras) ?? Int64(createdAt.timeIntervalSince(origin).rounded(.down))
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
