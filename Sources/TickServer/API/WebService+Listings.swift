import Foundation
import TickActions
import TickInterchange
import TickModel
import TickStore

/// Pages of reminders: a list, a smart list, a search.
extension WebService {
    /// The most rows one page gives.
    static let largestPage = 500

    func listReminders(_ request: HTTPRequest, _ id: String) throws -> HTTPResponse {
        let (limit, cursor) = try WebService.paging(request)
        let completed = try WebService.flag(request, "completed")
        let listID = ReminderList.ID(rawValue: id)
        return try keysetPage(.list(listID, includesCompleted: completed), limit: limit, cursor: cursor, request: request)
    }

    func smartReminders(_ request: HTTPRequest, _ name: String) throws -> HTTPResponse {
        let smartList = try WebService.smartList(named: name)
        let completed = try WebService.showsCompleted(request, in: smartList)
        let (limit, cursor) = try WebService.paging(request)
        switch smartList {
        case .all: return try keysetPage(completed ? .every : .open, limit: limit, cursor: cursor, request: request)
        case .flagged: return try keysetPage(completed ? .everyFlagged : .flagged, limit: limit, cursor: cursor, request: request)
        case .completed: return try keysetPage(.completed, limit: limit, cursor: cursor, request: request)
        case .today, .scheduled, .overdue:
            return try duePage(smartList, completed: completed, limit: limit, cursor: cursor, context: actionContext(for: request))
        }
    }

    /// A page of a smart list by date, read whole after its first page (sorted in Swift by
    /// `DueOrder`, it has no index to start at) and started after the cursor's place.
    private func duePage(_ smartList: SmartList, completed: Bool, limit: Int, cursor: PageCursor?,
                         context: ActionContext) throws -> HTTPResponse {
        let anchor = try PageCursor.dueAnchor(cursor, of: smartList)
        var listing = ListingRequest(source: .smartList(smartList), includesCompleted: completed, detail: .full)
        listing.limit = anchor == nil ? limit + 1 : nil
        let result = try Actions(store: reader, context: context).listing(listing)
        guard case .full(let rows) = result.rows else { return WebService.json(WebService.page([], lists: [:], next: nil)) }
        return WebService.json(WebService.duePage(rows, of: smartList, after: anchor, limit: limit, lists: result.lists,
                                                  zone: context.timeZone))
    }

