/// Why the interactive UI could not start or could not do what was asked. The one
/// public error type of TickTUI.
public struct TUIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A message a user can act on.
    public var message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
