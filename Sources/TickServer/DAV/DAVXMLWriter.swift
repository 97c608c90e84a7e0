import Foundation
import TickSync

/// Writes the XML of DAV responses: a `DAV:multistatus` (RFC 4918 §13) built response by
/// response, and other bodies with the namespaces Tick uses declared on the root.
struct DAVXMLWriter {
    /// The prefixes of the namespaces Tick writes (the client reads them by URI).
    static let prefixes: [(prefix: String, namespace: String)] = [
        ("D", XMLName.dav), ("C", XMLName.caldav), ("CS", XMLName.calendarServer), ("I", XMLName.appleICal),
    ]

    static let declarations = prefixes.map { "xmlns:\($0.prefix)=\"\($0.namespace)\"" }.joined(separator: " ")

    /// `D:getetag` for a known namespace; nil for another (written with its own declaration).
    static func prefix(of namespace: String) -> String? {
        prefixes.first { $0.namespace == namespace }?.prefix
    }

    /// The element name as written, for a namespace Tick declares.
    static func qualified(_ name: XMLName) -> String {
        "\(prefix(of: name.namespace) ?? "D"):\(name.local)"
    }

    /// An element `name` holding `inner` (XML already), empty when `inner` is.
    static func element(_ name: XMLName, _ inner: String = "") -> String {
        if let prefix = prefix(of: name.namespace) {
            let tag = "\(prefix):\(name.local)"
            return inner.isEmpty ? "<\(tag)/>" : "<\(tag)>\(inner)</\(tag)>"
        }
        // A property in no namespace: an empty default namespace (a prefix cannot be bound
        // to the empty name, Namespaces in XML 1.0 §3).
        if name.namespace.isEmpty {
            let open = "\(name.local) xmlns=\"\""
            return inner.isEmpty ? "<\(open)/>" : "<\(open)>\(inner)</\(name.local)>"
        }
        // A property of a namespace Tick does not know (asked for, and not found).
        let open = "X:\(name.local) xmlns:X=\"\(DAVBody.escaped(name.namespace))\""
        return inner.isEmpty ? "<\(open)/>" : "<\(open)>\(inner)</X:\(name.local)>"
    }

    /// A response whose body is the document `<root …declarations>inner</root>`.
    static func response(status: Int, root: String, inner: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        let text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<\(root) \(declarations)>\(inner)</\(root)>"
        return HTTPResponse(status: status, headers: [("Content-Type", "application/xml; charset=utf-8")] + headers,
                            body: .bytes(Array(text.utf8)))
    }

    static func statusLine(_ status: Int) -> String {
        let reason: String
        switch status {
        case 200: reason = "OK"
        case 403: reason = "Forbidden"
        case 404: reason = "Not Found"
        case 409: reason = "Conflict"
        case 422: reason = "Unprocessable Content"
        case 424: reason = "Failed Dependency"
        case 507: reason = "Insufficient Storage"
        default: reason = "Status"
        }
        return "HTTP/1.1 \(status) \(reason)"
    }

    private var body = ""

    /// A resource with the properties `found` (name and inner XML) and the ones it does not
    /// have (`missing`, 404), or only names of properties (`PROPFIND` `propname`).
    mutating func add(href: String, found: [(XMLName, String)], missing: [XMLName] = [], failed: [(XMLName, Int)] = []) {
        body += "<D:response><D:href>\(DAVBody.escaped(href))</D:href>"
        if !found.isEmpty {
            body += "<D:propstat><D:prop>" + found.map { DAVXMLWriter.element($0.0, $0.1) }.joined()
                + "</D:prop><D:status>\(DAVXMLWriter.statusLine(200))</D:status></D:propstat>"
        }
        if !missing.isEmpty {
            body += "<D:propstat><D:prop>" + missing.map { DAVXMLWriter.element($0) }.joined()
                + "</D:prop><D:status>\(DAVXMLWriter.statusLine(404))</D:status></D:propstat>"
        }
        for status in Set(failed.map(\.1)).sorted() {
            body += "<D:propstat><D:prop>" + failed.filter { $0.1 == status }.map { DAVXMLWriter.element($0.0) }.joined()
                + "</D:prop><D:status>\(DAVXMLWriter.statusLine(status))</D:status></D:propstat>"
        }
        body += "</D:response>"
    }

    /// A resource with a status of its own (a deletion in `sync-collection`, a multiget's
    /// href that names nothing).
    mutating func add(href: String, status: Int) {
        body += "<D:response><D:href>\(DAVBody.escaped(href))</D:href><D:status>\(DAVXMLWriter.statusLine(status))</D:status></D:response>"
    }

    /// The 207 response, with RFC 6578's `sync-token` last when given.
    func response(syncToken: String? = nil) -> HTTPResponse {
        let token = syncToken.map { "<D:sync-token>\(DAVBody.escaped($0))</D:sync-token>" } ?? ""
        return DAVXMLWriter.response(status: 207, root: "D:multistatus", inner: body + token)
    }
}
