import Foundation

/// A reminder's identity: the iCalendar `UID` of its VTODO (RFC 5545 §3.8.4.7), also
/// the target of a child's `RELATED-TO;RELTYPE=PARENT`.
///
/// Tick makes upper-case UUID strings (`random()`) or content-derived UUID-shaped ones
/// (`StableUID`), but keeps whatever text another program wrote verbatim: RFC 5545 makes
/// a UID any TEXT value, so nothing read today is refused here. The text is seen only at
/// the edges (SQL, iCalendar, JSON, todo.txt, Taskwarrior, command-line output).
///
/// Encodes and decodes as a plain JSON string.
public struct ReminderUID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringInterpolation {
    /// The UID text, exactly as stored and written.
    public let rawValue: String

    /// Wraps `rawValue` unchanged; any text is a UID.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps `text` unchanged; any text is a UID.
    public init(_ text: String) { self.rawValue = text }

    /// A UID written in code, such as `"0F5C…"` or `"u-\(n)"` in a test.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// A fresh UID in the form Tick makes for a new reminder: an upper-case UUID string
    /// (`"0F5C8E2A-…"`, 36 characters).
    public static func random() -> ReminderUID { ReminderUID(RandomUUID.string()) }

    /// A UID derived from `text` (see `StableUID.make(from:)`): the same text always
    /// gives the same UID.
    public static func stable(from text: String) -> ReminderUID { ReminderUID(StableUID.make(from: text)) }

    /// The UID text.
    public var description: String { rawValue }
}
