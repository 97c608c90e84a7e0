/// Why the agent could not do something. The one public error type of TickAgent.
public struct AgentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What failed, in words a user can act on (no reminder titles).
    public var message: String

    /// Creates an error with `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
