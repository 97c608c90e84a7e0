import Foundation
import TickModel

/// One transaction on Tick's PostgreSQL tables, scoped to one user: the PostgreSQL side of
/// the store interface (`StoreTransaction`), as TickStore's `Database` is the SQLite side.
///
/// Every statement names `user` in its `WHERE` (or inserts it as the owner): a list or
/// reminder of another user is not found, exactly like one that does not exist, and is
/// never changed. Not Sendable, like its connection; made by `PostgresStore.read` and
/// `write`, or by a caller that holds a transaction open on `connection`.
public final class PostgresDatabase {
    /// The connection, inside a transaction.
    public let connection: PostgresConnection
    /// The user whose lists and reminders this transaction sees.
    public let user: UserID
    /// The one list of `user` this transaction sees, when another user reaches it through a
    /// share (`ListGrant`); nil for all of them. A second fence behind the grant: the lists,
    /// and the reminders found by number or UID, of `user`'s other lists are "not found", so
    /// that no refusal (`anchorInAnotherList`, `subtaskOutsideParentList`) names them.
    public let visibleList: ReminderList.ID?
    /// Who makes the changes: `user`, or the user `user`'s list is shared with. The change
    /// journal records it, and undo takes back only the actor's own changes.
    public let actor: UserID

    /// A transaction of `user` on `connection`, which must be inside a transaction block (or
    /// run one statement only: `PostgresStore.readInOneStatement`),
    /// seeing only the list `visibleList` when one is given, made by `actor` (nil: `user`).
    public init(connection: PostgresConnection, user: UserID, visibleList: ReminderList.ID? = nil, actor: UserID? = nil) {
        self.connection = connection
        self.user = user
        self.visibleList = visibleList
        self.actor = actor ?? user
    }

    /// Whether this transaction sees the list `id` (always, unless it sees one list only).
    func sees(_ id: ReminderList.ID) -> Bool { visibleList.map { $0 == id } ?? true }

    /// Runs one statement with the user as `$1` and `parameters` as `$2`, `$3`, ….
    @discardableResult
    func run(_ sql: String, _ parameters: [any PostgresEncodable] = []) throws(PostgresError) -> PostgresRows {
        try connection.execute(sql, [user.rawValue] + parameters)
    }

    /// The first column of the first row as `T`, nil for no row or NULL.
    func scalar<T: PostgresDecodable>(_ sql: String, _ parameters: [any PostgresEncodable] = [],
                                      as type: T.Type = T.self) throws(PostgresError) -> T? {
        let rows = try run(sql, parameters)
        guard let first = rows.first, let column = rows.columns.first else { return nil }
        return try first.decodeIfPresent(column, as: type)
    }

    /// Gives the user a first list, "Reminders", when they have none: what a fresh SQLite
    /// database starts with, so that a reminder added without a list has somewhere to go.
    /// - Returns: the user's first list.
    /// - Throws: `PostgresError` from the server.
    @discardableResult
    public func ensureFirstList(createdAt now: Date) throws -> ReminderList {
        if let first = try lists().first { return first }
        return try insert(ReminderList(name: ReminderList.defaultName, createdAt: now), keepingPosition: false)
    }
}

// MARK: - Lists

extension PostgresDatabase {
    static let listColumns = "id, name, color, position, created_at, modified_at, ical_extras"

    /// The list of a row of `listColumns`, each named `prefix` and the column.
    func decodeList(_ row: PostgresRow, prefix: String = "") throws(PostgresError) -> ReminderList {
        guard let color = ListColor(parsing: try row.decode(prefix + "color", as: String.self)) else {
            throw PostgresError(.unreadableValue, message: "list \(try row.decode(prefix + "id", as: String.self)): the column color is not a color #RRGGBB")
        }
        return ReminderList(id: .init(rawValue: try row.decode(prefix + "id")), name: try row.decode(prefix + "name"), color: color,
                            position: try row.decode(prefix + "position"), createdAt: try row.decode(prefix + "created_at"),
                            modifiedAt: try row.decode(prefix + "modified_at"), iCalendarExtras: try row.decode(prefix + "ical_extras"))
    }

    /// Every list of the user, in their order.
    /// - Complexity: O(lists).
    public func lists() throws -> [ReminderList] {
        try run("SELECT \(Self.listColumns) FROM lists WHERE owner = $1 ORDER BY position, name")
            .map { row throws(PostgresError) in try decodeList(row) }.filter { sees($0.id) }
    }

    /// The user's list with `id`, or nil (another user's list included).
    public func list(id: ReminderList.ID) throws -> ReminderList? {
        guard sees(id) else { return nil }
        return try run("SELECT \(Self.listColumns) FROM lists WHERE owner = $1 AND id = $2", [id.rawValue])
            .first.map { row throws(PostgresError) in try decodeList(row) }
    }

    /// The user's list named `name` (`ReminderList.named(_:in:)`), or nil.
    /// - Complexity: O(lists).
    public func list(named name: String) throws -> ReminderList? {
        ReminderList.named(name, in: try lists())
    }

