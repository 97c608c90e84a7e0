import Foundation
import TickActions
import TickInterchange
import TickModel
import TickStore

/// The lists: `GET /api/v1/lists`, add, rename and recolor, move, delete.
extension WebService {
    func getLists(_ request: HTTPRequest) -> HTTPResponse {
        let context = actionContext()
        do {
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

    func getList(_ id: String) throws -> HTTPResponse {
        let (list, open) = try reader.read { db in
            let list = try Actions.existingList(.id(ReminderList.ID(rawValue: id)), in: db)
            return (list, try db.openCount(inList: list.id))
        }
        return WebService.json(TickJSON.object(for: list, openCount: open))
    }

    func addList(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try JSONBody(request, allowed: ["name", "color"])
        let name = try body.string("name").value ?? ""
        let color = try WebService.color(body)
        let context = actionContext()
        let list = try journaledWrite(context, { "create the list " + WebService.quoted($0.name) }) { db in
            try Actions.addList(named: name, color: color ?? .defaultColor, in: db, context: context)
        }
        return WebService.json(TickJSON.object(for: list, openCount: 0), status: 201,
                               headers: [("Location", "/api/v1/lists/" + WebService.pathSegment(list.id.rawValue))])
    }

    func patchList(_ request: HTTPRequest, _ id: String) throws -> HTTPResponse {
        let body = try JSONBody(request, allowed: ["name", "color"])
        let name = try body.string("name")
        if case .null = name { throw Problem.invalid(ModelError.blankName(.listName).description) }
        let color = try WebService.color(body)
        let context = actionContext()
        let reference = ListReference.id(ReminderList.ID(rawValue: id))
        let (list, open) = try journaledWrite(context, { "change the list " + WebService.quoted($0.0.name) }) { db in
            var list = try Actions.existingList(reference, in: db)
            if let name = name.value { list = try Actions.renameList(reference, to: name, in: db, context: context).list }
            if let color { list = try Actions.recolorList(reference, to: color, in: db, context: context) }
            return (list, try db.openCount(inList: list.id))
        }
        return WebService.json(TickJSON.object(for: list, openCount: open))
    }

    func moveList(_ request: HTTPRequest, _ id: String) throws -> HTTPResponse {
        let body = try JSONBody(request, allowed: ["before", "after", "position"])
        let placement = try WebService.placement(body)
        let reference = ListReference.id(ReminderList.ID(rawValue: id))
        let (list, open) = try journaledWrite(actionContext(), { "move the list " + WebService.quoted($0.0.name) }) { db in
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

    func deleteList(_ request: HTTPRequest, _ id: String) throws -> HTTPResponse {
        let force = try WebService.flag(request, "force")
        _ = try journaledWrite(actionContext(), { "delete the list " + WebService.quoted($0.list.name) }) { db in
            try Actions.deleteList(.id(ReminderList.ID(rawValue: id)), force: force, in: db)
        }
        return HTTPResponse(status: 204)
    }

    /// The `color` field: a palette name or `#RRGGBB`, or nil when absent.
    /// - Throws: `Problem` 422 for a color that cannot be read (or null).
    static func color(_ body: JSONBody) throws -> ListColor? {
        switch try body.string("color") {
        case .absent: return nil
        case .null: throw Problem.invalid(ModelError.invalidColor("null").description)
        case .value(let text):
            guard let color = ListColor(parsing: text) else { throw Problem.invalid(ModelError.invalidColor(text).description) }
            return color
        }
    }

    /// Where a move puts a list or reminder: `before` or `after` an id, or a 1-based `position`.
    enum Placement {
        case before(String), after(String), position(Int)

        var isBefore: Bool {
            if case .before = self { return true }
            return false
        }
    }

    /// The placement a move's body gives: exactly one of `before`, `after`, `position`.
    /// - Throws: `Problem` 400.
    static func placement(_ body: JSONBody) throws -> Placement {
        let before = try body.string("before").value, after = try body.string("after").value
        let position = try body.int("position").value
        switch (before, after, position) {
        case (let id?, nil, nil): return .before(id)
        case (nil, let id?, nil): return .after(id)
        case (nil, nil, let index?):
            guard index >= 1 else { throw Problem.invalid(ActionError.positionOutOfRange(index).description) }
            return .position(index)
        default: throw Problem.badRequest("give one of \"before\", \"after\" or \"position\"")
        }
    }

    /// `text` percent-encoded to be one path segment.
    static func pathSegment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
