import Foundation
import TickAccounts
import TickPostgres

/// Signing in with a form on PostgreSQL: `GET /login` (the form: name and password),
/// `POST /login` (a session of `Accounts`, its token in the `tick_session` cookie),
/// `POST /logout` (the session deleted at once). The session cookie then signs in every
/// API request, as Basic does; `tick users remove` ends a user's sessions at once.
extension PostgresWebService {
    func login(_ request: HTTPRequest) -> HTTPResponse {
        switch request.method {
        case "GET", "HEAD":
            // A new server: say how to make the first user rather than show a form nobody can use.
            let message = (try? accounts.hasUsers()) == false
                ? "This server has no users yet. Add one where it runs: tick users add NAME --database URL (the password is read from standard input)."
                : nil
            return PostgresWebService.loginPage(status: 200, message: message)
        case "POST": break
        default:
            return WebService.methodNotAllowed("/login", takes: ["GET", "POST"])
        }
        // Login CSRF: a form on another site signed the browser in as the attacker's user (a
        // tester), whose account then got what was typed. A browser says where a form came from:
        // Sec-Fetch-Site, else Origin (which is `null` for this server's own form too, under its
        // `Referrer-Policy: no-referrer`); only this server's own page signs in.
        if let site = request.header("sec-fetch-site")?.lowercased() {
            guard site == "same-origin" || site == "none" else {
                return PostgresWebService.loginPage(status: 403, message: "Sign in from this server's own page.")
            }
        } else if let origin = request.header("origin"), origin != "null",
                  !PostgresWebService.isSameOrigin(origin, host: request.header("host")) {
            return PostgresWebService.loginPage(status: 403, message: "Sign in from this server's own page.")
        }
        let fields = request.formFields
        guard let name = fields["name"], !name.isEmpty, let password = fields["password"], !password.isEmpty else {
            return PostgresWebService.loginPage(status: 400, message: "Give your user name and your password.")
        }
        let now = configuration.clock()
        do {
            switch try accounts.signIn(name: name, password: password, clientAddress: request.clientAddress, now: now) {
            case .signedIn(let user, _):
                let token = try accounts.startSession(for: user.id, now: now)
                return WebService.signedIn(session: token, secure: WebService.arrivedOverHTTPS(request))
            case .refused:
                return PostgresWebService.loginPage(status: 401, message: "The user name or the password is wrong.")
            case .throttled(let seconds):
                var page = PostgresWebService.loginPage(status: 429, message: "Too many failed sign-ins: try again in \(seconds) seconds.")
                page.setHeader("Retry-After", String(seconds))
                return page
            }
        } catch {
            return PostgresWebService.accountProblem(error).response
        }
    }

    /// Whether `origin` (`scheme://host[:port]`, RFC 6454) names the server at `host` (the
    /// request's `Host`, which the server checks against its own names): their authorities
    /// are the same, ASCII case ignored. `null` and an origin without `://` are another site.
    static func isSameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host, let separator = origin.range(of: "://") else { return false }
        return origin[separator.upperBound...].lowercased() == host.lowercased()
    }

    func logout(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "POST" else {
            return WebService.methodNotAllowed("/logout", takes: ["POST"])
        }
        guard request.header("x-tick-request") == "1", let token = request.cookies[WebService.sessionCookie] else {
            return Problem(status: 403, name: "csrf", detail: "log out from Tick's own page").response
        }
        do {
            _ = try accounts.endSession(token: token)
        } catch {
            return PostgresWebService.accountProblem(error).response
        }
        return WebService.loggedOut(secure: WebService.arrivedOverHTTPS(request))
    }

    /// The user of the session whose token the cookie holds, or the 401 problem to answer
    /// (an unknown, expired or ended session, a removed user).
    func sessionUser(_ token: String) -> Result<UserRecord, Problem> {
        do {
            guard let user = try accounts.sessionUser(token: token, now: configuration.clock()) else {
                return .failure(PostgresWebService.signInAtTheForm("the session ended; sign in again at /login"))
            }
            return .success(user)
        } catch {
            return .failure(PostgresWebService.accountProblem(error))
        }
    }

    /// The problem of an account operation that failed (the database, libargon2).
    static func accountProblem(_ error: AccountError) -> Problem {
        if case .database(let failure) = error { return Problem.from(failure) }
        return Problem(status: 500, name: "internal", detail: "signing in failed: \(error.description)")
    }

    /// The form: a user name and a password (or an app password).
    static func loginPage(status: Int, message: String?) -> HTTPResponse {
        WebService.loginPage(status: status, message: message, fields: """
            <label for="name">User name</label>
            <input id="name" name="name" autocomplete="username" required>
            <label for="password">Password</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required>
            """, hint: "Your user of <code>tick users</code> and your password.")
    }
}
