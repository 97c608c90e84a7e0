import CICal
import Foundation
import TickModel

/// Turns `TZID` wall-clock times into instants and back, for one VCALENDAR (import) or
/// one list (export), and writes the VTIMEZONE a `TZID` needs (RFC 5545 §3.6.5).
///
/// A `TZID` is read, in this order:
/// 1. as a zone Foundation knows by that name (`Europe/Paris`, `US/Pacific`), whatever
///    VTIMEZONE the file carries for it — but not an abbreviation (`KST`, `BST`, `PST`),
///    which Foundation resolves for some (`BST` to UTC+6) and not for others;
/// 2. by the file's own VTIMEZONE with that `TZID`, through libical (for names Foundation
///    does not know, such as `Custom Zone`, and for abbreviations) — but a prefixed name
///    (3) whose VTIMEZONE says by `X-LIC-LOCATION` that it was made from the zone the name
///    ends with is read as that zone;
/// 3. as the IANA zone at the end of a libical or Mozilla style prefixed name
///    (`/softwarestudio.org/Olson_20011030_5/America/New_York`);
/// 4. as a Windows zone name (`W. Europe Standard Time`) mapped to its IANA zone, with a
///    warning;
/// 5. as an abbreviation without a VTIMEZONE, the zone it usually stands for
///    (`TimeZoneIdentifier.abbreviationMeaning`: `KST` Asia/Seoul, as Python's `zoneinfo`
///    names the zone in a `TZID` its callers write without a VTIMEZONE), with a warning;
/// 6. otherwise as UTC, with a warning; an export then defines it as UTC.
/// The `TZID` text itself is always kept; an export writes the VTIMEZONE of the zone it
/// was read as (for 4 and 5, the IANA zone's rules under the kept name).
///
/// Wall-clock times that fall in a gap or an overlap follow RFC 5545 §3.3.5 (see
/// `LocalDateTime.instant(in:)`) for Foundation zones and libical's rules for zones a
/// VTIMEZONE defines.
///
/// Not Sendable: it owns libical zones and is used on one thread.
public final class ICalendarTimeZones {
    private enum Zone {
        case foundation(TimeZone)
        /// An `icaltimezone *` built from a VTIMEZONE of the file (owned here).
        case defined(OpaquePointer)
        /// A Windows zone name or an abbreviation, read as the IANA zone it stands for.
        case mapped(TimeZone)
        case unknown
    }

    private var definitions: [String: OpaquePointer] = [:]
    /// The `X-LIC-LOCATION` of each defined zone, when it has one (the IANA zone libical wrote it from).
    private var locations: [String: String] = [:]
    private var cache: [String: Zone] = [:]
    /// Messages about zones that could not be read exactly, one per `TZID`.
    private(set) var warnings: [String] = []
    /// The `TZID` each of `warnings` is about, in the same order.
    private(set) var warnedZones: [String] = []
    /// Those of `warnings` about a `TZID` read as UTC for want of a definition (a loss:
    /// `ImportBatch.losses`; the JSON API refuses such a zone name too).
    private(set) var unknownZoneWarnings: Set<String> = []

    init() {}

    deinit {
        for zone in definitions.values { icaltimezone_free(zone, 1) }
    }

    /// Adds the zone a VTIMEZONE component defines; returns its `TZID`, or nil when the
    /// component has none or libical cannot use it.
    @discardableResult
    func define(_ component: LibicalComponent) -> String? {
        guard let property = component.first(ICAL_TZID_PROPERTY), let tzid = property.text(), !tzid.isEmpty,
              let clone = icalcomponent_new_clone(component.pointer) else { return nil }
        guard let zone = icaltimezone_new() else {
            icalcomponent_free(clone)
            return nil
        }
        // On success the zone owns the clone and frees it with icaltimezone_free(zone, 1).
        guard icaltimezone_set_component(zone, clone) != 0 else {
            icalcomponent_free(clone)
            icaltimezone_free(zone, 1)
            return nil
        }
        if let old = definitions[tzid] { icaltimezone_free(old, 1) }
        definitions[tzid] = zone
        locations[tzid] = component.properties(ICAL_X_PROPERTY).first { $0.xName == "X-LIC-LOCATION" }?.text()
        cache[tzid] = nil
        return tzid
    }

