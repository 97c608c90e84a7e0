import Foundation
import Testing
import TestSupport
@testable import TickServer

/// `tick serve --database`: the request threads' turns go by the user a request's credential
/// signed in (`PostgresWebService.clientKey(of:)`), learned from its sign-in.
@Suite("Request turns by user on PostgreSQL", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresClientTurnsTests {
    /// A request to the API signed in with `authorization` or the session `cookie`.
    static func request(authorization: String? = nil, cookie: String? = nil, path: String = "/api/v1/lists",
                        from address: String = "192.0.2.1") -> HTTPRequest {
        SignedInClientsTests.request(authorization: authorization, cookie: cookie.map { "tick_session=" + $0 }, path: path, from: address,
                                     headers: ["Host": PostgresServiceHarness.host, "X-Tick-Request": "1"])
    }

    @Test("ann's password, app password (API and CalDAV) and session take one turn once each signed her in; bob another; wrong ones the address's")
    func turnsByUser() throws {
        let harness = try PostgresServiceHarness()
        let service = harness.service
        let phone = try harness.accounts.addAppPassword(user: "ann", device: "phone", now: harness.clock.now).password
        let session = try harness.logIn("ann")
        let address = Self.request().addressKey
        let ann = [Self.request(authorization: PostgresServiceHarness.basic("ann", PostgresServiceHarness.password(of: "ann"))),
                   Self.request(authorization: PostgresServiceHarness.basic("ann", phone), path: "/dav/lists/", from: "198.51.100.4"),
                   Self.request(cookie: session)]
        #expect(ann.map(service.clientKey(of:)) == [address, Self.request(from: "198.51.100.4").addressKey, address],
                "not signed in yet: their addresses'")
        var davRequest = ann[1]
        davRequest.method = "PROPFIND"
        davRequest.headers["depth"] = "0"
        for request in [ann[0], davRequest, ann[2]] {
            let status = service.respond(to: request).status
            #expect(status == 200 || status == 207, "\(request.path): \(status)")
        }
        let annKey = service.clientKey(of: ann[0])
        #expect(Set(ann.map(service.clientKey(of:))) == [annKey])
        #expect(annKey != address)

        let bob = Self.request(authorization: PostgresServiceHarness.basic("bob", PostgresServiceHarness.password(of: "bob")))
        #expect(service.respond(to: bob).status == 200)
        #expect(service.clientKey(of: bob) != annKey)

        let wrong = [Self.request(authorization: PostgresServiceHarness.basic("ann", "guessed")),
                     Self.request(authorization: PostgresServiceHarness.basic("nobody", "x")),
                     Self.request(cookie: "forged")]
        for request in wrong { #expect(service.respond(to: request).status == 401) }
        #expect(Set(wrong.map(service.clientKey(of:))) == [address], "made-up credentials share their address's turn")
    }
}
