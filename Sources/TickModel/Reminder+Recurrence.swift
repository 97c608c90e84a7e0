import Foundation

/// What completing a reminder's current occurrence did.
public enum OccurrenceOutcome: Hashable, Sendable {
    /// The reminder does not repeat; it is now completed.
    case completed
    /// This occurrence (due `completed`) is done and the reminder moved on to `next`.
    case advanced(completed: Due, next: Due)
    /// That was the last occurrence (`COUNT`, `UNTIL`, or a rule with no further day):
    /// the reminder is completed, its due date left on the last occurrence.
    case seriesEnded(completed: Due)
    /// The rule cannot be expanded (`reason` says why); the reminder was completed as if
    /// it did not repeat.
    case unreadableRule(reason: String)
}

/// Rolling a recurring reminder forward (see DESIGN.md "Recurrence" in the README).
///
/// A recurring reminder is one row that always shows its current occurrence: its due
/// date is the occurrence, and its RRULE describes the rest of the series from there
/// (the due date is the series' `DTSTART`). Completing it moves the due date to the
/// next occurrence, moves the start date and absolute alarms by the same number of
/// days, re-arms the alarms, and counts `COUNT` down by one, so an iCalendar export
/// always describes exactly the occurrences still to come. No second row is ever made,
/// so no occurrence can be duplicated.
///
/// Times of day are kept on the wall clock of the reminder's own zone: a reminder due
/// 09:00 America/New_York stays 09:00 across a DST change. When an occurrence falls in a
/// DST gap (02:30 on a spring-forward day is read as 03:30, RFC 5545 §3.3.5), the
/// intended time is written into the rule (`BYHOUR=2;BYMINUTE=30`) so that the next
/// occurrence is 02:30 again.
extension Reminder {
    /// The parsed rule, or nil when the reminder does not repeat or the rule is unreadable.
    public var recurrenceRule: Recurrence? {
        recurrence?.rule
    }

    /// How the reminder repeats, in words (`Every 3 days`, `Monthly on the 31st`,
    /// `Every 3 days after completion`); the rule text itself when Tick cannot read it;
    /// nil when it does not repeat.
    public func recurrenceSummary(in zone: TimeZone) -> String? {
        Recurrence.summary(ofRule: recurrence, anchor: due ?? start, basis: recurrenceBasis, in: zone)
    }