    /// The smart list `name` names (any case).
    /// - Throws: `Problem` 404 naming the smart lists there are.
    static func smartList(named name: String) throws(Problem) -> SmartList {
        guard let smartList = SmartList(rawValue: name.lowercased()) else {
            throw .notFound("there is no smart list '\(name)'; they are: "
                            + SmartList.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return smartList
    }

    func search(_ request: HTTPRequest) throws -> HTTPResponse {
        let query = try WebService.searchQuery(request)
        let (limit, cursor) = try WebService.paging(request)
        let source = request.query["list"].map { ListingSource.listID(ReminderList.ID(rawValue: $0)) } ?? .everyList
        let listing = ListingRequest(source: source, search: query, includesCompleted: try WebService.flag(request, "completed"),
                                     detail: .full)
        return try offsetPage(listing, limit: limit, cursor: cursor, context: actionContext(for: request))
    }

    /// The search `?q` asks for (`SearchQuery`).
    /// - Throws: `Problem` 400 for none, or one that does not parse (saying where).
    static func searchQuery(_ request: HTTPRequest) throws(Problem) -> SearchQuery {
        guard let words = request.query["q"], !words.isBlank else { throw .badRequest("?q: say what to look for") }
        do {
            return try SearchQuery(parsing: words)
        } catch {
            throw .badRequest("?q: \(error.description)")
        }
    }

    /// A page read by key: O(limit) rows whatever the listing's size; kept in the cache
    /// until the database changes (it depends on nothing else).
    private func keysetPage(_ scope: PageScope, limit: Int, cursor: PageCursor?, request: HTTPRequest) throws -> HTTPResponse {
        guard let cache else { return try sqlite.keysetPage(scope, limit: limit, cursor: cursor) }
        let key = request.path + "?" + request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        return try cache.answer(for: key) { try sqlite.keysetPage(scope, limit: limit, cursor: cursor) }
    }

    /// A page of a listing read whole (smart lists by date, search), by the days of `context`'s zone.
    private func offsetPage(_ listing: ListingRequest, limit: Int, cursor: PageCursor?, context: ActionContext) throws -> HTTPResponse {
        let offset = try WebService.offset(of: cursor)
        // The rows before the page are read too (a listing by due date is sorted in Swift,
        // and has no key to start at).
        var listing = listing
        listing.limit = offset + limit + 1
        let result = try Actions(store: reader, context: context).listing(listing)
        guard case .full(let rows) = result.rows else { return WebService.json(WebService.page([], lists: [:], next: nil)) }
        return WebService.json(WebService.page(rows, offset: offset, limit: limit, lists: result.lists))
    }

    /// Where a page of a listing read whole starts: the offset `cursor` holds, 0 without one.
    /// - Throws: `Problem` 400 for a cursor by key, or an offset this server cannot have given.
    static func offset(of cursor: PageCursor?) throws(Problem) -> Int {
        switch cursor {
        case .offset(let value)?:
            // The offset of a page this server gave is below any listing's size; a larger one would overflow below.
            guard value <= Int.max - WebService.largestPage - 1 else {
                throw Problem.badRequest("?cursor is not a cursor this server gave")
            }
            return value
        case .key?, .due?: throw Problem.badRequest("?cursor is not a cursor of this listing")
        case nil: return 0
        }
    }

    /// The answer for a page read by key: `rows` read up to one row past the page (which tells
    /// whether there is a next one, whose cursor is after the page's last row).
    static func keyPage(_ rows: [Reminder], limit: Int, lists: [ReminderList.ID: ReminderList]) -> HTTPResponse {
        let page = Array(rows.prefix(limit))
        let next = rows.count > limit ? page.last.map { PageCursor(after: $0).text } : nil
        return WebService.json(WebService.page(page, lists: lists, next: next))
    }

    /// The page of `limit` rows of `sorted` (in `DueOrder` by `positions`, read up to one row
    /// past the page) after `anchor`, with the cursor after its last row when there are more.
    /// - Parameter positions: the lists' places the rows were sorted by (the lists' own
    ///   positions, unless the caller placed some elsewhere: shared lists after the user's own).
    static func duePage(_ sorted: [Reminder], of smartList: SmartList, after anchor: DueOrder.Key?, limit: Int,
                        lists: [ReminderList.ID: ReminderList], positions: [ReminderList.ID: Int64]? = nil,
                        zone: TimeZone) -> JSONBytes {
        let positions = positions ?? lists.mapValues { Int64($0.position) }
        let rest = anchor.map { DueOrder.rows(sorted, after: $0, in: zone, listPositions: positions) } ?? sorted[...]
        let page = Array(rest.prefix(limit))
        let next = rest.count > limit ? page.last.map { PageCursor.due(smartList, DueOrder.Key($0, in: zone, listPositions: positions)).text } : nil
        return WebService.page(page, lists: lists, next: next)
    }

    /// The page of `limit` rows from `offset` of `rows`, a listing read up to one row past
    /// the page (which tells whether there is a next one).
    static func page(_ rows: [Reminder], offset: Int, limit: Int, lists: [ReminderList.ID: ReminderList]) -> JSONBytes {
        let page = Array(rows.dropFirst(offset).prefix(limit))
        let next = offset + limit < rows.count ? PageCursor.offset(offset + limit).text : nil
        return WebService.page(page, lists: lists, next: next)
    }

    /// `{ "reminders": […], "nextCursor": … }`, compact, as the `JSONValue` of the same members
    /// would be written, each reminder written straight into the bytes (`TickJSON.ReminderWriter`).
    static func page(_ reminders: [Reminder], lists: [ReminderList.ID: ReminderList], next: String?) -> JSONBytes {
        var out = ByteBuffer(capacity: 128 + reminders.count * 700)
        out.append(#"{"reminders":["#)
        var writer = TickJSON.ReminderWriter()
        for (index, reminder) in reminders.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            writer.append(reminder, listName: lists[reminder.listID]?.name, level: nil, to: &out)
        }
        out.append(#"],"nextCursor":"#)
        out.append(contentsOf: JSONValue.optional(next).utf8())
        out.append(UInt8(ascii: "}"))
        return JSONBytes(utf8: out.bytes)
    }

    /// `?limit` (1…500, default 50) and `?cursor`.
    /// - Throws: `Problem` 400.
    static func paging(_ request: HTTPRequest) throws(Problem) -> (Int, PageCursor?) {
        var limit = 50
        if let text = request.query["limit"] {
            guard let value = Int(text), (1...largestPage).contains(value) else {
                throw .badRequest("?limit is a whole number from 1 to \(largestPage), not '\(text)'")
            }
            limit = value
        }
        let cursor = try request.query["cursor"].map { text throws(Problem) in try PageCursor(text: text) }
        return (limit, cursor)
    }
}
