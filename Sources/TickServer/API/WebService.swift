import Foundation
import Synchronization
import TickActions
import TickInterchange
import TickModel
import TickStore

/// What `tick serve` answers: the JSON API under `/api/v1/`, the login, and the web app's
/// files, with the checks every request passes first (the `Host`, the token or session,
/// the header that proves a change comes from Tick's own page) and the security header
/// fields on every response. See README "tick serve" for the contract.
///
/// Every change and query goes through `Actions`; the service adds no rules of its own.
/// Handlers take an `HTTPRequest` and return an `HTTPResponse`, so the whole API is tested
/// without sockets.
public final class WebService: Sendable {
    /// What the service reads besides the database.
    public struct Configuration: Sendable {
        /// The secret a client proves it knows (`Authorization: Bearer`, or the login).
        public var token: String
        /// The zone dates are read in when a request names none (`Time-Zone`), and CalDAV's.
        public var timeZone: TimeZone
        /// The locale of the date words.
        public var locale: Locale
        /// The default alarms of a new due date.
        public var alarmDefaults: AlarmDefaults
        /// The clock, read at each request.
        public var clock: @Sendable () -> Date
        /// The folder of the web app's files (`index.html`, `app/…`), or nil for none.
        public var webRoot: URL?
        /// The ISO weekday weeks begin on, for the date words (`DateContext.weekStart`).
        public var weekStart = 1

        /// A configuration.
        public init(token: String, timeZone: TimeZone, locale: Locale, alarmDefaults: AlarmDefaults = AlarmDefaults(),
                    clock: @escaping @Sendable () -> Date, webRoot: URL?) {
            self.token = token
            self.timeZone = timeZone
            self.locale = locale
            self.alarmDefaults = alarmDefaults
            self.clock = clock
            self.webRoot = webRoot
        }

        /// The action context of a request read in `zone` (the server's by default): the clock read now.
        func actionContext(in zone: TimeZone? = nil) -> ActionContext {
            ActionContext(dateContext: DateContext(now: clock(), timeZone: zone ?? timeZone, locale: locale, weekStart: weekStart),
                          alarmDefaults: alarmDefaults)
        }
    }

    /// The database: every change, and reads when there are no `readers`.
    public let store: Store
    /// More connections to the same database for reads, so that requests on several
    /// worker threads read at once (a `Store` serializes its one connection).
    let readers: [Store]
    /// Every change goes through it: the changes of requests that arrive together share a commit.
    let writer: WriteBatcher
    /// Answers kept until the database changes; nil: none kept.
    let cache: ResponseCache?
    private let nextReader = Atomic<Int>(0)
    let configuration: Configuration
    let router: Router<WebService>
    let staticFiles: StaticFiles
    let changes: ChangeFeed
    let sessions = Mutex<Set<String>>([])
    /// Which credentials proved to be the owner's, for the request threads' turns.
    let clients = SignedInClients(sessionCookie: WebService.sessionCookie)
    let hostRule = Mutex(HostRule.any(port: nil))
    let idleMemory: IdleMemory?
    /// CalDAV tombstones kept per list when the server is idle (`Database.pruneDAVTombstones`):
    /// a client that has not synced for this many deletions in a list syncs it from the start.
    static let davTombstonesKept = 1_000

    /// The service on `store`.
    /// - Parameters:
    ///   - readers: more stores on the same file for reads (one per worker thread is plenty).
    ///   - versionStore: one more store, only to ask whether the database changed, for
    ///     keeping answers until it does (`ResponseCache`); nil keeps none.
    ///   - watchesChanges: whether `/api/v1/events` polls the database for changes (tests
    ///     that drive the feed by hand turn it off).
    ///   - idleMemoryDelay: after how long without a request the stores' page caches and
    ///     the allocator's free memory are given back to the system (`IdleMemory`); nil never.
    public init(store: Store, readers: [Store] = [], versionStore: Store? = nil, configuration: Configuration,
                watchesChanges: Bool = true, idleMemoryDelay: Duration? = nil) {
        self.store = store
        self.readers = readers
        let writer = WriteBatcher(store: store)
        self.writer = writer
        self.cache = versionStore.map(ResponseCache.init(versionStore:))
        self.configuration = configuration
        self.staticFiles = StaticFiles(root: configuration.webRoot)
        self.changes = ChangeFeed(databasePath: store.path, clock: configuration.clock, polls: watchesChanges)
        self.router = WebService.makeRouter()
        let stores = [store] + readers + (versionStore.map { [$0] } ?? [])
        self.idleMemory = idleMemoryDelay.map { delay in
            IdleMemory(delay: delay) {
                // Housekeeping first, while nobody waits: old CalDAV tombstones (a failure is
                // tried again at the next idle moment; nothing depends on it).
                _ = try? writer.write { db in try db.pruneDAVTombstones(keeping: WebService.davTombstonesKept) }
                for store in stores { store.releaseMemory() }
                IdleMemory.trimAllocator()
            }
        }
    }

