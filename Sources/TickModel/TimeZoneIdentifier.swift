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

    /// The zone a person names, with the name to keep: an IANA name (RFC 9557 §4.1
    /// `time-zone-name`: `America/New_York`, `Asia/Seoul`, `UTC`) that Foundation's time
    /// zone database knows, in any case (`america/new_york` is America/New_York: the tz
    /// database never has two names that differ only in case), kept as given or as the
    /// database spells it (`TimeZone.identifier` is not kept: Foundation calls `UTC` `GMT`).
    /// What a zone in brackets after a date names, and what `tick serve` reads a request's
    /// `Time-Zone` header field with.
    ///
    /// Nil for text that is not a zone name by RFC 9557's syntax (an offset, a path with
    /// `..`, white space) and for a name Foundation does not know.
    /// - Complexity: a look-up; a scan of the known names when `name` is not spelled as one.
    public static func zone(named name: some StringProtocol) -> (zone: TimeZone, name: TimeZoneIdentifier)? {
        guard isZoneName(name), abbreviationMeaning(name) == nil else { return nil }
        let name = String(name)
        if let zone = TimeZone(identifier: name) { return (zone, TimeZoneIdentifier(name)) }
        let lowercased = name.lowercased()
        if let known = TimeZone.knownTimeZoneIdentifiers.first(where: { $0.lowercased() == lowercased }),
           let zone = TimeZone(identifier: known) {
            return (zone, TimeZoneIdentifier(known))
        }
        return nil
    }

    /// The zone an abbreviation usually stands for (`PST`: America/Los_Angeles), or nil for
    /// a name. An abbreviation is not a zone name: Foundation resolves some of them (`PST` to
    /// a zone it calls `PST`, `BST` to UTC+6), which another program reading the date's
    /// `TZID` would not, and they are ambiguous. One that Foundation's list of abbreviations
    /// has and its list of zone names does not counts as one, and so do the tz database's
    /// legacy names of that form (`EST`, `CET`, `MST`: fixed offsets or old rules, rarely
    /// what is meant); `UTC` and `GMT` are names. `zone(named:)` refuses them.
    /// - Complexity: O(1); a name with a `/` (every request of the web app names one) is
    ///   not looked up.
    public static func abbreviationMeaning(_ name: some StringProtocol) -> String? {
        guard !name.contains("/"), name != "UTC", name != "GMT" else { return nil }
        let name = String(name)
        guard let meant = Abbreviations.meanings[name], !Abbreviations.zoneNames.contains(name) else { return nil }
        return meant
    }

    /// Why `name` is not a zone `zone(named:)` gives, as the end of a sentence about it
    /// (`'PST' is …`, `the header names 'PST', which is …`): an abbreviation, naming the
    /// zone it usually stands for, or a name Tick does not know.
    public static func refusal(of name: some StringProtocol) -> String {
        if let meant = abbreviationMeaning(name) {
            return "an abbreviation, not a time zone name; give the zone's IANA name, such as '\(meant)'"
        }
        return "not a time zone Tick knows; give an IANA name such as 'America/New_York' or 'Asia/Seoul'"
    }

    /// Foundation's abbreviations and zone names, read once (each is built anew when asked).
    private enum Abbreviations {
        static let meanings = TimeZone.abbreviationDictionary
        static let zoneNames = Set(TimeZone.knownTimeZoneIdentifiers)
    }

    /// RFC 9557 §4.1: `time-zone-part *("/" time-zone-part)`, each part a letter, `.` or `_`
    /// then letters, digits, `.`, `_`, `-` or `+`, and never `.` or `..`.
    static func isZoneName(_ name: some StringProtocol) -> Bool {
        !name.isEmpty && name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.unicodeScalars.first, part != ".", part != ".." else { return false }
            let isInitial = { (c: Unicode.Scalar) in c.isASCII && (c.properties.isAlphabetic || c == "." || c == "_") }
            return isInitial(first) && part.unicodeScalars.allSatisfy { c in
                isInitial(c) || ("0"..."9").contains(c) || c == "-" || c == "+"
            }
        }
    }
}
