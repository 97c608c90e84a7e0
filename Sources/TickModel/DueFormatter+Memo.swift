import Foundation

/// The formatters and remembered strings behind a ``DueFormatter``.
///
/// A value type kept in a `Box`: the reference that lets a `DueFormatter` value
/// update its memo from non-mutating methods.
struct DueFormatterMemo {
    /// The reference that lets a `DueFormatter` value update its memo.
    final class Box {
        // Swift checks each access to a class's stored property at run time, and that
        // check cost more than all the look-ups of a row (about 120 instructions of
        // 370). It is safe to leave out here: a Box is never shared between threads
        // (`DueFormatter` is not Sendable) and nothing the memo calls (DateFormatter,
        // TimeZone) can call back into it, so accesses never overlap.
        @exclusivity(unchecked) var memo: DueFormatterMemo
        init(_ memo: DueFormatterMemo) { self.memo = memo }
    }

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
    /// The locale's short date style, made the first time a shorter form is asked for.
    private var shortDateFormatter: DateFormatter?
    private var shortDays: [Int: String] = [:]
    private let locale: Locale
    private let relativeWords: RelativeDayWords

    /// Every text made so far; the tables below hold indices into it. (Tables of
    /// `Int32` rather than `String?` are cheap to fill and to free: freeing a table
    /// of optional strings visits every entry.)
    private var texts: [String] = []
    // Days within `window` of today are found by index, `slot = day - today + window`:
    // a dictionary look-up per row would cost more than all the rest of the work.
    // Days further away go to dictionaries.
    private static let window = 2_048
    /// The text of each near day, by slot; -1 until formatted.
    private var nearDays: [Int32] = Array(repeating: -1, count: 2 * window)
    /// Where each near day's run of 1,440 day-and-time entries starts in
    /// `nearDateTimes`; -1 until the first time on that day is shown.
    private var nearDateTimeStart: [Int32] = Array(repeating: -1, count: 2 * window)
    /// The text of each day and minute, by `nearDateTimeStart[slot] + minute`; -1 until made.
    private var nearDateTimes: [Int32] = []
    private var farDays: [Int: String] = [:]
    private var farDateTimes: [Int: String] = [:]
    /// The short time of each minute of the day; -1 until formatted.
    private var times: [Int32] = Array(repeating: -1, count: 1_440)
    /// Spans of constant UTC offset met so far, sorted by start and disjoint.
    private var spans: [OffsetSpan] = []
    private var lastSpan = OffsetSpan(start: 0, end: 0, offset: 0)
    private(set) var formatterCallCount = 0

    init(context: DateContext) {
        zone = context.timeZone
        today = context.today.daysSinceEpoch
        locale = context.locale
        relativeWords = RelativeDayWords(locale: context.locale)
        // Both formatters work in UTC on instants built from the local day and minute.
        dateFormatter = Self.dayFormatter(locale: context.locale, style: .medium)
        timeFormatter = DateFormatter()
        timeFormatter.locale = context.locale
        timeFormatter.timeZone = TimeZone.gmt
        timeFormatter.dateStyle = .none
        timeFormatter.timeStyle = .short
    }

    /// See `DueFormatter.string(for:)`.
    mutating func string(for due: Due) -> String {
        switch due {
        case .allDay(let day):
            return dayString(day.daysSinceEpoch)
        case .floating(let local):
            return dateTimeString(localMinute: local.day.daysSinceEpoch * 1_440 + local.hour * 60 + local.minute)
        case .timed(let instant, _):
            return string(for: instant)
        }
    }

