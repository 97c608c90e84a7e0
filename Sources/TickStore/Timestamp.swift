import Foundation
import TickModel

/// The text form of instants in the database: UTC `YYYY-MM-DDTHH:MM:SS.sssZ`
/// (ISO 8601 extended, millisecond precision), readable with `sqlite3` and ordered
/// correctly as text.
///
/// Hand-written rather than `ISO8601DateFormatter`, which costs microseconds per value
/// on the hot path of listing thousands of rows.
enum Timestamp {
    /// `2026-11-29T12:00:00.000Z`.
    static func string(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        let total = Int(milliseconds)
        let seconds = total >= 0 ? total / 1000 : (total - 999) / 1000
        let millis = total - seconds * 1000
        let local = LocalDateTime(secondsSinceEpochAsUTC: seconds)
        // Built as bytes: this runs for every row written (created_at, modified_at …).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        func digits(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            if rest >= divisor * 10 {
                bytes.append(contentsOf: String(rest).utf8)
                return
            }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        digits(local.day.year, 4); bytes.append(UInt8(ascii: "-"))
        digits(local.day.month, 2); bytes.append(UInt8(ascii: "-"))
        digits(local.day.day, 2); bytes.append(UInt8(ascii: "T"))
        digits(local.hour, 2); bytes.append(UInt8(ascii: ":"))
        digits(local.minute, 2); bytes.append(UInt8(ascii: ":"))
        digits(local.second, 2); bytes.append(UInt8(ascii: "."))
        digits(millis, 3); bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses what `string(_:)` writes, also without milliseconds or `Z` (as UTC).
    /// Returns nil for anything else.
    static func date(_ text: String) -> Date? {
        if let date = fastDate(text) { return date }
        var body = Substring(text)
        if body.hasSuffix("Z") { body = body.dropLast() }
        var millis = 0
        if let dot = body.firstIndex(of: ".") {
            let fraction = body[body.index(after: dot)...]
            guard let value = Int(fraction.prefix(3).padding(toLength: 3, withPad: "0", startingAt: 0)) else { return nil }
            millis = value
            body = body[..<dot]
        }
        guard let local = LocalDateTime(body) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC) + TimeInterval(millis) / 1000)
    }

    /// The exact form `string(_:)` writes, read straight from the bytes (this runs for
    /// every row read); nil for anything else, which `date(_:)` then reads the slow way.
    private static func fastDate(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count == 24, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                  bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                  bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z") else { return nil }
            func number(_ start: Int, _ count: Int) -> Int? {
                var value = 0
                for index in start..<(start + count) {
                    let digit = Int(bytes[index]) - 48
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                  let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                  let millis = number(20, 3),
                  let calendarDay = CalendarDay(year: year, month: month, day: day),
                  let local = LocalDateTime(day: calendarDay, hour: hour, minute: minute, second: second) else { return nil }
            return Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC) + TimeInterval(millis) / 1000)
        }
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
        case .floating(let local): return (.text(local.description), .null)
        case .timed(let instant, let zone):
            let local = LocalDateTime(secondsSinceEpochAsUTC: Int(instant.timeIntervalSince1970.rounded(.down)))
            return (.text(local.description + "Z"), .text(zone))
        }
    }

    /// The `Due` stored as `value` and `zone`; nil for NULL or unreadable text.
    static func due(_ value: String?, zone: String?) -> Due? {
        guard let value else { return nil }
        switch value.utf8.count {
        case 10:
            return CalendarDay(value).map(Due.allDay)
        case 20 where value.hasSuffix("Z"):
            guard let local = LocalDateTime(value.dropLast()) else { return nil }
            return .timed(Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC)), timeZone: zone ?? "UTC")
        default:
            return LocalDateTime(value).map(Due.floating)
        }
    }
}
