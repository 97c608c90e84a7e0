import Foundation
import TickModel

/// The smart lists whose membership depends on the clock, counted at one moment.
public struct DueCounts: Sendable, Equatable {
    /// Open reminders due today or earlier (the smart list `today`).
    public var today = 0
    /// Open reminders past their due date (the smart list `overdue`).
    public var overdue = 0

    /// Zero in both.
    public init(today: Int = 0, overdue: Int = 0) {
        self.today = today
        self.overdue = overdue
    }
}

extension Database {
    /// How many open reminders the smart lists `today` and `overdue` hold at `now`, by the
    /// same rules as their listings (`reminders(_:now:timeZone:)`).
    ///
    /// Rows whose stored due text is before yesterday are in both whatever their form
    /// (a timed value's UTC day is at most a day off its local one) and are counted by
    /// SQLite over a range of `reminder_open_due_summary` without being read; only the
    /// rows stored as yesterday, today or tomorrow are decided here, one per distinct due
    /// value. Rows due later are not touched.
    /// - Parameters:
    ///   - now: the current time.
    ///   - timeZone: the user's zone, for all-day and floating due dates.
    /// - Throws: `StoreError` from SQLite, or `.unreadableValue` for a due date in none of
    ///   the stored forms.
    /// - Complexity: O(reminders counted) index entries, and O(distinct due values of
    ///   three days) decoded.
    public func dueCounts(now: Date, timeZone: TimeZone) throws -> DueCounts {
        let localNow = LocalDateTime(now, in: timeZone)
        let today = localNow.day
        // Past the days a CalendarDay holds, every stored text sorts below "A" and above "".
        let low = today.adding(checkedDays: -1)?.description ?? ""
        let high = today.adding(checkedDays: 2)?.description ?? "A"
        let before = Int(try scalarInt(Database.dueCountBefore, [.text(low)]) ?? 0)
        var counts = DueCounts(today: before, overdue: before)
        try forEachRow(Database.dueCountsAround, [.text(low), .text(high)]) { row in
            guard let due = try row.due(1, zone: 2, in: .reminder) else { return }
            let count = Int(row.int(3))
            if due.day(in: timeZone) <= today { counts.today += count }
            if due.isOverdue(at: now, localNow: localNow) { counts.overdue += count }
        }
        return counts
    }

    /// Open reminders stored as due before a day (`YYYY-MM-DD`): an index range counted.
    static let dueCountBefore = """
        SELECT count(*) FROM reminder WHERE completed_at IS NULL AND due IS NOT NULL AND due < ?
        """

    /// Open reminders stored as due from a day up to another, one row per distinct due
    /// value with its count (the smallest number, for errors about an unreadable value).
    static let dueCountsAround = """
        SELECT min(number), due, due_time_zone, count(*) FROM reminder
        WHERE completed_at IS NULL AND due IS NOT NULL AND due >= ? AND due < ?
        GROUP BY due, due_time_zone
        """

    /// The number of open reminders with a due date (the smart list `scheduled`).
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(lists), from the kept counts (`list_count`).
    public func scheduledCount() throws -> Int {
        try keptTotal("scheduled")
    }

    /// The sum of one column of `list_count` over every list.
    func keptTotal(_ column: String) throws -> Int {
        Int(try scalarInt("SELECT coalesce(sum(\(column)), 0) FROM list_count") ?? 0)
    }
}

/// The counts of one list that depend on the clock, for `tick stats`.
public struct ListDueCounts: Sendable, Equatable {
    /// Open reminders due today (whether or not a time today has passed).
    public var dueToday = 0
    /// Open reminders past their due date or time (the smart list `overdue`).
    public var overdue = 0

    public init(dueToday: Int = 0, overdue: Int = 0) {
        self.dueToday = dueToday
        self.overdue = overdue
    }
}

extension Database {
    /// `ListDueCounts` of every list with open dated reminders, at `now`, by the rules of
    /// `dueCounts(now:timeZone:)` and over the same index ranges, grouped by list.
    /// - Throws: `StoreError` from SQLite, or `.unreadableValue` for a due date in none of
    ///   the stored forms.
    /// - Complexity: O(open reminders due before tomorrow) index entries.
    public func dueCountsByList(now: Date, timeZone: TimeZone) throws -> [ReminderList.ID: ListDueCounts] {
        let localNow = LocalDateTime(now, in: timeZone)
        let today = localNow.day
        let low = today.adding(checkedDays: -1)?.description ?? ""
        let high = today.adding(checkedDays: 2)?.description ?? "A"
        var counts: [ReminderList.ID: ListDueCounts] = [:]
        try forEachRow("""
            SELECT list_id, count(*) FROM reminder WHERE completed_at IS NULL AND due IS NOT NULL AND due < ? GROUP BY list_id
            """, [.text(low)]) { row in
            counts[.init(rawValue: row.text(0)), default: ListDueCounts()].overdue += Int(row.int(1))
        }
        try forEachRow("""
            SELECT min(number), due, due_time_zone, list_id, count(*) FROM reminder
            WHERE completed_at IS NULL AND due IS NOT NULL AND due >= ? AND due < ?
            GROUP BY list_id, due, due_time_zone
            """, [.text(low), .text(high)]) { row in
            guard let due = try row.due(1, zone: 2, in: .reminder) else { return }
            let count = Int(row.int(4))
            let id = ReminderList.ID(rawValue: row.text(3))
            if due.day(in: timeZone) == today { counts[id, default: ListDueCounts()].dueToday += count }
            if due.isOverdue(at: now, localNow: localNow) { counts[id, default: ListDueCounts()].overdue += count }
        }
        return counts
    }

    /// How many completions each list has had since `start`: reminders completed then, and
    /// completed occurrences of repeating reminders (the last occurrence of a series that
    /// ended, recorded both ways, counted once).
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(reminders completed since `start`) over `reminder_completed`, plus
    ///   O(completed occurrences).
    public func completionCounts(since start: Date) throws -> [ReminderList.ID: Int] {
        var counts: [ReminderList.ID: Int] = [:]
        let since: [SQLValue] = [.text(Timestamp.string(start))]
        try forEachRow("""
            SELECT r.list_id, count(*) FROM reminder r WHERE r.completed_at >= ?
                AND NOT EXISTS (SELECT 1 FROM occurrence o WHERE o.reminder = r.number AND o.completed_at = r.completed_at)
            GROUP BY r.list_id
            """, since) { counts[.init(rawValue: $0.text(0)), default: 0] += Int($0.int(1)) }
        try forEachRow("""
            SELECT r.list_id, count(*) FROM occurrence o JOIN reminder r ON r.number = o.reminder
            WHERE o.completed_at >= ? GROUP BY r.list_id
            """, since) { counts[.init(rawValue: $0.text(0)), default: 0] += Int($0.int(1)) }
        return counts
    }
}
