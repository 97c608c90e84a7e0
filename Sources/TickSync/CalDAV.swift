import Foundation
import TickModel

/// A calendar collection on a CalDAV server (RFC 4791 §4.2) that can hold to-dos.
public struct CalendarCollection: Sendable, Equatable {
    /// Its address (always ending in `/`).
    public var url: URL
    /// `DAV:displayname`; nil when the server has none.
    public var displayName: String?
    /// Apple `calendar-color`, normalized to `#RRGGBB` (an alpha byte is dropped).
    public var color: String?
    /// Apple `calendar-order`.
    public var order: Int?
    /// CalendarServer `getctag`; nil until `CalDAV.changeTags(of:)` asked for it.
    public var ctag: String?
    /// RFC 6578 `DAV:sync-token`; nil until `CalDAV.changeTags(of:)` asked for it.
    public var syncToken: String?
    /// Whether `sync-collection` is in its `supported-report-set` (or a sync token was given).
    public var supportsSyncCollection: Bool
    /// Whether the user may not write to it (`current-user-privilege-set` without `write`
    /// or `write-content`).
    public var isReadOnly: Bool
    /// Whether its `supported-calendar-component-set` holds VTODO (absent means all).
    public var holdsToDos: Bool

    /// The last path segment, decoded: a name for a collection without `displayname`.
    public var pathName: String {
        url.path.split(separator: "/").last.map { $0.percentDecoded() ?? String($0) } ?? url.path
    }
}

/// What happened to a PUT or DELETE with a precondition.
public enum WriteOutcome: Sendable, Equatable {
    /// Stored; the new ETag when the response gave one (servers that rewrite what they
    /// store may not: fetch the item again).
    case stored(etag: String?)
    /// 412: the item changed on the server (If-Match) or exists already (If-None-Match).
    case preconditionFailed
    /// 404 or 410: the item is gone from the server.
    case gone
    /// 409 or 403 with a CalDAV precondition (`no-uid-conflict`, …): the server refuses
    /// this content; the text says why.
    case refused(String)
}

/// The CalDAV operations a sync needs, over one account's `DAVClient`. Follows RFC 4791
/// (CalDAV), RFC 6578 (sync-collection), RFC 6764 (discovery) and the practice of
/// DAVx5 and Thunderbird (see `../shared/SYNC-AND-SERVER-NOTES.md` in the project).
public struct CalDAV: Sendable {
    public let client: DAVClient

    public init(client: DAVClient) { self.client = client }

    /// What discovery asks of every collection. Not `getctag` or `sync-token`: a server may
    /// read every item of a collection to answer either (Radicale does, seconds at 10,000
    /// items), and a collection with `sync-collection` needs neither (`changeTags(of:)` asks
    /// for them where it does not).
    static let collectionProperties: [XMLName] = [
        .d("resourcetype"), .d("displayname"), .c("supported-calendar-component-set"), .d("supported-report-set"),
        XMLName(XMLName.appleICal, "calendar-color"), XMLName(XMLName.appleICal, "calendar-order"),
        .d("current-user-privilege-set"),
    ]

    // MARK: Discovery (RFC 6764 §6, RFC 5397, RFC 4791 §6.2.1)

    /// Finds the to-do collections behind `url`: the collection itself when `url` is one;
    /// else the user's calendar home (from `current-user-principal` of `url`, or of
    /// `/.well-known/caldav` on the same server) and its child collections that hold VTODO.
    /// - Throws: `SyncError.unauthorized` on 401/403; `.protocolError` when no calendar
    ///   home is found; `.unreachable` from the client.
    /// - Returns: the calendar home (nil when `url` is one collection: then no list is
    ///   created on the server) and the to-do collections.
    public func discover(_ url: URL) throws(SyncError) -> (home: URL?, collections: [CalendarCollection]) {
        let start = try propfind(url, depth: 0, CalDAV.collectionProperties
                                 + [.d("current-user-principal"), .c("calendar-home-set"), .d("getcontenttype")])
        if let own = start.first {
            try refuseIfNotServerOrCalendar(own, url: url)
            if own.isOfType(.c("calendar")) { return (nil, [collection(from: own, base: url)]) }
        }
        var principalHref = start.first?.hrefs(in: .d("current-user-principal")).first
        var homeHref = start.first?.hrefs(in: .c("calendar-home-set")).first
        if principalHref == nil, homeHref == nil, let wellKnown = URL(string: "/.well-known/caldav", relativeTo: url)?.absoluteURL {
            let found = try? propfind(wellKnown, depth: 0, [.d("current-user-principal")])
            principalHref = found?.first?.hrefs(in: .d("current-user-principal")).first
        }
        if homeHref == nil, let principalHref, let principal = URL(string: principalHref, relativeTo: url)?.absoluteURL {
            homeHref = try propfind(principal, depth: 0, [.c("calendar-home-set")]).first?.hrefs(in: .c("calendar-home-set")).first
        }
        guard let homeHref, let home = URL(string: homeHref, relativeTo: url)?.absoluteURL else {
            throw .protocolError("\(client.label): \(url.absoluteString) is neither a calendar collection nor a server that names a calendar home (current-user-principal, calendar-home-set)")
        }
        return (home, try collections(in: home))
    }

