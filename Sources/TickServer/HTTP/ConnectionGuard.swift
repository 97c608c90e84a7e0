import CMicroHTTPD
import Foundation
import Synchronization

/// What libmicrohttpd's idle timeout cannot do for `HTTPServer`: a deadline for each request
/// to arrive, and a limit of connections per client address.
///
/// The idle timeout closes a connection only after a silence: a client that sends one byte
/// of its header every few seconds (slowloris) kept its connection for ever, and a tester's
/// 260 such connections from one machine locked every other client out. Here a request's
/// header must arrive in full within `headerTimeout` seconds of the connection's opening (or
/// of the end of the previous request on it), and its body within `bodyTimeout` seconds plus
/// one for every `minimumBodyRate` bytes received, as Apache's mod_reqtimeout does
/// (`header=20-40,MinRate=500 body=20,MinRate=500`); a connection past its deadline is shut
/// down (`shutdown(2)`), and libmicrohttpd, reading its end, closes it. No deadline runs
/// while a request is answered or a stream is open: the idle timeout covers a reader that
/// stops reading.
///
/// The sweeper shuts a socket down while holding the lock that libmicrohttpd's notice of
/// the connection's closing takes first, and libmicrohttpd closes the socket only after that
/// notice (`MHD_cleanup_connections`, 0.9.75): a socket number is never shut down after it
/// was closed and given to another file.
final class ConnectionGuard: Sendable {
    /// A client's address as the key of its count: IPv4 in its IPv4-mapped IPv6 form; nil for
    /// loopback (a reverse proxy on the same machine brings every client from it) and for an
    /// address that is not IP.
    struct Peer: Hashable, Sendable {
        let high: UInt64
        let low: UInt64

        /// The key of `address`, or nil (loopback, not IP, or no address).
        init?(_ address: UnsafePointer<sockaddr>?) {
            var bytes = (UInt64(0), UInt64(0))
            var isLoopback: Int32 = 0
            let known = withUnsafeMutableBytes(of: &bytes) { raw in
                tick_address_key(address, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), &isLoopback)
            }
            guard known == 1, isLoopback == 0 else { return nil }
            (high, low) = bytes
        }
    }

    /// How long requests may take to arrive, and how many connections an address may hold.
    struct Limits: Sendable {
        var headerTimeout: TimeInterval
        var bodyTimeout: TimeInterval
        var minimumBodyRate: Int
        var connectionsPerAddress: Int
    }

    private struct Connection {
        let socket: Int32
        let peer: Peer?
        /// Monotonic nanoseconds after which the connection is shut down; nil while a request
        /// is answered.
        var deadline: UInt64?
    }

    private struct State {
        var connections: [UInt: Connection] = [:]
        var perPeer: [Peer: Int] = [:]
        var isStopped = false
    }

    let limits: Limits
    private let state = Mutex(State())

    init(limits: Limits) {
        self.limits = limits
    }

    /// Monotonic nanoseconds.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    private static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))) }

    private static func nanoseconds(_ seconds: TimeInterval) -> UInt64 { UInt64(max(0, seconds) * 1e9) }

    /// Whether a new connection from `peer` is let in (the accept policy).
    func admits(_ peer: Peer?) -> Bool {
        guard let peer, limits.connectionsPerAddress > 0 else { return true }
        return state.withLock { ($0.perPeer[peer] ?? 0) < limits.connectionsPerAddress }
    }

    /// A connection opened on `socket`: its header's deadline starts.
    func opened(_ connection: OpaquePointer, socket: Int32, peer: Peer?) {
        let deadline = Self.now() + Self.nanoseconds(limits.headerTimeout)
        state.withLock { state in
            state.connections[Self.key(connection)] = Connection(socket: socket, peer: peer, deadline: deadline)
            if let peer { state.perPeer[peer, default: 0] += 1 }
        }
    }

    /// A request's header arrived: its body's deadline starts.
    func headerArrived(_ connection: OpaquePointer) {
        let deadline = Self.now() + Self.nanoseconds(limits.bodyTimeout)
        state.withLock { $0.connections[Self.key(connection)]?.deadline = deadline }
    }

    /// `bytes` of a body arrived: the deadline moves on by a second for each `minimumBodyRate` of them.
    func bodyArrived(_ connection: OpaquePointer, bytes: Int) {
        guard limits.minimumBodyRate > 0 else { return }
        let more = UInt64(bytes) * 1_000_000_000 / UInt64(limits.minimumBodyRate)
        state.withLock { state in
            let key = Self.key(connection)
            if let deadline = state.connections[key]?.deadline { state.connections[key]?.deadline = deadline + more }
        }
    }

    /// The request is answered: no deadline until it completes.
    func answering(_ connection: OpaquePointer) {
        state.withLock { $0.connections[Self.key(connection)]?.deadline = nil }
    }

    /// The request completed: the next one's header has `headerTimeout` seconds.
    func completed(_ connection: OpaquePointer) {
        let deadline = Self.now() + Self.nanoseconds(limits.headerTimeout)
        state.withLock { $0.connections[Self.key(connection)]?.deadline = deadline }
    }

    /// libmicrohttpd is about to close the connection (and then its socket).
    func closed(_ connection: OpaquePointer) {
        state.withLock { state in
            guard let gone = state.connections.removeValue(forKey: Self.key(connection)), let peer = gone.peer else { return }
            let left = (state.perPeer[peer] ?? 1) - 1
            state.perPeer[peer] = left > 0 ? left : nil
        }
    }

    /// Shuts down every connection past its deadline at `now`; the number shut down.
    @discardableResult
    func sweep(now: UInt64 = ConnectionGuard.now()) -> Int {
        state.withLock { state in
            var count = 0
            for (key, connection) in state.connections {
                guard let deadline = connection.deadline, deadline <= now else { continue }
                // Under the lock: libmicrohttpd cannot close this socket meanwhile (see the type's comment).
                _ = shutdown(connection.socket, Int32(SHUT_RDWR))
                state.connections[key]?.deadline = nil
                count += 1
            }
            return count
        }
    }

    /// Connections open now, and how many of them come from `peer`.
    func counts(of peer: Peer? = nil) -> (open: Int, fromPeer: Int) {
        state.withLock { state in (state.connections.count, peer.map { state.perPeer[$0] ?? 0 } ?? 0) }
    }

    /// Starts the thread that sweeps, four times a deadline's shortest length and at least once a second.
    func startSweeping() {
        let interval = min(1, max(0.05, min(limits.headerTimeout, limits.bodyTimeout) / 4))
        let thread = Thread { [self] in
            while !state.withLock({ $0.isStopped }) {
                Thread.sleep(forTimeInterval: interval)
                sweep()
            }
        }
        thread.name = "tick-http-deadlines"
        thread.start()
    }

    /// Ends the sweeping thread (within one interval).
    func stop() {
        state.withLock { $0.isStopped = true }
    }
}
