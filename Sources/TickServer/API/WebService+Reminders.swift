import Foundation
import TickActions
import TickInterchange
import TickModel
import TickPostgres
import TickStore

/// Restore and undo on any store that keeps a change journal (`JournalStore`).
extension APIStore where Transaction: JournalStore {
    /// Puts back a deleted reminder by undoing the change that deleted it (with whatever
    /// else that change deleted), by the rules of `tick undo`. With `list` (a route's
    /// `?list=`), only a reminder deleted from that list.
    /// - Throws: `Problem` 404 when no deletion of it (from `list`) is in the journal, 409
    ///   when a reminder has its UID now; the store's error.
    func restoreReminder(_ uid: String, inList list: ReminderList.ID? = nil, context: ActionContext) throws -> HTTPResponse {
        let (restored, listName) = try WebService.takenUID("the reminder with the uid '\(uid)' cannot be put back: another reminder "
                                                           + "has its uid now (restored already?); nothing was restored") {
            try restoreReminderOnce(uid, inList: list, context: context)
        }
        return WebService.reminderResponse(restored, listName: listName, status: 201)
    }

    private func restoreReminderOnce(_ uid: String, inList list: ReminderList.ID?, context: ActionContext) throws -> (Reminder, String?) {
        try writeUnjournaled { db in
            let deleting = try db.changeDeleting(uid: ReminderUID(uid))
            if let present = try db.reminder(uid: ReminderUID(uid)) {
                // A deletion not undone, and yet a reminder with the uid: another took it since
                // (a CalDAV client's PUT; a tester: "not deleted" was said of one that was),
                // unless it is the one deleted, put back by the list's owner.
                if let deleting, try db.journaledReminders(of: deleting).contains(where: {
                    $0.before?.uid.rawValue == uid && $0.number != present.number
                }) {
                    throw Problem.conflict("the reminder with the uid '\(uid)' was deleted, and another reminder (#\(present.number.rawValue)) "
                                           + "has that uid now: nothing was restored")
                }
                // Restored already (or never deleted): nothing to undo, as `tick undo` says of a change undone.
                throw Problem.conflict("the reminder with the uid '\(uid)' is not deleted (restored already?): nothing to restore")
            }
            guard let change = deleting else {
                throw Problem.notFound("no deleted reminder with the uid '\(uid)' is in the change journal")
            }
            if let list, try !db.journaledReminders(of: change).contains(where: { $0.before?.uid.rawValue == uid && $0.before?.listID == list }) {
                throw Problem.notFound("no reminder with the uid '\(uid)' deleted from that list is in the change journal")
            }
            let result = try Actions.undo(change, context: context, in: db)
            guard let restored = result.restored.first(where: { $0.uid.rawValue == uid }) else {
                throw Problem.notFound("no deleted reminder with the uid '\(uid)' is in the change journal")
            }
            return (restored, try db.list(id: restored.listID)?.name)
        }
    }

    /// Undoes the newest change not undone (or the change `change` of the body) in the
    /// change journal, made by this server, the CLI or another server: `tick undo`'s rules.
    /// On PostgreSQL the journal is the signed-in user's own changes in their own lists.
    /// Undo is no change of the journal itself (as `tick undo`).
    func undo(_ request: HTTPRequest, context: ActionContext) throws -> HTTPResponse {
        try undo(WebService.changeToUndo(request), context: context)
    }

    /// Undoes the change `id`, or the newest not undone when nil.
    func undo(_ id: Int64?, context: ActionContext) throws -> HTTPResponse {
        let (result, listNames) = try WebService.takenUID("nothing was undone: a reminder it would put back has a uid another "
                                                          + "reminder has now (put back already?)") { try undoOnce(id, context: context) }
        let reminders = (result.reverted + result.restored + result.removed).map { TickJSON.object(for: $0, listName: listNames[$0.listID]) }
        let lists = (result.listsReverted + result.listsRestored + result.listsRemoved).map { TickJSON.object(for: $0) }
        return WebService.json(.object([("undone", .string(result.change.command)), ("change", .int(result.change.id)),
                                        ("reminder", reminders.first ?? .null), ("reminders", .array(reminders)),
                                        ("lists", .array(lists))]))
    }

    /// The changes of the journal undo can take back (`undo(_:context:)` with their id),
    /// newest first; with `includingUndone`, those undone too.
    /// - Throws: the store's error.
    func changes(includingUndone: Bool) throws -> [JournalChange] {
        try read { db in try db.journalChanges(limit: Int(JournalChange.depth), includingUndone: includingUndone) }
    }

    private func undoOnce(_ id: Int64?, context: ActionContext) throws -> (UndoResult, [ReminderList.ID: String]) {
        try writeUnjournaled { db in
            let result: UndoResult
            do {
                result = try Actions.undo(id, context: context, in: db)
            } catch ActionError.nothingToUndo {
                throw Problem.conflict(ActionError.nothingToUndo.description)
            }
            var names: [ReminderList.ID: String] = [:]
            for reminder in result.reverted + result.restored + result.removed where names[reminder.listID] == nil {
                names[reminder.listID] = try db.list(id: reminder.listID)?.name
            }
            return (result, names)
        }
    }
}