    /// The user's first list.
    /// - Throws: `PostgresError.notFound` when the user has no list.
    public func defaultList() throws -> ReminderList {
        if let visibleList {
            guard let list = try list(id: visibleList) else { throw PostgresError(.notFound, message: "the shared list is gone") }
            return list
        }
        guard let first = try run("SELECT \(Self.listColumns) FROM lists WHERE owner = $1 ORDER BY position, name LIMIT 1").first else {
            throw PostgresError(.notFound, message: "the user has no list")
        }
        return try decodeList(first)
    }

    /// Adds `list` for the user after their other lists (or at its position), with the
    /// user as its member of role `owner`.
    /// - Throws: `PostgresError` with `isUniqueViolation` when the user has a list of that
    ///   name, or a list with its id exists.
    @discardableResult
    public func insert(_ list: ReminderList, keepingPosition: Bool) throws -> ReminderList {
        try checkNameIsFree(list.name, except: nil)
        var stored = list
        if !keepingPosition {
            stored.position = (try scalar("SELECT max(position) FROM lists WHERE owner = $1", as: Int.self) ?? 0) + 1
        }
        try run("""
            INSERT INTO lists (owner, id, name, color, position, created_at, modified_at, ical_extras)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            """, [stored.id.rawValue, stored.name, stored.color.hex, stored.position,
                  PostgresDatabase.stored(stored.createdAt), PostgresDatabase.stored(stored.modifiedAt), stored.iCalendarExtras])
        try run("INSERT INTO list_members (list_id, user_id, role) VALUES ($2, $1, 'owner')", [stored.id.rawValue])
        return stored
    }

    /// Saves the name, color, modification time and extras of the user's `list`.
    /// - Throws: `PostgresError` with `isUniqueViolation` when another list of the user has the name.
    public func update(_ list: ReminderList) throws {
        try checkNameIsFree(list.name, except: list.id)
        try run("UPDATE lists SET name = $3, color = $4, modified_at = $5, ical_extras = $6 WHERE owner = $1 AND id = $2",
                [list.id.rawValue, list.name, list.color.hex, PostgresDatabase.stored(list.modifiedAt), list.iCalendarExtras])
    }

    private func checkNameIsFree(_ name: String, except id: ReminderList.ID?) throws {
        if let other = try list(named: name), other.id != id {
            throw PostgresError(.server, message: "a list with that name already exists", sqlState: "23505")
        }
    }

    /// Moves the user's list `id` to `index` (0-based) among their lists, clamped.
    /// - Complexity: O(lists) rows written.
    public func moveList(_ id: ReminderList.ID, to index: Int) throws {
        var order = try lists().map(\.id)
        guard let from = order.firstIndex(of: id) else { return }
        order.remove(at: from)
        order.insert(id, at: min(max(index, 0), order.count))
        try run("""
            UPDATE lists SET position = ordered.place
            FROM unnest($2::text[]) WITH ORDINALITY AS ordered(id, place)
            WHERE lists.owner = $1 AND lists.id = ordered.id
            """, [PostgresArray.text(order.map(\.rawValue))])
    }

    /// Deletes the user's list `id` with its reminders (and their completed occurrences).
    public func deleteList(_ id: ReminderList.ID) throws {
        try run("DELETE FROM lists WHERE owner = $1 AND id = $2", [id.rawValue])
    }

    /// The number of open reminders in the user's list `id`.
    /// - Complexity: O(open reminders of the list), counted from an index.
    public func openCount(inList id: ReminderList.ID) throws -> Int {
        try scalar("SELECT count(*) FROM reminders WHERE owner = $1 AND list_id = $2 AND completed_at IS NULL",
                   [id.rawValue], as: Int.self) ?? 0
    }

    /// The number of reminders in the user's list `id`.
    /// - Complexity: O(reminders of the list), counted from an index.
    public func reminderCount(inList id: ReminderList.ID) throws -> Int {
        try scalar("SELECT count(*) FROM reminders WHERE owner = $1 AND list_id = $2", [id.rawValue], as: Int.self) ?? 0
    }

    /// The counts beside the user's lists and the smart lists that do not depend on the
    /// clock: each list's open reminders, and in all the completed and the open flagged
    /// ones. A list without reminders has no entry.
    /// - Throws: `PostgresError` from the server.
    /// - Complexity: one statement, O(the user's reminders) from the index by owner and list.
    public func listCounts() throws -> (open: [ReminderList.ID: Int], completed: Int, flagged: Int) {
        let rows = try run("""
            SELECT list_id, count(*) FILTER (WHERE completed_at IS NULL) AS open,
                count(*) FILTER (WHERE completed_at IS NOT NULL) AS completed,
                count(*) FILTER (WHERE completed_at IS NULL AND flagged) AS flagged
            FROM reminders WHERE owner = $1\(onlyVisibleList(2)) GROUP BY list_id
            """, visibleListParameter)
        var counts: (open: [ReminderList.ID: Int], completed: Int, flagged: Int) = ([:], 0, 0)
        for row in rows {
            counts.open[ReminderList.ID(rawValue: try row.decode("list_id", as: String.self))] = try row.decode("open", as: Int.self)
            counts.completed += try row.decode("completed", as: Int.self)
            counts.flagged += try row.decode("flagged", as: Int.self)
        }
        return counts
    }
}

/// The PostgreSQL store behind the store interface the actions use.
extension PostgresDatabase: StoreTransaction {}