    /// Completes the current occurrence at `now`.
    ///
    /// - Not recurring (or no due or start date to count from): the reminder is completed.
    /// - From the due date: the next occurrence is the first day of the rule's series
    ///   after the current due day, at the same wall-clock time.
    ///   Example: `FREQ=MONTHLY` due 2027-01-31 09:00 → 2027-03-31 09:00.
    /// - From completion, a rule with no `BY…` day parts: the completion day plus
    ///   `INTERVAL` days, weeks, months (clamped to a shorter month) or years, at the due
    ///   time. Example: `FREQ=DAILY;INTERVAL=3` due 2026-12-01, completed 2026-12-04 →
    ///   2026-12-07. With day parts: the first day of the rule after the completion day,
    ///   counted from the completion day. Example: weekdays, completed Friday → Monday.
    /// - `EXDATE` and `RDATE` lines kept from an import take occurrences out and add
    ///   them (see `nextOccurrence(after:rule:dates:in:ruleDay:)`). Example: yearly, due
    ///   2026-01-01, `EXDATE;VALUE=DATE:20270101` → 2028-01-01.
    /// - `COUNT=1` or no further day within `UNTIL`, and no `RDATE` after: the series
    ///   ends and the reminder is completed.
    ///
    /// Alarms of the new occurrence that would already have rung by `now` are marked
    /// fired, so rolling onto a date in the past does not ring at once.
    ///
    /// - Parameters:
    ///   - now: the completion instant.
    ///   - zone: the user's zone, for all-day and floating dates and unknown zone names.
    /// - Returns: the changed reminder and what happened. A completed reminder is
    ///   returned unchanged with `.completed`.
    public func completingOccurrence(at now: Date, in zone: TimeZone) -> (reminder: Reminder, outcome: OccurrenceOutcome) {
        var done = self
        guard !isCompleted else { return (self, .completed) }
        done.modifiedAt = now
        // A snooze belongs to the occurrence being completed, whatever comes next.
        done.alarms.removeAll { $0.isSnooze }
        guard let recurrence, let current = due ?? start else {
            done.completedAt = now
            return (done, .completed)
        }
        let rule: Recurrence
        do {
            rule = try recurrence.read()
        } catch {
            done.completedAt = now
            if case .invalidRecurrence(_, let reason) = error { return (done, .unreadableRule(reason: reason)) }
            return (done, .unreadableRule(reason: error.description))
        }
        let point = OccurrencePoint(current, userZone: zone)
        let completionDay = LocalDateTime(now, in: point.zone ?? zone).day
        let basis = recurrenceBasis
        let ruleDay: (CalendarDay) -> CalendarDay? = { day in
            switch basis {
            case .due: return rule.nextDay(after: day, anchor: point.day)
            case .completion: return Reminder.nextDay(countedFrom: completionDay, strictlyAfter: day, by: rule)
            }
        }
        let dates = RecurrenceDates(iCalendarExtras: iCalendarExtras)
        done.iCalendarExtras = Reminder.completingOverrides(naming: [start, due].compactMap { $0 }, in: done.iCalendarExtras,
                                                            at: now, userZone: zone)
        guard let next = Reminder.nextOccurrence(after: point, rule: rule, dates: dates, in: zone, ruleDay: ruleDay) else {
            done.completedAt = now
            return (done, .seriesEnded(completed: current))
        }
        let nextDay = OccurrencePoint(next.moved.due, userZone: zone).day
        done.moveOccurrence(to: next.moved.due, days: nextDay.daysSinceEpoch - point.day.daysSinceEpoch, in: zone)
        var advanced = recurrence
        advanced.edit { fields in
            if let count = rule.count { fields.count = count - next.ruleOccurrencesPassed }
            if next.isAddition { fields.pinAnchor(at: point.day) }
            if let pinned = next.moved.pinnedTime, rule.hour == nil {
                fields.hour = pinned.hour
                fields.minute = pinned.minute
                if pinned.second != 0 { fields.second = pinned.second }
            }
        }
        done.recurrence = advanced
        // A progress kept from a CalDAV client (40 %, in process) was the completed
        // occurrence's, not the next one's (a tester: the phone showed it on the next).
        done.iCalendarExtras = Reminder.droppingOccurrenceProgress(from: done.iCalendarExtras)
        done.alarms.removeAll { $0.isSnooze }
        for index in done.alarms.indices { done.alarms[index].firedAt = nil }
        done.silenceAlarms(dueBy: now, in: zone)
        return (done, .advanced(completed: current, next: next.moved.due))
    }

    /// Kept iCalendar lines (`iCalendarExtras`, one unfolded content line a line) without
    /// the progress of one occurrence: the VTODO's own `STATUS`, `PERCENT-COMPLETE` and
    /// `COMPLETED` lines (RFC 5545 §3.8.1.11, §3.8.1.8, §3.8.2.1), not those of a component
    /// kept inside it (a VALARM, a changed occurrence). The rest is kept byte for byte.
    /// Example: `STATUS:IN-PROCESS`, `PERCENT-COMPLETE:40`, `X-A:1` → `X-A:1`.
    /// - Complexity: O(n) in the length of `text`.
    static func droppingOccurrenceProgress(from text: String) -> String {
        guard !text.isEmpty else { return text }
        var kept = ""
        var depth = 0
        var rest = Substring(text)
        while !rest.isEmpty {
            let end = rest.firstIndex { $0 == "\n" || $0 == "\r\n" } ?? rest.endIndex
            let next = end < rest.endIndex ? rest.index(after: end) : end
            // The property name is ASCII and ends at `;` or `:`.
            let name = rest[..<end].prefix { $0 != ";" && $0 != ":" }.uppercased()
            if name == "BEGIN" { depth += 1 }
            if name == "END" { depth = max(0, depth - 1) }
            if !(depth == 0 && ["STATUS", "PERCENT-COMPLETE", "COMPLETED"].contains(name)) { kept += rest[..<next] }
            rest = rest[next...]
        }
        return kept
    }

