import CSQLite
import Foundation
import TickModel

extension Database {
    /// The reminders `filter` selects, in the order they are shown.
    ///
    /// Lists and `all` are in manual order (lists in their order, then each list's
    /// positions); `today`, `scheduled` and `overdue` by due date (all-day before timed on
    /// the same day), then manual order; `completed` most recently completed first.
    /// `today` holds open reminders due today or earlier, read in `timeZone`.
    ///
    /// - Parameters:
    ///   - now: the current time, for `today` and `overdue`.
    ///   - timeZone: the user's zone, for all-day and floating due dates.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: reads only the rows it returns from indexes, except `text` with
    ///   words under three characters, which scans titles and notes; the due-date smart
    ///   lists read at most one extra day of candidates.
    public func reminders(_ filter: ReminderFilter, now: Date, timeZone: TimeZone) throws -> [Reminder] {
        try select(filter, now: now, timeZone: timeZone, columns: Database.reminderColumns, decode: decodeReminder)
    }

    /// The same selection and order as `reminders(_:now:timeZone:)`, as light
    /// `ReminderSummary` values: what a listing shows, several times cheaper per row.
    /// - Throws: `StoreError` from SQLite.
    public func summaries(_ filter: ReminderFilter, now: Date, timeZone: TimeZone) throws -> [ReminderSummary] {
        var previousListID: ReminderList.ID?
        return try select(filter, now: now, timeZone: timeZone, columns: ReminderSummary.columns) { row in
            let summary = try ReminderSummary(row: row, previousListID: previousListID)
            previousListID = summary.listID
            return summary
        }
    }

    private func select<Row: DueCarrying>(_ filter: ReminderFilter, now: Date, timeZone: TimeZone, columns: String,
                                          decode: (Statement) throws -> Row) throws -> [Row] {
        var result: [Row] = []
        try select(filter, now: now, timeZone: timeZone, columns: columns, into: &result, decode: decode)
        return result
    }

    /// Appends the rows of `filter` to `result` (which holds only earlier lists' rows,
    /// or nothing): the rows are appended where they end up, never copied from one
    /// array into another.
    private func select<Row: DueCarrying>(_ filter: ReminderFilter, now: Date, timeZone: TimeZone, columns: String,
                                          into result: inout [Row], decode: (Statement) throws -> Row) throws {
        if filter.lacking == nil, let key = filter.order?.key, key == .due || key == .priority {
            // Sorted by a key some reminders lack: those with it, sorted, then the others
            // in manual order (in both directions).
            let start = result.count
            try selectOne(filter, now: now, timeZone: timeZone, columns: columns, into: &result, decode: decode)
            guard var rest = Database.remainder(of: filter, after: result.count - start) else { return }
            rest.lacking = key
            try select(rest, now: now, timeZone: timeZone, columns: columns, into: &result, decode: decode)
            return
        }
        let start = result.count
        try forEachPart(of: filter, rowsRead: { result.count - start }) { part in
            try selectOne(part, now: now, timeZone: timeZone, columns: columns, into: &result, decode: decode)
        }
    }

    /// Calls `read` with the filter of each query that reads `filter`'s rows in manual
    /// order: one per list, lists in their order, when the rows of several lists are
    /// listed, else `filter` itself.
    /// - Parameter rowsRead: how many rows the parts read so far have given, for the
    ///   limit of the next part.
    private func forEachPart(of filter: ReminderFilter, rowsRead: () -> Int,
                             _ read: (ReminderFilter) throws -> Void) throws {
        if let narrowed = try narrowedSearch(filter) {
            try read(narrowed)
            return
        }
        if Database.readsListByList(filter), case .manual(let reversed) = Database.listingOrder(filter),
           let lists = try listsInDistinctOrder() {
            // Rows of several lists in the lists' order: SQLite would sort them all (the
            // order needs the list's position, which no index of reminders holds); read
            // each list's rows in order from its index instead, list after list. With
            // two lists at one position the rows of both interleave: the query below does that.
            for list in reversed ? lists.reversed() : lists {
                guard var one = Database.remainder(of: filter, after: rowsRead()) else { break }
                one.listID = list
                try read(one)
            }
            return
        }
        try read(filter)
    }

    /// Calls `body` with each row `filter` selects, in the order of
    /// `summaries(_:now:timeZone:)`, as SQLite reads it: no `ReminderSummary` is made and
    /// nothing is held, for listings whose SQL gives the rows in display order (lists,
    /// `all`, `flagged`, `completed`, a tag, a search, a sort by title or creation).
    /// - Returns: the number of rows, or nil (without calling `body`) when the rows must
    ///   be sorted or dropped in Swift after reading (the due-date smart lists and sorts,
    ///   a sort by priority): read those with `summaries(_:now:timeZone:)`.
    /// - Throws: `StoreError` from SQLite or the row's decoding, or what `body` throws.
    /// - Complexity: reads only the rows it hands to `body`, as `summaries` does.
    public func forEachSummary(_ filter: ReminderFilter, now: Date, timeZone: TimeZone,
                               _ body: (SummaryRow) throws -> Void) throws -> Int? {
        guard Database.readsInDisplayOrder(filter) else { return nil }
        var count = 0
        try forEachPart(of: filter, rowsRead: { count }) { part in
            let query = Database.listingQuery(part, now: now, timeZone: timeZone, columns: ReminderSummary.columns)
            precondition(!query.sortsByDue && query.dayLimit == nil, "rows in display order are read in SQL order")
            try forEachRow(query.sql, query.arguments, cached: query.isFixed) { row in
                try body(try SummaryRow(row))
                count += 1
            }
        }
        return count
    }

