import Foundation
import Synchronization
import Testing
import TestSupport
@testable import TickServer

/// The real server on a loopback port: what reaches libmicrohttpd from a socket.
@Suite(.serialized) struct SocketTests {
    /// The service behind an `HTTPServer` on a port the system chose.
    final class Running: Sendable {
        let harness: ServiceHarness
        let server: HTTPServer

        init(timeout: Int = 10, configure: (inout HTTPServer.Configuration) -> Void = { _ in }) throws {
            harness = try ServiceHarness()
            var configuration = HTTPServer.Configuration(address: "127.0.0.1", port: 0)
            configuration.connectionTimeout = timeout
            configure(&configuration)
            let service = harness.service
            server = try HTTPServer(configuration: configuration, handler: { service.respond(to: $0) },
                                    tooLarge: { service.tooLargeResponse(path: $0) })
            service.listening(address: "127.0.0.1", port: server.port)
        }

        var host: String { "127.0.0.1:\(server.port)" }

        /// Sends `text` on a new connection and reads the whole answer.
        func exchange(_ text: String, timeout: TimeInterval = 5) throws -> String {
            let connection = try RawHTTPConnection(port: server.port)
            connection.write(text)
            return connection.read(until: nil, timeout: timeout).text
        }

        deinit {
            harness.service.stop()
            server.stop()
        }
    }

    @Test func noTokenIs401() throws {
        let running = try Running()
        let answer = try running.exchange("GET /api/v1/lists HTTP/1.1\r\nHost: \(running.host)\r\nConnection: close\r\n\r\n")
        #expect(RawHTTPConnection.status(of: answer) == 401)
        #expect(answer.contains("Content-Security-Policy: default-src 'self'"))
        let ok = try running.exchange("GET /api/v1/lists HTTP/1.1\r\nHost: \(running.host)\r\nAuthorization: Bearer \(ServiceHarness.token)\r\nConnection: close\r\n\r\n")
        #expect(RawHTTPConnection.status(of: ok) == 200)
        #expect(ok.contains("\"smartLists\""))
    }

    @Test("a query argument or form field that is not percent-encoded UTF-8 is 400 naming it, not read as missing")
    func malformedArgumentIs400() throws {
        let running = try Running()
        func get(_ target: String) throws -> String {
            try running.exchange("GET \(target) HTTP/1.1\r\nHost: \(running.host)\r\nAuthorization: Bearer \(ServiceHarness.token)\r\nConnection: close\r\n\r\n")
        }
        // It answered "?q: say what to look for": the argument was dropped as if never sent.
        let escape = try get("/api/v1/search?q=%zz")
        #expect(RawHTTPConnection.status(of: escape) == 400)
        #expect(escape.contains("the query argument 'q=%zz' is not percent-encoded UTF-8"))
        // A well-formed escape of bytes that are not UTF-8, and a bad name.
        #expect(try get("/api/v1/search?q=%FF").contains("'q=%FF'"))
        let badName = try get("/api/v1/search?q=dentist&%E0%A4=1")
        #expect(RawHTTPConnection.status(of: badName) == 400 && badName.contains("'%E0%A4=1'"))
        #expect(RawHTTPConnection.status(of: try get("/api/v1/search?q=dentist%20%EC%B9%98%EA%B3%BC")) == 200)
        // The login form of the single-user server.
        let form = "token=%E0%A4"
        let login = try running.exchange("POST /login HTTP/1.1\r\nHost: \(running.host)\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\nConnection: close\r\n\r\n\(form)")
        #expect(RawHTTPConnection.status(of: login) == 400 && login.contains("the form field 'token=%E0%A4'"))
    }