    /// The `TZID` a VTIMEZONE's lines give (its own, not a subcomponent's), read
    /// without libical; nil without one.
    static func tzid(ofVTimezone lines: [String]) -> String? {
        var depth = 0
        for line in lines {
            let content = ICalendarContentLine(text: line)
            if content.beginName != nil { depth += 1; continue }
            if content.endName != nil { depth -= 1; continue }
            guard depth == 1, content.name == "TZID", let colon = line.firstIndex(of: ":") else { continue }
            let tzid = String(line[line.index(after: colon)...])
            return tzid.isEmpty ? nil : tzid
        }
        return nil
    }

    /// `local` as libical's time fields (a date and time, no zone).
    static func icalTime(_ local: LocalDateTime) -> icaltimetype {
        var time = icaltime_null_time()
        time.year = Int32(local.day.year)
        time.month = Int32(local.day.month)
        time.day = Int32(local.day.day)
        time.hour = Int32(local.hour)
        time.minute = Int32(local.minute)
        time.second = Int32(local.second)
        return time
    }

    /// Whether Foundation knows `tzid` by that name, and it is not an abbreviation (then a
    /// VTIMEZONE for it need not be kept: the writer makes one from libical's built-in zones).
    static func isKnownToFoundation(_ tzid: String) -> Bool {
        TimeZoneIdentifier.abbreviationMeaning(tzid) == nil && TimeZone(identifier: tzid) != nil
    }