    /// Tells the service the address and port it is reached at, for the `Host` check:
    /// a loopback address also answers to `localhost`; `0.0.0.0` and `::` to any name
    /// with the port.
    public func listening(address: String, port: UInt16) {
        hostRule.withLock { $0 = HostRule(address: address, port: port) }
    }

    /// The paths of the router, as `METHOD /pattern` (for the OpenAPI check).
    public var routeNames: [String] { router.routes.map { "\($0.method) \($0.pattern)" } }

    /// `tooLargeResponse(path:)` of either store.
    static func tooLarge(path: String) -> HTTPResponse {
        refusal(status: 413, detail: "the request body is too large (at most 1 MiB)", path: path)
    }

    /// An answer the HTTP server gives before a request reaches a route (`HTTPServer.Configuration.refusal`:
    /// a 400 for two Content-Length fields, a 503 while stopping), as every error of the API:
    /// a DAV error under `/dav/`, else a problem, with the security header fields (a tester:
    /// they were plain text without them).
    public static func refusal(status: Int, detail: String, path: String) -> HTTPResponse {
        if path == "/dav" || path.hasPrefix("/dav/") { return WebService.secured(DAVFailure(status, nil, detail).response, isAPI: true) }
        let name = switch status {
        case 400: "bad-request"
        case 413: "too-large"
        case 503: "unavailable"
        default: "error"
        }
        return WebService.secured(Problem(status: status, name: name, detail: detail).response, isAPI: true)
    }

    /// The answer to a body over the limit (413) for a request to `path`, with the security
    /// header fields: a DAV error under `/dav/` (what CalDAV clients read), else a problem.
    public func tooLargeResponse(path: String = "/api/v1") -> HTTPResponse {
        WebService.tooLarge(path: path)
    }

    /// Ends the open event streams (before the HTTP server stops).
    public func stop() {
        changes.stop()
        idleMemory?.stop()
    }

    /// A store to read from: the readers in turn, else the store.
    var reader: Store {
        guard !readers.isEmpty else { return store }
        return readers[nextReader.add(1, ordering: .relaxed).oldValue % readers.count]
    }

    /// The handlers' view of the SQLite store (`APIStore`): the readers, the writer, the journal.
    var sqlite: SQLiteAPIStore { SQLiteAPIStore(service: self) }

    /// The action context of `request`: the clock read now, in the zone it names (`Time-Zone`).
    /// - Throws: `Problem` 400 for a zone Tick does not know.
    func actionContext(for request: HTTPRequest) throws(Problem) -> ActionContext { try configuration.actionContext(for: request) }

    // MARK: - Every request

