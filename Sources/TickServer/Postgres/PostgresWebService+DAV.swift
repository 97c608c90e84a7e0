import Foundation
import TickAccounts
import TickModel
import TickPostgres

/// The CalDAV server of `tick serve --database` at `/dav/` (and `/.well-known/caldav`):
/// the handlers of the single-user server (`DAVServer`) over the signed-in user's
/// `PostgresStore`. The layout is the same (`DAVPath`): `/dav/principal/` and `/dav/lists/`
/// name the principal and calendar home of whoever signs in, so a path never names a user,
/// and a list or reminder of another user is 404, as one that does not exist.
///
/// Clients sign in with HTTP Basic: the user's name and their password or one of their app
/// passwords (`signedInUser`, throttled: 429 with `Retry-After`). The session cookie of the
/// web app is not taken here (DAV clients never send it; a page must not reach DAV with it).
extension PostgresWebService {
    /// Answers a request for a DAV path (after the `Host` check): 401 with a Basic challenge
    /// (RFC 7617) without right credentials, else the user's `DAVServer`.
    func davResponse(to request: HTTPRequest) -> HTTPResponse {
        if let answer = WebService.davAnswerBeforeSignIn(request) { return answer }
        let user: UserRecord
        switch signedInUser(request) {
        case .success(let record): user = record
        case .failure(let problem):
            var response = DAVFailure(problem.status, nil, problem.detail).response
            for header in problem.headers { response.setHeader(header.name, header.value) }
            return response
        }
        let store = PostgresStore(pool: accounts.pool, user: user.id)
        do {
            try furnish(store, at: configuration.clock())
        } catch {
            let problem = Problem.from(error)
            return DAVFailure(problem.status, nil, problem.detail).response
        }
        do {
            let naming = DAVCollectionNaming(tag: Self.collectionTag(of: user.id),
                                             lists: try store.read { db in try db.listIDs(endingWith: "~" + Self.collectionTag(of: user.id)) })
            return try DAVPath.$naming.withValue(naming) { try davResponse(to: request, user: user.id, store: store) }
        } catch {
            let problem = Problem.from(error)
            return DAVFailure(problem.status, nil, problem.detail).response
        }
    }

    /// The user's tag in the ids of the lists their CalDAV clients make (`DAVCollectionNaming`):
    /// the first 12 hex digits of SHA-256 of "tick-dav-collection:" and the user's id, so that
    /// a member of a shared list sees a tag, not the owner's id.
    static func collectionTag(of user: UserID) -> String {
        SHA256.digest(Array(("tick-dav-collection:" + user.rawValue).utf8)).prefix(6)
            .map { String(format: "%02x", $0) }.joined()
    }

    /// The user's own `DAVServer`'s answer (the calendar home listing the lists shared with
    /// them too); when that is 404 (409 for a PUT) for a collection or item whose list another user shares
    /// with them, the answer of the owner's `DAVServer` through that share (PUT and DELETE
    /// need a read-write share, else 403).
    private func davResponse(to request: HTTPRequest, user: UserID, store: PostgresStore) throws -> HTTPResponse {
        let path = DAVPath(request.path)
        var server = DAVServer(store: PostgresAPIStore(store: store), configuration: configuration)
        if path == .home, request.method == "PROPFIND", (try? DAVServer<PostgresAPIStore>.depth(request)) == 1 {
            // A list shared with the user whose id is the path of one of the user's own is not
            // listed (the user's takes the path: `DAVCollectionNaming`).
            server.sharedCollections = try store.read { db in try db.listsSharedWithUser() }.filter { shared in
                DAVPath.listID(forSegment: shared.list.id.rawValue) == shared.list.id
            }.map { shared in
                (shared.list, PostgresAPIStore(store: PostgresStore(pool: store.pool, user: shared.owner, grant: shared.grant(to: user))),
                 shared.access)
            }
        }
        let listID: ReminderList.ID
        switch path {
        case .collection(let id)?, .item(let id, _)?: listID = id
        default: return server.respond(to: request)
        }
        if ["MKCALENDAR", "MKCOL"].contains(request.method), case .collection = path,
           try store.read({ db in try db.list(id: listID) == nil ? try db.sharedList(id: listID) : nil }) != nil {
            // A list shared with the user is at that path: their own would take it from them.
            return DAVFailure(405, .d("resource-must-be-null"), "there is a list at \(request.path) already").response
        }
        // A write into a list shared with the user goes to its owner's server at once: the
        // user's own server would read the body first and refuse what it holds, before the
        // share's own answer (a tester: through a read-only share an invalid body was answered
        // `valid-calendar-data`, a valid one `need-privileges`).
        let writes = ["PUT", "DELETE"].contains(request.method)
        let sharedFirst = writes ? try store.read { db in try db.list(id: listID) == nil ? try db.sharedList(id: listID) : nil } : nil
        let response = sharedFirst == nil ? server.respond(to: request) : HTTPResponse(status: 404)
        // 404, or 409 for a PUT into a collection that is not there (RFC 4918 §9.7.1).
        guard response.status == 404 || (response.status == 409 && request.method == "PUT"),
              let shared = try sharedFirst ?? store.read({ db in try db.sharedList(id: listID) }) else { return response }
        let grant = ListGrant(member: user, list: listID, access: ["PUT", "DELETE"].contains(request.method) ? .write : .read)
        var owners = DAVServer(store: PostgresAPIStore(store: PostgresStore(pool: store.pool, user: shared.owner, grant: grant)),
                               configuration: configuration)
        owners.sharedAccess = shared.access
        return owners.respond(to: request)
    }
}
