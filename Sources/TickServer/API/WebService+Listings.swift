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
        return try searchPage(listing, limit: limit, cursor: cursor, context: actionContext(for: request))
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

    /// A page of a search: read from its start (`searchPage(after:limit:rank:read:)`), the lists
    /// ranked by their positions.
    private func searchPage(_ listing: ListingRequest, limit: Int, cursor: PageCursor?, context: ActionContext) throws -> HTTPResponse {
        var listing = listing
        var lists: [ReminderList.ID: ReminderList] = [:]
        let (page, next) = try WebService.searchPage(after: try WebService.searchCursor(cursor), limit: limit,
                                                     rank: { lists[$0].map { Int64($0.position) } }) { count in
            listing.limit = count
            let result = try Actions(store: reader, context: context).listing(listing)
            lists = result.lists
            guard case .full(let rows) = result.rows else { return [] }
            return rows
        }
        return WebService.json(WebService.page(page, lists: lists, next: next?.text))
    }

    /// Where a page of a search starts: after the anchor `cursor` holds, looked for from its
    /// offset; the start without one.
    /// - Throws: `Problem` 400 for a cursor of another listing, or an offset this server cannot have given.
    static func searchCursor(_ cursor: PageCursor?) throws(Problem) -> (offset: Int, after: SearchAnchor?) {
        switch cursor {
        case .search(let offset, let anchor)?:
            // The offset of a page this server gave is below any listing's size; a larger one would overflow below.
            guard offset <= Int.max / 4 - 4 * WebService.largestPage else {
                throw Problem.badRequest("?cursor is not a cursor this server gave")
            }
            return (offset, anchor)
        case .key?, .due?: throw Problem.badRequest("?cursor is not a cursor of this listing")
        case nil: return (0, nil)
        }
    }

    /// The page of `limit` rows of a search after `cursor`, read whole from its start: the rows
    /// after the cursor's anchor in manual order (by each list's `rank`, then position, then
    /// number), so that a row completed, deleted or moved before it since the last page shifts
    /// nothing; from the cursor's offset when it has no anchor or the anchor's list is gone.
    /// - Parameters:
    ///   - rank: a list's place among the lists, in the order the rows come in; nil when there
    ///     is no such list.
    ///   - read: the search's first `count` rows (fewer at its end), in manual order; read again,
    ///     with a larger count, when the anchor lies past the rows read.
    /// - Returns: the page, and the cursor of the next one (nil at the end).
    /// - Complexity: O(the rows up to the page's end), as a search is read.
    static func searchPage(after cursor: (offset: Int, after: SearchAnchor?), limit: Int, rank: (ReminderList.ID) -> Int64?,
                           read: (_ count: Int) throws -> [Reminder]) throws -> (page: [Reminder], next: PageCursor?) {
        var wanted = cursor.offset + 2 * limit + 1
        while true {
            let rows = try read(wanted)
            var start = min(cursor.offset, rows.count)
            if let anchor = cursor.after, let listRank = rank(ReminderList.ID(rawValue: anchor.listID)) {
                let key = (listRank, anchor.position, anchor.number)
                start = rows.firstIndex { row in
                    guard let rowRank = rank(row.listID) else { return false }
                    return (rowRank, row.position, row.number.rawValue) > key
                } ?? rows.count
            }
            // Rows past the page tell whether there is a next one; at the search's end there are none.
            if rows.count == wanted, start + limit >= rows.count {
                wanted = max(2 * wanted, start + 2 * limit + 1)
                continue
            }
            let page = Array(rows[start..<min(start + limit, rows.count)])
            let next = start + limit < rows.count ? page.last.map { PageCursor.search(offset: start + limit, after: SearchAnchor($0)) } : nil
            return (page, next)
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
