/// Why the interactive UI could not start or could not do what was asked. The one
/// public error type of TickTUI.
public struct TUIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A message a user can act on.
    public var message: String
    /// Whether asking again can never succeed (what it is about is gone): an undo that fails
    /// so is dropped from the UI's undo, not kept to fail again.
    public var isLasting: Bool

    /// An error with `message`.
    public init(_ message: String, isLasting: Bool = false) {
        self.message = message
        self.isLasting = isLasting
    }

    /// The message.
    public var description: String { message }
}
