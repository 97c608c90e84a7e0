import Foundation

/// Turns due dates and instants into the short text shown in lists: `Today`,
/// `Tomorrow`, `Yesterday`, otherwise the locale's medium date style, followed by the
/// locale's short time style for values with a time.
///
/// | value (today is 2026-11-30 in the context zone) | en_US | ko_KR | de_DE |
/// | --- | --- | --- | --- |
/// | all-day 2026-11-30 | `Today` | `Today` | `Today` |
/// | all-day 2026-12-01 | `Tomorrow` | `Tomorrow` | `Tomorrow` |
/// | all-day 2026-11-29 | `Yesterday` | `Yesterday` | `Yesterday` |
/// | all-day 2026-12-03 | `Dec 3, 2026` | `2026. 12. 3.` | `03.12.2026` |
/// | 2026-12-01 09:00 | `Tomorrow 9:00 AM` | `Tomorrow 오전 9:00` | `Tomorrow 09:00` |
/// | 2026-12-03 17:30 | `Dec 3, 2026 5:30 PM` | `2026. 12. 3. 오후 5:30` | `03.12.2026 17:30` |
///
/// Decisions:
/// - The relative words are English in every locale: Foundation on Linux does not
///   localize them (`doesRelativeDateFormatting` has no effect there).
/// - Days are relative to the day of `context.now` in `context.timeZone`.
/// - Timed values are shown on the wall clock of the context zone, whatever zone they
///   carry: a reminder due 2026-12-03 09:00 in Asia/Seoul shows as `Today 7:00 PM` to
///   a user in America/New_York on 2026-12-02 (the same instant on their clock).
///   Floating values show their own wall clock.
/// - All-day values show no time.
/// - The narrow and ordinary no-break spaces Foundation puts in some styles (en_US
///   `5:30 PM` has U+202F before `PM`) become plain spaces, so that columns measure
///   and scripts match the same on every terminal.
///
/// Performance: the two `DateFormatter`s are made once per `DueFormatter`, and each
/// distinct day, time of day and day-and-minute is formatted once and remembered, so a
/// listing of many reminders costs a dictionary look-up per row. UTC offsets are
/// remembered as spans of constant offset, so converting an instant to the wall clock
/// rarely asks the time zone. Make one formatter per listing and drop it after: its
/// memory grows with the distinct days and minutes it has shown.
///
/// Not `Sendable`: the memo is shared, unsynchronized, by copies of the value. Use a
/// formatter on one task at a time (each task can make its own).
public struct DueFormatter {
    /// The clock, zone and locale this formatter reads.
    public let context: DateContext
    private let memo: DueFormatterMemo

    /// Creates a formatter for `context`: "today" is the day of `context.now` in
    /// `context.timeZone`, and dates and times follow `context.locale`.
    public init(context: DateContext) {
        self.context = context
        self.memo = DueFormatterMemo(context: context)
    }

    /// The text for a due date, such as `Tomorrow 9:00 AM` or `Dec 3, 2026`.
    ///
    /// - Complexity: amortized O(1): a look-up once the day and minute have been seen.
    public func string(for due: Due) -> String {
        switch due {
        case .allDay(let day):
            return memo.dayString(day.daysSinceEpoch)
        case .floating(let local):
            return memo.dateTimeString(localMinute: local.day.daysSinceEpoch * 1_440 + local.hour * 60 + local.minute)
        case .timed(let instant, _):
            return string(for: instant)
        }
    }

    /// The text for an instant, such as a completion time, on the wall clock of the
    /// context zone: `Today 5:30 PM`, `Nov 12, 2026 8:05 AM`.
    ///
    /// - Complexity: amortized O(1).
    public func string(for instant: Date) -> String {
        let seconds = instant.clampedWholeSecondsSince1970
        let local = seconds + memo.offset(at: seconds)
        return memo.dateTimeString(localMinute: local.floorDivided(by: 60))
    }

    /// The due date as ISO 8601 text for JSON: the same as `due.iso8601` (all-day
    /// `2026-12-03`, timed `2026-12-03T17:30:00+09:00` in its own zone, floating
    /// `2026-12-03T17:30:00`).
    public func isoString(for due: Due) -> String {
        due.iso8601
    }

    /// How many times a `DateFormatter` was asked for text; for tests of the memo.
    var formatterCallCount: Int { memo.formatterCallCount }
}

@available(*, unavailable, message: "a DueFormatter's memo is unsynchronized; make one per task")
extension DueFormatter: Sendable {}

/// The formatters and remembered strings behind a ``DueFormatter``.
final class DueFormatterMemo {
    /// A span of instants `[start, end)` (whole seconds since 1970) over which the
    /// context zone's UTC offset is constant.
    struct OffsetSpan {
        var start: Int
        var end: Int
        var offset: Int
    }

    private let zone: TimeZone
    private let today: Int
    private let dateFormatter: DateFormatter
    private let timeFormatter: DateFormatter
    // Days within `window` of today are remembered in arrays indexed by
    // `day - today + window` (a dictionary look-up per row costs more than all the
    // rest of the work); days further away go to dictionaries.
    private static let window = 2_048
    private var nearDays: [String?] = Array(repeating: nil, count: 2 * window)
    private var nearDateTimes: [[String?]] = Array(repeating: [], count: 2 * window)
    private var farDays: [Int: String] = [:]
    private var farDateTimes: [Int: String] = [:]
    private var times: [String?] = Array(repeating: nil, count: 1_440)
    private var spans: [OffsetSpan] = []   // sorted by start, disjoint
    private var lastSpan = OffsetSpan(start: 0, end: 0, offset: 0)
    private(set) var formatterCallCount = 0