    /// Whether SQL alone gives `filter`'s rows in the order they are shown, every one of
    /// them kept (see `selectOne`): not sorted by due date in Swift, not narrowed by the
    /// day rules of `today` and `overdue`, not split by a key some reminders lack.
    static func readsInDisplayOrder(_ filter: ReminderFilter) -> Bool {
        if filter.smartList == .today || filter.smartList == .overdue { return false }
        if case .due = listingOrder(filter) { return false }
        if filter.lacking == nil, let key = filter.order?.key, key == .due || key == .priority { return false }
        return true
    }

    /// Whether `forEachPart` reads `filter`'s rows list after list, each list's from its index in
    /// manual order: a listing of every list in manual order, but not a search (it asks its
    /// word index once, for every list together) nor a parent's subtasks (read from the index
    /// of parents in one query and their few rows sorted; list by list, each query would read
    /// all of its list: `tick edit … --list` of 2,000 reminders took 88 s at 20,000).
    static func readsListByList(_ filter: ReminderFilter) -> Bool {
        guard filter.listID == nil, filter.search == nil, filter.parentUID == nil else { return false }
        if case .manual = listingOrder(filter) { return true }
        return false
    }

    /// A search of open reminders in manual order with a limit (`tick search dentist --limit
    /// 50`), narrowed to the reminders that can be shown: nil for any other filter, or when
    /// two lists share a position.
    ///
    /// Why: the full-text index gives every match, in no display order, and the listing
    /// read and ordered them all before keeping the first 50 (2,705 rows for `dentist` at
    /// 100,000 reminders, about 27,000 at 1,000,000). Here the index gives only the
    /// matches' numbers; when they are many, each list's open reminders are walked in
    /// order in their index (numbers only) until `limit` of them match, and only those are
    /// read. When they are few (fewer than twice the square root of the open reminders),
    /// the walk could cost more than reading them all: they are read, as before, but the
    /// index is not asked again.
    /// - Complexity: the matches' numbers, plus about `limit × open ÷ matches` index
    ///   entries when they are many; `limit` rows read.
    func narrowedSearch(_ filter: ReminderFilter) throws -> ReminderFilter? {
        guard let search = filter.search, let limit = filter.limit, filter.numbers == nil, filter.lacking == nil,
              filter.smartList == nil || filter.smartList == .all, !filter.includesCompleted,
              filter.tag == nil, filter.parentUID == nil, Database.listingOrder(filter) == .manual(reversed: false),
              let expression = Database.fullTextExpression(search) else { return nil }
        let lists: [ReminderList.ID]
        if let listID = filter.listID {
            lists = [listID]
        } else {
            guard let ordered = try listsInDistinctOrder() else { return nil }
            lists = ordered
        }
        var matches = Set<Int64>()
        try forEachRow("SELECT rowid FROM reminder_search WHERE reminder_search MATCH ?", [.text(expression)]) {
            matches.insert($0.int(0))
        }
        var narrowed = filter
        // The open reminders searched: the kept counts of one list or of all of them.
        let open = Int(try scalarInt("SELECT sum(open) FROM list_count WHERE ?1 IS NULL OR list_id = ?1",
                                     [.optional(filter.listID?.rawValue)]) ?? 0)
        guard matches.count * matches.count >= 4 * open, limit > 0 else {
            narrowed.numbers = matches.sorted()
            return narrowed
        }
        var first: [Int64] = []
        walk: for list in lists {
            let statement = try statement("""
                SELECT number FROM reminder INDEXED BY reminder_open_list_summary
                WHERE list_id = ? AND completed_at IS NULL ORDER BY position, number
                """, [.text(list.rawValue)])
            defer { sqlite3_reset(statement.handle) }
            while try statement.step() {
                let number = statement.int(0)
                guard matches.contains(number) else { continue }
                first.append(number)
                if first.count == limit { break walk }
            }
        }
        narrowed.numbers = first
        return narrowed
    }

    /// `filter` for the rows that follow the `appended` ones already read: its limit less
    /// those, nil when the limit is reached.
    private static func remainder(of filter: ReminderFilter, after appended: Int) -> ReminderFilter? {
        guard let limit = filter.limit else { return filter }
        guard appended < limit else { return nil }
        var rest = filter
        rest.limit = limit - appended
        return rest
    }

    /// Appends the rows of `filter` read with one query (see `select`).
    private func selectOne<Row: DueCarrying>(_ filter: ReminderFilter, now: Date, timeZone: TimeZone, columns: String,
                                             into result: inout [Row], decode: (Statement) throws -> Row) throws {
        var query = Database.listingQuery(filter, now: now, timeZone: timeZone, columns: columns)
        if query.sortsByDue, let limit = filter.limit {
            query = try limitedByDue(query, filter: filter, limit: limit, now: now, timeZone: timeZone, columns: columns)
        }
        precondition(!query.sortsByDue || result.isEmpty, "rows sorted by due date are selected alone")
        let start = result.count
        let localNow = LocalDateTime(now, in: timeZone)
        try forEachRow(query.sql, query.arguments, cached: query.isFixed) { row in
            let reminder = try decode(row)
            if let dayLimit = query.dayLimit, let due = reminder.due {
                if query.mustBeOverdue ? !due.isOverdue(at: now, localNow: localNow) : due.day(in: timeZone) > dayLimit { return }
                // Today's completed reminders are those due today: done, an earlier one is not overdue.
                if reminder.isCompleted, due.day(in: timeZone) < dayLimit { return }
            }
            // Moved, not copied: a copy of a row retains each of its strings, and the
            // decoded row is released right after.
            result.append(consume reminder)
        }
        if query.sortsByDue {
            // Text order of the stored values mixes UTC and local times; sort exactly.
            var listPositions: [ReminderList.ID: Int64] = [:]
            try forEachRow("SELECT id, position FROM list") { listPositions[ReminderList.ID(rawValue: $0.text(0))] = $0.int(1) }
            result = DueOrder.sorted(result, in: timeZone, listPositions: listPositions,
                                          descending: filter.order?.isReversed ?? false)
        }
        // Rows sorted in Swift, or dropped by the day rules after SQL, are limited here.
        if let limit = filter.limit, query.sortsByDue || query.dayLimit != nil, result.count - start > limit {
            result.removeLast(result.count - start - max(limit, 0))
        }
    }

