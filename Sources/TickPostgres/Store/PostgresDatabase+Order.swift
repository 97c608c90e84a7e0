import Foundation
import TickModel

/// Manual order and pages (keyset paging, as the SQLite store pages).
extension PostgresDatabase {
    /// Moves the user's reminder inside its list and returns its new position.
    /// - Throws: `PostgresError.notFound` when the reminder or the anchor is not the
    ///   user's; `.server` with SQLSTATE 23514 when the anchor is in another list.
    /// - Complexity: O(1) rows written in general, O(list) when the list is respaced.
    @discardableResult
    public func move(_ number: Reminder.Number, to placement: ReminderPlacement) throws -> Int64 {
        guard let moving = try reminder(number: number) else {
            throw PostgresError(.notFound, message: "there is no reminder \(number)")
        }
        let list = moving.listID.rawValue
        func anchor(_ other: Reminder.Number) throws -> Reminder {
            guard let found = try reminder(number: other) else { throw PostgresError(.notFound, message: "there is no reminder \(other)") }
            guard found.listID == moving.listID else {
                throw PostgresError(.server, message: "\(other) is in another list than \(number)", sqlState: "23514")
            }
            return found
        }
        // The closest position on one side of `position` in the list, the moving one left out.
        func closest(_ comparison: String, _ position: Int64, openOnly: Bool = false) throws -> Int64? {
            let aggregate = comparison == "<" ? "max" : "min"
            return try scalar("""
                SELECT \(aggregate)(position) FROM reminders WHERE owner = $1 AND list_id = $2 AND position \(comparison) $3
                AND number <> $4\(openOnly ? " AND completed_at IS NULL" : "")
                """, [list, position, number.rawValue], as: Int64.self)
        }
        func neighbours() throws -> (Int64?, Int64?) {
            switch placement {
            case .before(let other):
                let target = try anchor(other)
                return (try closest("<", target.position), target.position)
            case .after(let other):
                let target = try anchor(other)
                return (target.position, try closest(">", target.position))
            case .index(let index):
                if let target = try scalar("""
                    SELECT position FROM reminders WHERE owner = $1 AND list_id = $2 AND completed_at IS NULL AND number <> $3
                    ORDER BY position LIMIT 1 OFFSET $4
                    """, [list, number.rawValue, max(index, 1) - 1], as: Int64.self) {
                    return (try closest("<", target), target)
                }
                guard let last = try closest("<", .max, openOnly: true) else { return (nil, nil) }
                return (last, try closest(">", last))
            }
        }
        var (lower, upper) = try neighbours()
        var position = ManualOrder.position(between: lower, and: upper, current: moving.position)
        if position == nil {
            position = try respace(list: list, between: lower, and: upper, leavingOut: number)
        }
        if position == nil {
            try respace(list: moving.listID)
            (lower, upper) = try neighbours()
            position = ManualOrder.position(between: lower, and: upper, current: moving.position)
        }
        let final = position ?? moving.position
        try run("UPDATE reminders SET position = $3 WHERE owner = $1 AND number = $2", [number.rawValue, final])
        return final
    }

    /// Makes room at the full gap between `lower` and `upper` in the user's list `list` by
    /// respacing the reminders around it, a window at a time (`ManualOrder.respacingWindows`
    /// on each side), the reminder `moving` left out, as the SQLite store does; only rows
    /// whose position changes are written.
    /// - Returns: the position left for the reminder that goes into the gap; nil when no
    ///   window had room (then the whole list is respaced).
    /// - Complexity: O(w) rows read and written, w the first window with room.
    func respace(list: String, between lower: Int64?, and upper: Int64?, leavingOut moving: Reminder.Number) throws -> Int64? {
        try ManualOrder.respace(rows: { below, limit in
            guard let bound = below ? lower : upper else { return [] }
            let (comparison, order) = below ? ("<=", "DESC") : (">=", "ASC")
            return try run("""
                SELECT number, position FROM reminders WHERE owner = $1 AND list_id = $2 AND position \(comparison) $3 AND number <> $4
                ORDER BY position \(order), number \(order) LIMIT $5
                """, [list, bound, moving.rawValue, Int64(limit)]).map { row in
                (try row.decode("number", as: Int64.self), try row.decode("position", as: Int64.self))
            }
        }, write: { number, position in
            try run("UPDATE reminders SET position = $3 WHERE owner = $1 AND number = $2", [number, position])
        })
    }

