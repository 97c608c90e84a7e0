import Foundation
import TickModel

extension Database {
    static let listColumns = "id, name, color, position, created_at, modified_at, ical_extras"

    /// The list in the current row of a query of `listColumns`.
    /// - Throws: `StoreError` (`.unreadableValue`) naming the list's ID and the column
    ///   when a stored value cannot be read; nothing is defaulted.
    func decodeList(_ row: Statement) throws(StoreError) -> ReminderList {
        let place = RowPlace(table: "list", key: "id", keyIndex: 0)
        guard let color = ListColor(parsing: row.text(2)) else { throw row.unreadable(2, in: place, "not a color #RRGGBB") }
        return ReminderList(id: .init(rawValue: row.text(0)), name: row.text(1), color: color,
                            position: Int(try row.integer(3, in: place)),
                            createdAt: try row.timestamp(4, in: place), modifiedAt: try row.timestamp(5, in: place),
                            iCalendarExtras: row.text(6))
    }

    /// Every list, in the user's order.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(lists).
    public func lists() throws -> [ReminderList] {
        var lists: [ReminderList] = []
        try forEachRow("SELECT \(Database.listColumns) FROM list ORDER BY position, name") { lists.append(try decodeList($0)) }
        return lists
    }

    /// The list with `id`, or nil.
    /// - Throws: `StoreError` from SQLite.
    public func list(id: ReminderList.ID) throws -> ReminderList? {
        var found: ReminderList?
        try forEachRow("SELECT \(Database.listColumns) FROM list WHERE id = ?", [.text(id.rawValue)]) { found = try decodeList($0) }
        return found
    }

    /// The list named `name`, or nil. Names match when they are the same text up to
    /// case, width and Unicode normalization (`Wörk` composed or decomposed, `WÖRK`,
    /// `ＷＯＲＫ`), after trimming: the rule `insert` and `update` keep names unique by
    /// (`ReminderList.named(_:in:)`).
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(lists); there are few.
    public func list(named name: String) throws -> ReminderList? {
        ReminderList.named(name, in: try lists())
    }

    /// Refuses a name another list (not `id`) already has, by the rule of `list(named:)`.
    private func checkUnique(_ name: String, except id: ReminderList.ID?) throws {
        if let other = try list(named: name), other.id != id {
            throw StoreError(kind: .constraint, message: "a list named '\(other.name)' already exists")
        }
    }

    /// The first list in the user's order: where reminders go when no list is named.
    /// - Throws: `StoreError` from SQLite; `StoreError.Kind.notFound` when there is no list at all.
    public func defaultList() throws -> ReminderList {
        var found: ReminderList?
        try forEachRow("SELECT \(Database.listColumns) FROM list ORDER BY position, name LIMIT 1") { found = try decodeList($0) }
        guard let found else { throw StoreError(kind: .notFound, message: "the database has no list") }
        return found
    }

    /// Adds `list` after every other list and returns it as stored (with its position).
    /// - Throws: `StoreError` of kind `.constraint` when a list with that name exists
    ///   (case and Unicode normalization ignored, see `list(named:)`).
    /// With `keepingPosition`, it keeps `list.position` (a list put back by undo).
    @discardableResult
    public func insert(_ list: ReminderList, keepingPosition: Bool = false) throws -> ReminderList {
        try checkUnique(list.name, except: nil)
        var stored = list
        if !keepingPosition {
            stored.position = Int(try scalarInt("SELECT max(position) FROM list") ?? 0) + 1
        }
        do {
            try execute("""
                INSERT INTO list (id, name, color, position, created_at, modified_at, ical_extras)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.text(stored.id.rawValue), .text(stored.name), .text(stored.color.hex),
                      .integer(Int64(stored.position)), .text(Timestamp.string(stored.createdAt)),
                      .text(Timestamp.string(stored.modifiedAt)), .text(stored.iCalendarExtras)])
        } catch {
            throw Database.renamingConstraint(error)
        }
        return stored
    }

    private static func renamingConstraint(_ error: StoreError) -> StoreError {
        guard error.kind == .constraint else { return error }
        return StoreError(kind: .constraint, message: "a list with that name already exists", extendedCode: error.extendedCode)
    }

    /// Saves the name, color and extras of `list`.
    /// - Throws: `StoreError` of kind `.constraint` when another list has the new name.
    public func update(_ list: ReminderList) throws {
        try checkUnique(list.name, except: list.id)
        do {
            try execute("UPDATE list SET name = ?, color = ?, modified_at = ?, ical_extras = ? WHERE id = ?",
                        [.text(list.name), .text(list.color.hex), .text(Timestamp.string(list.modifiedAt)),
                         .text(list.iCalendarExtras), .text(list.id.rawValue)])
        } catch {
            throw Database.renamingConstraint(error)
        }
    }

    /// Deletes the list and every reminder in it.
    /// - Throws: `StoreError` from SQLite.
    public func deleteList(_ id: ReminderList.ID) throws {
        try execute("DELETE FROM reminder WHERE list_id = ?", [.text(id.rawValue)])
        try execute("DELETE FROM list WHERE id = ?", [.text(id.rawValue)])
    }

    /// Sets the place of list `id` in the user's order (lists sort by position, then name).
    /// - Throws: `StoreError` from SQLite.
    public func setPosition(ofList id: ReminderList.ID, to position: Int) throws {
        try execute("UPDATE list SET position = ? WHERE id = ?", [.integer(Int64(position)), .text(id.rawValue)])
    }

    /// Moves a list to `index` (0-based) in the user's order, clamped to the valid range.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(lists).
    public func moveList(_ id: ReminderList.ID, to index: Int) throws {
        var order = try lists().map(\.id)
        guard let from = order.firstIndex(of: id) else { return }
        order.remove(at: from)
        order.insert(id, at: min(max(index, 0), order.count))
        for (position, listID) in order.enumerated() {
            try execute("UPDATE list SET position = ? WHERE id = ?", [.integer(Int64(position + 1)), .text(listID.rawValue)])
        }
    }

    /// The number of open reminders in each list (lists with none are absent).
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(lists), read from the kept counts (`list_count`, schema version 7).
    public func openCounts() throws -> [ReminderList.ID: Int] {
        var counts: [ReminderList.ID: Int] = [:]
        try forEachRow("SELECT list_id, open FROM list_count WHERE open <> 0") {
            counts[.init(rawValue: $0.text(0))] = Int($0.int(1))
        }
        return counts
    }

    /// The number of open reminders in the list.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(1), read from the kept counts.
    public func openCount(inList id: ReminderList.ID) throws -> Int {
        Int(try scalarInt("SELECT open FROM list_count WHERE list_id = ?", [.text(id.rawValue)]) ?? 0)
    }

    /// The number of reminders (open and completed) in the list.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(1), read from the kept counts.
    public func reminderCount(inList id: ReminderList.ID) throws -> Int {
        Int(try scalarInt("SELECT open + completed FROM list_count WHERE list_id = ?", [.text(id.rawValue)]) ?? 0)
    }
}
