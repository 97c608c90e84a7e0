import Foundation

/// The DNS responder `Tests/Tools/dns_responder.py` on a free loopback UDP port, answering
/// SRV and TXT queries from records the test sets (NXDOMAIN for other names), for one test.
/// Stopped by its PID when released.
public final class DNSResponder: @unchecked Sendable {
    public let port: UInt16
    private let process: Process
    private let folder = TemporaryFolder()
    private var recordsPath: String { folder.file("records.json") }
    private var logPath: String { folder.file("dns.log") }

    /// `127.0.0.1:PORT`, the value of `TICK_SYNC_NAMESERVER`.
    public var address: String { "127.0.0.1:\(port)" }

    /// Starts the responder (waits at most 10 s) with no records.
    public init() throws {
        try "{}".write(toFile: folder.file("records.json"), atomically: true, encoding: .utf8)
        let (process, ready) = try PythonTool.start("dns_responder.py", [folder.file("records.json")], log: folder.file("dns.log"),
                                                    what: "the DNS responder")
        self.process = process
        // "ready PORT"
        guard let port = UInt16(ready.dropFirst(6)) else {
            CalDAVServer.stop(process)
            throw CalDAVServer.ServerError(message: "the DNS responder said '\(ready)', not its port")
        }
        self.port = port
    }

    deinit { stop() }

    /// Stops the responder by its PID.
    public func stop() { CalDAVServer.stop(process) }

    /// One name's records: SRV as (priority, weight, port, target), TXT as strings; or a
    /// name that fails (SERVFAIL).
    public enum Records: Sendable {
        case records(srv: [(UInt16, UInt16, UInt16, String)], txt: [String])
        case serverFailure
    }

    /// Replaces the records: names not given are NXDOMAIN.
    public func set(_ records: [String: Records]) throws {
        var object: [String: Any] = [:]
        for (name, value) in records {
            switch value {
            case .records(let srv, let txt):
                object[name] = ["SRV": srv.map { [Int($0.0), Int($0.1), Int($0.2), $0.3] as [Any] }, "TXT": txt]
            case .serverFailure:
                object[name] = "SERVFAIL"
            }
        }
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: recordsPath))
    }

    /// Every query so far, "NAME TYPE" each.
    public var queries: [String] {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { $0.hasPrefix("query ") }.map { String($0.dropFirst(6)) }
    }
}
