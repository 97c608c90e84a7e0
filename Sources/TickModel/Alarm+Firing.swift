import Foundation

extension Reminder {
    /// The instant `alarm` rings for this reminder, or nil when it has nothing to be
    /// relative to.
    ///
    /// - Absolute triggers ring at their instant.
    /// - Relative triggers count from the due date (`RELATED=END`) or the start date
    ///   (`RELATED=START`). A VTODO with a DUE and no DTSTART therefore rings relative to
    ///   DUE for `RELATED=END`; and since most clients write `TRIGGER:-PT15M` (which is
    ///   `RELATED=START`) on to-dos that have only a DUE, a start-related trigger with no
    ///   start falls back to the due date, and an end-related one with no due date to
    ///   the start date.
    /// - Whole days and weeks of an offset are nominal (RFC 5545 §3.3.6): `-P1D` and
    ///   `-P1W` ring at the same wall-clock time a day or a week earlier, in the date's
    ///   own zone, even across a DST change; the rest (hours, minutes, seconds) is exact.
    ///   An offset marked exact (`Alarm.isExactOffset`, from `-24h` or `-PT24H`) is all
    ///   exact time.
    /// - An all-day date has no time of its own: the offset is read on the wall clock
    ///   from 00:00 of that day in `zone`, so the default all-day alarm `+PT9H` rings at
    ///   09:00 local even on a DST day (where 00:00 + 9 real hours is 08:00 or 10:00).
    ///   A floating time is read in `zone`.
    ///
    /// Example: due 2026-12-14 15:00 Asia/Seoul, trigger `-P1D` → 2026-12-13 15:00 Seoul;
    /// due 2026-03-09 09:00 America/New_York, `-P1W` → 2026-03-02 09:00 New York (one
    /// week minus one hour earlier in real time), `-PT168H` exact → 2026-03-02 08:00.
    public func fireDate(of alarm: Alarm, in zone: TimeZone) -> Date? {
        switch alarm.trigger {
        case .absolute(let instant):
            return instant
        case .relative(let seconds, _):
            guard let countsFromStart = countsFromStart(alarm),
                  let anchor = countsFromStart ? start : due else { return nil }
            return Reminder.instant(offsetBy: seconds, isExact: alarm.isExactOffset, from: anchor, in: zone)
        }
    }

    /// Whether a relative alarm rings counted from the start date (true) or the due date
    /// (false), by the fallbacks of ``fireDate(of:in:)``: a start-related trigger on a
    /// reminder with no start counts from its due date, an end-related one with no due
    /// date from its start. Nil for an absolute alarm, or when neither date is set.
    ///
    /// Example: `TRIGGER:-PT15M` (RELATED=START by default) imported on a to-do with only
    /// a DUE → false: it rings 15 minutes before due, and is shown so.
    public func countsFromStart(_ alarm: Alarm) -> Bool? {
        guard case .relative(_, let toStart) = alarm.trigger else { return nil }
        switch (start != nil, due != nil) {
        case (false, false): return nil
        case (true, true): return toStart
        case (let hasStart, _): return hasStart
        }
    }

    /// `anchor` moved by an alarm offset: whole days on the wall clock (of the date's own
    /// zone, else `zone`), the rest exact; an all-day anchor entirely on the wall clock.
    static func instant(offsetBy seconds: Int, isExact: Bool, from anchor: Due, in zone: TimeZone) -> Date {
        let wallZone: TimeZone
        switch anchor {
        case .allDay(let day):
            // No instant to be exact from: the offset is a wall-clock time around the day.
            let midnight = LocalDateTime(day: day, hour: 0, minute: 0) ?? LocalDateTime(secondsSinceEpochAsUTC: 0)
            return LocalDateTime(secondsSinceEpochAsUTC: midnight.secondsSinceEpochAsUTC + seconds).instant(in: zone)
        case .floating:
            wallZone = zone
        case .timed(_, let identifier):
            wallZone = identifier.timeZone(or: zone)
        }
        let start = anchor.sortInstant(in: zone)
        guard !isExact else { return start.addingTimeInterval(TimeInterval(seconds)) }
        // Truncating division: -P1DT2H is one nominal day and two exact hours before.
        let days = seconds / 86_400
        let rest = seconds % 86_400
        var moved = start
        if days != 0 {
            let local = LocalDateTime(start, in: wallZone)
            moved = LocalDateTime(secondsSinceEpochAsUTC: local.secondsSinceEpochAsUTC + days * 86_400).instant(in: wallZone)
        }
        return moved.addingTimeInterval(TimeInterval(rest))
    }

