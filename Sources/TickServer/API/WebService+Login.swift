import Foundation

/// Logging in with the token: `GET /login?token=…` (the address `tick serve` prints) or
/// the login form's `POST /login`; `POST /logout`.
extension WebService {
    func login(_ request: HTTPRequest) -> HTTPResponse {
        let given: String?
        switch request.method {
        case "GET", "HEAD": given = request.query["token"]
        case "POST": given = request.formFields["token"]
        default:
            return WebService.methodNotAllowed("/login", takes: ["GET", "POST"])
        }
        guard let given else { return WebService.loginPage(status: 200, message: nil) }
        guard WebService.constantTimeEqual(given.trimmingCharacters(in: .whitespaces), configuration.token) else {
            return WebService.loginPage(status: 401, message: "That is not the token. Copy it from the address tick serve printed.")
        }
        let session = WebService.newSecret()
        sessions.withLock { _ = $0.insert(session) }
        return WebService.signedIn(session: session, secure: WebService.arrivedOverHTTPS(request))
    }

    func logout(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "POST" else {
            return WebService.methodNotAllowed("/logout", takes: ["POST"])
        }
        guard authenticate(request) == .cookie, request.header("x-tick-request") == "1",
              let session = request.cookies[WebService.sessionCookie] else {
            return Problem(status: 403, name: "csrf", detail: "log out from Tick's own page").response
        }
        sessions.withLock { _ = $0.remove(session) }
        return WebService.loggedOut(secure: WebService.arrivedOverHTTPS(request))
    }

    /// 405 for `path` (a page of its own, not an API route), which takes `methods`.
    static func methodNotAllowed(_ path: String, takes methods: [String]) -> HTTPResponse {
        Problem(status: 405, name: "method-not-allowed", detail: "\(path) takes \(methods.joined(separator: " and "))",
                headers: [("Allow", methods.joined(separator: ", "))]).response
    }

    /// The answer to a login that opened `session`: to the app, with the session cookie,
    /// `Secure` when the login came over HTTPS (`arrivedOverHTTPS`), so that a browser never
    /// sends it over plain HTTP (RFC 6265 §4.1.2.5).
    static func signedIn(session: String, secure: Bool) -> HTTPResponse {
        HTTPResponse(status: 303, headers: [
            ("Location", "/"),
            ("Set-Cookie", "\(WebService.sessionCookie)=\(session); Path=/; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")),
        ])
    }

    /// The answer to a logout: the session cookie cleared (with the attributes it was set with).
    static func loggedOut(secure: Bool) -> HTTPResponse {
        HTTPResponse(status: 204, headers: [
            ("Set-Cookie", "\(WebService.sessionCookie)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0" + (secure ? "; Secure" : "")),
        ])
    }

    /// Whether the browser reached the server over HTTPS: `tick serve` speaks plain HTTP, so
    /// HTTPS is a TLS proxy in front of it, which says so in `X-Forwarded-Proto: https` or
    /// `Forwarded: proto=https` (RFC 7239 §5.4, its first element), or the page the form was
    /// sent from was `https:` (`Origin`, set by the browser). Anyone may send these headers:
    /// they only make the cookie `Secure`, which a client on plain HTTP then loses itself.
    static func arrivedOverHTTPS(_ request: HTTPRequest) -> Bool {
        if let origin = request.header("origin"), origin.lowercased().hasPrefix("https://") { return true }
        if let proto = request.header("x-forwarded-proto"),
           proto.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased() == "https" { return true }
        guard let forwarded = request.header("forwarded"), let first = forwarded.split(separator: ",").first else { return false }
        return first.split(separator: ";").contains { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            return parts.count == 2 && parts[0] == "proto" && parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) == "https"
        }
    }

    /// The login form: plain HTML, no script, no inline style (the CSP forbids both).
    static func loginPage(status: Int, message: String?) -> HTTPResponse {
        loginPage(status: status, message: message, fields: """
            <label for="token">Token</label>
            <input id="token" name="token" type="password" autocomplete="current-password" required>
            """, hint: "The token is in the address <code>tick serve</code> printed, after <code>token=</code>.")
    }

    /// A login form posting `fields` (HTML) to `/login`, with `message` (text) above it and
    /// `hint` (HTML) below.
    static func loginPage(status: Int, message: String?, fields: String, hint: String) -> HTTPResponse {
        let note = message.map { "<p role=\"alert\">\(escapedHTML($0))</p>\n" } ?? ""
        let page = """
            <!doctype html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Tick: log in</title></head>
            <body>
            <main>
            <h1>Tick</h1>
            \(note)<form method="post" action="/login">
            \(fields)
            <button type="submit">Log in</button>
            </form>
            <p>\(hint)</p>
            </main>
            </body>
            </html>

            """
        return HTTPResponse(status: status, contentType: "text/html; charset=utf-8", text: page)
    }

    /// Text made safe to stand inside HTML: `& < > " '` as references.
    static func escapedHTML(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
