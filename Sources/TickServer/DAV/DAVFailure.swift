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
    /// The property of a MKCALENDAR or extended MKCOL body whose value was refused; nil when
    /// the request failed for another reason.
    var property: XMLName?

    init(_ status: Int, _ condition: XMLName? = nil, _ message: String, conditionContent: String = "", property: XMLName? = nil) {
        self.status = status
        self.condition = condition
        self.message = message
        self.conditionContent = conditionContent
        self.property = property
    }

    static func badRequest(_ message: String) -> DAVFailure { DAVFailure(400, nil, message) }
    static func notFound(_ message: String) -> DAVFailure { DAVFailure(404, nil, message) }
    static func preconditionFailed(_ message: String) -> DAVFailure { DAVFailure(412, nil, message) }
    /// A CalDAV precondition of a PUT or MKCALENDAR (RFC 4791 §5.3.2.1, §5.3.1.1): 403.
    static func caldav(_ local: String, _ message: String, status: Int = 403) -> DAVFailure {
        DAVFailure(status, .c(local), message)
    }

    var response: HTTPResponse {
        DAVXMLWriter.response(status: status, root: "D:error", inner: conditionXML + descriptionXML)
    }

    /// The answer to an extended MKCOL refused for the value of `property` (RFC 5689 §3, as
    /// its §3.5 shows): this status, and a `DAV:mkcol-response` with one `DAV:propstat` for
    /// that property (the status, the condition in a `DAV:error`, the message) and one with
    /// 424 for the other properties `set` (the collection was not made, so none was set).
    /// - Parameter set: the names of the properties the request set, in its order.
    /// - Complexity: O(n) in the number of names.
    func mkcolResponse(set: [XMLName]) -> HTTPResponse {
        guard let property else { return response }
        var seen: Set<XMLName> = [property]
        let others = set.filter { seen.insert($0).inserted }
        var inner = "<D:propstat><D:prop>\(DAVXMLWriter.element(property))</D:prop>"
            + "<D:status>\(DAVXMLWriter.statusLine(status))</D:status>"
        if !conditionXML.isEmpty { inner += "<D:error>\(conditionXML)</D:error>" }
        inner += descriptionXML + "</D:propstat>"
        if !others.isEmpty {
            inner += "<D:propstat><D:prop>" + others.map { DAVXMLWriter.element($0) }.joined()
                + "</D:prop><D:status>\(DAVXMLWriter.statusLine(424))</D:status></D:propstat>"
        }
        return DAVXMLWriter.response(status: status, root: "D:mkcol-response", inner: inner)
    }

    /// The condition element, empty without one.
    private var conditionXML: String {
        guard let condition else { return "" }
        let name = DAVXMLWriter.qualified(condition)
        return conditionContent.isEmpty ? "<\(name)/>" : "<\(name)>\(conditionContent)</\(name)>"
    }

    private var descriptionXML: String { "<D:responsedescription>\(DAVBody.escaped(message))</D:responsedescription>" }
}
