import Foundation
import Synchronization
import TickModel
import TickPostgres

/// Tells each user's open pages (`GET /api/v1/events`) when their lists or reminders
/// changed, whichever `tick serve --database` process or other client changed them: the
/// schema's triggers send `NOTIFY tick_changes` with the owner's id when a change commits
/// (PostgresSchema step 5), and this feed listens on a connection of its own.
///
/// It listens only while at least one stream is open: the first subscriber starts a
/// thread that connects and `LISTEN`s, and the thread ends (closing its connection) once
/// the last stream is gone. A notification reaches only the streams of the user it names;
/// it says `event: change` with a number that counts that user's own notifications while
/// they have a stream open (the pages reload on any change and do not read it; one number
/// for everyone told each user how many changes everybody else made, and when: a tester). Every 15 seconds each stream
/// gets a comment line, which keeps proxies from closing it and finds clients that went
/// away. When the connection is lost, every stream is closed: the pages reconnect after
/// 2 s (`retry`), which listens again. A stream whose sign-in no longer holds (a logout, a
/// removed user, a replaced password, on any process) is closed before anything more is
/// sent to it.
final class PostgresChangeFeed: Sendable {
    private struct State {
        var streams: [UserID: [ObjectIdentifier: EventSubscriber]] = [:]
        var isListening = false
        /// Whether the listener's `LISTEN` is in effect: changes committed from now on are heard.
        var isConnected = false
        var isStopped = false
        /// Each user's count of notifications sent to their streams, while they have one.
        var versions: [UserID: Int64] = [:]

        var isEmpty: Bool { streams.values.allSatisfy(\.isEmpty) }
    }

    /// The channel the schema's triggers notify.
    static let channel = "tick_changes"
    static let heartbeat: TimeInterval = 15
    /// How long the listener waits for a notification before it looks whether any stream is left.
    static let wait: TimeInterval = 0.5

    private let pool: PostgresPool
    private let state = Mutex(State())

    init(pool: PostgresPool) {
        self.pool = pool
    }

    /// The most event streams one user may hold open on one server: pages, tabs and devices
    /// (a tester: one user's 256 streams took every connection, and every other user waited).
    static let streamsPerUser = 32

    /// How many event streams `user` holds open here.
    func openStreams(of user: UserID) -> Int {
        state.withLock { $0.streams[user]?.count ?? 0 }
    }

    /// Adds `user`'s stream; listening starts with the first stream.
    /// - Parameter isSignedIn: whether the request that opened it still signs `user` in.
    func subscribe(_ stream: EventStream, user: UserID, isSignedIn: @escaping @Sendable () -> Bool = { true }) {
        let id = ObjectIdentifier(stream)
        let (stopped, starts) = state.withLock { state -> (Bool, Bool) in
            guard !state.isStopped else { return (true, false) }
            state.streams[user, default: [:]][id] = EventSubscriber(stream: stream, isSignedIn: isSignedIn)
            defer { state.isListening = true }
            return (false, !state.isListening)
        }
        if stopped {
            stream.close()
            return
        }
        stream.onRelease { [weak self] in self?.remove(id, of: user) }
        if starts {
            let thread = Thread { [self] in listen() }
            thread.name = "tick-serve-notifications"
            thread.start()
        }
    }

    /// Waits until the listener's `LISTEN` is in effect (a change committed after this
    /// returns true reaches the streams open now), at most `timeout` seconds.
    /// - Returns: false when it was not in effect within `timeout`.
    func waitUntilListening(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !state.withLock({ $0.isConnected }) {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }

    /// The number of open streams, every user's.
    var streamCount: Int { state.withLock { $0.streams.values.reduce(0) { $0 + $1.count } } }

    /// Closes every stream; later subscribers are closed at once.
    func stop() {
        let streams = state.withLock { state -> [EventSubscriber] in
            state.isStopped = true
            return state.streams.values.flatMap(\.values)
        }
        for subscriber in streams { subscriber.stream.close() }
    }

    private func remove(_ id: ObjectIdentifier, of user: UserID) {
        state.withLock { state in
            state.streams[user]?.removeValue(forKey: id)
            if state.streams[user]?.isEmpty == true {
                state.streams.removeValue(forKey: user)
                state.versions.removeValue(forKey: user)
            }
        }
    }

    /// Sends `text` to `user`'s streams, or every user's when nil.
    private func send(_ text: String, to user: UserID?) {
        let streams = state.withLock { state in
            user.map { Array(state.streams[$0, default: [:]].values) } ?? state.streams.values.flatMap(\.values)
        }
        for subscriber in streams where !subscriber.deliver(text) {
            state.withLock { state in
                for user in state.streams.keys { state.streams[user]?.removeValue(forKey: ObjectIdentifier(subscriber.stream)) }
            }
        }
    }

    /// Listens until no stream is left (then the thread ends; the next subscriber starts another).
    private func listen() {
        let connection: PostgresConnection
        do {
            connection = try pool.dedicatedConnection()
            try connection.listen(PostgresChangeFeed.channel)
        } catch {
            closeAll()
            return
        }
        state.withLock { $0.isConnected = true }
        var lastBeat = Date()
        while true {
            let goesOn = state.withLock { state -> Bool in
                if state.isEmpty || state.isStopped { state.isListening = false }
                if !state.isListening { state.isConnected = false }
                return state.isListening
            }
            guard goesOn else { return }
            let received: [PostgresNotification]
            do {
                received = try connection.notifications(waitingUpTo: PostgresChangeFeed.wait)
            } catch {
                closeAll()
                return
            }
            for payload in Set(received.filter { $0.channel == PostgresChangeFeed.channel }.map(\.payload)) {
                let user = UserID(payload)
                let version = state.withLock { state -> Int64? in
                    guard state.streams[user]?.isEmpty == false else { return nil }
                    let next = state.versions[user, default: 0] + 1
                    state.versions[user] = next
                    return next
                }
                if let version { send("event: change\ndata: {\"version\":\(version)}\n\n", to: user) }
            }
            if Date().timeIntervalSince(lastBeat) >= PostgresChangeFeed.heartbeat {
                lastBeat = Date()
                send(": keep-alive\n\n", to: nil)
            }
        }
    }

    /// Closes every stream after the connection failed, and lets the next subscriber listen again.
    private func closeAll() {
        let streams = state.withLock { state -> [EventSubscriber] in
            state.isListening = false
            state.isConnected = false
            defer { state.streams = [:] }
            return state.streams.values.flatMap(\.values)
        }
        for subscriber in streams { subscriber.stream.close() }
    }
}
