import Foundation
import TickModel

extension Database {
    /// Up to `limit` reminders of `scope` next to `anchor`, in display order.
    ///
    /// - Parameters:
    ///   - scope: the listing.
    ///   - anchor: the row the page is next to, as last seen (only its sort key is
    ///     read: list, position, completion time and number, so a copy of a reminder
    ///     that has since been deleted still marks its place); nil starts at the first
    ///     row (forward) or the last row (backward).
    ///   - includingAnchor: whether a row with exactly the anchor's key is part of the page.
    ///   - direction: `.forward` gives the rows after the anchor, `.backward` those
    ///     before it; both come back in display order.
    ///   - limit: the most rows to return; 0 or less gives none.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(limit + lists) rows read through the indexes
    ///   `reminder_open_list_summary`, `reminder_list_position`, `reminder_open_flagged`
    ///   and `reminder_completed`, whatever the size of the listing; `everyFlagged` reads
    ///   a list's rows by `reminder_list_position` until it has `limit` flagged ones.
    public func reminders(in scope: PageScope, from anchor: Reminder?, includingAnchor: Bool = false,
                          direction: PageDirection, limit: Int) throws -> [Reminder] {
        guard limit > 0 else { return [] }
        switch scope {
        case .list(let id, let includesCompleted):
            let condition = includesCompleted ? "" : " AND r.completed_at IS NULL"
            let key = anchor.flatMap { $0.listID == id ? $0 : nil }
            if anchor != nil && key == nil { return [] } // an anchor from another list marks no place here
            return try listPage(id, condition: condition, anchor: key, including: includingAnchor,
                                direction: direction, limit: limit)
        case .open:
            return try segmentedPage(condition: " AND r.completed_at IS NULL", anchor: anchor,
                                     including: includingAnchor, direction: direction, limit: limit)
        case .flagged:
            return try segmentedPage(condition: " AND r.completed_at IS NULL AND r.flagged = 1", anchor: anchor,
                                     including: includingAnchor, direction: direction, limit: limit)
        case .completed:
            return try completedPage(anchor: anchor, including: includingAnchor, direction: direction, limit: limit)
        case .every:
            return try segmentedPage(condition: "", anchor: anchor, including: includingAnchor, direction: direction, limit: limit)
        case .everyFlagged:
            return try segmentedPage(condition: " AND r.flagged = 1", anchor: anchor,
                                     including: includingAnchor, direction: direction, limit: limit)
        }
    }

    /// The number of reminders in `scope`.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(lists), from the counts the store keeps (`list_count`); O(n) for
    ///   `everyFlagged` (completed flagged reminders are not counted there).
    public func count(in scope: PageScope) throws -> Int {
        switch scope {
        case .list(let id, let includesCompleted):
            return includesCompleted ? try reminderCount(inList: id) : try openCount(inList: id)
        case .open: return try keptTotal("open")
        case .flagged: return try keptTotal("flagged")
        case .completed: return try keptTotal("completed")
        case .every: return try keptTotal("open") + keptTotal("completed")
        case .everyFlagged: return try scalarInt("SELECT count(*) FROM reminder WHERE flagged = 1").map(Int.init) ?? 0
        }
    }

    /// SQLite's `PRAGMA data_version` (https://sqlite.org/pragma.html#pragma_data_version):
    /// it changes when another connection (another `tick` process) commits a change, and
    /// stays the same for this connection's own commits. Cheap enough to poll twice a second.
    /// - Throws: `StoreError` from SQLite.
    public var dataVersion: Int64 {
        get throws(StoreError) { try scalarInt("PRAGMA data_version") ?? 0 }
    }

    // MARK: - Pages of one list

    /// One list's page by `(position, number)`; `condition` narrows the rows further and
    /// must match the partial index it is meant to use.
    private func listPage(_ id: ReminderList.ID, condition: String, anchor: Reminder?, including: Bool,
                          direction: PageDirection, limit: Int) throws -> [Reminder] {
        var sql = "SELECT \(Database.reminderColumns) FROM reminder r WHERE r.list_id = ?" + condition
        var arguments: [SQLValue] = [.text(id.rawValue)]
        let forward = direction == .forward
        if let anchor {
            let comparison = forward ? (including ? ">=" : ">") : (including ? "<=" : "<")
            sql += " AND (r.position, r.number) \(comparison) (?, ?)"
            arguments += [.integer(anchor.position), .integer(anchor.number.rawValue)]
        }
        sql += forward ? " ORDER BY r.position, r.number LIMIT ?" : " ORDER BY r.position DESC, r.number DESC LIMIT ?"
        arguments.append(.integer(Int64(limit)))
        var rows: [Reminder] = []
        // A page may ask for the whole list (`ManualOrder.respace`'s last window): room for what it fills.
        rows.reserveCapacity(min(limit, 4_096))
        try forEachRow(sql, arguments) { rows.append(try decodeReminder($0)) }
        return forward ? rows : rows.reversed()
    }

    /// A page that runs across lists in the user's order, each list in manual order.
    private func segmentedPage(condition: String, anchor: Reminder?, including: Bool,
                               direction: PageDirection, limit: Int) throws -> [Reminder] {
        let order = try lists().map(\.id)
        var listIndexes = Array(order.indices)
        if direction == .backward { listIndexes.reverse() }
        var startAt = 0
        var key: Reminder? = nil
        // An anchor whose list is gone marks no place: start from the edge.
        if let anchor, let index = listIndexes.firstIndex(where: { order[$0] == anchor.listID }) {
            startAt = index
            key = anchor
        }
        var collected: [[Reminder]] = []
        var remaining = limit
        for (step, listIndex) in listIndexes[startAt...].enumerated() where remaining > 0 {
            let page = try listPage(order[listIndex], condition: condition, anchor: step == 0 ? key : nil,
                                    including: including, direction: direction, limit: remaining)
            remaining -= page.count
            collected.append(page)
        }
        if direction == .backward { collected.reverse() }
        return collected.flatMap { $0 }
    }

    // MARK: - Completed

    private func completedPage(anchor: Reminder?, including: Bool, direction: PageDirection,
                               limit: Int) throws -> [Reminder] {
        var sql = "SELECT \(Database.reminderColumns) FROM reminder r WHERE r.completed_at IS NOT NULL"
        var arguments: [SQLValue] = []
        let forward = direction == .forward
        // Display order is descending, so "forward" walks the index downward.
        if let anchor, let completedAt = anchor.completedAt {
            let comparison = forward ? (including ? "<=" : "<") : (including ? ">=" : ">")
            sql += " AND (r.completed_at, r.number) \(comparison) (?, ?)"
            arguments += [.text(Timestamp.string(completedAt)), .integer(anchor.number.rawValue)]
        }
        sql += forward ? " ORDER BY r.completed_at DESC, r.number DESC LIMIT ?" : " ORDER BY r.completed_at, r.number LIMIT ?"
        arguments.append(.integer(Int64(limit)))
        var rows: [Reminder] = []
        try forEachRow(sql, arguments) { rows.append(try decodeReminder($0)) }
        return forward ? rows : rows.reversed()
    }
}