    /// The reminders just before and after the user's reminder `number` in its list's
    /// manual order (completed ones included); nil at either end.
    /// - Throws: `PostgresError.notFound` when the user has no such reminder.
    public func neighbours(of number: Reminder.Number) throws -> (before: Reminder?, after: Reminder?) {
        guard let reminder = try reminder(number: number) else {
            throw PostgresError(.notFound, message: "there is no reminder \(number)")
        }
        func one(_ comparison: String, _ order: String) throws -> Reminder? {
            try reminders("""
                SELECT \(ReminderColumns.names) FROM reminders WHERE owner = $1 AND list_id = $2 AND position \(comparison) $3
                AND number <> $4 ORDER BY position \(order) LIMIT 1
                """, [reminder.listID.rawValue, reminder.position, number.rawValue]).first
        }
        return (try one("<", "DESC"), try one(">", "ASC"))
    }

    /// The 1-based place of the user's open reminder among its list's open reminders; nil
    /// when it is completed or not there.
    public func openIndex(of number: Reminder.Number) throws -> Int? {
        guard let reminder = try reminder(number: number), !reminder.isCompleted else { return nil }
        let before = try scalar("""
            SELECT count(*) FROM reminders WHERE owner = $1 AND list_id = $2 AND completed_at IS NULL AND position < $3
            """, [reminder.listID.rawValue, reminder.position], as: Int.self) ?? 0
        return before + 1
    }

    /// See `ReminderStore.hasOpenSubtasksUnderParents(inList:)`: read from the partial index
    /// of parents (`reminders_parent`).
    public func hasOpenSubtasksUnderParents(inList id: ReminderList.ID) throws -> Bool {
        try scalar("""
            SELECT 1 FROM reminders r JOIN reminders p ON p.owner = r.owner AND p.uid = r.parent_uid AND p.list_id = r.list_id
            WHERE r.owner = $1 AND r.parent_uid IS NOT NULL AND r.list_id = $2 AND r.completed_at IS NULL
                AND p.list_id = $2 AND p.completed_at IS NULL AND p.number <> r.number
            LIMIT 1
            """, [id.rawValue], as: Int.self) != nil
    }

    /// Up to `limit` of the user's reminders of `scope` next to `anchor`, in display order
    /// (see `ReminderStore.reminders(in:from:includingAnchor:direction:limit:)`).
    /// - Complexity: O(limit) rows read through the indexes `reminders_list_position`,
    ///   `reminders_open_list_position` and `reminders_completed` (smart lists across lists
    ///   join `lists` for the lists' order).
    public func reminders(in scope: PageScope, from anchor: Reminder?, includingAnchor: Bool,
                          direction: PageDirection, limit: Int) throws -> [Reminder] {
        guard limit > 0 else { return [] }
        let forward = direction == .forward
        let comparison = forward ? (includingAnchor ? ">=" : ">") : (includingAnchor ? "<=" : "<")
        let ascending = forward ? "" : " DESC"
        var conditions = ["r.owner = $1"]
        var parameters: [any PostgresEncodable] = []
        func parameter(_ value: any PostgresEncodable) -> String {
            parameters.append(value)
            return "$\(parameters.count + 1)"
        }
        // Through a share, the one list it covers, whatever the scope.
        if let visibleList { conditions.append("r.list_id = " + parameter(visibleList.rawValue)) }
        let key: [String]
        switch scope {
        case .list(let id, let includesCompleted):
            if let anchor, anchor.listID != id { return [] } // an anchor from another list marks no place here
            conditions.append("r.list_id = " + parameter(id.rawValue))
            if !includesCompleted { conditions.append("r.completed_at IS NULL") }
            key = ["r.position", "r.number"]
            if let anchor {
                conditions.append("(r.position, r.number) \(comparison) (\(parameter(anchor.position)), \(parameter(anchor.number.rawValue)))")
            }
        case .open, .flagged, .every, .everyFlagged:
            if scope == .open || scope == .flagged { conditions.append("r.completed_at IS NULL") }
            if scope == .flagged || scope == .everyFlagged { conditions.append("r.flagged") }
            key = ["l.position", "l.name", "r.position", "r.number"]
            // An anchor whose list is gone marks no place: the page starts from the edge.
            if let anchor, let list = try list(id: anchor.listID) {
                conditions.append("(l.position, l.name, r.position, r.number) \(comparison) (\(parameter(list.position)), "
                                  + "\(parameter(list.name)), \(parameter(anchor.position)), \(parameter(anchor.number.rawValue)))")
            }
        case .completed:
            // Shown latest first: forward walks the order downward.
            conditions.append("r.completed_at IS NOT NULL")
            key = ["r.completed_at", "r.number"]
            if let anchor, let completedAt = anchor.completedAt {
                let downward = forward ? (includingAnchor ? "<=" : "<") : (includingAnchor ? ">=" : ">")
                conditions.append("(r.completed_at, r.number) \(downward) (\(parameter(PostgresDatabase.stored(completedAt))), "
                                  + "\(parameter(anchor.number.rawValue)))")
            }
        }
        let order = key.map { $0 + (scope == .completed ? (forward ? " DESC" : "") : ascending) }.joined(separator: ", ")
        let rows = try reminders("""
            SELECT \(ReminderColumns.qualifiedNames) FROM reminders r JOIN lists l ON l.owner = r.owner AND l.id = r.list_id
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY \(order) LIMIT \(parameter(limit))
            """, parameters)
        return forward ? rows : rows.reversed()
    }
}

