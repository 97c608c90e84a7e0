import Foundation
import TickActions
import TickInterchange
import TickModel
import TickPostgres

/// Lists shared between users (issue 13): the routes of `/api/v1/lists/{id}/shares`, and how
/// the other routes reach a list another user shares with the signed-in one.
extension PostgresUserAPI {
    /// What a route is about, to look for among the lists shared with the user.
    enum SharedTarget {
        case list(ReminderList.ID)
        case reminder(ReminderUID)
    }

    /// Answers with the user's own store; when that answers 404 (no such list or reminder of
    /// theirs) and `target` is in a list another user shares with them, answers again with
    /// the owner's store opened with the share, which must give `access` (403 `readOnly`
    /// when it gives less). Nothing of the first try is kept: it failed, and so rolled back.
    ///
    /// `destination` is the list a change moves the reminder to (a PATCH's `list`): a
    /// reminder of a shared list stays in it, whether the list named exists or not (403
    /// `outsideSharedList`, which tells nothing of the owner's other lists); the user's own
    /// reminder does not move into a list shared with them (403 `readOnly` or `betweenOwners`,
    /// naming the share, where the owner's lists would answer 404).
    /// - Throws: the first try's error when `target` is nil or in no list shared with the user.
    /// `destination` is read only when the user's own store answered 404 (most requests never do).
    ///
    /// `inList` (a reminder route's `?list=`) says which list the reminder is in: a user's own
    /// reminder and one of a list shared with them may have one UID (both imported the same
    /// file), and the web app names the row's list so that it acts on the reminder it shows
    /// (a tester: ticking the shared row completed the private one). The reminder must be in
    /// that list (404 otherwise), and the other is never tried.
    func ownOrShared(_ target: SharedTarget?, needing access: ShareAccess, inList: ReminderList.ID? = nil,
                     movingTo readDestination: () -> ReminderList.ID? = { nil },
                     _ respond: (PostgresAPIStore) throws -> HTTPResponse) throws -> HTTPResponse {
        if let inList, case .reminder(let uid) = target {
            let (own, found) = try store.read { db in (try db.list(id: inList), try db.reminder(uid: uid)) }
            if own != nil {
                guard found?.listID == inList else { throw WebService.notInList(uid.rawValue) }
                return try respond(store)
            }
            guard let shared = try sharedList(.list(inList)) else { throw WebService.notInList(uid.rawValue) }
            let destination = readDestination()
            // A move out is refused (403) for a reminder that is there; one that is not is the
            // 404 a GET answers (a tester: the PATCH said 403 where the GET said 404).
            if let destination, destination != inList, try readShared(shared, { try $0.reminder(uid: uid) }).flatMap({ $0 }) == nil {
                throw WebService.notInList(uid.rawValue)
            }
            return try respondShared(shared, target: target, needing: access, destination: destination, respond)
        }
        do {
            return try respond(store)
        } catch where Problem.from(error).status == 404 {
            let destination = readDestination()
            guard let target, let shared = try sharedList(target) else {
                if let destination, case .reminder(let uid) = target, let into = try sharedList(.list(destination)),
                   try store.read({ try $0.reminder(uid: uid) }) != nil {
                    throw into.access == .read ? ShareError.readOnly(listName: into.list.name)
                        : ShareError.betweenOwners(listName: into.list.name, ownerName: into.ownerName)
                }
                throw error
            }
            return try respondShared(shared, target: target, needing: access, destination: destination, respond)
        }
    }

    /// `respond` through the owner's store of `shared`, opened with the share, which must give
    /// `access`; a reminder `target` is looked for in that list only.
    private func respondShared(_ shared: SharedList, target: SharedTarget?, needing access: ShareAccess, destination: ReminderList.ID?,
                         _ respond: (PostgresAPIStore) throws -> HTTPResponse) throws -> HTTPResponse {
        if access == .write, shared.access == .read { throw ShareError.readOnly(listName: shared.list.name) }
        if let destination, destination != shared.list.id { throw ShareError.outsideSharedList(listName: shared.list.name) }
        var grant = shared.grant(to: store.store.user)
        grant.access = access
        if case .reminder(let uid) = target { grant.reminder = uid }
        return try respond(PostgresAPIStore(store: PostgresStore(pool: store.store.pool, user: shared.owner, grant: grant)))
    }

    /// The list shared with the user that `target` is or is in, or nil.
    func sharedList(_ target: SharedTarget) throws -> SharedList? {
        try store.read { db in
            switch target {
            case .list(let id): return try db.sharedList(id: id)
            case .reminder(let uid): return try db.sharedList(holding: uid)
            }
        }
    }

    /// The owner's store of the list `shared`, seeing that list only, for reading it.
    func sharedStore(_ shared: SharedList) -> PostgresStore {
        PostgresStore(pool: store.store.pool, user: shared.owner, grant: shared.grant(to: store.store.user))
    }

