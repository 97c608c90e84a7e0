import Foundation
import TickActions
import TickInterchange
import TickModel
import TickPostgres

/// The JSON API's routes for one signed-in user on PostgreSQL: made for each request by
/// `PostgresWebService`, over the user's own store, in the zone the request names. The
/// shared handlers (`APIStore`) answer lists, pages by key and reminders; the smart lists by
/// date are `PostgresDatabase.dueListing`; search is `PostgresDatabase.search`; the event
/// stream is `PostgresChangeFeed`; alarms, undo and restore are the handlers of `AlarmStore`
/// and `JournalStore` stores.
///
/// Lists other users share with the user (`ShareAccess`) are reached through the same routes:
/// a route about a list or reminder the user's own store does not have tries the lists shared
/// with the user (`ownOrShared`), and answers through the owner's store opened with the share
/// (`ListGrant`), which every transaction confirms.
struct PostgresUserAPI: APIRoutes {
    let service: PostgresWebService
    let store: PostgresAPIStore
    /// The signed-in user.
    let user: UserRecord
    /// The zone the request names (`Time-Zone`), nil for the server's: dates are read and
    /// days counted there.
    let timeZone: TimeZone?

    /// The action context of the request: the clock read now, in its zone.
    var context: ActionContext { service.configuration.actionContext(in: timeZone) }

    /// Every list with its open count, and every smart list with its count, as on the
    /// single-user server, then `user` `{ "name" }`: who is signed in.
    func getLists(_ request: HTTPRequest) -> HTTPResponse {
        let context = self.context
        do {
            let (lists, openCounts, ownCounts, shared, shares) = try store.read { db in
                let listCounts = try db.listCounts()
                let due = try db.dueCounts(now: context.now, timeZone: context.timeZone)
                let counts: [SmartList: Int] = [.today: due.today, .scheduled: try db.scheduledCount(), .flagged: listCounts.flagged,
                                                .overdue: due.overdue, .completed: listCounts.completed,
                                                .all: listCounts.open.values.reduce(0, +)]
                return (try db.lists(), listCounts.open, counts, try db.listsSharedWithUser(), try db.sharesOfUserLists())
            }
            // The smart lists count the lists shared with the user too, as they list them.
            var counts = ownCounts
            counts[.all, default: 0] += shared.map(\.openCount).reduce(0, +)
            counts[.flagged, default: 0] += shared.map(\.flaggedCount).reduce(0, +)
            for list in shared {
                guard let due = try readShared(list, { db in
                    (try db.dueCounts(now: context.now, timeZone: context.timeZone), try db.scheduledCount(), try db.listCounts().completed)
                }) else { continue }
                counts[.today, default: 0] += due.0.today
                counts[.overdue, default: 0] += due.0.overdue
                counts[.scheduled, default: 0] += due.1
                counts[.completed, default: 0] += due.2
            }
            let smart = SmartList.allCases.map { list in
                JSONValue.object([("id", .string(list.rawValue)), ("name", .string(list.title)),
                                  ("count", .int(Int64(counts[list] ?? 0)))])
            }
            let own = lists.map { list in
                let object = TickJSON.object(for: list, openCount: openCounts[list.id] ?? 0)
                guard let sharedWith = shares[list.id] else { return object }
                return .object(WebService.members(of: object) + [("sharedWith", .array(sharedWith.map(PostgresUserAPI.object(for:))))])
            }
            // `user` names the signed-in user (the web app shows sharing and signing out for it).
            let positions = PostgresUserAPI.sidebarPositions(of: shared, after: lists)
            return WebService.json(.object([("lists", .array(own + shared.map { PostgresUserAPI.object(for: $0, positions: positions) })),
                                            ("smartLists", .array(smart)), ("user", .object([("name", .string(user.name))]))]))
        } catch {
            return Problem.from(error).response
        }
    }

    func addList(_ request: HTTPRequest) throws -> HTTPResponse { try store.addList(request, context: context) }

