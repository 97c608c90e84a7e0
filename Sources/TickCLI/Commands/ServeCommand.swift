import Foundation
import TickActions
import TickModel
import TickPostgres
import TickServer
import TickStore
import TickTerminal

#if canImport(Glibc)
import Glibc
#endif

/// `tick serve`: the HTTP server with the JSON API and the web app (README "tick serve").
struct ServeCommand: Command {
    static let configuration = CommandConfiguration(
        name: "serve",
        abstract: "Serve the web app and its JSON API over HTTP.",
        discussion: """
            Listens on 127.0.0.1:8765 unless --listen says otherwise, on the same database as
            every other command, until stopped (Ctrl-C, SIGTERM). Prints the address to open,
            with the token: $TICK_SERVE_TOKEN when set, else one made once and kept in
            $XDG_STATE_HOME/tick/serve-token (mode 0600). An address that is not loopback is
            refused unless TICK_SERVE_TOKEN is set.
            With --database URL, serves the web app, the JSON API and CalDAV to the users of that
            PostgreSQL database instead (see tick users), who sign in at /login (the web app) or
            with HTTP Basic (scripts, phones). $TICK_DATABASE_URL, which
            tick users reads, does not change what tick serve serves.
            --install-systemd writes a systemd user unit and says how to enable it.
            """)

    static let arguments: [ArgumentDefinition] = [
        .option("listen", value: "address:port", help: "Where to listen (default 127.0.0.1:8765; [::1]:8765 for IPv6)."),
        .flag("install-systemd", help: "Write a systemd user unit for the server and say how to enable it."),
        UsersCommand.database,
    ]

    /// The default address and port.
    static let defaultListen = "127.0.0.1:8765"

    let address: String
    let port: UInt16
    let listenText: String?
    let installsUnit: Bool
    let database: String?

    init(parsed: ParsedArguments) throws(CommandError) {
        listenText = parsed.value("listen")
        (address, port) = try ServeCommand.listenAddress(listenText ?? ServeCommand.defaultListen)
        installsUnit = parsed.has("install-systemd")
        database = parsed.value("database")
    }

    func run(in context: CommandContext) throws {
        if installsUnit {
            return try AgentCommand.installUnit(command: "serve", arguments: (listenText.map { ["--listen", $0] } ?? [])
                                                    + (database.map { ["--database", $0] } ?? []), in: context)
        }
        // Only --database: without it, tick serve stays the single-user server of the SQLite
        // file, whatever $TICK_DATABASE_URL says (issue 13).
        if let database {
            guard !database.isEmpty else { throw CommandError.usage("--database needs a postgresql:// URL") }
            return try runOnPostgres(in: context)
        }
        let token = try ServeCommand.token(address: address, environment: context.environment)
        let store = try context.store()
        let environment = context.environment
        // The live clock, shifted to start at TICK_NOW when that is set (as the agent's).
        let offset = AgentCommand.clock(context).1
        let live = environment.liveClock
        // One more connection per request thread, for reads (WAL: readers never wait for the writer).
        // …and one to ask whether the database changed, for the answers kept until it does.
        let handlers = HTTPServer.Configuration(address: address, port: port).threads
        var serverConfiguration = ServeCommand.serverConfiguration(address: address, port: port, requestThreads: handlers)
        let readers = try (0...handlers).map { _ in
            do { return try Store(path: store.path, now: context.now) } catch let error as StoreError {
                throw CommandError.runtime("cannot open the database \(store.path): \(error.message)")
            }
        }
        var configuration = WebService.Configuration(
            token: token.value, timeZone: context.dateContext.timeZone, locale: context.dateContext.locale,
            alarmDefaults: AlarmDefaultsReader(environment: environment).values, clock: { live().addingTimeInterval(offset) },
            webRoot: ServeCommand.webRoot(executable: environment.executablePath))
        configuration.weekStart = context.dateContext.weekStart
        if configuration.webRoot == nil { context.warn(ServeCommand.noWebApp) }
        var signals = ServeCommand.blockStopSignals()
        let service = WebService(store: store, readers: Array(readers.dropLast()), versionStore: readers.last,
                                 configuration: configuration, idleMemoryDelay: ServeCommand.idleMemoryDelay)
        serverConfiguration.clientKey = { service.clientKey(of: $0) }
        let server: HTTPServer
        do {
            server = try HTTPServer(configuration: serverConfiguration,
                                    handler: { service.respond(to: $0) }, tooLarge: { service.tooLargeResponse(path: $0) })
        } catch {
            throw CommandError.runtime(error.message)
        }
        service.listening(address: address, port: server.port)
        let host = address.contains(":") ? "[\(address)]" : address
        if let file = token.file { context.warn("the token is in \(file)") }
        context.print("Tick serves \(store.path) at http://\(host):\(server.port)/")
        context.print("Open: http://\(host):\(server.port)/login?token=\(token.value)")
        context.output.flush()
        ServeCommand.waitForStopSignal(&signals, in: context)
        service.stop()
        server.stop()
        // The log folded back now: the connections of the worker threads may outlive this.
        store.foldLog()
    }

