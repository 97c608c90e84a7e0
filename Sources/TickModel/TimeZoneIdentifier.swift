import Foundation

/// The name of the time zone a timed date was given in: `"UTC"`, an IANA name such as
/// `"Asia/Seoul"`, a fixed offset such as `"GMT+0900"`, or whatever `TZID` an imported
/// file carried (RFC 5545 §3.2.19), kept verbatim even when Foundation does not know it.
///
/// This is the one place where such a name becomes a `Foundation.TimeZone`
/// (`timeZone`, `timeZone(or:)`); an unknown name reads as the fallback its caller
/// gives, as it always has. The text is seen only at the edges (the store's
/// `due_time_zone` and `start_time_zone` columns, iCalendar `TZID`, JSON `timeZone`).
///
/// Encodes and decodes as a plain JSON string.
public struct TimeZoneIdentifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringInterpolation {
    /// The identifier text, exactly as stored and written.
    public let rawValue: String

    /// Wraps `rawValue` unchanged; an identifier Foundation does not know is kept.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps `text` unchanged; an identifier Foundation does not know is kept.
    public init(_ text: String) { self.rawValue = text }

    /// The identifier of `zone` (`TimeZone.identifier`).
    public init(_ zone: TimeZone) { self.rawValue = zone.identifier }

    /// An identifier written in code, such as `"Asia/Seoul"` in a test.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// `"UTC"`: the zone of a date written with `Z`.
    public static let utc = TimeZoneIdentifier("UTC")

    /// The Foundation zone of this name; nil when Foundation does not know it.
    ///
    /// - Complexity: a lookup in Foundation's time-zone database on every call.
    public var timeZone: TimeZone? { TimeZone(identifier: rawValue) }

    /// The Foundation zone of this name, or `fallback` when Foundation does not know it
    /// (an imported `TZID` such as `"Custom Zone"`).
    public func timeZone(or fallback: TimeZone) -> TimeZone { timeZone ?? fallback }

    /// The identifier text.
    public var description: String { rawValue }
}
