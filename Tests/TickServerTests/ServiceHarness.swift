import Foundation
import Synchronization
import TestSupport
import TickActions
import TickInterchange
import TickModel
import TickServer
import TickStore

/// A `WebService` on a fresh database in a temporary folder, at a fixed instant in UTC,
/// answering requests given as values (no socket).
final class ServiceHarness: Sendable {
    static let token = "0123456789abcdef-test-token"
    static let host = "127.0.0.1:8765"

    let folder = TemporaryFolder()
    let store: Store
    let service: WebService
    /// The service's clock; tests move it.
    let clock: TestClock

    convenience init(now: Date = Fixture.now, watchesChanges: Bool = false, timeZone: TimeZone = TimeZone(identifier: "UTC")!) throws {
        try self.init(path: nil, now: now, watchesChanges: watchesChanges, timeZone: timeZone)
    }

    /// A second service on the database of `other` (a restart of the server).
    convenience init(sharing other: ServiceHarness) throws {
        try self.init(path: other.store.path, now: other.clock.now, watchesChanges: false, timeZone: TimeZone(identifier: "UTC")!)
    }

    private init(path: String?, now: Date, watchesChanges: Bool, timeZone: TimeZone) throws {
        store = try Store(path: path ?? folder.file("tick.sqlite3"), now: now)
        let clock = TestClock(now)
        self.clock = clock
        let root = URL(fileURLWithPath: Fixture.packageRoot + "/Sources/TickServer/WebApp")
        // One reader besides the store, as tick serve has: reads see every change committed.
        let reader = try Store(path: store.path, now: now)
        service = WebService(store: store, readers: [reader], versionStore: try Store(path: store.path, now: now), configuration: WebService.Configuration(
            token: ServiceHarness.token, timeZone: timeZone, locale: Locale(identifier: "en_US_POSIX"),
            clock: { clock.now }, webRoot: root), watchesChanges: watchesChanges)
        service.listening(address: "127.0.0.1", port: 8765)
    }

    /// The CLI's actions on the same database, at the fixed instant in UTC: another program
    /// changing what the server serves.
    var actions: Actions {
        Actions(store: store, context: ActionContext(dateContext: DateContext(now: Fixture.now, timeZone: .gmt, locale: Locale(identifier: "en_US"))))
    }

    /// How a request proves who it is.
    enum Credential {
        case none
        case bearer
        case cookie(String, csrfHeader: Bool)
    }

    /// The answer to a request; `json` is sent as the body with its content type.
    func send(_ method: String, _ path: String, json: String? = nil, query: [String: String] = [:],
              headers: [String: String] = [:], as credential: Credential = .bearer) -> HTTPResponse {
        var fields = ["Host": ServiceHarness.host]
        switch credential {
        case .none: break
        case .bearer: fields["Authorization"] = "Bearer " + ServiceHarness.token
        case .cookie(let session, let csrf):
            fields["Cookie"] = "tick_session=" + session
            if csrf { fields["X-Tick-Request"] = "1" }
        }
        if json != nil { fields["Content-Type"] = "application/json" }
        for (name, value) in headers { fields[name] = value }
        return service.respond(to: HTTPRequest(method: method, path: path, query: query, headers: fields,
                                               body: Array((json ?? "").utf8)))
    }

    /// A session cookie value from logging in with the token.
    func login() -> String {
        let response = send("GET", "/login", query: ["token": ServiceHarness.token], as: .none)
        let cookie = response.header("Set-Cookie") ?? ""
        return String(cookie.dropFirst("tick_session=".count).prefix { $0 != ";" })
    }

    /// The JSON object of a response body.
    static func object(_ response: HTTPResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.bodyText.utf8))) as? [String: Any] ?? [:]
    }

    /// The stored rows, to check that a refused request changed nothing.
    func snapshot() throws -> String {
        try store.read { db in
            let lists = try db.lists().map { "\($0.id.rawValue) \($0.name) \($0.color.hex) \($0.position)" }
            let reminders = try db.allReminders().map { TickJSON.object(for: $0, listName: nil).serialized(pretty: false) }
            return (lists + reminders).joined(separator: "\n")
        }
    }

    /// The first list's id.
    func firstListID() throws -> String {
        try store.read { db in try db.lists()[0].id.rawValue }
    }

    /// Adds a reminder through the API; returns its uid.
    @discardableResult
    func add(_ fields: String) -> String {
        let response = send("POST", "/api/v1/reminders", json: fields)
        return ServiceHarness.object(response)["uid"] as? String ?? "(not added: \(response.status) \(response.bodyText))"
    }
}

/// A clock a test sets.
final class TestClock: Sendable {
    private let instant: Mutex<Date>
    init(_ start: Date) { instant = Mutex(start) }
    var now: Date { instant.withLock { $0 } }
    func set(_ date: Date) { instant.withLock { $0 = date } }
}
