import TickModel

/// Which parents of a list shown as an outline hide their subtasks: every one but the
/// `exceptions` when `collapsesAll`, else only the `exceptions`. Kept by UID, which a
/// subtask names its parent by, so that it holds across renumbering and windows.
public struct CollapsedParents: Sendable, Hashable {
    /// Whether parents are collapsed unless named in `exceptions`.
    public var collapsesAll: Bool
    /// The parents whose state is the opposite of `collapsesAll`'s.
    public var exceptions: Set<ReminderUID>

    /// Every parent open (`collapsesAll` false), or every parent collapsed, with exceptions.
    public init(collapsesAll: Bool = false, exceptions: Set<ReminderUID> = []) {
        self.collapsesAll = collapsesAll
        self.exceptions = exceptions
    }

    /// Whether the parent with `uid` hides its subtasks.
    public func isCollapsed(_ uid: ReminderUID) -> Bool {
        collapsesAll != exceptions.contains(uid)
    }

    /// Collapses (true) or opens (false) the parent with `uid`.
    public mutating func set(_ uid: ReminderUID, collapsed: Bool) {
        if collapsed == collapsesAll { exceptions.remove(uid) } else { exceptions.insert(uid) }
    }
}

/// One row of a list shown as an outline: a reminder, the parents it is shown under, and
/// how many subtasks it has there.
public struct OutlineRow: Sendable, Hashable {
    /// The reminder.
    public var reminder: Reminder
    /// The UIDs of the rows it is shown under, its parent first; empty for a top-level row.
    public var ancestors: [ReminderUID]
    /// How many subtasks it has in the listing (shown under it, or hidden when collapsed).
    public var subtaskCount: Int

    /// A row; for tests and front ends that build one.
    public init(reminder: Reminder, ancestors: [ReminderUID], subtaskCount: Int) {
        self.reminder = reminder
        self.ancestors = ancestors
        self.subtaskCount = subtaskCount
    }

    /// How deep it is indented: 0 for a top-level row.
    public var depth: Int { ancestors.count }
}

extension Database {
    /// The deepest outline read; a parent chain longer than this (only a damaged file or a
    /// cycle brought in by hand could make one) is cut there.
    static let outlineDepthLimit = 64

    /// Up to `limit` rows of list `id` shown as an outline, next to `anchor`, in display
    /// order: each reminder followed by its subtasks (in their manual order, `position`
    /// then `number`, at any depth), unless `collapsed` hides them.
    ///
    /// A reminder is shown under its parent when the parent is in the listing (the same
    /// list, and open unless `includesCompleted`); else it is a top-level row (a subtask
    /// whose parent is completed and hidden, or in another list, or gone). Pages are found
    /// by key as ``reminders(in:from:includingAnchor:direction:limit:)`` finds them: the
    /// anchor's place is its parent chain and its `(position, number)` among its siblings,
    /// read again from the store, so a copy of a deleted reminder still marks its place.
    /// An anchor hidden under a collapsed parent stands for the collapsed parent that
    /// shows in its stead.
    ///
    /// - Parameters:
    ///   - id: the list.
    ///   - includesCompleted: whether completed reminders are part of the listing.
    ///   - collapsed: the parents whose subtasks are hidden.
    ///   - anchor: the row the page is next to; nil starts at the first (forward) or last
    ///     (backward) row.
    ///   - includingAnchor: whether the anchor's own row is part of the page.
    ///   - direction: `.forward` gives the rows after the anchor, `.backward` those before it.
    ///   - limit: the most rows to return; 0 or less gives none.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: every query reads through an index: top-level rows from
    ///   `reminder_list_position` / `reminder_open_list_summary` (the subtasks between them
    ///   are stepped over in the index), subtasks from `reminder_parent` (sorted per
    ///   parent: O(s log s) for a parent with s subtasks), parents by `uid`. One query for
    ///   each run of siblings read and one count for each run of rows, so O(limit) rows and
    ///   O(limit / run length + depth) queries, whatever the size of the list.
    public func outline(ofList id: ReminderList.ID, includesCompleted: Bool, collapsed: CollapsedParents,
                        from anchor: Reminder?, includingAnchor: Bool = false, direction: PageDirection,
                        limit: Int) throws -> [OutlineRow] {
        guard limit > 0 else { return [] }
        var reader = OutlineReader(db: self, listID: id, includesCompleted: includesCompleted,
                                   collapsed: collapsed, limit: limit)
        if let anchor, anchor.listID != id { return [] } // an anchor from another list marks no place here
        let chain = try anchor.map { try reader.chain(of: $0) } ?? []
        // Whether the anchor (or the parent that stands for it) is a row now: a copy of a
        // reminder since completed or deleted marks a place, but is not shown.
        let anchorIsShown = try chain.first.map { first in
            try (first.number == anchor?.number ? reminder(number: first.number) : first).map(reader.isListed) ?? false
        } ?? false
        if direction == .forward {
            try reader.forward(from: chain, including: includingAnchor, anchorIsShown: anchorIsShown)
            return reader.rows
        }
        try reader.backward(from: chain, including: includingAnchor, anchorIsShown: anchorIsShown)
        return reader.rows.reversed()
    }
}