    /// How a listing's rows are put in order.
    enum ListingOrder: Equatable {
        /// Lists in their order, then each list's positions (reversed: all of it backwards).
        case manual(reversed: Bool)
        /// By due instant, exactly, in Swift (`DueOrder.sorted`).
        case due(reversed: Bool)
        /// Most recently completed first (the completed smart list's own order).
        case completion
        /// By a column (title, created, priority), ties in manual order.
        case key(ReminderOrder.Key, reversed: Bool)
    }

    /// The order of `filter`'s rows: the one asked for, else the listing's own (lists, all
    /// and flagged manual; today, overdue and scheduled by due date; completed by completion).
    static func listingOrder(_ filter: ReminderFilter) -> ListingOrder {
        if filter.lacking != nil { return .manual(reversed: false) }
        if let order = filter.order {
            switch order.key {
            case .manual: return .manual(reversed: order.isReversed)
            case .due: return .due(reversed: order.isReversed)
            case .priority, .title, .created: return .key(order.key, reversed: order.isReversed)
            }
        }
        switch filter.smartList {
        case nil, .all?, .flagged?: return .manual(reversed: false)
        case .today?, .overdue?, .scheduled?: return .due(reversed: false)
        case .completed?: return .completion
        }
    }

    /// Whether `filter`'s rows come lists in their order, then each list's manual order
    /// (not by due date, not most recently completed first).
    static func isInListOrder(_ filter: ReminderFilter) -> Bool {
        if case .manual(reversed: false) = listingOrder(filter) { return true }
        return false
    }

    /// Every list's ID in the lists' order, or nil when two lists share a position.
    private func listsInDistinctOrder() throws -> [ReminderList.ID]? {
        var lists: [(id: ReminderList.ID, position: Int64)] = []
        try forEachRow("SELECT id, position FROM list ORDER BY position") {
            lists.append((ReminderList.ID(rawValue: $0.text(0)), $0.int(1)))
        }
        for index in lists.indices.dropFirst() where lists[index].position == lists[index - 1].position { return nil }
        return lists.map(\.id)
    }

    /// `query` of a listing sorted by due date in Swift, narrowed to the rows that can be
    /// among its first `limit`: those stored as due before the third day after the day of
    /// the `limit`-th row in text order. A row's instant is at most 14 hours before the
    /// start of its stored day and at most 36 hours after it, so every row stored three
    /// days later sorts after each of those `limit` rows (and the rows the exact rules of
    /// `today` and `overdue` drop are all stored on the last three days before the
    /// listing's own bound, which the narrowed query then reads whole). Reversed, the
    /// same holds backwards: rows stored from two days before the `limit`-th row's day on
    /// (not narrowed for `today` and `overdue`, whose dropped rows are the latest).
    /// - Complexity: O(limit) index entries to find that row, instead of the whole listing.
    func limitedByDue(_ query: ListingQuery, filter: ReminderFilter, limit: Int, now: Date, timeZone: TimeZone,
                      columns: String) throws -> ListingQuery {
        guard limit > 0 else { return query }
        let descending = filter.order?.isReversed ?? false
        if descending, query.dayLimit != nil { return query }
        let probe = Database.listingQuery(filter, now: now, timeZone: timeZone, columns: "r.due")
        guard let text = try scalarText(probe.sql + " ORDER BY r.due\(descending ? " DESC" : "") LIMIT 1 OFFSET ?",
                                        probe.arguments + [.integer(Int64(limit - 1))]) else {
            return query // fewer rows than the limit: the listing is read whole
        }
        guard let day = CalendarDay(text.prefix(10)), let bound = day.adding(checkedDays: descending ? -2 : 3) else { return query }
        return Database.listingQuery(filter, now: now, timeZone: timeZone, columns: columns,
                                     dueBefore: descending ? nil : bound.description,
                                     dueFrom: descending ? bound.description : nil)
    }

    /// The SQL of a listing, and what is decided in Swift after the rows are read.
    struct ListingQuery {
        var sql: String
        var arguments: [SQLValue]
        /// The last local day a row's due date may fall on (`today`, `overdue`); rows
        /// past it are candidates read only because UTC can be a day ahead.
        var dayLimit: CalendarDay?
        /// Whether only rows overdue at `now` are kept (`overdue`).
        var mustBeOverdue = false
        /// Whether rows are sorted exactly by due date after reading (see `DueOrder.sorted`),
        /// and limited after that; the SQL then has no ORDER BY and no join.
        var sortsByDue = false
        /// Whether the SQL is one of the few fixed shapes (cached): false for a search,
        /// whose SQL has one condition per short word.
        var isFixed = true
    }

