import Synchronization
import TickStore

/// Answers to reads that depend on the database alone (pages by key of a list, `all`,
/// `flagged`, `completed`), kept until the database changes, whoever changes it.
///
/// Each request first asks SQLite's `PRAGMA data_version` on a connection of the cache's
/// own (https://sqlite.org/pragma.html#pragma_data_version): it changes with every commit
/// by any other connection (this server's writer, another `tick`), and then every kept
/// answer is dropped. Answers that depend on the clock (today, overdue, the lists' counts,
/// alarms) are never kept.
final class ResponseCache: Sendable {
    private struct State {
        var version: Int64 = -1
        var answers: [String: HTTPResponse] = [:]
    }

    /// The most answers kept; past it, all are dropped.
    static let capacity = 512

    private let versionStore: Store
    private let state = Mutex(State())

    init(versionStore: Store) {
        self.versionStore = versionStore
    }

    /// The answer kept for `key`, else `make()`'s, kept when it succeeded.
    func answer(for key: String, _ make: () throws -> HTTPResponse) throws -> HTTPResponse {
        guard let version = try? versionStore.read({ db in try db.dataVersion }) else { return try make() }
        let kept = state.withLock { state -> HTTPResponse? in
            if state.version != version {
                state.version = version
                state.answers.removeAll(keepingCapacity: true)
            }
            return state.answers[key]
        }
        if let kept { return kept }
        let response = try make()
        guard response.status == 200 else { return response }
        state.withLock { state in
            // Read under `version`: kept only if nothing changed meanwhile (a later change
            // moved the version on, and this answer may be older than it).
            guard state.version == version else { return }
            if state.answers.count >= ResponseCache.capacity { state.answers.removeAll(keepingCapacity: true) }
            state.answers[key] = response
        }
        return response
    }
}
