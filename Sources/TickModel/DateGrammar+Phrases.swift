import Foundation

/// The word grammar of ``DateGrammar`` (everything but a whole ISO 8601 date and time):
/// a recursive-descent reader over white-space separated words.
struct PhraseParser {
    /// A word as typed (for messages) and folded to lower case (for matching).
    struct Word {
        var text: Substring
        var folded: String
    }

    /// A wall-clock time of day.
    struct TimeOfDay: Equatable {
        var hour: Int
        var minute: Int
        var second: Int = 0
        /// `midnight` with no day named: the coming midnight, 00:00 tomorrow.
        var isBareMidnight = false
    }

    /// The wall-clock time read, for a timed phrase (set by ``parse()``).
    private(set) var wallClock: LocalDateTime?

    private let words: [Word]
    private var index = 0
    private let context: DateContext
    private let days: DayReckoning
    private var today: CalendarDay { days.today }

    init(_ text: String, context: DateContext) {
        self.words = text.split(whereSeparator: { $0.isWhitespace || $0 == "," })
            .map { Word(text: $0, folded: $0.lowercased()) }
        self.context = context
        self.days = DayReckoning(today: context.today, weekStart: context.weekStart)
    }

    /// Reads the whole phrase.
    mutating func parse() throws(DateGrammarFailure) -> Due {
        if let span = try clockSpanPhrase() { return span }
        var day: CalendarDay
        let time: TimeOfDay
        var namesDay = true
        if let date = try datePhrase() {
            day = date
            if atEnd { return .allDay(date) }
            let sawAt = accept("at")
            guard let parsed = try timePhrase() else {
                if atEnd { throw DateGrammarFailure("'at' must be followed by a time, as in 'at 9am'") }
                throw DateGrammarFailure("'\(currentText)' is not a time" + (sawAt ? "" : " (after a date only a time may follow)"))
            }
            time = parsed
        } else {
            let sawAt = accept("at")
            guard let parsed = try timePhrase() else {
                if atEnd { throw DateGrammarFailure("'at' must be followed by a time, as in 'at 9am'") }
                throw DateGrammarFailure(sawAt ? "'\(currentText)' is not a time" : notADateOrTime())
            }
            time = parsed
            day = today
            namesDay = !atEnd
            if !atEnd {
                _ = accept("on")
                guard let date = try datePhrase() else {
                    if atEnd { throw DateGrammarFailure("'on' must be followed by a date or weekday, as in 'on fri'") }
                    throw DateGrammarFailure("'\(currentText)' is not a date or weekday")
                }
                day = date
            }
        }
        guard atEnd else {
            throw DateGrammarFailure("'\(currentText)' is not understood after '\(consumedText)'")
        }
        let reading = try DueAssembly.timed(day: day, time: time, namesDay: namesDay, context: context)
        wallClock = reading.wallClock
        return reading.due
    }

    /// Reads `in` and a span of hours and minutes (`in 3 hours`, `in 30 min`, `in 2h`,
    /// `in 1 hour 30 minutes`, `in an hour`) as the whole phrase, or returns nil
    /// (consuming nothing) when the words after `in` are not one.
    private mutating func clockSpanPhrase() throws(DateGrammarFailure) -> Due? {
        guard words.first?.folded == "in", words.count >= 2 else { return nil }
        var seconds = 0
        var position = 1
        while position < words.count {
            let word = words[position].folded
            var part: Int
            if let compact = ClockSpan.compact(word) {
                part = compact
                position += 1
            } else if position + 1 < words.count, let unit = ClockSpan.unitSeconds(words[position + 1].folded),
                      let count = word == "a" || word == "an" ? 1 : Self.number(word) {
                let (product, overflow) = count.multipliedReportingOverflow(by: unit)
                part = overflow ? Int.max : product
                position += 2
            } else if position > 1, word == "and" {
                position += 1
                continue
            } else {
                break
            }
            seconds = seconds > Int.max - part ? Int.max : seconds + part
        }
        guard position > 1 else { return nil }
        guard position == words.count else {
            index = position
            throw DateGrammarFailure("'\(currentText)' is not understood after '\(consumedText)'; nothing may follow a span of hours or minutes")
        }
        return try DueAssembly.after(seconds: seconds, context: context)
    }

