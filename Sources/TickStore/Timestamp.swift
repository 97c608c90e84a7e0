import Foundation
import TickModel

/// The text form of instants in the database: UTC `YYYY-MM-DDTHH:MM:SS.sssZ`
/// (ISO 8601 extended, millisecond precision), readable with `sqlite3` and ordered
/// correctly as text.
///
/// Hand-written rather than `ISO8601DateFormatter`, which costs microseconds per value
/// on the hot path of listing thousands of rows.
enum Timestamp {
    /// `2026-11-29T12:00:00.000Z`. An instant outside the years 1 to 9999 (or not a number)
    /// is written as the nearest end of them: no input checked upstream reaches them, and
    /// one that did (a client's page cursor with `nan`) stopped the server on a trapping
    /// conversion to `Int`.
    static func string(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        let total = milliseconds.isNaN ? 0 : min(max(Int(min(max(milliseconds, -9e18), 9e18)), -62_135_596_800_000), 253_402_300_799_999)
        let seconds = total >= 0 ? total / 1000 : (total - 999) / 1000
        let millis = total - seconds * 1000
        return text(LocalDateTime(secondsSinceEpochAsUTC: seconds), millis: millis, zulu: true)
    }

    /// `YYYY-MM-DDTHH:MM:SS` (`LocalDateTime.description`), then `.sss` when `millis`
    /// is given and `Z` when `zulu`.
    static func text(_ local: LocalDateTime, millis: Int? = nil, zulu: Bool = false) -> String {
        var text = local.description
        if let millis { text += millis < 10 ? ".00\(millis)" : millis < 100 ? ".0\(millis)" : ".\(millis)" }
        if zulu { text += "Z" }
        return text
    }

    /// Parses what `string(_:)` writes, also without milliseconds or `Z` (as UTC).
    /// Returns nil for anything else.
    static func date(_ text: String) -> Date? {
        var copy = text
        return copy.withUTF8 { date(bytes: $0) }
    }

    /// `date(_:)` on raw UTF-8 bytes, for the hot path of reading rows:
    /// `YYYY-MM-DDTHH:MM:SS`, then optionally `.` and 1 to 9 digits, then optionally `Z`,
    /// and nothing else.
    static func date(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard let (local, millis) = parts(bytes: bytes) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC) + TimeInterval(millis) / 1000)
    }

    /// What `date(bytes:)` reads, as the UTC wall clock and the milliseconds (the first three
    /// digits of the fraction); nil for what it refuses.
    static func parts(bytes: UnsafeBufferPointer<UInt8>) -> (LocalDateTime, Int)? {
        guard let local = wallClock(bytes) else { return nil }
        var end = bytes.count
        if end > 19, bytes[end - 1] == UInt8(ascii: "Z") { end -= 1 }
        var millis = 0
        if end > 19 {
            guard bytes[19] == UInt8(ascii: "."), end > 20, end <= 29 else { return nil }
            var scale = 100
            for index in 20..<end {
                guard let digit = digit(bytes[index]) else { return nil }
                millis += digit * scale
                scale /= 10
            }
        }
        return (local, millis)
    }

    /// `YYYY-MM-DD`, as a day.
    static func day(_ bytes: UnsafeBufferPointer<UInt8>) -> CalendarDay? {
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2) else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DDTHH:MM:SS` at the start of `bytes`, as a wall-clock time.
    static func wallClock(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDateTime? {
        guard bytes.count >= 19, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
              bytes[16] == UInt8(ascii: ":"), let day = day(bytes),
              let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2) else { return nil }
        return LocalDateTime(day: day, hour: hour, minute: minute, second: second)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= 48 && byte <= 57 ? Int(byte - 48) : nil
    }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            guard let digit = digit(bytes[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}

/// The database text form of a `Due` (see `Schema`): the value column and the zone column.
enum DueColumns {
    /// `(value, timeZone)`: all-day `YYYY-MM-DD`, floating `YYYY-MM-DDTHH:MM:SS`, timed
    /// `YYYY-MM-DDTHH:MM:SSZ` (UTC) with its zone identifier.
    static func columns(_ due: Due?) -> (SQLValue, SQLValue) {
        switch due {
        case nil: return (.null, .null)
        case .allDay(let day): return (.text(day.description), .null)
        case .floating(let local): return (.text(Timestamp.text(local)), .null)
        case .timed(let instant, let zone):
            let local = LocalDateTime(secondsSinceEpochAsUTC: Int(instant.timeIntervalSince1970.rounded(.down)))
            return (.text(Timestamp.text(local, zulu: true)), .text(zone.rawValue))
        }
    }

    /// The `Due` stored as the UTF-8 bytes `bytes` (empty for NULL) with the zone column
    /// `zone`; nil for NULL, for text in none of the three forms, and for a timed value
    /// without its zone.
    static func due(bytes: UnsafeBufferPointer<UInt8>, zone: @autoclosure () -> String?) -> Due? {
        switch bytes.count {
        case 0: return nil
        case 10: return Timestamp.day(bytes).map(Due.allDay)
        case 19: return Timestamp.wallClock(bytes).map(Due.floating)
        case 20 where bytes[19] == UInt8(ascii: "Z"):
            guard let local = Timestamp.wallClock(bytes), let zone = zone() else { return nil }
            return .timed(Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC)), timeZone: TimeZoneIdentifier(zone))
        default: return nil
        }
    }
}
