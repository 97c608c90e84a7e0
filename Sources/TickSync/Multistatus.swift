import Foundation

/// One `<D:response>` of a WebDAV multistatus (RFC 4918 §13): the resource's href, the
/// status of the whole response when it has one (sync-collection deletions: 404), and
/// the properties found (200) with their values.
public struct DAVResource: Sendable {
    /// The href as the server wrote it (percent-encoded or not).
    public var href: String
    /// The status of `<D:response><D:status>`, when given instead of propstats.
    public var status: Int?
    /// The properties the server returned with status 2xx.
    public var properties: [XMLName: XMLTree]

    /// A text property's trimmed value (`getetag`, `displayname`, `getctag`, …).
    public func text(_ name: XMLName) -> String? { properties[name]?.trimmedText }

    /// The `getetag` value exactly as received, quotes included (Radicale compares
    /// `If-Match` byte for byte).
    public var etag: String? {
        guard let value = text(.d("getetag")), !value.isEmpty else { return nil }
        return value
    }
}

/// A parsed multistatus: its responses and, for sync-collection, the new sync token.
public struct Multistatus: Sendable {
    public var resources: [DAVResource]
    /// RFC 6578 §6.2 `<D:sync-token>` at the end of a sync-collection report.
    public var syncToken: String?

    /// Reads a `207 Multi-Status` body.
    /// - Throws: `SyncError.protocolError` when it is not XML or not a multistatus.
    public static func parse(_ data: Data, what: String) throws(SyncError) -> Multistatus {
        let root = try XMLTree.parse(data, what: what)
        guard root.name == .d("multistatus") else {
            throw .protocolError("\(what): expected a DAV:multistatus, the server sent <\(root.name.local)>")
        }
        var result = Multistatus(resources: [], syncToken: root.child(.d("sync-token"))?.trimmedText)
        for response in root.children(.d("response")) {
            guard let href = response.child(.d("href"))?.trimmedText, !href.isEmpty else { continue }
            var resource = DAVResource(href: href, status: response.child(.d("status")).flatMap { statusCode($0.trimmedText) },
                                       properties: [:])
            for propstat in response.children(.d("propstat")) {
                let code = propstat.child(.d("status")).flatMap { statusCode($0.trimmedText) } ?? 200
                guard (200..<300).contains(code), let prop = propstat.child(.d("prop")) else { continue }
                for value in prop.children { resource.properties[value.name] = value }
            }
            result.resources.append(resource)
        }
        return result
    }

    /// The code of a status line `HTTP/1.1 404 Not Found`.
    static func statusCode(_ line: String) -> Int? {
        let parts = line.split(separator: " ")
        guard parts.count >= 2 else { return nil }
        return Int(parts[1])
    }
}

extension DAVResource {
    /// The hrefs inside a property such as `current-user-principal` or `calendar-home-set`.
    func hrefs(in name: XMLName) -> [String] {
        properties[name]?.children(.d("href")).map(\.trimmedText).filter { !$0.isEmpty } ?? []
    }

    /// Whether `resourcetype` holds `name` (`C:calendar`, `D:collection`).
    func isOfType(_ name: XMLName) -> Bool {
        properties[.d("resourcetype")]?.child(name) != nil
    }
}