    /// Reads the whole phrase as a time of day alone (`09:00`, `8am`, `noon`).
    mutating func parseTimeOfDay() throws(DateGrammarFailure) -> TimeOfDay {
        guard let time = try timePhrase(), atEnd else {
            throw DateGrammarFailure("'\(words.map(\.text).joined(separator: " "))' is not a time of day (\(DateGrammar.timeOfDayRange))")
        }
        return time
    }

    // MARK: Dates

    /// Reads a date phrase, or returns nil (consuming nothing) when the current word
    /// cannot begin one.
    private mutating func datePhrase() throws(DateGrammarFailure) -> CalendarDay? {
        guard let word = current else { return nil }
        switch word.folded {
        case "today":
            index += 1
            return today
        case "tomorrow":
            index += 1
            return try days.shifted(days: 1)
        case "yesterday":
            index += 1
            return try days.shifted(days: -1)
        case "tonight":
            throw DateGrammarFailure("'\(word.text)' names no time; say 'today 8pm' or 'today 20:00'")
        case "this":
            index += 1
            guard let weekday = current.flatMap({ Self.weekday($0.folded) }) else {
                throw DateGrammarFailure("'this' must be followed by a weekday, as in 'this fri'")
            }
            index += 1
            return try days.coming(weekday)
        case "next":
            index += 1
            return try afterNext()
        case "in":
            index += 1
            return try inPhrase()
        case "end":
            index += 1
            return try endOfPhrase()
        default:
            break
        }
        if let weekday = Self.weekday(word.folded) {
            index += 1
            return try days.coming(weekday)
        }
        if let month = Self.month(word.folded) {
            index += 1
            guard let next = current else {
                throw DateGrammarFailure("'\(word.text)' needs a day of the month, as in '\(word.folded) 14'")
            }
            guard let dayNumber = Self.dayOfMonth(next.folded) else {
                throw DateGrammarFailure("'\(next.text)' is not a day of the month (1 to 31)")
            }
            index += 1
            return try monthDay(month: month, day: dayNumber)
        }
        if index + 1 < words.count, let month = Self.month(words[index + 1].folded),
           word.folded.first?.isASCIIDigit == true {
            guard let dayNumber = Self.dayOfMonth(word.folded) else {
                throw DateGrammarFailure("'\(word.text)' is not a day of the month (1 to 31)")
            }
            index += 2
            return try monthDay(month: month, day: dayNumber)
        }
        let utf8 = word.folded.utf8
        if utf8.count >= 5, utf8.prefix(4).allSatisfy({ $0 >= 48 && $0 <= 57 }), Array(utf8)[4] == UInt8(ascii: "-") {
            guard utf8.count == 10, let day = try ISODateTime.date(ArraySlice(utf8), text: word.folded) else {
                throw DateGrammarFailure("'\(word.text)' is not an ISO 8601 date (YYYY-MM-DD) or date and time (YYYY-MM-DDTHH:MM)")
            }
            index += 1
            return day
        }
        return nil
    }

    /// The words after `next`: a weekday, `week`, `month` or `year`.
    private mutating func afterNext() throws(DateGrammarFailure) -> CalendarDay {
        guard let word = current else {
            throw DateGrammarFailure("'next' must be followed by a weekday, 'week', 'month' or 'year'")
        }
        index += 1
        if let weekday = Self.weekday(word.folded) {
            return try days.next(weekday)
        }
        switch word.folded {
        case "week":
            return try days.nextWeek()
        case "month":
            return try days.firstOfNextMonth()
        case "year":
            return try days.firstOfNextYear()
        default:
            throw DateGrammarFailure("'next \(word.text)' is not understood; use a weekday, 'week', 'month' or 'year' after 'next'")
        }
    }

    /// The words after `in`: a count and a unit.
    private mutating func inPhrase() throws(DateGrammarFailure) -> CalendarDay {
        guard let countWord = current else {
            throw DateGrammarFailure("'in' must be followed by a number and a unit, as in 'in 3 days'")
        }
        let count: Int
        if countWord.folded == "a" || countWord.folded == "an" {
            count = 1
        } else if let number = Self.number(countWord.folded) {
            count = number
        } else if countWord.folded.allSatisfy(\.isASCIIDigit) {
            throw DateGrammarFailure("the day falls outside the " + SupportedDates.description)
        } else {
            throw DateGrammarFailure("'\(countWord.text)' is not a number; write 'in 3 days' or 'in a week'")
        }
        index += 1
        guard let unitWord = current else {
            throw DateGrammarFailure("'in \(countWord.text)' needs a unit: minutes, hours, days, weeks, months or years")
        }
        index += 1
        switch unitWord.folded {
        case "day", "days": return try days.after(count, .days)
        case "week", "weeks": return try days.after(count, .weeks)
        case "month", "months": return try days.after(count, .months)
        case "year", "years": return try days.after(count, .years)
        default:
            throw DateGrammarFailure("'\(unitWord.text)' is not a unit; use minutes, hours, days, weeks, months or years")
        }
    }