    /// `body` in a read transaction of the list `shared` (`sharedStore`), or nil when the
    /// share ended since the list was found (the list is then left out, not an error).
    func readShared<T>(_ shared: SharedList, _ body: (PostgresDatabase) throws -> T) throws -> T? {
        do {
            return try sharedStore(shared).read(body)
        } catch ShareError.notShared {
            return nil
        }
    }

    /// A page of All or Flagged (`scope` `.open` or `.flagged`) by key, the user's own lists
    /// first (in their order), then each list shared with them (by name, as in the sidebar),
    /// each through its owner's store seeing that list only. The cursor's list says where the
    /// page resumes: in the user's own lists, or in that shared list.
    /// - Throws: `Problem` 400 for a cursor of another listing; the stores' errors.
    func keysetPageWithShared(_ scope: PageScope, limit: Int, cursor: PageCursor?) throws -> HTTPResponse {
        let anchor = try PageCursor.keyAnchor(cursor, in: scope)
        let wanted = limit + 1
        let (own, lists, shared) = try store.read { db in
            let lists = try db.listsByID()
            let shared = try db.listsSharedWithUser()
            let inShared = anchor.map { anchor in shared.contains { $0.list.id == anchor.listID } } ?? false
            let own = inShared ? [] : try Actions.page(scope, from: anchor, direction: .forward, limit: wanted, in: db)
            return (own, lists, shared)
        }
        var rows = own
        var named = lists
        let resume = anchor.flatMap { anchor in shared.firstIndex { $0.list.id == anchor.listID } }
        for (index, list) in shared.enumerated() where index >= (resume ?? 0) {
            named[list.list.id] = list.list
            guard rows.count < wanted else { continue }
            let from = index == resume ? anchor : nil
            rows += try readShared(list) { db in
                try Actions.page(scope, from: from, direction: .forward, limit: wanted - rows.count, in: db)
            } ?? []
        }
        return WebService.keyPage(rows, limit: limit, lists: named)
    }

    /// A page of Completed by key: the user's own completed reminders and those of every list
    /// shared with them, latest first, merged. Equal completion times order the user's own
    /// lists first, then the shared lists in the sidebar's order, then by number (descending):
    /// the cursor's reminder says where to resume in each source (before its time in the
    /// sources ordered before its own, at its time in the later ones).
    /// - Throws: `Problem` 400 for a cursor of another listing; the stores' errors.
    func completedWithShared(limit: Int, cursor: PageCursor?) throws -> HTTPResponse {
        let anchor = try PageCursor.keyAnchor(cursor, in: .completed)
        let wanted = limit + 1
        let (own, lists, shared) = try store.read { db in
            (try Actions.page(.completed, from: anchor, direction: .forward, limit: wanted, in: db), try db.listsByID(),
             try db.listsSharedWithUser())
        }
        // The source of the anchor: 0 the user's own lists, 1 … the shared lists.
        let anchorSource = anchor.map { anchor in shared.firstIndex { $0.list.id == anchor.listID }.map { $0 + 1 } ?? 0 } ?? 0
        func anchorIn(_ source: Int) -> Reminder? {
            guard var moved = anchor, source != anchorSource else { return anchor }
            // Numbers are above 0 and below Int64.max: before the time, or at it, whatever the number.
            moved.number = Reminder.Number(source < anchorSource ? 0 : Int64.max)
            return moved
        }
        var rows = (anchorSource == 0 ? own : try store.read { db in
            try Actions.page(.completed, from: anchorIn(0), direction: .forward, limit: wanted, in: db)
        }).map { (reminder: $0, source: 0) }
        var named = lists
        for (index, list) in shared.enumerated() {
            named[list.list.id] = list.list
            rows += (try readShared(list) { db in
                try Actions.page(.completed, from: anchorIn(index + 1), direction: .forward, limit: wanted, in: db)
            } ?? []).map { (reminder: $0, source: index + 1) }
        }
        rows.sort { a, b in
            let (x, y) = (a.reminder.completedAt ?? Date.distantPast, b.reminder.completedAt ?? Date.distantPast)
            if x != y { return x > y }
            if a.source != b.source { return a.source < b.source }
            return a.reminder.number.rawValue > b.reminder.number.rawValue
        }
        return WebService.keyPage(rows.prefix(limit + 1).map(\.reminder), limit: limit, lists: named)
    }

    /// Runs `change`, a change only a list's owner makes; when the user's own store has no
    /// list `id` but another user shares it with them, 403 `ownerOnly` instead of 404.
    func ownerOnly<T>(_ id: String, _ change: () throws -> T) throws -> T {
        do {
            return try change()
        } catch where Problem.from(error).status == 404 {
            guard let shared = try sharedList(.list(ReminderList.ID(rawValue: id))) else { throw error }
            throw ShareError.ownerOnly(listName: shared.list.name)
        }
    }

