import Foundation
import Testing
@testable import TickServer

/// `ConnectionGuard` without a daemon: peers, counts per address, deadlines.
struct ConnectionGuardTests {
    private static func peer(_ text: String) -> ConnectionGuard.Peer? {
        if text.contains(":") {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            #expect(inet_pton(AF_INET6, text, &address.sin6_addr) == 1)
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ConnectionGuard.Peer($0) } }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        #expect(inet_pton(AF_INET, text, &address.sin_addr) == 1)
        return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ConnectionGuard.Peer($0) } }
    }

    private static func connection(_ number: Int) -> OpaquePointer { OpaquePointer(bitPattern: 0x1000 * number)! }

    private static func limits(perAddress: Int = 2, header: TimeInterval = 20) -> ConnectionGuard.Limits {
        .init(headerTimeout: header, bodyTimeout: 20, minimumBodyRate: 500, connectionsPerAddress: perAddress)
    }

    @Test("an IPv4 peer and its IPv4-mapped IPv6 form are one peer; loopback and other families are none")
    func peers() {
        #expect(Self.peer("192.0.2.7") != nil)
        #expect(Self.peer("192.0.2.7") == Self.peer("::ffff:192.0.2.7"))
        #expect(Self.peer("192.0.2.7") != Self.peer("192.0.2.8"))
        #expect(Self.peer("2001:db8::1") != nil && Self.peer("2001:db8::1") != Self.peer("2001:db8::2"))
        #expect(Self.peer("127.0.0.1") == nil && Self.peer("127.9.9.9") == nil)
        #expect(Self.peer("::1") == nil && Self.peer("::ffff:127.0.0.1") == nil)
        #expect(ConnectionGuard.Peer(nil) == nil)
        var unix = sockaddr()
        unix.sa_family = sa_family_t(AF_UNIX)
        #expect(withUnsafePointer(to: &unix) { ConnectionGuard.Peer($0) } == nil)
    }

    @Test("an address holding its limit of connections is refused until one closes; loopback never is")
    func connectionsPerAddress() {
        let guarding = ConnectionGuard(limits: Self.limits(perAddress: 2))
        let near = Self.peer("192.0.2.7"), far = Self.peer("198.51.100.1")
        #expect(guarding.admits(near))
        guarding.opened(Self.connection(1), socket: -1, peer: near)
        guarding.opened(Self.connection(2), socket: -1, peer: near)
        #expect(!guarding.admits(near))
        #expect(!guarding.admits(Self.peer("::ffff:192.0.2.7")))
        #expect(guarding.admits(far))
        for number in 3...10 { guarding.opened(Self.connection(number), socket: -1, peer: nil) }
        #expect(guarding.admits(nil))
        guarding.closed(Self.connection(2))
        #expect(guarding.admits(near))
        #expect(guarding.counts(of: near) == (9, 1))
        guarding.closed(Self.connection(1))
        guarding.closed(Self.connection(1))
        #expect(guarding.counts(of: near) == (8, 0))
        #expect(ConnectionGuard(limits: Self.limits(perAddress: 0)).admits(near))
    }

    @Test("a connection is swept past its header's deadline, never while its request is answered; the body's grows with what arrives")
    func deadlines() {
        let guarding = ConnectionGuard(limits: Self.limits(header: 20))
        let start = ConnectionGuard.now()
        let waiting = Self.connection(1), answered = Self.connection(2), uploading = Self.connection(3)
        for connection in [waiting, answered, uploading] { guarding.opened(connection, socket: -1, peer: nil) }
        guarding.headerArrived(answered)
        guarding.answering(answered)
        guarding.headerArrived(uploading)
        guarding.bodyArrived(uploading, bytes: 5_000)  // ten seconds more: 30 s from now
        #expect(guarding.sweep(now: start + 19_000_000_000) == 0)
        #expect(guarding.sweep(now: start + 21_000_000_000) == 1)  // the header never came
        #expect(guarding.sweep(now: start + 21_000_000_000) == 0)  // swept once
        #expect(guarding.sweep(now: start + 40_000_000_000) == 1)  // the body's 30 s
        #expect(guarding.sweep(now: start + 1_000_000_000_000) == 0)  // the answered one has none
        guarding.completed(answered)  // its next request's header has 20 s again
        #expect(guarding.sweep(now: ConnectionGuard.now() + 21_000_000_000) == 1)
    }
}
