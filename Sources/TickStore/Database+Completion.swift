import Foundation
import TickModel

extension Database {
    /// Open reminders whose number begins with the digits `numberPrefix` (every open one
    /// when it is empty), smallest number first, at most `limit`: what a shell offers
    /// after `tick done 12<Tab>`.
    ///
    /// The numbers that begin with `12` are the ranges 12, 120–129, 1200–1299, … so each
    /// range is read through the primary key; the cost is the rows returned, not the
    /// size of the table.
    /// - Parameters:
    ///   - numberPrefix: ASCII digits, or empty; anything else finds nothing.
    ///   - limit: the most rows to return.
    /// - Returns: numbers with their titles.
    /// - Throws: `StoreError` from SQLite.
    public func openReminderTitles(numberPrefix: String, limit: Int) throws -> [(number: Reminder.Number, title: String)] {
        // Numbers have no leading zero, so `0…` begins none.
        guard limit > 0, numberPrefix.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), numberPrefix.count <= 18, !numberPrefix.hasPrefix("0") else {
            return []
        }
        var rows: [(number: Reminder.Number, title: String)] = []
        let read = { (low: Int64, high: Int64) throws in
            try self.forEachRow("""
                SELECT number, title FROM reminder
                WHERE number BETWEEN ? AND ? AND completed_at IS NULL ORDER BY number LIMIT ?
                """, [.integer(low), .integer(high), .integer(Int64(limit - rows.count))]) { row in
                rows.append((Reminder.Number(row.int(0)), row.text(1)))
            }
        }
        guard let prefix = Int64(numberPrefix) else {
            try read(1, Int64.max)
            return rows
        }
        // Ranges in increasing digit count; numbers of more digits are larger, so the
        // rows come out in ascending order.
        var low = prefix
        var high = prefix
        while rows.count < limit {
            try read(low, high)
            let (nextLow, overflowLow) = low.multipliedReportingOverflow(by: 10)
            let (scaledHigh, overflowHigh) = high.multipliedReportingOverflow(by: 10)
            guard !overflowLow, !overflowHigh, scaledHigh <= Int64.max - 9 else { break }
            low = nextLow
            high = scaledHigh + 9
        }
        return rows
    }
}