/// One reminder: get, add, change, complete and reopen, move, delete, restore, undo.
extension WebService {
    func getReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse {
        try checkList(request, uid)
        return try sqlite.getReminder(uid, context: actionContext(for: request))
    }
    func addReminder(_ request: HTTPRequest) throws -> HTTPResponse { try sqlite.addReminder(request, context: actionContext(for: request)) }
    func patchReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse {
        try checkList(request, uid)
        return try sqlite.patchReminder(request, uid, context: actionContext(for: request))
    }
    func complete(_ request: HTTPRequest, _ uid: String, _ change: CompletionChange) throws -> HTTPResponse {
        try checkList(request, uid)
        return try sqlite.complete(request, uid, change, context: actionContext(for: request))
    }
    func moveReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse {
        try checkList(request, uid)
        return try sqlite.moveReminder(request, uid, context: actionContext(for: request))
    }
    func deleteReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse {
        try checkList(request, uid)
        return try sqlite.deleteReminder(request, uid, context: actionContext(for: request))
    }

    /// `?list=` of a reminder route: the reminder must be in that list (one UID is one
    /// reminder here; on PostgreSQL a shared list's may have the UID of one of the user's own).
    /// - Throws: `Problem` 404 (`notInList`) when it is not, or no reminder has the UID.
    private func checkList(_ request: HTTPRequest, _ uid: String) throws {
        guard let list = WebService.listOfReminder(request) else { return }
        guard try reader.read({ db in try db.reminder(uid: ReminderUID(uid)) })?.listID == list else { throw WebService.notInList(uid) }
    }

    func restoreReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse {
        try sqlite.restoreReminder(uid, inList: WebService.listOfReminder(request), context: actionContext(for: request))
    }
    func undo(_ request: HTTPRequest) throws -> HTTPResponse { try sqlite.undo(request, context: actionContext(for: request)) }
    func changes(_ request: HTTPRequest) throws -> HTTPResponse {
        WebService.changesResponse(try sqlite.changes(includingUndone: try WebService.flag(request, "all")))
    }

    /// `{ "changes": [ … ] }`: each change as `tick undo --list --json` gives it (`TickJSON.object(for:)`).
    static func changesResponse(_ changes: [JournalChange]) -> HTTPResponse {
        json(.object([("changes", .array(changes.map(TickJSON.object(for:))))]))
    }

    /// Runs `body` in a write transaction shared with other requests (`WriteBatcher`) as one
    /// change of the change journal, described as `tick serve: ` and `describe` of its value.
    func journaledWrite<T>(_ context: ActionContext, _ describe: @escaping (T) -> String,
                           _ body: @escaping (Database) throws -> T) throws -> T {
        try writer.write { db in
            try db.recordingChange(at: context.now, describedBy: { "tick serve: " + describe($0) }) { try body(db) }.value
        }
    }

    /// `body`'s value; a unique key it ran into (a reminder put back whose UID another
    /// reminder took meanwhile, in a list the request cannot see, or by a race) is 409
    /// `message`, not the store's words (a tester: "a list or reminder with the same
    /// identity exists already"), and nothing was written.
    static func takenUID<T>(_ message: String, _ body: () throws -> T) throws -> T {
        // A list put back whose id another list has now (a CalDAV client made a list at its path
        // since; on PostgreSQL, another user's): said so, not blamed on a UID (a tester).
        let listTaken = "nothing was undone: a list it would put back has an id another list has now "
            + "(a CalDAV client made a list at its path since?)"
        do {
            return try body()
        } catch let error as PostgresError where error.isUniqueViolation {
            throw Problem.conflict(error.constraint == "lists_pkey" || error.constraint == "lists_owner_id_key" ? listTaken : message)
        } catch let error as StoreError where error.kind == .constraint {
            throw Problem.conflict(error.message.contains("list.id") ? listTaken : message)
        }
    }

    /// A title or name in curly quotes, as the journal shows it.
    static func quoted(_ text: String) -> String { "\u{201C}" + text + "\u{201D}" }

    // MARK: - Versions

    /// A reminder's JSON with its `ETag`.
    static func reminderResponse(_ reminder: Reminder, listName: String?, status: Int = 200,
                                 headers: [(name: String, value: String)] = []) -> HTTPResponse {
        json(TickJSON.object(for: reminder, listName: listName), status: status,
             headers: [("ETag", entityTag(of: reminder))] + headers)
    }

    /// A strong entity tag of the reminder's stored fields (RFC 9110 §8.8.3): FNV-1a of its
    /// JSON, so any change of any field gives another tag.
    static func entityTag(of reminder: Reminder) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in TickJSON.object(for: reminder, listName: nil).serialized(pretty: false).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return "\"" + String(hash, radix: 16) + "\""
    }

    /// Refuses a change whose `If-Match` names another version than `reminder`'s.
    /// - Throws: `Problem` 412 with the current reminder (`current`) and its `ETag`; 400 for
    ///   a header that is not RFC 9110 syntax (`EntityTagCondition`).
    static func checkIfMatch(_ request: HTTPRequest, _ reminder: Reminder, in db: some ListStore) throws {
        let condition: EntityTagCondition?
        do { condition = try EntityTagCondition.header("if-match", of: request) } catch { throw Problem.badRequest(error.message) }
        guard let condition else { return }
        let tag = entityTag(of: reminder)
        guard !condition.matchesStrongly(tag) else { return }
        let listName = try db.list(id: reminder.listID)?.name
        throw Problem(status: 412, name: "precondition-failed",
                      detail: "the reminder was changed since that version; here it is as it is now",
                      extra: [("current", TickJSON.object(for: reminder, listName: listName))], headers: [("ETag", tag)])
    }

    /// The members of a JSON object (empty for anything else).
    static func members(of value: JSONValue) -> [(String, JSONValue)] {
        if case .object(let members) = value { return members }
        return []
    }
}