    /// The query for `filter` (see `reminders(_:now:timeZone:)`), reading `columns`.
    /// - Parameters:
    ///   - dueBefore: keep only rows stored as due before this text (see `limitedByDue`).
    ///   - dueFrom: keep only rows stored as due at or after this text (reversed, the same).
    static func listingQuery(_ filter: ReminderFilter, now: Date, timeZone: TimeZone, columns: String,
                             dueBefore: String? = nil, dueFrom: String? = nil) -> ListingQuery {
        var conditions: [String] = []
        var arguments: [SQLValue] = []
        var includesCompleted = filter.includesCompleted
        var dayLimit: CalendarDay?
        var mustBeOverdue = false
        let today = LocalDateTime(now, in: timeZone).day
        let listingOrder = Database.listingOrder(filter)

        switch filter.smartList {
        case nil, .all?:
            break
        case .today?:
            dayLimit = today
        case .overdue?:
            mustBeOverdue = true
            dayLimit = today
        case .scheduled?:
            conditions.append("r.due IS NOT NULL")
        case .flagged?:
            conditions.append("r.flagged = 1")
        case .completed?:
            includesCompleted = true
            conditions.append("r.completed_at IS NOT NULL")
        }
        // One upper bound on `due`: SQLite ranges an index over one of two and tests the other row by row.
        var dueBound = dueBefore
        if let dayLimit {
            // Timed values are stored in UTC, which can be a day ahead of the local date:
            // take one extra day of candidates and decide exactly below.
            // Past the last day a CalendarDay holds, every stored text sorts below "A".
            let candidates = dayLimit.adding(checkedDays: 2)?.description ?? "A"
            dueBound = min(dueBound ?? candidates, candidates)
        }
        if let dueBound {
            conditions.append("r.due IS NOT NULL AND r.due < ?")
            arguments.append(.text(dueBound))
        }
        if let dueFrom {
            conditions.append("r.due >= ?")
            arguments.append(.text(dueFrom))
        }
        if !includesCompleted || mustBeOverdue {
            conditions.append("r.completed_at IS NULL")
        } else if let dayLimit, filter.smartList == .today {
            // Completed ones due today only (decided exactly after reading): a timed value
            // is stored in UTC, which can be a day behind the local date.
            conditions.append("(r.completed_at IS NULL OR r.due >= ?)")
            arguments.append(.text(dayLimit.adding(checkedDays: -1)?.description ?? ""))
        }
        // A sort by a key some reminders lack reads those with it and those without apart (see `select`).
        switch filter.lacking {
        case .due?: conditions.append("r.due IS NULL")
        case .priority?: conditions.append("r.priority = 0")
        case .title?, .created?, .manual?, nil: break
        }
        if filter.lacking == nil {
            switch filter.order?.key {
            case .due? where dueBound == nil && filter.smartList != .scheduled: conditions.append("r.due IS NOT NULL")
            case .priority?: conditions.append("r.priority > 0")
            default: break
            }
        }
        if let listID = filter.listID {
            // A parent's subtasks are found by the index of parents (O(subtasks)), not by
            // walking the list's index: `+` keeps SQLite from choosing a list index.
            conditions.append(filter.parentUID == nil ? "r.list_id = ?" : "+r.list_id = ?")
            arguments.append(.text(listID.rawValue))
        }
        if let tag = filter.tag {
            conditions.append("r.number IN (SELECT reminder FROM reminder_tag WHERE tag = ?)")
            arguments.append(.text(tag))
        }
        if let parentUID = filter.parentUID {
            conditions.append("r.parent_uid = ?")
            arguments.append(.text(parentUID.rawValue))
        }
        if let numbers = filter.numbers {
            conditions.append("r.number IN (SELECT value FROM json_each(?))")
            arguments.append(.text("[" + numbers.map(String.init).joined(separator: ",") + "]"))
        } else if let search = filter.search {
            let (condition, values) = Database.searchCondition(search)
            conditions.append(condition)
            arguments += values
        }

        let order: String
        switch listingOrder {
        case .manual(reversed: false): order = "l.position, r.position"
        case .manual(reversed: true): order = "l.position DESC, r.position DESC, r.number DESC"
        case .completion: order = "r.completed_at DESC, r.number DESC"
        case .due: order = ""
        case .key(let key, let reversed):
            // Ties in manual order; the first key from an index of open reminders (schema
            // version 9), the rest sorted only among the rows that tie on it.
            let column = key == .title ? "tick_search_text(r.title)" : key == .created ? "r.created_at" : "r.priority"
            order = column + (reversed ? " DESC" : "") + ", l.position, r.position, r.number"
        }
        let exact = order.isEmpty
        // Sorted in Swift: no join to read the lists' order row by row, no sort in SQL,
        // so the rows come straight from a covering index. (Foreign keys guarantee
        // every reminder's list exists, so the join filtered nothing.) Sorted by a key:
        // reminders first (CROSS JOIN keeps SQLite from reading lists first), from the
        // key's index, so that a LIMIT stops after the first rows and their ties.
        let join: String
        switch listingOrder {
        case .due: join = ""
        case .key: join = " CROSS JOIN list l ON l.id = r.list_id"
        case .manual, .completion: join = " JOIN list l ON l.id = r.list_id"
        }
        // A word shorter than three characters is looked for in every row (`searchCondition`):
        // read in table order then, not through the folded titles' index, whose row-by-row
        // look-ups into the table cost six times as much at 1,000,000 reminders. Not when
        // another condition has an index that narrows the rows (one list, a tag, a parent).
        var scansTable = false
        if case .manual = listingOrder, filter.numbers == nil, let search = filter.search, Database.hasShortWord(search),
           filter.listID == nil, filter.tag == nil, filter.parentUID == nil, filter.smartList == nil || filter.smartList == .all {
            scansTable = true
        }
        var sql = "SELECT \(columns) FROM reminder r" + (scansTable ? " NOT INDEXED" : "") + join
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        if !exact { sql += " ORDER BY " + order }
        // Rows the day rules may still drop are limited after them, in Swift.
        if let limit = filter.limit, !exact, dayLimit == nil {
            sql += " LIMIT ?"
            arguments.append(.integer(Int64(max(limit, 0))))
        }
        return ListingQuery(sql: sql, arguments: arguments, dayLimit: dayLimit, mustBeOverdue: mustBeOverdue,
                            sortsByDue: exact, isFixed: filter.search == nil)
    }

