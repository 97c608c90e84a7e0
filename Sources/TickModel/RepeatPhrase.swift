import Foundation

/// The words `--repeat` understands, each a shortcut for an RRULE (RFC 5545 §3.3.10).
///
/// | phrase | rule |
/// | --- | --- |
/// | `daily`, `every day` | `FREQ=DAILY` |
/// | `weekly`, `every week` | `FREQ=WEEKLY` (on the due date's weekday) |
/// | `monthly`, `every month` | `FREQ=MONTHLY` (on the due date's day) |
/// | `yearly`, `annually`, `every year` | `FREQ=YEARLY` |
/// | `weekdays`, `every weekday` | `FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR` |
/// | `weekends`, `every weekend` | `FREQ=WEEKLY;BYDAY=SA,SU` |
/// | `every 3 days` (`day`, `week`, `month`, `year`, singular or plural) | `FREQ=DAILY;INTERVAL=3` |
/// | `every other week` | `FREQ=WEEKLY;INTERVAL=2` |
/// | `every monday`, `every mon and thu`, `every tue, fri` | `FREQ=WEEKLY;BYDAY=MO` … |
/// | `every 2 weeks on mon, thu` | `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH` |
/// | `RRULE:FREQ=…` or `FREQ=…` | that rule, checked (see `Recurrence.init(rruleValue:)`) |
///
/// Matching ignores case; commas and `and` separate weekdays.
public enum RepeatPhrase {
    /// The rule that `phrase` stands for; an RRULE given as text keeps its text (without
    /// `RRULE:`).
    ///
    /// - Throws: `ModelError.invalidRecurrence(phrase, reason:)` for words it does not
    ///   know (the reason lists what it knows) or an RRULE Tick cannot expand.
    public static func rule(_ phrase: String) throws(ModelError) -> RecurrenceRule {
        let trimmed = phrase.trimmingCharacters(in: .whitespacesAndNewlines)
        let upper = trimmed.uppercased()
        if upper.hasPrefix("RRULE:") || upper.hasPrefix("FREQ=") || upper.contains("FREQ=") {
            let rule = try Recurrence(rruleValue: trimmed)
            let body = Recurrence.stripped(trimmed)
            let parts = body.split(separator: ";", omittingEmptySubsequences: true)
            // RFC 5545 §3.3.10 has no X- parts (RFC 2445 had): libical, and so the iCalendar
            // reader, drops a rule that holds one (a tester: the rule was lost on the way back).
            if let xPart = parts.first(where: { $0.trimmingCharacters(in: .whitespaces).uppercased().hasPrefix("X-") }) {
                throw .invalidRecurrence(phrase, reason: "'\(xPart)': an RRULE has no X- parts (RFC 5545 §3.3.10); leave it out")
            }
            // White space around a part, or an empty part, is written as Tick writes the rule.
            if body.contains(where: \.isWhitespace) || parts.joined(separator: ";") != body {
                return RecurrenceRule(rule)
            }
            return RecurrenceRule(rruleValue: body)
        }
        guard let rule = recurrence(trimmed) else {
            throw .invalidRecurrence(phrase, reason: """
                say daily, weekly, monthly, yearly, weekdays, weekends, "every 3 days", \
                "every 2 weeks", "every monday", "every tue and thu", or an RRULE such as "RRULE:FREQ=MONTHLY;BYDAY=-1FR"
                """)
        }
        return RecurrenceRule(rule)
    }

    private static func recurrence(_ text: String) -> Recurrence? {
        let words = text.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
            .filter { $0 != "and" }
        guard let first = words.first else { return nil }
        switch words {
        case ["daily"], ["every", "day"], ["each", "day"]: return Recurrence(frequency: .daily)
        case ["weekly"], ["every", "week"], ["each", "week"]: return Recurrence(frequency: .weekly)
        case ["monthly"], ["every", "month"], ["each", "month"]: return Recurrence(frequency: .monthly)
        case ["yearly"], ["annually"], ["every", "year"], ["each", "year"]: return Recurrence(frequency: .yearly)
        case ["weekdays"], ["every", "weekday"], ["each", "weekday"]:
            return Recurrence(frequency: .weekly, byDay: Recurrence.workWeek.sorted().map { .init($0) })
        case ["weekends"], ["every", "weekend"]:
            return Recurrence(frequency: .weekly, byDay: [.init(.saturday), .init(.sunday)])
        default: break
        }
        guard first == "every" || first == "each", words.count >= 2 else { return nil }
        var rest = words.dropFirst()
        // every N units [on weekdays] | every other unit | every weekday…
        var interval = 1
        if let count = rest.first.flatMap({ Int($0) }) {
            guard count >= 1, count <= 10_000 else { return nil }
            interval = count
            rest = rest.dropFirst()
        } else if rest.first == "other" {
            interval = 2
            rest = rest.dropFirst()
        }
        if let unit = rest.first, let frequency = frequency(unit) {
            rest = rest.dropFirst()
            var rule = Recurrence(frequency: frequency, interval: interval)
            if rest.isEmpty { return rule }
            guard frequency == .weekly, rest.first == "on" else { return nil }
            guard let days = weekdays(rest.dropFirst()) else { return nil }
            rule.byDay = days.map { .init($0) }
            return rule
        }
        guard interval == 1, let days = weekdays(rest) else { return nil }
        return Recurrence(frequency: .weekly, byDay: days.map { .init($0) })
    }

    private static func frequency(_ unit: String) -> Recurrence.Frequency? {
        switch unit {
        case "day", "days": return .daily
        case "week", "weeks": return .weekly
        case "month", "months": return .monthly
        case "year", "years": return .yearly
        default: return nil
        }
    }

    /// Weekday names in week order without repeats, or nil when a word is no weekday.
    private static func weekdays(_ words: ArraySlice<String>) -> [Recurrence.Weekday]? {
        guard !words.isEmpty else { return nil }
        var days = Set<Recurrence.Weekday>()
        for word in words {
            let singular = word.hasSuffix("s") && PhraseParser.weekday(String(word.dropLast())) != nil ? String(word.dropLast()) : word
            guard let number = PhraseParser.weekday(singular), let day = Recurrence.Weekday(rawValue: number) else { return nil }
            days.insert(day)
        }
        return days.sorted()
    }
}