    /// Kept iCalendar lines in which each kept changed occurrence (a `VTODO` block with a
    /// `RECURRENCE-ID`, RFC 5545 §3.8.4.4) that names one of `occurrences` is no longer
    /// completed: its own `STATUS`, `PERCENT-COMPLETE` and `COMPLETED` lines are left out
    /// (not those of a VALARM inside it); everything else byte for byte.
    /// - Parameter userZone: the user's zone, for all-day and floating values.
    /// - Complexity: O(n) in the length of `text`.
    static func reopeningOverrides(naming occurrences: [Due], in text: String, userZone: TimeZone) -> String {
        replacingOverrideProgress(naming: occurrences, in: text, userZone: userZone, where: { _ in true }, with: "")
    }

    /// Kept iCalendar lines in which each kept changed occurrence (a `VTODO` block with a
    /// `RECURRENCE-ID`) that names one of `occurrences` says it is completed: its own
    /// `STATUS`, `PERCENT-COMPLETE` and `COMPLETED` lines give way to `STATUS:COMPLETED`,
    /// `PERCENT-COMPLETE:100` and `COMPLETED` at `instant` (UTC, RFC 5545 §3.8.2.1) before
    /// its `END:VTODO`; everything else byte for byte. What Tick completes, the app that
    /// changed that occurrence then shows done (a tester: `undone` then `done` of an occurrence
    /// eM Client had completed left its override open in the export).
    /// - Parameter userZone: the user's zone, for all-day and floating values.
    /// - Complexity: O(n) in the length of `text`.
    static func completingOverrides(naming occurrences: [Due], in text: String, at instant: Date, userZone: TimeZone) -> String {
        let utc = LocalDateTime(secondsSinceEpochAsUTC: Int(instant.timeIntervalSince1970.rounded(.down)))
        let completed = String(format: "%04d%02d%02dT%02d%02d%02dZ", utc.day.year, utc.day.month, utc.day.day,
                               utc.hour, utc.minute, utc.second)
        // One completed already (by the app that wrote it) is kept as it is.
        return replacingOverrideProgress(naming: occurrences, in: text, userZone: userZone,
                                         where: { !completion(of: $0).isDone },
                                         with: "STATUS:COMPLETED\nPERCENT-COMPLETE:100\nCOMPLETED:\(completed)\n")
    }

    /// Kept iCalendar lines in which each kept changed occurrence that names one of
    /// `occurrences` and that `rewrites` picks has its own `STATUS`, `PERCENT-COMPLETE` and
    /// `COMPLETED` lines (not those of a VALARM inside it) replaced by `replacement`, put
    /// before its `END:VTODO`; everything else byte for byte.
    /// - Complexity: O(n) in the length of `text`.
    private static func replacingOverrideProgress(naming occurrences: [Due], in text: String, userZone: TimeZone,
                                                  where rewrites: (ArraySlice<(text: Substring, name: String)>) -> Bool,
                                                  with replacement: String) -> String {
        guard !occurrences.isEmpty, text.range(of: "RECURRENCE-ID", options: .caseInsensitive) != nil else { return text }
        var kept = ""
        forEachOverride(in: text, naming: occurrences, userZone: userZone) { lines, named in
            let rewritten = named && rewrites(lines)
            var depth = 0
            for (offset, line) in zip(lines.indices, lines) {
                if line.name == "BEGIN" { depth += 1 }
                if rewritten, depth == 1, line.name == "END", offset == lines.index(before: lines.endIndex) { kept += replacement }
                if !(rewritten && depth == 1 && ["STATUS", "PERCENT-COMPLETE", "COMPLETED"].contains(line.name)) { kept += line.text }
                if line.name == "END" { depth -= 1 }
            }
        }
        return kept
    }