    /// Every reminder, lists in order, then manual order; for export and backups.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(n).
    public func allReminders(inList id: ReminderList.ID? = nil) throws -> [Reminder] {
        var result: [Reminder] = []
        try forEachReminder(inList: id) { result.append($0) }
        return result
    }

    /// Calls `body` with every reminder (or `id`'s), in the order of
    /// `allReminders(inList:)`, one at a time: an export that never holds them all.
    /// - Throws: `StoreError` from SQLite, or what `body` throws.
    /// - Complexity: O(n).
    public func forEachReminder(inList id: ReminderList.ID? = nil, _ body: (Reminder) throws -> Void) throws {
        try forEachReminderRow(inList: id) { try body(try decodeReminder($0)) }
    }

    /// `DAVTransaction.forEachSortKey`: four columns a row, in the list's manual order.
    /// - Throws: `StoreError` from SQLite, or what `body` throws.
    /// - Complexity: O(n) in the list's reminders.
    public func forEachSortKey(inList id: ReminderList.ID, _ body: (SortKeyRow) throws -> Void) throws {
        let place = RowPlace.reminder
        // LIKE compares ASCII letters case-insensitively, as `ICalendarSortOrder.value(in:)` looks.
        try forEachRow("""
            SELECT number, uid, created_at, CASE WHEN ical_extras LIKE '%X-APPLE-SORT-ORDER%' THEN ical_extras ELSE '' END
            FROM reminder WHERE list_id = ? ORDER BY position
            """, [.text(id.rawValue)]) { row in
            try body(SortKeyRow(number: .init(try row.integer(0, in: place)), uid: ReminderUID(row.text(1)),
                                createdAt: try row.timestamp(2, in: place), sortOrderExtras: row.text(3)))
        }
    }

    /// Calls `body` with the row of each reminder (or `id`'s), of `reminderColumns`, in the
    /// order of `allReminders(inList:)`.
    private func forEachReminderRow(inList id: ReminderList.ID?, _ body: (Statement) throws -> Void) throws {
        if id == nil, let lists = try listsInDistinctOrder() {
            // List after list, each from its index in order: the query over every list
            // would sort all the rows first (see `select`).
            for list in lists { try forEachReminderRow(inList: list, body) }
            return
        }
        var sql = "SELECT \(Database.reminderColumns) FROM reminder r JOIN list l ON l.id = r.list_id"
        var arguments: [SQLValue] = []
        if let id {
            sql += " WHERE r.list_id = ?"
            arguments.append(.text(id.rawValue))
        }
        sql += " ORDER BY l.position, r.position"
        try forEachRow(sql, arguments, body)
    }

    /// Calls `body` with each reminder (or `id`'s) read in place, in the order of
    /// `forEachReminder(inList:_:)`: what an archive export writes without decoding a
    /// `Reminder` a row.
    /// - Throws: `StoreError` from SQLite or a row's decoding (the error `forEachReminder`
    ///   gives for that row), or what `body` throws.
    /// - Complexity: O(n); holds one row at a time.
    public func forEachArchiveRow(inList id: ReminderList.ID? = nil, _ body: (ArchiveRow) throws -> Void) throws {
        try forEachReminderRow(inList: id) { try body(try ArchiveRow($0)) }
    }

    /// What can still be read of every reminder of a damaged database, for `tick export
    /// --salvage`: each row read from the table alone (no index: one damaged does not stop it;
    /// sorted by list and place in SQLite's sorter), those whose list is not there too, and
    /// each value that cannot be read left out (`ArchiveRow.init(_:salvaging:)`) and given to
    /// `unreadable`.
    /// - Throws: `StoreError` from SQLite when the table itself cannot be read; what `body` throws.
    public func forEachSalvagedArchiveRow(unreadable: (StoreError) -> Void, _ body: (ArchiveRow) throws -> Void) throws {
        try withoutActuallyEscaping(unreadable) { unreadable in
            try forEachRow("SELECT \(Database.reminderColumns) FROM reminder r NOT INDEXED ORDER BY r.list_id, r.position, r.number",
                           cached: false) { row in
                try body(try ArchiveRow(row, salvaging: unreadable))
            }
        }
    }

    /// Every list that can be read, for `tick export --salvage`: read from the table alone, a
    /// list whose color or dates cannot be read given to `unreadable` and left out (its
    /// reminders go to the list of the same name made by the import, or the default one).
    /// - Throws: `StoreError` from SQLite when the table itself cannot be read.
    public func salvagedLists(unreadable: (StoreError) -> Void) throws -> [ReminderList] {
        var lists: [ReminderList] = []
        try forEachRow("SELECT \(Database.listColumns) FROM list NOT INDEXED ORDER BY position, name", cached: false) { row in
            do { lists.append(try decodeList(row)) } catch let error as StoreError { unreadable(error) }
        }
        return lists
    }

