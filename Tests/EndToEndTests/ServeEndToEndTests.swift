import Foundation
import Synchronization
import Testing
import TestSupport

/// `tick serve` as a process: the token, the web app's files beside the binary, a change
/// by another `tick` process reaching an open event stream, and a clean stop.
@Suite(.serialized) struct ServeEndToEndTests {
    static let token = "e2e-token-0123456789abcdef"

    /// A runner on a database of `folder`, with the token and a state folder there.
    static func runner(in folder: TemporaryFolder) -> BinaryRunner {
        var runner = BinaryRunner(database: folder.file("tick.sqlite3"))
        runner.environment["TICK_SERVE_TOKEN"] = ServeEndToEndTests.token
        runner.environment["XDG_STATE_HOME"] = folder.file("state")
        return runner
    }

    /// Starts `tick serve` on a port the system chooses; returns the process and the port.
    static func start(_ runner: BinaryRunner) throws -> (Process, UInt16, Pipe) {
        let (process, out, err) = try runner.start(["serve", "--listen", "127.0.0.1:0"])
        let printed = out.printed(until: "/login?token=", by: process, within: 10)
        let port = BinaryRunner.port(in: printed) { $0.hasPrefix("Open: ") }
        return (process, try #require(port, "tick serve printed: \(printed)"), err)
    }

    @Test func aChangeByAnotherProcessReachesTheEventStreamWithinASecond() throws {
        let folder = TemporaryFolder()
        var runner = ServeEndToEndTests.runner(in: folder)
        runner.environment.removeValue(forKey: "TICK_NOW")
        let (server, port, _) = try ServeEndToEndTests.start(runner)
        defer { if server.isRunning { server.terminate() } }

        let index = try RawHTTPConnection(port: port)
        index.write("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        let page = index.read(timeout: 5).text
        #expect(RawHTTPConnection.status(of: page) == 200, "the web app's files are found beside the binary")
        #expect(page.contains("<!doctype html>"))

        let events = try RawHTTPConnection(port: port)
        events.write("GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(ServeEndToEndTests.token)\r\n\r\n")
        #expect(events.read(until: ": connected", timeout: 5).text.contains("text/event-stream"))
        let added = try runner.run("add", "from another process")
        #expect(added.status == 0)
        let started = Date()
        let received = events.read(until: "event: change", timeout: 3).text
        #expect(received.contains("event: change"))
        #expect(Date().timeIntervalSince(started) < 1.0)

        server.terminate() // SIGTERM
        let stopDeadline = Date().addingTimeInterval(5)
        while server.isRunning, Date() < stopDeadline { usleep(20_000) }
        #expect(!server.isRunning)
        #expect(server.terminationStatus == 0)
    }

    /// A tester: after `tick serve` stopped on SIGTERM, a 1 MB write-ahead log was left beside
    /// the database (README: when the last tick exits, the log is folded back into the file).
    @Test func aStopFoldsTheLogBackIntoTheFile() throws {
        let folder = TemporaryFolder()
        let runner = ServeEndToEndTests.runner(in: folder)
        let (server, port, _) = try ServeEndToEndTests.start(runner)
        defer { if server.isRunning { server.terminate() } }
        for index in 1...20 {
            let connection = try RawHTTPConnection(port: port)
            let body = "{\"title\":\"added \(index)\",\"notes\":\"\(String(repeating: "x", count: 2_000))\"}"
            connection.write("POST /api/v1/reminders HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(ServeEndToEndTests.token)\r\n"
                             + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
            #expect(RawHTTPConnection.status(of: connection.read(timeout: 5).text) == 201)
        }
        let wal = folder.file("tick.sqlite3-wal")
        #expect(((try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0) > 0, "the writes are in the log")
        // A page left open on the event stream, as a browser's is, when the server stops.
        let events = try RawHTTPConnection(port: port)
        events.write("GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(ServeEndToEndTests.token)\r\n\r\n")
        #expect(events.read(until: ": connected", timeout: 5).text.contains("text/event-stream"))
        server.terminate()
        server.waitUntilExit()
        #expect(server.terminationStatus == 0)
        let left = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
        #expect(left == 0, "\(left) bytes of log left")
        #expect(try runner.run("list", "all").output.contains("added 20"))
    }

    /// POSTs a reminder titled `title` on a connection of its own; the answer's status, nil for
    /// none (the connection closed without an answer).
    static func post(_ title: String, port: UInt16) -> Int? {
        guard let connection = try? RawHTTPConnection(port: port) else { return nil }
        let body = "{\"title\":\"\(title)\"}"
        connection.write("POST /api/v1/reminders HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(ServeEndToEndTests.token)\r\n"
                         + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        return RawHTTPConnection.status(of: connection.read(timeout: 40).text)
    }

    /// A tester: while another program held the database's write lock for 15 s (a long `tick
    /// undo`), 1 to 4 of 10 POSTs were closed without an answer, and not stored: the daemon's
    /// 10 s timeout of a silent client counted the time its own thread was busy.
    @Test func requestsWaitingForTheLockAreAllAnswered() throws {
        let folder = TemporaryFolder()
        let runner = ServeEndToEndTests.runner(in: folder)
        #expect(try runner.run("add", "seed").status == 0)
        let (server, port, _) = try ServeEndToEndTests.start(runner)
        defer { if server.isRunning { server.terminate() } }
        let lock = Process()
        lock.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        lock.arguments = ["-c", "import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
                          + "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep(12); c.execute('ROLLBACK')",
                          folder.file("tick.sqlite3")]
        let lockOut = Pipe()
        lock.standardOutput = lockOut
        try lock.run()
        defer { if lock.isRunning { lock.terminate() } }
        _ = lockOut.fileHandleForReading.availableData // "locked"
        let statuses = Mutex<[Int?]>([])
        let group = DispatchGroup()
        for index in 1...10 {
            DispatchQueue.global().async(group: group) {
                let status = ServeEndToEndTests.post("waited \(index)", port: port)
                statuses.withLock { $0.append(status) }
            }
        }
        group.wait()
        lock.waitUntilExit()
        let answered = statuses.withLock { $0 }
        #expect(answered.allSatisfy { $0 == 201 || $0 == 503 }, "\(answered)")
        let stored = try runner.run("list", "all", "--json").output.components(separatedBy: "\"waited ").count - 1
        #expect(stored == answered.count { $0 == 201 }, "\(stored) stored, \(answered) answered")
    }

    /// A tester: the 400 for two Content-Length fields that differ was plain text without the
    /// security header fields every other answer carries.
    @Test func aRequestWithTwoLengthsIsAProblem() throws {
        let folder = TemporaryFolder()
        let (server, port, _) = try ServeEndToEndTests.start(ServeEndToEndTests.runner(in: folder))
        defer { if server.isRunning { server.terminate() } }
        for (path, type) in [("/api/v1/reminders", "application/problem+json"), ("/dav/lists/x/y.ics", "xml")] {
            let connection = try RawHTTPConnection(port: port)
            connection.write("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(ServeEndToEndTests.token)\r\n"
                             + "Content-Type: application/json\r\nContent-Length: 14\r\nContent-Length: 2\r\n\r\n{}")
            let answer = connection.read(until: "differ", timeout: 5).text
            #expect(RawHTTPConnection.status(of: answer) == 400, "\(answer)")
            #expect(answer.contains(type) && answer.lowercased().contains("x-content-type-options: nosniff"), "\(path): \(answer)")
        }
    }

    /// A tester: SIGTERM while clients wrote closed connections whose change was committed
    /// without its answer (509 answered 201, 515 stored): a client that tries again makes a copy.
    @Test func aStopAnswersEveryWriteItMade() throws {
        let folder = TemporaryFolder()
        let runner = ServeEndToEndTests.runner(in: folder)
        let (server, port, _) = try ServeEndToEndTests.start(runner)
        defer { if server.isRunning { server.terminate() } }
        let created = Mutex(0)
        let group = DispatchGroup()
        for writer in 1...6 {
            DispatchQueue.global().async(group: group) {
                for index in 1...400 {
                    guard let status = ServeEndToEndTests.post("w\(writer)-\(index)", port: port) else { return }
                    if status == 201 { created.withLock { $0 += 1 } } else { return }
                }
            }
        }
        Thread.sleep(forTimeInterval: 1.5)
        server.terminate()
        group.wait()
        server.waitUntilExit()
        let stored = try runner.run("list", "all", "--json").output.components(separatedBy: "\"title\"").count - 1
        #expect(stored > 0 && stored == created.withLock { $0 }, "\(stored) stored, \(created.withLock { $0 }) answered 201")
    }

    @Test func anotherAddressWithoutAConfiguredTokenIsRefused() throws {
        let folder = TemporaryFolder()
        var runner = BinaryRunner(database: folder.file("tick.sqlite3"))
        runner.environment["XDG_STATE_HOME"] = folder.file("state")
        let result = try runner.run("serve", "--listen", "0.0.0.0:0")
        #expect(result.status == 64)
        #expect(result.errors.contains("TICK_SERVE_TOKEN"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("state/tick/serve-token")))
    }

    @Test func theTokenIsMadeOnceInAPrivateFile() throws {
        let folder = TemporaryFolder()
        var runner = BinaryRunner(database: folder.file("tick.sqlite3"))
        runner.environment["XDG_STATE_HOME"] = folder.file("state")
        let (server, port, _) = try ServeEndToEndTests.start(runner)
        server.terminate()
        server.waitUntilExit()
        let path = folder.file("state/tick/serve-token")
        let token = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.count == 64)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(port > 0)
        // A second start reads the same token.
        let (again, _, _) = try ServeEndToEndTests.start(runner)
        again.terminate()
        again.waitUntilExit()
        #expect(try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == token)
    }
}
