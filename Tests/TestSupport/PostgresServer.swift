import Foundation
import Synchronization
import Testing
import TickPostgres
#if canImport(Glibc)
import Glibc
#endif

/// A real PostgreSQL server for the tests of one test process: `initdb` in a throwaway
/// folder, then `postgres` listening on a socket in that folder and on a free loopback
/// port, started on first use and stopped at the end of the process. Each test takes a
/// fresh database of its own (`PostgresServer.database()`), dropped when released.
///
/// The tests run as root; PostgreSQL refuses to, so the folder is given to the
/// `postgres` user and the programs run as that user (`setpriv`). The server's shell
/// parent stops it (SIGINT to its PID, a fast shutdown) when its standard input closes,
/// which happens when the test process ends, however it ends: no server outlives its tests.
public final class PostgresServer: @unchecked Sendable {
    // @unchecked: every stored property is immutable after init; `process` and `control`
    // are touched again only by `stop()`, which runs once, at exit.
    /// The folder holding the data folder, the socket and the log.
    public let folder: String
    /// The loopback TCP port.
    public let port: UInt16
    /// The superuser, who signs in without a password over the socket.
    public let superuser = "tick"
    private let process: Process
    private let control: Pipe

    /// Whether PostgreSQL's programs are installed (Debian `postgresql`), and, when the
    /// tests run as root, the `postgres` user exists to run them.
    public static let isInstalled: Bool = binaryFolder != nil && (getuid() != 0 || getpwnam("postgres") != nil)

    /// Why PostgreSQL tests are skipped, for `.enabled(if:_:)`.
    public static let skipReason: Comment = "PostgreSQL is not installed (Debian package postgresql; make test-deps installs it)"

    /// The folder of `initdb` and `postgres`: the newest `/usr/lib/postgresql/N/bin`.
    static let binaryFolder: String? = {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted()
        return versions.reversed().map { "\(root)/\($0)/bin" }.first {
            FileManager.default.isExecutableFile(atPath: $0 + "/initdb") && FileManager.default.isExecutableFile(atPath: $0 + "/postgres")
        }
    }()

    /// A URL reaching `database` over the socket as the superuser.
    public func url(database: String) -> String {
        "postgresql://\(superuser)@/\(database)?host=\(folder)&port=\(port)"
    }

    /// A URL reaching `database` over TCP on 127.0.0.1 as `user` with `password`, where
    /// the server asks for a password (SCRAM-SHA-256).
    public func tcpURL(database: String, user: String, password: String) -> String {
        "postgresql://\(user):\(password)@127.0.0.1:\(port)/\(database)"
    }

    // MARK: The one server of the process

    private static let shared = Mutex<Result<PostgresServer, ServerError>?>(nil)
    private static let creation = Mutex(())

    /// The running server, started on first use.
    /// - Throws: `ServerError` when it cannot be started (the message says why, with the log).
    public static func running() throws -> PostgresServer {
        try shared.withLock { state in
            if state == nil {
                do {
                    state = .success(try PostgresServer())
                    atexit { PostgresServer.stopShared() }
                } catch let error as ServerError {
                    state = .failure(error)
                } catch {
                    state = .failure(ServerError(message: String(describing: error)))
                }
            }
            return try state!.get()
        }
    }

    private static func stopShared() {
        if case .success(let server)? = shared.withLock({ $0 }) { server.stop() }
    }

    /// A new empty database with a random name, for one test.
    public static func database() throws -> PostgresTestDatabase {
        let server = try running()
        let name = "tick_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let admin = try PostgresConnection(url: server.url(database: "postgres"))
        // CREATE DATABASE copies template1; one at a time keeps them from tripping over it.
        try creation.withLock { _ in try admin.execute("CREATE DATABASE " + admin.quotedIdentifier(name)) }
        return PostgresTestDatabase(server: server, name: name)
    }

    // MARK: Starting and stopping

    private init() throws {
        guard let bin = PostgresServer.binaryFolder else { throw ServerError(message: PostgresServer.skipReason.rawValue) }
        folder = NSTemporaryDirectory() + "tick-postgres-" + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let owner = getuid() == 0 ? getpwnam("postgres").map { ($0.pointee.pw_uid, $0.pointee.pw_gid) } : nil
        if let owner { chown(folder, owner.0, owner.1) }
        let data = folder + "/data", log = folder + "/server.log"
        try "secret-superuser-\(UUID().uuidString)\n".write(toFile: folder + "/pwfile", atomically: true, encoding: .utf8)
        if let owner { chown(folder + "/pwfile", owner.0, owner.1) }
        let initdb = try PostgresServer.runToEnd(asPostgres: owner != nil, [bin + "/initdb", "-D", data, "-U", superuser, "-E", "UTF8",
                                                                            "--no-locale", "--auth-local=trust", "--auth-host=scram-sha-256",
                                                                            "--pwfile=" + folder + "/pwfile", "-N"])
        guard initdb.status == 0 else { throw ServerError(message: "initdb failed: \(initdb.output.suffix(2_000))") }

        port = try CalDAVServer.freePort()
        // The shell starts the server and waits for its own standard input to close (the
        // test process ended), then stops the server by its PID and waits for it.
        let script = """
            "$1/postgres" -D "$2" -k "$3" -p "$4" -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off \
              -c full_page_writes=off -c max_connections=300 >>"$5" 2>&1 &
            pid=$!
            cat >/dev/null
            kill -INT "$pid"
            wait "$pid"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: owner != nil ? "/usr/bin/setpriv" : "/bin/sh")
        let shell = ["/bin/sh", "-c", script, "sh", bin, data, folder, String(port), log]
        process.arguments = owner != nil ? ["--reuid=postgres", "--regid=postgres", "--init-groups", "--"] + shell : Array(shell.dropFirst())
        let control = Pipe()
        process.standardInput = control
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        self.process = process
        self.control = control

        let deadline = Date().addingTimeInterval(30)
        var lastError = ""
        while Date() < deadline {
            do {
                _ = try PostgresConnection(url: url(database: "postgres"))
                return
            } catch {
                lastError = error.description
            }
            if !process.isRunning { break }
            usleep(100_000)
        }
        stop()
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        throw ServerError(message: "PostgreSQL did not start on port \(port): \(lastError)\n\(text.suffix(2_000))")
    }

    /// Stops the server: closes the shell's standard input, which stops `postgres` by its
    /// PID and waits for it; then removes the folder.
    func stop() {
        try? control.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { CalDAVServer.stop(process) }
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static func runToEnd(asPostgres: Bool, _ command: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: asPostgres ? "/usr/bin/setpriv" : command[0])
        process.arguments = asPostgres ? ["--reuid=postgres", "--regid=postgres", "--init-groups", "--"] + command : Array(command.dropFirst())
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    public struct ServerError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}

/// A database of its own for one test, dropped (with any connection still open to it)
/// when the value is released.
public final class PostgresTestDatabase: @unchecked Sendable {
    // @unchecked: immutable after init.
    public let server: PostgresServer
    /// The database's name.
    public let name: String

    init(server: PostgresServer, name: String) {
        self.server = server
        self.name = name
    }

    /// A URL reaching this database over the socket as the superuser.
    public var url: String { server.url(database: name) }

    /// A new connection to this database.
    public func connect() throws -> PostgresConnection { try PostgresConnection(url: url) }

    deinit {
        if let admin = try? PostgresConnection(url: server.url(database: "postgres")),
           let quoted = try? admin.quotedIdentifier(name) {
            _ = try? admin.execute("DROP DATABASE IF EXISTS " + quoted + " WITH (FORCE)")
        }
    }
}