    /// The escapes of a `LIKE … ESCAPE '\'` pattern: its wildcards and the escape itself.
    static let likeEscapes: [Unicode.Scalar: String] = ["\\": "\\\\", "%": "\\%", "_": "\\_"]

    /// The due and start dates and the kept iCalendar lines of the reminders of list `id`
    /// that have a time zone or kept lines, in manual order: what the header of a list's
    /// iCalendar export needs (the zones its VTODOs use), without decoding the rest of
    /// each reminder (an export reads the list again for the VTODOs).
    /// - Throws: `StoreError` (`.unreadableValue`) naming the reminder and the column when
    ///   a date cannot be read; what `body` throws.
    /// - Complexity: O(m) in the list's reminders that have a zone or kept lines (the
    ///   partial index `reminder_zoned`, whose condition this statement repeats word for
    ///   word so that SQLite uses it).
    public func forEachZoneUse(inList id: ReminderList.ID,
                               _ body: (_ due: Due?, _ start: Due?, _ extras: String) throws -> Void) throws {
        try forEachRow(Database.zoneUseQuery, [.text(id.rawValue)]) { row in
            try body(try row.due(1, zone: 2, in: .reminder), try row.due(3, zone: 4, in: .reminder), row.text(5))
        }
    }

    /// The statement of `forEachZoneUse`, one argument: the list's id.
    static let zoneUseQuery = """
        SELECT number, due, due_time_zone, start, start_time_zone, ical_extras FROM reminder
        WHERE list_id = ? AND (due_time_zone IS NOT NULL OR start_time_zone IS NOT NULL OR ical_extras <> '')
        ORDER BY position, number
        """

    /// Every reminder whose kept iCalendar lines (`iCalendarExtras`) hold `RELTYPE=CHILD`,
    /// ASCII case ignored (`ImportStore.remindersNamingChildren`).
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(k) for the k found, from the partial index `reminder_naming_children`
    ///   (schema 15), whose condition the query repeats word for word (SQLite uses a partial
    ///   index only then).
    public func remindersNamingChildren() throws -> [Reminder] {
        var result: [Reminder] = []
        try forEachRow(Self.namingChildrenQuery) { result.append(try decodeReminder($0)) }
        return result
    }

    /// The reminders whose kept iCalendar lines contain `text` (ASCII case ignored), in number order.
    /// - Complexity: O(n): every reminder's kept lines are read (an upgrade runs it once).
    public func reminders(keeping text: String) throws -> [Reminder] {
        var result: [Reminder] = []
        try forEachRow("SELECT \(Database.reminderColumns) FROM reminder r WHERE instr(upper(ical_extras), upper(?)) > 0 ORDER BY number",
                       [.text(text)]) { result.append(try decodeReminder($0)) }
        return result
    }

    /// The names of the changes to stored data still to make (schema 16, `pending_upgrade`).
    public func pendingUpgrades() throws -> [String] {
        var names: [String] = []
        try forEachRow("SELECT name FROM pending_upgrade ORDER BY name") { names.append($0.text(0)) }
        return names
    }

    /// Records that the change `name` to stored data is made.
    public func finishUpgrade(_ name: String) throws {
        try execute("DELETE FROM pending_upgrade WHERE name = ?", [.text(name)])
    }

    /// The statement of `remindersNamingChildren()`.
    static let namingChildrenQuery = "SELECT \(Database.reminderColumns) FROM reminder r WHERE ical_extras LIKE '%RELTYPE=CHILD%'"

    /// The reminders just before and just after `number` in its list's manual order
    /// (completed ones included); nil at either end.
    /// - Throws: `StoreError` from SQLite; `.notFound` when there is no such reminder.
    /// - Complexity: O(log n), from the index on list and position.
    public func neighbours(of number: Reminder.Number) throws -> (before: Reminder?, after: Reminder?) {
        guard let reminder = try reminder(number: number) else {
            throw StoreError(kind: .notFound, message: "there is no reminder \(number)")
        }
        func one(_ condition: String, _ order: String) throws -> Reminder? {
            var found: Reminder?
            try forEachRow("SELECT \(Database.reminderColumns) FROM reminder r WHERE r.list_id = ? AND \(condition) ORDER BY r.position \(order) LIMIT 1",
                           [.text(reminder.listID.rawValue), .integer(reminder.position), .integer(number.rawValue)]) {
                found = try decodeReminder($0)
            }
            return found
        }
        return (try one("r.position < ? AND r.number <> ?", "DESC"), try one("r.position > ? AND r.number <> ?", "ASC"))
    }

    /// Whether `query` has a word that `searchCondition` looks for without the full-text
    /// index: one of fewer than three characters after folding, not `tag:`.
    static func hasShortWord(_ query: SearchQuery) -> Bool {
        query.clauses.contains { clause in
            clause.contains { $0.field != .tag && SearchFolding.folded($0.text).unicodeScalars.count < 3 }
        }
    }