    /// The words after `end`: `of week|month|year`.
    private mutating func endOfPhrase() throws(DateGrammarFailure) -> CalendarDay {
        guard accept("of"), let word = current else {
            throw DateGrammarFailure("'end' must be followed by 'of week', 'of month' or 'of year'")
        }
        index += 1
        switch word.folded {
        case "week": return try days.endOfWeek()
        case "month": return today.lastDayOfMonth
        case "year": return try days.endOfYear()
        default:
            throw DateGrammarFailure("'end of \(word.text)' is not understood; use 'end of week', 'end of month' or 'end of year'")
        }
    }

    /// A month and day, with the year from the next word when it is four digits (see
    /// ``DayReckoning/monthDay(month:day:year:yearText:)``).
    private mutating func monthDay(month: Int, day: Int) throws(DateGrammarFailure) -> CalendarDay {
        if let word = current, word.folded.utf8.count == 4, let year = Self.number(word.folded) {
            index += 1
            return try days.monthDay(month: month, day: day, year: year, yearText: word.text)
        }
        return try days.monthDay(month: month, day: day)
    }

    // MARK: Times

    /// Reads a time, or returns nil (consuming nothing) when the current word cannot
    /// begin one.
    private mutating func timePhrase() throws(DateGrammarFailure) -> TimeOfDay? {
        guard let word = current else { return nil }
        switch word.folded {
        case "noon":
            index += 1
            return TimeOfDay(hour: 12, minute: 0)
        case "midnight":
            index += 1
            return TimeOfDay(hour: 0, minute: 0, isBareMidnight: true)
        default:
            break
        }
        let folded = word.folded
        if let (clock, meridiem) = Self.splitMeridiem(folded) {
            guard let parsed = Self.clock(clock) else { return nil }
            index += 1
            return try Self.twelveHour(parsed, meridiem: meridiem, text: word.text)
        }
        guard let parsed = Self.clock(folded) else { return nil }
        if index + 1 < words.count, let meridiem = Self.meridiem(words[index + 1].folded) {
            let text = word.text + " " + words[index + 1].text
            index += 2
            return try Self.twelveHour(parsed, meridiem: meridiem, text: Substring(text))
        }
        guard parsed.hasMinutes else {
            if index + 1 < words.count, Self.units.contains(words[index + 1].folded) {
                throw DateGrammarFailure("'\(word.text) \(words[index + 1].text)' needs 'in' before it, as in 'in \(word.text) \(words[index + 1].text)'")
            }
            throw DateGrammarFailure("'\(word.text)' needs am/pm or minutes: '\(word.text)am', '\(word.text)pm' or '\(word.text):00'")
        }
        guard parsed.time.hour <= 23 else {
            throw DateGrammarFailure("'\(word.text)' is not a time of day (\(DateGrammar.timeOfDayRange))")
        }
        index += 1
        return parsed.time
    }