    /// The alarms still to ring (not fired), with their instants, earliest first; empty
    /// for a completed reminder.
    /// - Complexity: O(a log a) in the number of alarms.
    public func pendingAlarms(in zone: TimeZone) -> [(alarm: Alarm, date: Date)] {
        guard !isCompleted else { return [] }
        return alarms.compactMap { alarm in
            guard alarm.firedAt == nil, let date = fireDate(of: alarm, in: zone) else { return nil }
            return (alarm, date)
        }.sorted { $0.date < $1.date }
    }

    /// The instant of the next alarm to ring, or nil when none is pending.
    public func nextAlarmDate(in zone: TimeZone) -> Date? {
        pendingAlarms(in: zone).first?.date
    }

    /// Marks every pending alarm whose instant is at or before `now` as fired at `now`,
    /// without ringing it: for alarms of an occurrence the user is already looking at
    /// (a reminder just rolled forward onto a date in the past, an alarm set in the past).
    /// - Returns: how many alarms were marked.
    @discardableResult
    public mutating func silenceAlarms(dueBy now: Date, in zone: TimeZone) -> Int {
        var count = 0
        for index in alarms.indices where alarms[index].firedAt == nil {
            if let date = fireDate(of: alarms[index], in: zone), date <= now {
                alarms[index].firedAt = now
                alarms[index].isSilenced = true
                count += 1
            }
        }
        return count
    }
}

extension Alarm {
    /// The alarm every reminder with a due date gets unless told otherwise: at the due
    /// time for a timed or floating date, and `allDayOffset` seconds after 00:00 for an
    /// all-day date (09:00 local by default, see ``defaultAllDayOffset``).
    ///
    /// Example: due all-day 2026-12-01 → `.relative(seconds: 32_400, toStart: false)`,
    /// ringing 2026-12-01 09:00 in the user's zone.
    public static func defaultAlarm(for due: Due, allDayOffset: Int = Alarm.defaultAllDayOffset) -> Alarm {
        Alarm(trigger: .relative(seconds: due.isAllDay ? allDayOffset : 0, toStart: false))
    }

    /// 09:00, in seconds after midnight.
    public static let defaultAllDayOffset = 9 * 3_600

    /// Reads an alarm offset relative to the due date: `-10m`, `-1h`, `-1d`, `-1w`,
    /// `+15m`, `-1h30m`, `0`, or an RFC 5545 duration (`-PT15M`, `P1D`, §3.3.6).
    /// Units: `s`, `m`, `h`, `d`, `w`. The sign is required (`-` before, `+` after), so
    /// that `10m` is not silently read one way or the other.
    ///
    /// - Returns: seconds, negative before the due date.
    /// - Throws: `ModelError.invalidDuration` saying what to write.
    public static func offset(parsing text: String) throws(ModelError) -> Int {
        try alarmOffset(parsing: text).seconds
    }

