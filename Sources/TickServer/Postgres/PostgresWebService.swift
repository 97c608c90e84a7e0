import Foundation
import Synchronization
import TickAccounts
import TickActions
import TickModel
import TickPostgres

/// What `tick serve --database URL` answers: the JSON API under `/api/v1/` for many users
/// on PostgreSQL (README "Many users (PostgreSQL)").
///
/// Every request signs in with the session cookie of `/login` or with HTTP Basic (a user's name and password, or one of their app
/// passwords; `Accounts.signIn`, throttled; a credential checked lately is confirmed in SQL
/// without another Argon2id check, `VerifiedCredentials`) and is answered by `PostgresUserAPI` over that
/// user's `PostgresStore`: every statement is scoped to the user in SQL, and another user's
/// list or reminder is "not found", as a missing one. The routes are `WebService`'s table,
/// every one answered as on SQLite (undo: the user's own changes). The event stream hears of changes through PostgreSQL (`PostgresChangeFeed`). CalDAV
/// is served at `/dav/` with HTTP Basic (`PostgresWebService+DAV`). The web app's files are
/// served from `configuration.webRoot` as on the single-user server, its page with the first
/// answers of the user its session cookie signs in (`WebService.bootPage`).
public final class PostgresWebService: Sendable {
    /// The accounts; their pool also serves the users' stores.
    let accounts: Accounts
    /// The clock, zone, locale, alarm defaults and the web app's folder (the token is not used).
    let configuration: WebService.Configuration
    /// The web app's files.
    let staticFiles: StaticFiles
    let router: Router<PostgresUserAPI>
    let hostRule = Mutex(HostRule.any(port: nil))
    /// Credentials that passed their Argon2id check lately (each use confirmed in SQL).
    let verified: VerifiedCredentials
    /// The event streams of open pages, told of changes by PostgreSQL's notifications.
    let changes: PostgresChangeFeed
    /// The users the requests' credentials signed in, for the request threads' turns.
    let clients = SignedInClients(sessionCookie: WebService.sessionCookie)
    /// The users known, since this service started, to have a list (`ensureFirstList`).
    private let furnished = Mutex<Set<UserID>>([])
    /// Housekeeping once the server is idle: old CalDAV tombstones, then the allocator's free pages.
    private let idleWork: IdleMemory?

    /// The service over `accounts` (migrated: `Accounts.migrate`).
    /// - Parameters:
    ///   - verified: where right credentials are remembered (`VerifiedCredentials`).
    ///   - idleDelay: after how long without a request every user's old CalDAV tombstones
    ///     are dropped (`PostgresStore.pruneDAVTombstones(in:keeping:)`, keeping
    ///     `WebService.davTombstonesKept` a list) and free memory is given back; nil never.
    public init(accounts: Accounts, configuration: WebService.Configuration, verified: VerifiedCredentials = VerifiedCredentials(),
                idleDelay: Duration? = nil) {
        self.accounts = accounts
        self.verified = verified
        self.configuration = configuration
        self.router = WebService.makeRouter()
        self.staticFiles = StaticFiles(root: configuration.webRoot)
        self.changes = PostgresChangeFeed(pool: accounts.pool)
        let pool = accounts.pool
        self.idleWork = idleDelay.map { delay in
            IdleMemory(delay: delay) {
                // A failure is tried again at the next idle moment; nothing depends on it.
                _ = try? PostgresStore.pruneDAVTombstones(in: pool, keeping: WebService.davTombstonesKept)
                IdleMemory.trimAllocator()
            }
        }
    }

    /// Closes the open event streams and ends the housekeeping thread (before the server
    /// stops: it waits for open responses).
    public func stop() {
        changes.stop()
        idleWork?.stop()
    }

    /// Tells the service the address and port it is reached at, for the `Host` check (as
    /// `WebService.listening(address:port:)`).
    public func listening(address: String, port: UInt16) {
        hostRule.withLock { $0 = HostRule(address: address, port: port) }
    }

