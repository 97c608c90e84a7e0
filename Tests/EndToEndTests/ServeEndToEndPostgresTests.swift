import Foundation
import Testing
import TestSupport
import TickPostgres

/// `tick serve --database` as a process on a PostgreSQL database whose users `tick users add`
/// made: raw HTTP on 127.0.0.1, Basic sign-in, one user's reminder out of the other's sight,
/// and a clean stop.
@Suite("tick serve --database as a process", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct ServeEndToEndPostgresTests {
    static func basic(_ name: String, _ password: String) -> String {
        "Authorization: Basic " + Data("\(name):\(password)".utf8).base64EncodedString() + "\r\n"
    }

    /// Adds the users `names` with `tick users add`, each with the password "password of NAME".
    static func addUsers(_ names: [String], to database: PostgresTestDatabase) throws {
        for name in names {
            let added = UsersEndToEndTests.finish(try UsersEndToEndTests.start(["users", "add", name], input: "password of \(name)\n",
                                                                                url: database.url))
            try #require(added.status == 0, "\(added.errors)")
        }
    }

    /// Starts `tick serve --database` on a port the system chose: the process, the port and
    /// what it printed.
    static func serve(_ database: PostgresTestDatabase) throws -> (Process, UInt16, String) {
        let (server, out, err) = try UsersEndToEndTests.start(["serve", "--database", database.url, "--listen", "127.0.0.1:0"],
                                                             input: "", url: "")
        let printed = out.printed(until: "/api/v1/", by: server, within: 15)
        let port = BinaryRunner.port(in: printed) { $0.contains("http://127.0.0.1:") }
        if port == nil, server.isRunning { server.terminate() }
        return (server, try #require(port, "tick serve printed: \(printed) \(String(decoding: err.fileHandleForReading.availableData, as: UTF8.self))"),
                printed)
    }

    /// Stops `server` with SIGTERM; it must end within 5 s with status 0.
    static func stop(_ server: Process) throws {
        server.terminate()
        let deadline = Date().addingTimeInterval(5)
        while server.isRunning, Date() < deadline { usleep(20_000) }
        try #require(!server.isRunning)
        #expect(server.terminationStatus == 0)
    }

    /// One request on a new connection; the whole answer.
    static func exchange(_ port: UInt16, _ head: String, body: String = "") throws -> String {
        let connection = try RawHTTPConnection(port: port)
        let length = body.isEmpty ? "" : "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        _ = connection.write(head + "Host: 127.0.0.1:\(port)\r\nConnection: close\r\n" + length + "\r\n" + body)
        return connection.read(timeout: 10).text
    }

    @Test("Users added by tick users sign in with Basic; each sees only their own reminders; SIGTERM stops it")
    func signInAndIsolation() throws {
        let database = try PostgresServer.database()
        defer { withExtendedLifetime(database) {} }
        try Self.addUsers(["ann", "bob"], to: database)
        let (server, port, printed) = try Self.serve(database)
        defer { if server.isRunning { server.terminate() } }
        #expect(!printed.contains("password of"))

        let anonymous = try Self.exchange(port, "GET /api/v1/lists HTTP/1.1\r\n")
        #expect(RawHTTPConnection.status(of: anonymous) == 401)
        #expect(anonymous.contains("WWW-Authenticate: Basic realm=\"Tick\", charset=\"UTF-8\""))
        #expect(RawHTTPConnection.status(of: try Self.exchange(port, "GET /api/v1/lists HTTP/1.1\r\n" + Self.basic("ann", "wrong"))) == 401)

        let lists = try Self.exchange(port, "GET /api/v1/lists HTTP/1.1\r\n" + Self.basic("ann", "password of ann"))
        #expect(RawHTTPConnection.status(of: lists) == 200)
        #expect(lists.contains("\"name\":\"Reminders\""))
        let added = try Self.exchange(port, "POST /api/v1/reminders HTTP/1.1\r\nX-Tick-Request: 1\r\n" + Self.basic("ann", "password of ann"),
                                      body: #"{"title":"Ann's surprise party"}"#)
        #expect(RawHTTPConnection.status(of: added) == 201)
        let annAll = try Self.exchange(port, "GET /api/v1/smart/all HTTP/1.1\r\n" + Self.basic("ann", "password of ann"))
        #expect(annAll.contains("Ann's surprise party"))
        let bobAll = try Self.exchange(port, "GET /api/v1/smart/all HTTP/1.1\r\n" + Self.basic("bob", "password of bob"))
        #expect(RawHTTPConnection.status(of: bobAll) == 200)
        #expect(!bobAll.contains("surprise"))

        try Self.stop(server)
    }

    @Test("Without --database, tick serve serves the SQLite file even when TICK_DATABASE_URL is set (for tick users)")
    func environmentDoesNotSwitch() throws {
        let folder = TemporaryFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(BinaryRunner.executable, "build the tick executable first"))
        process.arguments = ["serve", "--listen", "127.0.0.1:0"]
        process.environment = ["TICK_DATABASE_URL": "postgresql://tick@127.0.0.1:1/tick?connect_timeout=1",
                               "TICK_DB": folder.file("tick.sqlite3"), "HOME": folder.path, "TZ": "UTC", "LANG": "C.UTF-8",
                               "PATH": "/usr/bin:/bin", "TICK_SERVE_TOKEN": String(repeating: "t", count: 32)]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let printed = out.printed(until: "http://127.0.0.1:", by: process, within: 15)
        #expect(printed.contains("Tick serves \(folder.file("tick.sqlite3")) at http://127.0.0.1:"), "\(printed)")
        #expect(FileManager.default.fileExists(atPath: folder.file("tick.sqlite3")))
    }

    @Test("A --database that is not a PostgreSQL URL is a usage error, and nothing listens")
    func notAPostgresURL() throws {
        let result = UsersEndToEndTests.finish(try UsersEndToEndTests.start(
            ["serve", "--database", "mysql://tick@localhost/tick", "--listen", "127.0.0.1:0"], input: "", url: ""))
        #expect(result.status == 64)
        #expect(result.errors.contains("--database: 'mysql://tick@localhost/tick' is not a PostgreSQL URL"))
        #expect(result.output.isEmpty)
    }

    @Test("tick sync of another Tick against tick serve --database, with an app password from tick users: both ways, only the user's lists")
    func tickSyncAgainstTheServer() throws {
        let database = try PostgresServer.database()
        defer { withExtendedLifetime(database) {} }
        try Self.addUsers(["ann", "bob"], to: database)
        let issued = UsersEndToEndTests.finish(try UsersEndToEndTests.start(["users", "app-password", "ann", "laptop"], input: "",
                                                                             url: database.url))
        let appPassword = try #require(issued.output.split(whereSeparator: \.isWhitespace).last { $0.filter { $0 == "-" }.count == 3 }
            .map(String.init), "tick users app-password printed: \(issued.output)")
        let (server, port, printed) = try Self.serve(database)
        defer { if server.isRunning { server.terminate() } }
        let bob = Self.basic("bob", "password of bob")
        #expect(RawHTTPConnection.status(of: try Self.exchange(port, "POST /api/v1/reminders HTTP/1.1\r\nX-Tick-Request: 1\r\n" + bob,
                                                                 body: #"{"title":"Bob's secret"}"#)) == 201)
        let ann = Self.basic("ann", "password of ann")
        #expect(RawHTTPConnection.status(of: try Self.exchange(port, "POST /api/v1/reminders HTTP/1.1\r\nX-Tick-Request: 1\r\n" + ann,
                                                                 body: #"{"title":"Made on the server"}"#)) == 201)

        let folder = TemporaryFolder()
        var tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        tick.environment["XDG_CONFIG_HOME"] = folder.file("config")
        tick.environment["TICK_SYNC_PASSWORD"] = appPassword
        #expect(try tick.run("sync", "add", "home", "http://127.0.0.1:\(port)/dav/", "--user", "ann").status == 0)
        #expect(try tick.run("add", "Made on the laptop").status == 0)
        let first = try tick.run("sync")
        #expect(first.status == 0, "\(first.output) \(first.errors)")
        let local = try tick.run("list", "--completed", "--json")
        #expect(local.output.contains("Made on the server"))
        #expect(!local.output.contains("Bob"))
        let annAll = try Self.exchange(port, "GET /api/v1/smart/all HTTP/1.1\r\n" + ann)
        #expect(annAll.contains("Made on the laptop"))
        let bobAll = try Self.exchange(port, "GET /api/v1/smart/all HTTP/1.1\r\n" + bob)
        #expect(!bobAll.contains("laptop") && bobAll.contains("Bob's secret"))
        let again = try tick.run("sync")
        #expect(again.status == 0, "\(again.errors)")

        try Self.stop(server)
    }
}