extension Database {
    /// The reminder next to `reminder` at its level in its list's outline (under the same
    /// parent, or top-level), above it (`.backward`) or below it; nil when it has none.
    /// What the terminal UI moves a reminder past, and makes it a subtask of.
    /// - Parameter includesCompleted: whether completed reminders are part of the listing.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(depth) lookups by UID and one query through an index.
    public func outlineNeighbour(of reminder: Reminder, includesCompleted: Bool,
                                 direction: PageDirection) throws -> Reminder? {
        let reader = OutlineReader(db: self, listID: reminder.listID, includesCompleted: includesCompleted,
                                   collapsed: CollapsedParents(), limit: 1)
        let chain = try reader.chain(of: reminder)
        return try reader.siblings(under: chain.count > 1 ? chain[1] : nil, from: reminder, direction: direction, limit: 1).first
    }

    /// The last subtask of `parent` in its list's outline; nil when it has none.
    /// - Parameter includesCompleted: whether completed reminders are part of the listing.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: one query through the index `reminder_parent`.
    public func lastOutlineSubtask(of parent: Reminder, includesCompleted: Bool) throws -> Reminder? {
        let reader = OutlineReader(db: self, listID: parent.listID, includesCompleted: includesCompleted,
                                   collapsed: CollapsedParents(), limit: 1)
        return try reader.siblings(under: parent, from: nil, direction: .backward, limit: 1).first
    }
}

/// Walks a list's outline from a place, for ``Database/outline(ofList:includesCompleted:collapsed:from:includingAnchor:direction:limit:)``.
struct OutlineReader {
    let db: Database
    let listID: ReminderList.ID
    let includesCompleted: Bool
    let collapsed: CollapsedParents
    let limit: Int
    /// The rows found, in the order walked (reversed display order when walking backward).
    var rows: [OutlineRow] = []

    init(db: Database, listID: ReminderList.ID, includesCompleted: Bool, collapsed: CollapsedParents, limit: Int) {
        self.db = db
        self.listID = listID
        self.includesCompleted = includesCompleted
        self.collapsed = collapsed
        self.limit = limit
        rows.reserveCapacity(min(limit, 1_000))
    }

    var remaining: Int { limit - rows.count }

    /// How many parents one count query asks about.
    static let countChunk = 50

    /// Whether `reminder` is part of the listing.
    func isListed(_ reminder: Reminder) -> Bool {
        reminder.listID == listID && (includesCompleted || !reminder.isCompleted)
    }

