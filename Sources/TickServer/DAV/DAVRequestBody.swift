import Foundation
import TickSync

/// The request bodies of WebDAV and CalDAV read into values: `PROPFIND` (RFC 4918 §9.1),
/// `PROPPATCH` (§9.2), `MKCALENDAR` (RFC 4791 §5.3.1), extended `MKCOL` (RFC 5689 §3), and
/// the reports `calendar-multiget` (§7.9), `calendar-query` (§7.8) and `sync-collection`
/// (RFC 6578 §3.2). Parsed with
/// `XMLTree` (libxml2's reader: namespaces resolved, nothing loaded from outside, no DOCTYPE).
enum DAVRequestBody {
    /// Which properties a request asks for.
    enum Properties: Equatable {
        /// `allprop` (or an empty PROPFIND body): the properties Tick gives unasked.
        case all
        /// `propname`: their names only.
        case names
        /// These.
        case only([XMLName])
    }

    /// A REPORT.
    enum Report {
        case multiget(Properties, hrefs: [String])
        case query(Properties, DAVQueryFilter)
        /// An empty token is an initial sync.
        case syncCollection(Properties, token: String, level: String)
    }

    /// What a PROPPATCH, MKCALENDAR or extended MKCOL sets and removes, in the order given.
    struct PropertyUpdate {
        var set: [(name: XMLName, value: XMLTree)] = []
        var remove: [XMLName] = []
    }

    /// The XML of `body`; nil for an empty body.
    /// - Throws: `DAVFailure` 400 when it is not well-formed XML, 500 when libxml2 is not
    ///   installed.
    static func document(_ body: [UInt8]) throws(DAVFailure) -> XMLTree? {
        guard body.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else { return nil }
        do {
            return try XMLTree.parse(Data(body), what: "the request body")
        } catch {
            throw failure(error)
        }
    }

    /// What the client is told when `XMLTree` refuses a body: the body's fault (400), or the
    /// server's when it cannot read XML at all (500: libxml2 is missing).
    static func failure(_ error: SyncError) -> DAVFailure {
        if case .configuration(let text) = error { return DAVFailure(500, nil, text) }
        return .badRequest(error.description.replacingOccurrences(of: "the server's XML", with: "the XML"))
    }

    /// The properties of a `PROPFIND` body (RFC 4918 §9.1: empty means `allprop`).
    /// - Throws: `DAVFailure` 400 for a body that is not a `propfind`.
    static func propfind(_ body: [UInt8]) throws(DAVFailure) -> Properties {
        guard let root = try document(body) else { return .all }
        guard root.name == .d("propfind") else {
            throw .badRequest("a PROPFIND body is a DAV:propfind, not <\(root.name.local)>")
        }
        return try properties(in: root, what: "DAV:propfind")
    }

    static func properties(in parent: XMLTree, what: String) throws(DAVFailure) -> Properties {
        if parent.child(.d("propname")) != nil { return .names }
        if let prop = parent.child(.d("prop")) { return .only(prop.children.map(\.name)) }
        if parent.child(.d("allprop")) != nil { return .all }
        throw .badRequest("\(what) names no properties (prop, allprop or propname)")
    }

    /// A REPORT body.
    /// - Throws: `DAVFailure` 400 for a body that is not XML or lacks what the report
    ///   needs; 403 `DAV:supported-report` for a report Tick does not make; 403
    ///   `CALDAV:supported-filter` (in `DAVQueryFilter`).
    static func report(_ body: [UInt8]) throws(DAVFailure) -> Report {
        guard let root = try document(body) else { throw .badRequest("a REPORT needs a body") }
        switch root.name {
        case .c("calendar-multiget"):
            let hrefs = root.children(.d("href")).map(\.trimmedText).filter { !$0.isEmpty }
            return .multiget(try properties(in: root, what: "CALDAV:calendar-multiget"), hrefs: hrefs)
        case .c("calendar-query"):
            guard let filter = root.child(.c("filter")) else {
                throw .badRequest("a CALDAV:calendar-query needs a CALDAV:filter (RFC 4791 §7.8)")
            }
            return .query(try properties(in: root, what: "CALDAV:calendar-query"), try DAVQueryFilter(filter))
        case .d("sync-collection"):
            guard let token = root.child(.d("sync-token")) else {
                throw .badRequest("a DAV:sync-collection needs a DAV:sync-token, empty for a first sync (RFC 6578 §6.1)")
            }
            let level = root.child(.d("sync-level"))?.trimmedText ?? "1"
            guard level == "1" || level == "infinite" else {
                throw .badRequest("DAV:sync-level is 1 or infinite, not '\(level)'")
            }
            return .syncCollection(try properties(in: root, what: "DAV:sync-collection"), token: token.trimmedText, level: level)
        default:
            throw DAVFailure(403, .d("supported-report"),
                             "Tick makes the reports calendar-multiget, calendar-query and sync-collection, not \(root.name.local)")
        }
    }

