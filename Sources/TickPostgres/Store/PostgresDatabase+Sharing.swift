import Foundation
import TickModel

/// What a user may do with a list another user shared with them (a `list_members` row):
/// see it and its reminders, or also add, change, complete, move and delete its reminders.
/// Renaming, recoloring, moving and deleting the list itself, and sharing it, stay with
/// its owner (as in Nextcloud's read-only and read-write shares).
public enum ShareAccess: String, Sendable, CaseIterable {
    case read
    case write
}

/// One user a list is shared with, as its owner sees it.
public struct ListShare: Sendable, Equatable {
    /// The user's name.
    public var userName: String
    public var access: ShareAccess

    public init(userName: String, access: ShareAccess) {
        self.userName = userName
        self.access = access
    }
}

/// A list of another user shared with this one.
public struct SharedList: Sendable {
    /// The list, as its owner keeps it (its `position` is the owner's order).
    public var list: ReminderList
    /// Who owns it: every statement about it is scoped to them.
    public var owner: UserID
    /// The owner's name.
    public var ownerName: String
    public var access: ShareAccess
    /// Its open reminders.
    public var openCount: Int
    /// Its open flagged reminders.
    public var flaggedCount: Int

    /// The grant to open the owner's store with, for this list (and the reminder `uid` in it).
    public func grant(to member: UserID, reminder uid: ReminderUID? = nil) -> ListGrant {
        ListGrant(member: member, list: list.id, access: access, reminder: uid)
    }
}

/// A user's access to one list of another user, which `PostgresStore` confirms inside
/// every transaction it opens on the owner's data (so a share removed a moment before is
/// already no access), together with the reminder the request is about, when there is one.
public struct ListGrant: Sendable, Equatable {
    /// The user the list is shared with.
    public var member: UserID
    public var list: ReminderList.ID
    /// The access the request needs.
    public var access: ShareAccess
    /// The reminder the request names, which must be in `list`.
    public var reminder: ReminderUID?

    public init(member: UserID, list: ReminderList.ID, access: ShareAccess, reminder: ReminderUID? = nil) {
        self.member = member
        self.list = list
        self.access = access
        self.reminder = reminder
    }
}

/// Why a request about a shared list is refused.
public enum ShareError: Error, Equatable, CustomStringConvertible {
    /// The list (or the reminder's list) is not, or no longer, shared with the user: read
    /// as "not found", exactly like a list that does not exist.
    case notShared
    /// The user may only read the list.
    case readOnly(listName: String)
    /// Only the owner may do this to the list (rename, recolor, move, delete, share).
    case ownerOnly(listName: String)
    /// The change would reach a list the grant does not cover (a reminder moved out of
    /// the shared list); nothing of it is kept.
    case outsideSharedList(listName: String)
    /// The user's own reminder would move into `listName`, a list `ownerName` shares with
    /// them to edit: reminders do not move between owners (a new one can be added there).
    case betweenOwners(listName: String, ownerName: String)
    /// A reminder added (put, restored, undone) would have the UID `uid` of a reminder the
    /// user sees in another owner's list, or in another list through another share: the one
    /// at `resource` in `list`. Reminders do not move between owners, and one user does not
    /// see two reminders with one UID (the API finds reminders by UID).
    case uidSeenElsewhere(uid: ReminderUID, list: ReminderList.ID, resource: String)
    /// No user has this name.
    case noSuchUser(String)
    /// A list is not shared with its owner.
    case sharedWithOwner

    public var description: String {
        switch self {
        case .notShared:
            return "there is no such list or reminder"
        case .readOnly(let name):
            return "the list '\(name)' is shared with you read-only"
        case .ownerOnly(let name):
            return "only the owner of the shared list '\(name)' can rename, recolor, move, delete or share it; "
                + "to leave it, DELETE /api/v1/lists/{id}/shares/{your name}"
        case .outsideSharedList(let name):
            return "a reminder of the shared list '\(name)' stays in that list"
        case .betweenOwners(let name, let owner):
            return "the list '\(name)' is \(owner)'s, shared with you: a reminder of yours does not move into it "
                + "(add a new one there instead)"
        case .uidSeenElsewhere(let uid, let list, _):
            return "the UID '\(uid.rawValue)' is a reminder of the list '\(list.rawValue)' already: a reminder does not move "
                + "into or out of a list shared with you, and one UID is one reminder"
        case .noSuchUser(let name):
            return "there is no user named '\(name)'"
        case .sharedWithOwner:
            return "a list is not shared with its owner"
        }
    }
}

extension PostgresDatabase {
    /// The list columns prefixed with `l.`, for the statements that join lists.
    private static let joinedListColumns = listColumns.split(separator: ",").map { "l." + $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: ", ")

