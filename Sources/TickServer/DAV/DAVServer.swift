import Foundation
import TickActions
import TickModel
import TickPostgres
import TickStore
import TickSync

/// The CalDAV server's handlers (RFC 4791 over RFC 4918, with RFC 6578 sync) on any store
/// whose transactions answer `DAVTransaction`: `SQLiteAPIStore` for `tick serve`, one
/// user's `PostgresAPIStore` for `tick serve --database`. The same code serves both; on
/// PostgreSQL every lookup is the signed-in user's, so another user's list or reminder is
/// "not found" (404), exactly like one that does not exist.
///
/// A generic parameter, not an existential, as for the JSON API (`APIStore`): the handlers
/// are specialized for each store. Made per request, after the request is signed in.
struct DAVServer<Store: APIStore> where Store.Transaction: DAVTransaction {
    /// The signed-in user's lists and reminders.
    let store: Store
    /// The clock, zone, locale and alarm defaults of the server.
    let configuration: WebService.Configuration
    /// What the signed-in user may do when `store` is another user's, reached through a list
    /// they share (PostgreSQL); nil for the user's own store. A shared list's collection is
    /// not renamed, recolored or made by its members (PROPPATCH, MKCALENDAR and MKCOL: 403).
    var sharedAccess: ShareAccess? = nil
    /// The lists other users share with the signed-in one, listed in the calendar home after
    /// the user's own, each with the store it is read through.
    var sharedCollections: [(list: ReminderList, store: Store, access: ShareAccess)] = []

    /// The action context of a request: the clock read now.
    func actionContext() -> ActionContext { configuration.actionContext() }

