import Foundation

/// The clock, time zone and locale that date parsing and display read, injected by the
/// caller so that the model never consults the machine.
///
/// The command line builds one from `TICK_NOW` (or the real clock), `TZ` and the POSIX
/// locale variables (see `Locale.preferredPOSIXName(lcAll:lcTime:lang:)`);
/// tests build one from fixed values:
///
/// ```swift
/// let context = DateContext(
///     now: Date(timeIntervalSince1970: 1_795_000_000),   // 2026-11-18T09:46:40Z
///     timeZone: TimeZone(identifier: "Asia/Seoul")!,
///     locale: Locale(posixName: "ko_KR.UTF-8"))
/// context.today  // 2026-11-18, the day of `now` on the Seoul wall clock
/// ```
public struct DateContext: Sendable {
    /// The current instant; "today", "tomorrow" and relative phrases count from it.
    public var now: Date
    /// The user's time zone: wall-clock times are read in it and shown in it.
    public var timeZone: TimeZone
    /// The locale whose medium date and short time styles are used for display.
    public var locale: Locale

    /// The ISO weekday weeks begin on: 1 Monday (the default, ISO 8601) to 7 Sunday. The
    /// date grammar's `next week`, `end of week` and `이번 주`/`다음 주` count weeks from it.
    public var weekStart: Int

    /// Creates a context from an explicit clock reading, time zone, locale and first day
    /// of the week (ISO weekday, clamped to 1...7).
    public init(now: Date, timeZone: TimeZone, locale: Locale, weekStart: Int = 1) {
        self.now = now
        self.timeZone = timeZone
        self.locale = locale
        self.weekStart = min(max(weekStart, 1), 7)
    }

    /// The ISO weekday a `week-start` setting names: `monday`…`sunday` or their first
    /// three letters, in any case; nil for anything else.
    public static func weekStart(named name: String) -> Int? {
        let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        let word = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard word.count >= 3, let index = days.firstIndex(where: { $0 == word || $0.prefix(3) == word }) else { return nil }
        return index + 1
    }

    /// The calendar day of `now` on the wall clock of `timeZone`.
    ///
    /// Example: `now` 2026-12-02T15:05:00Z in Asia/Seoul (UTC+9) is 00:05 on
    /// 2026-12-03 there, so `today` is 2026-12-03.
    public var today: CalendarDay {
        LocalDateTime(now, in: timeZone).day
    }
}
