import Foundation
import TestSupport
import TickAccounts
import TickModel
import TickPostgres
import TickServer

/// A `PostgresWebService` on a fresh PostgreSQL database from `PostgresServer`, with the
/// users `ann` and `bob`, at a fixed instant in UTC, answering requests given as values.
final class PostgresServiceHarness: Sendable {
    static let host = "127.0.0.1:8765"
    /// Cheap Argon2id parameters: the tests sign in on every request.
    static let hasher = PasswordHasher(iterations: 1, memoryKiB: 64, parallelism: 1)

    let database: PostgresTestDatabase
    let accounts: Accounts
    let service: PostgresWebService
    let clock: TestClock
    /// The credentials the service remembers.
    let verified = VerifiedCredentials()

    /// - Parameters:
    ///   - other: a harness whose database (and users) this one shares, as a second server would.
    ///   - idleDelay: the service's housekeeping delay (`PostgresWebService.init`); nil: none.
    init(users: [String] = ["ann", "bob"], now: Date = Fixture.now, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
         sharing other: PostgresServiceHarness? = nil, idleDelay: Duration? = nil) throws {
        database = try other?.database ?? PostgresServer.database()
        accounts = Accounts(pool: try PostgresPool(url: database.url, capacity: 3), hasher: PostgresServiceHarness.hasher)
        _ = try accounts.migrate()
        if other == nil {
            for name in users { _ = try accounts.addUser(named: name, password: PostgresServiceHarness.password(of: name), now: now) }
        }
        let clock = TestClock(now)
        self.clock = clock
        service = PostgresWebService(accounts: accounts, configuration: WebService.Configuration(
            token: "", timeZone: timeZone, locale: Locale(identifier: "en_US_POSIX"),
            clock: { clock.now }, webRoot: URL(fileURLWithPath: Fixture.packageRoot + "/Sources/TickServer/WebApp")),
            verified: verified, idleDelay: idleDelay)
        service.listening(address: "127.0.0.1", port: 8765)
    }

    /// The password of the user `name` in these tests.
    static func password(of name: String) -> String { "pass of \(name) 123" }

    /// The value of `Authorization: Basic` for `name` and `password`.
    static func basic(_ name: String, _ password: String) -> String {
        "Basic " + Data((name + ":" + password).utf8).base64EncodedString()
    }

    /// The answer to a request signed in as `user` (with their password, or `password`);
    /// `user` nil sends no credentials. Requests carry `X-Tick-Request: 1` unless `proving` is false.
    func send(_ method: String, _ path: String, json: String? = nil, query: [String: String] = [:],
              headers: [String: String] = [:], as user: String? = "ann", password: String? = nil,
              from address: String = "192.0.2.1", body: String? = nil, proving: Bool = true) -> HTTPResponse {
        var fields = ["Host": PostgresServiceHarness.host]
        if proving { fields["X-Tick-Request"] = "1" }
        if let user { fields["Authorization"] = PostgresServiceHarness.basic(user, password ?? PostgresServiceHarness.password(of: user)) }
        if json != nil { fields["Content-Type"] = "application/json" }
        for (name, value) in headers { fields[name] = value }
        var request = HTTPRequest(method: method, path: path, query: query, headers: fields, body: Array((json ?? body ?? "").utf8))
        request.clientAddress = address
        return service.respond(to: request)
    }

    /// The value of the `tick_session` cookie a login with the form of `/login` sets for `user`.
    func logIn(_ user: String) throws -> String {
        let answer = PostgresRoutesTests.logIn(self, user, PostgresServiceHarness.password(of: user))
        guard let cookie = answer.header("Set-Cookie"), cookie.hasPrefix("tick_session=") else {
            throw HarnessError("the login of \(user) answered \(answer.status): \(answer.bodyText)")
        }
        return String(cookie.dropFirst("tick_session=".count).prefix { $0 != ";" })
    }

    /// The JSON object of a response body.
    static func object(_ response: HTTPResponse) -> [String: Any] {
        ServiceHarness.object(response)
    }

    /// Every row of the tables of lists, reminders and their CalDAV bookkeeping, every user's, as text: to check that
    /// a refused request changed nothing.
    func snapshot() throws -> [String] {
        let connection = try database.connect()
        var rows: [String] = []
        for table in ["users", "lists", "list_members", "reminders", "completed_occurrences", "dav_sequences",
                      "dav_list_sequences", "dav_retired_lists", "dav_resources", "dav_horizons"] {
            let result = try connection.execute("SELECT (t.*)::text AS row FROM \(table) t ORDER BY 1")
            rows += result.map { "\(table): " + ($0.text("row") ?? "") }
        }
        return rows
    }
}

/// A step of the harness that failed.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
