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
        typealias Key = (dated: Bool, instant: Date, allDay: Bool, text: Int, isTimed: Bool, list: Int64, position: Int64,
                         number: Int64, offset: Int)
        var keys: [Key] = []
        keys.reserveCapacity(rows.count)
        // Rows mostly come in text order of `due`, so equal all-day dates are mostly adjacent.
        var lastDay: (day: CalendarDay, start: Date)?
        for offset in rows.indices {
            let due = rows[offset].due
            var instant = Date.distantFuture
            // The stored text as a number that sorts the same: UTC for timed values,
            // the wall clock for floating ones (their text is the timed text without `Z`).
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
            keys.append((due != nil, instant, due?.isAllDay ?? false, text, isTimed, listPositions[rows[offset].listID] ?? .max,
                         rows[offset].position, rows[offset].number.rawValue, offset))
        }
        keys.sort { a, b in
            if a.dated != b.dated { return a.dated }
            if a.instant != b.instant { return (a.instant < b.instant) != descending }
            if a.allDay != b.allDay { return a.allDay != descending }
            if a.text != b.text { return (a.text < b.text) != descending }
            if a.isTimed != b.isTimed { return a.isTimed == descending }
            if a.list != b.list { return a.list < b.list }
            if a.position != b.position { return a.position < b.position }
            if a.number != b.number { return a.number < b.number }
            return a.offset < b.offset
        }
        return keys.map { rows[$0.offset] }
    }
}
