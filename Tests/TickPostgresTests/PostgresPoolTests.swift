import Foundation
import Synchronization
import Testing
import TestSupport
import TickPostgres

@Suite("The connection pool", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresPoolTests {
    @Test("many threads share a few connections; each gets one of its own at a time")
    func sharedAcrossThreads() throws {
        let database = try PostgresServer.database()
        let pool = try PostgresPool(url: database.url, capacity: 3)
        try pool.withConnection { try $0.execute("CREATE TABLE hit (thread integer, n integer)") }
        let failures = Mutex(0), finished = Mutex(0), busiest = Mutex(0)
        let inUse = Mutex(0)
        for thread in 0..<8 {
            Thread {
                for n in 0..<20 {
                    do {
                        try pool.withConnection { connection in
                            let now = inUse.withLock { $0 += 1; return $0 }
                            busiest.withLock { $0 = max($0, now) }
                            // A connection used by two threads at once would mix these up.
                            try connection.transaction { connection in
                                try connection.execute("INSERT INTO hit VALUES ($1, $2)", [thread, n])
                                let back = try connection.execute("SELECT count(*) AS c FROM hit WHERE thread = $1 AND n = $2", [thread, n])
                                if try back[0].decode("c", as: Int.self) != 1 { failures.withLock { $0 += 1 } }
                            }
                            inUse.withLock { $0 -= 1 }
                        }
                    } catch {
                        failures.withLock { $0 += 1 }
                    }
                }
                finished.withLock { $0 += 1 }
            }.start()
        }
        let deadline = Date().addingTimeInterval(60)
        while finished.withLock({ $0 }) < 8, Date() < deadline { usleep(20_000) }
        #expect(finished.withLock { $0 } == 8)
        #expect(failures.withLock { $0 } == 0)
        #expect(busiest.withLock { $0 } <= 3)
        #expect(pool.openConnections <= 3)
        #expect(try pool.withConnection { try $0.execute("SELECT count(*) AS c FROM hit")[0].decode("c", as: Int.self) } == 160)
    }

    /// After a server restart (or `pg_terminate_backend`, or an idle timeout) every idle
    /// connection of the pool was closed by the server, and each failed the next request it
    /// was lent for ("server closed the connection unexpectedly"), though the server was back.
    @Test("idle connections the server closed are dropped when taken: the next callers get new ones and succeed")
    func closedByTheServer() throws {
        let database = try PostgresServer.database()
        let pool = try PostgresPool(url: database.url, capacity: 3)
        // Three connections open and idle.
        let pids = Mutex<Set<Int32>>([])
        let started = Mutex(0), release = Mutex(false)
        let threads = (0..<3).map { _ in
            Thread {
                try? pool.withConnection { connection in
                    pids.withLock { _ = $0.insert(connection.backendProcessID) }
                    started.withLock { $0 += 1 }
                    while !release.withLock({ $0 }) { usleep(5_000) }
                }
            }
        }
        threads.forEach { $0.start() }
        let deadline = Date().addingTimeInterval(30)
        while started.withLock({ $0 }) < 3, Date() < deadline { usleep(5_000) }
        release.withLock { $0 = true }
        while pool.openConnections < 3 || pids.withLock({ $0.count }) < 3, Date() < deadline { usleep(5_000) }
        usleep(50_000)
        let admin = try database.connect()
        for pid in pids.withLock({ $0 }) {
            try admin.execute("SELECT pg_terminate_backend($1)", [Int(pid)])
        }
        // The server closes them shortly after it is asked.
        usleep(300_000)
        for _ in 0..<3 {
            #expect(try pool.withConnection { try $0.execute("SELECT 1 AS one")[0].decode("one", as: Int.self) } == 1)
        }
        #expect(pool.openConnections <= 3)
    }

    @Test("a caller that finds every connection taken waits, and gives up after the wait timeout")
    func waitTimeout() throws {
        let database = try PostgresServer.database()
        let pool = try PostgresPool(url: database.url, capacity: 1, waitTimeout: 0.3)
        let timeout = try pool.withConnection { _ -> PostgresError? in
            do { try pool.withConnection { _ in }; return nil } catch let error as PostgresError { return error }
        }
        #expect(timeout?.kind == .poolTimeout)
    }

    @Test("a pool for a URL libpq cannot read is refused at once")
    func badURL() {
        let error = #expect(throws: PostgresError.self) { try PostgresPool(url: "postgresql://ann@host/db?nonsense=1") }
        #expect(error?.kind == .badURL)
    }
}