    /// Answers a signed-in request for a path under `/dav/` (RFC 4918 §9, RFC 4791 §5–7,
    /// RFC 6578 §3): 404 for a path outside the layout (`DAVPath`) or naming no list or
    /// reminder of the store, the handler's answer otherwise.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard let path = DAVPath(request.path) else {
            return DAVFailure.notFound("there is nothing at \(request.path) (the CalDAV server's root is \(DAVPath.rootPath))").response
        }
        do {
            if sharedAccess != nil, ["PROPPATCH", "MKCALENDAR", "MKCOL"].contains(request.method) {
                throw DAVFailure(403, nil, "only the owner of a shared list renames, recolors or reorders it")
            }
            if sharedAccess == .read, ["PUT", "DELETE"].contains(request.method), case .item = path {
                // Before the body is read: the member may not write here whatever it holds (a
                // tester: an invalid body got `valid-calendar-data`, a valid one a bare 403).
                // RFC 3744 §7.1.1 names the privilege missing.
                throw DAVFailure(403, .d("need-privileges"), "the list is shared with you read-only; its owner can give you write access",
                                 conditionContent: "<D:resource>" + WebService.href(path)
                                    + "<D:privilege><D:\(request.method == "PUT" ? "write-content" : "unbind")/></D:privilege></D:resource>")
            }
            if sharedAccess != nil, request.method == "DELETE", case .collection = path {
                // Through any share, as the JSON API answers (a write share's store sees one
                // list, which `deleteList` took for the owner's last).
                throw DAVFailure(403, nil, "only the owner of a shared list deletes it; to leave it, "
                                 + "DELETE /api/v1/lists/{id}/shares/{your name}")
            }
            switch request.method {
            case "PROPFIND": return try davPropfind(request, path)
            case "GET", "HEAD": return try davGet(path)
            case "PUT": return try davPut(request, path)
            case "DELETE": return try davDelete(request, path)
            case "REPORT": return try davReport(request, path)
            case "PROPPATCH": return try davProppatch(request, path)
            case "MKCALENDAR": return try davMakeCalendar(request, path)
            case "MKCOL": return try davMakeCollection(request, path)
            default:
                return DAVFailure(405, nil, "a CalDAV path takes \(WebService.davMethods), not \(request.method)")
                    .response.withHeader("Allow", WebService.davMethods)
            }
        } catch let failure as DAVFailure {
            return failure.response
        } catch {
            let problem = Problem.from(error)
            return DAVFailure(problem.status, nil, problem.detail).response
        }
    }

    // MARK: - Reading

    /// The `Depth` header of a PROPFIND: 0 or 1 (`infinity`, or none, is read as 1: the
    /// tree is three levels deep and answering it whole costs no more than 1 does).
    /// - Throws: `DAVFailure` 400 for a value RFC 4918 §10.2 does not have (a tester:
    ///   `Depth: banana` was read as 1).
    static func depth(_ request: HTTPRequest) throws(DAVFailure) -> Int {
        guard let value = request.header("depth")?.trimmingCharacters(in: .whitespaces) else { return 1 }
        switch value.lowercased() {
        case "0": return 0
        case "1", "infinity": return 1
        default:
            let shown = value.shown(atMost: 40)
            throw DAVFailure(400, nil, "Depth is 0, 1 or infinity (RFC 4918 §10.2), not '\(shown)'")
        }
    }

    func davPropfind(_ request: HTTPRequest, _ path: DAVPath) throws -> HTTPResponse {
        let depth = try DAVServer.depth(request)
        let asked = try DAVRequestBody.propfind(request.body)
        let (ownMultistatus, ownCount) = try store.read { db -> (DAVXMLWriter, Int) in
            var multistatus = DAVXMLWriter()
            let lists = try db.lists()
            switch path {
            case .root, .principal, .home:
                multistatus.addProperties(of: path, WebService.properties(of: path), asked: asked)
                if depth == 1 {
                    switch path {
                    case .root:
                        for child in [DAVPath.principal, .home] {
                            multistatus.addProperties(of: child, WebService.properties(of: child), asked: asked)
                        }
                    case .home:
                        for list in lists {
                            multistatus.addProperties(of: .collection(list.id), try WebService.properties(of: list, among: lists, in: db),
                                                 asked: asked)
                        }
                    default: break
                    }
                }
            case .collection(let id):
                guard let list = lists.first(where: { $0.id == id }) else { throw WebService.noList(id) }
                multistatus.addProperties(of: path, try WebService.properties(of: list, among: lists, in: db, access: sharedAccess),
                                          asked: asked)
                if depth == 1 {
                    try self.addItems(try db.davResources(inList: id, since: nil), of: list, to: &multistatus, asked: asked, in: db)
                }
            case .item(let id, let name):
                guard let list = lists.first(where: { $0.id == id }) else { throw WebService.noList(id) }
                guard let resource = try db.davResource(inList: id, named: name) else { throw WebService.noItem(path) }
                try self.addItems([resource], of: list, to: &multistatus, asked: asked, in: db)
            }
            return (multistatus, lists.count)
        }
        var multistatus = ownMultistatus
        if path == .home, depth == 1, !sharedCollections.isEmpty {
            // Each through its owner's store, after the user's own transaction has ended (one
            // connection at a time); `calendar-order` after the user's own lists.
            let order = sharedCollections.map(\.list)
            for shared in sharedCollections {
                var properties = try shared.store.read { db in
                    try WebService.properties(of: shared.list, among: order, in: db, access: shared.access)
                }
                properties.values = properties.values.map { value in
                    value.name == WebService.calendarOrder
                        ? (value.name, String(ownCount + (order.firstIndex { $0.id == shared.list.id } ?? 0) + 1)) : value
                }
                multistatus.addProperties(of: .collection(shared.list.id), properties, asked: asked)
            }
        }
        return multistatus.response()
    }

    func davGet(_ path: DAVPath) throws -> HTTPResponse {
        guard case .item(let id, let name) = path else {
            throw DAVFailure(405, nil, "GET reads one reminder (\(DAVPath.homePath)LIST/NAME.ics); use PROPFIND on collections")
        }
        let (text, etag) = try store.read { db -> (String, String) in
            guard let list = try db.list(id: id) else { throw WebService.noList(id) }
            guard let resource = try db.davResource(inList: id, named: name),
                  let reminder = try db.reminder(uid: resource.uid) else { throw WebService.noItem(path) }
            return (CalendarObject.text(of: reminder, in: list), WebService.etag(resource))
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/calendar; charset=utf-8"), ("ETag", etag)],
                            body: .bytes(Array(text.utf8)))
    }

    /// Adds the items `resources` of `list` with the properties `asked`; the ones whose
    /// reminder is gone meanwhile are left out. Reminders are read `readChunk` at a time
    /// (`reminders(withUIDs:)`: one statement a chunk on PostgreSQL).
    func addItems(_ resources: [DAVResourceState], of list: ReminderList, to multistatus: inout DAVXMLWriter,
                  asked: DAVRequestBody.Properties, in db: Store.Transaction) throws {
        let needsReminder = WebService.needsReminder(asked)
        var start = resources.startIndex
        while start < resources.endIndex {
            let chunk = resources[start..<min(start + DAVServer.readChunk, resources.endIndex)]
            let reminders = needsReminder ? try db.reminders(withUIDs: chunk.map(\.uid)) : [:]
            for resource in chunk {
                DAVServer.add(resource, reminder: reminders[resource.uid], needsReminder: needsReminder, of: list, to: &multistatus,
                              asked: asked)
            }
            start = chunk.endIndex
        }
    }

    /// Adds one item of `list`, unless `needsReminder` and its reminder is gone meanwhile.
    static func add(_ resource: DAVResourceState, reminder: Reminder?, needsReminder: Bool, of list: ReminderList,
                    to multistatus: inout DAVXMLWriter, asked: DAVRequestBody.Properties) {
        if needsReminder && reminder == nil { return }
        multistatus.addProperties(of: .item(list.id, name: resource.name), WebService.properties(of: resource, reminder: reminder, in: list),
                                  asked: asked)
    }

    /// How many reminders `addItems` reads at once.
    static var readChunk: Int { 100 }
}
