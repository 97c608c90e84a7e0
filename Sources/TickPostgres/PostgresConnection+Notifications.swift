import Foundation
import TickModel

/// A notification sent with `NOTIFY` / `pg_notify` to a channel a connection listens on
/// (https://www.postgresql.org/docs/current/sql-notify.html).
public struct PostgresNotification: Sendable, Equatable {
    /// The channel's name.
    public var channel: String
    /// The payload text (empty when none was sent).
    public var payload: String
    /// The sending server process (`PostgresConnection.backendProcessID` of the sender).
    public var processID: Int32

    public init(channel: String, payload: String, processID: Int32) {
        self.channel = channel
        self.payload = payload
        self.processID = processID
    }
}

extension PostgresConnection {
    /// Starts listening on `channel`; notifications arrive from the next commit on.
    /// - Throws: `PostgresError` when the server refuses.
    public func listen(_ channel: String) throws(PostgresError) {
        try execute("LISTEN " + quotedIdentifier(channel))
    }

    /// Stops listening on `channel`.
    public func unlisten(_ channel: String) throws(PostgresError) {
        try execute("UNLISTEN " + quotedIdentifier(channel))
    }

    /// Sends `payload` to every connection listening on `channel` (delivered when the
    /// sender's transaction commits; at once outside one). At most 8,000 bytes.
    public func notify(_ channel: String, payload: String = "") throws(PostgresError) {
        try execute("SELECT pg_notify($1, $2)", [channel, payload])
    }

    /// The notifications received, waiting up to `timeout` seconds for the first when
    /// none has arrived (0: no wait). The wait sleeps in `poll` on libpq's socket; it does
    /// not spin.
    ///
    /// - Returns: every notification read, in order; empty when the time ran out.
    /// - Throws: `PostgresError.connection` when the connection is lost.
    public func notifications(waitingUpTo timeout: TimeInterval = 0) throws(PostgresError) -> [PostgresNotification] {
        let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, timeout) * 1_000))
        while true {
            guard consumeInput() else {
                throw PostgresError(.connection, message: "the connection to PostgreSQL was lost: " + lastMessage)
            }
            var received: [PostgresNotification] = []
            while let notification = nextNotification() { received.append(notification) }
            if !received.isEmpty { return received }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return [] }
            let milliseconds = Int32(clamping: left.milliseconds + 1)
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno != EINTR {
                throw PostgresError(.connection, message: "waiting for notifications failed: " + String(cString: strerror(errno)))
            }
        }
    }
}