    /// A PROPPATCH body (`DAV:propertyupdate`).
    /// - Throws: `DAVFailure` 400.
    static func propertyUpdate(_ body: [UInt8]) throws(DAVFailure) -> PropertyUpdate {
        guard let root = try document(body), root.name == .d("propertyupdate") else {
            throw .badRequest("a PROPPATCH body is a DAV:propertyupdate")
        }
        return update(in: root)
    }

    /// A MKCALENDAR body (`CALDAV:mkcalendar`; none at all is allowed).
    /// - Throws: `DAVFailure` 400.
    static func mkcalendar(_ body: [UInt8]) throws(DAVFailure) -> PropertyUpdate {
        guard let root = try document(body) else { return PropertyUpdate() }
        guard root.name == .c("mkcalendar") || root.name == .d("mkcol") else {
            throw .badRequest("a MKCALENDAR body is a CALDAV:mkcalendar, not <\(root.name.local)>")
        }
        return update(in: root)
    }

    /// An extended MKCOL body (RFC 5689 §3: `DAV:mkcol` holding `DAV:set`s); nil for none
    /// (a plain MKCOL, RFC 4918 §9.3).
    /// - Throws: `DAVFailure` 400 when it is not well-formed XML; 415 for another root
    ///   element (RFC 5689 §3 reserves them; RFC 4918 §9.3: a body the server does not
    ///   understand is 415).
    static func mkcol(_ body: [UInt8]) throws(DAVFailure) -> PropertyUpdate? {
        guard let root = try document(body) else { return nil }
        guard root.name == .d("mkcol") else {
            throw DAVFailure(415, nil, "an extended MKCOL body is a DAV:mkcol (RFC 5689), not <\(root.name.local)>")
        }
        return update(in: root)
    }

    /// Checks that a `DAV:resourcetype` set by an extended MKCOL (or a MKCALENDAR) is one Tick
    /// makes: a calendar collection (`CALDAV:calendar`, with or without `DAV:collection`;
    /// RFC 5689 §4.1), nothing else beside them.
    /// - Throws: `DAVFailure` 403 `DAV:valid-resourcetype` (RFC 5689 §3.3) naming the
    ///   property: a plain collection, an address book, any other type.
    static func checkCalendar(resourceType value: XMLTree) throws(DAVFailure) {
        let names = value.children.map(\.name)
        guard names.contains(.c("calendar")), names.allSatisfy({ $0 == .c("calendar") || $0 == .d("collection") }) else {
            let given = names.isEmpty ? "an empty resourcetype" : names.map(\.local).joined(separator: ", ")
            throw DAVFailure(403, .d("valid-resourcetype"),
                             "Tick makes calendars of to-dos (resourcetype collection and CALDAV:calendar), not \(given)",
                             property: value.name)
        }
    }

    private static func update(in root: XMLTree) -> PropertyUpdate {
        var update = PropertyUpdate()
        for action in root.children {
            let values = action.children(.d("prop")).flatMap(\.children)
            if action.name == .d("set") {
                update.set += values.map { ($0.name, $0) }
            } else if action.name == .d("remove") {
                update.remove += values.map(\.name)
            }
        }
        return update
    }
}
