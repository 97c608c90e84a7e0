import Foundation
import Testing
import TestSupport
import TickAccounts
import TickModel
import TickPostgres
@testable import TickServer

/// `tick serve --database` while PostgreSQL cannot be reached (stopped, restarting): every
/// request is answered at once, 503 with `Retry-After`, never a hang and never a 500.
@Suite("tick serve --database without its database", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresUnavailableTests {
    /// A tester (t60): while PostgreSQL was stopped or restarting, requests were answered 500.
    @Test("with PostgreSQL stopped, the API and CalDAV answer 503 with Retry-After at once")
    func stopped() throws {
        let closed = try #require(LoopbackSocket(listening: false))
        closed.close()
        let url = "postgresql://tick@127.0.0.1:\(closed.port)/tick"
        let accounts = Accounts(pool: try PostgresPool(url: url, capacity: 2), hasher: PostgresServiceHarness.hasher)
        let service = PostgresWebService(accounts: accounts, configuration: WebService.Configuration(
            token: "", timeZone: .gmt, locale: Locale(identifier: "en_US_POSIX"), clock: { Fixture.now },
            webRoot: URL(fileURLWithPath: Fixture.packageRoot + "/Sources/TickServer/WebApp")),
            verified: VerifiedCredentials(), idleDelay: nil)
        service.listening(address: "127.0.0.1", port: 8765)
        let authorization = PostgresServiceHarness.basic("ann", "secret password")
        for (method, path) in [("GET", "/api/v1/lists"), ("PROPFIND", "/dav/lists/")] {
            let started = Date()
            var request = HTTPRequest(method: method, path: path, headers: ["Host": PostgresServiceHarness.host, "Authorization": authorization,
                                                                            "Depth": "1"], body: [])
            request.clientAddress = "192.0.2.9"
            let response = service.respond(to: request)
            #expect(response.status == 503, "\(method) \(path): \(response.status) \(response.bodyText)")
            #expect(response.header("Retry-After") == "5")
            #expect(Date().timeIntervalSince(started) < 5)
        }
    }
}
