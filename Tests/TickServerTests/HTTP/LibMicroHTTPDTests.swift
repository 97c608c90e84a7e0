import Foundation
import Synchronization
import Testing
import TestSupport
import TickModel
@testable import TickServer

/// libmicrohttpd, opened when a server starts (dlopen) rather than linked.
@Suite("libmicrohttpd opened on demand")
struct LibMicroHTTPDTests {
    @Test("the library opens and its functions answer")
    func opens() throws {
        let library = try LibMicroHTTPD.load()
        let version = String(cString: try #require(library.version()))
        #expect(version.split(separator: ".").count >= 3 && version.first?.isNumber == true, "\(version)")
    }

    @Test("a missing libmicrohttpd is the server's error, naming the library and the Debian package")
    func missing() {
        #expect(throws: SharedLibraryError.self) { try LibMicroHTTPD(["libtick-missing-microhttpd.so.12"]) }
        do {
            _ = try HTTPServer.library(opening: ["libtick-missing-microhttpd.so.12"])
            Issue.record("no error")
        } catch {
            #expect(error.message.hasPrefix("this command needs libtick-missing-microhttpd.so.12, which could not be loaded ("),
                    "\(error)")
            #expect(error.message.hasSuffix("on Debian it comes with the package libmicrohttpd12"), "\(error)")
        }
    }

    @Test("a request carries the peer's address when the server records it, and none otherwise", arguments: [true, false])
    func clientAddress(records: Bool) throws {
        var configuration = HTTPServer.Configuration(address: "127.0.0.1", port: 0)
        configuration.recordsClientAddress = records
        let server = try HTTPServer(configuration: configuration,
                                    handler: { HTTPResponse(status: 200, contentType: "text/plain", text: "[" + $0.clientAddress + "]") },
                                    tooLarge: { _ in HTTPResponse(status: 413) })
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        _ = connection.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let answer = connection.read(timeout: 5).text
        #expect(answer.hasSuffix(records ? "[127.0.0.1]" : "[]"), "\(answer)")
    }

