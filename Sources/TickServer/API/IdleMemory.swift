import Foundation
import TickModel
import Synchronization

/// Gives memory back to the system once the server has been idle for `delay`: SQLite's
/// page caches of every connection and the allocator's free pages (glibc `malloc_trim`),
/// which a burst of requests leaves behind. A request only stores the time it came
/// (one relaxed atomic write); the releasing thread sleeps until `delay` after the last
/// one and then, after releasing, until the next request wakes it, so an idle server
/// uses no CPU for it.
final class IdleMemory: Sendable {
    /// The release: the stores' caches, then the allocator.
    private let release: @Sendable () -> Void
    private let delay: Duration
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    /// Nanoseconds from `start` to the newest request.
    private let lastActivity = Atomic<Int64>(0)
    /// Whether memory was released since the newest request (the thread then waits).
    private let released = Atomic<Bool>(true)
    private let condition = NSCondition()
    private let stopped = Atomic<Bool>(false)

    /// Starts the releasing thread.
    /// - Parameters:
    ///   - delay: how long after the last request memory is released.
    ///   - release: what releases it (called on the releasing thread).
    init(delay: Duration, release: @escaping @Sendable () -> Void) {
        self.delay = delay
        self.release = release
        self.start = clock.now
        let thread = Thread { [self] in run() }
        thread.name = "tick-serve-idle"
        thread.start()
    }

    /// Notes a request: the release waits until `delay` after it.
    func noteActivity() {
        lastActivity.store((clock.now - start).nanoseconds, ordering: .relaxed)
        if released.load(ordering: .relaxed), released.compareExchange(expected: true, desired: false, ordering: .acquiringAndReleasing).exchanged {
            condition.lock()
            condition.signal()
            condition.unlock()
        }
    }

    /// Ends the releasing thread.
    func stop() {
        stopped.store(true, ordering: .sequentiallyConsistent)
        condition.lock()
        condition.signal()
        condition.unlock()
    }

    private func run() {
        condition.lock()
        defer { condition.unlock() }
        while !stopped.load(ordering: .sequentiallyConsistent) {
            if released.load(ordering: .acquiring) {
                condition.wait()
                continue
            }
            let due = start + .nanoseconds(lastActivity.load(ordering: .relaxed)) + delay
            let now = clock.now
            if now < due {
                _ = condition.wait(until: Date(timeIntervalSinceNow: (due - now).seconds))
                continue
            }
            released.store(true, ordering: .releasing)
            condition.unlock()
            release()
            condition.lock()
        }
    }

    /// What a release does on this system: `malloc_trim(0)` gives the allocator's free
    /// pages back (glibc; it is not in the C headers Swift imports, so it is looked up).
    static func trimAllocator() {
        _ = trim?(0)
    }

    private typealias MallocTrim = @convention(c) (Int) -> Int32
    private static let trim: MallocTrim? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
        .map { unsafeBitCast($0, to: MallocTrim.self) }
}