    /// The SQL condition for a search (`SearchQuery`): any clause matches when each of its
    /// terms does. A term without a field must occur in the title, the notes or one of the
    /// tags; `title:` and `notes:` in that one; `tag:` is one whole tag. Text is folded on
    /// both sides as the index is (`SearchText`: case, Unicode form and accents do not
    /// matter). Terms of three or more characters (Unicode scalars, after folding) use the
    /// trigram full-text index (https://sqlite.org/fts5.html#the_trigram_tokenizer), every
    /// such term of a query in one `MATCH` when the query has no other kind; shorter ones
    /// use `LIKE` over the folded columns; tags the index of folded tags (schema version 9).
    /// - Complexity: index look-ups for long terms and tags; a scan of titles, notes and
    ///   tags for each clause with a short term.
    static func searchCondition(_ query: SearchQuery) -> (String, [SQLValue]) {
        let clauses = searchClauses(query)
        let inIndex = "r.number IN (SELECT rowid FROM reminder_search WHERE reminder_search MATCH ?)"
        if let expression = fullTextExpression(clauses) { return (inIndex, [.text(expression)]) }
        var parts: [String] = []
        var values: [SQLValue] = []
        for clause in clauses {
            var conditions: [String] = []
            if !clause.match.isEmpty {
                conditions.append(inIndex)
                values.append(.text(clause.match.joined(separator: " AND ")))
            }
            for other in clause.others {
                conditions.append(other.sql)
                values += other.values
            }
            parts.append("(" + conditions.joined(separator: " AND ") + ")")
        }
        return ("(" + parts.joined(separator: " OR ") + ")", values)
    }

    /// A search's clauses: each as its full-text terms (FTS5 expressions) and its other
    /// conditions (`searchCondition`).
    private static func searchClauses(_ query: SearchQuery) -> [SearchClause] {
        var clauses: [SearchClause] = []
        for clause in query.clauses {
            var match: [String] = []
            var others: [(sql: String, values: [SQLValue])] = []
            for term in clause {
                let text = SearchFolding.folded(term.text)
                if term.field == .tag {
                    others.append(("r.number IN (SELECT reminder FROM reminder_tag WHERE tick_search_text(tag) = ?)", [.text(text)]))
                } else if text.unicodeScalars.count >= 3 {
                    let phrase = "\"" + text.replacingScalars(["\"": "\"\""]) + "\""
                    match.append(term.field == .anywhere ? phrase : term.field.rawValue + " : " + phrase)
                } else {
                    let pattern = SQLValue.text("%" + text.replacingScalars(Self.likeEscapes) + "%")
                    let like = " LIKE ? ESCAPE '\\'"
                    let sql: [String]
                    switch term.field {
                    case .title: sql = ["tick_search_text(r.title)" + like]
                    case .notes: sql = ["(r.notes <> '' AND tick_search_text(r.notes)" + like + ")"]
                    case .anywhere, .tag: sql = ["tick_search_text(r.title)" + like, "(r.notes <> '' AND tick_search_text(r.notes)" + like + ")",
                                                "(r.tags <> '[]' AND tick_search_tags(r.tags)" + like + ")"]
                    }
                    others.append(("(" + sql.joined(separator: " OR ") + ")", Array(repeating: pattern, count: sql.count)))
                }
            }
            clauses.append((match, others))
        }
        return clauses
    }

    private typealias SearchClause = (match: [String], others: [(sql: String, values: [SQLValue])])

    /// The FTS5 expression of a search that the full-text index answers alone (every term
    /// of three characters or more, no `tag:`), or nil.
    static func fullTextExpression(_ query: SearchQuery) -> String? {
        fullTextExpression(searchClauses(query))
    }

    private static func fullTextExpression(_ clauses: [SearchClause]) -> String? {
        guard clauses.allSatisfy({ $0.others.isEmpty }) else { return nil }
        return clauses.map { "(" + $0.match.joined(separator: " AND ") + ")" }.joined(separator: " OR ")
    }

    // MARK: - Manual order

    /// Moves a reminder inside its list and returns its new position.
    ///
    /// Positions leave gaps, so a move usually rewrites one row; when a gap is used up
    /// the list is renumbered once.
    /// - Throws: `StoreError` from SQLite; `.notFound` when the reminder or the anchor does
    ///   not exist; `.constraint` when the anchor is in another list.
    /// - Complexity: O(1) rows written in general, O(list) when renumbering.
    @discardableResult
    public func move(_ number: Reminder.Number, to placement: ReminderPlacement) throws -> Int64 {
        guard let moving = try reminder(number: number) else {
            throw StoreError(kind: .notFound, message: "there is no reminder \(number)")
        }
        let list = moving.listID
        // Find the neighbours (lower, upper) the reminder goes between.
        func anchor(_ other: Reminder.Number) throws -> Reminder {
            guard let found = try reminder(number: other) else {
                throw StoreError(kind: .notFound, message: "there is no reminder \(other)")
            }
            guard found.listID == list else {
                throw StoreError(kind: .constraint, message: "\(other) is in another list than \(number); a reminder is placed only among the reminders of its own list")
            }
            return found
        }
        func neighbours() throws -> (Int64?, Int64?) {
            switch placement {
            case .before(let other):
                let target = try anchor(other)
                let lower = try scalarInt("SELECT max(position) FROM reminder WHERE list_id = ? AND position < ? AND number <> ?",
                                          [.text(list.rawValue), .integer(target.position), .integer(number.rawValue)])
                return (lower, target.position)
            case .after(let other):
                let target = try anchor(other)
                let upper = try scalarInt("SELECT min(position) FROM reminder WHERE list_id = ? AND position > ? AND number <> ?",
                                          [.text(list.rawValue), .integer(target.position), .integer(number.rawValue)])
                return (target.position, upper)
            case .index(let index):
                let offset = max(index, 1) - 1
                let target = try scalarInt("""
                    SELECT position FROM reminder WHERE list_id = ? AND completed_at IS NULL AND number <> ?
                    ORDER BY position LIMIT 1 OFFSET ?
                    """, [.text(list.rawValue), .integer(number.rawValue), .integer(Int64(offset))])
                if let target {
                    let lower = try scalarInt("SELECT max(position) FROM reminder WHERE list_id = ? AND position < ? AND number <> ?",
                                              [.text(list.rawValue), .integer(target), .integer(number.rawValue)])
                    return (lower, target)
                }
                let last = try scalarInt("SELECT max(position) FROM reminder WHERE list_id = ? AND completed_at IS NULL AND number <> ?",
                                         [.text(list.rawValue), .integer(number.rawValue)])
                guard let last else { return (nil, nil) }
                let upper = try scalarInt("SELECT min(position) FROM reminder WHERE list_id = ? AND position > ? AND number <> ?",
                                          [.text(list.rawValue), .integer(last), .integer(number.rawValue)])
                return (last, upper)
            }
        }
        // nil when there is no room (or the arithmetic would overflow): renumber, try again.
        func between(_ lower: Int64?, _ upper: Int64?) -> Int64? {
            ManualOrder.position(between: lower, and: upper, current: moving.position)
        }
        var (lower, upper) = try neighbours()
        var position = between(lower, upper)
        if position == nil {
            position = try respace(list: list, between: lower, and: upper, leavingOut: number)
        }
        if position == nil {
            try renumber(list: list)
            (lower, upper) = try neighbours()
            position = between(lower, upper)
        }
        let final = position ?? moving.position
        try execute("UPDATE reminder SET position = ? WHERE number = ?", [.integer(final), .integer(number.rawValue)])
        return final
    }

