import Synchronization

/// The body of a response that stays open: text events written while the client listens
/// (Server-Sent Events, https://html.spec.whatwg.org/multipage/server-sent-events.html).
///
/// The writer calls `send` from any thread; the server reads what was sent when the
/// socket can take it. While nothing is pending the server parks the connection (it
/// costs no thread and no CPU) and `send` wakes it. When the client goes away the server
/// releases the stream: `send` then returns false and the release handlers run once.
public final class EventStream: Sendable {
    private struct State {
        var pending: [UInt8] = []
        var isClosed = false
        var isReleased = false
        /// Set while the server has parked the connection: wakes it.
        var waker: (@Sendable () -> Void)?
        var releaseHandlers: [@Sendable () -> Void] = []
    }

    /// What the server reads next.
    enum Read: Equatable {
        /// This many bytes were copied.
        case bytes(Int)
        /// Nothing yet: the connection was parked and is woken by the next `send` or `close`.
        case parked
        /// Closed and everything sent: end the response.
        case end
    }

    private let state = Mutex(State())

    /// An open stream with nothing sent yet.
    public init() {}

    /// Queues `text` for the client.
    /// - Returns: false when the stream is closed or its client is gone.
    @discardableResult
    public func send(_ text: String) -> Bool {
        let waker: (@Sendable () -> Void)?? = state.withLock { state in
            guard !state.isClosed, !state.isReleased else { return .none }
            state.pending.append(contentsOf: text.utf8)
            defer { state.waker = nil }
            return .some(state.waker)
        }
        guard case .some(let wake) = waker else { return false }
        wake?()
        return true
    }

    /// Ends the stream once what was sent has been read.
    public func close() {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            state.isClosed = true
            defer { state.waker = nil }
            return state.waker
        }
        wake?()
    }

    /// Whether the client is gone (or the stream closed).
    public var isFinished: Bool { state.withLock { $0.isClosed || $0.isReleased } }

    /// Runs `handler` once when the client goes away or the server drops the stream
    /// (at once when that happened already).
    public func onRelease(_ handler: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.isReleased { return true }
            state.releaseHandlers.append(handler)
            return false
        }
        if now { handler() }
    }

    /// Takes what was sent and not yet read (for tests, which read without a socket).
    public func takePending() -> String {
        state.withLock { state in
            defer { state.pending.removeAll() }
            return String(decoding: state.pending, as: UTF8.self)
        }
    }

    /// Copies up to `buffer.count` pending bytes; with none, parks: `park` runs under the
    /// stream's lock (so a `send` cannot slip between the check and the parking) and
    /// `wake` is kept to be called by the next `send` or `close`.
    func read(into buffer: UnsafeMutableRawBufferPointer, park: () -> Void, wake: @escaping @Sendable () -> Void) -> Read {
        state.withLock { state in
            if !state.pending.isEmpty {
                let count = min(buffer.count, state.pending.count)
                state.pending.withUnsafeBytes { source in
                    if let from = source.baseAddress { buffer.baseAddress?.copyMemory(from: from, byteCount: count) }
                }
                state.pending.removeFirst(count)
                return .bytes(count)
            }
            if state.isClosed || state.isReleased { return .end }
            park()
            state.waker = wake
            return .parked
        }
    }

    /// The server is done with the stream (the client went away or the response ended).
    func release() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.isReleased else { return [] }
            state.isReleased = true
            state.waker = nil
            defer { state.releaseHandlers.removeAll() }
            return state.releaseHandlers
        }
        for handler in handlers { handler() }
    }
}
