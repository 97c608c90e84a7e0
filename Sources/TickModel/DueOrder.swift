import Foundation

/// What sorting and filtering by due date need from a row: a `Reminder`, or a lighter
/// row a listing reads (the SQLite store's `ReminderSummary`).
public protocol DueCarrying {
    var due: Due? { get }
    var listID: ReminderList.ID { get }
    var position: Int64 { get }
    var number: Reminder.Number { get }
    /// Whether it is done (a smart list by date keeps done ones of its own days only).
    var isCompleted: Bool { get }
}

extension Reminder: DueCarrying {}

/// The order of the smart lists by date (`today`, `scheduled`, `overdue`), the same on
/// every store: stores read candidates by the stored due text, whose order mixes UTC and
/// local times, and sort them exactly here.
public enum DueOrder {
    /// Rows sorted by due instant in `zone` (all-day at the start of its day, before
    /// timed and floating values at the same instant), then by the stored due text (a
    /// floating and a timed value can share an instant), then in manual order: lists in
    /// their order, positions, numbers. No due date sorts last.
    /// - Parameters:
    ///   - listPositions: each list's `position`.
    ///   - descending: latest first (no due date still last, ties still in manual order).
    /// - Complexity: O(n log n) comparisons of small keys; each row is copied once, and
    ///   the zone is asked once per distinct all-day date rather than once per row.
    public static func sorted<Row: DueCarrying>(_ rows: [Row], in zone: TimeZone,
                                                listPositions: [ReminderList.ID: Int64], descending: Bool = false) -> [Row] {
        var keys: [(key: Key, offset: Int)] = []
        keys.reserveCapacity(rows.count)
        // Rows mostly come in text order of `due`, so equal all-day dates are mostly adjacent.
        var lastDay: (day: CalendarDay, start: Date)?
        for offset in rows.indices {
            keys.append((Key(rows[offset], in: zone, listPositions: listPositions, lastDay: &lastDay), offset))
        }
        keys.sort { a, b in
            a.key == b.key ? a.offset < b.offset : Key.precedes(a.key, b.key, descending: descending)
        }
        return keys.map { rows[$0.offset] }
    }

    /// The rows of `sorted` (ascending, as `sorted(_:in:listPositions:)` gives them) that
    /// come after `anchor`: where a page read by key starts, even when the anchor's row has
    /// since been completed, moved or deleted.
    /// - Complexity: O(n).
    public static func rows<Row: DueCarrying>(_ sorted: [Row], after anchor: Key, in zone: TimeZone,
                                              listPositions: [ReminderList.ID: Int64]) -> ArraySlice<Row> {
        var lastDay: (day: CalendarDay, start: Date)?
        let start = sorted.firstIndex { Key.precedes(anchor, Key($0, in: zone, listPositions: listPositions, lastDay: &lastDay)) }
        return sorted[(start ?? sorted.endIndex)...]
    }

    /// Where a row stands in this order: what `sorted(_:in:listPositions:descending:)`
    /// compares, kept by a page's cursor so the next page starts after it.
    public struct Key: Equatable, Sendable {
        /// Whether it has a due date (rows without one sort last).
        public var dated: Bool
        /// The due instant in the zone (an all-day date: the start of its day).
        public var instant: Date
        /// An all-day date, before timed and floating values at the same instant.
        public var allDay: Bool
        /// The stored text as a number that sorts the same: UTC seconds for timed values,
        /// the wall clock's for floating ones.
        public var text: Int
        /// A timed value, after a floating one of the same text.
        public var isTimed: Bool
        /// The list's position, the reminder's, and its number: manual order.
        public var list: Int64
        public var position: Int64
        public var number: Int64

        public init(dated: Bool, instant: Date, allDay: Bool, text: Int, isTimed: Bool, list: Int64, position: Int64,
                    number: Int64) {
            (self.dated, self.instant, self.allDay, self.text, self.isTimed) = (dated, instant, allDay, text, isTimed)
            (self.list, self.position, self.number) = (list, position, number)
        }

        /// The key of `row` in `zone`, its list placed by `listPositions` (a list missing there last).
        public init(_ row: some DueCarrying, in zone: TimeZone, listPositions: [ReminderList.ID: Int64]) {
            var lastDay: (day: CalendarDay, start: Date)?
            self.init(row, in: zone, listPositions: listPositions, lastDay: &lastDay)
        }

        /// As `init(_:in:listPositions:)`, asking the zone only for an all-day date other than `lastDay`'s.
        init(_ row: some DueCarrying, in zone: TimeZone, listPositions: [ReminderList.ID: Int64],
             lastDay: inout (day: CalendarDay, start: Date)?) {
            let due = row.due
            var instant = Date.distantFuture
            var text = 0
            var isTimed = false
            switch due {
            case .allDay(let day)?:
                if let lastDay, lastDay.day == day {
                    instant = lastDay.start
                } else {
                    instant = Due.allDay(day).sortInstant(in: zone)
                    lastDay = (day, instant)
                }
            case .floating(let local)?:
                instant = local.instant(in: zone)
                text = local.secondsSinceEpochAsUTC
            case .timed(let date, _)?:
                instant = date
                text = Int(date.timeIntervalSince1970.rounded(.down))
                isTimed = true
            case nil:
                break
            }
            // Fields are read in place: a copy of the row would retain each of its strings.
            self.init(dated: due != nil, instant: instant, allDay: due?.isAllDay ?? false, text: text, isTimed: isTimed,
                      list: listPositions[row.listID] ?? .max, position: row.position, number: row.number.rawValue)
        }

        /// Whether `a` sorts before `b` (latest first when `descending`; no due date last
        /// and ties in manual order either way).
        public static func precedes(_ a: Key, _ b: Key, descending: Bool = false) -> Bool {
            if a.dated != b.dated { return a.dated }
            if a.instant != b.instant { return (a.instant < b.instant) != descending }
            if a.allDay != b.allDay { return a.allDay != descending }
            if a.text != b.text { return (a.text < b.text) != descending }
            if a.isTimed != b.isTimed { return a.isTimed == descending }
            if a.list != b.list { return a.list < b.list }
            if a.position != b.position { return a.position < b.position }
            return a.number < b.number
        }
    }
}
