import Foundation
import TickSync
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A real CalDAV server for one test, started on a free loopback port in a throwaway
/// folder and stopped by its PID when the value is released: Radicale 3 (Debian
/// `radicale`, HTTP Basic against a plain htpasswd file, no system config read) or
/// Xandikos (Debian `xandikos`, no authentication).
public final class CalDAVServer: @unchecked Sendable {
    public enum Kind: String, Sendable { case radicale, xandikos }

    public let kind: Kind
    public let port: UInt16
    public let folder = TemporaryFolder()
    private let process: Process
    /// The user and password Radicale accepts (`alice`/`secret`); Xandikos takes any.
    public let user = "alice"
    public let password = "secret"

    /// Radicale serves https with a certificate of its own for 127.0.0.1 (made by `openssl`
    /// in the folder; `certificatePath` is the file a client must trust).
    public let usesTLS: Bool
    /// The server's self-signed certificate (PEM), when `usesTLS`.
    public var certificatePath: String { folder.file("cert.pem") }

    /// `http://127.0.0.1:PORT/` (`https://` with TLS)
    public var baseURL: String { (usesTLS ? "https" : "http") + "://127.0.0.1:\(port)/" }
    /// The calendar home: Radicale `/alice/`, Xandikos `/user/calendars/`.
    public var homeURL: String { baseURL + (kind == .radicale ? "alice/" : "user/calendars/") }

