import Foundation

/// Whether a sign-in may be tried now.
public enum ThrottleDecision: Sendable, Equatable {
    /// Check the password.
    case allowed
    /// Refuse without checking; the client may try again after this many seconds (HTTP
    /// 429 with `Retry-After`, RFC 6585 §4). Never slept on by the server.
    case retryAfter(seconds: Int)
}

/// The throttling rule for sign-ins: a pure decision from the recent failures of a user
/// name and of a client address, so that guessing passwords gets slow while a person who
/// mistypes a few times is not held up.
///
/// For each of the two keys, the failures within `window` count. The first `freeFailures`
/// cost nothing; after that, each try must wait `firstDelay` after the last failure,
/// doubling with every further failure, at most `maximumDelay`. The answer is the longer
/// of the two waits. With `standard`: after 5 failures for one name, 30 s, then 1, 2, 4,
/// 8 min, at most 15 min; one address gets 20 failures free (many users behind one NAT).
public struct LoginThrottle: Sendable, Equatable {
    /// Failures for one user name before waiting begins.
    public var freeFailuresPerUser: Int
    /// Failures from one client address before waiting begins.
    public var freeFailuresPerAddress: Int
    /// How far back failures count, in seconds.
    public var window: TimeInterval
    /// The first wait, in seconds.
    public var firstDelay: TimeInterval
    /// The longest wait, in seconds.
    public var maximumDelay: TimeInterval

    public init(freeFailuresPerUser: Int, freeFailuresPerAddress: Int, window: TimeInterval,
                firstDelay: TimeInterval, maximumDelay: TimeInterval) {
        self.freeFailuresPerUser = freeFailuresPerUser
        self.freeFailuresPerAddress = freeFailuresPerAddress
        self.window = window
        self.firstDelay = firstDelay
        self.maximumDelay = maximumDelay
    }

    /// 5 per user and 20 per address free within an hour; then 30 s doubling to 15 min.
    public static let standard = LoginThrottle(freeFailuresPerUser: 5, freeFailuresPerAddress: 20, window: 3_600,
                                               firstDelay: 30, maximumDelay: 900)

    /// The decision at `now` given the failure times of the user name and of the client
    /// address (any order; those before the window are ignored). Failures recorded after `now`
    /// count: a sign-in that waited for others of its name (`SignInTurns`, the database's lock)
    /// decides at its arrival on the failures they recorded meanwhile (a tester: ignoring
    /// them let a burst to one process get 7 checks), and a process whose clock runs ahead
    /// is not ignored.
    /// - Complexity: O(n) in the failures given.
    public func decision(userFailures: [Date], addressFailures: [Date], now: Date) -> ThrottleDecision {
        let wait = max(self.wait(after: userFailures, free: freeFailuresPerUser, now: now),
                       self.wait(after: addressFailures, free: freeFailuresPerAddress, now: now))
        return wait > 0 ? .retryAfter(seconds: Int(wait.rounded(.up))) : .allowed
    }

    /// Seconds still to wait (0: none) after `failures` with `free` of them free.
    private func wait(after failures: [Date], free: Int, now: Date) -> TimeInterval {
        let recent = failures.filter { $0 > now.addingTimeInterval(-window) }
        guard recent.count >= free, let last = recent.max() else { return 0 }
        let doublings = recent.count - free
        let delay = doublings >= 30 ? maximumDelay : min(maximumDelay, firstDelay * Double(1 << doublings))
        return max(0, last.addingTimeInterval(delay).timeIntervalSince(now))
    }
}
