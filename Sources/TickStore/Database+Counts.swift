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
