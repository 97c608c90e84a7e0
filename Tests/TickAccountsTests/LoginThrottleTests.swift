import Foundation
import Testing
import TickAccounts

@Suite("Login throttling: the pure decision")
struct LoginThrottleTests {
    static let now = Date(timeIntervalSince1970: 1_795_953_600)
    let throttle = LoginThrottle.standard

    /// `count` failures, the last `lastAgo` seconds before now, one second apart.
    func failures(_ count: Int, lastAgo: TimeInterval = 0) -> [Date] {
        (0..<count).map { Self.now.addingTimeInterval(-lastAgo - Double(count - 1 - $0)) }
    }

    @Test("per user: 5 failures are free; then 30 s after the last, doubling, at most 15 min", arguments: [
        (0, ThrottleDecision.allowed), (4, .allowed), (5, .retryAfter(seconds: 30)), (6, .retryAfter(seconds: 60)),
        (7, .retryAfter(seconds: 120)), (9, .retryAfter(seconds: 480)), (10, .retryAfter(seconds: 900)), (40, .retryAfter(seconds: 900)),
    ])
    func perUser(count: Int, expected: ThrottleDecision) {
        #expect(throttle.decision(userFailures: failures(count), addressFailures: [], now: Self.now) == expected)
    }

    @Test("the wait counts from the last failure and ends on time")
    func waitEnds() {
        #expect(throttle.decision(userFailures: failures(5, lastAgo: 20), addressFailures: [], now: Self.now) == .retryAfter(seconds: 10))
        #expect(throttle.decision(userFailures: failures(5, lastAgo: 29.5), addressFailures: [], now: Self.now) == .retryAfter(seconds: 1))
        #expect(throttle.decision(userFailures: failures(5, lastAgo: 30), addressFailures: [], now: Self.now) == .allowed)
    }

    @Test("failures older than the hour do not count")
    func window() {
        #expect(throttle.decision(userFailures: failures(50, lastAgo: 3_600), addressFailures: [], now: Self.now) == .allowed)
        let mixed = failures(4, lastAgo: 4_000) + failures(4)
        #expect(throttle.decision(userFailures: mixed, addressFailures: [], now: Self.now) == .allowed)
    }

    @Test("per address: 20 failures are free (many users behind one router); the longer wait wins")
    func perAddress() {
        #expect(throttle.decision(userFailures: [], addressFailures: failures(19), now: Self.now) == .allowed)
        #expect(throttle.decision(userFailures: [], addressFailures: failures(20), now: Self.now) == .retryAfter(seconds: 30))
        #expect(throttle.decision(userFailures: failures(7), addressFailures: failures(20), now: Self.now) == .retryAfter(seconds: 120))
    }

    /// A tester: a sign-in decides at its arrival, and one that waited for others of its name
    /// ignored the failures they recorded meanwhile (stamped after its arrival): a burst to one
    /// process got 7 checks instead of 5.
    @Test("failures recorded after the sign-in's arrival count")
    func failuresAfterNow() {
        let later = (1...5).map { Self.now.addingTimeInterval(Double($0) / 10) }
        #expect(throttle.decision(userFailures: later, addressFailures: [], now: Self.now) == .retryAfter(seconds: 31))
        #expect(throttle.decision(userFailures: [], addressFailures: (1...20).map { Self.now.addingTimeInterval(Double($0)) },
                                  now: Self.now) == .retryAfter(seconds: 50))
    }

    @Test("the order the failures come in does not matter")
    func order() {
        #expect(throttle.decision(userFailures: failures(6).reversed(), addressFailures: [], now: Self.now) == .retryAfter(seconds: 60))
    }
}