    /// Refuses an account URL that names something to sync neither as a server nor as one
    /// calendar: nothing there (Xandikos answers 207 with a 404 inside), one item, an address
    /// book, or a calendar of events only. Such a URL must not fall through to discovery,
    /// which would sync every calendar of the server.
    /// - Throws: `SyncError.protocolError` naming the URL and what it is.
    func refuseIfNotServerOrCalendar(_ own: DAVResource, url: URL) throws(SyncError) {
        let label = client.label, shown = url.absoluteString
        let advice = "give the server's URL, or the URL of one calendar that holds to-dos"
        if own.status == 404 || own.status == 410 {
            throw .protocolError("\(label): there is nothing at \(shown) (HTTP \(own.status ?? 404)); \(advice)")
        }
        if own.isOfType(.c("calendar")) {
            guard collection(from: own, base: url).holdsToDos else {
                throw .protocolError("\(label): \(shown) is a calendar of events only (its supported-calendar-component-set has no VTODO); \(advice)")
            }
            return
        }
        if own.isOfType(XMLName(XMLName.cardDAV, "addressbook")) {
            throw .protocolError("\(label): \(shown) is an address book, not a calendar; \(advice)")
        }
        let type = own.text(.d("getcontenttype"))?.lowercased() ?? ""
        if type.hasPrefix("text/calendar") || type.hasPrefix("text/vcard") {
            throw .protocolError("\(label): \(shown) is one item (\(type.split(separator: ";").first ?? "")), not a calendar collection or a server; \(advice)")
        }
    }

    /// The calendar collections directly inside `home` that hold to-dos.
    public func collections(in home: URL) throws(SyncError) -> [CalendarCollection] {
        let found = try propfind(home, depth: 1, CalDAV.collectionProperties)
        return found.filter { $0.isOfType(.c("calendar")) }
            .map { collection(from: $0, base: home) }
            .filter { $0.url.path != home.path && $0.holdsToDos }
    }

    /// The collection at `url` with its current properties.
    /// - Throws: `.protocolError` when `url` is not a calendar collection.
    public func collection(at url: URL) throws(SyncError) -> CalendarCollection {
        guard let own = try propfind(url, depth: 0, CalDAV.collectionProperties).first, own.isOfType(.c("calendar")) else {
            throw .protocolError("\(client.label): \(url.absoluteString) is not a calendar collection")
        }
        return collection(from: own, base: url)
    }