    /// Answers `request`: the checks, then the route, then the security header fields.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        idleMemory?.noteActivity()
        let isAPI = request.path.hasPrefix("/api/") || WebService.isDAVPath(request.path)
        return WebService.secured(checkedResponse(to: request, isAPI: isAPI), isAPI: isAPI)
    }

    private func checkedResponse(to request: HTTPRequest, isAPI: Bool) -> HTTPResponse {
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
        guard isAPI else { return bootPage(request) ?? staticFiles.response(to: request) }
        let authentication = authenticate(request)
        guard authentication != .none else {
            return Problem(status: 401, name: "unauthorized",
                           detail: "log in first: open the address tick serve printed, or send Authorization: Bearer TOKEN",
                           headers: [("WWW-Authenticate", "Bearer realm=\"tick\"")]).response
        }
        // The cookie and Basic credentials are sent by a browser on its own (Basic once typed
        // into its prompt for /dav/): a change made with either must prove it comes from
        // Tick's own page. The DAV paths take no cookie, and a form cannot send their methods.
        if authentication == .cookie || authentication == .basic, let refused = WebService.unprovenChange(request) {
            return refused
        }
        return WebService.routed(request, by: router, to: self)
    }

    /// The 400 answer to a request whose query, or whose form body
    /// (`application/x-www-form-urlencoded`), holds an argument that is not percent-encoded
    /// UTF-8 (RFC 3986 §2.1: a `%` without two hexadecimal digits, or bytes that are not
    /// UTF-8), naming it; nil when there is none. Left out, the argument would read as
    /// missing (`?q=%zz` answered "say what to look for").
    static func malformedRefusal(_ request: HTTPRequest) -> HTTPResponse? {
        func refusal(_ place: String, _ argument: String) -> HTTPResponse {
            let shown = argument.shown(atMost: 80)
            return Problem.badRequest("the \(place) '\(shown)' is not percent-encoded UTF-8 (RFC 3986 §2.1)").response
        }
        if let argument = request.malformedQueryArgument { return refusal("query argument", argument) }
        if let name = request.repeatedQueryArgument {
            // Which of two values a reader takes is not agreed (a tester: `?limit=1&limit=2` took the last).
            let shown = name.shown(atMost: 40)
            return Problem.badRequest("the query argument '\(shown)' is given twice; give it once").response
        }
        let isForm = request.header("content-type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
        if isForm, let field = request.malformedFormField {
            return refusal("form field", field)
        }
        if let place = WebService.placeOfNUL(in: request, isForm: isForm) {
            // No name, identifier, token or password of Tick holds one, and PostgreSQL's text
            // cannot (a tester: `/api/v1/reminders/%00` answered 500 on every route of it).
            return Problem.badRequest("the \(place) holds a NUL character (%00), which no name or value of Tick holds").response
        }
        return nil
    }

    /// Where `request` holds U+0000 outside its body: its path (percent-encoded as `%00`), a
    /// query argument's name or value, a form field's (`isForm`), or the name or password of
    /// its Basic credentials; nil when nowhere.
    static func placeOfNUL(in request: HTTPRequest, isForm: Bool) -> String? {
        func holdsNUL(_ text: String) -> Bool { text.utf8.contains(0) }
        func holdsEncodedNUL(_ text: String) -> Bool {
            var zeros = 0, afterPercent = false
            for byte in text.utf8 {
                if byte == UInt8(ascii: "%") {
                    afterPercent = true
                    zeros = 0
                } else if afterPercent, byte == UInt8(ascii: "0") {
                    zeros += 1
                    if zeros == 2 { return true }
                } else {
                    afterPercent = false
                }
            }
            return false
        }
        if holdsEncodedNUL(request.path) || holdsNUL(request.path) { return "path" }
        if request.query.contains(where: { holdsNUL($0.key) || holdsNUL($0.value) }) { return "query" }
        if isForm, request.formFields.contains(where: { holdsNUL($0.key) || holdsNUL($0.value) }) { return "form" }
        if let authorization = request.header("authorization"), let (name, password) = HTTPRequest.basicCredentials(authorization),
           holdsNUL(name) || holdsNUL(password) {
            return "Authorization header's user name or password"
        }
        return nil
    }

    /// The 403 answer to a change that does not carry `X-Tick-Request: 1`, or nil when
    /// `request` is no change or carries it.
    static func unprovenChange(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.isStateChanging, request.header("x-tick-request") != "1" else { return nil }
        return Problem(status: 403, name: "csrf",
                       detail: "a change made with the session cookie or Basic credentials needs the header X-Tick-Request: 1").response
    }

    /// The answer of `router`'s route for `request`, given to `api`; 404 and 405 for none;
    /// 204 with `Allow` for OPTIONS of a route.
    static func routed<API>(_ request: HTTPRequest, by router: Router<API>, to api: API) -> HTTPResponse {
        switch router.match(method: request.method, path: request.path) {
        case .notFound:
            return Problem.notFound("there is no such API route: \(request.method) \(request.path)").response
        case .methodNotAllowed(let allowed) where request.method == "OPTIONS":
            // RFC 9110 §9.3.7: what the route takes. No CORS field: a preflight is not granted.
            // A zone Tick does not know is refused here too, as on every route.
            do {
                _ = try WebService.requestTimeZone(request)
            } catch {
                return Problem.from(error).response
            }
            return HTTPResponse(status: 204, headers: [("Allow", (allowed + ["OPTIONS"]).joined(separator: ", "))])
        case .methodNotAllowed(let allowed):
            let methods = (allowed + ["OPTIONS"]).joined(separator: ", ")
            return Problem(status: 405, name: "method-not-allowed", detail: "\(request.path) takes \(methods)",
                           headers: [("Allow", methods)]).response
        case .found(let handler, let parameters):
            do {
                // A zone the client names and Tick does not know is refused before anything
                // is read or changed, on every route (a client can then ask again without it).
                _ = try WebService.requestTimeZone(request)
                return try handler(api, request, parameters)
            } catch {
                return Problem.from(error).response
            }
        }
    }

    /// The header fields every response carries (README "tick serve").
    static func secured(_ response: HTTPResponse, isAPI: Bool) -> HTTPResponse {
        var response = response
        response.setHeader("Content-Security-Policy", contentSecurityPolicy)
        response.setHeader("X-Content-Type-Options", "nosniff")
        response.setHeader("Referrer-Policy", "no-referrer")
        response.setHeader("X-Frame-Options", "DENY")
        if isAPI { response.setHeader("Cache-Control", "no-store") }
        return response
    }

    /// No inline script or style, nothing from another origin, no framing.
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    // MARK: - Authentication

    /// How a request proved it may use the API.
    enum Authentication {
        case none, bearer, basic, cookie
    }

    /// The session cookie's name.
    static let sessionCookie = "tick_session"

    /// How `request` proves it may use the API; a proof is noted as the owner's turn
    /// (`clients`).
    func authenticate(_ request: HTTPRequest) -> Authentication {
        let authentication = proof(of: request)
        if authentication != .none { clients.note(request, signedInAs: "owner") }
        return authentication
    }

    /// Who `request` comes from, for the request threads' turns (`HTTPServer.Configuration.clientKey`):
    /// the owner once its credential or session proved it, else its address (`SignedInClients`).
    public func clientKey(of request: HTTPRequest) -> Int {
        clients.key(of: request)
    }

    private func proof(of request: HTTPRequest) -> Authentication {
        if let authorization = request.header("authorization"), authorization.lowercased().hasPrefix("bearer ") {
            let token = authorization.dropFirst("bearer ".count).trimmingOptionalWhitespace()
            return WebService.constantTimeEqual(token, configuration.token) ? .bearer : .none
        }
        if let authorization = request.header("authorization"), authorization.lowercased().hasPrefix("basic ") {
            // One user: any name, the token as the password.
            guard let password = WebService.basicCredentials(authorization)?.password else { return .none }
            return WebService.constantTimeEqual(password, configuration.token) ? .basic : .none
        }
        if let session = request.cookies[WebService.sessionCookie] {
            let known = sessions.withLock { sessions in sessions.contains { WebService.constantTimeEqual($0, session) } }
            return known ? .cookie : .none
        }
        return .none
    }

    /// The user name and password of an `Authorization: Basic` value (`HTTPRequest.basicCredentials`).
    static func basicCredentials(_ authorization: String) -> (name: String, password: String)? {
        HTTPRequest.basicCredentials(authorization)
    }

    /// Compares two secrets in time that depends on their lengths only, not on where
    /// they differ (no timing oracle for guessing a token byte by byte).
    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8), right = Array(rhs.utf8)
        var difference = UInt8(truncatingIfNeeded: left.count ^ right.count) | (left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            difference |= a ^ b
        }
        return difference == 0
    }

    /// A new token for `tick serve` to keep: 32 random bytes, hex.
    public static func newToken() -> String { newSecret() }

    /// A new random session id: 32 bytes from the system's secure generator, hex.
    static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}