    func getList(_ id: String) throws -> HTTPResponse {
        do {
            return try store.getList(id)
        } catch where Problem.from(error).status == 404 {
            let found = try store.read { db in
                (try db.sharedList(id: ReminderList.ID(rawValue: id)), try db.lists(), try db.listsSharedWithUser())
            }
            guard let shared = found.0 else { throw error }
            return WebService.json(PostgresUserAPI.object(for: shared, positions: PostgresUserAPI.sidebarPositions(of: found.2, after: found.1)))
        }
    }

    func patchList(_ request: HTTPRequest, _ id: String) throws -> HTTPResponse {
        try ownerOnly(id) { try store.patchList(request, id, context: context) }
    }
    func deleteList(_ request: HTTPRequest, _ id: String) throws -> HTTPResponse {
        try ownerOnly(id) { try store.deleteList(request, id, context: context) }
    }
    /// `POST /api/v1/lists/{id}/move`: the user's own list among their own. A `before` or
    /// `after` naming a list shared with them is a 409 saying where those lists go (it was a
    /// 404, "no such list", of a list in their sidebar: a tester).
    func moveList(_ request: HTTPRequest, _ id: String) throws -> HTTPResponse {
        do {
            return try ownerOnly(id) { try store.moveList(request, id, context: context) }
        } catch where Problem.from(error).status == 404 {
            guard let body = try? JSONBody(request, allowed: ["before", "after", "position"]) else { throw error }
            for field in ["before", "after"] {
                guard let named = (try? body.string(field).value) ?? nil, named != id,
                      let shared = try sharedList(.list(ReminderList.ID(rawValue: named))) else { continue }
                throw Problem.conflict("the list '\(shared.list.name)' (\"\(field)\") is \(shared.ownerName)'s, shared with you: the lists "
                                       + "shared with you come after your own, by name, and yours move among your own")
            }
            throw error
        }
    }

    func listReminders(_ request: HTTPRequest, _ id: String) throws -> HTTPResponse {
        let (limit, cursor) = try WebService.paging(request)
        let listID = ReminderList.ID(rawValue: id)
        let includesCompleted = try WebService.flag(request, "completed")
        return try ownOrShared(.list(listID), needing: .read) {
            try $0.listPage(listID, includesCompleted: includesCompleted, limit: limit, cursor: cursor)
        }
    }

    func smartReminders(_ request: HTTPRequest, _ name: String) throws -> HTTPResponse {
        let smartList = try WebService.smartList(named: name)
        let completed = try WebService.showsCompleted(request, in: smartList)
        let (limit, cursor) = try WebService.paging(request)
        switch smartList {
        case .all: return try keysetPageWithShared(completed ? .every : .open, limit: limit, cursor: cursor)
        case .flagged: return try keysetPageWithShared(completed ? .everyFlagged : .flagged, limit: limit, cursor: cursor)
        case .completed: return try completedWithShared(limit: limit, cursor: cursor)
        case .today, .scheduled, .overdue:
            // After the first page the listing is read whole and started after the cursor's place.
            let anchor = try PageCursor.dueAnchor(cursor, of: smartList)
            let wanted = anchor == nil ? limit + 1 : Int.max
            let context = self.context
            let (own, lists, shared) = try store.read { db in
                let lists = try db.listsByID()
                return (try db.dueListing(smartList, now: context.now, timeZone: context.timeZone, limit: wanted,
                                          listPositions: lists.mapValues { Int64($0.position) }, includesCompleted: completed),
                        lists, try db.listsSharedWithUser())
            }
            guard !shared.isEmpty else {
                return WebService.json(WebService.duePage(own, of: smartList, after: anchor, limit: limit, lists: lists,
                                                          zone: context.timeZone))
            }
            // The lists shared with the user too, each read through its owner's store, placed
            // after the user's own lists (as in the sidebar) for the order of equal dates.
            var positions = lists.mapValues { Int64($0.position) }
            var named = lists
            var rows = own
            let after = positions.values.max() ?? 0
            for (index, list) in shared.enumerated() {
                positions[list.list.id] = after + 1 + Int64(index)
                named[list.list.id] = list.list
                let place = [list.list.id: after + 1 + Int64(index)]
                rows += try readShared(list) { db in
                    try db.dueListing(smartList, now: context.now, timeZone: context.timeZone, limit: wanted, listPositions: place,
                                      includesCompleted: completed)
                } ?? []
            }
            return WebService.json(WebService.duePage(DueOrder.sorted(rows, in: context.timeZone, listPositions: positions),
                                                      of: smartList, after: anchor, limit: limit, lists: named,
                                                      positions: positions, zone: context.timeZone))
        }
    }

