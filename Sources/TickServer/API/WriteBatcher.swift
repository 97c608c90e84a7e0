import Foundation
import TickStore

/// Gathers the changes of requests that arrive together into one write transaction
/// (`Store.writeEach`): each keeps its own savepoint, so one refused change leaves the
/// others, but all share one commit, one sync to disk. A request that finds no batch
/// being written writes the ones waiting (its own among them); the others wait for it.
final class WriteBatcher: @unchecked Sendable {
    // @unchecked: `pending` and `isWriting` are only touched with `condition` locked.
    private final class Job {
        let run: (Database) throws -> Void
        var outcome: Result<Void, any Error>?
        init(_ run: @escaping (Database) throws -> Void) { self.run = run }
    }

    private let store: Store
    private let condition = NSCondition()
    private var pending: [Job] = []
    private var isWriting = false

    init(store: Store) {
        self.store = store
    }

    /// Runs `body` in a write transaction shared with the changes waiting with it.
    /// - Throws: what `body` throws (then nothing it did is kept), or `StoreError` when
    ///   the shared transaction could not commit.
    func write<T>(_ body: @escaping (Database) throws -> T) throws -> T {
        var value: T?
        let job = Job { db in value = try body(db) }
        condition.lock()
        pending.append(job)
        while job.outcome == nil {
            if isWriting {
                condition.wait()
                continue
            }
            isWriting = true
            let batch = pending
            pending.removeAll()
            condition.unlock()
            let outcomes: [Result<Void, any Error>]
            do {
                outcomes = try store.writeEach(batch.map { job in { db in try job.run(db) } })
            } catch {
                outcomes = Array(repeating: .failure(error), count: batch.count)
            }
            condition.lock()
            for (job, outcome) in zip(batch, outcomes) { job.outcome = outcome }
            isWriting = false
            condition.broadcast()
        }
        let outcome = job.outcome
        condition.unlock()
        try outcome?.get()
        guard let value else { throw StoreError(kind: .io, message: "a change was not written") }
        return value
    }
}
