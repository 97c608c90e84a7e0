import Foundation
import Testing
@testable import TickServer

/// `SignedInClients`: the turns of the request threads go by the user a credential signed
/// in, else by the address, so that neither several credentials of one user nor made-up ones
/// get turns of their own.
@Suite("Request turns by the user signed in")
struct SignedInClientsTests {
    /// A `GET` of `path` from `address`, with `authorization`, the `Cookie` header `cookie`, and
    /// the header fields `headers` (a service's `Host`).
    static func request(authorization: String? = nil, cookie: String? = nil, path: String = "/api/v1/lists",
                        from address: String = "192.0.2.1", headers fields: [String: String] = [:]) -> HTTPRequest {
        var headers = fields
        if let authorization { headers["Authorization"] = authorization }
        if let cookie { headers["Cookie"] = cookie }
        var request = HTTPRequest(method: "GET", path: path, query: [:], headers: headers, body: [])
        request.clientAddress = address
        return request
    }

    static func basic(_ name: String, _ password: String) -> String {
        "Basic " + Data((name + ":" + password).utf8).base64EncodedString()
    }

    @Test("a credential takes its address's turn until it signs someone in, then its user's, however it is spelled")
    func learnedUser() {
        let clients = SignedInClients(sessionCookie: "tick_session")
        let ann = Self.request(authorization: Self.basic("ann", "secret"))
        let address = Self.request()
        #expect(clients.key(of: ann) == address.addressKey)
        clients.note(ann, signedInAs: "u-ann")
        #expect(clients.key(of: ann) != address.addressKey)
        let respelled = Self.request(authorization: "BASIC   " + Self.basic("ANN", "secret").dropFirst("Basic ".count), from: "198.51.100.7")
        #expect(clients.key(of: respelled) == clients.key(of: ann), "the same credential from another address, spelled otherwise")
        #expect(clients.key(of: address) == address.addressKey, "a request without a credential: its address")
    }

    @Test("a user's password, app passwords and session take one turn; another user's another")
    func oneTurnPerUser() {
        let clients = SignedInClients(sessionCookie: "tick_session")
        let ways = [Self.request(authorization: Self.basic("ann", "password")),
                    Self.request(authorization: Self.basic("ann", "phone app password")),
                    Self.request(authorization: Self.basic("ann", "laptop app password"), from: "203.0.113.9"),
                    Self.request(cookie: "theme=dark; tick_session=abc123")]
        for request in ways { clients.note(request, signedInAs: "u-ann") }
        #expect(Set(ways.map(clients.key(of:))).count == 1)
        let bob = Self.request(authorization: Self.basic("bob", "password"))
        clients.note(bob, signedInAs: "u-bob")
        #expect(clients.key(of: bob) != clients.key(of: ways[0]))
    }

    @Test("made-up credentials and sessions from one address take that address's one turn")
    func madeUpCredentials() {
        let clients = SignedInClients(sessionCookie: "tick_session")
        clients.note(Self.request(authorization: Self.basic("ann", "password")), signedInAs: "u-ann")
        let guesses = (0..<50).map { Self.request(authorization: Self.basic("ann", "guess \($0)")) }
            + (0..<50).map { Self.request(cookie: "tick_session=forged\($0)") }
            + (0..<50).map { Self.request(authorization: Self.basic("nobody\($0)", "x")) }
        #expect(Set(guesses.map(clients.key(of:))) == [Self.request().addressKey])
        #expect(clients.key(of: Self.request(authorization: Self.basic("x", "y"), from: "192.0.2.2")) != Self.request().addressKey,
                "another address: another turn")
    }

    @Test("at most `capacity` credentials are held, the first learned forgotten first and learned again at its next sign-in")
    func capacity() {
        let clients = SignedInClients(sessionCookie: "tick_session", capacity: 100)
        let requests = (0..<250).map { Self.request(authorization: Self.basic("user\($0)", "p")) }
        for (index, request) in requests.enumerated() { clients.note(request, signedInAs: "u\(index)") }
        #expect(clients.count == 100)
        #expect(clients.key(of: requests[0]) == requests[0].addressKey, "forgotten")
        #expect(clients.key(of: requests[249]) != requests[249].addressKey)
        clients.note(requests[0], signedInAs: "u0")
        #expect(clients.key(of: requests[0]) != requests[0].addressKey)
        #expect(clients.count == 100)
    }

    @Test("the single-user server: the token by Bearer or Basic and a session take the owner's one turn; a wrong token the address's")
    func singleUser() throws {
        let harness = try ServiceHarness()
        let session = harness.login()
        func request(_ authorization: String?, cookie: String? = nil) -> HTTPRequest {
            Self.request(authorization: authorization, cookie: cookie.map { "tick_session=" + $0 }, headers: ["Host": ServiceHarness.host])
        }
        let owner = [request("Bearer " + ServiceHarness.token), request(Self.basic("me", ServiceHarness.token)), request(nil, cookie: session)]
        for one in owner { #expect(harness.service.respond(to: one).status == 200) }
        let key = harness.service.clientKey(of: owner[0])
        #expect(Set(owner.map(harness.service.clientKey(of:))) == [key])
        let wrong = [request("Bearer wrong"), request(Self.basic("me", "wrong")), request(nil, cookie: "forged")]
        for one in wrong { #expect(harness.service.respond(to: one).status == 401) }
        #expect(Set(wrong.map(harness.service.clientKey(of:))) == [request(nil).addressKey])
        #expect(key != request(nil).addressKey)
    }
}