// MARK: - A list's page in one statement

extension PostgresDatabase {
    /// `listPage`'s statement for each shape of page, by `listPageStatementIndex`: made once,
    /// not for every request. The list's row: NULL for each reminder column (named as it: a
    /// `UNION`'s columns are named by its first `SELECT`), then the list's columns named `l_`
    /// and the column; each reminder's row: its columns, then NULL for each list column.
    /// `$1` the user, `$2` the list, `$3` and `$4` the anchor's position and number when
    /// anchored, then the limit.
    private static let listPageStatements: [String] = {
        let listRow = ReminderColumns.names.split(separator: ",")
            .map { "NULL AS " + $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ", ") + ", "
            + listColumns.split(separator: ",")
            .map { column in let name = column.trimmingCharacters(in: .whitespaces); return "l.\(name) AS l_\(name)" }
            .joined(separator: ", ")
        let reminderRow = ReminderColumns.qualifiedNames + ", "
            + Array(repeating: "NULL", count: listColumns.split(separator: ",").count).joined(separator: ", ")
        return [false, true].flatMap { includesCompleted in
            [false, true].map { anchored in
                var conditions = ["r.owner = $1", "r.list_id = $2"]
                if !includesCompleted { conditions.append("r.completed_at IS NULL") }
                if anchored { conditions.append("(r.position, r.number) > ($3, $4)") }
                return """
                    (SELECT \(listRow) FROM lists l WHERE l.owner = $1 AND l.id = $2)
                    UNION ALL
                    (SELECT \(reminderRow) FROM reminders r WHERE \(conditions.joined(separator: " AND "))
                     ORDER BY r.position, r.number LIMIT $\(anchored ? 5 : 3))
                    """
            }
        }
    }()

    private static func listPageStatementIndex(includesCompleted: Bool, anchored: Bool) -> Int {
        (includesCompleted ? 2 : 0) + (anchored ? 1 : 0)
    }

    /// The user's list `id` and up to `limit` of its reminders after `anchor` in its manual
    /// order (open ones only unless `includesCompleted`), read in one statement (one
    /// snapshot, no transaction needed: `PostgresStore.readInOneStatement`): the list's row,
    /// then the reminders' (`UNION ALL`), so that the list is sent once, not with every
    /// reminder. The same reminders as
    /// `reminders(in: .list(id, …), from: anchor, includingAnchor: false, direction: .forward, limit:)`.
    /// - Returns: the list and its reminders; nil when the user has no list `id` (or does not
    ///   see it through a share). An anchor of another list gives the list and no reminder.
    /// - Throws: `PostgresError` from the server, or `.unreadableValue` for a row that cannot be read.
    /// - Complexity: O(limit) rows, from `reminders_open_list_position` (or
    ///   `reminders_list_position` with completed ones) and the key of `lists`.
    public func listPage(id: ReminderList.ID, includesCompleted: Bool, after anchor: Reminder?,
                         limit: Int) throws -> (list: ReminderList, reminders: [Reminder])? {
        guard sees(id) else { return nil }
        var parameters: [any PostgresEncodable] = [id.rawValue]
        if let anchor {
            if anchor.listID != id { return try list(id: id).map { ($0, []) } }
            parameters += [anchor.position, anchor.number.rawValue]
        }
        parameters.append(max(limit, 0))
        let statement = Self.listPageStatements[Self.listPageStatementIndex(includesCompleted: includesCompleted, anchored: anchor != nil)]
        let rows = try run(statement, parameters)
        var list: ReminderList?
        var reminders: [Reminder] = []
        reminders.reserveCapacity(rows.count)
        let positions = ReminderColumns.Positions(rows)
        for row in rows {
            if row.text(at: positions.number) == nil {
                list = try decodeList(row, prefix: "l_")
            } else {
                reminders.append(try ReminderColumns.decode(row, at: positions))
            }
        }
        guard let list else { return nil }
        // UNION ALL keeps no order of its own: the page's order again (a few dozen rows).
        reminders.sort { ($0.position, $0.number.rawValue) < ($1.position, $1.number.rawValue) }
        return (list, reminders)
    }
}
