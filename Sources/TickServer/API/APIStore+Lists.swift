import Foundation
import TickActions
import TickInterchange
import TickModel

/// The list routes of the JSON API on any store (`APIStore`): one list, add, rename and
/// recolor, move, delete.
extension APIStore {
    /// `GET /api/v1/lists/{id}`: the list with its open count and `reminderCount`, every
    /// reminder in it (completed ones and subtasks too): what deleting it deletes, which the
    /// web app says before it asks.
    func getList(_ id: String) throws -> HTTPResponse {
        let (list, open, all) = try read { db in
            let list = try Actions.existingList(.id(ReminderList.ID(rawValue: id)), in: db)
            return (list, try db.openCount(inList: list.id), try db.reminderCount(inList: list.id))
        }
        let members = WebService.members(of: TickJSON.object(for: list, openCount: open))
        return WebService.json(.object(members + [("reminderCount", .int(Int64(all)))]))
    }

    func addList(_ request: HTTPRequest, context: ActionContext) throws -> HTTPResponse {
        let (name, color) = try WebService.listFields(request)
        let list = try write(context, describedBy: { "create the list " + WebService.quoted($0.name) }) { db in
            try Actions.addList(named: name.value ?? "", color: color ?? .defaultColor, in: db, context: context)
        }
        return WebService.json(TickJSON.object(for: list, openCount: 0), status: 201,
                               headers: [("Location", "/api/v1/lists/" + WebService.pathSegment(list.id.rawValue))])
    }

    func patchList(_ request: HTTPRequest, _ id: String, context: ActionContext) throws -> HTTPResponse {
        try WebService.checkListPreconditions(request)
        let (name, color) = try WebService.listFields(request)
        if case .null = name { throw Problem.invalid(ModelError.blankName(.listName).description) }
        let reference = ListReference.id(ReminderList.ID(rawValue: id))
        let (list, open) = try write(context, describedBy: { "change the list " + WebService.quoted($0.0.name) }) { db in
            var list = try Actions.existingList(reference, in: db)
            if let name = name.value { list = try Actions.renameList(reference, to: name, in: db, context: context).list }
            if let color { list = try Actions.recolorList(reference, to: color, in: db, context: context) }
            return (list, try db.openCount(inList: list.id))
        }
        return WebService.json(TickJSON.object(for: list, openCount: open))
    }

    func moveList(_ request: HTTPRequest, _ id: String, context: ActionContext) throws -> HTTPResponse {
        try WebService.checkListPreconditions(request)
        let placement = try WebService.placement(request)
        let reference = ListReference.id(ReminderList.ID(rawValue: id))
        let (list, open) = try write(context, describedBy: { "move the list " + WebService.quoted($0.0.name) }) { db in
            let moving = try Actions.existingList(reference, in: db)
            let position: Int
            switch placement {
            case .position(let value):
                position = value
            case .before(let other), .after(let other):
                let anchor = try Actions.existingList(.id(ReminderList.ID(rawValue: other)), in: db)
                guard anchor.id != moving.id else { throw Problem.conflict("a list cannot be placed relative to itself") }
                let others = try db.lists().map(\.id).filter { $0 != moving.id }
                let index = (others.firstIndex(of: anchor.id) ?? others.count) + 1
                position = placement.isBefore ? index : index + 1
            }
            let moved = try Actions.moveList(reference, to: position, in: db)
            return (moved.list, try db.openCount(inList: moved.list.id))
        }
        return WebService.json(TickJSON.object(for: list, openCount: open))
    }

    func deleteList(_ request: HTTPRequest, _ id: String, context: ActionContext) throws -> HTTPResponse {
        try WebService.checkListPreconditions(request)
        let force = try WebService.flag(request, "force")
        _ = try write(context, describedBy: { "delete the list " + WebService.quoted($0.list.name) }) { db in
            try Actions.deleteList(.id(ReminderList.ID(rawValue: id)), force: force, in: db)
        }
        return HTTPResponse(status: 204)
    }
}
