import Foundation
import Synchronization
import TickStore

/// Tells open event streams when the database changed, whoever changed it (this server,
/// the CLI, the terminal UI, the agent, sync): SQLite's `PRAGMA data_version` on a
/// connection of its own changes with every commit of any other connection
/// (https://sqlite.org/pragma.html#pragma_data_version).
///
/// It polls four times a second while at least one stream is open, and not at all when
/// none is: an idle server costs no CPU. Every 15 seconds each stream gets a comment line,
/// which keeps proxies from closing it and finds clients that went away.
final class ChangeFeed: Sendable {
    private struct State {
        var streams: [ObjectIdentifier: EventStream] = [:]
        var isPolling = false
        var isStopped = false
    }

    static let interval: TimeInterval = 0.25
    static let heartbeat: TimeInterval = 15

    private let databasePath: String
    private let clock: @Sendable () -> Date
    private let polls: Bool
    private let state = Mutex(State())

    init(databasePath: String, clock: @escaping @Sendable () -> Date, polls: Bool) {
        self.databasePath = databasePath
        self.clock = clock
        self.polls = polls
    }

    /// Adds a stream; polling starts with the first one.
    func subscribe(_ stream: EventStream) {
        let id = ObjectIdentifier(stream)
        let starts = state.withLock { state -> Bool in
            guard !state.isStopped else { return false }
            state.streams[id] = stream
            defer { state.isPolling = true }
            return polls && !state.isPolling
        }
        if state.withLock({ $0.isStopped }) { stream.close() }
        stream.onRelease { [weak self] in self?.state.withLock { _ = $0.streams.removeValue(forKey: id) } }
        if starts {
            let thread = Thread { [self] in poll() }
            thread.name = "tick-serve-changes"
            thread.start()
        }
    }

    /// Sends `event: change` to every stream (the poller calls it; tests may too).
    func broadcast(version: Int64) {
        send("event: change\ndata: {\"version\":\(version)}\n\n")
    }

    /// The number of open streams.
    var streamCount: Int { state.withLock { $0.streams.count } }

    /// Closes every stream; later subscribers are closed at once.
    func stop() {
        let streams = state.withLock { state -> [EventStream] in
            state.isStopped = true
            return Array(state.streams.values)
        }
        for stream in streams { stream.close() }
    }

    private func send(_ text: String) {
        let streams = state.withLock { Array($0.streams.values) }
        for stream in streams where !stream.send(text) {
            state.withLock { _ = $0.streams.removeValue(forKey: ObjectIdentifier(stream)) }
        }
    }

    /// Polls until no stream is left (then the thread ends; the next subscriber starts another).
    private func poll() {
        let store: Store
        do {
            store = try Store(path: databasePath, now: clock())
        } catch {
            stop()
            return
        }
        var known = (try? store.read { db in try db.dataVersion }) ?? 0
        var lastBeat = Date()
        while true {
            Thread.sleep(forTimeInterval: ChangeFeed.interval)
            let goesOn = state.withLock { state -> Bool in
                if state.streams.isEmpty || state.isStopped { state.isPolling = false }
                return state.isPolling
            }
            guard goesOn else { return }
            if let version = try? store.read({ db in try db.dataVersion }), version != known {
                known = version
                broadcast(version: version)
            }
            if Date().timeIntervalSince(lastBeat) >= ChangeFeed.heartbeat {
                lastBeat = Date()
                send(": keep-alive\n\n")
            }
        }
    }
}
