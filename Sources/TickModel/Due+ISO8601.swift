import Foundation

extension Due {
    /// The due date as ISO 8601 text, the form used in `--json` output.
    ///
    /// | case | shape | example |
    /// | --- | --- | --- |
    /// | all-day | `YYYY-MM-DD` | `2026-12-03` |
    /// | timed | `YYYY-MM-DDTHH:MM:SS±HH:MM`, the wall clock and offset of its own zone | `2026-12-03T17:30:00+09:00` |
    /// | timed at offset zero | `YYYY-MM-DDTHH:MM:SSZ` | `2026-12-03T08:30:00Z` |
    /// | floating | `YYYY-MM-DDTHH:MM:SS`, no offset | `2026-12-03T17:30:00` |
    ///
    /// A timed value is written in the zone it carries (`.timed(i, timeZone:
    /// "Asia/Seoul")` gives `+09:00`), not the user's zone, so the text names the same
    /// instant and the same wall clock the value was entered with; the zone identifier
    /// travels beside it as `timeZone` in JSON. A zone identifier Foundation does not
    /// know is read as UTC and written with `Z`, as is an offset that is not a whole
    /// number of minutes (local mean time before 1900). Fractions of a second are
    /// dropped, and instants outside the years 1 to 9999 are clamped into them.
    public var iso8601: String {
        CalendarDay.ascii { appendISO8601(to: &$0) }
    }

    /// Appends ``iso8601`` to `bytes` as ASCII, for writers that build their output as
    /// bytes.
    /// - Parameter zone: the Foundation zone of a timed value's identifier when the
    ///   caller has it at hand (a cache of the zones an export meets); nil to look it up.
    @inlinable
    public func appendISO8601<Sink: ByteSink & ~Copyable>(to bytes: inout Sink, zone: TimeZone? = nil) {
        switch self {
        case .allDay(let day):
            day.appendISO8601(to: &bytes)
        case .floating(let local):
            local.appendISO8601(to: &bytes)
        case .timed(let instant, let identifier):
            Due.appendISO8601(instant, in: zone ?? identifier.timeZone(or: .gmt), to: &bytes)
        }
    }

    /// The UTC offset, in seconds, that ``iso8601`` writes for `instant` in `zone`: the
    /// zone's, or 0 (`Z`) when the zone's is not whole minutes, which `±HH:MM` cannot
    /// write (local mean time, as most zones kept before 1900: Asia/Seoul +08:27:52).
    /// `DateGrammar` reads an offset back to the context zone when this is equal to it.
    @usableFromInline
    static func writtenOffset(of instant: Date, in zone: TimeZone) -> Int {
        let offset = zone.secondsFromGMT(for: instant)
        return offset % 60 == 0 ? offset : 0
    }

    /// Appends `instant` as `YYYY-MM-DDTHH:MM:SS±HH:MM` (or `…Z`) on the wall clock of `zone`.
    @inlinable
    static func appendISO8601<Sink: ByteSink & ~Copyable>(_ instant: Date, in zone: TimeZone, to bytes: inout Sink) {
        let seconds = instant.clampedWholeSecondsSince1970
        let offset = writtenOffset(of: Date(timeIntervalSince1970: TimeInterval(seconds)), in: zone)
        LocalDateTime(secondsSinceEpochAsUTC: seconds + offset).appendISO8601(to: &bytes)
        guard offset != 0 else {
            bytes.append(UInt8(ascii: "Z"))
            return
        }
        let minutes = abs(offset) / 60
        bytes.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        CalendarDay.appendDigits(minutes / 60, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        CalendarDay.appendDigits(minutes % 60, 2, to: &bytes)
    }
}

extension Date {
    /// Whole seconds since 1970-01-01T00:00:00Z, rounded down and clamped to the
    /// instants whose wall clock lies in the years 1 to 9999 at any UTC offset (a day
    /// of margin at both ends), so that calendar arithmetic on them cannot trap.
    /// NaN gives 0.
    @usableFromInline
    var clampedWholeSecondsSince1970: Int {
        let seconds = timeIntervalSince1970.rounded(.down)
        guard !seconds.isNaN else { return 0 }
        let lowest = Double((CalendarDay.firstDaySinceEpoch + 1) * 86_400)
        let highest = Double(CalendarDay.lastDaySinceEpoch * 86_400 - 1)
        return Int(Swift.min(Swift.max(seconds, lowest), highest))
    }
}
