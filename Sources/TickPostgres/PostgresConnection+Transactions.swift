import Foundation

/// How much a transaction sees of others running at the same time
/// (https://www.postgresql.org/docs/current/transaction-iso.html).
public enum PostgresIsolation: String, Sendable {
    /// Each statement sees what was committed before it began (PostgreSQL's default).
    case readCommitted = "READ COMMITTED"
    /// One snapshot for the whole transaction.
    case repeatableRead = "REPEATABLE READ"
    /// As if the transactions ran one after the other; a loser fails with 40001.
    case serializable = "SERIALIZABLE"
}

extension PostgresConnection {
    /// Runs `body` in one transaction: `BEGIN`, the body, `COMMIT`; `ROLLBACK` when the
    /// body throws (and the error is thrown on). Under `.repeatableRead` and
    /// `.serializable`, a transaction that loses a race with another (SQLSTATE 40001, or a
    /// deadlock, 40P01) is rolled back and run again, at least `attempts` times in all and
    /// for as long as `retryFor` seconds have not passed since the first began: the body must
    /// have no effect outside the database. Before each new attempt it waits a random time
    /// of up to 2, 4, 8 … ms (at most 64 ms), so that transactions that keep meeting on one
    /// row (one user's CalDAV counter) fall out of step instead of colliding again. (Ten
    /// attempts alone were not enough on a starved machine: one of 40 PUTs of four phones
    /// of one user at once lost ten times and was answered 503.)
    ///
    /// - Parameter readOnly: `BEGIN … READ ONLY`: the server refuses any change (SQLSTATE
    ///   25006), in the same statement that starts the transaction. `BEGIN` is sent with the
    ///   body's first statement, in one round trip (libpq's pipeline mode).
    /// - Returns: what `body` returned, once committed.
    /// - Throws: what `body` threw, or the `PostgresError` of `BEGIN`/`COMMIT`.
    /// - Precondition: the connection is not already in a transaction.
    @discardableResult
    public func transaction<T>(_ isolation: PostgresIsolation = .readCommitted, readOnly: Bool = false, attempts: Int = 10,
                               retryFor seconds: Double = 5, _ body: (PostgresConnection) throws -> T) throws -> T {
        precondition(isIdle, "transactions do not nest")
        precondition(attempts >= 1)
        var attempt = 1
        let started = ContinuousClock.now
        while true {
            do {
                // Sent with the body's first statement, in the same round trip (`execute`).
                pendingBegin = readOnly ? "BEGIN ISOLATION LEVEL \(isolation.rawValue) READ ONLY" : "BEGIN ISOLATION LEVEL " + isolation.rawValue
                let value = try body(self)
                if pendingBegin == nil {
                    try execute("COMMIT")
                } else {
                    pendingBegin = nil  // the body sent nothing: nothing to commit
                }
                return value
            } catch {
                pendingBegin = nil
                if !isIdle { _ = try? execute("ROLLBACK") }
                if isolation != .readCommitted, (error as? PostgresError)?.isRetryable == true,
                   attempt < attempts || ContinuousClock.now - started < .seconds(seconds) {
                    usleep(UInt32.random(in: 0...(1_000 << min(attempt, 6))))
                    attempt += 1
                    continue
                }
                throw error
            }
        }
    }
}