/// Which `Host` header values name this server.
enum HostRule: Sendable, Equatable {
    /// Any name, with this port (listening on every address); nil: any host at all
    /// (before `listening(address:port:)`).
    case any(port: UInt16?)
    /// One of these `host:port` values, lower case.
    case exactly(Set<String>)

    init(address: String, port: UInt16) {
        let shown = address.contains(":") ? "[\(address)]" : address
        switch address {
        case "0.0.0.0", "::": self = .any(port: port)
        default:
            var names: Set<String> = [shown.lowercased() + ":\(port)"]
            if HostRule.isLoopback(address) { names.insert("localhost:\(port)") }
            self = .exactly(names)
        }
    }

    /// The answer to a request whose `Host` does not name this server (400 without one,
    /// else 421), or nil when it does.
    func refusal(of request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.header("host") else {
            return Problem.badRequest("the request has no Host header").response
        }
        guard allows(host) else {
            return Problem(status: 421, name: "misdirected",
                           detail: "this server is not '\(host)'; open it by the address it listens on").response
        }
        return nil
    }

    func allows(_ host: String) -> Bool {
        let host = host.lowercased()
        switch self {
        case .any(let port):
            guard let port else { return true }
            return host.hasSuffix(":\(port)")
        case .exactly(let names):
            return names.contains(host)
        }
    }

    /// Whether `address` is a loopback address (127.0.0.0/8, ::1) or `localhost`.
    static func isLoopback(_ address: String) -> Bool {
        address == "localhost" || address == "::1" || address.hasPrefix("127.")
    }
}
