import Foundation
import TickActions
import TickInterchange
import TickModel
import TickStore

/// The lists: `GET /api/v1/lists`, add, rename and recolor, move, delete.
extension WebService {
    func getLists(_ request: HTTPRequest) -> HTTPResponse {
        do {
            let context = try actionContext(for: request)
            let (overview, totals) = try reader.read { db in
                (try Actions.listsOverview(in: db), try Actions.sidebarTotals(in: db, context: context))
            }
            let lists = overview.lists.map { TickJSON.object(for: $0, openCount: overview.openCounts[$0.id] ?? 0) }
            let counts: [SmartList: Int] = [.today: totals.today, .scheduled: totals.scheduled, .flagged: totals.flagged,
                                            .overdue: totals.overdue, .completed: totals.completed, .all: totals.all]
            let smart = SmartList.allCases.map { list in
                JSONValue.object([("id", .string(list.rawValue)), ("name", .string(list.title)),
                                  ("count", .int(Int64(counts[list] ?? 0)))])
            }
            return WebService.json(.object([("lists", .array(lists)), ("smartLists", .array(smart))]))
        } catch {
            return Problem.from(error).response
        }
    }

    func getList(_ id: String) throws -> HTTPResponse { try sqlite.getList(id) }
    func addList(_ request: HTTPRequest) throws -> HTTPResponse { try sqlite.addList(request, context: actionContext(for: request)) }
    func patchList(_ request: HTTPRequest, _ id: String) throws -> HTTPResponse {
        try sqlite.patchList(request, id, context: actionContext(for: request))
    }
    func moveList(_ request: HTTPRequest, _ id: String) throws -> HTTPResponse {
        try sqlite.moveList(request, id, context: actionContext(for: request))
    }
    func deleteList(_ request: HTTPRequest, _ id: String) throws -> HTTPResponse {
        try sqlite.deleteList(request, id, context: actionContext(for: request))
    }

    /// `GET /api/v1/lists/{id}/shares`: on the single-user server a list is shared with nobody.
    func listShares(_ id: String) throws -> HTTPResponse {
        _ = try reader.read { db in try Actions.existingList(.id(ReminderList.ID(rawValue: id)), in: db) }
        return WebService.json(.object([("shares", .array([]))]))
    }
    func shareList(_ request: HTTPRequest, _ id: String, _ user: String) throws -> HTTPResponse { throw try sharingProblem(id) }
    func unshareList(_ id: String, _ user: String) throws -> HTTPResponse { throw try sharingProblem(id) }

    /// 404 for a list that is not there, else 501: lists are shared between the users of
    /// `tick serve --database`, and this server has one user.
    private func sharingProblem(_ id: String) throws -> Problem {
        _ = try reader.read { db in try Actions.existingList(.id(ReminderList.ID(rawValue: id)), in: db) }
        return Problem(status: 501, name: "not-implemented",
                       detail: "lists are shared between the users of the multi-user server (tick serve --database); this server has one user")
    }

    /// The header whose precondition a change to a list that is there fails (RFC 9110
    /// §13.1.1–2), nil when none does. A list has no ETag (a reminder has one), so only `*`
    /// matches: any other `If-Match` fails, and `If-None-Match: *` does (a tester: a DELETE
    /// with a wrong ETag deleted the list and its reminders). One rule for the JSON API and
    /// CalDAV, each answering 412 in its own form.
    /// - Throws: `EntityTagCondition.Malformed` for a header that is not RFC 9110 syntax.
    static func failedListPrecondition(_ request: HTTPRequest) throws(EntityTagCondition.Malformed) -> String? {
        if let match = try EntityTagCondition.header("if-match", of: request), match != .any { return "If-Match" }
        if let none = try EntityTagCondition.header("if-none-match", of: request), none == .any { return "If-None-Match" }
        return nil
    }

    /// `failedListPrecondition` for the JSON API.
    /// - Throws: `Problem` 412, or 400 for a malformed header.
    static func checkListPreconditions(_ request: HTTPRequest) throws {
        let failed: String?
        do { failed = try failedListPrecondition(request) } catch { throw Problem.badRequest(error.message) }
        switch failed {
        case "If-Match"?:
            throw Problem(status: 412, name: "precondition-failed",
                          detail: "a list has no ETag to match (a reminder has one); If-Match: * or none changes it")
        case _?:
            throw Problem(status: 412, name: "precondition-failed", detail: "If-None-Match: * asks for no list, and the list is there")
        case nil:
            return
        }
    }

    /// `text` percent-encoded to be one path segment.
    static func pathSegment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