    /// A formatter of days in `style` for `locale`, working in UTC on the noon of each day
    /// (`noon(of:)`), so the locale's calendar and style apply but no time zone rule does.
    private static func dayFormatter(locale: Locale, style: DateFormatter.Style) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = TimeZone.gmt
        formatter.dateStyle = style
        formatter.timeStyle = .none
        // Days are proleptic Gregorian (CalendarDay, ISO 8601); ICU switches to the
        // Julian calendar before 1582-10-15, which would show 0002-01-01 as Jan 3, 2.
        formatter.gregorianStartDate = .distantPast
        return formatter
    }

    /// 12:00 UTC of the day `day` days after 1970-01-01: the instant a day formatter shows.
    private static func noon(of day: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(day) * 86_400 + 43_200)
    }

    /// The wall-clock minute of `instant` in the context zone, counted from 1970-01-01T00:00.
    private mutating func localMinute(of instant: Date) -> Int {
        let seconds = instant.clampedWholeSecondsSince1970
        return (seconds + offset(at: seconds)).floorDivided(by: 60)
    }

    /// See `DueFormatter.shorterStrings(for:)`.
    mutating func shorterStrings(for due: Due) -> [String] {
        let minuteOfEpoch: Int
        switch due {
        case .allDay(let calendarDay):
            let day = calendarDay.daysSinceEpoch
            let short = shortDayString(day)
            return short == dayString(day) ? [] : [short]
        case .floating(let local):
            minuteOfEpoch = local.day.daysSinceEpoch * 1_440 + local.hour * 60 + local.minute
        case .timed(let instant, _):
            minuteOfEpoch = localMinute(of: instant)
        }
        let day = minuteOfEpoch.floorDivided(by: 1_440)
        let short = shortDayString(day)
        return [short + " " + timeString(minuteOfEpoch - day * 1_440), short]
    }

    /// `Today`, `Tomorrow`, `Yesterday` or the short date (`4/16/19`) of the day `day` days
    /// after 1970-01-01.
    private mutating func shortDayString(_ day: Int) -> String {
        if abs(day - today) <= 1 { return format(day: day) }
        if let text = shortDays[day] { return text }
        let formatter = shortDateFormatter ?? Self.dayFormatter(locale: locale, style: .short)
        shortDateFormatter = formatter
        formatterCallCount += 1
        let text = Self.plainSpaces(formatter.string(from: Self.noon(of: day)))
        shortDays[day] = text
        return text
    }

    /// See `DueFormatter.string(for:)`.
    mutating func string(for instant: Date) -> String {
        dateTimeString(localMinute: localMinute(of: instant))
    }

    // MARK: Days and times

    /// `Today`, `Tomorrow`, `Yesterday` or the medium date of the day `day` days after
    /// 1970-01-01.
    private mutating func dayString(_ day: Int) -> String {
        let slot = day - today + Self.window
        guard slot >= 0, slot < nearDays.count else {
            if let text = farDays[day] { return text }
            let text = format(day: day)
            farDays[day] = text
            return text
        }
        let index = nearDays[slot]
        if index >= 0 { return texts[Int(index)] }
        let text = format(day: day)
        nearDays[slot] = remember(text)
        return text
    }

    /// Day and time for a wall-clock minute counted from 1970-01-01T00:00.
    private mutating func dateTimeString(localMinute: Int) -> String {
        let day = localMinute.floorDivided(by: 1_440)
        let minute = localMinute - day * 1_440
        let slot = day - today + Self.window
        guard slot >= 0, slot < nearDays.count else {
            if let text = farDateTimes[localMinute] { return text }
            let text = dayString(day) + " " + timeString(minute)
            farDateTimes[localMinute] = text
            return text
        }
        var start = Int(nearDateTimeStart[slot])
        if start < 0 {
            start = nearDateTimes.count
            nearDateTimeStart[slot] = Int32(start)
            nearDateTimes.append(contentsOf: repeatElement(-1, count: 1_440))
        } else {
            let index = nearDateTimes[start + minute]
            if index >= 0 { return texts[Int(index)] }
        }
        let text = dayString(day) + " " + timeString(minute)
        nearDateTimes[start + minute] = remember(text)
        return text
    }

    /// The short time of `minuteOfDay` minutes after midnight (0..<1440).
    private mutating func timeString(_ minuteOfDay: Int) -> String {
        let index = times[minuteOfDay]
        if index >= 0 { return texts[Int(index)] }
        formatterCallCount += 1
        let text = Self.plainSpaces(timeFormatter.string(from: Date(timeIntervalSince1970: TimeInterval(minuteOfDay * 60))))
        times[minuteOfDay] = remember(text)
        return text
    }

    /// Keeps `text` and returns its index in `texts`.
    private mutating func remember(_ text: String) -> Int32 {
        texts.append(text)
        return Int32(texts.count - 1)
    }

    private mutating func format(day: Int) -> String {
        switch day - today {
        case 0: return relativeWords.today
        case 1: return relativeWords.tomorrow
        case -1: return relativeWords.yesterday
        default:
            formatterCallCount += 1
            return Self.plainSpaces(dateFormatter.string(from: Self.noon(of: day)))
        }
    }

    /// `text` with U+202F NARROW NO-BREAK SPACE and U+00A0 NO-BREAK SPACE made plain.
    static func plainSpaces(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\u{202F}" || $0 == "\u{00A0}" }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{202F}" || $0 == "\u{00A0}" ? " " : $0 }))
    }

    // MARK: UTC offsets

    /// The context zone's offset from UTC in seconds at `seconds` since 1970.
    private mutating func offset(at seconds: Int) -> Int {
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
}

extension Int {
    /// The quotient rounded toward negative infinity: `(-1).floorDivided(by: 60)` is -1.
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