    func collection(from resource: DAVResource, base: URL) -> CalendarCollection {
        var url = URL(string: resource.href, relativeTo: base)?.absoluteURL ?? base
        if !url.absoluteString.hasSuffix("/") { url = URL(string: url.absoluteString + "/") ?? url }
        let components = resource.properties[.c("supported-calendar-component-set")]?.children(.c("comp"))
            .compactMap { $0.attributes["name"]?.uppercased() }
        // RFC 3253 §3.1.5 wraps each in `report`; Xandikos 0.2.8 leaves the wrapper out.
        let reports = resource.properties[.d("supported-report-set")]?.children(.d("supported-report"))
            .compactMap { ($0.child(.d("report")) ?? $0).children.first?.name } ?? []
        let token = resource.text(.d("sync-token")).flatMap { $0.isEmpty ? nil : $0 }
        var readOnly = false
        if let privileges = resource.properties[.d("current-user-privilege-set")] {
            let names = Set(privileges.children(.d("privilege")).flatMap { $0.children.map(\.name.local) })
            readOnly = !(names.contains("write") || names.contains("write-content") || names.contains("all"))
        }
        // Radicale answers a collection without a name with its path ("alice/tasks"): no name.
        let path = url.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let name = resource.text(.d("displayname")).flatMap { $0.isEmpty || $0 == path || $0 == path.percentDecoded() ? nil : $0 }
        return CalendarCollection(
            url: url,
            displayName: name,
            color: resource.text(XMLName(XMLName.appleICal, "calendar-color")).flatMap(CalDAV.normalizedColor),
            order: resource.text(XMLName(XMLName.appleICal, "calendar-order")).flatMap { Int($0) },
            ctag: resource.text(XMLName(XMLName.calendarServer, "getctag")),
            syncToken: token,
            supportsSyncCollection: token != nil || reports.contains(.d("sync-collection")),
            isReadOnly: readOnly,
            holdsToDos: components.map { $0.isEmpty || $0.contains("VTODO") } ?? true)
    }

    /// `#RRGGBB` from `#RRGGBB` or `#RRGGBBAA` (Apple writes the alpha byte); nil otherwise.
    static func normalizedColor(_ text: String) -> String? {
        let value = text.trimmingCharacters(in: .whitespaces)
        guard value.hasPrefix("#"), value.count == 7 || value.count == 9,
              value.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        return String(value.prefix(7)).uppercased()
    }

    // MARK: Listing changes

    /// `collection` with its `getctag` and `sync-token` (PROPFIND Depth 0), for a collection
    /// whose `supported-report-set` did not name `sync-collection`: a token found here makes
    /// it one that has it after all.
    public func changeTags(of collection: CalendarCollection) throws(SyncError) -> CalendarCollection {
        var result = collection
        let own = try propfind(collection.url, depth: 0, [XMLName(XMLName.calendarServer, "getctag"), .d("sync-token")]).first
        result.ctag = own?.text(XMLName(XMLName.calendarServer, "getctag")).flatMap { $0.isEmpty ? nil : $0 }
        result.syncToken = own?.text(.d("sync-token")).flatMap { $0.isEmpty ? nil : $0 }
        if result.syncToken != nil { result.supportsSyncCollection = true }
        return result
    }

    /// The hrefs and ETags of every resource in `collection` (PROPFIND Depth 1), without
    /// the collection itself.
    public func etags(in collection: CalendarCollection) throws(SyncError) -> [(href: String, etag: String)] {
        let found = try propfind(collection.url, depth: 1, [.d("getetag"), .d("resourcetype")])
        return found.compactMap { resource in
            guard !resource.isOfType(.d("collection")), let etag = resource.etag,
                  !CalDAV.samePath(resource.href, collection.url.path) else { return nil }
            return (resource.href, etag)
        }
    }

    /// What changed in `collection` since `token` (RFC 6578 §3.2; nil token: everything).
    /// Loops while the server answers 507 on the collection (a truncated answer).
    /// - Returns: changed members with their ETags, deleted hrefs, and the new token.
    /// - Throws: `CalDAV.invalidSyncToken` when the server no longer knows `token` (403/409
    ///   `valid-sync-token`): the caller starts over without one; `CalDAV.syncCollectionRefused`
    ///   when the server refuses the report itself (403, 405, 501).
    public func changes(in collection: CalendarCollection, since token: String?) throws(SyncError)
        -> (changed: [(href: String, etag: String)], deleted: [String], token: String?) {
        var changed: [String: String] = [:]
        var order: [String] = []
        var deleted: Set<String> = []
        var current = token
        for _ in 0..<1_000 {
            let response = try client.send(DAVRequest(method: "REPORT", url: collection.url, headers: ["Depth": "0"],
                                                      body: DAVBody.syncCollection(token: current, props: [.d("getetag")])))
            if response.status == 403 || response.status == 409,
               String(decoding: response.body, as: UTF8.self).contains("valid-sync-token") {
                throw CalDAV.invalidSyncToken
            }
            // RFC 3253 §3.6: a server that has no such report answers 403 (DAV:supported-report);
            // others answer 405 or 501, although their properties named it.
            if [403, 405, 501].contains(response.status) { throw CalDAV.syncCollectionRefused }
            try check(response, "listing changes in \(collection.url.absoluteString)", expecting: [207])
            let status = try Multistatus.parse(response.body, what: "\(client.label): sync-collection of \(collection.url.absoluteString)")
            var truncated = false
            for resource in status.resources {
                if CalDAV.samePath(resource.href, collection.url.path) {
                    if resource.status == 507 { truncated = true }
                    continue
                }
                if resource.status == 404 {
                    deleted.insert(resource.href)
                    changed[resource.href] = nil
                } else if let etag = resource.etag {
                    if changed[resource.href] == nil { order.append(resource.href) }
                    changed[resource.href] = etag
                    deleted.remove(resource.href)
                }
            }
            current = status.syncToken ?? current
            if !truncated { break }
        }
        let list = order.compactMap { href in changed[href].map { (href: href, etag: $0) } }
        return (list, deleted.sorted(), current)
    }

