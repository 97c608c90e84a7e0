import Foundation
import TestSupport
import TickPostgres
import TickServer

/// A server whose CalDAV the shared DAV tests drive, in process: the single-user server on
/// SQLite (`ServiceHarness`, signed in with the token) or `tick serve --database` on
/// PostgreSQL (`PostgresServiceHarness`, signed in as `ann` with her password). The test
/// bodies are the same for both (`StoreKind.available`).
protocol DAVTestServer: AnyObject, Sendable {
    /// Answers a request given as a value.
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// The `Authorization` a phone of the signed-in user sends.
    var davAuthorization: String { get }
    /// A request to the JSON API as the signed-in user (a change carries its proof), with
    /// `headers` over the harness's own (a `Host`).
    func api(_ method: String, _ path: String, json: String?, headers: [String: String]) -> HTTPResponse
    /// The user name and password a CalDAV client of the signed-in user gives.
    var davCredentials: (user: String, password: String) { get }
    /// The signed-in user's lists and reminders as text, to check that a refused request
    /// changed nothing.
    func storedState() throws -> String
    /// The signed-in user's first list's id.
    func firstListID() throws -> String
    /// The titles of the signed-in user's reminders, completed ones included, sorted.
    func titles() throws -> [String]
    /// The names of the signed-in user's lists, in their order.
    func listNames() throws -> [String]
    /// Adds a reminder through the JSON API (`fields`: its JSON object); returns its uid.
    @discardableResult
    func add(_ fields: String) -> String
}

/// What `DAVTestServer.dav` sends by default.
enum DAVCredentials {
    /// A placeholder for the server's own `davAuthorization`.
    static let signedInUser = "(the signed-in user's Basic credentials)"
}

extension DAVTestServer {
    /// A DAV request with the user's Basic credentials (`authorization` nil: none).
    func dav(_ method: String, _ path: String, _ body: String = "", headers: [String: String] = [:],
             authorization: String? = DAVCredentials.signedInUser) -> HTTPResponse {
        var fields = ["Host": ServiceHarness.host]
        if let authorization { fields["Authorization"] = authorization == DAVCredentials.signedInUser ? davAuthorization : authorization }
        if !body.isEmpty { fields["Content-Type"] = method == "PUT" ? "text/calendar; charset=utf-8" : "application/xml; charset=utf-8" }
        for (name, value) in headers { fields[name] = value }
        return respond(to: HTTPRequest(method: method, path: path, headers: fields, body: Array(body.utf8)))
    }

    /// A request to the JSON API as the signed-in user.
    func api(_ method: String, _ path: String, json: String?) -> HTTPResponse { api(method, path, json: json, headers: [:]) }

    /// The path of the first list's collection.
    func firstCollection() throws -> String { "/dav/lists/\(try firstListID())/" }

    /// The JSON object of the signed-in user's list `id` (`GET /api/v1/lists/ID`).
    func list(_ id: String) -> [String: Any] { ServiceHarness.object(api("GET", "/api/v1/lists/\(id)", json: nil)) }
}

extension StoreKind {
    /// A fresh server of this kind for one test.
    func davServer() throws -> any DAVTestServer {
        switch self {
        case .sqlite: return try ServiceHarness()
        case .postgresql:
            let harness = try PostgresServiceHarness()
            // Her first request gives ann her first list, as a fresh SQLite file has one.
            _ = harness.send("GET", "/api/v1/lists")
            return harness
        }
    }
}

extension ServiceHarness: DAVTestServer {
    func respond(to request: HTTPRequest) -> HTTPResponse { service.respond(to: request) }
    var davAuthorization: String { ServiceHarness.basic }
    var davCredentials: (user: String, password: String) { ("phone", ServiceHarness.token) }
    func api(_ method: String, _ path: String, json: String?, headers: [String: String]) -> HTTPResponse {
        send(method, path, json: json, headers: headers)
    }
    func storedState() throws -> String { try snapshot() }
    func titles() throws -> [String] { try store.read { db in try db.allReminders().map(\.title).sorted() } }
    func listNames() throws -> [String] { try store.read { db in try db.lists().map(\.name) } }
}

extension PostgresServiceHarness: DAVTestServer {
    func respond(to request: HTTPRequest) -> HTTPResponse { service.respond(to: request) }
    var davAuthorization: String { PostgresServiceHarness.basic("ann", PostgresServiceHarness.password(of: "ann")) }
    var davCredentials: (user: String, password: String) { ("ann", PostgresServiceHarness.password(of: "ann")) }
    func api(_ method: String, _ path: String, json: String?, headers: [String: String]) -> HTTPResponse {
        send(method, path, json: json, headers: headers)
    }

    func storedState() throws -> String { try snapshot().joined(separator: "\n") }

    func add(_ fields: String) -> String {
        let response = send("POST", "/api/v1/reminders", json: fields)
        return ServiceHarness.object(response)["uid"] as? String ?? "(not added: \(response.status) \(response.bodyText))"
    }

    func firstListID() throws -> String {
        try rows("SELECT l.id FROM lists l JOIN users u ON u.id = l.owner WHERE u.name = 'ann' ORDER BY l.position, l.name LIMIT 1")
            .first ?? ""
    }

    func titles() throws -> [String] {
        try rows("SELECT r.title AS id FROM reminders r JOIN users u ON u.id = r.owner WHERE u.name = 'ann' ORDER BY r.title COLLATE \"C\"")
    }

    func listNames() throws -> [String] {
        try rows("SELECT l.name AS id FROM lists l JOIN users u ON u.id = l.owner WHERE u.name = 'ann' ORDER BY l.position, l.name")
    }

    /// The column `id` of the rows of `sql`.
    private func rows(_ sql: String) throws -> [String] {
        try database.connect().execute(sql).map { try $0.decode("id", as: String.self) }
    }
}
