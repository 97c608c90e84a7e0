import Foundation
import TickModel

/// A Swift value sent as a statement parameter, in PostgreSQL's text format
/// (https://www.postgresql.org/docs/current/datatype.html): the server casts the text to
/// the parameter's type. `nil` text is SQL NULL.
public protocol PostgresEncodable {
    /// The value's text, or nil for NULL.
    var postgresText: String? { get }
}

/// A Swift value read from a result column in text format.
public protocol PostgresDecodable {
    /// Reads `text` (never NULL: NULL is handled by the row), or returns nil when it is
    /// not a value of this type.
    init?(postgresText text: String)
}

extension String: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { self }
    public init?(postgresText text: String) { self = text }
}

extension Int: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { String(self) }
    public init?(postgresText text: String) { self.init(text) }
}

extension Int64: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { String(self) }
    public init?(postgresText text: String) { self.init(text) }
}

extension Int32: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { String(self) }
    public init?(postgresText text: String) { self.init(text) }
}

extension Bool: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { self ? "t" : "f" }
    public init?(postgresText text: String) {
        switch text {
        case "t": self = true
        case "f": self = false
        default: return nil
        }
    }
}

extension Double: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { String(self) }
    public init?(postgresText text: String) { self.init(text) }
}

/// `bytea` in the hex format (`\x0a1b…`), PostgreSQL's default output since 9.0.
extension Data: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? {
        var text = "\\x"
        text.reserveCapacity(2 + count * 2)
        for byte in self {
            text.append(PostgresHex.digits[Int(byte >> 4)])
            text.append(PostgresHex.digits[Int(byte & 0x0F)])
        }
        return text
    }

    public init?(postgresText text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "\\"), bytes[1] == UInt8(ascii: "x"), bytes.count % 2 == 0 else { return nil }
        var data = Data(capacity: (bytes.count - 2) / 2)
        var index = 2
        while index < bytes.count {
            guard let high = PostgresHex.value(bytes[index]), let low = PostgresHex.value(bytes[index + 1]) else { return nil }
            data.append(high << 4 | low)
            index += 2
        }
        self = data
    }
}

/// `timestamptz` as an instant. Written as `YYYY-MM-DD HH:MM:SS.ffffff+00` (UTC,
/// microseconds: PostgreSQL's precision); read in the ISO output style every
/// `PostgresConnection` sets (`DateStyle=ISO`, `TimeZone=UTC`), with any offset.
extension Date: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { PostgresTimestamp.text(for: self) }
    public init?(postgresText text: String) {
        guard let date = PostgresTimestamp.date(from: text) else { return nil }
        self = date
    }
}

extension Optional: PostgresEncodable where Wrapped: PostgresEncodable {
    public var postgresText: String? { self?.postgresText }
}

enum PostgresHex {
    static let digits = Array("0123456789abcdef")

    static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// Converts instants to and from PostgreSQL's ISO timestamp text with the model's
/// calendar arithmetic (`CalendarDay`, proleptic Gregorian), so no `Calendar` or
/// formatter is involved.
enum PostgresTimestamp {
    /// `2026-12-01 09:00:00.250000+00` for 2026-12-01T09:00:00.25Z, rounded to the microsecond.
    /// An instant outside the years 1 to 9999 (or not a number) is written as the nearest end
    /// of them, as SQLite's `Timestamp` does: a conversion to `Int64` would trap, and stop a
    /// server of many users (a page cursor with `nan` once did, before it was refused).
    static func text(for date: Date) -> String {
        let scaled = (date.timeIntervalSince1970 * 1_000_000).rounded()
        // Clamped as an integer: the ends are not Doubles (253,402,300,799,999,999 rounds up to a
        // microsecond of the year 10000).
        let micros = scaled.isNaN ? 0 : min(max(Int64(min(max(scaled, -9e18), 9e18)), -62_135_596_800_000_000), 253_402_300_799_999_999)
        let (seconds, fraction) = floorDivision(micros, 1_000_000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let civil = CalendarDay(daysSinceEpoch: Int(days))
        let (year, month, day) = (Int64(civil.year), Int64(civil.month), Int64(civil.day))
        let hour = secondOfDay / 3_600, minute = secondOfDay / 60 % 60, second = secondOfDay % 60
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + " "
            + padded(hour, 2) + ":" + padded(minute, 2) + ":" + padded(second, 2) + "." + padded(fraction, 6) + "+00"
    }

    /// Reads `YYYY-MM-DD HH:MM:SS[.f…](+|-)HH[:MM[:SS]]`; nil for anything else
    /// (`infinity`, BC dates, another DateStyle).
    static func date(from text: String) -> Date? {
        // Read in place: a page of 50 reminders reads 150 of these.
        var text = text
        return text.withUTF8 { date(fromBytes: $0) }
    }

    private static func date(fromBytes bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = DigitScanner(bytes)
        guard let year = scanner.number(4), scanner.skip("-"), let month = scanner.number(2), scanner.skip("-"),
              let day = scanner.number(2), scanner.skip(" "), let hour = scanner.number(2), scanner.skip(":"),
              let minute = scanner.number(2), scanner.skip(":"), let second = scanner.number(2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var micros: Int64 = 0
        if scanner.skip(".") {
            var digits = 0
            while let digit = scanner.digit() {
                if digits < 6 { micros = micros * 10 + digit }
                digits += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 6) { micros *= 10 }
        }
        guard let sign = scanner.sign(), let offsetHours = scanner.number(2) else { return nil }
        var offset = offsetHours * 3_600
        if scanner.skip(":") {
            guard let minutes = scanner.number(2) else { return nil }
            offset += minutes * 60
            if scanner.skip(":") {
                guard let seconds = scanner.number(2) else { return nil }
                offset += seconds
            }
        }
        guard scanner.isAtEnd else { return nil }
        guard let calendarDay = CalendarDay(year: Int(year), month: Int(month), day: Int(day)) else { return nil }
        let days = Int64(calendarDay.daysSinceEpoch)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - sign * offset
        return Date(timeIntervalSince1970: Double(seconds) + Double(micros) / 1_000_000)
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
        return (quotient, value - quotient * divisor)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// Reads fixed-width decimal numbers and separators from ASCII bytes.
    private struct DigitScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func digit() -> Int64? {
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
            defer { index += 1 }
            return Int64(bytes[index] - UInt8(ascii: "0"))
        }

        mutating func number(_ width: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<width {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func sign() -> Int64? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
