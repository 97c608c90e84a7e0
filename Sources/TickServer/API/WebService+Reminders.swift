import Foundation
import TickActions
import TickInterchange
import TickModel
import TickStore

/// One reminder: get, add, change, complete and reopen, move, delete, restore, undo.
extension WebService {
    func getReminder(_ uid: String) throws -> HTTPResponse {
        let context = actionContext()
        let detail = try reader.read { db in
            try Actions.reminderDetail(try WebService.existingReminder(uid: uid, in: db).number, in: db, context: context)
        }
        var object = WebService.members(of: TickJSON.object(for: detail.reminder, listName: detail.list?.name))
        object.append(("subtasks", .array(detail.subtasks.map { TickJSON.object(for: $0, listName: detail.lists[$0.listID]?.name) })))
        return WebService.json(.object(object), headers: [("ETag", WebService.entityTag(of: detail.reminder))])
    }

    func addReminder(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try JSONBody(request, allowed: ReminderFields.allowed)
        let context = actionContext()
        let result = try writer.write { db in
            try Actions.add(try ReminderFields(body: body, context: context).newReminder(in: db), context: context, in: db)
        }
        history.withLock { $0.record(.added(uid: result.reminder.uid)) }
        return WebService.reminderResponse(result.reminder, listName: result.list.name, status: 201,
                                           headers: [("Location", "/api/v1/reminders/" + WebService.pathSegment(result.reminder.uid.rawValue))])
    }

    func patchReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse {
        let body = try JSONBody(request, allowed: ReminderFields.allowed)
        let context = actionContext()
        let (before, result) = try writer.write { db in
            let before = try WebService.existingReminder(uid: uid, in: db)
            try WebService.checkIfMatch(request, before, in: db)
            let edit = try ReminderFields(body: body, context: context).edit(in: db)
            return (before, try Actions.edit(before.number, edit, context: context, in: db))
        }
        if result.reminder != before { history.withLock { $0.record(.edited(before: before, after: result.reminder, kind: "edit")) } }
        return WebService.reminderResponse(result.reminder, listName: result.list.name)
    }

    func complete(_ request: HTTPRequest, _ uid: String, _ change: CompletionChange) throws -> HTTPResponse {
        let body = try JSONBody(request, allowed: change == .complete ? ["occurrence"] : [])
        let context = actionContext()
        let occurrence = try ReminderFields(body: body, context: context).date("occurrence").value
        let (result, listName) = try writer.write { db in
            let reminder = try WebService.existingReminder(uid: uid, in: db)
            try WebService.checkIfMatch(request, reminder, in: db)
            let result = try Actions.setCompletion(reminder.number, change, occurrence: occurrence, context: context, in: db)
            return (result, try db.list(id: result.reminder.listID)?.name)
        }
        if result.changed {
            history.withLock { $0.record(change == .complete ? .completed(uid: result.reminder.uid) : .reopened(uid: result.reminder.uid)) }
        }
        return WebService.reminderResponse(result.reminder, listName: listName)
    }

    func moveReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse {
        let body = try JSONBody(request, allowed: ["before", "after", "position"])
        let placement = try WebService.placement(body)
        let (before, moved, listName) = try writer.write { db in
            let reminder = try WebService.existingReminder(uid: uid, in: db)
            try WebService.checkIfMatch(request, reminder, in: db)
            let target: ReminderPlacement
            switch placement {
            case .before(let other): target = .before(try WebService.existingReminder(uid: other, in: db).number)
            case .after(let other): target = .after(try WebService.existingReminder(uid: other, in: db).number)
            case .position(let index): target = .index(index)
            }
            let moved = try Actions.move(reminder.number, to: target, reportsOpenIndex: false, in: db)
            return (reminder, moved.reminder, try db.list(id: reminder.listID)?.name)
        }
        history.withLock { $0.record(.edited(before: before, after: moved, kind: "move")) }
        return WebService.reminderResponse(moved, listName: listName)
    }

    func deleteReminder(_ request: HTTPRequest, _ uid: String) throws -> HTTPResponse {
        let (deleted, listName) = try writer.write { db in
            let reminder = try WebService.existingReminder(uid: uid, in: db)
            try WebService.checkIfMatch(request, reminder, in: db)
            return (try Actions.delete([reminder.number], in: db), try db.list(id: reminder.listID)?.name)
        }
        guard let gone = deleted.first else { throw Problem.notFound("there is no reminder with the uid '\(uid)'") }
        history.withLock { $0.record(.deleted(gone)) }
        return WebService.json(TickJSON.object(for: gone.reminder, listName: listName))
    }

    func restoreReminder(_ uid: String) throws -> HTTPResponse {
        guard let deleted = history.withLock({ $0.takeDeleted(ReminderUID(uid)) }) else {
            throw Problem.notFound("no reminder with the uid '\(uid)' was deleted through this server since it started")
        }
        do {
            let (restored, listName) = try writer.write { db in
                let restored = try Actions.restore(deleted, in: db)
                return (restored, try db.list(id: restored.listID)?.name)
            }
            return WebService.reminderResponse(restored, listName: listName, status: 201)
        } catch {
            history.withLock { $0.keepDeleted(deleted) }
            throw error
        }
    }

    func undo() throws -> HTTPResponse {
        guard let step = history.withLock({ $0.popLast() }) else { throw Problem.conflict("there is nothing to undo") }
        let context = actionContext()
        let reminder: Reminder? = try writer.write { db in
            switch step {
            case .added(let uid):
                guard let added = try db.reminder(uid: uid) else { throw Problem.conflict("the reminder added was deleted since") }
                return try Actions.delete([added.number], in: db).first?.reminder
            case .edited(let before, let after, let kind):
                _ = try WebService.existingReminder(uid: before.uid.rawValue, in: db)
                return try Actions.revertEdit(from: before, to: after, named: kind, context: context, in: db)
            case .completed(let uid):
                let current = try WebService.existingReminder(uid: uid.rawValue, in: db)
                return try Actions.setCompletion(current.number, .reopen, context: context, in: db).reminder
            case .reopened(let uid):
                let current = try WebService.existingReminder(uid: uid.rawValue, in: db)
                return try Actions.setCompletion(current.number, .complete, context: context, in: db).reminder
            case .deleted(let deleted):
                return try Actions.restore(deleted, in: db)
            }
        }
        if case .deleted(let deleted) = step { _ = history.withLock { $0.takeDeleted(deleted.reminder.uid) } }
        let listName = try reminder.flatMap { reminder in try reader.read { db in try db.list(id: reminder.listID)?.name } }
        return WebService.json(.object([("undone", .string(step.name)),
                                        ("reminder", reminder.map { TickJSON.object(for: $0, listName: listName) } ?? .null)]))
    }

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
    /// - Throws: `Problem` 412 with the current reminder (`current`) and its `ETag`.
    static func checkIfMatch(_ request: HTTPRequest, _ reminder: Reminder, in db: Database) throws {
        guard let wanted = request.header("if-match")?.trimmingCharacters(in: .whitespaces), wanted != "*" else { return }
        let tag = entityTag(of: reminder)
        let tags = wanted.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !tags.contains(tag) else { return }
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
