import Foundation
import TickActions
import TickInterchange
import TickModel
import TickPostgres
import TickStore

/// An error answer of the API: RFC 9457 "Problem Details for HTTP APIs",
/// `application/problem+json` with `type`, `title`, `status` and `detail`.
struct Problem: Error {
    /// The status code.
    var status: Int
    /// The last part of `type` (`urn:tick:problem:not-found`).
    var name: String
    /// What went wrong, in the words of the command line.
    var detail: String
    /// More members after `detail` (`current` on 412).
    var extra: [(String, JSONValue)] = []
    /// More header fields (`Allow`, `WWW-Authenticate`, `ETag`).
    var headers: [(name: String, value: String)] = []

    static func badRequest(_ detail: String) -> Problem { Problem(status: 400, name: "bad-request", detail: detail) }
    static func forbidden(_ detail: String) -> Problem { Problem(status: 403, name: "forbidden", detail: detail) }
    static func notFound(_ detail: String) -> Problem { Problem(status: 404, name: "not-found", detail: detail) }
    static func conflict(_ detail: String) -> Problem { Problem(status: 409, name: "conflict", detail: detail) }
    static func invalid(_ detail: String) -> Problem { Problem(status: 422, name: "invalid", detail: detail) }

    /// The response: the problem's JSON with its header fields.
    var response: HTTPResponse {
        let object = JSONValue.object([
            ("type", .string("urn:tick:problem:" + name)),
            ("title", .string(Problem.title(of: status))),
            ("status", .int(Int64(status))),
            ("detail", .string(detail)),
        ] + extra)
        var response = HTTPResponse(status: status, contentType: "application/problem+json",
                                    text: object.serialized(pretty: false))
        response.headers += headers
        return response
    }

    /// The reason phrase of a status (RFC 9110 §15).
    static func title(of status: Int) -> String {
        switch status {
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 409: return "Conflict"
        case 412: return "Precondition Failed"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 421: return "Misdirected Request"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        default: return "Internal Server Error"
        }
    }

    /// The problem for an error of the layers below: an action's refusal, a value the
    /// model refuses, or the database.
    static func from(_ error: any Error) -> Problem {
        switch error {
        case let problem as Problem: return problem
        case let error as ActionError: return from(error)
        case let error as ModelError: return .invalid(error.description)
        case let error as ShareError: return from(error)
        case let error as StoreError:
            if error.kind == .busy {
                return Problem(status: 503, name: "busy", detail: "the database is busy (another tick kept it locked too long); try again",
                               headers: [("Retry-After", "1")])
            }
            // The SQLite message, never the values bound to the statement (user text).
            return Problem(status: 500, name: "internal", detail: "database: \(error.message)")
        case let error as PostgresError:
            if error.isUniqueViolation {
                // A value that must be unique is taken: by a list or reminder the request
                // could not see (another list of a shared list's owner), or by a race.
                return .conflict("a list or reminder with the same identity exists already")
            }
            if error.isRetryable {
                return Problem(status: 503, name: "busy", detail: "the database kept refusing the change for another's; try again",
                               headers: [("Retry-After", "1")])
            }
            // The server's message, never the statement's values or its detail (which may quote them).
            return Problem(status: 500, name: "internal", detail: "database: \(error.message)")
        default:
            return Problem(status: 500, name: "internal", detail: String(describing: type(of: error)))
        }
    }

    private static func from(_ error: ShareError) -> Problem {
        switch error {
        case .notShared, .noSuchUser: return .notFound(error.description)
        case .readOnly, .ownerOnly, .outsideSharedList: return .forbidden(error.description)
        case .sharedWithOwner: return .conflict(error.description)
        }
    }

    private static func from(_ error: ActionError) -> Problem {
        switch error {
        case .reminderNotFound, .listNotFound, .listGone, .changeNotFound:
            return .notFound(error.description)
        case .listNotEmpty:
            return .conflict(error.description + "; delete it with ?force=true to delete them too")
        case .listNameTaken, .lastList, .placedRelativeToItself, .anchorInAnotherList, .subtaskOutsideParentList,
             .parentCycle, .reminderCompleted, .occurrenceNotCurrent, .changeAlreadyUndone, .undoConflicts, .nothingToUndo:
            return .conflict(error.description)
        case .positionOutOfRange, .repeatNeedsDueDate, .repeatBasisNeedsRepeat, .recurrenceDoesNotFit, .alarmNeedsDueDate,
             .dueNeededByRepeat, .startAfterDue, .snoozeNotInFuture:
            return .invalid(error.description)
        }
    }
}