    /// The sentinel of an expired or unknown sync token.
    public static let invalidSyncToken = SyncError.protocolError("invalid sync token")
    /// The sentinel of a server that refuses the sync-collection REPORT (403 without
    /// `valid-sync-token`, 405, 501): the caller lists the collection instead.
    public static let syncCollectionRefused = SyncError.protocolError("sync-collection refused")

    // MARK: Reading and writing items

    /// Fetches `hrefs` with `calendar-multiget` (RFC 4791 §7.9), 100 at a time, each with
    /// its ETag taken from the response body (never from a GET: proxies and compression
    /// change ETag headers). Hrefs the server reports missing are left out.
    public func fetch(_ hrefs: [String], in collection: CalendarCollection) throws(SyncError)
        -> [(href: String, etag: String, data: String)] {
        var result: [(href: String, etag: String, data: String)] = []
        var start = 0
        while start < hrefs.count {
            let batch = Array(hrefs[start..<min(start + 100, hrefs.count)])
            start += batch.count
            let response = try client.send(DAVRequest(method: "REPORT", url: collection.url, headers: ["Depth": "1"],
                                                      body: DAVBody.multiget(hrefs: batch)))
            try check(response, "fetching reminders from \(collection.url.absoluteString)", expecting: [207])
            let status = try Multistatus.parse(response.body, what: "\(client.label): calendar-multiget of \(collection.url.absoluteString)")
            for resource in status.resources {
                guard let data = resource.properties[.c("calendar-data")]?.text, let etag = resource.etag else { continue }
                result.append((resource.href, etag, data))
            }
        }
        return result
    }

    /// The items of `collection` whose text names `uid` (a `calendar-query` on `UID`, RFC 4791
    /// §7.8; the caller reads each for the exact UID); nil when the server does not answer the
    /// query (then nothing is known).
    public func items(namingUID uid: String, in collection: CalendarCollection) throws(SyncError)
        -> [(href: String, etag: String, data: String)]? {
        let response = try client.send(DAVRequest(method: "REPORT", url: collection.url, headers: ["Depth": "1"],
                                                  body: DAVBody.todoQuery(uid: uid)))
        guard response.status == 207 else { return nil }
        let status = try Multistatus.parse(response.body, what: "\(client.label): calendar-query of \(collection.url.absoluteString)")
        return status.resources.compactMap { resource in
            guard let data = resource.properties[.c("calendar-data")]?.text, let etag = resource.etag else { return nil }
            return (resource.href, etag, data)
        }
    }

    /// Fetches `hrefs`, most of `collection`, with one `calendar-query` (RFC 4791 §7.8) for
    /// all its to-dos: a first sync of a big collection. Xandikos 0.2 answers a multiget of
    /// 100 items in seconds but the query of all of them in about as long (a first sync of
    /// 2,000 took 140 s there, nearly all of it the server's multigets). The hrefs the answer
    /// does not hold (an event, which a to-do query leaves out; a server that answers the
    /// query without data) are fetched with `fetch(_:in:)`, and so are all of them when the
    /// server refuses the query. Members it returns that are not in `hrefs` are left out.
    public func fetchAll(_ hrefs: [String], in collection: CalendarCollection) throws(SyncError)
        -> [(href: String, etag: String, data: String)] {
        let response = try client.send(DAVRequest(method: "REPORT", url: collection.url, headers: ["Depth": "1"],
                                                  body: DAVBody.todoQuery()))
        guard response.status == 207 else { return try fetch(hrefs, in: collection) }
        let status = try Multistatus.parse(response.body, what: "\(client.label): calendar-query of \(collection.url.absoluteString)")
        var wanted: [String: String] = [:]
        for href in hrefs { wanted[CalDAV.normalizedPath(href)] = href }
        var result: [(href: String, etag: String, data: String)] = []
        for resource in status.resources {
            let path = CalDAV.normalizedPath(resource.href)
            guard let href = wanted[path], let data = resource.properties[.c("calendar-data")]?.text,
                  let etag = resource.etag else { continue }
            wanted[path] = nil
            result.append((href, etag, data))
        }
        let rest = hrefs.filter { wanted[CalDAV.normalizedPath($0)] != nil }
        return result + (rest.isEmpty ? [] : try fetch(rest, in: collection))
    }

