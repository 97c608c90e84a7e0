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
/// is the store's `dav_resource` table, kept by triggers. Here: the paths, the sign-in
/// with the token and the answers shared by both servers; the methods are `DAVServer`'s,
/// which `tick serve --database` runs on each user's store (`PostgresWebService+DAV`).
extension WebService {
    /// The methods a DAV path takes (the `Allow` of OPTIONS and of 405); MKCOL is the
    /// extended one of RFC 5689, making a calendar as MKCALENDAR does.
    static let davMethods = "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT, MKCALENDAR, MKCOL"

    /// The `DAV` header of OPTIONS: the compliance classes (RFC 4918 §18: 1 and 3), CalDAV
    /// (RFC 4791 §5.1) and extended MKCOL (RFC 5689 §3.1).
    static let davComplianceClasses = "1, 3, calendar-access, extended-mkcol"

    /// Whether `path` is the DAV server's: `/dav/…` or the RFC 6764 well-known address.
    static func isDAVPath(_ path: String) -> Bool {
        path == "/dav" || path.hasPrefix("/dav/") || path == "/.well-known/caldav" || path == "/.well-known/caldav/"
    }

    /// Answers a request for a DAV path (after the `Host` check).
    func davResponse(to request: HTTPRequest) -> HTTPResponse {
        if let answer = WebService.davAnswerBeforeSignIn(request) { return answer }
        switch authenticate(request) {
        case .bearer, .basic: break
        case .none, .cookie:
            // The session cookie is the web app's: DAV clients sign in with Basic.
            return DAVFailure(401, nil, "sign in with any user name and the token of tick serve as the password")
                .response.withHeader("WWW-Authenticate", "Basic realm=\"tick\", charset=\"UTF-8\"")
        }
        return DAVServer(store: sqlite, configuration: configuration).respond(to: request)
    }

    /// The answers a DAV path gets without signing in, or nil: the RFC 6764 §5 redirect of
    /// the well-known address to the context path (301, not 302: some clients, TbSync, only
    /// follow a permanent one), and OPTIONS (RFC 4791 §5.1, RFC 5689 §3.1: the `DAV` compliance
    /// classes, `davComplianceClasses`).
    static func davAnswerBeforeSignIn(_ request: HTTPRequest) -> HTTPResponse? {
        if request.path.hasPrefix("/.well-known/") {
            return HTTPResponse(status: 301, headers: [("Location", DAVPath.rootPath)])
        }
        if request.method == "OPTIONS" {
            return HTTPResponse(status: 200, headers: [("DAV", WebService.davComplianceClasses), ("Allow", WebService.davMethods),
                                                       ("Content-Length", "0")])
        }
        return nil
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
