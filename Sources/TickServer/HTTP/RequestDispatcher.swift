import Foundation

/// Threads that answer requests in the order they came, whatever connection they came on.
///
/// libmicrohttpd's pool binds each connection to one of its threads for good, so a request
/// that waits on PostgreSQL holds every other connection of that thread behind it while
/// requests on the other threads go on: under load a few requests wait several times the
/// mean (the p99 of `bench/serve-postgres.sh`). With a dispatcher the daemon's threads only
/// read and write; a whole request is a job of one first-in, first-out queue, taken by the
/// first of `count` threads free, and its connection is suspended until the answer is there
/// (libmicrohttpd's manual, "Suspending and resuming connections").
final class RequestDispatcher: @unchecked Sendable {
    // Safe to share: `jobs`, `head` and `isStopping` are only touched under `condition`.
    private let condition = NSCondition()
    private var jobs: [() -> Void] = []
    private var head = 0
    private var isStopping = false
    private let finished = DispatchGroup()

    /// Starts `count` threads (at least one).
    init(threads count: Int) {
        for index in 0..<max(1, count) {
            finished.enter()
            let thread = Thread { [self] in
                run()
                finished.leave()
            }
            thread.name = "tick-request-\(index)"
            thread.start()
        }
    }

    /// Calls `prepare`, then queues `job`; false (neither done) once `stop` has begun.
    /// `prepare` runs before any thread can take the job (the connection is suspended
    /// before the job may resume it).
    func submit(preparing prepare: () -> Void = {}, _ job: @escaping () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isStopping else { return false }
        prepare()
        jobs.append(job)
        condition.signal()
        return true
    }

    /// Runs the jobs queued already, then ends the threads and waits for them.
    func stop() {
        condition.lock()
        isStopping = true
        condition.broadcast()
        condition.unlock()
        finished.wait()
    }

    private func run() {
        while let job = next() { job() }
    }

    /// The oldest job, waiting for one; nil once stopping and none is left.
    private func next() -> (() -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count {
            if isStopping { return nil }
            condition.wait()
        }
        let job = jobs[head]
        head += 1
        // The jobs taken are dropped now and then, not one by one (an O(n) shift each).
        if head >= 64, head * 2 >= jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
