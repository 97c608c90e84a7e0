import Foundation
import TickActions
import TickInterchange
import TickModel

/// The reminder routes of the JSON API on any store (`APIStore`): get, add, change,
/// complete and reopen, move, delete.
extension APIStore {
    func getReminder(_ uid: String, context: ActionContext) throws -> HTTPResponse {
        let detail = try read { db in
            try Actions.reminderDetail(try WebService.existingReminder(uid: uid, in: db).number, in: db, context: context)
        }
        var object = WebService.members(of: TickJSON.object(for: detail.reminder, listName: detail.list?.name))
        object.append(("subtasks", .array(detail.subtasks.map { TickJSON.object(for: $0, listName: detail.lists[$0.listID]?.name) })))
        return WebService.json(.object(object), headers: [("ETag", WebService.entityTag(of: detail.reminder))])
    }

    func addReminder(_ request: HTTPRequest, context: ActionContext) throws -> HTTPResponse {
        let body = try JSONBody(request, allowed: ReminderFields.allowed)
        let result = try write(context, describedBy: { "add " + WebService.quoted($0.reminder.title) }) { db in
            try Actions.add(try ReminderFields(body: body, context: context).newReminder(in: db), context: context, in: db)
        }
        return WebService.reminderResponse(result.reminder, listName: result.list.name, status: 201,
                                           headers: [("Location", "/api/v1/reminders/" + WebService.pathSegment(result.reminder.uid.rawValue))])
    }

    func patchReminder(_ request: HTTPRequest, _ uid: String, context: ActionContext) throws -> HTTPResponse {
        let body = try JSONBody(request, allowed: ReminderFields.allowed)
        let result = try write(context, describedBy: { "edit " + WebService.quoted($0.reminder.title) }) { db in
            let before = try WebService.existingReminder(uid: uid, in: db)
            try WebService.checkIfMatch(request, before, in: db)
            let edit = try ReminderFields(body: body, context: context).edit(in: db)
            return try Actions.edit(before.number, edit, context: context, in: db)
        }
        return WebService.reminderResponse(result.reminder, listName: result.list.name)
    }

    func complete(_ request: HTTPRequest, _ uid: String, _ change: CompletionChange, context: ActionContext) throws -> HTTPResponse {
        let body = try JSONBody(request, allowed: change == .complete ? ["occurrence"] : [])
        let occurrence = try ReminderFields(body: body, context: context).date("occurrence").value
        let verb = change == .complete ? "complete " : "reopen "
        let (result, listName) = try write(context, describedBy: { verb + WebService.quoted($0.0.reminder.title) }) { db in
            let reminder = try WebService.existingReminder(uid: uid, in: db)
            try WebService.checkIfMatch(request, reminder, in: db)
            let result = try Actions.setCompletion(reminder.number, change, occurrence: occurrence, context: context, in: db)
            return (result, try db.list(id: result.reminder.listID)?.name)
        }
        return WebService.reminderResponse(result.reminder, listName: listName)
    }

    func moveReminder(_ request: HTTPRequest, _ uid: String, context: ActionContext) throws -> HTTPResponse {
        let placement = try WebService.placement(request)
        let (moved, listName) = try write(context, describedBy: { "move " + WebService.quoted($0.0.title) }) { db in
            let reminder = try WebService.existingReminder(uid: uid, in: db)
            try WebService.checkIfMatch(request, reminder, in: db)
            let target: ReminderPlacement
            switch placement {
            case .before(let other): target = .before(try WebService.existingReminder(uid: other, in: db).number)
            case .after(let other): target = .after(try WebService.existingReminder(uid: other, in: db).number)
            case .position(let index): target = .index(index)
            }
            let moved = try Actions.move(reminder.number, to: target, reportsOpenIndex: false, modifiedAt: context.now,
                                         joinsAnchorLevel: true, in: db)
            return (moved.reminder, try db.list(id: reminder.listID)?.name)
        }
        return WebService.reminderResponse(moved, listName: listName)
    }

    func deleteReminder(_ request: HTTPRequest, _ uid: String, context: ActionContext) throws -> HTTPResponse {
        let (deleted, listName) = try write(context, describedBy: { "delete " + WebService.quoted($0.0.first?.reminder.title ?? uid) }) { db in
            let reminder = try WebService.existingReminder(uid: uid, in: db)
            try WebService.checkIfMatch(request, reminder, in: db)
            return (try Actions.delete([reminder.number], in: db), try db.list(id: reminder.listID)?.name)
        }
        guard let gone = deleted.first else { throw Problem.notFound("there is no reminder with the uid '\(uid)'") }
        return WebService.json(TickJSON.object(for: gone.reminder, listName: listName))
    }
}
