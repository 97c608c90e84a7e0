import Foundation
import TickModel

/// The smart lists by date (`today`, `overdue`, `scheduled`) and their counts, by the
/// rules of the SQLite store (TickStore's `Database.reminders(_:now:timeZone:)` and
/// `dueCounts(now:timeZone:)`): candidates are read by the stored due text (`YYYY-MM-DD`,
/// `YYYY-MM-DDTHH:MM:SS` or `…Z`, compared byte by byte, `COLLATE "C"`, whatever the
/// database's collation) from the index of open dated reminders (schema step 3), then
/// decided and sorted exactly in Swift: a timed value is stored in UTC, which can be a day
/// ahead of or behind the user's local date.
extension PostgresDatabase {
    /// The user's open reminders of the smart list `smartList` (`today`: due today or
    /// earlier in `timeZone`; `overdue`: past their due date or time at `now`; `scheduled`:
    /// with a due date), in `DueOrder` (by due instant, then manual order), the first
    /// `limit` of them.
    ///
    /// - Parameters:
    ///   - listPositions: each of the user's lists' `position` (ties in due order go in the
    ///     lists' order), from the lists the caller has read.
    ///   - includesCompleted: Apple's Show Completed, as `tick list … --completed`: `today`
    ///     adds the completed reminders due today (not earlier), `scheduled` every completed
    ///     one with a due date. Not with `overdue`.
    /// - Precondition: `smartList` is `.today`, `.overdue` or `.scheduled`; `limit` ≥ 0.
    /// - Throws: `PostgresError` from the server, or `.unreadableValue` for a stored value
    ///   in none of the stored forms.
    /// - Complexity: `today` and `overdue`: the open reminders stored as due before the
    ///   day after tomorrow; `scheduled`: O(limit) index entries to find the `limit`-th
    ///   due text, then the rows stored up to three days past it (a stored day is at most
    ///   14 hours behind and 36 hours ahead of the instant it sorts by); `scheduled` with
    ///   `includesCompleted`: every dated reminder of the user.
    public func dueListing(_ smartList: SmartList, now: Date, timeZone: TimeZone, limit: Int,
                           listPositions: [ReminderList.ID: Int64], includesCompleted: Bool = false) throws -> [Reminder] {
        precondition([.today, .overdue, .scheduled].contains(smartList), "\(smartList) is not a smart list by date")
        precondition(!includesCompleted || smartList != .overdue, "overdue has no completed reminders")
        precondition(limit >= 0)
        let localNow = LocalDateTime(now, in: timeZone)
        let today = localNow.day
        var bound: String?
        if smartList == .scheduled {
            // The limit-th row by text; three days past its day, every later row sorts after it.
            if limit > 0, !includesCompleted, let text = try scalar(PostgresDatabase.openDatedDue + onlyVisibleList(3) + " ORDER BY due COLLATE \"C\" LIMIT 1 OFFSET $2",
                                                [limit - 1] + visibleListParameter, as: String.self),
               let day = CalendarDay(text.prefix(10)) {
                bound = day.adding(checkedDays: 3)?.description
            }
        } else {
            // Past the last day a CalendarDay holds, every stored text sorts below "A".
            bound = today.adding(checkedDays: 2)?.description ?? "A"
        }
        // With the completed ones, `scheduled` reads every dated reminder (no bound above: no
        // index orders both by due text); `today` the same days as without them.
        var sql = "SELECT \(ReminderColumns.names) FROM reminders WHERE owner = $1"
            + (includesCompleted ? "" : " AND completed_at IS NULL") + " AND due IS NOT NULL" + onlyVisibleList(2)
        var parameters: [any PostgresEncodable] = visibleListParameter
        if let bound {
            sql += " AND due COLLATE \"C\" < $\(parameters.count + 2)"
            parameters.append(bound)
        }
        var rows = try reminders(sql, parameters)
        if smartList != .scheduled {
            rows.removeAll { reminder in
                guard let due = reminder.due else { return true }
                if reminder.isCompleted { return due.day(in: timeZone) != today }
                return smartList == .overdue ? !due.isOverdue(at: now, localNow: localNow) : due.day(in: timeZone) > today
            }
        }
        return Array(DueOrder.sorted(rows, in: timeZone, listPositions: listPositions).prefix(limit))
    }

    /// How many of the user's open reminders are due today or earlier in `timeZone`
    /// (`today`) and past due at `now` (`overdue`), by the rules of `dueListing`.
    /// - Throws: `PostgresError` from the server, or `.unreadableValue` for a stored value
    ///   in none of the stored forms.
    /// - Complexity: an index range counted, plus one row per distinct due value stored
    ///   from yesterday to tomorrow.
    public func dueCounts(now: Date, timeZone: TimeZone) throws -> (today: Int, overdue: Int) {
        let localNow = LocalDateTime(now, in: timeZone)
        let today = localNow.day
        // Stored before yesterday: before today wherever the user is. Past the days a
        // CalendarDay holds, every stored text sorts below "A" and above "".
        let low = today.adding(checkedDays: -1)?.description ?? ""
        let high = today.adding(checkedDays: 2)?.description ?? "A"
        let before = try scalar("SELECT count(*) FROM reminders WHERE owner = $1 AND completed_at IS NULL AND due IS NOT NULL"
                                + " AND due COLLATE \"C\" < $2" + onlyVisibleList(3), [low] + visibleListParameter, as: Int.self) ?? 0
        var counts = (today: before, overdue: before)
        let around = try run("""
            SELECT due, due_time_zone, count(*) AS n FROM reminders
            WHERE owner = $1 AND completed_at IS NULL AND due IS NOT NULL AND due COLLATE "C" >= $2 AND due COLLATE "C" < $3\(onlyVisibleList(4))
            GROUP BY due, due_time_zone
            """, [low, high] + visibleListParameter)
        for row in around {
            let text = try row.decode("due", as: String.self)
            guard let due = ReminderColumns.due(text, zone: row.text("due_time_zone")) else {
                throw PostgresError(.unreadableValue, message: "a reminder's due date '\(text)' is not YYYY-MM-DD, YYYY-MM-DDTHH:MM:SS "
                                    + "or YYYY-MM-DDTHH:MM:SSZ with its zone")
            }
            let count = try row.decode("n", as: Int.self)
            if due.day(in: timeZone) <= today { counts.today += count }
            if due.isOverdue(at: now, localNow: localNow) { counts.overdue += count }
        }
        return counts
    }

    /// The number of the user's open reminders with a due date (the smart list `scheduled`).
    /// - Complexity: O(those reminders), counted from the index of open dated reminders.
    public func scheduledCount() throws -> Int {
        try scalar("SELECT count(*) FROM reminders WHERE owner = $1 AND completed_at IS NULL AND due IS NOT NULL" + onlyVisibleList(2),
                   visibleListParameter, as: Int.self) ?? 0
    }

    /// The due texts of the user's open dated reminders (a query to finish).
    /// ` AND list_id = $n` when the transaction sees one list only (`visibleList`), else nothing.
    func onlyVisibleList(_ parameter: Int) -> String { visibleList == nil ? "" : " AND list_id = $\(parameter)" }

    /// The parameter `onlyVisibleList` names: the visible list, or none.
    var visibleListParameter: [any PostgresEncodable] { visibleList.map { [$0.rawValue] } ?? [] }

    private static let openDatedDue = "SELECT due FROM reminders WHERE owner = $1 AND completed_at IS NULL AND due IS NOT NULL"
}