    /// Starts the server and waits (at most 20 s) until it answers. `rights` (Radicale
    /// only) is the text of a `from_file` rights file instead of `owner_only`, for
    /// read-only and shared collections. With `tls` (Radicale only) it serves https with a
    /// self-signed certificate for 127.0.0.1, at `certificatePath`.
    /// - Throws: when the program is missing or does not come up; the message says which.
    public init(_ kind: Kind, rights: String? = nil, tls: Bool = false) throws {
        self.kind = kind
        precondition(!tls || kind == .radicale, "only Radicale is started with TLS")
        usesTLS = tls
        port = try CalDAVServer.freePort()
        let process = Process()
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let log = folder.file("server.log")
        FileManager.default.createFile(atPath: log, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: log)
        process.standardInput = FileHandle.nullDevice
        switch kind {
        case .radicale:
            let users = folder.file("users")
            try "alice:secret\nbob:hunter2\n".write(toFile: users, atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: CalDAVServer.program("radicale"))
            var arguments = ["--config", "", "--server-hosts", "127.0.0.1:\(port)",
                             "--auth-type", "htpasswd", "--auth-htpasswd-filename", users,
                             "--auth-htpasswd-encryption", "plain", "--auth-delay", "0",
                             "--storage-filesystem-folder", folder.file("collections"), "--logging-level", "warning"]
            if tls {
                let made = try ChildProcess.run("/usr/bin/openssl", [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", folder.file("key.pem"), "-out", folder.file("cert.pem")])
                guard made.status == 0 else { throw ServerError(message: "openssl could not make a certificate: \(made.errors)") }
                arguments += ["--server-ssl", "True", "--server-certificate", folder.file("cert.pem"),
                              "--server-key", folder.file("key.pem")]
            }
            if let rights {
                try rights.write(toFile: folder.file("rights"), atomically: true, encoding: .utf8)
                arguments += ["--rights-type", "from_file", "--rights-file", folder.file("rights")]
            } else {
                arguments += ["--rights-type", "owner_only"]
            }
            process.arguments = arguments
        case .xandikos:
            process.executableURL = URL(fileURLWithPath: CalDAVServer.program("xandikos"))
            process.arguments = ["--defaults", "-d", folder.file("dav"), "-l", "127.0.0.1", "-p", String(port),
                                 "--current-user-principal", "/user/"]
        }
        // Through the guard, which ends the server with the test process when that dies
        // without stopping it (a crashed run had left a Xandikos on its port for hours).
        process.arguments = [PythonTool.orphanGuard, process.executableURL?.path ?? ""] + (process.arguments ?? [])
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if !process.isRunning { break }
            // URLSession here cannot be told to trust the test's certificate: with TLS,
            // the server is up when its port takes a connection.
            if tls, CalDAVServer.accepts(port) { return }
            if !tls, let status = try? request("PROPFIND", homeURL, headers: ["Depth": "0"]), status.status == 207 { return }
            usleep(100_000)
        }
        stop()
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        throw ServerError(message: "\(kind.rawValue) did not start on port \(port): \(text.suffix(2_000))")
    }

    deinit { stop() }

    /// Stops the server by its PID and waits for it.
    public func stop() { CalDAVServer.stop(process) }

    /// SIGTERM, then SIGKILL after a second (a child of the test runner may inherit a
    /// signal mask that holds SIGTERM back), then waits for the exit.
    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(pid, SIGKILL) }
        while process.isRunning { usleep(10_000) }
    }

    public struct ServerError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The answer to one request.
    public struct Reply: Sendable {
        public var status: Int
        public var body: String
        public var etag: String?
    }

    /// Sends one HTTP request with the test user's credentials (the "phone" side of a test),
    /// waiting at most `timeout` seconds for the answer.
    @discardableResult
    public func request(_ method: String, _ url: String, headers: [String: String] = [:], body: String? = nil,
                        user: String? = nil, password: String? = nil, timeout: TimeInterval = 10) throws -> Reply {
        var request = URLRequest(url: URL(string: url)!, timeoutInterval: timeout)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue("Basic " + Data("\(user ?? self.user):\(password ?? self.password)".utf8).base64EncodedString(),
                         forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = Data(body.utf8)
            if headers["Content-Type"] == nil {
                request.setValue(body.hasPrefix("BEGIN:") ? "text/calendar; charset=utf-8" : "application/xml; charset=utf-8",
                                 forHTTPHeaderField: "Content-Type")
            }
        }
        let box = ReplyBox()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            let http = response as? HTTPURLResponse
            box.reply = Reply(status: http?.statusCode ?? -1, body: String(decoding: data ?? Data(), as: UTF8.self),
                              etag: http?.value(forHTTPHeaderField: "ETag"))
            box.error = error
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + timeout + 5) == .success else { throw ServerError(message: "\(method) \(url) timed out") }
        if let error = box.error { throw error }
        return box.reply!
    }

    /// Creates a to-do collection `name` under the home with a display name and color.
    public func makeCalendar(_ name: String, displayName: String, color: String? = nil, components: [String] = ["VTODO"]) throws {
        let colorXML = color.map { "<I:calendar-color>\($0)</I:calendar-color>" } ?? ""
        let comps = components.map { "<C:comp name=\"\($0)\"/>" }.joined()
        let reply = try request("MKCALENDAR", homeURL + name + "/", body: """
            <?xml version="1.0" encoding="utf-8"?>
            <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:I="http://apple.com/ns/ical/">
            <D:set><D:prop><D:displayname>\(displayName)</D:displayname>\(colorXML)
            <C:supported-calendar-component-set>\(comps)</C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>
            """)
        guard (200..<300).contains(reply.status) else { throw ServerError(message: "MKCALENDAR \(name): HTTP \(reply.status) \(reply.body)") }
    }

    /// Creates the to-do collections `paths`, each named as its path capitalized ("work":
    /// "Work"), with Apple's `calendar-order` in the order given: a sync goes through them,
    /// and makes their lists, in that order (Radicale keeps the property; Xandikos does not).
    public func makeCalendars(inOrder paths: [String]) throws {
        for (index, path) in paths.enumerated() {
            try makeCalendar(path, displayName: path.capitalized)
            try setOrder(of: path, to: index + 1)
        }
    }

    /// Gives the calendar at `calendar` Apple's `calendar-order` (PROPPATCH), which orders the
    /// lists a sync makes and the calendars it goes through.
    /// - Throws: `ServerError` when the server does not answer 207.
    public func setOrder(of calendar: String, to order: Int) throws {
        let reply = try request("PROPPATCH", homeURL + calendar + "/", body: """
            <?xml version="1.0" encoding="utf-8"?>
            <D:propertyupdate xmlns:D="DAV:" xmlns:I="http://apple.com/ns/ical/">
            <D:set><D:prop><I:calendar-order>\(order)</I:calendar-order></D:prop></D:set></D:propertyupdate>
            """)
        guard reply.status == 207 else { throw ServerError(message: "PROPPATCH calendar-order of \(calendar): HTTP \(reply.status) \(reply.body)") }
    }

    /// The hrefs and calendar data of every item in a collection, by href.
    public func items(in calendar: String) throws -> [String: String] {
        let reply = try request("REPORT", homeURL + calendar + "/", headers: ["Depth": "1"], body: """
            <?xml version="1.0" encoding="utf-8"?>
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
            <D:prop><D:getetag/><C:calendar-data/></D:prop>
            <C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>
            """)
        // Read with Tick's own multistatus reader (a test of it too).
        let status = try Multistatus.parse(Data(reply.body.utf8), what: "calendar-query of \(calendar)")
        var result: [String: String] = [:]
        for resource in status.resources {
            if let data = resource.properties[XMLName(XMLName.caldav, "calendar-data")]?.text, data.contains("BEGIN:VCALENDAR") {
                // XML reads CR LF as LF (XML 1.0 §2.11) unless the server wrote &#13;: CR LF again.
                result[resource.href] = data.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
            }
        }
        return result
    }

    /// The current ETag of an item.
    public func etag(of url: String) throws -> String? {
        let reply = try request("PROPFIND", url, headers: ["Depth": "0"],
                                body: "<?xml version=\"1.0\"?><D:propfind xmlns:D=\"DAV:\"><D:prop><D:getetag/></D:prop></D:propfind>")
        guard reply.status == 207 else { return nil }
        return try Multistatus.parse(Data(reply.body.utf8), what: "PROPFIND \(url)").resources.first?.etag
    }

    /// Writes an item as a phone would: a new one with `If-None-Match: *`, else with the
    /// current ETag.
    @discardableResult
    public func put(_ calendar: String, _ name: String, _ ics: String) throws -> Reply {
        let url = homeURL + calendar + "/" + name
        var headers: [String: String] = [:]
        if let etag = try etag(of: url) { headers["If-Match"] = etag } else { headers["If-None-Match"] = "*" }
        let text = ics.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        let reply = try request("PUT", url, headers: headers, body: text)
        guard (200..<300).contains(reply.status) else { throw ServerError(message: "PUT \(url): HTTP \(reply.status) \(reply.body)") }
        return reply
    }

    /// Deletes an item as a phone would.
    public func delete(_ calendar: String, _ name: String) throws {
        let reply = try request("DELETE", homeURL + calendar + "/" + name)
        guard (200..<300).contains(reply.status) || reply.status == 404 else {
            throw ServerError(message: "DELETE \(name): HTTP \(reply.status)")
        }
    }

    /// Writes a to-do collection straight into Radicale's storage folder (its
    /// multifilesystem storage reads `NAME.ics` files there), much faster than a PUT each:
    /// `path` under the root (`alice/big`), and `items` by file name.
    public func seed(_ path: String, displayName: String, items: [String: String]) throws {
        precondition(kind == .radicale, "only Radicale's storage is a plain folder")
        let folder = self.folder.file("collections/collection-root/" + path)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let props = try JSONSerialization.data(withJSONObject: ["C:supported-calendar-component-set": "VTODO",
                                                                "D:displayname": displayName, "tag": "VCALENDAR"])
        try props.write(to: URL(fileURLWithPath: folder + "/.Radicale.props"))
        for (name, text) in items {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
    }

    /// Radicale rights where each user has her principal, may write only in the
    /// collections under it that match `own` (a pattern), and alice may read bob's
    /// `bob/shared` (read-only for her).
    public static func rights(own: String) -> String {
        """
        [root]
        user: .+
        collection:
        permissions: R
        [principal]
        user: .+
        collection: {user}
        permissions: RW
        [own]
        user: .+
        collection: {user}/\(own)
        permissions: rw
        [bob]
        user: alice
        collection: bob
        permissions: R
        [shared]
        user: alice
        collection: bob/shared
        permissions: r
        """
    }

    /// A VCALENDAR with one VTODO made of `lines` (each `NAME:value`).
    public static func vtodo(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick tests//phone//EN", "BEGIN:VTODO"] + lines
            + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    private static func program(_ name: String) -> String {
        for folder in ["/usr/bin", "/usr/local/bin", "/usr/sbin"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
        return "/usr/bin/\(name)"
    }

    /// Whether something listens on `port` of 127.0.0.1.
    static func accepts(_ port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now (bound with port 0, then closed).
    public static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError(message: "socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw ServerError(message: "bind() failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }
}

private final class ReplyBox: @unchecked Sendable {
    var reply: CalDAVServer.Reply?
    var error: (any Error)?
}

/// The fault-injecting proxy `Tests/Tools/dav_fault_proxy.py` in front of a server, for
/// one test: forwards every request, except those a rule turns into a fault (412, 429
/// with `Retry-After`, a 500 or a dropped connection after the server stored a write, a
/// missing ETag header). Stopped by its PID when released.
public final class FaultProxy: @unchecked Sendable {
    public let port: UInt16
    private let process: Process
    private let folder = TemporaryFolder()
    private var rulesPath: String { folder.file("rules.json") }
    private var logPath: String { folder.file("proxy.log") }

    /// `http://127.0.0.1:PORT/`
    public var baseURL: String { "http://127.0.0.1:\(port)/" }

    /// Starts the proxy in front of `target` (waits at most 10 s); with `user` and
    /// `password` it demands HTTP Basic itself (for Xandikos, which has none), or HTTP
    /// Digest with `digest`. With `hidingSyncCollection` it plays a server without RFC 6578
    /// (no `sync-token`, no `sync-collection` in `supported-report-set`); with
    /// `refusingSyncCollection` it answers every sync-collection REPORT with that status; with
    /// `hidingComponentSet` no collection has a `supported-calendar-component-set`.
    public init(target: String, user: String? = nil, password: String? = nil, digest: Bool = false,
                hidingSyncCollection: Bool = false, refusingSyncCollection: Int? = nil, hidingComponentSet: Bool = false) throws {
        port = try CalDAVServer.freePort()
        try "[]".write(toFile: folder.file("rules.json"), atomically: true, encoding: .utf8)
        var arguments = [String(port), target, folder.file("rules.json")]
        if let user, let password { arguments += ["--user", user, "--password", password] + (digest ? ["--digest"] : []) }
        if hidingSyncCollection { arguments.append("--hide-sync-collection") }
        if let refusingSyncCollection { arguments += ["--refuse-sync-collection", String(refusingSyncCollection)] }
        if hidingComponentSet { arguments.append("--hide-component-set") }
        process = try PythonTool.start("dav_fault_proxy.py", arguments, log: folder.file("proxy.log"), what: "the fault proxy").0
    }

    deinit { stop() }

    /// Stops the proxy by its PID.
    public func stop() { CalDAVServer.stop(process) }

    /// One fault: `fault` for the next `times` requests with `method` whose path contains `path`.
    public struct Rule: Sendable {
        public var method: String
        public var path: String
        public var fault: String
        public var times: Int
        public init(_ method: String, path: String = "", fault: String, times: Int = 1) {
            self.method = method
            self.path = path
            self.fault = fault
            self.times = times
        }
    }

    /// Replaces the rules.
    public func set(_ rules: [Rule]) throws {
        let objects = rules.map { ["method": $0.method, "path": $0.path, "fault": $0.fault, "times": $0.times] as [String: Any] }
        try JSONSerialization.data(withJSONObject: objects).write(to: URL(fileURLWithPath: rulesPath))
    }

    /// One request the proxy received (after authentication or not).
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var depth: String?
        public var body: String
    }

    /// Every request so far, in order, with its body.
    public var requests: [Request] {
        let text = (try? String(contentsOfFile: rulesPath + ".requests", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let method = object["method"] as? String, let path = object["path"] as? String else { return nil }
            return Request(method: method, path: path, depth: object["depth"] as? String, body: object["body"] as? String ?? "")
        }
    }

    /// Every request so far, one "METHOD PATH -> STATUS" line each.
    public var log: [String] {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).filter { $0 != "ready" }
    }
}
