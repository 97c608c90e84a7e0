import Foundation

/// A wall-clock date and time with no time zone: an iCalendar floating `DATE-TIME`
/// (RFC 5545 §3.3.5, form 1), or a local time before its zone is applied.
///
/// Text form: `YYYY-MM-DDTHH:MM:SS`. Ordering is chronological on the wall clock.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The calendar day.
    public var day: CalendarDay
    /// Hour 0...23.
    public var hour: Int
    /// Minute 0...59.
    public var minute: Int
    /// Second 0...59 (a leap second 60 is clamped to 59 on input).
    public var second: Int

    /// Creates a wall-clock time, or nil when a field is out of range.
    public init?(day: CalendarDay, hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = min(second, 59)
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS]` (a space may replace `T`) or the iCalendar basic
    /// form `YYYYMMDDTHHMMSS`. Returns nil for anything else.
    public init?(_ text: some StringProtocol) {
        let s = String(text)
        let bytes = Array(s.utf8)
        if bytes.count == 15, bytes[8] == UInt8(ascii: "T"),
           let day = CalendarDay(s.prefix(8)),
           let h = CalendarDay.number(bytes[9..<11]),
           let m = CalendarDay.number(bytes[11..<13]),
           let sec = CalendarDay.number(bytes[13..<15]) {
            self.init(day: day, hour: h, minute: m, second: sec)
            return
        }
        guard bytes.count == 16 || bytes.count == 19,
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
              bytes[13] == UInt8(ascii: ":"),
              let day = CalendarDay(s.prefix(10)),
              let h = CalendarDay.number(bytes[11..<13]),
              let m = CalendarDay.number(bytes[14..<16]) else { return nil }
        var sec = 0
        if bytes.count == 19 {
            guard bytes[16] == UInt8(ascii: ":"), let parsed = CalendarDay.number(bytes[17..<19]) else { return nil }
            sec = parsed
        }
        self.init(day: day, hour: h, minute: m, second: sec)
    }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String {
        CalendarDay.ascii { appendFields(to: &$0, extended: true) }
    }

    /// Appends `YYYY-MM-DDTHH:MM:SS` (``description``) to `bytes` as ASCII, for writers
    /// that build their output as bytes (an export writes several per reminder).
    @inlinable
    public func appendISO8601<Sink: ByteSink & ~Copyable>(to bytes: inout Sink) {
        appendFields(to: &bytes, extended: true)
    }

    /// Appends `YYYYMMDDTHHMMSS` (``basicFormat``) to `bytes` as ASCII.
    @inlinable
    public func appendBasicFormat<Sink: ByteSink & ~Copyable>(to bytes: inout Sink) {
        appendFields(to: &bytes, extended: false)
    }

    /// `YYYYMMDDTHHMMSS`, the iCalendar basic form.
    public var basicFormat: String {
        CalendarDay.ascii { appendFields(to: &$0, extended: false) }
    }

    /// Appends `YYYY-MM-DDTHH:MM:SS` (`extended`) or `YYYYMMDDTHHMMSS`.
    @inlinable
    func appendFields<Sink: ByteSink & ~Copyable>(to bytes: inout Sink, extended: Bool) {
        if !appendFourDigitYearFields(to: &bytes, extended: extended, quotedUTC: false) { appendEachField(to: &bytes, extended: extended) }
    }

    /// Appends `"YYYY-MM-DDTHH:MM:SSZ"`, quotes included: the JSON string of an instant in
    /// UTC (this wall clock read as UTC), as `appendISO8601(to:)` between `"` and `Z"`.
    @inlinable
    public func appendQuotedUTCISO8601<Sink: ByteSink & ~Copyable>(to bytes: inout Sink) {
        if appendFourDigitYearFields(to: &bytes, extended: true, quotedUTC: true) { return }
        bytes.append(UInt8(ascii: "\""))
        appendEachField(to: &bytes, extended: true)
        bytes.append(UInt8(ascii: "Z"))
        bytes.append(UInt8(ascii: "\""))
    }

    /// The fields written into a buffer on the stack and appended in one piece, when the
    /// year has four digits and the other fields two (what `appendEachField` then writes,
    /// a field at a time); false, appending nothing, otherwise. A date is written three
    /// times for each reminder of an export: eight appends each cost more than the rest.
    @inlinable
    func appendFourDigitYearFields<Sink: ByteSink & ~Copyable>(to bytes: inout Sink, extended: Bool, quotedUTC: Bool) -> Bool {
        let year = day.year
        guard year >= 0, year <= 9_999, day.month >= 0, day.month < 100, day.day >= 0, day.day < 100,
              hour >= 0, hour < 100, minute >= 0, minute < 100, second >= 0, second < 100 else { return false }
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            var index = 0
            if quotedUTC {
                raw[0] = UInt8(ascii: "\"")
                index = 1
            }
            /// Writes `value` (0 ..< 100) as two digits, then `separator` unless it is 0.
            func put(_ value: Int, _ separator: UInt8) {
                raw[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
                raw[index + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                index += 2
                if separator != 0 {
                    raw[index] = separator
                    index += 1
                }
            }
            let dash = extended ? UInt8(ascii: "-") : 0
            let colon = extended ? UInt8(ascii: ":") : 0
            put(year / 100, 0)
            put(year % 100, dash)
            put(day.month, dash)
            put(day.day, UInt8(ascii: "T"))
            put(hour, colon)
            put(minute, colon)
            put(second, 0)
            if quotedUTC {
                raw[index] = UInt8(ascii: "Z")
                raw[index + 1] = UInt8(ascii: "\"")
                index += 2
            }
            bytes.append(bytes: UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: index))
        }
        return true
    }

    /// `appendFields(to:extended:)` a field at a time, for any year.
    @inlinable
    func appendEachField<Sink: ByteSink & ~Copyable>(to bytes: inout Sink, extended: Bool) {
        day.appendFields(to: &bytes, separator: extended ? UInt8(ascii: "-") : nil)
        bytes.append(UInt8(ascii: "T"))
        CalendarDay.appendDigits(hour, 2, to: &bytes)
        if extended { bytes.append(UInt8(ascii: ":")) }
        CalendarDay.appendDigits(minute, 2, to: &bytes)
        if extended { bytes.append(UInt8(ascii: ":")) }
        CalendarDay.appendDigits(second, 2, to: &bytes)
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.day, lhs.hour, lhs.minute, lhs.second) < (rhs.day, rhs.hour, rhs.minute, rhs.second)
    }

    /// Seconds since 1970-01-01T00:00:00 on this wall clock, as if it were UTC.
    public var secondsSinceEpochAsUTC: Int {
        day.daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// The wall-clock time `seconds` seconds after 1970-01-01T00:00:00.
    public init(secondsSinceEpochAsUTC seconds: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        self.day = CalendarDay(daysSinceEpoch: days)
        self.hour = rest / 3_600
        self.minute = rest % 3_600 / 60
        self.second = rest % 60
    }

    /// The wall-clock time of `instant` in `zone`.
    public init(_ instant: Date, in zone: TimeZone) {
        let offset = zone.secondsFromGMT(for: instant)
        self.init(secondsSinceEpochAsUTC: Int((instant.timeIntervalSince1970).rounded(.down)) + offset)
    }

    /// The instant this wall-clock time names in `zone`.
    ///
    /// In a gap (spring forward) the time is read with the offset in force before the
    /// gap, so 02:30 on a day that skips 02:00–03:00 becomes 03:30, as RFC 5545 §3.3.5
    /// asks. In an overlap (fall back) the earlier of the two instants is chosen.
    public func instant(in zone: TimeZone) -> Date {
        let asUTC = secondsSinceEpochAsUTC
        // The offset before and after the wall time; try both, prefer the earlier instant.
        let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(asUTC - 86_400 / 2)))
        let after = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(asUTC + 86_400 / 2)))
        var candidates: [Int] = []
        for offset in [before, after] {
            let t = asUTC - offset
            if zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))) == offset {
                candidates.append(t)
            }
        }
        if let earliest = candidates.min() {
            return Date(timeIntervalSince1970: TimeInterval(earliest))
        }
        // In a gap: no offset maps back; use the offset from before the gap.
        return Date(timeIntervalSince1970: TimeInterval(asUTC - before))
    }
}
