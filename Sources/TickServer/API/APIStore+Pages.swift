import Foundation
import TickActions
import TickInterchange
import TickModel

/// Pages of reminders read by key on any store (`APIStore`).
extension APIStore {
    /// A page of `scope` after `cursor`: O(limit) rows whatever the listing's size.
    /// - Parameter check: runs first in the same transaction (the list exists).
    /// - Throws: `Problem` 400 for a cursor of another listing, or from `check`; the store's error.
    func keysetPage(_ scope: PageScope, limit: Int, cursor: PageCursor?,
                    check: (Transaction) throws -> Void = { _ in }) throws -> HTTPResponse {
        if case .offset? = cursor { throw Problem.badRequest("?cursor is not a cursor of this listing") }
        let (rows, lists) = try read { db in
            try check(db)
            let rows = try Actions.page(scope, from: cursor?.anchor, direction: .forward, limit: limit + 1, in: db)
            return (rows, try db.listsByID())
        }
        let page = Array(rows.prefix(limit))
        let next = rows.count > limit ? page.last.map { PageCursor(after: $0).text } : nil
        return WebService.json(WebService.page(page, lists: lists, next: next))
    }
}