    init(context: DateContext) {
        zone = context.timeZone
        today = context.today.daysSinceEpoch
        // Both formatters work in UTC on instants built from the local day and minute,
        // so the locale's calendar and styles apply but no time zone rule does.
        dateFormatter = DateFormatter()
        dateFormatter.locale = context.locale
        dateFormatter.timeZone = TimeZone.gmt
        dateFormatter.dateStyle = .medium
        dateFormatter.timeStyle = .none
        timeFormatter = DateFormatter()
        timeFormatter.locale = context.locale
        timeFormatter.timeZone = TimeZone.gmt
        timeFormatter.dateStyle = .none
        timeFormatter.timeStyle = .short
    }

    /// `Today`, `Tomorrow`, `Yesterday` or the medium date of the day `day` days after
    /// 1970-01-01.
    func dayString(_ day: Int) -> String {
        switch day - today {
        case 0: return "Today"
        case 1: return "Tomorrow"
        case -1: return "Yesterday"
        default: break
        }
        let slot = day - today + Self.window
        let isNear = slot >= 0 && slot < nearDays.count
        if isNear, let text = nearDays[slot] { return text }
        if !isNear, let text = farDays[day] { return text }
        formatterCallCount += 1
        let noon = Date(timeIntervalSince1970: TimeInterval(day) * 86_400 + 43_200)
        let text = Self.plainSpaces(dateFormatter.string(from: noon))
        if isNear { nearDays[slot] = text } else { farDays[day] = text }
        return text
    }

    /// The short time of `minuteOfDay` minutes after midnight (0..<1440).
    func timeString(_ minuteOfDay: Int) -> String {
        if let text = times[minuteOfDay] { return text }
        formatterCallCount += 1
        let text = Self.plainSpaces(timeFormatter.string(from: Date(timeIntervalSince1970: TimeInterval(minuteOfDay * 60))))
        times[minuteOfDay] = text
        return text
    }

    /// Day and time for a wall-clock minute counted from 1970-01-01T00:00.
    func dateTimeString(localMinute: Int) -> String {
        let day = localMinute.floorDivided(by: 1_440)
        let minute = localMinute - day * 1_440
        let slot = day - today + Self.window
        guard slot >= 0, slot < nearDateTimes.count else {
            if let text = farDateTimes[localMinute] { return text }
            let text = dayString(day) + " " + timeString(minute)
            farDateTimes[localMinute] = text
            return text
        }
        if nearDateTimes[slot].isEmpty {
            nearDateTimes[slot] = Array(repeating: nil, count: 1_440)
        } else if let text = nearDateTimes[slot][minute] {
            return text
        }
        let text = dayString(day) + " " + timeString(minute)
        nearDateTimes[slot][minute] = text
        return text
    }

    /// The context zone's offset from UTC in seconds at `seconds` since 1970.
    func offset(at seconds: Int) -> Int {
        if lastSpan.start <= seconds, seconds < lastSpan.end { return lastSpan.offset }
        // The last span starting at or before `seconds`, by binary search.
        var low = 0, high = spans.count
        while low < high {
            let mid = (low + high) / 2
            if spans[mid].start <= seconds { low = mid + 1 } else { high = mid }
        }
        if low > 0, seconds < spans[low - 1].end {
            lastSpan = spans[low - 1]
            return lastSpan.offset
        }
        var span = span(around: seconds)
        // Keep spans disjoint: trim against the neighbours found by the search.
        if low > 0 { span.start = max(span.start, spans[low - 1].end) }
        if low < spans.count { span.end = min(span.end, spans[low].start) }
        spans.insert(span, at: low)
        lastSpan = span
        return span.offset
    }

    /// The span of constant offset around `seconds`, found by walking a day at a time
    /// for up to 120 days each way and bisecting the step where the offset changes.
    /// Assumes no two offset changes within one day, which holds for every zone in
    /// the tz database since 1900.
    private func span(around seconds: Int) -> OffsetSpan {
        let offset = offsetFromZone(seconds)
        let day = 86_400
        var start = seconds
        for _ in 0..<120 {
            let probe = start - day
            if offsetFromZone(probe) == offset { start = probe; continue }
            start = bisect(outside: probe, inside: start, offset: offset)
            break
        }
        var last = seconds // the last second known to have `offset`
        for _ in 0..<120 {
            let probe = last + day
            if offsetFromZone(probe) == offset { last = probe; continue }
            last = bisect(outside: probe, inside: last, offset: offset)
            break
        }
        return OffsetSpan(start: start, end: last + 1, offset: offset)
    }

    /// The second nearest `outside` that still has `offset`, between `inside` (which
    /// has it) and `outside` (which does not).
    private func bisect(outside: Int, inside: Int, offset: Int) -> Int {
        var outside = outside, inside = inside
        while abs(outside - inside) > 1 {
            let mid = inside + (outside - inside) / 2
            if offsetFromZone(mid) == offset { inside = mid } else { outside = mid }
        }
        return inside
    }

    private func offsetFromZone(_ seconds: Int) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// `text` with U+202F NARROW NO-BREAK SPACE and U+00A0 NO-BREAK SPACE made plain.
    static func plainSpaces(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\u{202F}" || $0 == "\u{00A0}" }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{202F}" || $0 == "\u{00A0}" ? " " : $0 }))
    }
}

extension Int {
    /// The quotient rounded toward negative infinity: `(-1).floorDivided(by: 60)` is -1.
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
