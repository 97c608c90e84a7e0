import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import TickServer

/// What DAV tests send to a `ServiceHarness` (requests: `DAVTestServer.dav`).
extension ServiceHarness {
    static let basic = "Basic " + Data("phone:\(ServiceHarness.token)".utf8).base64EncodedString()

    /// A VTODO calendar object.
    static func todo(uid: String, summary: String, extra: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20260101T000000Z",
          "SUMMARY:\(summary)"] + extra + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    static func syncCollection(_ token: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token)</d:sync-token><d:sync-level>1</d:sync-level>
        <d:prop><d:getetag/></d:prop></d:sync-collection>
        """
    }
}

/// Reading a multistatus in tests: the hrefs with their statuses and properties.
struct DAVAnswer {
    struct Item {
        var href: String
        var status: Int?
        var properties: [String: String]
    }

    var items: [Item] = []
    var syncToken: String?
}

extension DAVAnswer {
    /// Parses with FoundationXML, property names as `{namespace}local`, values as text.
    init(_ response: HTTPResponse) {
        final class Reader: NSObject, XMLParserDelegate {
            var answer = DAVAnswer(items: [], syncToken: nil)
            var path: [String] = []
            var text = ""
            var current: DAVAnswer.Item?
            var pending: [String: String] = [:]
            /// The property being read and its depth; nested elements are written `[{ns}name]`.
            var capture: (name: String, depth: Int)?
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                let full = "{\(namespaceURI ?? "")}\(name)"
                path.append(full)
                if capture != nil {
                    text += "[\(full)\(attributes["name"].map { " " + $0 } ?? "")]"
                } else if path.count >= 2, path[path.count - 2] == "{DAV:}prop" {
                    capture = (full, path.count)
                    text = ""
                } else {
                    text = ""
                }
                if name == "response" { current = Item(href: "", status: nil, properties: [:]) }
                if name == "propstat" { pending = [:] }
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                let full = path.removeLast()
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if let capture {
                    if capture.depth == path.count + 1 {
                        pending[full] = trimmed
                        self.capture = nil
                        text = ""
                    }
                    return
                }
                switch name {
                case "href" where path.last == "{DAV:}response": current?.href = trimmed
                case "status" where path.last == "{DAV:}response": current?.status = Int(trimmed.split(separator: " ")[1])
                case "status" where path.last == "{DAV:}propstat":
                    if trimmed.contains(" 200 ") { current?.properties.merge(pending) { $1 } }
                case "response":
                    if let current { answer.items.append(current) }
                    current = nil
                case "sync-token" where path.last == "{DAV:}multistatus": answer.syncToken = trimmed
                default: break
                }
                text = ""
            }
        }
        let reader = Reader()
        let parser = XMLParser(data: Data(response.bodyText.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        _ = parser.parse()
        self = reader.answer
    }

    func item(_ href: String) -> Item? { items.first { $0.href == href } }
    var hrefs: [String] { items.map(\.href) }
}

/// A `DAV:mkcol-response` (RFC 5689 §5.2) read in tests: each property's status by local
/// name, and the conditions of the `DAV:error`s in its propstats.
struct MkcolResponse {
    var statuses: [String: Int]
    var conditions: [String]

    /// Nil when the body is not a well-formed `mkcol-response`.
    init?(_ response: HTTPResponse) {
        final class Reader: NSObject, XMLParserDelegate {
            var statuses: [String: Int] = [:]
            var conditions: [String] = []
            var path: [String] = []
            var names: [String] = []
            var text = ""
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                if path.last == "prop" { names.append(name) }
                if path.last == "error" { conditions.append(name) }
                if name == "propstat" { names = [] }
                path.append(name)
                text = ""
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                path.removeLast()
                if name == "status", path.last == "propstat" {
                    let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
                    for name in names { statuses[name] = status }
                }
            }
        }
        let reader = Reader()
        let parser = XMLParser(data: Data(response.bodyText.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        guard parser.parse(), response.bodyText.contains("mkcol-response") else { return nil }
        statuses = reader.statuses
        conditions = reader.conditions
    }
}