    /// The answer to a body over the limit (413) for a request to `path`, with the security
    /// header fields: a DAV error under `/dav/` (what CalDAV clients read), else a problem.
    public func tooLargeResponse(path: String = "/api/v1") -> HTTPResponse {
        WebService.tooLarge(path: path)
    }

    /// Who `request` comes from, for the request threads' turns (`HTTPServer.Configuration.clientKey`):
    /// the user its credential or session signed in before, else its address (`SignedInClients`).
    public func clientKey(of request: HTTPRequest) -> Int {
        clients.key(of: request)
    }

    /// `result`, whose user (when it signed one in) is noted as the one `request`'s
    /// credential signs in (`SignedInClients`).
    func noting(_ result: Result<UserRecord, Problem>, of request: HTTPRequest) -> Result<UserRecord, Problem> {
        if case .success(let user) = result { clients.note(request, signedInAs: user.id.rawValue) }
        return result
    }

    /// Answers `request`: the `Host`, the sign-in, then the route, then the security header fields.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        idleWork?.noteActivity()
        let isAPI = request.path.hasPrefix("/api/") || WebService.isDAVPath(request.path)
        return WebService.secured(checkedResponse(to: request), isAPI: isAPI)
    }

    private func checkedResponse(to request: HTTPRequest) -> HTTPResponse {
        if let refused = hostRule.withLock({ $0.refusal(of: request) }) { return refused }
        if let refused = WebService.malformedRefusal(request) { return refused }
        switch request.path {
        case "/login": return login(request)
        case "/logout": return logout(request)
        default: break
        }
        if WebService.isDAVPath(request.path) { return davResponse(to: request) }
        if request.path == "/", request.method == "PROPFIND" {
            // A CalDAV client given only the server's address (Thunderbird, iOS) asks the root.
            return HTTPResponse(status: 301, headers: [("Location", DAVPath.rootPath)])
        }
        guard request.path.hasPrefix("/api/") else { return webAppResponse(to: request) }
        let user: UserRecord
        switch signedIn(request) {
        case .success(let record): user = record
        case .failure(let problem): return problem.response
        }
        // A browser sends the cookie, and Basic credentials typed into its prompt, on its own:
        // a change must prove it comes from a script or Tick's page, as on the single-user server.
        if let refused = WebService.unprovenChange(request) { return refused }
        do {
            return WebService.routed(request, by: router, to: try api(for: user, in: try WebService.requestTimeZone(request)))
        } catch {
            return Problem.from(error).response
        }
    }

    /// The routes of `user`, over their store (given a first list when they have none),
    /// reading dates in `timeZone` (nil: the server's).
    /// - Throws: the store's error.
    func api(for user: UserRecord, in timeZone: TimeZone?) throws -> PostgresUserAPI {
        let store = PostgresStore(pool: accounts.pool, user: user.id)
        try furnish(store, at: configuration.clock())
        return PostgresUserAPI(service: self, store: PostgresAPIStore(store: store), user: user, timeZone: timeZone)
    }

    /// The user a request to the API signs in: with the session cookie when it has no
    /// `Authorization`, else with HTTP Basic. The 401 of a request from the web app (one with
    /// the session cookie, `X-Tick-Request` or `Accept: text/event-stream`, and no
    /// `Authorization`) challenges with the `Cookie` scheme of the login form, not Basic, so
    /// that the browser does not open its own password prompt over the app.
    func signedIn(_ request: HTTPRequest) -> Result<UserRecord, Problem> {
        guard request.header("authorization") == nil else { return signedInUser(request) }
        if let token = request.cookies[WebService.sessionCookie] { return noting(sessionUser(token), of: request) }
        let fromTheApp = request.header("x-tick-request") != nil || request.header("accept")?.contains("text/event-stream") == true
        return fromTheApp ? .failure(PostgresWebService.signInAtTheForm("sign in at /login")) : signedInUser(request)
    }

    /// The web app: its page, with the first answers when the session cookie signs a user in
    /// (`WebService.bootPage`), and its files.
    private func webAppResponse(to request: HTTPRequest) -> HTTPResponse {
        if WebService.isPageRequest(request), let token = request.cookies[WebService.sessionCookie],
           case .success(let user) = noting(sessionUser(token), of: request),
           let api = try? api(for: user, in: try WebService.requestTimeZone(WebService.namingCookieTimeZone(request))),
           let page = WebService.bootPage(staticFiles, for: request, answer: { path in
               WebService.apiAnswer(path, to: request, by: router, api: api)
           }) {
            return page
        }
        return staticFiles.response(to: request)
    }

    /// Whether `request`, which signed `user` in, still does: its session is open, or its
    /// Basic credentials are remembered and still the user's (`Accounts.stillSignsIn`). Asked
    /// by an event stream it opened before each thing it sends; no failure is recorded, and a
    /// database error answers false (the page reconnects and signs in again).
    func stillSignsIn(_ request: HTTPRequest, as user: UserID) -> Bool {
        let now = configuration.clock()
        if let authorization = request.header("authorization") {
            guard let credentials = WebService.basicCredentials(authorization) else { return false }
            return (try? accounts.stillSignsIn(user, name: credentials.name, password: credentials.password, now: now,
                                               remembering: verified)) ?? false
        }
        guard let token = request.cookies[WebService.sessionCookie] else { return false }
        return (try? accounts.sessionUser(token: token, now: now))??.id == user
    }

    /// The user the request's `Authorization: Basic` signs in, or the problem to answer:
    /// 401 (none, or wrong) with a Basic challenge, 429 with `Retry-After` when throttled.
    func signedInUser(_ request: HTTPRequest) -> Result<UserRecord, Problem> {
        guard let credentials = request.header("authorization").flatMap(WebService.basicCredentials) else {
            return .failure(PostgresWebService.unauthorized(
                "sign in with HTTP Basic: your user name and your password or one of your app passwords"))
        }
        do {
            switch try accounts.signIn(name: credentials.name, password: credentials.password,
                                       clientAddress: request.clientAddress, now: configuration.clock(), remembering: verified) {
            case .signedIn(let user, _):
                return noting(.success(user), of: request)
            case .refused:
                return .failure(PostgresWebService.unauthorized("the user name or password is wrong"))
            case .throttled(let seconds):
                return .failure(Problem(status: 429, name: "throttled",
                                        detail: "too many failed sign-ins; try again in \(seconds) s",
                                        headers: [("Retry-After", String(seconds))]))
            }
        } catch {
            return .failure(PostgresWebService.accountProblem(error))
        }
    }

    /// A 401 problem for the web app: the challenge names the login form (the `Cookie`
    /// scheme of draft-broyer-http-cookie-auth), which no browser answers with a prompt.
    static func signInAtTheForm(_ detail: String) -> Problem {
        Problem(status: 401, name: "unauthorized", detail: detail,
                headers: [("WWW-Authenticate", "Cookie realm=\"Tick\", form-action=\"/login\", cookie-name=\"\(WebService.sessionCookie)\"")])
    }

    /// A 401 problem with the Basic challenge of RFC 7617 (§2.1, `charset`).
    static func unauthorized(_ detail: String) -> Problem {
        Problem(status: 401, name: "unauthorized", detail: detail,
                headers: [("WWW-Authenticate", "Basic realm=\"Tick\", charset=\"UTF-8\"")])
    }

    /// Gives the user a first list when they have none, once per user and process (a user
    /// added by `tick users add` has no list yet; a reminder added without one goes there).
    func furnish(_ store: PostgresStore, at now: Date) throws {
        guard !furnished.withLock({ $0.contains(store.user) }) else { return }
        _ = try store.write { db in try db.ensureFirstList(createdAt: now) }
        _ = furnished.withLock { $0.insert(store.user) }
    }
}