    /// `GET /api/v1/search?q=…[&list=ID][&completed=true]`, paged after the last row's place
    /// (`WebService.searchPage`), as on SQLite: the user's lists by their positions, then the
    /// lists shared with them in the sidebar's order.
    func search(_ request: HTTPRequest) throws -> HTTPResponse {
        let query = try WebService.searchQuery(request)
        let (limit, cursor) = try WebService.paging(request)
        let after = try WebService.searchCursor(cursor)
        let includesCompleted = try WebService.flag(request, "completed")
        let listID = request.query["list"].map(ReminderList.ID.init(rawValue:))
        var named: [ReminderList.ID: ReminderList] = [:]
        var ranks: [ReminderList.ID: Int64] = [:]
        let (page, next) = try WebService.searchPage(after: after, limit: limit, rank: { ranks[$0] }) { wanted in
            let (own, lists, shared) = try store.read { db in
                let lists = try db.listsByID()
                let shared = try db.listsSharedWithUser()
                if let listID, lists[listID] == nil {
                    // `list` names a list shared with the user, or none of theirs.
                    guard let one = shared.first(where: { $0.list.id == listID }) else { throw ActionError.listGone(listID) }
                    return ([Reminder](), lists, [one])
                }
                return (try db.search(query, inList: listID, includesCompleted: includesCompleted, limit: wanted), lists,
                        listID == nil ? shared : [])
            }
            named = lists
            ranks = lists.mapValues { Int64($0.position) }
            let after = ranks.values.max() ?? 0
            for (index, list) in shared.enumerated() {
                named[list.list.id] = list.list
                ranks[list.list.id] = after + 1 + Int64(index)
            }
            // The lists shared with the user after their own, in the sidebar's order, each through
            // its owner's store and restricted to that list, until enough rows are read.
            var rows = own
            for list in shared where rows.count < wanted {
                rows += try readShared(list) { db in
                    try db.search(query, inList: list.list.id, includesCompleted: includesCompleted, limit: wanted - rows.count)
                } ?? []
            }
            return rows
        }
        return WebService.json(WebService.page(page, lists: named, next: next?.text))
    }

    /// `POST /api/v1/reminders`: into a list shared with the user (read-write) when its
    /// `list`, or else its `parent`, is in one.
    func addReminder(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try JSONBody(request, allowed: ReminderFields.allowed)
        let target: SharedTarget? = if let list = try body.string("list").value {
            .list(ReminderList.ID(rawValue: list))
        } else {
            try body.string("parent").value.map { .reminder(ReminderUID($0)) }
        }
        return try ownOrShared(target, needing: .write) { try $0.addReminder(request, context: context) }
    }
    func getReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse {
        try ownOrShared(.reminder(ReminderUID(uid)), needing: .read, inList: WebService.listOfReminder(request)) {
            try $0.getReminder(uid, context: context)
        }
    }
    func patchReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse {
        // The list it moves to, when the body names one (a body that does not read was refused already).
        let destination = { (try? JSONBody(request, allowed: ReminderFields.allowed).string("list").value)?.map { ReminderList.ID(rawValue: $0) } }
        return try namingAnchors(request, uid, ["parent"]) {
            try ownOrShared(.reminder(ReminderUID(uid)), needing: .write, inList: WebService.listOfReminder(request), movingTo: destination) {
                try $0.patchReminder(request, uid, context: context)
            }
        }
    }
    func deleteReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse {
        try ownOrShared(.reminder(ReminderUID(uid)), needing: .write, inList: WebService.listOfReminder(request)) {
            try $0.deleteReminder(request, uid, context: context)
        }
    }
    func complete(_ request: HTTPRequest, _ uid: String, _ change: CompletionChange) throws -> HTTPResponse {
        try ownOrShared(.reminder(ReminderUID(uid)), needing: .write, inList: WebService.listOfReminder(request)) {
            try $0.complete(request, uid, change, context: context)
        }
    }
    func moveReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse {
        try namingAnchors(request, uid, ["before", "after"]) {
            try ownOrShared(.reminder(ReminderUID(uid)), needing: .write, inList: WebService.listOfReminder(request)) {
                try $0.moveReminder(request, uid, context: context)
            }
        }
    }