    /// A shared list as the JSON API shows it: the list's members, then `sharedBy` (the
    /// owner's name) and `access` (`read` or `write`). Its `position` is its place in the
    /// user's sidebar (`positions`), not the owner's, which told how many lists the owner has
    /// and where the shared ones sit among them (a tester).
    static func object(for shared: SharedList, positions: [ReminderList.ID: Int64]) -> JSONValue {
        var list = shared.list
        if let position = positions[list.id] { list.position = Int(position) }
        return .object(WebService.members(of: TickJSON.object(for: list, openCount: shared.openCount))
                       + [("sharedBy", .string(shared.ownerName)), ("access", .string(shared.access.rawValue))])
    }

    /// The places of the lists shared with the user in their sidebar: after their own
    /// `lists`, in the order `shared` gives them (by name).
    static func sidebarPositions(of shared: [SharedList], after lists: [ReminderList]) -> [ReminderList.ID: Int64] {
        let after = lists.map { Int64($0.position) }.max() ?? 0
        return Dictionary(uniqueKeysWithValues: shared.enumerated().map { ($1.list.id, after + 1 + Int64($0)) })
    }

    /// A share as the JSON API shows it: `{ "user", "access" }`.
    static func object(for share: ListShare) -> JSONValue {
        .object([("user", .string(share.userName)), ("access", .string(share.access.rawValue))])
    }

    /// `GET /api/v1/lists/{id}/shares`: `{ "shares": [{ "user", "access" }] }` by user name, to
    /// the owner; to a user the list is shared with, also `sharedBy`.
    func listShares(_ id: String) throws -> HTTPResponse {
        let listID = ReminderList.ID(rawValue: id)
        do {
            let shares = try store.read { db in try db.shares(ofList: listID) }
            return WebService.json(.object([("shares", .array(shares.map(PostgresUserAPI.object(for:))))]))
        } catch ShareError.notShared {
            guard let shared = try sharedList(.list(listID)) else { throw ShareError.notShared }
            let shares = try sharedStore(shared).read { db in try db.shares(ofList: listID) }
            return WebService.json(.object([("shares", .array(shares.map(PostgresUserAPI.object(for:)))),
                                            ("sharedBy", .string(shared.ownerName))]))
        }
    }

    /// `PUT /api/v1/lists/{id}/shares/{user}` with `{ "access": "read" | "write" }`: shares the
    /// user's list with another user, or changes their access. 201 when new, else 200, with
    /// the share.
    /// - Throws: `Problem` 400 (body), 404 (no such list of the user, no such user), 403 (a
    ///   list shared with the user: only its owner shares it), 409 (the user themselves).
    func shareList(_ request: HTTPRequest, _ id: String, _ userName: String) throws -> HTTPResponse {
        let access = try WebService.shareAccess(request)
        let listID = ReminderList.ID(rawValue: id)
        let (share, isNew, _) = try ownerOnly(id, { () throws -> (ListShare, Bool, String) in
            try store.write(context, describedBy: PostgresUserAPI.describeShare) { db in
                let listName = try db.list(id: listID)?.name ?? id
                let (share, isNew) = try db.share(list: listID, with: userName, access: access)
                return (share, isNew, listName)
            }
        })
        return WebService.json(PostgresUserAPI.object(for: share), status: isNew ? 201 : 200)
    }

    /// The journal's command for a share made or changed, naming the list, the user and the
    /// access, so that a share made view-only does not read as the share it changed:
    /// `share “Groceries” with “bob” to edit` (new), `let “bob” only view “Groceries”` (changed).
    static func describeShare(_ made: (share: ListShare, isNew: Bool, listName: String)) -> String {
        let list = WebService.quoted(made.listName), user = WebService.quoted(made.share.userName)
        let edits = made.share.access == .write
        if made.isNew { return "share \(list) with \(user) to " + (edits ? "edit" : "view") }
        return edits ? "let \(user) edit \(list)" : "let \(user) only view \(list)"
    }

    /// `DELETE /api/v1/lists/{id}/shares/{user}`: the owner stops sharing the list with that
    /// user; a user it is shared with names themselves to leave it. 204.
    /// - Throws: `Problem` 404 (no such list, or not shared with that user), 403 (a user it
    ///   is shared with naming another).
    func unshareList(_ id: String, _ userName: String) throws -> HTTPResponse {
        let listID = ReminderList.ID(rawValue: id)
        let removed: Bool
        if userName.lowercased() == user.name.lowercased() {
            removed = try store.write(context, describedBy: { "leave the shared list " + WebService.quoted($0.1) }) { db in
                let listName = try db.sharedList(id: listID)?.list.name ?? id
                return (try db.leave(list: listID), listName)
            }.0
        } else {
            removed = try ownerOnly(id, { () throws -> Bool in
                try store.write(context, describedBy: { "stop sharing " + WebService.quoted($0.1) + " with " + WebService.quoted(userName) }) { db in
                    let listName = try db.list(id: listID)?.name ?? id
                    return (try db.unshare(list: listID, from: userName), listName)
                }.0
            })
        }
        guard removed else { throw Problem.notFound("the list is not shared with '\(userName)'") }
        return HTTPResponse(status: 204)
    }
}