    /// Puts a list's reminders in the order of `numbers` (every reminder of the list, once
    /// each), spaced by the gap: an order that came from elsewhere (a CalDAV server's
    /// `X-APPLE-SORT-ORDER`). Only rows whose position changes are written.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(n) rows read, at most n written.
    public func reorder(list: ReminderList.ID, as numbers: [Reminder.Number]) throws {
        var current: [Int64: Int64] = [:]
        try forEachRow("SELECT number, position FROM reminder WHERE list_id = ?", [.text(list.rawValue)]) {
            current[$0.int(0)] = $0.int(1)
        }
        for (index, number) in numbers.enumerated() {
            let position = Int64(index + 1) * Database.positionGap
            guard let old = current[number.rawValue], old != position else { continue }
            try execute("UPDATE reminder SET position = ? WHERE number = ?", [.integer(position), .integer(number.rawValue)])
        }
    }

    /// Makes room at the full gap between `lower` and `upper` in `list` by respacing the
    /// reminders around it, a window at a time (`ManualOrder.respacingWindows` on each side),
    /// the reminder `moving` left out; only rows whose position changes are written.
    /// - Returns: the position left for the reminder that goes into the gap; nil when no
    ///   window had room (then the whole list is respaced).
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(w) rows read and written, w the first window with room.
    func respace(list: ReminderList.ID, between lower: Int64?, and upper: Int64?, leavingOut moving: Reminder.Number) throws -> Int64? {
        try ManualOrder.respace(rows: { below, limit in
            guard let bound = below ? lower : upper else { return [] }
            var rows: [(number: Int64, value: Int64)] = []
            let (comparison, order) = below ? ("<=", "DESC") : (">=", "ASC")
            try forEachRow("""
                SELECT number, position FROM reminder WHERE list_id = ? AND position \(comparison) ? AND number <> ?
                ORDER BY position \(order), number \(order) LIMIT ?
                """, [.text(list.rawValue), .integer(bound), .integer(moving.rawValue), .integer(Int64(limit))]) {
                rows.append(($0.int(0), $0.int(1)))
            }
            return rows
        }, write: { number, position in
            try execute("UPDATE reminder SET position = ? WHERE number = ?", [.integer(position), .integer(number)])
        })
    }

    /// Respaces a list's positions to multiples of the gap, keeping their order.
    func renumber(list: ReminderList.ID) throws {
        var numbers: [Int64] = []
        try forEachRow("SELECT number FROM reminder WHERE list_id = ? ORDER BY position, number", [.text(list.rawValue)]) {
            numbers.append($0.int(0))
        }
        for (index, number) in numbers.enumerated() {
            try execute("UPDATE reminder SET position = ? WHERE number = ?",
                        [.integer(Int64(index + 1) * Database.positionGap), .integer(number)])
        }
    }
}

extension Database {
    /// The 1-based place of an open reminder among its list's open reminders, as
    /// `tick list` shows them; nil when it is completed or missing.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(position), read from an index.
    public func openIndex(of number: Reminder.Number) throws -> Int? {
        guard let reminder = try reminder(number: number), !reminder.isCompleted else { return nil }
        let before = try scalarInt("SELECT count(*) FROM reminder WHERE list_id = ? AND completed_at IS NULL AND position < ?",
                                   [.text(reminder.listID.rawValue), .integer(reminder.position)]) ?? 0
        return Int(before) + 1
    }

    /// See `ReminderStore.hasOpenSubtasksUnderParents(inList:)`: read from the partial index
    /// of parents (`reminder_parent`), whatever the list's size. `CROSS JOIN` keeps that order:
    /// left to itself SQLite read the list's open reminders first (740 pages at 17,600).
    /// - Throws: `StoreError` from SQLite.
    public func hasOpenSubtasksUnderParents(inList id: ReminderList.ID) throws -> Bool {
        try scalarInt("""
            SELECT 1 FROM reminder AS r INDEXED BY reminder_parent CROSS JOIN reminder AS p ON p.uid = r.parent_uid AND p.list_id = r.list_id
            WHERE r.parent_uid IS NOT NULL AND r.list_id = ?1 AND r.completed_at IS NULL
                AND p.list_id = ?1 AND p.completed_at IS NULL AND p.number <> r.number
            LIMIT 1
            """, [.text(id.rawValue)]) != nil
    }
}
