import Foundation
import TickModel
import TickStore
import TickSync

/// REPORT on a list's collection: `calendar-multiget`, `calendar-query` and RFC 6578
/// `sync-collection`.
extension DAVServer {
    /// - Throws: `DAVFailure` 400 for a `Depth` RFC 4918 §10.2 does not have. 0, 1 and
    ///   `infinity` are answered alike, with the list's to-dos (`calendar-multiget` ignores
    ///   it, RFC 4791 §7.9; clients send 1 for `calendar-query` and 0 or 1 for `sync-collection`).
    func davReport(_ request: HTTPRequest, _ path: DAVPath) throws -> HTTPResponse {
        _ = try DAVServer.depth(request)
        let report = try DAVRequestBody.report(request.body)
        guard case .collection(let id) = path else {
            throw DAVFailure(403, .d("supported-report"), "reports are made on a list's collection (\(DAVPath.homePath)LIST/)")
        }
        let zone = configuration.timeZone
        return try store.read { db -> HTTPResponse in
            guard let list = try db.list(id: id) else { throw WebService.noList(id) }
            var multistatus = DAVXMLWriter()
            switch report {
            case .multiget(let asked, let hrefs):
                // Every href's resource and reminder asked at once, then answered in the hrefs' order.
                let names = hrefs.map { href -> String? in
                    guard let target = DAVPath(href), case .item(let listID, let name) = target, listID == id else { return nil }
                    return name
                }
                let resources = try db.davResources(inList: id, named: names.compactMap { $0 })
                let needsReminder = WebService.needsReminder(asked)
                let reminders = needsReminder ? try db.reminders(withUIDs: resources.values.map(\.uid)) : [:]
                for (href, name) in zip(hrefs, names) {
                    guard let name, let resource = resources[name] else {
                        multistatus.add(href: href, status: 404)
                        continue
                    }
                    DAVServer.add(resource, reminder: reminders[resource.uid], needsReminder: needsReminder, of: list,
                                  to: &multistatus, asked: asked)
                }
                return multistatus.response()
            case .query(let asked, let filter):
                let resources = Dictionary(try db.davResources(inList: id, since: nil).map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
                try db.forEachReminder(inList: id) { reminder in
                    guard let resource = resources[reminder.uid], filter.matches(reminder, zone: zone) else { return }
                    let path = DAVPath.item(id, name: resource.name)
                    let properties = WebService.properties(of: resource, reminder: WebService.needsReminder(asked) ? reminder : nil,
                                                           in: list)
                    multistatus.addProperties(of: path, properties, asked: asked)
                }
                return multistatus.response()
            case .syncCollection(let asked, let token, _):
                let since = try WebService.syncSequence(token, of: list, in: db)
                let current = try db.davToken(inList: id)
                let changes = try db.davResources(inList: id, since: since)
                let live = changes.filter { !$0.isDeleted }
                if since != nil {
                    for gone in changes where gone.isDeleted {
                        multistatus.add(href: DAVPath.item(id, name: gone.name).href, status: 404)
                    }
                }
                try self.addItems(live, of: list, to: &multistatus, asked: asked, in: db)
                return multistatus.response(syncToken: WebService.syncToken(max(current, since ?? 0), of: list))
            }
        }
    }
}

extension WebService {
    /// The change number of a sync token of the list `list` (`syncToken(_:of:)`); nil for an
    /// empty one (a first sync).
    /// - Throws: `DAVFailure` 403 `DAV:valid-sync-token` (RFC 6578 §3.2) for a token Tick
    ///   did not give (not its form, or a number past the last change), one of another list
    ///   (its tag), or one older than the list's oldest kept tombstone (`Database.davHorizon(inList:)`).
    static func syncSequence(_ token: String, of list: ReminderList, in db: some DAVTransaction) throws -> Int64? {
        guard !token.isEmpty else { return nil }
        let parts = token.hasPrefix(syncTokenPrefix) ? token.dropFirst(syncTokenPrefix.count).split(separator: ":", omittingEmptySubsequences: false) : []
        guard parts.count == 2, let number = Int64(parts[0]), number >= 0,
              number <= (try db.davSequence(inList: list.id)) else {
            throw DAVFailure(403, .d("valid-sync-token"),
                             "the sync token was not given by this server (or its database was replaced); sync again from the start")
        }
        guard parts[1] == listTag(of: list) else {
            throw DAVFailure(403, .d("valid-sync-token"),
                             "the sync token is of another collection that was at this path; sync again from the start")
        }
        guard number >= (try db.davHorizon(inList: list.id)) else {
            throw DAVFailure(403, .d("valid-sync-token"),
                             "the sync token is older than the deletions this server keeps, or of a collection deleted since; sync again from the start")
        }
        return number
    }
}