    /// `bench/serve-postgres.sh`: a request waiting on PostgreSQL held the other connections of
    /// its daemon thread (a p99 several times the mean). Dispatched, one daemon thread is
    /// enough: the slow request waits on a thread of the dispatcher.
    @Test("dispatched requests: a slow one does not hold another connection of its daemon thread; bodies, keep-alive and stop work")
    func dispatched() throws {
        var configuration = HTTPServer.Configuration(address: "127.0.0.1", port: 0)
        configuration.threads = 1
        configuration.dispatchThreads = 2
        let server = try HTTPServer(configuration: configuration, handler: { request in
            if request.path == "/slow" { Thread.sleep(forTimeInterval: 3) }
            return HTTPResponse(status: 200, contentType: "text/plain", text: request.path + ":" + String(decoding: request.body, as: UTF8.self))
        }, tooLarge: { _ in HTTPResponse(status: 413) })
        defer { server.stop() }
        let slow = try RawHTTPConnection(port: server.port)
        _ = slow.write("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.2)
        let started = Date()
        let fast = try RawHTTPConnection(port: server.port)
        for body in ["one", "two"] {
            _ = fast.write("POST /fast HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            let answer = fast.read(until: "/fast:" + body, timeout: 5)
            #expect(answer.text.hasPrefix("HTTP/1.1 200") && answer.text.hasSuffix("/fast:" + body), "\(answer.text)")
        }
        #expect(Date().timeIntervalSince(started) < 1.5, "the fast requests waited for the slow one")
        // Stopping waits for the slow request, whose answer is still written.
        server.stop()
        let answer = slow.read(timeout: 5)
        #expect(answer.text.hasPrefix("HTTP/1.1 200") && answer.text.hasSuffix("/slow:"), "\(answer.text)")
    }

    /// A tester: while a request waited on the database's lock (a long `tick undo`), the other
    /// requests of its daemon thread were closed without an answer by the 10 s timeout of a
    /// silent client, and their changes were not made. Dispatched, they wait suspended.
    @Test("requests that wait longer than the connection timeout for a busy handler are all answered")
    func waitingIsNotSilence() throws {
        var configuration = HTTPServer.Configuration(address: "127.0.0.1", port: 0)
        configuration.threads = 1
        configuration.dispatchThreads = 1
        configuration.connectionTimeout = 1
        let handled = Mutex(0)
        let server = try HTTPServer(configuration: configuration, handler: { request in
            Thread.sleep(forTimeInterval: 0.6)
            handled.withLock { $0 += 1 }
            return HTTPResponse(status: 200, contentType: "text/plain", text: request.path)
        }, tooLarge: { _ in HTTPResponse(status: 413) })
        defer { server.stop() }
        // Five at once, read by the daemon together: the last waits 2.4 s for the handler.
        let connections = try (0..<5).map { _ in try RawHTTPConnection(port: server.port) }
        for (index, connection) in connections.enumerated() {
            _ = connection.write("POST /p\(index) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nConnection: close\r\n\r\nab")
        }
        for (index, connection) in connections.enumerated() {
            let answer = connection.read(timeout: 10).text
            #expect(answer.hasPrefix("HTTP/1.1 200") && answer.hasSuffix("/p\(index)"), "request \(index): \(answer.debugDescription)")
        }
        #expect(handled.withLock { $0 } == 5)
    }

    /// A tester: SIGTERM during writes closed connections whose change was committed without
    /// its answer (509 answered, 515 stored).
    @Test("stop answers every request it handled, and a request that comes meanwhile is 503 without being handled")
    func stopAnswersWhatItHandled() throws {
        var configuration = HTTPServer.Configuration(address: "127.0.0.1", port: 0)
        configuration.threads = 1
        configuration.dispatchThreads = 2
        let handled = Mutex<[String]>([])
        let server = try HTTPServer(configuration: configuration, handler: { request in
            Thread.sleep(forTimeInterval: 0.5)
            handled.withLock { $0.append(request.path) }
            return HTTPResponse(status: 201, contentType: "text/plain", text: request.path)
        }, tooLarge: { _ in HTTPResponse(status: 413) })
        let connections = try (0..<6).map { index in
            let connection = try RawHTTPConnection(port: server.port)
            _ = connection.write("POST /w\(index) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return connection
        }
        Thread.sleep(forTimeInterval: 0.2)
        let stopping = Thread { server.stop() }
        stopping.start()
        Thread.sleep(forTimeInterval: 0.1)
        let late = try RawHTTPConnection(port: server.port)
        _ = late.write("POST /late HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        let lateAnswer = late.read(timeout: 10).text
        var answered: [String] = []
        for connection in connections {
            let text = connection.read(timeout: 10).text
            if text.hasPrefix("HTTP/1.1 201") { answered.append(text.components(separatedBy: "\r\n\r\n").last ?? "") }
        }
        server.stop()
        #expect(Set(answered) == Set(handled.withLock { $0 }), "answered \(answered), handled \(handled.withLock { $0 })")
        #expect(answered.count == 6)
        #expect(lateAnswer.isEmpty || lateAnswer.hasPrefix("HTTP/1.1 503"), "\(lateAnswer)")
        #expect(!handled.withLock { $0 }.contains("/late"))
    }

    @Test("two Content-Length fields that differ are refused (400), and the handler is not called")
    func conflictingContentLengths() throws {
        let handled = Mutex(0)
        let server = try HTTPServer(configuration: HTTPServer.Configuration(address: "127.0.0.1", port: 0), handler: { _ in
            handled.withLock { $0 += 1 }
            return HTTPResponse(status: 201)
        }, tooLarge: { _ in HTTPResponse(status: 413) })
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        _ = connection.write("POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 14\r\nContent-Length: 2\r\n\r\n{}")
        let answer = connection.read(until: "differ", timeout: 5).text
        #expect(answer.hasPrefix("HTTP/1.1 400") && answer.contains("two Content-Length fields that differ"), "\(answer)")
        let same = try RawHTTPConnection(port: server.port)
        _ = same.write("POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
        #expect(same.read(timeout: 5).text.hasPrefix("HTTP/1.1 201"))
        #expect(handled.withLock { $0 } == 1)
    }

    @Test("the dispatcher runs jobs in the order they came; stop runs those queued, then takes no more")
    func dispatcherOrder() {
        let dispatcher = RequestDispatcher(threads: 1)
        let done = Mutex<[Int]>([])
        let gate = DispatchSemaphore(value: 0)
        #expect(dispatcher.submit { gate.wait() })
        for index in 0..<200 { #expect(dispatcher.submit { done.withLock { $0.append(index) } }) }
        gate.signal()
        dispatcher.stop()
        #expect(done.withLock { $0 } == Array(0..<200))
        #expect(!dispatcher.submit { done.withLock { $0.append(-1) } })
        #expect(done.withLock { $0.count } == 200)
    }

    @Test("the dispatcher takes turns between clients: one client's hundred queued jobs delay another's by one, each client's own in order")
    func dispatcherTakesTurns() {
        let dispatcher = RequestDispatcher(threads: 1)
        let done = Mutex<[String]>([])
        let gate = DispatchSemaphore(value: 0)
        let running = DispatchSemaphore(value: 0)
        #expect(dispatcher.submit(key: 1) {
            running.signal()
            gate.wait()
        })
        running.wait()  // the thread holds the first job: the rest wait in their queues
        for index in 0..<100 { #expect(dispatcher.submit(key: 1) { done.withLock { $0.append("a\(index)") } }) }
        #expect(dispatcher.submit(key: 2) { done.withLock { $0.append("b0") } })
        #expect(dispatcher.submit(key: 3) { done.withLock { $0.append("c0") } })
        #expect(dispatcher.submit(key: 2) { done.withLock { $0.append("b1") } })
        gate.signal()
        dispatcher.stop()
        let order = done.withLock { $0 }
        #expect(Array(order.prefix(5)) == ["a0", "b0", "c0", "a1", "b1"])
        #expect(order.filter { $0.hasPrefix("a") } == (0..<100).map { "a\($0)" })
        #expect(order.count == 103)
    }

    @Test("a request's client for taking turns: its credential however spelled, else its session cookie alone, else its address")
    func clientKeys() {
        func key(_ headers: [String: String], address: String = "192.0.2.1") -> Int {
            var request = HTTPRequest(method: "GET", path: "/", headers: headers)
            request.clientAddress = address
            return RequestDispatcher.clientKey(of: request)
        }
        let ann = Data("ann:secret".utf8).base64EncodedString()
        let basic = key(["authorization": "Basic " + ann])
        #expect(basic == key(["authorization": "Basic " + ann, "cookie": "a=b"], address: "192.0.2.9"))
        #expect(basic == key(["authorization": "BASIC   " + ann + "  "]))
        #expect(basic == key(["authorization": "basic " + Data("ANN:secret".utf8).base64EncodedString()]))
        #expect(basic != key(["authorization": "Basic " + Data("ann:other".utf8).base64EncodedString()]))
        #expect(basic != key(["authorization": "Basic " + Data("bob:secret".utf8).base64EncodedString()]))
        #expect(key(["authorization": "Bearer t1"]) == key(["authorization": "bearer  t1"]))
        #expect(key(["authorization": "Bearer t1"]) != key(["authorization": "Bearer t2"]))
        let cookie = key(["cookie": "tick_session=1"])
        #expect(cookie == key(["cookie": "junk=7; tick_session=1; more=x"], address: "192.0.2.9"))
        #expect(cookie != key(["cookie": "tick_session=2"]))
        #expect(key(["cookie": "junk=1"]) == key(["cookie": "junk=2"]))
        #expect(key([:]) != key([:], address: "192.0.2.9"))
    }
}
