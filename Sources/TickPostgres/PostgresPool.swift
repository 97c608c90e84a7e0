import Foundation

/// A few connections to one database, shared by threads: each caller gets a connection
/// of its own for the length of a closure, and gives it back after.
///
/// At most `capacity` connections are open; a caller that finds them all taken waits
/// (up to `waitTimeout` seconds). A connection given back broken, or inside a
/// transaction, is closed rather than reused.
public final class PostgresPool: @unchecked Sendable {
    // @unchecked: `idle`, `openCount` and `statementCount` are read and written only while `condition` is
    // locked, and a connection is reachable by one thread at a time: it is either in
    // `idle` (under the lock) or lent to exactly one `withConnection` call.
    private let condition = NSCondition()
    private var idle: [PostgresConnection] = []
    private var openCount = 0
    private var statementCount = 0

    /// The connection URL (with its password; never shown: see `PostgresURL.redacted`).
    private let url: String
    /// The most connections open at once.
    public let capacity: Int
    /// Seconds a caller waits for a free connection.
    public let waitTimeout: TimeInterval

    /// A pool for `url`; connects lazily, on first use.
    /// - Throws: `PostgresError.badURL` when libpq cannot read `url`.
    public init(url: String, capacity: Int = 8, waitTimeout: TimeInterval = 30) throws(PostgresError) {
        precondition(capacity >= 1)
        try PostgresConnection.checkSyntax(of: url)
        self.url = url
        self.capacity = capacity
        self.waitTimeout = waitTimeout
    }

    /// Runs `body` with a connection no other thread uses meanwhile.
    ///
    /// - Returns: what `body` returned.
    /// - Throws: what `body` threw; `PostgresError.connection` when no connection can be
    ///   made; `.poolTimeout` when none became free within `waitTimeout`.
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let connection = try take()
        let before = connection.statementsRun
        do {
            let value = try body(connection)
            giveBack(connection, ran: connection.statementsRun - before)
            return value
        } catch {
            giveBack(connection, ran: connection.statementsRun - before)
            throw error
        }
    }

    /// Statements the pool's connections have run in `withConnection` (each a round trip to
    /// the server, or a statement of a pipeline), for tests and statistics.
    public var statementsRun: Int {
        condition.lock()
        defer { condition.unlock() }
        return statementCount
    }

    /// A new connection to the pool's database that the pool does not lend or count: for a
    /// session that stays open and waits (`LISTEN`), which would otherwise hold one of the
    /// pool's connections for good.
    /// - Throws: `PostgresError` as `PostgresConnection.init(url:)`.
    public func dedicatedConnection() throws(PostgresError) -> PostgresConnection {
        try PostgresConnection(url: url)
    }

    /// Connections open now (lent and idle), for tests and statistics.
    public var openConnections: Int {
        condition.lock()
        defer { condition.unlock() }
        return openCount
    }

    private func take() throws(PostgresError) -> PostgresConnection {
        condition.lock()
        let deadline = Date().addingTimeInterval(waitTimeout)
        while true {
            while idle.isEmpty && openCount >= capacity {
                if !condition.wait(until: deadline) {
                    condition.unlock()
                    throw PostgresError(.poolTimeout, message: "no PostgreSQL connection became free within \(Int(waitTimeout)) seconds (\(capacity) in use)")
                }
            }
            guard let connection = idle.popLast() else { break }
            // An idle connection the server closed meanwhile (a restart, `pg_terminate_backend`,
            // an idle timeout) is dropped here, before it fails the caller's first statement:
            // reading what is waiting on its socket, without blocking, finds the server's
            // goodbye (before, each idle connection failed one request after a server restart).
            // Done under the lock: one `poll` for a connection the server left alone.
            if connection.isStillOpen() {
                condition.unlock()
                return connection
            }
            openCount -= 1
        }
        openCount += 1
        condition.unlock()
        do {
            return try PostgresConnection(url: url)
        } catch {
            condition.lock()
            openCount -= 1
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    private func giveBack(_ connection: PostgresConnection, ran statements: Int) {
        let reusable = connection.isUsable && connection.isIdle
        condition.lock()
        statementCount += statements
        if reusable {
            idle.append(connection)
        } else {
            openCount -= 1
        }
        condition.signal()
        condition.unlock()
        // A connection not kept is closed here (PQfinish in its deinit), outside the lock.
    }
}
