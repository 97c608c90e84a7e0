import Foundation
import TickModel
import TickTerminal
import TickStore

/// Value readers shared by commands: each turns an option's text into a model value or
/// a usage error that names the option and the text.
enum ValueReader {
    /// A reminder number (`12` or `#12`).
    static func number(_ text: String, option: String = "number") throws(CommandError) -> Reminder.Number {
        guard let number = Reminder.Number(parsing: text) else {
            let prefix = option == "number" || option == "numbers" ? "" : "--\(option): "
            throw .usage("\(prefix)'\(text)' is not a reminder number; numbers look like 12 or #12")
        }
        return number
    }

    /// The `<numbers>` arguments of a command that acts on several reminders, each
    /// once, in the order first given (`tick delete 2 2` deletes #2 once).
    /// - Throws: `CommandError.usage` for a text that is not a number, or none at all.
    static func numbers(_ parsed: ParsedArguments) throws(CommandError) -> [Reminder.Number] {
        var numbers: [Reminder.Number] = []
        for text in parsed.all("numbers") {
            let number = try ValueReader.number(text, option: "numbers")
            if !numbers.contains(number) { numbers.append(number) }
        }
        guard !numbers.isEmpty else { throw .usage("missing <numbers>: give one or more reminder numbers") }
        return numbers
    }

    /// The words of a variadic argument joined with spaces (`tick lists add Home Office`).
    /// - Throws: `CommandError.usage` ("missing <key>: …", exit 64) when none was given;
    ///   blank text is for the command to refuse (`Names.validated`, exit 1).
    static func words(_ parsed: ParsedArguments, _ key: String, missing hint: String) throws(CommandError) -> String {
        guard parsed.values[key] != nil else { throw .usage("missing <\(key)>: \(hint)") }
        return parsed.all(key).joined(separator: " ")
    }

    /// A due or start date phrase (DESIGN.md "Dates and time"). A time in a
    /// daylight-saving gap is moved forward by the gap, with a warning saying so.
    static func due(_ text: String, option: String, context: CommandContext) throws(CommandError) -> Due {
        let reading: DateGrammar.Reading
        do {
            reading = try DateGrammar.read(text, in: context.dateContext)
        } catch {
            var message = "--\(option): \(error.description)"
            if let corrected = correctedDate(text, in: context.dateContext) {
                message += "; did you mean \(corrected.singleQuotedForMessage)?"
            }
            throw .usage(message)
        }
        if let skipped = reading.skippedTime { context.warn("--\(option): " + gapNote(skipped, now: reading.due, context: context)) }
        return reading.due
    }

    /// The words of the English date grammar that a typo is likely of.
    static let dateWords = ["today", "tomorrow", "yesterday", "tonight", "noon", "midnight", "morning", "afternoon",
                            "evening", "next", "this", "week", "month", "year", "days", "weeks", "months", "years",
                            "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
                            "january", "february", "march", "april", "june", "july", "august", "september", "october",
                            "november", "december"]

    /// `text` with each word that is not one of `dateWords` but close to one (`tomorow`,
    /// `wendesday`) replaced by it, when the result reads as a date: what a usage error offers
    /// ("did you mean 'tomorrow 9am'?"); nil when no such change makes it read.
    /// - Complexity: O(w · d) edit distances for w words and d date words.
    static func correctedDate(_ text: String, in dateContext: DateContext) -> String? {
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var changed = false
        for index in words.indices {
            let word = words[index].lowercased()
            guard word.count >= 3, word.allSatisfy({ $0.isASCII && $0.isLetter }), !dateWords.contains(word),
                  let closest = Suggestion.closest(to: word, among: dateWords), !closest.hasPrefix(word) else { continue }
            words[index] = closest
            changed = true
        }
        let corrected = words.joined(separator: " ")
        guard changed, (try? DateGrammar.read(corrected, in: dateContext)) != nil else { return nil }
        return corrected
    }

    /// `02:30 on Mar 29, 2026 does not exist in Europe/Berlin (the clocks go forward); it is 3:30 AM`,
    /// in the zone the time was read in: the user's, or the one named in brackets.
    static func gapNote(_ skipped: LocalDateTime, now due: Due, context: CommandContext) -> String {
        var dateContext = context.dateContext
        dateContext.timeZone = due.timeZone ?? dateContext.timeZone
        let formatter = DueFormatter(context: dateContext)
        let typed = String(format: "%02d:%02d", skipped.hour, skipped.minute)
        let moved = formatter.string(for: due)
        // The time alone when the day stays (it always does, but for a gap over midnight).
        let day = formatter.string(for: Due.allDay(skipped.day))
        let shown = moved.hasPrefix(day + " ") ? String(moved.dropFirst(day.count + 1)) : moved
        return "\(typed) on \(day) does not exist in \(dateContext.timeZone.identifier) (the clocks go forward); it is \(shown)"
    }

    /// A priority name or iCalendar number.
    static func priority(_ text: String) throws(CommandError) -> Priority {
        guard let priority = Priority(parsing: text) else {
            throw .usage("--priority: \(ModelError.invalidPriority(text).description)")
        }
        return priority
    }

    /// A list color; `option` names the option it was given with (nil for an argument).
    static func color(_ text: String, option: String? = nil) throws(CommandError) -> ListColor {
        guard let color = ListColor(parsing: text) else {
            throw .usage((option.map { "--\($0): " } ?? "") + ModelError.invalidColor(text).description)
        }
        return color
    }

    /// A validated, trimmed title or list name; blank text is a runtime failure (exit 1).
    static func name(_ text: String, as kind: ModelError.NameKind) throws(CommandError) -> String {
        do {
            return try Names.validated(text, as: kind)
        } catch {
            throw .runtime(error.description)
        }
    }

    /// Tags from repeated `--tag` values; each may hold several, separated by commas.
    /// A backslash before a comma (`a\,b`) keeps the comma in the tag, so a tag that has
    /// one (from an iCalendar `CATEGORIES:a\,b`) can be named; other backslashes are text.
    /// Each is cleaned by `TagNames` (trimmed, a leading `#` or `@` dropped, each once); blanks are refused.
    static func tags(_ values: [String]) throws(CommandError) -> [String] {
        var result: [String] = []
        for value in values {
            for part in splitAtUnescapedCommas(value) {
                guard let tag = TagNames.cleaned(part) else { throw .usage("--tag: a tag is empty; write --tag NAME") }
                TagNames.append(tag, to: &result)
            }
        }
        return result
    }

    /// `text` split at commas that do not follow a backslash; `\,` becomes `,`.
    private static func splitAtUnescapedCommas(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var pendingBackslash = false
        for character in text {
            if pendingBackslash {
                pendingBackslash = false
                if character != "," { current.append("\\") }
                if character == "\\" {
                    pendingBackslash = true
                    continue
                }
                current.append(character)
            } else if character == "\\" {
                pendingBackslash = true
            } else if character == "," {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if pendingBackslash { current.append("\\") }
        parts.append(current)
        return parts
    }

    /// A positive whole number.
    static func positiveInt(_ text: String, option: String) throws(CommandError) -> Int {
        guard let value = Int(text), value > 0 else { throw .usage("--\(option): '\(text)' is not a positive whole number") }
        return value
    }
}

extension String {
    /// The text quoted for messages: `"Buy milk"`, made safe for one terminal line.
    var quotedForMessage: String { "\"" + TerminalText.sanitized(self) + "\"" }
    /// The text in single quotes for a message, sanitized like a title: a name or a word
    /// the user typed never breaks a message's line or writes a control.
    var singleQuotedForMessage: String { "'" + TerminalText.sanitized(self) + "'" }
}
