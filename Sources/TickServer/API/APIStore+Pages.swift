import Foundation
import TickActions
import TickInterchange
import TickModel
import TickPostgres

/// Pages of reminders read by key on any store (`APIStore`).
extension APIStore {
    /// A page of `scope` after `cursor`: O(limit) rows whatever the listing's size. The
    /// lists are read first, in the same transaction: the page's list must be one of them
    /// (no statement of its own for that).
    /// - Throws: `Problem` 400 for a cursor of another listing; `ActionError.listGone` (404)
    ///   for a list page of a list that is not there; the store's error.
    func keysetPage(_ scope: PageScope, limit: Int, cursor: PageCursor?) throws -> HTTPResponse {
        if case .offset? = cursor { throw Problem.badRequest("?cursor is not a cursor of this listing") }
        let (rows, lists) = try read { db in
            let lists = try db.listsByID()
            if case .list(let id, _) = scope, lists[id] == nil { throw ActionError.listGone(id) }
            return (try Actions.page(scope, from: cursor?.anchor, direction: .forward, limit: limit + 1, in: db), lists)
        }
        let page = Array(rows.prefix(limit))
        let next = rows.count > limit ? page.last.map { PageCursor(after: $0).text } : nil
        return WebService.json(WebService.page(page, lists: lists, next: next))
    }
}

extension PostgresAPIStore {
    /// `keysetPage(.list(id, includesCompleted:), …)` read in one statement, the list with
    /// its rows (`PostgresDatabase.listPage`): one round trip to PostgreSQL instead of three
    /// (through a share, a transaction that confirms it first). The same answer.
    /// - Throws: `Problem` 400 for a cursor of another listing; `ActionError.listGone` (404)
    ///   for a list that is not there; the store's error.
    func listPage(_ id: ReminderList.ID, includesCompleted: Bool, limit: Int, cursor: PageCursor?) throws -> HTTPResponse {
        if case .offset? = cursor { throw Problem.badRequest("?cursor is not a cursor of this listing") }
        let found = try store.readInOneStatement { db in
            try db.listPage(id: id, includesCompleted: includesCompleted, after: cursor?.anchor, limit: limit + 1)
        }
        guard let (list, rows) = found else { throw ActionError.listGone(id) }
        let page = Array(rows.prefix(limit))
        let next = rows.count > limit ? page.last.map { PageCursor(after: $0).text } : nil
        return WebService.json(WebService.page(page, lists: [list.id: list], next: next))
    }
}
