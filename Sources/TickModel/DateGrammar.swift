import Foundation

/// The date and time phrases Tick understands on input, read against a ``DateContext``.
///
/// Matching ignores case and leading and trailing white space; words are separated by
/// white space (commas count as white space, so `dec 14, 2027` reads as `dec 14 2027`).
/// Days are counted on the wall clock of the context's time zone: "today" is the day
/// of `context.now` there. The words are English, whatever the locale, except that a
/// phrase holding Hangul is read as Korean with the same rules (`내일 오후 3시`,
/// `다음 주 금요일`, `3일 후`; see `KoreanPhraseParser` for its grammar).
///
/// ## Results
///
/// - A date alone is all-day: `.allDay(day)`.
/// - A date and a time is `.timed(instant, timeZone: TimeZoneIdentifier(context.timeZone))`,
///   the instant of that wall-clock time in the context zone. In a daylight-saving gap
///   the time is read with the offset before the gap (02:30 on a day that skips
///   02:00–03:00 is 03:30); in an overlap the earlier instant is taken. See
///   `LocalDateTime.instant(in:)`.
/// - A time alone is that time today.
/// - An ISO 8601 date and time with an offset is that exact instant, and one with a
///   time zone name in brackets that zone's wall clock (see below).
///
/// ## Grammar
///
/// ```text
/// phrase   = iso-date-time ["[" ["!"] zone-name "]"] | span | date | date ["at"] time | ["at"] time [["on"] date]
/// span     = "in" (count ("hour" | "hours" | "hr" | "hrs" | "minute" | "minutes" | "min" | "mins")
///                  | compact) …  ["and"]   compact = `2h`, `90m`, `45min`, `1h30m`
/// date     = "today" | "tomorrow" | "yesterday"
///          | ["this"] weekday | "next" weekday
///          | "in" count unit                        count = digits | "a" | "an"
///          | "next" ("week" | "month" | "year")
///          | "end" "of" ("week" | "month" | "year")
///          | month day [year] | day month [year]    day = 1–31, "1st", "2nd", "14th"…
///          | YYYY-MM-DD                             year = four digits
/// time     = H[:MM[:SS]] ("am" | "pm")  (a space may come before am/pm; "a.m." too)
///          | H:MM[:SS]                  (24-hour clock, 0:00–23:59)
///          | "noon" | "midnight"
/// ```
///
/// - Weekdays: `monday`/`mon`, `tuesday`/`tue`/`tues`, `wednesday`/`wed`,
///   `thursday`/`thu`/`thur`/`thurs`, `friday`/`fri`, `saturday`/`sat`,
///   `sunday`/`sun`. **The one weekday rule:** `fri` (and `this fri`) is the soonest
///   Friday on or after today, so today itself when today is a Friday; `next fri` is
///   always 7 days after `fri`.
/// - `in N days|weeks|months|years` (singular or plural; `in a week`): days and weeks
///   count days; months and years keep the day of the month and clamp it to a shorter
///   month (2026-01-31 `in 1 month` → 2026-02-28; 2028-02-29 `in 1 year` →
///   2029-02-28).
/// - `in 3 hours`, `in 30 minutes`, `in 2h`, `in 1 hour 30 minutes`: that long after
///   the start of the current minute (`now` 10:17:42 → 13:17:00), a timed instant in
///   the context zone; nothing may follow.
/// - Weeks run Monday to Sunday (ISO 8601): `next week` is the Monday after today's
///   week, `end of week` the coming Sunday (today on a Sunday). `next month` is the 1st
///   of next month, `end of month` the last day of this month; `next year` is
///   January 1 of next year, `end of year` December 31 of this year.
/// - Month names in full or as three letters (`sept` too): `dec 14`, `14 dec`,
///   `december 14th`, `dec 14 2027`, `14 december 2027`. Without a year it is this
///   year's day when that is today or later, otherwise next year's. A day that does
///   not exist is an error, never rolled over (`feb 30`; `feb 29` when neither this
///   year nor next year has one).
/// - Times: `9am`, `9 am`, `9:30pm`, `12am` (00:00), `12pm` (12:00), `17:00`, `9:30`
///   (24-hour), `17:30:45`, `noon` (12:00), `midnight` (00:00 at the start of the
///   day: `tomorrow midnight` is the night between today and tomorrow; `midnight`
///   with no day is the coming midnight, the same night). A bare number
///   such as `9` is refused: it could be 9 am or 9 pm.
/// - `tonight` is refused with a hint ("today 8pm"): it names no time.
///
/// ## ISO 8601
///
/// `YYYY-MM-DD` is all-day. `YYYY-MM-DDTHH:MM[:SS[.fraction]]` (a space may replace
/// `T`) is a wall-clock time in the context zone; fractions of a second are dropped.
/// With an offset `Z`, `±HH:MM`, `±HHMM` or `±HH` after the time it is that exact
/// instant, and the zone identifier stored with it is the context zone's when that
/// zone has the same offset at that instant (an offset of the zone in seconds, local mean
/// time before 1900, counts as `Z`: `Due.iso8601` writes it so), else `"UTC"` for a zero offset, else a
/// fixed-offset identifier `GMT±HHMM` (such as `"GMT+0900"`), which `TimeZone` accepts.
///
/// A date and time may end in an IANA time zone name in brackets, as RFC 9557 extends
/// ISO 8601 (`2026-12-05T09:00-05:00[America/New_York]`, or `2026-12-05T09:00[America/New_York]`
/// without the offset): it is a timed date in that zone, the wall clock read there (as in
/// the context zone above: a gap moves forward, an overlap takes the earlier), so that a
/// repeating reminder follows that zone's daylight saving whatever the context zone is.
/// An offset given too must be the zone's at that time; an unknown name, an offset that
/// disagrees, a zone after a date alone and anything else in brackets are refused (see
/// `ZoneSuffix`).
///
/// ## Worked examples
///
/// With `now` = Wednesday 2026-12-02 10:00 in Asia/Seoul (01:00Z):
///
/// | input | result |
/// | --- | --- |
/// | `today` | all-day 2026-12-02 |
/// | `tomorrow 9am` | 2026-12-03 09:00 Asia/Seoul (2026-12-03T00:00:00Z) |
/// | `wed` / `this wed` | all-day 2026-12-02 (today is a Wednesday) |
/// | `next wed` | all-day 2026-12-09 |
/// | `fri at 17:00` | 2026-12-04 17:00 Asia/Seoul |
/// | `in 2 weeks` | all-day 2026-12-16 |
/// | `end of month` | all-day 2026-12-31 |
/// | `next week` | all-day 2026-12-07 (a Monday) |
/// | `dec 1` | all-day 2027-12-01 (this year's is past) |
/// | `14 dec 2027 3:30pm` | 2027-12-14 15:30 Asia/Seoul |
/// | `noon` | 2026-12-02 12:00 Asia/Seoul |
/// | `2026-12-03T17:30+09:00` | 2026-12-03T08:30:00Z, zone "Asia/Seoul" |
/// | `2026-12-03T17:30Z` | 2026-12-03T17:30:00Z, zone "UTC" |
/// | `2026-12-03 17:30-05:00` | 2026-12-03T22:30:00Z, zone "GMT-0500" |
/// | `2026-12-03T17:30-05:00[America/New_York]` | 2026-12-03T22:30:00Z, zone "America/New_York" |
/// | `2026-12-03T17:30[America/New_York]` | 2026-12-03T22:30:00Z, zone "America/New_York" |
/// | `2026-12-03T17:30-04:00[America/New_York]` | refused: New York is at -05:00 then |
public enum DateGrammar {
    /// Reads `text` as a due date; see ``DateGrammar`` for the grammar.
    ///
    /// - Parameters:
    ///   - text: what the user typed, such as `"tomorrow 9am"` or `"2026-12-03"`.
    ///   - context: the clock and time zone that relative phrases are read against
    ///     (the locale is not used: input words are English).
    /// - Returns: `.allDay` for a date alone, `.timed` for anything with a time.
    /// - Throws: `ModelError.invalidDate(text, reason:)` when any part is not
    ///   understood or names a day that does not exist; `reason` quotes the part, as in
    ///   "'blorp' is not a date, weekday or time"; also for a date outside
    ///   `SupportedDates` (years 2 to 9998).
    /// - Complexity: O(n) in the length of `text`.
    public static func parse(_ text: String, in context: DateContext) throws(ModelError) -> Due {
        try read(text, in: context).due
    }