    /// When a kept changed occurrence (a `VTODO` block with a `RECURRENCE-ID`) that names
    /// one of `occurrences` was completed: its `COMPLETED` time (UTC), else `fallback` for
    /// `STATUS:COMPLETED` or `PERCENT-COMPLETE:100` alone; nil when none names them or it is
    /// not completed.
    /// - Complexity: O(n) in the length of `text`.
    static func overrideCompletion(naming occurrences: [Due], in text: String, userZone: TimeZone, fallback: Date) -> Date? {
        guard !occurrences.isEmpty, text.range(of: "RECURRENCE-ID", options: .caseInsensitive) != nil else { return nil }
        var found: Date?
        forEachOverride(in: text, naming: occurrences, userZone: userZone) { lines, named in
            guard named, found == nil else { return }
            let completion = completion(of: lines)
            if completion.isDone { found = completion.at ?? fallback }
        }
        return found
    }

    /// Whether the block of a changed occurrence says it is completed (its own `STATUS:COMPLETED`,
    /// `PERCENT-COMPLETE:100` or a `COMPLETED` time), and that time when it gives one in UTC.
    private static func completion(of lines: ArraySlice<(text: Substring, name: String)>) -> (isDone: Bool, at: Date?) {
        var depth = 0
        var isDone = false
        var at: Date?
        for line in lines {
            if line.name == "BEGIN" { depth += 1 }
            if depth == 1 {
                let value = line.text.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
                if line.name == "STATUS", value == "COMPLETED" { isDone = true }
                if line.name == "PERCENT-COMPLETE", value == "100" { isDone = true }
                if line.name == "COMPLETED", case .utc(let instant)? = RecurrenceDates.values(ofLine: line.text.trimmingCharacters(in: .newlines)[...]).first {
                    isDone = true
                    at = instant
                }
            }
            if line.name == "END" { depth -= 1 }
        }
        return (isDone, at)
    }