    /// Writes an iCalendar object to `url`: with `ifMatch` an update of that version, else
    /// a new item (`If-None-Match: *`).
    public func put(_ calendar: String, to url: URL, ifMatch etag: String?) throws(SyncError) -> WriteOutcome {
        var headers = ["Content-Type": "text/calendar; charset=utf-8"]
        if let etag { headers["If-Match"] = etag } else { headers["If-None-Match"] = "*" }
        let response = try client.send(DAVRequest(method: "PUT", url: url, headers: headers, body: Data(calendar.utf8)))
        switch response.status {
        case 200..<300:
            return .stored(etag: response.header("etag").flatMap { $0.hasPrefix("W/") ? nil : $0 })
        case 412: return .preconditionFailed
        case 404, 410: return .gone
        case 409, 403, 415, 422:
            return .refused(CalDAV.preconditionName(response.body) ?? "HTTP \(response.status)")
        default:
            try check(response, "saving \(url.absoluteString)", expecting: [])
            return .refused("HTTP \(response.status)")
        }
    }

    /// Deletes `url` if it is still version `etag`; 404 and 410 count as done.
    public func delete(_ url: URL, ifMatch etag: String?) throws(SyncError) -> WriteOutcome {
        var headers: [String: String] = [:]
        if let etag { headers["If-Match"] = etag }
        let response = try client.send(DAVRequest(method: "DELETE", url: url, headers: headers))
        switch response.status {
        case 200..<300, 404, 410: return .stored(etag: nil)
        case 412: return .preconditionFailed
        default:
            try check(response, "deleting \(url.absoluteString)", expecting: [])
            return .refused("HTTP \(response.status)")
        }
    }

    /// Creates a to-do collection at `url` (MKCALENDAR, RFC 4791 §5.3.1).
    public func makeCalendar(at url: URL, displayName: String, color: String?) throws(SyncError) {
        let response = try client.send(DAVRequest(method: "MKCALENDAR", url: url,
                                                  body: DAVBody.mkcalendar(displayName: displayName, color: color)))
        try check(response, "creating the list \"\(displayName)\" at \(url.absoluteString)", expecting: [200, 201, 204])
    }

    /// Sets a collection's `displayname`, `calendar-color` or `calendar-order` (PROPPATCH).
    public func setProperties(of url: URL, _ values: [(XMLName, String)]) throws(SyncError) {
        guard !values.isEmpty else { return }
        let response = try client.send(DAVRequest(method: "PROPPATCH", url: url, body: DAVBody.proppatch(values)))
        try check(response, "changing the properties of \(url.absoluteString)", expecting: [200, 204, 207])
    }

    // MARK: Helpers

    func propfind(_ url: URL, depth: Int, _ props: [XMLName]) throws(SyncError) -> [DAVResource] {
        let response = try client.send(DAVRequest(method: "PROPFIND", url: url, headers: ["Depth": String(depth)],
                                                  body: DAVBody.propfind(props)))
        try check(response, "reading \(url.absoluteString)", expecting: [207])
        return try Multistatus.parse(response.body, what: "\(client.label): PROPFIND \(url.absoluteString)").resources
    }