    /// The lists other users share with the user, with `where` (over `l`, `m`, `$2`…) and
    /// `parameters`, by name.
    private func sharedLists(where condition: String, _ parameters: [any PostgresEncodable]) throws -> [SharedList] {
        try run("""
            SELECT \(Self.joinedListColumns), l.owner, u.name AS owner_name, m.role,
                (SELECT count(*) FROM reminders r WHERE r.owner = l.owner AND r.list_id = l.id AND r.completed_at IS NULL) AS open,
                (SELECT count(*) FROM reminders r WHERE r.owner = l.owner AND r.list_id = l.id AND r.completed_at IS NULL AND r.flagged)
                    AS flagged
            FROM list_members m JOIN lists l ON l.id = m.list_id JOIN users u ON u.id = l.owner
            WHERE m.user_id = $1 AND m.role <> 'owner' AND \(condition)
            ORDER BY lower(l.name), l.id
            """, parameters).map { row throws in
            guard let access = ShareAccess(rawValue: try row.decode("role", as: String.self)) else {
                throw PostgresError(.unreadableValue, message: "list_members: a role is not read, write or owner")
            }
            return SharedList(list: try decodeList(row), owner: UserID(try row.decode("owner")),
                              ownerName: try row.decode("owner_name"), access: access, openCount: try row.decode("open"),
                              flaggedCount: try row.decode("flagged"))
        }
    }

    /// Every list other users share with the user, by name, with its open count.
    /// - Complexity: one statement; O(shared lists + their open reminders).
    public func listsSharedWithUser() throws -> [SharedList] {
        try sharedLists(where: "true", [])
    }

    /// The list `id` when another user shares it with the user, else nil (the user's own
    /// lists included: those are `list(id:)`).
    public func sharedList(id: ReminderList.ID) throws -> SharedList? {
        try sharedLists(where: "l.id = $2", [id.rawValue]).first
    }

    /// The shared list holding the reminder `uid` of another user, else nil.
    public func sharedList(holding uid: ReminderUID) throws -> SharedList? {
        try sharedLists(where: "EXISTS (SELECT 1 FROM reminders r WHERE r.owner = l.owner AND r.uid = $2 AND r.list_id = l.id)",
                        [uid.rawValue]).first
    }

    /// The users the user's own list `id` is shared with, by name.
    /// - Throws: `ShareError.notShared` when the user has no list `id`.
    public func shares(ofList id: ReminderList.ID) throws -> [ListShare] {
        guard try list(id: id) != nil else { throw ShareError.notShared }
        return try run("""
            SELECT u.name, m.role FROM list_members m JOIN users u ON u.id = m.user_id
            WHERE m.list_id = $2 AND m.role <> 'owner' AND EXISTS (SELECT 1 FROM lists WHERE owner = $1 AND id = $2)
            ORDER BY lower(u.name)
            """, [id.rawValue]).map { row throws in
            ListShare(userName: try row.decode("name"), access: ShareAccess(rawValue: try row.decode("role")) ?? .read)
        }
    }

    /// Who each of the user's own lists is shared with, by list, each by user name; a list
    /// shared with nobody has no entry.
    /// - Complexity: one statement, O(the user's shares).
    public func sharesOfUserLists() throws -> [ReminderList.ID: [ListShare]] {
        var shares: [ReminderList.ID: [ListShare]] = [:]
        for row in try run("""
            SELECT m.list_id, u.name, m.role FROM lists l JOIN list_members m ON m.list_id = l.id JOIN users u ON u.id = m.user_id
            WHERE l.owner = $1 AND m.role <> 'owner' ORDER BY lower(u.name)
            """) {
            let share = ListShare(userName: try row.decode("name"), access: ShareAccess(rawValue: try row.decode("role")) ?? .read)
            shares[ReminderList.ID(rawValue: try row.decode("list_id")), default: []].append(share)
        }
        return shares
    }

    /// Shares the user's own list `id` with the user named `userName` (any case), or
    /// changes their access.
    /// - Returns: the share as stored, and whether it is new.
    /// - Throws: `ShareError.notShared` (no list `id` of the user), `.noSuchUser`, `.sharedWithOwner`.
    @discardableResult
    public func share(list id: ReminderList.ID, with userName: String, access: ShareAccess) throws -> (share: ListShare, isNew: Bool) {
        guard try list(id: id) != nil else { throw ShareError.notShared }
        guard let member = try connection.execute("SELECT id, name FROM users WHERE lower(name) = lower($1)", [userName]).first else {
            throw ShareError.noSuchUser(userName)
        }
        let memberID: String = try member.decode("id")
        guard memberID != user.rawValue else { throw ShareError.sharedWithOwner }
        let isNew = try scalar("""
            INSERT INTO list_members (list_id, user_id, role)
            SELECT $2, $3, $4 WHERE EXISTS (SELECT 1 FROM lists WHERE owner = $1 AND id = $2)
            ON CONFLICT (list_id, user_id) DO UPDATE SET role = excluded.role
            RETURNING xmax = 0
            """, [id.rawValue, memberID, access.rawValue], as: Bool.self) ?? false
        return (ListShare(userName: try member.decode("name"), access: access), isNew)
    }

