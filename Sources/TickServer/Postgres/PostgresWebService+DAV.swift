import Foundation
import TickAccounts
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
        return DAVServer(store: PostgresAPIStore(store: store), configuration: configuration).respond(to: request)
    }
}