    /// The instant `local` names in the zone `tzid`.
    ///
    /// In a zone a `VTIMEZONE` defines, libical gives only the UTC offset; the days are
    /// counted here, in the proleptic Gregorian calendar as everywhere in Tick. libical
    /// counts leap years by the Julian rule up to 1752 (`icaltime_is_leap_year`), so its own
    /// conversion moved a day after February of 1000, 1500 or 1700 by one (found by
    /// fuzz/icalendar: such a due date moved a day once exported with its `VTIMEZONE`).
    func instant(of local: LocalDateTime, tzid: String) -> Date {
        switch zone(tzid) {
        case .foundation(let zone), .mapped(let zone):
            return local.instant(in: zone)
        case .defined(let zone):
            var time = ICalendarTimeZones.icalTime(local)
            var isDaylight: Int32 = 0
            let offset = Int(icaltimezone_get_utc_offset(zone, &time, &isDaylight))
            return Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC - offset))
        case .unknown:
            return Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC))
        }
    }

    /// The wall clock of `instant` in the zone `tzid`; nil outside years 1…9999.
    ///
    /// The first bound only keeps the conversion to `Int` safe; `checkedLocal` checks the
    /// years. (It was 2.5e11 seconds, which is in the year 9892: a due date in a zone later
    /// than that was exported in UTC and came back in another zone; found by fuzz/icalendar.)
    func local(of instant: Date, tzid: String) -> LocalDateTime? {
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        guard abs(seconds) < 1e13 else { return nil }
        switch zone(tzid) {
        case .foundation(let zone), .mapped(let zone):
            return ICalendarTimeZones.checkedLocal(Int(seconds) + zone.secondsFromGMT(for: instant))
        case .defined(let zone):
            // The offset from libical, the days counted here (see `instant(of:tzid:)`).
            guard let utc = ICalendarTimeZones.checkedLocal(Int(seconds)) else { return nil }
            var time = ICalendarTimeZones.icalTime(utc)
            var isDaylight: Int32 = 0
            let offset = Int(icaltimezone_get_utc_offset_of_utc_time(zone, &time, &isDaylight))
            return ICalendarTimeZones.checkedLocal(Int(seconds) + offset)
        case .unknown:
            return ICalendarTimeZones.checkedLocal(Int(seconds))
        }
    }

    /// The wall clock `seconds` after 1970-01-01T00:00 (as if UTC), if in years 1…9999.
    static func checkedLocal(_ seconds: Int) -> LocalDateTime? {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        guard CalendarDay(checkedDaysSinceEpoch: days) != nil else { return nil }
        return LocalDateTime(secondsSinceEpochAsUTC: seconds)
    }

    private var foundationNames: [String: Bool] = [:]

    /// Whether `tzid` can be read now: Foundation knows it or a VTIMEZONE read so far
    /// defines it (answers are remembered).
    func isReadable(_ tzid: String) -> Bool {
        if definitions[tzid] != nil { return true }
        if let known = foundationNames[tzid] { return known }
        let known = ICalendarTimeZones.isKnownToFoundation(tzid)
        foundationNames[tzid] = known
        return known
    }

    private func zone(_ tzid: String) -> Zone {
        if let cached = cache[tzid] { return cached }
        let zone = lookUp(tzid)
        cache[tzid] = zone
        return zone
    }

    /// Whether a `TZID` names a zone without a VTIMEZONE: a zone Foundation knows, a
    /// prefixed Olson name, a Windows zone name or an abbreviation (steps 1, 3, 4 and 5 of
    /// the reading order above). An export writes any other zone as UTC unless its list keeps
    /// the file's VTIMEZONE; a CalDAV PUT keeps none, so refuses such a zone.
    public static func resolvesByName(_ tzid: String) -> Bool {
        if TimeZone(identifier: tzid) != nil || TimeZoneIdentifier.abbreviationMeaning(tzid) != nil { return true }
        if WindowsTimeZones.ianaIdentifier(for: tzid) != nil { return true }
        guard tzid.hasPrefix("/") else { return false }
        let parts = tzid.split(separator: "/")
        return stride(from: min(3, parts.count), through: 1, by: -1).contains {
            TimeZone(identifier: parts.suffix($0).joined(separator: "/")) != nil
        }
    }

    /// The IANA zone at the end of a libical or Mozilla style prefixed name
    /// (`/vendor/version/Area/City`), when Foundation knows it.
    private static func prefixedOlsonZone(_ tzid: String) -> TimeZone? {
        guard tzid.hasPrefix("/") else { return nil }
        let parts = tzid.split(separator: "/")
        for count in stride(from: min(3, parts.count), through: 1, by: -1) {
            if let zone = TimeZone(identifier: parts.suffix(count).joined(separator: "/")) { return zone }
        }
        return nil
    }

    private func lookUp(_ tzid: String) -> Zone {
        let meant = TimeZoneIdentifier.abbreviationMeaning(tzid)
        if meant == nil, let zone = TimeZone(identifier: tzid) { return .foundation(zone) }
        if let defined = definitions[tzid] {
            // A prefixed name whose VTIMEZONE libical wrote from the zone it names (its
            // `X-LIC-LOCATION`: Tick's own export, Evolution's files) is read by that name, as
            // it was without the VTIMEZONE: libical's rules stop at a year Foundation's do not,
            // and a DTSTART in 3090 came back an hour off from Tick's own export (found by
            // fuzz/icalendar).
            if let zone = ICalendarTimeZones.prefixedOlsonZone(tzid), locations[tzid] == zone.identifier { return .foundation(zone) }
            return .defined(defined)
        }
        if let zone = ICalendarTimeZones.prefixedOlsonZone(tzid) { return .foundation(zone) }
        if let iana = WindowsTimeZones.ianaIdentifier(for: tzid), let zone = TimeZone(identifier: iana) {
            warnedZones.append(tzid)
            warnings.append("TZID '\(tzid)' is a Windows time zone name and the file has no VTIMEZONE for it; "
                            + "its times were read as \(iana) and it is kept as written")
            return .mapped(zone)
        }
        if let meant, let zone = TimeZone(identifier: meant) {
            warnedZones.append(tzid)
            warnings.append("TZID '\(tzid)' is an abbreviation, not a time zone name, and the file has no VTIMEZONE for it; "
                            + "its times were read as \(meant), the zone it usually stands for, and it is kept as written")
            return .mapped(zone)
        }
        let warning = "TZID '\(tzid)' is not a time zone Tick knows and the file has no VTIMEZONE for it; "
            + "its times were read as UTC, and an export defines it as UTC"
        warnedZones.append(tzid)
        warnings.append(warning)
        unknownZoneWarnings.insert(warning)
        return .unknown
    }

    /// The unfolded lines of a VTIMEZONE for `tzid`, for an export that uses it, or nil
    /// when the list keeps the file's own VTIMEZONE for it (a `TZID` Foundation does not
    /// know, defined by a VTIMEZONE) or when no definition can be made (a Foundation zone
    /// with daylight saving that libical has no built-in for, which does not happen with
    /// the system's tzdata, as both read it).
    ///
    /// Foundation and Windows zones get libical's built-in definition
    /// (`icaltimezone_get_builtin_timezone`), renamed to `tzid` and cut to start at 1970
    /// or at `earliest` if that is earlier; zones with a fixed offset and no built-in get
    /// a one-observance VTIMEZONE; an unknown `TZID` gets a UTC one, matching how its
    /// times were read.
    func vtimezoneLines(for tzid: String, earliest: Date?) -> [String]? {
        switch zone(tzid) {
        case .defined:
            return nil
        case .foundation(let zone), .mapped(let zone):
            if let lines = ICalendarTimeZones.builtinLines(location: zone.identifier, tzid: tzid, earliest: earliest) {
                return lines
            }
            guard zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 0)) == nil else { return nil }
            return ICalendarTimeZones.fixedOffsetLines(tzid: tzid, offset: zone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)))
        case .unknown:
            return ICalendarTimeZones.fixedOffsetLines(tzid: tzid, offset: 0)
        }
    }

    private static func builtinLines(location: String, tzid: String, earliest: Date?) -> [String]? {
        guard (try? LibICal.load()) != nil else { return nil }
        let names = location == "GMT" ? ["UTC", "Etc/UTC", "GMT"] : [location]
        for name in names {
            // Built-in zones belong to libical; only the clone is ours to change and free.
            guard let builtin = icaltimezone_get_builtin_timezone(name),
                  let component = icaltimezone_get_component(builtin),
                  let clone = icalcomponent_new_clone(component) else { continue }
            defer { icalcomponent_free(clone) }
            let start = min(earliest.map { $0.timeIntervalSince1970.rounded(.down) } ?? 0, 0)
            let startTime = icaltime_from_timet_with_zone(time_t(start), 0, icaltimezone_get_utc_timezone())
            icaltimezone_truncate_vtimezone(clone, startTime, icaltime_null_time(), 0)
            guard let property = icalcomponent_get_first_property(clone, ICAL_TZID_PROPERTY) else { continue }
            icalproperty_set_tzid(property, tzid)
            guard let text = icalcomponent_as_ical_string_r(clone) else { continue }
            defer { icalmemory_free_buffer(text) }
            return ICalendarText.unfoldedLines(String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self))
        }
        return nil
    }

    private static func fixedOffsetLines(tzid: String, offset: Int) -> [String] {
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        let text = sign + ICalendarText.pad(minutes / 60, 2) + ICalendarText.pad(minutes % 60, 2)
        return ["BEGIN:VTIMEZONE", "TZID:" + ICalendarText.escaped(tzid), "BEGIN:STANDARD", "DTSTART:19700101T000000",
                "TZOFFSETFROM:" + text, "TZOFFSETTO:" + text, "END:STANDARD", "END:VTIMEZONE"]
    }
}