    func check(_ response: DAVResponse, _ doing: String, expecting codes: Set<Int>) throws(SyncError) {
        if codes == [207], doing.hasPrefix("reading "), [405, 501].contains(response.status) {
            // A PROPFIND not allowed or not known: a web server that is no WebDAV one (python's
            // http.server answers 501; a tester). A REPORT refused is another matter: the sync
            // falls back from sync-collection then.
            throw .protocolError("\(client.label): the server does not know WebDAV's PROPFIND (HTTP \(response.status)) "
                                 + "while \(doing): is this the CalDAV URL?")
        }
        if codes.contains(207), CalDAV.isWebPage(response), !(400..<600).contains(response.status) || response.status == 404 {
            // A login page, a proxy's or a web app's page where a multistatus was expected: said
            // so, not "HTTP 200" or "the XML ends inside <body>: cut short" (a tester). (A PUT's
            // 201 may come with a page: Apache's mod_dav writes one.)
            throw .protocolError("\(client.label): the server answered with a web page (HTTP \(response.status), text/html) "
                                 + "while \(doing), not WebDAV: is this the CalDAV URL (not the web login page or a proxy's)?")
        }
        if codes.contains(response.status) { return }
        switch response.status {
        case 401:
            guard client.credentials != nil else {
                // No user configured: nothing was refused, nothing was sent (a tester).
                throw .unauthorized("\(client.label): the server asks for a user name and password (HTTP 401) while \(doing), "
                                    + "and this account has none: remove it (tick sync remove NAME) and add it again with --user USER")
            }
            throw .unauthorized("\(client.label): the server refused the user name or password (HTTP 401) while \(doing)")
        case 403:
            throw .unauthorized("\(client.label): the server forbids \(doing) (HTTP 403)")
        default:
            let detail = CalDAV.preconditionName(response.body).map { ", \($0)" } ?? ""
            throw .httpStatus(response.status, "\(client.label): HTTP \(response.status)\(detail) while \(doing)")
        }
    }

    /// Whether `response` is an HTML page: its `Content-Type`, else a body that starts (after
    /// white space) with `<!DOCTYPE html` or `<html`.
    static func isWebPage(_ response: DAVResponse) -> Bool {
        if let type = response.header("content-type")?.lowercased() {
            return type.hasPrefix("text/html") || type.hasPrefix("application/xhtml")
        }
        let start = response.body.prefix(64).drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        let text = String(decoding: start.prefix(14), as: UTF8.self).lowercased()
        return text.hasPrefix("<!doctype html") || text.hasPrefix("<html")
    }

    /// What a DAV `error` body (RFC 4918 §16) says was refused: the name of the condition
    /// element (`no-uid-conflict`), then the server's words for a person when it gives some
    /// (`DAV:responsedescription`, as `tick serve` writes; SabreDAV's `s:message`), at most 200
    /// characters: `no-uid-conflict: the UID is taken`. Nil for no such body. (A body with the
    /// description alone read as "responsedescription", the element's name, a tester.)
    static func preconditionName(_ body: Data) -> String? {
        guard !body.isEmpty, let root = try? XMLTree.parse(body, what: "error"), root.name == .d("error") else { return nil }
        let wordElements: Set<String> = ["responsedescription", "message"]
        let condition = root.children.first { !wordElements.contains($0.name.local) && $0.name.local != "exception" }?.name.local
        let words = root.children.first { wordElements.contains($0.name.local) }?.text
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let said = words.flatMap { $0.isEmpty ? nil : ($0.count > 200 ? String($0.prefix(199)) + "…" : $0) }
        switch (condition, said) {
        case let (condition?, said?): return "\(condition): \(said)"
        case let (condition?, nil): return condition
        case let (nil, said?): return said
        case (nil, nil): return nil
        }
    }

    /// Whether two hrefs name the same path (compared percent-decoded, trailing `/` and
    /// a scheme and host ignored).
    static func samePath(_ a: String, _ b: String) -> Bool { normalizedPath(a) == normalizedPath(b) }

    static func normalizedPath(_ href: String) -> String {
        // The common case, an absolute path with nothing to decode or collapse, without
        // parsing it as a URL: a sync compares every stored href (10,000 at 10,000 items).
        if href.utf8.first == UInt8(ascii: "/"), !href.utf8.contains(UInt8(ascii: "%")), !href.contains("//") {
            return href.utf8.count > 1 && href.utf8.last == UInt8(ascii: "/") ? String(href.dropLast()) : href
        }
        var path = href
        if let url = URL(string: href), url.scheme != nil { path = url.path }
        path = path.percentDecoded() ?? path
        while path.contains("//") { path = path.replacingOccurrences(of: "//", with: "/") }
        if path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