    /// A tester: `?&limit=1` was a 400 "? is not a parameter" (an empty segment read as an
    /// argument without a name); `HEAD /` said `Content-Length: 0`.
    @Test("empty query segments are no arguments; a nameless or repeated one is refused, naming it; HEAD gives the length GET gives")
    func emptySegmentsAndHead() throws {
        let running = try Running()
        func send(_ method: String, _ target: String) throws -> String {
            try running.exchange("\(method) \(target) HTTP/1.1\r\nHost: \(running.host)\r\nAuthorization: Bearer \(ServiceHarness.token)\r\nConnection: close\r\n\r\n")
        }
        for target in ["/api/v1/smart/all?&limit=1", "/api/v1/smart/all?limit=1&&completed=false", "/api/v1/smart/all?&", "/api/v1/lists?"] {
            #expect(RawHTTPConnection.status(of: try send("GET", target)) == 200, "\(target)")
        }
        // A name given twice: which value a reader takes is not agreed.
        let twice = try send("GET", "/api/v1/smart/all?limit=1&limit=2")
        #expect(RawHTTPConnection.status(of: twice) == 400 && twice.contains("the query argument 'limit' is given twice"), "\(twice)")
        let nameless = try send("GET", "/api/v1/lists?=x")
        #expect(RawHTTPConnection.status(of: nameless) == 400
                && nameless.contains("a query parameter without a name (\\\"\\\") is not read by GET /api/v1/lists; it takes no query parameters"),
                "\(nameless)")
        func length(_ answer: String) -> String? {
            answer.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
        }
        for path in ["/", "/manifest.webmanifest"] {
            let get = try send("GET", path), head = try send("HEAD", path)
            #expect(RawHTTPConnection.status(of: head) == 200 && RawHTTPConnection.status(of: get) == 200, "\(path)")
            #expect(length(head) == length(get) && length(get) != "Content-Length: 0", "\(path): \(length(head) ?? "none") \(length(get) ?? "none")")
        }
        #expect(try send("DELETE", "/api/v1/openapi.json").contains("Allow: GET, HEAD"))
    }

    @Test func wrongHostIsRefusedAndChangesNothing() throws {
        let running = try Running()
        let before = try running.harness.snapshot()
        let body = #"{"name":"Rebound"}"#
        let answer = try running.exchange("POST /api/v1/lists HTTP/1.1\r\nHost: evil.example:\(running.server.port)\r\nAuthorization: Bearer \(ServiceHarness.token)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        #expect(RawHTTPConnection.status(of: answer) == 421)
        #expect(try running.harness.snapshot() == before)
    }

    @Test func cookieWithoutTheCustomHeaderIs403() throws {
        let running = try Running()
        let login = try running.exchange("GET /login?token=\(ServiceHarness.token) HTTP/1.1\r\nHost: \(running.host)\r\nConnection: close\r\n\r\n")
        #expect(RawHTTPConnection.status(of: login) == 303)
        let session = try #require(login.split(separator: "\r\n").first { $0.hasPrefix("Set-Cookie: tick_session=") }?
            .dropFirst("Set-Cookie: tick_session=".count).prefix { $0 != ";" })
        let before = try running.harness.snapshot()
        let body = "name=Work"
        #expect(RawHTTPConnection.status(of: try running.exchange("GET /api/v1/lists HTTP/1.1\r\nHost: \(running.host)\r\nCookie: tick_session=\(session)\r\nConnection: close\r\n\r\n")) == 200)
        let answer = try running.exchange("POST /api/v1/lists HTTP/1.1\r\nHost: \(running.host)\r\nCookie: tick_session=\(session)\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        #expect(RawHTTPConnection.status(of: answer) == 403)
        #expect(try running.harness.snapshot() == before)
    }

    @Test func oversizedBodyIs413() throws {
        let running = try Running()
        let before = try running.harness.snapshot()
        // Announced: refused before the body is read.
        let connection = try RawHTTPConnection(port: running.server.port)
        connection.write("POST /api/v1/lists HTTP/1.1\r\nHost: \(running.host)\r\nAuthorization: Bearer \(ServiceHarness.token)\r\nContent-Type: application/json\r\nContent-Length: \(2 << 20)\r\n\r\n{\"name\":\"")
        let announced = connection.read(until: "\r\n\r\n", timeout: 5).text
        #expect(RawHTTPConnection.status(of: announced) == 413)
        // Chunked, with no length said: refused once it passes the limit.
        let chunked = try RawHTTPConnection(port: running.server.port)
        chunked.write("POST /api/v1/lists HTTP/1.1\r\nHost: \(running.host)\r\nAuthorization: Bearer \(ServiceHarness.token)\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
        let piece = String(repeating: "x", count: 65_536)
        for _ in 0..<20 where chunked.write(String(piece.utf8.count, radix: 16) + "\r\n" + piece + "\r\n") {}
        chunked.write("0\r\n\r\n")
        #expect(RawHTTPConnection.status(of: chunked.read(until: "\r\n\r\n", timeout: 5).text) == 413)
        #expect(try running.harness.snapshot() == before)
        // Under /dav/ the refusal is a DAV error, what a CalDAV client reads (a tester: it was a
        // JSON problem there too).
        let dav = try RawHTTPConnection(port: running.server.port)
        dav.write("PUT /dav/lists/x/big.ics HTTP/1.1\r\nHost: \(running.host)\r\nContent-Type: text/calendar\r\n"
                  + "Content-Length: \(2 << 20)\r\nConnection: close\r\n\r\nBEGIN:VCALENDAR")
        let answer = dav.read(until: "</D:error>", timeout: 5).text
        #expect(RawHTTPConnection.status(of: answer) == 413)
        #expect(answer.contains("<D:error") && answer.contains("too large") && !answer.contains("problem+json"), "\(answer)")
    }

    @Test func aSlowRequestIsCutOff() throws {
        let running = try Running(timeout: 1)
        let connection = try RawHTTPConnection(port: running.server.port)
        connection.write("GET /api/v1/lists HTTP/1.1\r\nHost: \(running.host)\r\n")
        let started = Date()
        let (text, closed) = connection.read(timeout: 5)
        #expect(closed)
        #expect(text.isEmpty)
        #expect(Date().timeIntervalSince(started) < 4)
    }

    /// When each trickled connection's write first failed, by its index.
    final class Closings: Sendable {
        let times = Mutex<[Int: Date]>([:])
    }

    /// Writes `line` on each of `connections` every `interval` seconds for up to `seconds`
    /// (until every write fails: the server closed them), on another thread; the moment
    /// each one's write first failed.
    private static func trickle(_ line: String, on connections: [RawHTTPConnection], every interval: TimeInterval,
                                for seconds: TimeInterval) -> Closings {
        let closedAt = Closings()
        nonisolated(unsafe) let sending = connections
        Thread.detachNewThread {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                for (index, connection) in sending.enumerated() where closedAt.times.withLock({ $0[index] == nil }) {
                    if !connection.write(line) { closedAt.times.withLock { $0[index] = Date() } }
                }
                if closedAt.times.withLock({ $0.count }) == sending.count { break }
                Thread.sleep(forTimeInterval: interval)
            }
        }
        return closedAt
    }

    @Test("a header sent a line at a time is cut off at its deadline, so that slow senders filling every connection lock nobody out (slowloris)")
    func aTrickledHeaderIsCutOffAtItsDeadline() throws {
        let running = try Running { configuration in
            configuration.threads = 1
            configuration.connectionLimit = 4
            configuration.headerTimeout = 1
        }
        let started = Date()
        let slow = try (0..<4).map { _ in try RawHTTPConnection(port: running.server.port) }
        for connection in slow { connection.write("GET /api/v1/lists HTTP/1.1\r\nHost: \(running.host)\r\n") }
        let closedAt = Self.trickle("X-Padding: a\r\n", on: slow, every: 0.2, for: 8)
        // Every connection is taken: this one waits in the backlog until a deadline frees one.
        let answer = try running.exchange("GET /api/v1/lists HTTP/1.1\r\nHost: \(running.host)\r\nConnection: close\r\n\r\n",
                                          timeout: 6)
        #expect(RawHTTPConnection.status(of: answer) == 401, "\(answer)")
        for connection in slow {
            let (text, closed) = connection.read(timeout: 4)
            #expect(closed && text.isEmpty, "\(text)")
        }
        #expect(Date().timeIntervalSince(started) < 5)
        _ = closedAt
    }

    @Test("the next request on a kept-alive connection has the header deadline again")
    func aKeptAliveConnectionsNextHeaderHasADeadline() throws {
        let running = try Running { $0.headerTimeout = 1 }
        let connection = try RawHTTPConnection(port: running.server.port)
        connection.write("GET /api/v1/lists HTTP/1.1\r\nHost: \(running.host)\r\n\r\n")
        let first = connection.read(until: "}", timeout: 5)
        #expect(RawHTTPConnection.status(of: first.text) == 401 && !first.closed, "\(first)")
        connection.write("GET /api/v1/lists HTTP/1.1\r\nHost: \(running.host)\r\n")
        let started = Date()
        _ = Self.trickle("X-Padding: a\r\n", on: [connection], every: 0.2, for: 6)
        let (text, closed) = connection.read(timeout: 5)
        #expect(closed && text.isEmpty, "\(text)")
        #expect(Date().timeIntervalSince(started) < 4)
    }

    @Test("a body slower than the least rate is cut off; one at the rate is read whole and answered")
    func aTrickledBodyIsCutOff() throws {
        let running = try Running {
            $0.bodyTimeout = 1
            $0.minimumBodyRate = 500
        }
        let head = "POST /api/v1/lists HTTP/1.1\r\nHost: \(running.host)\r\nContent-Type: application/json\r\n"
        let slow = try RawHTTPConnection(port: running.server.port)
        slow.write(head + "Content-Length: 1000\r\n\r\n")
        let started = Date()
        _ = Self.trickle(" ", on: [slow], every: 0.2, for: 8)
        let (text, closed) = slow.read(timeout: 6)
        #expect(closed && text.isEmpty, "\(text)")
        #expect(Date().timeIntervalSince(started) < 4)

        // 2,000 bytes over about 1.6 s: past the 1 s of grace, but each 500 earned a second more.
        let steady = try RawHTTPConnection(port: running.server.port)
        steady.write(head + "Content-Length: 2000\r\nConnection: close\r\n\r\n")
        for _ in 0..<4 {
            Thread.sleep(forTimeInterval: 0.4)
            #expect(steady.write(String(repeating: " ", count: 500)))
        }
        let answer = steady.read(timeout: 5)
        #expect(RawHTTPConnection.status(of: answer.text) == 401, "\(answer)")
    }

    @Test func eventsArriveOverTheSocketAndStop() throws {
        let running = try Running()
        let connection = try RawHTTPConnection(port: running.server.port)
        connection.write("GET /api/v1/events HTTP/1.1\r\nHost: \(running.host)\r\nAuthorization: Bearer \(ServiceHarness.token)\r\n\r\n")
        let opened = connection.read(until: ": connected", timeout: 5).text
        #expect(RawHTTPConnection.status(of: opened) == 200)
        #expect(opened.contains("Content-Type: text/event-stream"))
        running.harness.service.changes.broadcast(version: 42)
        #expect(connection.read(until: "\"version\":42", timeout: 2).text.contains("event: change"))
        // Stopping ends the stream: the last chunk of a chunked body.
        running.harness.service.stop()
        #expect(connection.read(until: "0\r\n\r\n", timeout: 5).text.hasSuffix("0\r\n\r\n"))
    }
}
