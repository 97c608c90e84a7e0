import Foundation
import TickActions
import TickInterchange
import TickModel
import TickStore

/// What answers the routes of the JSON API: `WebService` on SQLite, and
/// `PostgresUserAPI` for one signed-in user on PostgreSQL. One route table serves both
/// (`WebService.makeRouter()`), so their paths cannot drift apart; a route a store cannot
/// answer yet answers a problem that says so.
protocol APIRoutes: SendableMetatype {
    func getLists(_ request: HTTPRequest) -> HTTPResponse
    func addList(_ request: HTTPRequest) throws -> HTTPResponse
    func getList(_ id: String) throws -> HTTPResponse
    func patchList(_ request: HTTPRequest, _ id: String) throws -> HTTPResponse
    func deleteList(_ request: HTTPRequest, _ id: String) throws -> HTTPResponse
    func moveList(_ request: HTTPRequest, _ id: String) throws -> HTTPResponse
    func listShares(_ id: String) throws -> HTTPResponse
    func shareList(_ request: HTTPRequest, _ id: String, _ user: String) throws -> HTTPResponse
    func unshareList(_ id: String, _ user: String) throws -> HTTPResponse
    func listReminders(_ request: HTTPRequest, _ id: String) throws -> HTTPResponse
    func smartReminders(_ request: HTTPRequest, _ name: String) throws -> HTTPResponse
    func search(_ request: HTTPRequest) throws -> HTTPResponse
    func addReminder(_ request: HTTPRequest) throws -> HTTPResponse
    func getReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse
    func patchReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse
    func deleteReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse
    func complete(_ request: HTTPRequest, _ uid: String, _ change: CompletionChange) throws -> HTTPResponse
    func moveReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse
    func restoreReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse
    func undo(_ request: HTTPRequest) throws -> HTTPResponse
    func changes(_ request: HTTPRequest) throws -> HTTPResponse
    func dueAlarms(_ request: HTTPRequest) throws -> HTTPResponse
    func alarmDelivered(_ request: HTTPRequest, _ uid: String, _ alarmUID: String) throws -> HTTPResponse
    func events(_ request: HTTPRequest) -> HTTPResponse
    func openAPI() -> HTTPResponse
}

extension WebService: APIRoutes {}

/// JSON text already written as UTF-8 (a page of reminders, `WebService.page`).
struct JSONBytes {
    let utf8: [UInt8]
}

/// The API's routes: one table, from which both the router and the OpenAPI document
/// are made, so the two cannot drift apart.
extension WebService {
    static func makeRouter<API: APIRoutes>() -> Router<API> {
        var router = Router<API>()
        let api = "/api/v1"
        // Lists.
        router.add("GET", api + "/lists", summary: "Every list with its open count, and the smart lists with theirs") { service, request, _ in service.getLists(request) }
        router.add("POST", api + "/lists", summary: "Add a list { name, color? }", needingBody { service, request, _ in try service.addList(request) })
        router.add("GET", api + "/lists/{id}", summary: "One list, with reminderCount (every reminder in it: what deleting it deletes)") { service, _, id in try service.getList(id[0]) }
        router.add("PATCH", api + "/lists/{id}", summary: "Rename or recolor a list { name?, color? }", needingBody { try $0.patchList($1, $2[0]) })
        router.add("DELETE", api + "/lists/{id}", summary: "Delete a list (?force=true when it holds reminders)", query: ["force"],
                   takingNoFields { try $0.deleteList($1, $2[0]) })
        router.add("POST", api + "/lists/{id}/move", summary: "Move a list { before | after: id } or { position }", needingBody { try $0.moveList($1, $2[0]) })
        router.add("GET", api + "/lists/{id}/shares", summary: "Who a list is shared with (the multi-user server)") { service, _, id in try service.listShares(id[0]) }
        router.add("PUT", api + "/lists/{id}/shares/{user}", summary: "Share a list with a user { access: read | write } (the multi-user server)",
                   needingBody { try $0.shareList($1, $2[0], $2[1]) })
        router.add("DELETE", api + "/lists/{id}/shares/{user}", summary: "Stop sharing a list with a user, or leave a list shared with you",
                   takingNoFields { service, _, id in try service.unshareList(id[0], id[1]) })
        router.add("GET", api + "/lists/{id}/reminders", summary: "A page of a list's reminders (?limit, cursor, completed)",
                   query: ["limit", "cursor", "completed"]) { try $0.listReminders($1, $2[0]) }
        // Smart lists and search.
        router.add("GET", api + "/smart/{name}", summary: "A page of a smart list (today, scheduled, flagged, overdue, completed, all)",
                   query: ["limit", "cursor", "completed"]) { try $0.smartReminders($1, $2[0]) }
        router.add("GET", api + "/search", summary: "Reminders that match the search ?q (words, \"phrases\", title:, notes:, tag:, OR)",
                   query: ["q", "list", "limit", "cursor", "completed"]) { service, request, _ in try service.search(request) }
        // Reminders.
        router.add("POST", api + "/reminders", summary: "Add a reminder", needingBody { service, request, _ in try service.addReminder(request) })
        router.add("GET", api + "/reminders/{uid}", summary: "One reminder with its subtasks, and its ETag (?list: the list it is in)",
                   query: ["list"]) { try $0.getReminder($1, $2[0]) }
        router.add("PATCH", api + "/reminders/{uid}", summary: "Change any field of a reminder (null clears; If-Match; ?list: the list it is in)",
                   query: ["list"], needingBody { try $0.patchReminder($1, $2[0]) })
        router.add("DELETE", api + "/reminders/{uid}", summary: "Delete a reminder (its subtasks become top-level; ?list: the list it is in)",
                   query: ["list"], takingNoFields { try $0.deleteReminder($1, $2[0]) })
        router.add("POST", api + "/reminders/{uid}/complete", summary: "Complete a reminder (a repeating one: its occurrence)",
                   query: ["list"]) { try $0.complete($1, $2[0], .complete) }
        router.add("POST", api + "/reminders/{uid}/reopen", summary: "Reopen a reminder (a repeating one: its last completed occurrence)",
                   query: ["list"]) { try $0.complete($1, $2[0], .reopen) }
        router.add("POST", api + "/reminders/{uid}/move", summary: "Move a reminder in its list { before | after: uid } or { position }",
                   query: ["list"], needingBody { try $0.moveReminder($1, $2[0]) })
        router.add("POST", api + "/reminders/{uid}/restore", summary: "Put back a deleted reminder: undo the change that deleted it (?list: the list it was in)",
                   query: ["list"], takingNoFields { try $0.restoreReminder($1, $2[0]) })
        router.add("POST", api + "/undo", summary: "Undo the newest change of the change journal, or the change given") { service, request, _ in try service.undo(request) }
        router.add("GET", api + "/changes", summary: "The changes undo can take back, newest first (?all=true: those undone too)",
                   query: ["all"]) { service, request, _ in try service.changes(request) }
        // Alarms and events.
        router.add("GET", api + "/alarms/due", summary: "Alarms due now that nobody delivered") { service, request, _ in try service.dueAlarms(request) }
        router.add("POST", api + "/alarms/{uid}/{alarmUID}/delivered", summary: "Record that the page delivered an alarm",
                   takingNoFields { try $0.alarmDelivered($1, $2[0], $2[1]) })
        router.add("GET", api + "/events", summary: "Server-Sent Events: `change` within a second of any change") { service, request, _ in service.events(request) }
        router.add("GET", api + "/openapi.json", summary: "This document") { service, _, _ in service.openAPI() }
        return router
    }

