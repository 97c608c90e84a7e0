import Foundation

/// One reminder as a resource of the CalDAV server: a row of the store's DAV bookkeeping
/// (SQLite `dav_resource`, schema 10; PostgreSQL `dav_resources`, step 6).
public struct DAVResourceState: Sendable, Equatable {
    /// The reminder's iCalendar UID.
    public var uid: ReminderUID
    /// The resource's name in its list's collection: the last path segment, decoded.
    public var name: String
    /// The number of its last change: its ETag, and what sync tokens are compared with.
    public var sequence: Int64
    /// Whether it was deleted from the list (a tombstone).
    public var isDeleted: Bool

    /// A resource state.
    public init(uid: ReminderUID, name: String, sequence: Int64, isDeleted: Bool) {
        self.uid = uid
        self.name = name
        self.sequence = sequence
        self.isDeleted = isDeleted
    }
}

/// What the CalDAV server (RFC 4791, RFC 6578) asks of a store inside one transaction,
/// besides the lists and reminders of `StoreTransaction`: the change numbers behind ETags
/// and sync tokens, the resources' names and tombstones. TickStore's `Database` answers from
/// the tables its triggers keep; TickPostgres' `PostgresDatabase` from the same tables per
/// user, each statement scoped to the user (another user's list has no resources).
///
/// Change numbers grow with every change to a reminder of the store (per database on
/// SQLite, per list on PostgreSQL, where a member of a shared list must not count the
/// owner's changes elsewhere); a list's sync token is the number of its last change.
/// Errors are the store's (see ``ListStore``).
public protocol DAVTransaction: ImportStore {
    /// The number no sync token of the list `id` can be above: the last change number
    /// handed out for it (on SQLite, for any list).
    func davSequence(inList id: ReminderList.ID) throws -> Int64

    /// The number of the last change in the list `id` (deletions included), 0 for none:
    /// its collection's sync token and CTag.
    /// - Complexity: O(log n).
    func davToken(inList id: ReminderList.ID) throws -> Int64

    /// The resources of the list `id`: with `since` nil, those that exist; else those changed
    /// or deleted after change number `since`, tombstones included, in the order of change.
    /// - Complexity: O(k log n) for k rows returned.
    func davResources(inList id: ReminderList.ID, since: Int64?) throws -> [DAVResourceState]

    /// The resource that exists under `name` (decoded) in the list `id`, or nil.
    /// - Complexity: O(log n).
    func davResource(inList id: ReminderList.ID, named name: String) throws -> DAVResourceState?

    /// The resources that exist under `names` (decoded) in the list `id`, by name; a name
    /// with none is absent. What a `calendar-multiget` asks, at once.
    /// - Complexity: O(k log n) for k names.
    func davResources(inList id: ReminderList.ID, named names: [String]) throws -> [String: DAVResourceState]

    /// The reminders with `uids`, by UID; a UID with none is absent.
    /// - Complexity: O(k log n) for k UIDs.
    func reminders(withUIDs uids: [ReminderUID]) throws -> [ReminderUID: Reminder]

    /// The list and resource of the reminder `uid`, when it exists.
    func davResource(uid: ReminderUID) throws -> (list: ReminderList.ID, resource: DAVResourceState)?

    /// Gives the resource `uid` of the list `id` the name `name` (the one a client chose
    /// with its PUT); a tombstone that had the name is dropped, so that a client never sees
    /// one name both deleted and present.
    func nameDAVResource(inList id: ReminderList.ID, uid: ReminderUID, as name: String) throws

    /// The change number up to which the tombstones of the list `id` were dropped, 0 when
    /// none were: a sync token below it may miss a deletion.
    func davHorizon(inList id: ReminderList.ID) throws -> Int64

    /// Calls `body` with each reminder of the list `id` (every list when nil), in manual
    /// order, holding few at a time.
    /// - Complexity: O(n).
    func forEachReminder(inList id: ReminderList.ID?, _ body: (Reminder) throws -> Void) throws

    /// Calls `body` with what orders each reminder of the list `id` as CalDAV clients do
    /// (Apple's `X-APPLE-SORT-ORDER`, else the creation time, then the UID), in manual order,
    /// without decoding the rest of it: its number, UID, creation time, and its kept iCalendar
    /// lines when they mention `X-APPLE-SORT-ORDER` (any case), else "". Where a PUT's to-do
    /// goes is found this way (a full `forEachReminder` was 30 ms of a PUT at 10,000).
    /// - Complexity: O(n).
    func forEachSortKey(inList id: ReminderList.ID, _ body: (SortKeyRow) throws -> Void) throws
}

/// One reminder's order as CalDAV clients see it (`DAVTransaction.forEachSortKey`).
public struct SortKeyRow: Sendable {
    public var number: Reminder.Number
    public var uid: ReminderUID
    public var createdAt: Date
    /// The reminder's `iCalendarExtras` when they mention `X-APPLE-SORT-ORDER`, else "".
    public var sortOrderExtras: String

    public init(number: Reminder.Number, uid: ReminderUID, createdAt: Date, sortOrderExtras: String) {
        self.number = number
        self.uid = uid
        self.createdAt = createdAt
        self.sortOrderExtras = sortOrderExtras
    }
}

extension DAVTransaction {
    /// One `davResource(inList:named:)` a name: SQLite's statements are cheap and cached,
    /// so asking one at a time costs no more than one bigger statement would.
    public func davResources(inList id: ReminderList.ID, named names: [String]) throws -> [String: DAVResourceState] {
        var found: [String: DAVResourceState] = [:]
        for name in names where found[name] == nil {
            if let resource = try davResource(inList: id, named: name) { found[name] = resource }
        }
        return found
    }

    /// One `reminder(uid:)` a UID (see `davResources(inList:named:)`).
    public func reminders(withUIDs uids: [ReminderUID]) throws -> [ReminderUID: Reminder] {
        var found: [ReminderUID: Reminder] = [:]
        for uid in uids where found[uid] == nil {
            if let reminder = try reminder(uid: uid) { found[uid] = reminder }
        }
        return found
    }
}