    /// The HTTP server of either store: the daemon's two threads only read and write, and the
    /// requests are answered in the order they came by `requestThreads` threads of their own
    /// (a request waiting on the database's lock held the other connections of its thread
    /// until the daemon's 10 s timeout closed them without an answer: a tester, 1 to 4 of 10
    /// POSTs during a long `tick undo`); its own refusals are the API's problems.
    static func serverConfiguration(address: String, port: UInt16, requestThreads: Int) -> HTTPServer.Configuration {
        var configuration = HTTPServer.Configuration(address: address, port: port)
        configuration.threads = 2
        configuration.dispatchThreads = requestThreads
        configuration.refusal = WebService.refusal
        return configuration
    }

    /// Worker threads of `tick serve --database` (each with a connection of the pool): two a
    /// core, from 4 to 16 (as many PostgreSQL connections and one more, for each process).
    /// Requests wait for a thread in one first-in, first-out queue (`RequestDispatcher`); more threads than that only put more of them, and as many
    /// PostgreSQL backends, on the cores at once: at 100 connections on 2 cores, 8 threads
    /// answered 2,500–3,100 pages a second with a p99 of 52–124 ms, 4 threads 3,100–3,450
    /// with 40–50 ms (bench/RESULTS.md, 2026-12-07).
    static let postgresThreads = min(16, max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))

    /// `tick serve --database URL`: the JSON API for the users of a PostgreSQL database.
    private func runOnPostgres(in context: CommandContext) throws {
        let threads = ServeCommand.postgresThreads
        let accounts = try UsersCommand.accounts(database, context: context, connections: threads + 1)
        do {
            try PostgresUpgrades.run(accounts.pool, now: context.now, zone: context.dateContext.timeZone)
        } catch {
            throw CommandError.runtime("cannot upgrade the stored reminders: " + TerminalText.sanitized(String(describing: error)))
        }
        let environment = context.environment
        let offset = AgentCommand.clock(context).1
        let live = environment.liveClock
        var configuration = WebService.Configuration(
            token: "", timeZone: context.dateContext.timeZone, locale: context.dateContext.locale,
            alarmDefaults: AlarmDefaultsReader(environment: environment).values, clock: { live().addingTimeInterval(offset) },
            webRoot: ServeCommand.webRoot(executable: environment.executablePath))
        configuration.weekStart = context.dateContext.weekStart
        if configuration.webRoot == nil { context.warn(ServeCommand.noWebApp) }
        var signals = ServeCommand.blockStopSignals()
        let service = PostgresWebService(accounts: accounts, configuration: configuration, idleDelay: ServeCommand.idleMemoryDelay)
        var serverConfiguration = ServeCommand.serverConfiguration(address: address, port: port, requestThreads: threads)
        serverConfiguration.recordsClientAddress = true
        serverConfiguration.clientKey = { service.clientKey(of: $0) }
        let server: HTTPServer
        do {
            server = try HTTPServer(configuration: serverConfiguration, handler: { service.respond(to: $0) },
                                    tooLarge: { service.tooLargeResponse(path: $0) })
        } catch {
            throw CommandError.runtime(error.message)
        }
        service.listening(address: address, port: server.port)
        let host = address.contains(":") ? "[\(address)]" : address
        let url = UsersCommand.databaseURL(database, context: context) ?? ""
        context.print("Tick serves the users of \(TerminalText.sanitized(PostgresURL.redacted(url))) at http://\(host):\(server.port)/api/v1/")
        context.print("Open: http://\(host):\(server.port)/login")
        context.print("CalDAV (phones, tick sync): http://\(host):\(server.port)/dav/")
        context.print("Sign in with a user of 'tick users' and their password (the API and CalDAV: HTTP Basic, or an app password)")
        context.output.flush()
        ServeCommand.waitForStopSignal(&signals, in: context)
        service.stop()
        server.stop()
    }

    /// Blocks SIGINT and SIGTERM for `waitForStopSignal`: done before any thread starts, so
    /// no thread of the server's pool (nor the service's own) gets them and dies with the
    /// process half-done.
    static func blockStopSignals() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        return signals
    }

    /// Waits for SIGINT or SIGTERM and says which one came.
    static func waitForStopSignal(_ signals: inout sigset_t, in context: CommandContext) {
        var received: Int32 = 0
        sigwait(&signals, &received)
        context.errors.write("tick: stopping (\(received == SIGINT ? "SIGINT" : "SIGTERM"))\n")
    }

    /// How long after the last request the server gives its caches' memory back.
    static let idleMemoryDelay: Duration = .seconds(10)

    /// `ADDRESS:PORT`: a numeric IPv4 address, `[IPv6]`, or `localhost` (127.0.0.1).
    static func listenAddress(_ text: String) throws(CommandError) -> (String, UInt16) {
        let problem = CommandError.usage("--listen: '\(TerminalText.sanitized(text))' is not ADDRESS:PORT, such as 127.0.0.1:8765 or [::1]:8765")
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else { throw problem }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
            guard host.contains(":") else { throw problem }
        } else if host.contains(":") {
            throw problem
        }
        if host == "localhost" { host = "127.0.0.1" }
        guard !host.isEmpty else { throw problem }
        return (host, port)
    }

    /// The token and, when it was made or read from the state folder, that file.
    struct Token {
        var value: String
        var file: String?
    }

    /// `TICK_SERVE_TOKEN`, else the token kept in `$XDG_STATE_HOME/tick/serve-token`
    /// (made on first use: 32 random bytes in hex, the file 0600 in a 0700 folder).
    /// - Throws: `CommandError.usage` for a token under 16 characters, or for an address
    ///   that is not loopback without `TICK_SERVE_TOKEN`; `.runtime` when the file cannot
    ///   be read or written.
    static func token(address: String, environment: TerminalEnvironment) throws(CommandError) -> Token {
        if let value = environment["TICK_SERVE_TOKEN"] {
            guard value.count >= 16, !value.contains(where: { $0.isWhitespace }) else {
                throw .usage("TICK_SERVE_TOKEN must be at least 16 characters without spaces")
            }
            return Token(value: value, file: nil)
        }
        guard address == "::1" || address.hasPrefix("127.") else {
            throw .usage("--listen: \(address) is reachable from other machines; set TICK_SERVE_TOKEN to a secret of your own first")
        }
        let folder = environment.stateFolder
        let path = folder + "/serve-token"
        let manager = FileManager.default
        if let data = manager.contents(atPath: path) {
            let value = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard value.count >= 16 else { throw .runtime("\(path) holds no token; delete it and a new one is made") }
            return Token(value: value, file: nil)
        }
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let value = WebService.newToken()
            // Made private before the secret is in it; O_EXCL: never over a file another process made.
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            guard descriptor >= 0 else { throw CommandError.runtime("cannot create \(path): \(String(cString: strerror(errno)))") }
            defer { close(descriptor) }
            let line = Array((value + "\n").utf8)
            guard write(descriptor, line, line.count) == line.count else {
                throw CommandError.runtime("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            return Token(value: value, file: path)
        } catch let error as CommandError {
            throw error
        } catch {
            throw .runtime("cannot create \(folder): \(error.localizedDescription)")
        }
    }

    /// Said at start when `webRoot(executable:)` finds no web app (a `tick` copied without
    /// its folder): the page would answer "there is no file /" (found by a tester).
    static let noWebApp = "the web app's files are neither beside this tick (Tick_TickServer.resources/WebApp) nor in "
        + "../share/tick/WebApp: the JSON API and CalDAV are served, the web app is not. Install with 'make install', "
        + "or keep the folder beside the executable"

    /// The web app's folder: beside the executable as SwiftPM copies it
    /// (`Tick_TickServer.resources/WebApp`), else `../share/tick/WebApp` (`make install`).
    static func webRoot(executable: String?) -> URL? {
        guard let executable else { return nil }
        let folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let candidates = [folder.appendingPathComponent("Tick_TickServer.resources/WebApp"),
                          folder.deletingLastPathComponent().appendingPathComponent("share/tick/WebApp")]
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("index.html").path) }
    }
}
