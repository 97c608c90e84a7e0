import Foundation

/// The ISO 8601 part of ``DateGrammar``: `YYYY-MM-DD` and
/// `YYYY-MM-DD[T| ]HH:MM[:SS[.fraction]][Z|±HH[:MM]|±HHMM][[zone]]` as a whole input
/// (the zone in brackets as RFC 9557 writes it: ``ZoneSuffix``).
enum ISODateTime {
    /// The parts of an ISO 8601 date or date-time: the day, the wall clock (nil for a
    /// date alone), the fraction of a second, and the UTC offset in seconds (nil when
    /// none was given).
    struct Fields {
        var day: CalendarDay
        var local: LocalDateTime?
        var fraction: Double = 0
        var offset: Int?
    }

    /// The one ISO 8601 reader of Tick: `YYYY-MM-DD` or
    /// `YYYY-MM-DD[T|t| ]HH:MM[:SS[.|,fraction]][Z|z|±HH|±HH:MM|±HHMM]`, the whole of
    /// `text`. Returns nil when `text` has none of these shapes; throws when it has one
    /// but names a day, time or offset that does not exist.
    /// - Complexity: O(n) in the length of `text`.
    static func fields(_ text: String) throws(DateGrammarFailure) -> Fields? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, let day = try date(bytes[0..<10], text: text) else { return nil }
        if bytes.count == 10 { return Fields(day: day) }
        guard bytes.count >= 16, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t")
                || bytes[10] == UInt8(ascii: " ") else { return nil }