    /// The anchor's place: the anchor (or the collapsed parent it is hidden under) first,
    /// then the rows it is shown under, up to its top-level row.
    func chain(of anchor: Reminder) throws -> [Reminder] {
        var chain = [anchor]
        var seen: Set<ReminderUID> = [anchor.uid]
        while chain.count < Database.outlineDepthLimit, let uid = chain[chain.count - 1].parentUID,
              let parent = try db.reminder(uid: uid), isListed(parent), seen.insert(parent.uid).inserted {
            chain.append(parent)
        }
        // The outermost collapsed parent above the anchor shows in its stead.
        if let hiding = chain.indices.dropFirst().last(where: { collapsed.isCollapsed(chain[$0].uid) }) {
            chain.removeFirst(hiding)
        }
        return chain
    }

    // MARK: - Walking

    mutating func forward(from chain: [Reminder], including: Bool, anchorIsShown: Bool) throws {
        guard let anchor = chain.first else {
            try walkSiblings(under: nil, from: nil, direction: .forward, ancestors: [])
            return
        }
        let ancestors = chain.dropFirst().map(\.uid)
        let count = including && anchorIsShown ? try append(anchor, ancestors: ancestors) : nil
        if anchorIsShown, count != 0, !collapsed.isCollapsed(anchor.uid) {
            try walkSiblings(under: anchor, from: nil, direction: .forward, ancestors: [anchor.uid] + ancestors)
        }
        for level in chain.indices where remaining > 0 {
            let parent = chain.indices.contains(level + 1) ? chain[level + 1] : nil
            try walkSiblings(under: parent, from: chain[level], direction: .forward,
                             ancestors: Array(chain.dropFirst(level + 1).map(\.uid)))
        }
    }

    mutating func backward(from chain: [Reminder], including: Bool, anchorIsShown: Bool) throws {
        guard let anchor = chain.first else {
            try walkSiblings(under: nil, from: nil, direction: .backward, ancestors: [])
            return
        }
        if including, anchorIsShown { try append(anchor, ancestors: chain.dropFirst().map(\.uid)) }
        for level in chain.indices where remaining > 0 {
            let parent = chain.indices.contains(level + 1) ? chain[level + 1] : nil
            let ancestors = Array(chain.dropFirst(level + 1).map(\.uid))
            try walkSiblings(under: parent, from: chain[level], direction: .backward, ancestors: ancestors)
            // Then the parent itself, which is shown above its subtasks.
            if let parent, remaining > 0 { try append(parent, ancestors: Array(ancestors.dropFirst())) }
        }
    }

    /// Adds the row of `reminder` with its count of subtasks, and returns the count.
    @discardableResult
    private mutating func append(_ reminder: Reminder, ancestors: [ReminderUID]) throws -> Int {
        let count = try subtaskCounts(of: [reminder])[reminder.uid] ?? 0
        rows.append(OutlineRow(reminder: reminder, ancestors: ancestors, subtaskCount: count))
        return count
    }

    /// The rows under `parent` (top-level rows for nil) past `key` in `direction`, each
    /// with the open subtasks shown under it, until the page is full. Walking backward,
    /// a row's subtasks (last first) come before it.
    private mutating func walkSiblings(under parent: Reminder?, from key: Reminder?, direction: PageDirection,
                                       ancestors: [ReminderUID]) throws {
        let forward = direction == .forward
        var key = key
        while remaining > 0 {
            let siblings = try self.siblings(under: parent, from: key, direction: direction, limit: remaining)
            guard !siblings.isEmpty else { return }
            let counts = try subtaskCounts(of: siblings)
            for sibling in forward ? siblings : Array(siblings.reversed()) where remaining > 0 {
                let row = OutlineRow(reminder: sibling, ancestors: ancestors, subtaskCount: counts[sibling.uid] ?? 0)
                if forward { rows.append(row) }
                if row.subtaskCount > 0, !collapsed.isCollapsed(sibling.uid), ancestors.count + 1 < Database.outlineDepthLimit {
                    try walkSiblings(under: sibling, from: nil, direction: direction, ancestors: [sibling.uid] + ancestors)
                }
                if !forward, remaining > 0 { rows.append(row) }
            }
            key = forward ? siblings.last : siblings.first
        }
    }

    // MARK: - Queries