    /// Calls `body` with each run of kept lines: a top-level `VTODO` block (a changed
    /// occurrence) with whether its `RECURRENCE-ID` names one of `occurrences`, or a single
    /// line outside one (named false). Lines come with their ends and their upper-cased names.
    private static func forEachOverride(in text: String, naming occurrences: [Due], userZone: TimeZone,
                                        _ body: (ArraySlice<(text: Substring, name: String)>, Bool) -> Void) {
        let points = occurrences.map { OccurrencePoint($0, userZone: userZone) }
        var lines: [(text: Substring, name: String)] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            let end = rest.firstIndex { $0 == "\n" || $0 == "\r\n" } ?? rest.endIndex
            let next = end < rest.endIndex ? rest.index(after: end) : end
            lines.append((rest[..<next], rest[..<end].prefix { $0 != ";" && $0 != ":" }.uppercased()))
            rest = rest[next...]
        }
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard line.name == "BEGIN", line.text.uppercased().hasPrefix("BEGIN:VTODO") else {
                body(lines[index...index], false)
                index += 1
                continue
            }
            // The block: BEGIN:VTODO … its END:VTODO (or the end of the text).
            var depth = 0
            var end = index
            var named = false
            while end < lines.count {
                let name = lines[end].name
                if name == "BEGIN" { depth += 1 }
                if name == "END" { depth -= 1 }
                if depth == 1, name == "RECURRENCE-ID",
                   let value = RecurrenceDates.values(ofLine: lines[end].text.trimmingCharacters(in: .newlines)[...]).first,
                   points.contains(where: { RecurrenceDates.value(value, names: $0, userZone: userZone) }) {
                    named = true
                }
                if depth == 0 { break }
                end += 1
            }
            body(lines[index...min(end, lines.count - 1)], named)
            index = end + 1
        }
    }

    /// `completingOccurrence(at:in:)`, then on past each next occurrence that a kept changed
    /// occurrence says another app completed (Thunderbird's `STATUS:COMPLETED` under a
    /// `RECURRENCE-ID` for a later occurrence), as an import of that file moves it: so Tick's
    /// state and its export agree. `outcome` names the occurrence completed here and the one
    /// finally reached.
    /// - Returns: also the occurrences passed so, each with the time the other app gave.
    /// - Complexity: O(k·n) for k passed occurrences and n bytes of kept lines.
    public func completingOccurrencePassingCompletedOverrides(at now: Date, in zone: TimeZone)
        -> (reminder: Reminder, outcome: OccurrenceOutcome, passed: [CompletedOccurrence]) {
        var (done, outcome) = completingOccurrence(at: now, in: zone)
        guard case .advanced(let first, _) = outcome else { return (done, outcome, []) }
        var passed: [CompletedOccurrence] = []
        // Each step moves on by one occurrence; a thousand kept overrides is more than any file.
        while passed.count < 1_000, let current = done.due ?? done.start,
              let at = Reminder.overrideCompletion(naming: [done.start, done.due].compactMap { $0 }, in: done.iCalendarExtras,
                                                   userZone: zone, fallback: now) {
            passed.append(CompletedOccurrence(due: current, completedAt: at))
            let (next, step) = done.completingOccurrence(at: at, in: zone)
            done = next
            switch step {
            case .advanced(_, let reached): outcome = .advanced(completed: first, next: reached)
            case .seriesEnded: outcome = .seriesEnded(completed: first)
            case .completed, .unreadableRule: outcome = step
            }
            guard case .advanced = step else { break }
        }
        if !passed.isEmpty {
            done.modifiedAt = now
            _ = done.silenceAlarms(dueBy: now, in: zone)
        }
        return (done, outcome, passed)
    }

    /// Undoes the last `completingOccurrence`: moves the reminder back to the occurrence
    /// due `previous` (from the history of completed occurrences), counts `COUNT` back
    /// up, and reopens it. Alarms of that occurrence that have already rung by `now`
    /// stay quiet.
    public func reopeningOccurrence(_ previous: Due, at now: Date, in zone: TimeZone) -> Reminder {
        var reopened = self
        reopened.completedAt = nil
        reopened.modifiedAt = now
        if let current = due ?? start, current != previous {
            let days = previous.day(in: OccurrencePoint(previous, userZone: zone).zone ?? zone).daysSinceEpoch
                - current.day(in: OccurrencePoint(current, userZone: zone).zone ?? zone).daysSinceEpoch
            reopened.moveOccurrence(to: previous, days: days, in: zone)
            // A changed occurrence kept from another app that completed this one (Thunderbird's
            // `STATUS:COMPLETED` under its `RECURRENCE-ID`) is reopened with it: else an export
            // said it was done, and imported back, moved the series on again (a tester).
            reopened.iCalendarExtras = Reminder.reopeningOverrides(naming: [reopened.start, reopened.due].compactMap { $0 },
                                                                   in: reopened.iCalendarExtras, userZone: zone)
            if let rule = recurrenceRule, let count = rule.count {
                // EXDATEs passed on the way used up more than one; an RDATE none.
                let passed = Reminder.ruleOccurrences(of: rule, basis: recurrenceBasis, after: previous, through: current, in: zone)
                reopened.recurrence?.edit { $0.count = count + passed }
            }
            // The days and time completing `previous` wrote into the rule, moving onto an RDATE.
            let (from, to) = (OccurrencePoint(current, userZone: zone), OccurrencePoint(previous, userZone: zone))
            if var rule = reopened.recurrenceRule {
                let pinned = rule
                rule.unpinAnchor(from: (from.day, from.time), to: (to.day, to.time))
                if rule != pinned { reopened.recurrence?.edit { $0 = rule } }
            }
        }
        reopened.alarms.removeAll { $0.isSnooze }
        for index in reopened.alarms.indices { reopened.alarms[index].firedAt = nil }
        reopened.silenceAlarms(dueBy: now, in: zone)
        return reopened
    }

    /// The reminder with its due date moved to the first day of its rule on or after the
    /// due date, as RFC 5545 asks (`DTSTART` "SHOULD be synchronized with the
    /// recurrence rule"). Example: due Wednesday 2026-12-02, `every monday` → 2026-12-07.
    /// Unchanged when it does not repeat, already matches, or the rule has no such day.
    public func synchronizedWithRecurrence(in zone: TimeZone) -> Reminder {
        guard let rule = recurrenceRule, let current = due ?? start else { return self }
        let point = OccurrencePoint(current, userZone: zone)
        guard let before = point.day.adding(checkedDays: -1),
              let first = rule.nextDay(after: before, anchor: point.day),
              let moved = point.moved(to: first, rule: rule) else { return self }
        // On its day already, a time the rule names (BYHOUR, BYMINUTE) still moves it (a tester:
        // `--due "mon 9:00"` with BYHOUR=6;BYMINUTE=55 kept 09:00, and `done` went to 06:55).
        guard first != point.day || moved.due != current else { return self }
        var synchronized = self
        synchronized.moveOccurrence(to: moved.due, days: first.daysSinceEpoch - point.day.daysSinceEpoch, in: zone)
        return synchronized
    }

    /// Sets the anchor date (due, else start) to `anchor` and moves the other date and
    /// absolute alarms by `days` days on their own wall clocks.
    mutating func moveOccurrence(to anchor: Due, days: Int, in zone: TimeZone) {
        if due != nil {
            due = anchor
            start = start.map { Reminder.shift($0, days: days, userZone: zone) }
        } else {
            start = anchor
        }
        let alarmZone = OccurrencePoint(anchor, userZone: zone).zone ?? zone
        for index in alarms.indices {
            if case .absolute(let instant) = alarms[index].trigger {
                let local = LocalDateTime(instant, in: alarmZone)
                if let day = local.day.adding(checkedDays: days),
                   let moved = LocalDateTime(day: day, hour: local.hour, minute: local.minute, second: local.second) {
                    alarms[index].trigger = .absolute(moved.instant(in: alarmZone))
                }
            }
        }
    }

    /// `due` moved by `days` days, keeping its kind and its wall-clock time.
    static func shift(_ due: Due, days: Int, userZone: TimeZone) -> Due {
        let point = OccurrencePoint(due, userZone: userZone)
        guard let day = point.day.adding(checkedDays: days) else { return due }
        return point.moved(to: day, rule: nil)?.due ?? due
    }

    /// The next occurrence of a completion-based rule completed on `completionDay`,
    /// always strictly after `current` (the occurrence being completed), so completing
    /// early or twice on one day never lands on the occurrence just done.
    ///
    /// With no `BY…` day parts: `completionDay` plus one step of `INTERVAL` days, weeks,
    /// months or years; when that is not after `current`, two steps, three … counted from
    /// `completionDay` (so months clamp from the completion day, not from each other).
    /// With day parts: the first day of the rule after both days, counted from
    /// `completionDay`.
    ///
    /// Example: `FREQ=DAILY;INTERVAL=3`, current 2026-01-07, completed 2026-01-04 →
    /// 2026-01-10 (2026-01-07 would repeat the occurrence just completed).
    static func nextDay(countedFrom completionDay: CalendarDay, strictlyAfter current: CalendarDay,
                        by rule: Recurrence) -> CalendarDay? {
        if rule.hasDayParts {
            return rule.nextDay(after: max(completionDay, current), anchor: completionDay)
        }
        var steps = 1
        while let candidate = step(completionDay, by: rule, times: steps) {
            if candidate > current { return candidate }
            // The gap between completionDay and current is finite, so this ends.
            steps += 1
        }
        return nil
    }

    /// `day` plus `times` steps of the rule's frequency and interval (months and years
    /// clamped to a shorter month), for completion-based rules with no day parts.
    static func step(_ day: CalendarDay, by rule: Recurrence, times: Int = 1) -> CalendarDay? {
        let (count, overflow) = rule.interval.multipliedReportingOverflow(by: times)
        guard !overflow else { return nil }
        switch rule.frequency {
        case .daily: return day.adding(checkedDays: count)
        case .weekly:
            let (days, overflow) = count.multipliedReportingOverflow(by: 7)
            return overflow ? nil : day.adding(checkedDays: days)
        case .monthly: return day.adding(months: count)
        case .yearly: return day.adding(years: count)
        }
    }
}

