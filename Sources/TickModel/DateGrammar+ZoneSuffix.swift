import Foundation

/// The time-zone suffix of RFC 9557 (Internet Extended Date/Time Format, IXDTF) after an
/// ISO 8601 date and time: `2026-12-05T09:00:00-05:00[America/New_York]`, or without the
/// offset `2026-12-05T09:00[America/New_York]`. It names the zone whose wall clock the
/// time is on, so that a repeating reminder follows that zone's daylight saving.
///
/// Tick reads one suffix holding an IANA time zone name, with or without the critical
/// flag `!` (`[!Europe/Berlin]`); the name is looked up in Foundation's time zone
/// database. An offset in brackets (`[+09:00]`) and suffix tags (`[u-ca=gregory]`) are
/// refused, as is an offset after the time that disagrees with the zone: RFC 9557 §3.4
/// lets a reader act on a disagreement that is not flagged critical, and Tick refuses it
/// either way rather than guess which of the two was meant.
enum ZoneSuffix {
    /// Splits `text` at its first `[`: the date and time before it, and the zone name of a
    /// suffix `[name]` or `[!name]` that ends `text`. Returns `(text, nil)` when `text`
    /// has no `[`.
    /// - Throws: when the brackets are not one suffix at the end, or hold something other
    ///   than a time zone name (RFC 9557 §4.1 `time-zone-name`).
    static func split(_ text: String) throws(DateGrammarFailure) -> (dateTime: String, zoneName: String?) {
        guard let open = text.firstIndex(of: "[") else { return (text, nil) }
        let suffix = text[open...]
        guard suffix.hasSuffix("]"), suffix.dropFirst().firstIndex(where: { $0 == "[" || $0 == "]" }) == suffix.index(before: suffix.endIndex) else {
            throw DateGrammarFailure("'\(suffix)' is not a time zone in brackets; write one IANA name at the end, as in '2026-12-05T09:00[America/New_York]'")
        }
        var name = suffix.dropFirst().dropLast()
        if name.first == "!" { name = name.dropFirst() }
        guard TimeZoneIdentifier.isZoneName(name) else {
            throw DateGrammarFailure("'\(suffix)' is not a time zone name; only an IANA name may be in brackets, as in '[America/New_York]' (an offset goes after the time: '2026-12-05T09:00-05:00')")
        }
        return (String(text[..<open]), String(name))
    }

    /// The zone named `name` and the name to keep (`TimeZoneIdentifier.zone(named:)`).
    /// - Throws: when Foundation's time zone database does not know it, or it is an
    ///   abbreviation, saying which (`TimeZoneIdentifier.refusal(of:)`).
    static func zone(named name: String) throws(DateGrammarFailure) -> (zone: TimeZone, name: TimeZoneIdentifier) {
        guard let found = TimeZoneIdentifier.zone(named: name) else {
            throw DateGrammarFailure("'\(name)' is " + TimeZoneIdentifier.refusal(of: name))
        }
        return found
    }

    /// The timed date of the wall clock `local` in `zone`, checked against `offset` (seconds
    /// east of UTC) when one was given: the instant the offset names, when it is the zone's
    /// offset then (or the offset `Due.iso8601` writes for it, `Z` for local mean time);
    /// without an offset, the wall clock read in the zone (a time in a daylight-saving gap
    /// moved forward by the gap, the earlier of two in an overlap: `LocalDateTime.instant(in:)`).
    /// - Throws: when the offset is not the zone's, naming both.
    static func due(_ local: LocalDateTime, offset: Int?, in zone: (zone: TimeZone, name: TimeZoneIdentifier)) throws(DateGrammarFailure) -> Due {
        let (zone, name) = zone
        guard let offset else { return .timed(local.instant(in: zone), timeZone: name) }
        let instant = Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC - offset))
        guard zone.secondsFromGMT(for: instant) == offset || Due.writtenOffset(of: instant, in: zone) == offset else {
            let zoneOffset = zone.secondsFromGMT(for: local.instant(in: zone))
            throw DateGrammarFailure("the UTC offset \(offsetText(offset)) disagrees with the time zone \(name), "
                                     + "where \(local.description) is at \(offsetText(zoneOffset)); "
                                     + "give the zone's offset, or leave the offset out")
        }
        return .timed(instant, timeZone: name)
    }

    /// `+09:00`, `-05:00`, `+00:00`; `+08:27:52` for an offset that is not whole minutes.
    static func offsetText(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        var text = (seconds < 0 ? "-" : "+") + CalendarDay.pad(magnitude / 3_600, 2) + ":" + CalendarDay.pad(magnitude / 60 % 60, 2)
        if magnitude % 60 != 0 { text += ":" + CalendarDay.pad(magnitude % 60, 2) }
        return text
    }
}
