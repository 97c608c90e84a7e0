import Foundation

/// Threads that answer requests off libmicrohttpd's threads, taking turns between clients.
///
/// libmicrohttpd's pool binds each connection to one of its threads for good, so a request
/// that waits on PostgreSQL holds every other connection of that thread behind it while
/// requests on the other threads go on: under load a few requests wait several times the
/// mean (the p99 of `bench/serve-postgres.sh`). With a dispatcher the daemon's threads only
/// read and write; a whole request is a job, taken by the first of `count` threads free, and
/// its connection is suspended until the answer is there (libmicrohttpd's manual,
/// "Suspending and resuming connections").
///
/// Jobs wait in one first-in, first-out queue per client (`submit`'s key: the request's
/// credential), and the queues take turns (round robin): a client that sends a hundred
/// expensive searches at once delays another client's request by one of them, not by the
/// hundred (a tester: one user's searches slowed every other user's pages). With one client,
/// the order is the order the requests came in.
final class RequestDispatcher: @unchecked Sendable {
    // Safe to share: `queues`, `turns`, `waiting` and `isStopping` are only touched under `condition`.
    private let condition = NSCondition()
    /// The jobs waiting, per client, oldest first (`head`: the index of the oldest not taken).
    private var queues: [Int: (jobs: [() -> Void], head: Int)] = [:]
    /// The clients with jobs waiting, the next to be served first.
    private var turns: [Int] = []
    private var turnsHead = 0
    private var waiting = 0
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

    /// Calls `prepare`, then queues `job` behind the jobs of the client `key`; false (neither
    /// done) once `stop` has begun. `prepare` runs before any thread can take the job (the
    /// connection is suspended before the job may resume it).
    func submit(key: Int = 0, preparing prepare: () -> Void = {}, _ job: @escaping () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isStopping else { return false }
        prepare()
        if queues[key] == nil {
            queues[key] = ([job], 0)
            turns.append(key)
        } else {
            queues[key]?.jobs.append(job)
        }
        waiting += 1
        condition.signal()
        return true
    }

    /// Who a request comes from, for taking turns (`HTTPRequest.clientKey(sessionCookie:)`,
    /// with Tick's session cookie).
    static func clientKey(of request: HTTPRequest) -> Int {
        request.clientKey(sessionCookie: WebService.sessionCookie)
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

    /// The oldest job of the client whose turn it is, waiting for one; nil once stopping and
    /// none is left. That client's turn comes again after every other client's with jobs.
    private func next() -> (() -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while waiting == 0 {
            if isStopping { return nil }
            condition.wait()
        }
        // Every key in `turns` has a queue with a job (a key is put there with its first job,
        // and again only while its queue holds more), so this finds one.
        var key = turns[turnsHead]
        turnsHead += 1
        while queues[key] == nil, turnsHead < turns.count {
            key = turns[turnsHead]
            turnsHead += 1
        }
        guard var queue = queues.removeValue(forKey: key) else { preconditionFailure("a job counted as waiting has no queue") }
        let job = queue.jobs[queue.head]
        queue.head += 1
        waiting -= 1
        if queue.head < queue.jobs.count {
            // The jobs taken are dropped now and then, not one by one (an O(n) shift each).
            if queue.head >= 64, queue.head * 2 >= queue.jobs.count {
                queue.jobs.removeFirst(queue.head)
                queue.head = 0
            }
            queues[key] = queue
            turns.append(key)
        }
        if turnsHead >= 64, turnsHead * 2 >= turns.count {
            turns.removeFirst(turnsHead)
            turnsHead = 0
        }
        return job
    }
}
