/// The identifier of a user of a multi-user Tick (PostgreSQL): opaque random text (32
/// lowercase hex digits, 128 random bits), never a number a client could guess or count
/// through. Only the PostgreSQL store makes and reads it.
public struct UserID: Hashable, Sendable, CustomStringConvertible {
    /// The identifier's text.
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}
