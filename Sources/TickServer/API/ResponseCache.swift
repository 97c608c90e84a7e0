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
        /// The bytes of the kept answers' bodies.
        var bytes = 0
    }

    /// The most answers kept; past it, all are dropped.
    static let capacity = 512
    /// The most bytes of bodies kept (a page of 500 reminders is about 250 KB); past it,
    /// all are dropped, so that an idle server holds little whatever it was asked before.
    static let byteCapacity = 2 << 20

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
                state.bytes = 0
            }
            return state.answers[key]
        }
        if let kept { return kept }
        let response = try make()
        guard response.status == 200 else { return response }
        let size = ResponseCache.size(of: response)
        state.withLock { state in
            // Read under `version`: kept only if nothing changed meanwhile (a later change
            // moved the version on, and this answer may be older than it).
            guard state.version == version, size <= ResponseCache.byteCapacity else { return }
            if state.answers.count >= ResponseCache.capacity || state.bytes + size > ResponseCache.byteCapacity {
                state.answers.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            state.bytes += size - (state.answers.updateValue(response, forKey: key).map { ResponseCache.size(of: $0) } ?? 0)
        }
        return response
    }

    /// The bytes of the kept answers' bodies.
    var keptBytes: Int { state.withLock { $0.bytes } }

    /// The bytes of `response`'s body (0 for a stream, which is never kept whole).
    static func size(of response: HTTPResponse) -> Int {
        if case .bytes(let bytes) = response.body { return bytes.count }
        return 0
    }
}
