import Foundation
import TickInterchange

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
}
