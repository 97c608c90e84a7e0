import Foundation
import TickActions
import TickModel
import TickPostgres

/// What the JSON API reads from its smaller request bodies: a list's color, where a move
/// puts a list or reminder, a share's access and the change an undo names. A reminder's
/// fields are read by `ReminderFields`.
extension WebService {
    /// The fields of a list's body (`POST /api/v1/lists`, `PATCH /api/v1/lists/{id}`):
    /// its `name` as given, and its `color` read.
    /// - Throws: `Problem` 400 (types, other fields), 422 (a color that cannot be read).
    static func listFields(_ request: HTTPRequest) throws -> (name: BodyField<String>, color: ListColor?) {
        let body = try JSONBody(request, allowed: ["name", "color"])
        return (try body.string("name"), try color(body))
    }

    /// The `color` field: a palette name or `#RRGGBB`, or nil when absent.
    /// - Throws: `Problem` 422 for a color that cannot be read (or null).
    private static func color(_ body: JSONBody) throws -> ListColor? {
        switch try body.string("color") {
        case .absent: return nil
        case .null: throw Problem.invalid("a list's color cannot be null; give one of the palette's names or #RRGGBB")
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
    /// - Throws: `Problem` 400 (none or several, types, other fields), 422 (a position below 1).
    static func placement(_ request: HTTPRequest) throws -> Placement {
        let body = try JSONBody(request, allowed: ["before", "after", "position"])
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

    /// The access the body of `PUT /api/v1/lists/{id}/shares/{user}` gives
    /// (`{ "access": "read" | "write" }`).
    /// - Throws: `Problem` 400 for another body.
    static func shareAccess(_ request: HTTPRequest) throws -> ShareAccess {
        let body = try JSONBody(request, allowed: ["access"])
        guard let text = try body.string("access").value, let access = ShareAccess(rawValue: text) else {
            throw Problem.badRequest("\"access\" is 'read' or 'write'")
        }
        return access
    }

    /// The change the body of `POST /api/v1/undo` names (`{ "change": ID }`), or nil for the newest.
    /// - Throws: `Problem` 400 for another body.
    static func changeToUndo(_ request: HTTPRequest) throws -> Int64? {
        try JSONBody(request, allowed: ["change"]).int("change").value.map(Int64.init)
    }
}