    /// `H`, `H:MM` or `H:MM:SS` with one or two hour digits and two-digit minutes and
    /// seconds (each 0–59); nil for any other shape.
    static func clock(_ text: some StringProtocol) -> (time: TimeOfDay, hasMinutes: Bool)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), (1...2).contains(parts[0].count),
              let hour = number(parts[0]) else { return nil }
        var time = TimeOfDay(hour: hour, minute: 0)
        if parts.count >= 2 {
            guard parts[1].count == 2, let minute = number(parts[1]), minute <= 59 else { return nil }
            time.minute = minute
        }
        if parts.count == 3 {
            guard parts[2].count == 2, let second = number(parts[2]), second <= 59 else { return nil }
            time.second = second
        }
        return (time, parts.count >= 2)
    }

    /// A 12-hour clock reading: hours 1–12, `12am` is 00:00 and `12pm` is 12:00.
    static func twelveHour(_ parsed: (time: TimeOfDay, hasMinutes: Bool), meridiem: Meridiem,
                           text: Substring) throws(DateGrammarFailure) -> TimeOfDay {
        var time = parsed.time
        guard (1...12).contains(time.hour) else {
            throw DateGrammarFailure("'\(text)' is not a time of day (\(DateGrammar.timeOfDayRange))")
        }
        time.hour = time.hour % 12 + (meridiem == .pm ? 12 : 0)
        return time
    }

    /// Before or after noon.
    enum Meridiem { case am, pm }

    /// `am`, `a.m.`, `pm`, `p.m.`.
    static func meridiem(_ text: some StringProtocol) -> Meridiem? {
        switch text {
        case "am", "a.m.", "a.m": return .am
        case "pm", "p.m.", "p.m": return .pm
        default: return nil
        }
    }

    /// Splits `9:30pm` into `9:30` and `.pm`; nil when the word has no such suffix.
    static func splitMeridiem(_ text: String) -> (Substring, Meridiem)? {
        for suffix in ["a.m.", "p.m.", "a.m", "p.m", "am", "pm"] where text.hasSuffix(suffix) && text.count > suffix.count {
            if let meridiem = meridiem(suffix) { return (text.dropLast(suffix.count), meridiem) }
        }
        return nil
    }

    // MARK: Words

    /// Weekday names and abbreviations by ISO number (1 = Monday).
    static func weekday(_ text: String) -> Int? {
        let name = text.hasSuffix(".") ? String(text.dropLast()) : text
        switch name {
        case "monday", "mon": return 1
        case "tuesday", "tue", "tues": return 2
        case "wednesday", "wed": return 3
        case "thursday", "thu", "thur", "thurs": return 4
        case "friday", "fri": return 5
        case "saturday", "sat": return 6
        case "sunday", "sun": return 7
        default: return nil
        }
    }

    /// Month names and abbreviations by number (1 = January).
    static func month(_ text: String) -> Int? {
        let name = text.hasSuffix(".") ? String(text.dropLast()) : text
        if name == "sept" { return 9 }
        let monthNames = DayReckoning.monthNames
        if let full = monthNames.firstIndex(where: { $0.lowercased() == name }) { return full + 1 }
        guard name.count == 3 else { return nil }
        return monthNames.firstIndex(where: { $0.lowercased().hasPrefix(name) }).map { $0 + 1 }
    }

    /// A day of the month 1–31, bare or with its English ordinal suffix (`1st`, `2nd`,
    /// `3rd`, `11th`, `22nd`); a wrong suffix (`1th`) is no day.
    static func dayOfMonth(_ text: String) -> Int? {
        var digits = Substring(text)
        var suffix: Substring = ""
        if let firstLetter = text.firstIndex(where: { !$0.isASCIIDigit }) {
            digits = text[..<firstLetter]
            suffix = text[firstLetter...]
        }
        guard (1...2).contains(digits.count), let value = number(digits), (1...31).contains(value) else { return nil }
        if suffix.isEmpty { return value }
        let expected: String
        switch (value % 100, value % 10) {
        case (11...13, _): expected = "th"
        case (_, 1): expected = "st"
        case (_, 2): expected = "nd"
        case (_, 3): expected = "rd"
        default: expected = "th"
        }
        return suffix == expected ? value : nil
    }

    /// A non-negative decimal number of ASCII digits, or nil (also when it overflows).
    static func number(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text)
    }

    /// The units of `in N …`, for the hint on a bare `3 days`.
    static let units: Set<String> = ["minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs",
                                     "day", "days", "week", "weeks", "month", "months", "year", "years"]

    // MARK: Cursor

    private var atEnd: Bool { index >= words.count }
    private var current: Word? { atEnd ? nil : words[index] }
    private var currentText: Substring { current?.text ?? "" }
    private var consumedText: String { words[..<index].map { String($0.text) }.joined(separator: " ") }

    private mutating func accept(_ folded: String) -> Bool {
        guard let word = current, word.folded == folded else { return false }
        index += 1
        return true
    }

    /// The message for a first word that starts neither a date nor a time.
    private func notADateOrTime() -> String {
        "'\(currentText)' is not a date, weekday or time"
    }
}