        var cursor = 11
        guard let hour = digits(bytes, &cursor, count: 2), colon(bytes, &cursor),
              let minute = digits(bytes, &cursor, count: 2) else { return nil }
        var second = 0
        var fraction = 0.0
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") {
            cursor += 1
            guard let s = digits(bytes, &cursor, count: 2) else { return nil }
            second = s
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") || bytes[cursor] == UInt8(ascii: ",") {
                cursor += 1
                let start = cursor
                var scale = 0.1
                while cursor < bytes.count, isDigit(bytes[cursor]) {
                    fraction += Double(bytes[cursor] - 48) * scale
                    scale /= 10
                    cursor += 1
                }
                guard cursor > start else { return nil }
            }
        }
        let timeEnd = cursor
        var offset: Int?
        if cursor < bytes.count {
            guard let parsed = zoneOffset(bytes[cursor...]) else { return nil }
            offset = parsed
        }

        guard hour <= 23, minute <= 59, second <= 60,
              let local = LocalDateTime(day: day, hour: hour, minute: minute, second: second) else {
            let timeText = String(decoding: bytes[11..<timeEnd], as: UTF8.self)
            throw DateGrammarFailure("'\(timeText)' is not a time of day (\(DateGrammar.timeOfDayRange))")
        }
        if let offset, abs(offset) > 18 * 3_600 {
            let offsetText = String(decoding: bytes[timeEnd...], as: UTF8.self)
            throw DateGrammarFailure("'\(offsetText)' is not a UTC offset (-18:00 to +18:00)")
        }
        // A leap second is the 61st second of the last minute of a UTC day (RFC 3339 §5.7);
        // Tick counts time as POSIX does, without them, and keeps it as :59 (`LocalDateTime`).
        // Second 60 of any other minute names no time (a tester: 10:30:60 was stored as
        // 10:30:59), and without its UTC offset it cannot be told to be the last minute.
        if second == 60 {
            let minuteOfDay = hour * 60 + minute
            let isLastMinute = offset.map { ((minuteOfDay - $0 / 60) % 1_440 + 1_440) % 1_440 == 1_439 } ?? false
            guard isLastMinute else {
                let timeText = String(decoding: bytes[11..<timeEnd], as: UTF8.self)
                throw DateGrammarFailure("'\(timeText)' is not a time of day (seconds 00 to 59; 60 is a leap second, "
                                         + "only with a UTC offset in the last minute of a UTC day, as 23:59:60Z)")
            }
        }
        return Fields(day: day, local: local, fraction: fraction, offset: offset)
    }

    /// The instant `text` names: an ISO 8601 date-time with a UTC offset (see
    /// `fields(_:)`), fractions of a second kept; nil for anything else.
    static func instant(_ text: String) -> Date? {
        guard let fields = try? fields(text), let local = fields.local, let offset = fields.offset else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC - offset) + fields.fraction)
    }

    /// What ``parse(_:in:)`` read: the date, the wall clock typed when no UTC offset was
    /// given (nil for a date alone), and whether a time zone name was given.
    struct Parsed {
        var due: Due
        var typedClock: LocalDateTime?
        var namesZone = false
    }

    /// Reads `text` when it has one of the ISO 8601 shapes above, optionally followed by an
    /// RFC 9557 time zone suffix (`…T09:00[America/New_York]`, see ``ZoneSuffix``); returns
    /// nil when it has none of them (so the phrase grammar may read it), and throws when it
    /// does but names a day, time, offset or zone that does not exist, or an offset and a
    /// zone that disagree. Fractions of a second are dropped: a due date has whole seconds.
    static func parse(_ text: String, in context: DateContext) throws(DateGrammarFailure) -> Parsed? {
        let (dateTime, zoneName) = try ZoneSuffix.split(text)
        guard let fields = try fields(dateTime) else {
            guard zoneName == nil else {
                throw DateGrammarFailure("'\(dateTime)' is not an ISO 8601 date and time; a time zone in brackets follows one, as in '2026-12-05T09:00[America/New_York]'")
            }
            return nil
        }
        guard let local = fields.local else {
            guard zoneName == nil else {
                throw DateGrammarFailure("'\(dateTime)' is a day alone, which is all-day and has no time zone; give a time, as in '\(dateTime)T09:00[\(zoneName ?? "")]', or leave out the zone")
            }
            return Parsed(due: .allDay(fields.day))
        }
        let typedClock = fields.offset == nil ? local : nil
        if let zoneName {
            let due = try ZoneSuffix.due(local, offset: fields.offset, in: try ZoneSuffix.zone(named: zoneName))
            return Parsed(due: due, typedClock: typedClock, namesZone: true)
        }
        guard let offset = fields.offset else {
            return Parsed(due: .timed(local.instant(in: context.timeZone), timeZone: TimeZoneIdentifier(context.timeZone)), typedClock: local)
        }
        let instant = Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC - offset))
        return Parsed(due: .timed(instant, timeZone: zoneIdentifier(offset: offset, at: instant, context: context)))
    }

    /// The day of `YYYY-MM-DD`; nil when the shape differs, thrown when the day does not exist.
    static func date(_ bytes: ArraySlice<UInt8>, text: String) throws(DateGrammarFailure) -> CalendarDay? {
        // Indexed from the slice's start: no copy (this runs for every date of an archive).
        let s = bytes.startIndex
        guard bytes.count == 10, bytes[s + 4] == UInt8(ascii: "-"), bytes[s + 7] == UInt8(ascii: "-"),
              let year = CalendarDay.number(bytes[s..<(s + 4)]), let month = CalendarDay.number(bytes[(s + 5)..<(s + 7)]),
              let day = CalendarDay.number(bytes[(s + 8)..<(s + 10)]) else { return nil }
        guard let value = CalendarDay(year: year, month: month, day: day) else {
            throw DateGrammarFailure("'\(String(decoding: bytes, as: UTF8.self))' is not a real day")
        }
        return value
    }

    /// The identifier stored with an instant given with an explicit offset: the context
    /// zone's when the offset is the one ``Due/iso8601`` writes for the instant there (so
    /// what it writes reads back to the same zone, `Z` for local mean time included).
    static func zoneIdentifier(offset: Int, at instant: Date, context: DateContext) -> TimeZoneIdentifier {
        if Due.writtenOffset(of: instant, in: context.timeZone) == offset { return TimeZoneIdentifier(context.timeZone) }
        if offset == 0 { return .utc }
        let magnitude = abs(offset) / 60
        return TimeZoneIdentifier("GMT" + (offset < 0 ? "-" : "+") + CalendarDay.pad(magnitude / 60, 2) + CalendarDay.pad(magnitude % 60, 2))
    }

    /// Seconds east of UTC for `Z`, `±HH`, `±HH:MM` or `±HHMM`; nil for anything else.
    static func zoneOffset(_ bytes: ArraySlice<UInt8>) -> Int? {
        if bytes.count == 1, bytes.first == UInt8(ascii: "Z") || bytes.first == UInt8(ascii: "z") { return 0 }
        let b = Array(bytes)
        guard let sign = b.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        var cursor = 1
        guard let hours = digits(b, &cursor, count: 2) else { return nil }
        var minutes = 0
        if cursor < b.count {
            if b[cursor] == UInt8(ascii: ":") { cursor += 1 }
            guard let m = digits(b, &cursor, count: 2), m <= 59 else { return nil }
            minutes = m
        }
        guard cursor == b.count else { return nil }
        let seconds = hours * 3_600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -seconds : seconds
    }

    private static func digits(_ bytes: [UInt8], _ cursor: inout Int, count: Int) -> Int? {
        guard cursor + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[cursor..<(cursor + count)] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        cursor += count
        return value
    }

    private static func colon(_ bytes: [UInt8], _ cursor: inout Int) -> Bool {
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else { return false }
        cursor += 1
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}