    /// `handler` of a route that needs a JSON object: an empty body (or one of white space
    /// only) is refused (400) before anything is read or changed. It was read as `{}`: an add
    /// without a body was "the title is empty", a PATCH without one a 200 that changed nothing
    /// (a tester).
    static func needingBody<API>(_ handler: @escaping Router<API>.Handler) -> Router<API>.Handler {
        { api, request, parameters in
            if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                throw Problem.badRequest("the body is empty: this request takes a JSON object (application/json)")
            }
            return try handler(api, request, parameters)
        }
    }

    /// `handler` of a route whose body takes no fields, on either store: a body that holds
    /// one (or is not a JSON object, or not JSON) is refused as `JSONBody` refuses it, before
    /// anything is read or changed (a tester: restore and an alarm's delivery ignored it;
    /// so did the deletions).
    static func takingNoFields<API>(_ handler: @escaping Router<API>.Handler) -> Router<API>.Handler {
        { api, request, parameters in
            _ = try JSONBody(request, allowed: [])
            return try handler(api, request, parameters)
        }
    }

    // MARK: - Answers

    /// A JSON answer.
    static func json(_ value: JSONValue, status: Int = 200, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        json(JSONBytes(utf8: value.utf8()), status: status, headers: headers)
    }

    /// A JSON answer already written.
    static func json(_ value: JSONBytes, status: Int = 200, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: .bytes(value.utf8))
    }

    /// The number of the reminder with `uid`, for the actions (which take numbers).
    /// - Throws: `Problem` 404.
    /// The list a reminder route's `?list=` says the reminder is in, nil without one.
    static func listOfReminder(_ request: HTTPRequest) -> ReminderList.ID? {
        request.query["list"].map(ReminderList.ID.init(rawValue:))
    }

    /// The 404 for a reminder that is not in the list `?list=` names (or a list the user
    /// does not have): as for a UID that names no reminder.
    static func notInList(_ uid: String) -> Problem {
        Problem.notFound("there is no reminder with the uid '\(uid)' in that list")
    }

    static func existingReminder(uid: String, in db: some ReminderStore) throws -> Reminder {
        guard let reminder = try db.reminder(uid: ReminderUID(uid)) else {
            throw Problem.notFound("there is no reminder with the uid '\(uid)'")
        }
        return reminder
    }

    /// A query parameter that must be `true` or `false` (absent: `fallback`).
    /// `?completed` of a smart list, Apple's Show Completed as `tick list … --completed`:
    /// `today` adds the completed reminders due today, `scheduled` and `flagged` all of
    /// theirs, `all` every reminder; `completed` holds nothing else. `overdue` has none:
    /// `true` is refused there (taken and ignored, a page would say it showed them).
    /// - Throws: `Problem` 400.
    static func showsCompleted(_ request: HTTPRequest, in smartList: SmartList) throws(Problem) -> Bool {
        guard try flag(request, "completed") else { return false }
        guard smartList != .overdue else {
            throw .badRequest("?completed=true: overdue has no completed reminders (a done one is not overdue); "
                              + "see 'today' or 'scheduled' with ?completed=true")
        }
        return smartList != .completed
    }

    static func flag(_ request: HTTPRequest, _ name: String, default fallback: Bool = false) throws(Problem) -> Bool {
        switch request.query[name]?.lowercased() {
        case nil: return fallback
        case "true", "1": return true
        case "false", "0": return false
        case let other?: throw .badRequest("?\(name) is 'true' or 'false' (or 1 or 0), not '\(other)'")
        }
    }
}