    /// `respond`, whose 404 for a reminder named in the body (`fields`: a new `parent`, the
    /// `before`/`after` of a move) that the user does see, in another list (their own, or one
    /// shared with them), is a 409 saying so: the store answering through one list finds none
    /// elsewhere, and "there is no reminder" named one the user had just opened (a tester).
    func namingAnchors(_ request: HTTPRequest, _ uid: String, _ fields: [String],
                       _ respond: () throws -> HTTPResponse) throws -> HTTPResponse {
        do {
            return try respond()
        } catch where Problem.from(error).status == 404 {
            guard let body = try? JSONBody(request, allowed: ReminderFields.allowed.union(["before", "after", "position"])) else { throw error }
            /// The list the user sees `uid` in (their own first), with its name.
            func seen(_ uid: ReminderUID) throws -> (id: ReminderList.ID, name: String)? {
                try store.read { db in
                    if let own = try db.reminder(uid: uid), let list = try db.list(id: own.listID) { return (list.id, list.name) }
                    return try db.sharedList(holding: uid).map { ($0.list.id, $0.list.name) }
                }
            }
            // The reminder's own list, which it must be in (else the 404 was about it).
            let home: (id: ReminderList.ID, name: String)? = try store.read { db in
                let target = ReminderUID(uid)
                let own = try db.reminder(uid: target).flatMap { reminder in try db.list(id: reminder.listID) }.map { ($0.id, $0.name) }
                let shared = try db.sharedList(holding: target).map { ($0.list.id, $0.list.name) }
                guard let wanted = WebService.listOfReminder(request) else { return own ?? shared }
                return [own, shared].compactMap { $0 }.first { $0.0 == wanted }
            }
            guard let home else { throw error }
            for field in fields {
                guard let named = (try? body.string(field).value) ?? nil, let anchor = try seen(ReminderUID(named)),
                      anchor.id != home.id else { continue }
                throw Problem.conflict("'\(named)' (\"\(field)\") is in the list '\(anchor.name)': a subtask's parent, and the "
                                       + "reminder one is moved next to, are in its own list")
            }
            throw error
        }
    }

    /// Puts back a reminder the user deleted, in their own lists or in a list shared with
    /// them to edit (through the owner's journal, where the change is the user's), or one a
    /// member deleted from a list of the user's (a new change of the user's, which they can
    /// undo). Their own store's 404 (no deletion of theirs) or 409 (a reminder of theirs has
    /// the UID) is the answer unless they deleted it from a list shared with them, or, for
    /// the 404, a member deleted it from one of their lists. `?list=` names the list it was
    /// deleted from (a reminder of the user's own and one of a shared list may have one UID):
    /// 404 when no deletion of it from that list is theirs to undo.
    func restoreReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse {
        let wanted = WebService.listOfReminder(request)
        let (sharedWanted, sharedDeleting) = try store.read { db in
            (try wanted.flatMap { id in try db.list(id: id) == nil ? try db.sharedList(id: id) : nil },
             try db.sharedList(deleting: ReminderUID(uid)))
        }
        if let wanted, let sharedWanted {
            guard sharedDeleting?.list.id == wanted else {
                throw Problem.notFound("no reminder with the uid '\(uid)' deleted from that list is in the change journal")
            }
            return try writableStore(of: sharedWanted).restoreReminder(uid, inList: wanted, context: context)
        }
        do {
            return try store.restoreReminder(uid, inList: wanted, context: context)
        } catch where [404, 409].contains(Problem.from(error).status) {
            if wanted == nil, let shared = sharedDeleting {
                return try writableStore(of: shared).restoreReminder(uid, context: context)
            }
            if Problem.from(error).status == 409, let taken = try store.uidTakenSinceMembersDeletion(uid) { throw Problem.conflict(taken) }
            guard Problem.from(error).status == 404 else { throw error }
            // Two restores at once: the later runs into the uid the first put back (a tester).
            let restored = try WebService.takenUID("the reminder with the uid '\(uid)' cannot be put back: another reminder has its "
                                                   + "uid now (restored already?); nothing was restored") {
                try store.restoreMembersDeletion(uid, inList: wanted, context: context)
            }
            guard let restored else { throw error }
            return restored
        }
    }

