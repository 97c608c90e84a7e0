import Foundation
import TickSync

/// A DAV request refused: its status, the precondition or postcondition element it failed
/// (RFC 4918 §16, RFC 4791 §1.3, RFC 6578 §3.3) and what went wrong, for a person. Its
/// response is a `DAV:error` body holding the condition and a `DAV:responsedescription`.
struct DAVFailure: Error {
    var status: Int
    var condition: XMLName?
    /// Inner XML of the condition element (`<D:href>` of a `no-uid-conflict`).
    var conditionContent = ""
    var message: String

    init(_ status: Int, _ condition: XMLName? = nil, _ message: String, conditionContent: String = "") {
        self.status = status
        self.condition = condition
        self.message = message
        self.conditionContent = conditionContent
    }

    static func badRequest(_ message: String) -> DAVFailure { DAVFailure(400, nil, message) }
    static func notFound(_ message: String) -> DAVFailure { DAVFailure(404, nil, message) }
    static func preconditionFailed(_ message: String) -> DAVFailure { DAVFailure(412, nil, message) }
    /// A CalDAV precondition of a PUT or MKCALENDAR (RFC 4791 §5.3.2.1, §5.3.1.1): 403.
    static func caldav(_ local: String, _ message: String, status: Int = 403) -> DAVFailure {
        DAVFailure(status, .c(local), message)
    }

    var response: HTTPResponse {
        var inner = ""
        if let condition {
            let name = DAVXMLWriter.qualified(condition)
            inner += conditionContent.isEmpty ? "<\(name)/>" : "<\(name)>\(conditionContent)</\(name)>"
        }
        inner += "<D:responsedescription>\(DAVBody.escaped(message))</D:responsedescription>"
        return DAVXMLWriter.response(status: status, root: "D:error", inner: inner)
    }
}
