import Foundation
import TickActions
import TickModel
import TickStore
import TickSync

/// The CalDAV server of `tick serve` (RFC 4791 over RFC 4918, with RFC 6578 sync and
/// RFC 6764 discovery): each list is a VTODO calendar collection, each reminder (a
/// repeating one with its changed occurrences) one calendar object. Phones and desktop
/// clients sign in with HTTP Basic (any user name, the serve token as the password) or
/// the bearer token; see README "Phones and CalDAV clients".
///
/// Every change goes through `Actions`, as the JSON API's do; what DAV adds of its own
/// (the change sequence behind ETags and sync tokens, the names clients give resources)
/// is the store's `dav_resource` table, kept by triggers.
extension WebService {
    /// The methods a DAV path takes (the `Allow` of OPTIONS and of 405).
    static let davMethods = "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT, MKCALENDAR"

    /// Whether `path` is the DAV server's: `/dav/…` or the RFC 6764 well-known address.
    static func isDAVPath(_ path: String) -> Bool {
        path == "/dav" || path.hasPrefix("/dav/") || path == "/.well-known/caldav" || path == "/.well-known/caldav/"
    }

    /// Answers a request for a DAV path (after the `Host` check).
    func davResponse(to request: HTTPRequest) -> HTTPResponse {
        if request.path.hasPrefix("/.well-known/") {
            // RFC 6764 §5: a redirect to the context path. 301, not 302: some clients (TbSync)
            // only follow a permanent one.
            return HTTPResponse(status: 301, headers: [("Location", DAVPath.rootPath)])
        }
        if request.method == "OPTIONS" {
            return HTTPResponse(status: 200, headers: [("DAV", "1, 3, calendar-access"), ("Allow", WebService.davMethods),
                                                       ("Content-Length", "0")])
        }
        switch authenticate(request) {
        case .bearer, .basic: break
        case .none, .cookie:
            // The session cookie is the web app's: DAV clients sign in with Basic.
            return DAVFailure(401, nil, "sign in with any user name and the token of tick serve as the password")
                .response.withHeader("WWW-Authenticate", "Basic realm=\"tick\", charset=\"UTF-8\"")
        }
        guard let path = DAVPath(request.path) else {
            return DAVFailure.notFound("there is nothing at \(request.path) (the CalDAV server's root is \(DAVPath.rootPath))").response
        }
        do {
            switch request.method {
            case "PROPFIND": return try davPropfind(request, path)
            case "GET", "HEAD": return try davGet(path)
            case "PUT": return try davPut(request, path)
            case "DELETE": return try davDelete(request, path)
            case "REPORT": return try davReport(request, path)
            case "PROPPATCH": return try davProppatch(request, path)
            case "MKCALENDAR": return try davMakeCalendar(request, path)
            default:
                return DAVFailure(405, nil, "a CalDAV path takes \(WebService.davMethods), not \(request.method)")
                    .response.withHeader("Allow", WebService.davMethods)
            }
        } catch let failure as DAVFailure {
            return failure.response
        } catch {
            let problem = Problem.from(error)
            return DAVFailure(problem.status, nil, problem.detail).response
        }
    }

    // MARK: - Reading

    /// The `Depth` header of a PROPFIND: 0 or 1 (`infinity`, or none, is read as 1: the
    /// tree is three levels deep and answering it whole costs no more than 1 does).
    static func depth(_ request: HTTPRequest) -> Int {
        request.header("depth")?.trimmingCharacters(in: .whitespaces) == "0" ? 0 : 1
    }

    func davPropfind(_ request: HTTPRequest, _ path: DAVPath) throws -> HTTPResponse {
        let asked = try DAVRequestBody.propfind(request.body)
        let depth = WebService.depth(request)
        let multistatus = try reader.read { db -> DAVXMLWriter in
            var multistatus = DAVXMLWriter()
            let lists = try db.lists()
            switch path {
            case .root, .principal, .home:
                multistatus.addProperties(of: path, WebService.properties(of: path), asked: asked)
                if depth == 1 {
                    switch path {
                    case .root:
                        for child in [DAVPath.principal, .home] {
                            multistatus.addProperties(of: child, WebService.properties(of: child), asked: asked)
                        }
                    case .home:
                        for list in lists {
                            multistatus.addProperties(of: .collection(list.id), try WebService.properties(of: list, among: lists, in: db),
                                                 asked: asked)
                        }
                    default: break
                    }
                }
            case .collection(let id):
                guard let list = lists.first(where: { $0.id == id }) else { throw WebService.noList(id) }
                multistatus.addProperties(of: path, try WebService.properties(of: list, among: lists, in: db), asked: asked)
                if depth == 1 {
                    try self.addItems(try db.davResources(inList: id), of: list, to: &multistatus, asked: asked, in: db)
                }
            case .item(let id, let name):
                guard let list = lists.first(where: { $0.id == id }) else { throw WebService.noList(id) }
                guard let resource = try db.davResource(inList: id, named: name) else { throw WebService.noItem(path) }
                try self.addItems([resource], of: list, to: &multistatus, asked: asked, in: db)
            }
            return multistatus
        }
        return multistatus.response()
    }

    func davGet(_ path: DAVPath) throws -> HTTPResponse {
        guard case .item(let id, let name) = path else {
            throw DAVFailure(405, nil, "GET reads one reminder (\(DAVPath.homePath)LIST/NAME.ics); use PROPFIND on collections")
        }
        let (text, etag) = try reader.read { db -> (String, String) in
            guard let list = try db.list(id: id) else { throw WebService.noList(id) }
            guard let resource = try db.davResource(inList: id, named: name),
                  let reminder = try db.reminder(uid: resource.uid) else { throw WebService.noItem(path) }
            return (CalendarObject.text(of: reminder, in: list), WebService.etag(resource))
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/calendar; charset=utf-8"), ("ETag", etag)],
                            body: .bytes(Array(text.utf8)))
    }

    /// Adds the items `resources` of `list` with the properties `asked`; the ones whose
    /// reminder is gone meanwhile are left out.
    func addItems(_ resources: [DAVResourceState], of list: ReminderList, to multistatus: inout DAVXMLWriter,
                  asked: DAVRequestBody.Properties, in db: Database) throws {
        let needsReminder = WebService.needsReminder(asked)
        for resource in resources {
            let path = DAVPath.item(list.id, name: resource.name)
            var reminder: Reminder?
            if needsReminder {
                reminder = try db.reminder(uid: resource.uid)
                if reminder == nil { continue }
            }
            multistatus.addProperties(of: path, WebService.properties(of: resource, reminder: reminder, in: list), asked: asked)
        }
    }

    // MARK: - Answers

    /// A resource's ETag: its change number, quoted (strong, RFC 9110 §8.8.3).
    static func etag(_ resource: DAVResourceState) -> String { "\"\(resource.sequence)\"" }

    static func noList(_ id: ReminderList.ID) -> DAVFailure {
        .notFound("there is no list with the id '\(id.rawValue)' (the collections are listed at \(DAVPath.homePath))")
    }

    static func noItem(_ path: DAVPath) -> DAVFailure {
        .notFound("there is no reminder at \(path.href)")
    }
}

extension HTTPResponse {
    /// The response with the header field `name` set.
    func withHeader(_ name: String, _ value: String) -> HTTPResponse {
        var copy = self
        copy.setHeader(name, value)
        return copy
    }
}
