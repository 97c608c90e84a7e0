import Foundation
import Testing
@testable import TickServer

/// The checks every request passes, and the header fields every response carries.
@Suite struct SecurityTests {
    static let securityFields = ["Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"]

    @Test func everyResponseCarriesTheSecurityHeaders() throws {
        let harness = try ServiceHarness()
        let responses = [
            harness.send("GET", "/api/v1/lists"),
            harness.send("GET", "/api/v1/lists", as: .none),
            harness.send("GET", "/"),
            harness.send("GET", "/login"),
            harness.send("GET", "/nothing-here"),
            harness.send("GET", "/api/v1/lists", headers: ["Host": "evil.example:8765"]),
        ]
        for response in responses {
            for field in SecurityTests.securityFields { #expect(response.header(field) != nil, "\(field) on \(response.status)") }
            let policy = response.header("Content-Security-Policy") ?? ""
            #expect(policy.contains("default-src 'self'") && policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"))
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("Referrer-Policy") == "no-referrer")
        }
        #expect(responses[0].header("Cache-Control") == "no-store")
    }

    @Test func withoutTokenIs401AndChangesNothing() throws {
        let harness = try ServiceHarness()
        let before = try harness.snapshot()
        let response = harness.send("POST", "/api/v1/lists", json: #"{"name":"Work"}"#, as: .none)
        #expect(response.status == 401)
        #expect(response.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
        #expect(response.header("Content-Type") == "application/problem+json")
        let wrong = harness.send("GET", "/api/v1/lists", headers: ["Authorization": "Bearer 0123456789abcdef-test-tokeX"], as: .none)
        #expect(wrong.status == 401)
        let unknownSession = harness.send("GET", "/api/v1/lists", as: .cookie("abc", csrfHeader: true))
        #expect(unknownSession.status == 401)
        #expect(try harness.snapshot() == before)
    }

    @Test func wrongHostIs421AndMissingHostIs400() throws {
        let harness = try ServiceHarness()
        let before = try harness.snapshot()
        let rebound = harness.send("POST", "/api/v1/lists", json: #"{"name":"Work"}"#, headers: ["Host": "attacker.example:8765"])
        #expect(rebound.status == 421)
        #expect(ServiceHarness.object(rebound)["type"] as? String == "urn:tick:problem:misdirected")
        let otherPort = harness.send("GET", "/api/v1/lists", headers: ["Host": "127.0.0.1:9999"])
        #expect(otherPort.status == 421)
        #expect(harness.send("GET", "/api/v1/lists", headers: ["Host": "localhost:8765"]).status == 200)
        let noHost = harness.service.respond(to: HTTPRequest(method: "GET", path: "/api/v1/lists",
                                                             headers: ["Authorization": "Bearer " + ServiceHarness.token]))
        #expect(noHost.status == 400)
        #expect(try harness.snapshot() == before)
    }

    @Test func cookieChangesNeedTheCustomHeader() throws {
        let harness = try ServiceHarness()
        let session = harness.login()
        #expect(session.count == 64)
        let before = try harness.snapshot()
        let forged = harness.send("POST", "/api/v1/lists", json: #"{"name":"Work"}"#, as: .cookie(session, csrfHeader: false))
        #expect(forged.status == 403)
        #expect(ServiceHarness.object(forged)["type"] as? String == "urn:tick:problem:csrf")
        #expect(try harness.snapshot() == before)
        // Reading with the cookie alone is fine; a change with the header too.
        #expect(harness.send("GET", "/api/v1/lists", as: .cookie(session, csrfHeader: false)).status == 200)
        #expect(harness.send("POST", "/api/v1/lists", json: #"{"name":"Work"}"#, as: .cookie(session, csrfHeader: true)).status == 201)
        // The bearer token needs no such header: no browser sends it by itself.
        #expect(harness.send("POST", "/api/v1/lists", json: #"{"name":"Home"}"#).status == 201)
    }

    @Test("the session cookie is Secure when the login came over HTTPS (a TLS proxy's X-Forwarded-Proto or Forwarded, an https: Origin), not otherwise",
          arguments: [
            ([:], false), (["X-Forwarded-Proto": "https"], true), (["X-Forwarded-Proto": "HTTPS, http"], true),
            (["X-Forwarded-Proto": "http"], false), (["Forwarded": #"for=192.0.2.60;proto="https";by=203.0.113.43"#], true),
            (["Forwarded": "proto=http, proto=https"], false), (["Forwarded": "for=x;proto=httpsx"], false),
            (["Origin": "https://tick.example"], true), (["Origin": "http://tick.example"], false), (["Origin": "null"], false),
          ])
    func secureCookieOverHTTPS(headers: [String: String], secure: Bool) throws {
        let harness = try ServiceHarness()
        let response = harness.send("GET", "/login", query: ["token": ServiceHarness.token], headers: headers, as: .none)
        #expect(response.status == 303)
        let cookie = response.header("Set-Cookie") ?? ""
        #expect(cookie.hasSuffix("; Secure") == secure, "\(cookie)")
        let session = String(cookie.dropFirst("tick_session=".count).prefix { $0 != ";" })
        let logout = harness.send("POST", "/logout", headers: headers, as: .cookie(session, csrfHeader: true))
        #expect(logout.status == 204)
        #expect((logout.header("Set-Cookie") ?? "").hasSuffix("; Secure") == secure)
    }

    @Test func loginSetsAStrictHttpOnlyCookieAndRedirects() throws {
        let harness = try ServiceHarness()
        let response = harness.send("GET", "/login", query: ["token": ServiceHarness.token], as: .none)
        #expect(response.status == 303)
        #expect(response.header("Location") == "/")
        let cookie = response.header("Set-Cookie") ?? ""
        #expect(cookie.hasPrefix("tick_session=") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        #expect(!cookie.contains(ServiceHarness.token))
        let wrong = harness.send("GET", "/login", query: ["token": "nope"], as: .none)
        #expect(wrong.status == 401)
        #expect(wrong.header("Set-Cookie") == nil)
        let form = harness.service.respond(to: HTTPRequest(
            method: "POST", path: "/login",
            headers: ["Host": ServiceHarness.host, "Content-Type": "application/x-www-form-urlencoded"],
            body: Array("token=\(ServiceHarness.token)".utf8)))
        #expect(form.status == 303)
        let page = harness.send("GET", "/login", as: .none)
        #expect(page.status == 200)
        #expect(page.bodyText.contains("<form method=\"post\" action=\"/login\">") && !page.bodyText.contains("<script"))
    }

    @Test func logoutEndsTheSession() throws {
        let harness = try ServiceHarness()
        let session = harness.login()
        #expect(harness.send("POST", "/logout", as: .cookie(session, csrfHeader: false)).status == 403)
        #expect(harness.send("POST", "/logout", as: .cookie(session, csrfHeader: true)).status == 204)
        #expect(harness.send("GET", "/api/v1/lists", as: .cookie(session, csrfHeader: true)).status == 401)
    }

    /// A tester (on PostgreSQL): the event stream a session had opened went on after its logout.
    @Test func logoutEndsTheSessionsEventStream() throws {
        let harness = try ServiceHarness()
        let session = harness.login()
        let response = harness.send("GET", "/api/v1/events", as: .cookie(session, csrfHeader: true))
        guard case .stream(let stream) = response.body else {
            Issue.record("not a stream: \(response.status)")
            return
        }
        _ = stream.takePending()
        harness.service.changes.broadcast(version: 1)
        #expect(stream.takePending().contains("event: change"))
        #expect(harness.send("POST", "/logout", as: .cookie(session, csrfHeader: true)).status == 204)
        harness.service.changes.broadcast(version: 2)
        #expect(stream.isFinished)
        #expect(stream.takePending().isEmpty)
    }

    @Test(arguments: [("abc", "abc", true), ("abc", "abd", false), ("abc", "abcd", false), ("", "", true), ("a", "", false)])
    func tokensCompareWhole(lhs: String, rhs: String, equal: Bool) {
        #expect(WebService.constantTimeEqual(lhs, rhs) == equal)
    }

    @Test func unknownRouteAndWrongMethod() throws {
        let harness = try ServiceHarness()
        let missing = harness.send("GET", "/api/v1/nothing")
        #expect(missing.status == 404)
        let method = harness.send("PUT", "/api/v1/lists")
        #expect(method.status == 405)
        // OPTIONS too, which answers on every route (a tester: the 405 left it out).
        #expect(method.header("Allow") == "GET, HEAD, POST, OPTIONS")
    }

    @Test func staticFilesAreServedWithoutTokenAndOnlyFromTheFolder() throws {
        let harness = try ServiceHarness()
        let index = harness.send("GET", "/", as: .none)
        #expect(index.status == 200)
        #expect(index.header("Content-Type") == "text/html; charset=utf-8")
        let tag = try #require(index.header("ETag"))
        #expect(harness.send("GET", "/", headers: ["If-None-Match": tag], as: .none).status == 304)
        #expect(harness.send("GET", "/app/../../Package.swift", as: .none).status == 404)
        #expect(harness.send("GET", "/app/%2e%2e/index.html", as: .none).status == 404)
        #expect(harness.send("POST", "/", as: .none).status == 405)
    }

    /// The page, the service worker and the manifest name the app's files by their version;
    /// those are served as immutable, the unversioned ones still with no-cache, another
    /// version not at all.
    @Test func appFilesAreServedUnderTheirVersion() throws {
        let harness = try ServiceHarness()
        let page = harness.send("GET", "/", as: .none).bodyText
        let prefix = try #require(page.firstRange(of: #/"/app-[0-9a-f]{1,12}/main\.js"/#).map { String(page[$0].dropFirst().dropLast("main.js\"".count)) })
        #expect(!page.contains("\"/app/"), "every reference is versioned")
        #expect(harness.send("GET", "/sw.js", as: .none).bodyText.contains("\"\(prefix)main.js\""))
        #expect(harness.send("GET", "/manifest.webmanifest", as: .none).bodyText.contains("\"\(prefix)icon.svg\""))
        let versioned = harness.send("GET", prefix + "main.js", as: .none)
        #expect(versioned.status == 200)
        #expect(versioned.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(versioned.header("Content-Type") == "text/javascript; charset=utf-8")
        let plain = harness.send("GET", "/app/main.js", as: .none)
        #expect(plain.header("Cache-Control") == "no-cache")
        #expect(plain.bodyText == versioned.bodyText)
        #expect(harness.send("GET", "/app-0000000000/main.js", as: .none).status == 404)
        #expect(harness.send("GET", prefix + "../../Package.swift", as: .none).status == 404)
        #expect(harness.send("GET", prefix + "%2e%2e/index.html", as: .none).status == 404)
    }

    @Test func tooLargeAnswerIs413Problem() throws {
        let harness = try ServiceHarness()
        let response = harness.service.tooLargeResponse()
        #expect(response.status == 413)
        #expect(response.header("Content-Security-Policy") != nil)
        #expect(ServiceHarness.object(response)["status"] as? Int == 413)
    }
}