    /// A date read from a phrase, with what the reading had to change.
    public struct Reading: Hashable, Sendable {
        /// The date.
        public var due: Due
        /// The wall-clock time typed when it does not exist in the zone it was read in (a
        /// daylight-saving gap: `2026-03-29 02:30` in Europe/Berlin): `due` is then that
        /// time moved forward by the gap (03:30), as the clocks moved. Nil otherwise.
        public var skippedTime: LocalDateTime?
        /// For a time given with neither a UTC offset nor a zone name, the wall clock it
        /// names on the context zone's clock, as typed (`2026-03-29 02:30` stays 02:30 in
        /// Berlin, which skips it; `in 3 hours` is the wall clock then): what a floating
        /// date keeps. Nil for a date alone and for a time with an offset or a zone name,
        /// which name an instant.
        public var wallClock: LocalDateTime?
    }

    /// Reads `text` like ``parse(_:in:)``, also saying when the time typed falls in a
    /// daylight-saving gap of the context zone and was moved forward by its length.
    ///
    /// Example (Europe/Berlin): `2026-03-29 02:30` → due 03:30 CEST (01:30Z), with
    /// `skippedTime` 2026-03-29 02:30.
    /// - Throws: as ``parse(_:in:)``.
    public static func read(_ text: String, in context: DateContext) throws(ModelError) -> Reading {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw .invalidDate(text, reason: "it is empty; give a date such as 'tomorrow', 'fri 17:00' or '2026-12-03'")
        }
        let due: Due
        var wallClock: LocalDateTime?
        var fixesZone = false // an offset or a zone name was given: the text names an instant, not a wall clock
        do {
            if let iso = try ISODateTime.parse(trimmed, in: context) {
                due = iso.due
                wallClock = iso.typedClock
                fixesZone = iso.namesZone || iso.typedClock == nil
            } else if KoreanPhraseParser.applies(to: trimmed) {
                var parser = try KoreanPhraseParser(trimmed, context: context)
                due = try parser.parse()
                wallClock = parser.wallClock
            } else {
                var parser = PhraseParser(trimmed, context: context)
                due = try parser.parse()
                wallClock = parser.wallClock
            }
        } catch {
            throw .invalidDate(text, reason: error.reason)
        }
        guard SupportedDates.contains(due) else {
            throw .invalidDate(text, reason: "it is outside the dates Tick handles (\(SupportedDates.description))")
        }
        var reading = Reading(due: due)
        guard case .timed(let instant, let zone) = due else { return reading }
        if let wallClock, LocalDateTime(instant, in: zone.timeZone(or: context.timeZone)) != wallClock {
            reading.skippedTime = wallClock
        }
        if !fixesZone {
            // A span (`in 3 hours`) types no wall clock: it is the instant's on the context zone's.
            reading.wallClock = wallClock ?? LocalDateTime(instant, in: context.timeZone)
        }
        return reading
    }
}

extension DateGrammar {
    /// The one wording of what a time of day may be, for every message that refuses one.
    public static let timeOfDayRange = "hours 0 to 23, or 1 to 12 with am/pm; minutes 00 to 59"

    /// Reads a time of day alone, in the words `--due` takes for one (`09:00`, `8:30`,
    /// `8am`, `8:30 pm`, `noon`, `midnight`), as seconds after midnight.
    ///
    /// Example: `8am` → 28 800; `17:30` → 63 000; `midnight` → 0.
    /// - Throws: `ModelError.invalidDate` with the wording of ``timeOfDayRange``.
    public static func secondsAfterMidnight(parsing text: String) throws(ModelError) -> Int {
        var parser = PhraseParser(text, context: DateContext(now: Date(timeIntervalSince1970: 0), timeZone: .gmt,
                                                             locale: Locale(identifier: "en_US_POSIX")))
        do {
            let time = try parser.parseTimeOfDay()
            return time.hour * 3_600 + time.minute * 60 + time.second
        } catch {
            throw .invalidDate(text, reason: error.reason)
        }
    }
}

/// Why a phrase was refused; becomes the `reason` of `ModelError.invalidDate`.
struct DateGrammarFailure: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
