/// Why the HTTP server could not start. The one public error type of TickServer.
public struct ServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, for a person (`cannot listen on 127.0.0.1:8765: …`).
    public var message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