    /// Stops sharing the user's own list `id` with the user named `userName`.
    /// - Returns: whether it was shared with them.
    /// - Throws: `ShareError.notShared` when the user has no list `id`.
    @discardableResult
    public func unshare(list id: ReminderList.ID, from userName: String) throws -> Bool {
        guard try list(id: id) != nil else { throw ShareError.notShared }
        return try !run("""
            DELETE FROM list_members m USING users u
            WHERE m.list_id = $2 AND m.user_id = u.id AND lower(u.name) = lower($3) AND m.role <> 'owner'
                AND EXISTS (SELECT 1 FROM lists WHERE owner = $1 AND id = $2)
            RETURNING m.user_id
            """, [id.rawValue, userName]).isEmpty
    }

    /// Leaves the list `id` another user shares with the user.
    /// - Returns: whether it was shared with the user.
    @discardableResult
    public func leave(list id: ReminderList.ID) throws -> Bool {
        try !run("DELETE FROM list_members WHERE list_id = $2 AND user_id = $1 AND role <> 'owner' RETURNING list_id",
                 [id.rawValue]).isEmpty
    }

    /// Confirms, in this transaction of the owner's data, that `grant` still holds: the
    /// list is shared with its member with at least the access it needs, and holds its
    /// reminder.
    /// - Throws: `ShareError.notShared` (also when the reminder is not in the list),
    ///   `.readOnly` when the grant needs `write` and the share is `read`.
    func confirm(_ grant: ListGrant) throws {
        guard let row = try run("""
            SELECT m.role, l.name FROM list_members m JOIN lists l ON l.id = m.list_id AND l.owner = $1
            WHERE m.list_id = $2 AND m.user_id = $3 AND m.role <> 'owner'
                AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM reminders r WHERE r.owner = $1 AND r.list_id = $2 AND r.uid = $4))
            """, [grant.list.rawValue, grant.member.rawValue, grant.reminder?.rawValue]).first else {
            throw ShareError.notShared
        }
        if grant.access == .write, try row.decode("role", as: String.self) != ShareAccess.write.rawValue {
            throw ShareError.readOnly(listName: try row.decode("name"))
        }
    }

    /// Confirms that this transaction changed no reminder outside the list of `grant`:
    /// every change to a reminder records its list in `dav_resources` with the
    /// transaction's change number (step 6), so a reminder moved or added elsewhere shows.
    /// - Throws: `ShareError.outsideSharedList`.
    func confirmChangesStayed(in grant: ListGrant) throws {
        // By list, from the index by owner, list and change number: O(the owner's lists).
        let outside = try scalar("""
            SELECT EXISTS (SELECT 1 FROM lists l JOIN dav_resources d ON d.owner = l.owner AND d.list_id = l.id
                WHERE l.owner = $1 AND l.id <> $2
                    AND d.seq = nullif(current_setting('tick.dav_change_' || md5($1), true), '')::bigint)
            """, [grant.list.rawValue], as: Bool.self) ?? false
        if outside {
            throw ShareError.outsideSharedList(listName: try list(id: grant.list)?.name ?? grant.list.rawValue)
        }
    }
}

// MARK: - Undo in lists shared with the user

extension PostgresDatabase {
    /// The user's newest change not undone in a list another user shares with them now (it is
    /// in the owner's journal, made by the user), or the change `named` when it is one of those;
    /// with that list. Nil when there is none: changes in a list no longer shared with the user
    /// are passed over, so that they hide no newer change in a list that still is.
    /// - Complexity: O(log n) for the newest, from the index `journal_changes_actor`, plus the
    ///   user's changes passed over.
    public func newestChangeInSharedList(named: Int64? = nil) throws -> (change: Int64, list: SharedList)? {
        guard let row = try run("""
            SELECT c.id, j.list_id FROM journal_changes c
            CROSS JOIN LATERAL (SELECT j.list_id FROM journal_reminders j
                                WHERE j.owner = c.owner AND j.change = c.id AND j.list_id IS NOT NULL LIMIT 1) j
            WHERE c.actor = $1 AND c.owner <> $1 AND c.undone_at IS NULL AND ($2::bigint IS NULL OR c.id = $2)
                AND EXISTS (SELECT 1 FROM list_members m WHERE m.list_id = j.list_id AND m.user_id = $1 AND m.role <> 'owner')
            ORDER BY c.id DESC LIMIT 1
            """, [named]).first, let list = row.text("list_id") else { return nil }
        guard let shared = try sharedList(id: ReminderList.ID(rawValue: list)) else { return nil }
        return (try row.decode("id"), shared)
    }

    /// The list shared with the user from which the user's newest change not undone deleted
    /// the reminder `uid`, or nil.
    public func sharedList(deleting uid: ReminderUID) throws -> SharedList? {
        guard let list = try scalar("""
            SELECT b.list_id FROM journal_changes c
            JOIN journal_reminders b ON b.owner = c.owner AND b.change = c.id AND b.phase = 0 AND b.present AND b.uid = $2
            JOIN journal_reminders a ON a.owner = c.owner AND a.change = c.id AND a.phase = 1 AND a.number = b.number AND NOT a.present
            WHERE c.actor = $1 AND c.owner <> $1 AND c.undone_at IS NULL ORDER BY c.id DESC LIMIT 1
            """, [uid.rawValue], as: String.self) else { return nil }
        return try sharedList(id: ReminderList.ID(rawValue: list))
    }
}