    /// The listing's condition on the row `alias`; `byList` false keeps SQLite from
    /// choosing a list index for it (where the parent's index is the one to use).
    private static func listed(_ alias: String, includesCompleted: Bool, byList: Bool = true) -> String {
        "\(byList ? "" : "+")\(alias).list_id = ?" + (includesCompleted ? "" : " AND \(alias).completed_at IS NULL")
    }

    /// The query of ``siblings(under:from:direction:limit:)``: the subtasks of one parent,
    /// found by `reminder_parent` (arguments: parent UID, list, [position, number],
    /// limit), or the top-level rows, by the list's position index (arguments: list,
    /// list, [position, number], limit).
    static func siblingsSQL(underParent: Bool, includesCompleted: Bool, keyed: Bool, forward: Bool) -> String {
        var sql = "SELECT \(Database.reminderColumns) FROM reminder r WHERE "
        if underParent {
            sql += "r.parent_uid = ? AND " + listed("r", includesCompleted: includesCompleted, byList: false)
        } else {
            // Top-level: no parent in the listing.
            sql += listed("r", includesCompleted: includesCompleted)
                + " AND (r.parent_uid IS NULL OR NOT EXISTS (SELECT 1 FROM reminder p WHERE p.uid = r.parent_uid AND "
                + listed("p", includesCompleted: includesCompleted) + "))"
        }
        if keyed { sql += " AND (r.position, r.number) \(forward ? ">" : "<") (?, ?)" }
        return sql + (forward ? " ORDER BY r.position, r.number LIMIT ?" : " ORDER BY r.position DESC, r.number DESC LIMIT ?")
    }

    /// The query of ``subtaskCounts(of:)``: `chunk` parent UIDs, then the list.
    static func subtaskCountSQL(chunk: Int, includesCompleted: Bool) -> String {
        let marks = Array(repeating: "?", count: chunk).joined(separator: ", ")
        return "SELECT r.parent_uid, count(*) FROM reminder r WHERE r.parent_uid IN (\(marks)) AND "
            + listed("r", includesCompleted: includesCompleted, byList: false) + " GROUP BY r.parent_uid"
    }

    /// Up to `limit` rows under `parent` (top-level rows for nil) next to `key`, in
    /// display order.
    func siblings(under parent: Reminder?, from key: Reminder?, direction: PageDirection,
                          limit: Int) throws -> [Reminder] {
        let forward = direction == .forward
        let sql = OutlineReader.siblingsSQL(underParent: parent != nil, includesCompleted: includesCompleted,
                                            keyed: key != nil, forward: forward)
        var arguments: [SQLValue] = [.text(parent?.uid.rawValue ?? listID.rawValue), .text(listID.rawValue)]
        if let key { arguments += [.integer(key.position), .integer(key.number.rawValue)] }
        arguments.append(.integer(Int64(limit)))
        var found: [Reminder] = []
        try db.forEachRow(sql, arguments) { found.append(try db.decodeReminder($0)) }
        return forward ? found : found.reversed()
    }

    /// How many subtasks in the listing each of `parents` has (absent: none).
    private func subtaskCounts(of parents: [Reminder]) throws -> [ReminderUID: Int] {
        guard !parents.isEmpty else { return [:] }
        var counts: [ReminderUID: Int] = [:]
        // Chunks of a fixed size keep the statement cached and under SQLite's limit on parameters.
        let chunkSize = OutlineReader.countChunk
        for start in stride(from: 0, to: parents.count, by: chunkSize) {
            let chunk = parents[start..<min(start + chunkSize, parents.count)]
            var arguments: [SQLValue] = chunk.map { .text($0.uid.rawValue) }
            arguments += Array(repeating: SQLValue.null, count: chunkSize - chunk.count)
            arguments.append(.text(listID.rawValue))
            let sql = OutlineReader.subtaskCountSQL(chunk: chunkSize, includesCompleted: includesCompleted)
            try db.forEachRow(sql, arguments) { counts[ReminderUID($0.text(0))] = Int($0.int(1)) }
        }
        return counts
    }
}