/// An occurrence on its own wall clock: the day, the time of day, and the zone
/// (nil for all-day and floating dates).
struct OccurrencePoint {
    /// The next occurrence, and the wall-clock time to pin in the rule when a DST gap
    /// moved it.
    struct Moved {
        var due: Due
        var pinnedTime: (hour: Int, minute: Int, second: Int)?
    }

    let original: Due
    let day: CalendarDay
    let time: (hour: Int, minute: Int, second: Int)?
    /// The zone of a timed date (its own, or the user's for a name Foundation does not know).
    let zone: TimeZone?

    init(_ due: Due, userZone: TimeZone) {
        original = due
        switch due {
        case .allDay(let value):
            day = value
            time = nil
            zone = nil
        case .floating(let local):
            day = local.day
            time = (local.hour, local.minute, local.second)
            zone = nil
        case .timed(let instant, let identifier):
            let zone = identifier.timeZone(or: userZone)
            let local = LocalDateTime(instant, in: zone)
            day = local.day
            time = (local.hour, local.minute, local.second)
            self.zone = zone
        }
    }

    /// The same kind of date on `newDay`, at the rule's time of day if it fixes one,
    /// else this point's time.
    func moved(to newDay: CalendarDay, rule: Recurrence?) -> Moved? {
        guard let time else { return Moved(due: .allDay(newDay), pinnedTime: nil) }
        let wanted = (hour: rule?.hour ?? time.hour, minute: rule?.minute ?? time.minute, second: rule?.second ?? time.second)
        guard let local = LocalDateTime(day: newDay, hour: wanted.hour, minute: wanted.minute, second: wanted.second) else { return nil }
        guard case .timed(_, let identifier) = original, let zone else {
            return Moved(due: .floating(local), pinnedTime: nil)
        }
        let instant = local.instant(in: zone)
        let readBack = LocalDateTime(instant, in: zone)
        let moved = readBack.hour != wanted.hour || readBack.minute != wanted.minute || readBack.second != wanted.second
        return Moved(due: .timed(instant, timeZone: identifier), pinnedTime: moved ? wanted : nil)
    }
}

extension Recurrence {
    /// Whether `next` is within `UNTIL` (inclusive). A `DATE` bound compares days; a UTC
    /// bound compares instants (an all-day date counts from its start in `zone`); a
    /// floating bound compares wall clocks.
    func allows(_ next: OccurrencePoint.Moved, in zone: TimeZone) -> Bool {
        guard let until else { return true }
        let point = OccurrencePoint(next.due, userZone: zone)
        switch until {
        case .day(let last):
            return point.day <= last
        case .instant(let last):
            return next.due.sortInstant(in: zone) <= last
        case .local(let last):
            guard let time = point.time,
                  let local = LocalDateTime(day: point.day, hour: time.hour, minute: time.minute, second: time.second) else {
                return point.day <= last.day
            }
            return local <= last
        }
    }
}
