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
        return local.description + "." + pad3(millis) + "Z"
    }

    /// Parses what `string(_:)` writes, also without milliseconds or `Z` (as UTC).
    /// Returns nil for anything else.
    static func date(_ text: String) -> Date? {
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

    private static func pad3(_ value: Int) -> String {
        value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)"
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
