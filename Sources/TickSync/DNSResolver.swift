import Foundation
import CResolv

/// One DNS SRV record (RFC 2782): where a service of a domain runs.
public struct ServiceRecord: Sendable, Equatable {
    /// Lower is tried first.
    public var priority: UInt16
    /// Among records of one priority, the share of clients that should pick this one.
    public var weight: UInt16
    public var port: UInt16
    /// The host, without the final dot; "." when the service is decidedly not offered.
    public var target: String

    public init(priority: UInt16, weight: UInt16, port: UInt16, target: String) {
        self.priority = priority
        self.weight = weight
        self.port = port
        self.target = target
    }
}

/// DNS SRV and TXT lookups through glibc's stub resolver (`res_nquery`, records read with
/// `ns_initparse` / `ns_parserr`), for the CalDAV discovery of RFC 6764 §3. Each lookup has a
/// resolver state of its own (`res_ninit`), so lookups on several threads do not meet.
public struct DNSResolver: Sendable {
    /// A name server to ask instead of those in `/etc/resolv.conf`: an IPv4 address and a
    /// UDP port (`TICK_SYNC_NAMESERVER`, `127.0.0.1:5353`).
    public struct NameServer: Sendable, Equatable, CustomStringConvertible {
        /// The address in network byte order.
        let address: in_addr_t
        public let port: UInt16
        let text: String

        /// Reads `ADDRESS` or `ADDRESS:PORT` (IPv4 dotted quad, port 1–65535, default 53);
        /// nil for anything else.
        public init?(parsing text: String) {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 1 || parts.count == 2 else { return nil }
            var address = in_addr()
            guard inet_pton(AF_INET, String(parts[0]), &address) == 1 else { return nil }
            var port: UInt16 = 53
            if parts.count == 2 {
                guard let given = UInt16(parts[1]), given > 0 else { return nil }
                port = given
            }
            self.address = address.s_addr
            self.port = port
            self.text = "\(parts[0]):\(port)"
        }

        public var description: String { text }
    }

    /// What a lookup found.
    public enum Answer<Value: Sendable>: Sendable {
        /// The records (at least one).
        case found([Value])
        /// The name does not exist, or has no records of the type asked for.
        case none
    }

    public var nameServer: NameServer?
    /// Seconds one try waits for an answer; two tries are made.
    public var timeout: Int

    public init(nameServer: NameServer? = nil, timeout: Int = 5) {
        self.nameServer = nameServer
        self.timeout = timeout
    }

    /// Where queries go, for messages.
    var serverText: String { nameServer.map { "the name server \($0)" } ?? "the system's name servers" }

    /// The SRV records of `name` (`_caldavs._tcp.example.com`), as the name server gave them.
    /// - Throws: `SyncError.unreachable` naming `name` and the name server when no answer came
    ///   or the server failed (SERVFAIL, REFUSED); a missing name or record is `.none`.
    public func serviceRecords(_ name: String) throws(SyncError) -> Answer<ServiceRecord> {
        try query(name, type: ns_t_srv) { record, message, end in
            let data = tick_ns_rr_rdata(record), length = Int(tick_ns_rr_rdlen(record))
            guard let data, length >= 7 else { return nil }
            var target = [CChar](repeating: 0, count: Int(NS_MAXDNAME) + 1)
            // dn_expand follows compression pointers into the whole message, hence its bounds.
            guard tick_dn_expand(message, end, data + 6, &target, Int32(target.count)) > 0 else { return nil }
            let host = String(decoding: target.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return ServiceRecord(priority: UInt16(ns_get16(data)), weight: UInt16(ns_get16(data + 2)),
                                 port: UInt16(ns_get16(data + 4)), target: host.isEmpty ? "." : host)
        }
    }

    /// The TXT records of `name`, each one string (its character-strings joined).
    /// - Throws: as `serviceRecords(_:)`.
    public func textRecords(_ name: String) throws(SyncError) -> Answer<String> {
        try query(name, type: ns_t_txt) { record, _, _ in
            guard let data = tick_ns_rr_rdata(record) else { return nil }
            let bytes = UnsafeBufferPointer(start: data, count: Int(tick_ns_rr_rdlen(record)))
            var text: [UInt8] = []
            var index = 0
            while index < bytes.count {
                let count = Int(bytes[index])
                guard index + 1 + count <= bytes.count else { return nil }
                text += bytes[(index + 1)..<(index + 1 + count)]
                index += 1 + count
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// Asks for the records of `type` of `name` (class IN) and reads each answer record of
    /// that type with `read` (nil: skipped as malformed).
    private func query<Value: Sendable>(_ name: String, type: ns_type,
                                        read: (ns_rr, UnsafePointer<UInt8>, UnsafePointer<UInt8>) -> Value?) throws(SyncError) -> Answer<Value> {
        guard let state = tick_res_open() else {
            throw .unreachable("cannot look up \(name): the resolver could not be set up (/etc/resolv.conf)")
        }
        defer { tick_res_close(state) }
        if let nameServer { tick_res_set_nameserver(state, nameServer.address, nameServer.port) }
        tick_res_set_timing(state, Int32(max(1, timeout)), 2)
        var buffer = [UInt8](repeating: 0, count: 8_192)
        let length = tick_res_nquery(state, name, Int32(ns_c_in.rawValue), Int32(type.rawValue), &buffer, Int32(buffer.count))
        guard length >= 0 else {
            switch tick_res_error(state) {
            case HOST_NOT_FOUND, NO_DATA: return .none
            default: throw .unreachable("cannot look up \(name): \(serverText) gave no answer (or a failure)")
            }
        }
        return buffer.withUnsafeBufferPointer { pointer -> Answer<Value> in
            guard let base = pointer.baseAddress else { return .none }
            var message = ns_msg()
            guard ns_initparse(base, Int32(min(Int(length), pointer.count)), &message) == 0,
                  let end = tick_ns_msg_end(message) else { return .none }
            var values: [Value] = []
            for index in 0..<tick_ns_msg_count(message, ns_s_an) {
                var record = ns_rr()
                guard ns_parserr(&message, ns_s_an, index, &record) == 0 else { break }
                guard tick_ns_rr_type(record) == Int32(type.rawValue), let value = read(record, base, end) else { continue }
                values.append(value)
            }
            return values.isEmpty ? .none : .found(values)
        }
    }
}