    /// Reads an alarm offset like ``offset(parsing:)``, keeping whether it is all exact
    /// time: `-24h` and `-PT24H` are 24 real hours, `-1d` and `-P1D` one day on the wall
    /// clock (RFC 5545 §3.3.6). An offset is exact when its hours, minutes and seconds
    /// add up to a day or more.
    /// - Throws: `ModelError.invalidDuration` saying what to write.
    public static func alarmOffset(parsing text: String) throws(ModelError) -> AlarmOffset {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "0" || trimmed.uppercased() == "PT0S" { return AlarmOffset(seconds: 0) }
        if trimmed.uppercased().hasPrefix("P") || trimmed.uppercased().hasPrefix("-P") || trimmed.uppercased().hasPrefix("+P") {
            guard let offset = offset(fromDuration: trimmed) else {
                throw .invalidDuration(text, reason: "not an RFC 5545 duration such as -PT15M or P1D")
            }
            return offset
        }
        let unitsHint = "write a number and a unit such as -10m, -1h, -1d, +15m or -1h30m"
        guard let sign = trimmed.first, sign == "-" || sign == "+" else {
            // Only a length without its sign gets told to add one; anything else is no length.
            guard shorthandParts(Substring(trimmed)) != nil else {
                throw .invalidDuration(text, reason: isTooLongLength(trimmed) ? Alarm.tooLongReason : unitsHint)
            }
            throw .invalidDuration(text, reason: "say -\(trimmed) for before the due time or +\(trimmed) for after it")
        }
        guard let parts = shorthandParts(trimmed.dropFirst()) else {
            if isTooLongLength(trimmed) { throw .invalidDuration(text, reason: Alarm.tooLongReason) }
            throw .invalidDuration(text, reason: unitsHint)
        }
        return AlarmOffset(seconds: sign == "-" ? -parts.total : parts.total, isExact: parts.time >= 86_400)
    }

    /// What is said of a length past `longestLength`.
    public static let tooLongReason = "it is longer than 3,650 days (ten years), the longest Tick takes"

    /// Reads a positive length of time such as `15m`, `1h`, `2h30m`, `1d` or `PT15M`,
    /// as `tick snooze` takes it. Returns seconds, or nil when `text` is not one.
    public static func positiveSeconds(parsing text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let value = trimmed.uppercased().hasPrefix("P") ? seconds(fromDuration: trimmed) : shorthandSeconds(Substring(trimmed))
        guard let value, value > 0 else { return nil }
        return value
    }

    /// `1h30m` → 5400; nil for anything that is not number-unit pairs.
    static func shorthandSeconds(_ text: Substring) -> Int? {
        shorthandParts(text)?.total
    }

    /// The longest length `shorthandParts` reads, in seconds: 3,650 days (ten years).
    public static let longestLength = 3_650 * 86_400

    /// Whether `text` is number-unit pairs (`9999d`, `2h30m`, `3650d99h`) longer than
    /// `longestLength` in all: a length, too long, rather than no length (a tester: `snooze 1
    /// 9999d` said "'9999d' is not a date, weekday or time").
    public static func isTooLongLength(_ text: String) -> Bool {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        guard shorthandParts(body) == nil else { return false }
        // The shape alone: digits, then a unit, any number of times.
        var sawDigit = false, sawPart = false
        for character in body.lowercased() {
            if character.isASCII, character.isNumber { sawDigit = true; continue }
            guard sawDigit, "smhdw".contains(character) else { return false }
            sawDigit = false
            sawPart = true
        }
        return sawPart && !sawDigit
    }

    /// `1d2h` → (93 600, 7 200): the total, and the part given in hours, minutes and
    /// seconds (exact time, as opposed to nominal days and weeks); nil when it is longer than
    /// `longestLength` in all.
    static func shorthandParts(_ text: Substring) -> (total: Int, time: Int)? {
        var time = 0
        var total = 0
        var number = ""
        var sawPart = false
        for character in text.lowercased() {
            if character.isASCII, character.isNumber { number.append(character); continue }
            guard let value = Int(number) else { return nil }
            let unit: Int
            switch character {
            case "s": unit = 1
            case "m": unit = 60
            case "h": unit = 3_600
            case "d": unit = 86_400
            case "w": unit = 604_800
            default: return nil
            }
            let (product, overflow) = value.multipliedReportingOverflow(by: unit)
            guard !overflow else { return nil }
            let (sum, overflowed) = total.addingReportingOverflow(product)
            guard !overflowed, sum <= longestLength else { return nil }
            total = sum
            if unit < 86_400 { time += product }
            number = ""
            sawPart = true
        }
        return sawPart && number.isEmpty ? (total, time) : nil
    }
}