    /// Undoes the user's newest change (or the change the body names), in their own lists or
    /// in a list shared with them to edit: change ids are shared by every user's journal, so
    /// the newest of the two is the later one.
    func undo(_ request: HTTPRequest) throws -> HTTPResponse {
        let named = try WebService.changeToUndo(request)
        let (own, shared) = try store.read { db in
            (try db.journalChanges(limit: 1, includingUndone: false).first?.id, try db.newestChangeInSharedList(named: named))
        }
        if let shared, named != nil || own.map({ shared.change > $0 }) ?? true {
            return try writableStore(of: shared.list).undo(shared.change, context: context)
        }
        return try store.undo(named, context: context)
    }

    /// The user's changes undo can take back (by their id), newest first: in their own lists,
    /// and in lists shared with them (in the owners' journals; one shared to view only now
    /// answers its undo with 403). With `?all=true`, those undone too.
    func changes(_ request: HTTPRequest) throws -> HTTPResponse {
        let includingUndone = try WebService.flag(request, "all")
        let depth = Int(JournalChange.depth)
        let changes = try store.read { db in
            try db.journalChanges(limit: depth, includingUndone: includingUndone)
                + db.journalChangesInSharedLists(limit: depth, includingUndone: includingUndone)
        }
        return WebService.changesResponse(Array(changes.sorted { $0.id > $1.id }.prefix(depth)))
    }

    /// The owner's store of the list `shared`, opened to change it (403 when the share is to read only).
    private func writableStore(of shared: SharedList) throws -> PostgresAPIStore {
        guard shared.access == .write else { throw ShareError.readOnly(listName: shared.list.name) }
        var grant = shared.grant(to: store.store.user)
        grant.access = .write
        return PostgresAPIStore(store: PostgresStore(pool: store.store.pool, user: shared.owner, grant: grant))
    }
    /// The alarms due in the user's own lists (a list shared with them rings for its owner).
    func dueAlarms(_: HTTPRequest) throws -> HTTPResponse { try store.dueAlarms(context: context) }
    func alarmDelivered(_: HTTPRequest, _ uid: String, _ alarmUID: String) throws -> HTTPResponse {
        try store.alarmDelivered(uid, alarmUID, context: context)
    }
    /// `GET /api/v1/events`: `event: change` whenever this user's lists or reminders change,
    /// through any server (`PostgresChangeFeed`).
    func events(_ request: HTTPRequest) -> HTTPResponse {
        let (service, user) = (service, store.store.user)
        guard service.changes.openStreams(of: user) < PostgresChangeFeed.streamsPerUser else {
            return Problem(status: 429, name: "too-many-streams",
                           detail: "this user has \(PostgresChangeFeed.streamsPerUser) event streams open on this server, the most it keeps; "
                               + "close some pages or tabs (each keeps one)",
                           headers: [("Retry-After", "30")]).response
        }
        return WebService.eventStream { service.changes.subscribe($0, user: user) { service.stillSignsIn(request, as: user) } }
    }
    func openAPI() -> HTTPResponse { WebService.json(WebService.openAPIDocument(routes: service.router.routes)) }
}
