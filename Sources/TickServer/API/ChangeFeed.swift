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
///
/// A stream is closed, with nothing more sent, once the sign-in that opened it no longer
/// signs in (a logout ends its session): asked before each event and each comment line.
final class ChangeFeed: Sendable {
    private struct State {
        var streams: [ObjectIdentifier: EventSubscriber] = [:]
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
    /// - Parameter isSignedIn: whether the request that opened it still signs in.
    func subscribe(_ stream: EventStream, isSignedIn: @escaping @Sendable () -> Bool = { true }) {
        let id = ObjectIdentifier(stream)
        let starts = state.withLock { state -> Bool in
            guard !state.isStopped else { return false }
            state.streams[id] = EventSubscriber(stream: stream, isSignedIn: isSignedIn)
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
        let streams = state.withLock { state -> [EventSubscriber] in
            state.isStopped = true
            return Array(state.streams.values)
        }
        for subscriber in streams { subscriber.stream.close() }
    }

    private func send(_ text: String) {
        let streams = state.withLock { Array($0.streams.values) }
        for subscriber in streams where !subscriber.deliver(text) {
            state.withLock { _ = $0.streams.removeValue(forKey: ObjectIdentifier(subscriber.stream)) }
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

/// An open event stream and the check that its sign-in still holds.
struct EventSubscriber: Sendable {
    let stream: EventStream
    let isSignedIn: @Sendable () -> Bool

    /// Sends `text` when the sign-in still holds, else closes the stream (a logout, a removed
    /// user, a replaced password end it before anything more is sent).
    /// - Returns: false when the stream is closed (by the client, or here).
    func deliver(_ text: String) -> Bool {
        guard isSignedIn() else {
            stream.close()
            return false
        }
        return stream.send(text)
    }
}
