import Foundation
import TickActions
import TickInterchange
import TickModel

/// Pages of reminders read by key on any store (`APIStore`).
extension APIStore {
    /// A page of `scope` after `cursor`: O(limit) rows whatever the listing's size. The
    /// lists are read first, in the same transaction: the page's list must be one of them
    /// (no statement of its own for that).
    /// - Throws: `Problem` 400 for a cursor of another listing; `ActionError.listGone` (404)
    ///   for a list page of a list that is not there; the store's error.
    func keysetPage(_ scope: PageScope, limit: Int, cursor: PageCursor?) throws -> HTTPResponse {
        let anchor = try PageCursor.keyAnchor(cursor, in: scope)
        let (rows, lists) = try read { db in
            let lists = try db.listsByID()
            if case .list(let id, _) = scope, lists[id] == nil { throw ActionError.listGone(id) }
            return (try Actions.page(scope, from: anchor, direction: .forward, limit: limit + 1, in: db), lists)
        }
        return WebService.keyPage(rows, limit: limit, lists: lists)
    }
}
