import Foundation
import TickModel
import TickStore

/// The figures of `tick stats` for one list, or for all of them.
public struct ReminderStats: Sendable, Equatable {
    /// Open reminders.
    public var open = 0
    /// Open reminders past their due date or time.
    public var overdue = 0
    /// Open reminders due today (whether or not their time has passed).
    public var dueToday = 0
    /// Completions since the first day of this week (the user's week start), occurrences
    /// of repeating reminders included.
    public var doneThisWeek = 0
    /// Completions since the 1st of this month.
    public var doneThisMonth = 0

    public init() {}

    /// The sums of `self` and `other`.
    func adding(_ other: ReminderStats) -> ReminderStats {
        var sum = self
        sum.open += other.open
        sum.overdue += other.overdue
        sum.dueToday += other.dueToday
        sum.doneThisWeek += other.doneThisWeek
        sum.doneThisMonth += other.doneThisMonth
        return sum
    }
}

/// One list's figures in a `StatsReport`.
public struct ListStats: Sendable, Equatable {
    public var list: ReminderList
    public var stats: ReminderStats
}

/// `tick stats`: every list's figures, their total, and where the week and month began.
public struct StatsReport: Sendable, Equatable {
    /// Each list with its figures, in the user's order.
    public var lists: [ListStats]
    /// The sums over every list.
    public var total: ReminderStats
    /// The first day of this week (by the week start) and of this month.
    public var weekStart: CalendarDay
    public var monthStart: CalendarDay
}

extension Actions {
    /// Open, overdue, due today, done this week and done this month, per list and in all,
    /// at `context.now` in the user's zone; weeks begin on `context.dateContext.weekStart`.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(lists) from the kept counts, plus the reminders due before tomorrow
    ///   and those completed this month, read over their indexes.
    public func stats() throws -> StatsReport {
        let now = context.now, zone = context.timeZone
        let today = context.dateContext.today
        let dayOfWeek = (today.isoWeekday - context.dateContext.weekStart + 7) % 7
        let weekStart = today.adding(checkedDays: -dayOfWeek) ?? today
        var monthStart = today
        monthStart.day = 1
        func midnight(_ day: CalendarDay) -> Date {
            LocalDateTime(day: day, hour: 0, minute: 0)?.instant(in: zone) ?? now
        }
        return try store.read { db in
            let lists = try db.lists()
            let open = try db.openCounts()
            let due = try db.dueCountsByList(now: now, timeZone: zone)
            let week = try db.completionCounts(since: midnight(weekStart))
            let month = try db.completionCounts(since: midnight(monthStart))
            var rows: [ListStats] = []
            var total = ReminderStats()
            for list in lists {
                var stats = ReminderStats()
                stats.open = open[list.id] ?? 0
                stats.overdue = due[list.id]?.overdue ?? 0
                stats.dueToday = due[list.id]?.dueToday ?? 0
                stats.doneThisWeek = week[list.id] ?? 0
                stats.doneThisMonth = month[list.id] ?? 0
                rows.append(ListStats(list: list, stats: stats))
                total = total.adding(stats)
            }
            return StatsReport(lists: rows, total: total, weekStart: weekStart, monthStart: monthStart)
        }
    }
}
