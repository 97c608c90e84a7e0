import Foundation

/// The repeat rule a reminder holds: its `RRULE` value (RFC 5545 §3.3.10) as typed
/// fields, read from text and written back to text only at the edges (the store's
/// `recurrence` column, iCalendar, JSON, Taskwarrior).
///
/// Nothing of the text is lost:
///
/// - A rule Tick can expand is held as a ``Recurrence`` (frequency, interval, `BYDAY`
///   with ordinals, `BYMONTHDAY`, `BYMONTH`, `BYSETPOS`, the time of day, `COUNT`,
///   `UNTIL`, `WKST`). It remembers the text it was read from, so ``rruleValue`` gives that
///   text back byte for byte until a field changes; after a change, the parts Tick does not
///   model (`X-…`) and the unchanged parts keep their spelling and place, a changed part is
///   written in place as `NAME=value`, and a new one is appended. Example: `COUNT` counted
///   down in `FREQ=daily;X-A=1;count=5` gives `FREQ=daily;X-A=1;COUNT=4`.
/// - A rule Tick cannot expand (`FREQ=HOURLY`, `BYWEEKNO`, a value out of range) is kept
///   verbatim as ``unreadableText``; ``read()`` says why it cannot be used.
///
/// Two rules are equal when their ``rruleValue`` texts are equal, as the stored column is
/// compared. A string literal is read with ``init(rruleValue:)``.
///
/// The text is parsed when the fields are first asked for, not when it is read: a rule
/// costs tens of microseconds to parse, and a listing or an export that only passes rules
/// through (most rows of `tick export`) should not pay it per row.
public struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The text a rule was read from, with the rule as read then.
    private struct Source: Sendable {
        var text: String
        var parsed: Recurrence
    }

    /// Fields changed by ``edit(_:)``, with the text they were read from; never changed
    /// once made (an edit makes another), so sharing one between copies is safe.
    private final class Edited: Sendable {
        let rule: Recurrence
        let source: Source

        init(_ rule: Recurrence, source: Source) {
            self.rule = rule
            self.source = source
        }
    }

    private enum Storage: Sendable {
        /// Text as read, its fields not asked for yet (or unreadable).
        case text(String)
        /// An edited rule, boxed: its two `Recurrence`s inline made a rule 346 bytes, and
        /// every `Reminder` carries one (656 bytes; most rules are nil), copied row by row
        /// in listings, exports and imports.
        case edited(Edited)
    }

    private var storage: Storage

    /// Reads `RRULE` value text, with or without a leading `RRULE:`. Never fails: a rule
    /// Tick cannot expand is kept verbatim (see ``read()``).
    ///
    /// - Complexity: O(1); the text is parsed when ``rule`` or ``read()`` is asked for.
    public init(rruleValue text: String) {
        storage = .text(text)
    }

    /// The rule `rule`, written in its canonical form (`Recurrence.rruleValue`) and read
    /// back, so that a rule the reader refuses (`INTERVAL` above 10,000) is held as it
    /// would be after a trip through the store: unreadable.
    public init(_ rule: Recurrence) {
        self.init(rruleValue: rule.rruleValue)
    }

    /// Reads a literal such as `"FREQ=WEEKLY;BYDAY=MO"` as ``init(rruleValue:)`` does.
    public init(stringLiteral text: String) {
        self.init(rruleValue: text)
    }

    /// The typed rule, or nil when Tick cannot expand it.
    ///
    /// - Complexity: O(n) in the length of the text (it is parsed) until the rule is edited.
    public var rule: Recurrence? {
        try? read()
    }

    /// The text of a rule Tick cannot expand, verbatim; nil for a readable rule.
    public var unreadableText: String? {
        guard case .text(let text) = storage, rule == nil else { return nil }
        return text
    }

    /// The typed rule.
    ///
    /// - Throws: `ModelError.invalidRecurrence(text, reason:)` saying why Tick cannot
    ///   expand the rule (the reason the RRULE reader gives).
    public func read() throws(ModelError) -> Recurrence {
        switch storage {
        case .text(let text): return try Recurrence(rruleValue: text)
        case .edited(let edited): return edited.rule
        }
    }

    /// Changes the fields of a readable rule; a rule Tick cannot read is left as it is.
    ///
    /// Example: `rule.edit { $0.count = 4 }` counts a `COUNT=5` rule down.
    public mutating func edit(_ change: (inout Recurrence) -> Void) {
        switch storage {
        case .text(let text):
            guard var rule = try? Recurrence(rruleValue: text) else { return }
            let source = Source(text: text, parsed: rule)
            change(&rule)
            storage = .edited(Edited(rule, source: source))
        case .edited(let edited):
            var rule = edited.rule
            change(&rule)
            storage = .edited(Edited(rule, source: edited.source))
        }
    }

    /// The rule as `RRULE` value text (without `RRULE:`, except in text kept verbatim).
    ///
    /// - Complexity: O(n) in the length of the text.
    public var rruleValue: String {
        switch storage {
        case .text(let text):
            return text
        case .edited(let edited):
            if edited.rule == edited.source.parsed { return edited.source.text }
            return RecurrenceRule.merged(edited.rule, into: edited.source)
        }
    }

    /// `rruleValue`.
    public var description: String { rruleValue }

    public static func == (lhs: RecurrenceRule, rhs: RecurrenceRule) -> Bool {
        lhs.rruleValue == rhs.rruleValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rruleValue)
    }

    /// The source's parts in their order and spelling, with the parts whose value
    /// changed written as `NAME=value`, the removed ones left out, and the new ones
    /// appended in `Recurrence.rruleValue`'s order. A leading `RRULE:` and surrounding
    /// white space are dropped.
    private static func merged(_ rule: Recurrence, into source: Source) -> String {
        let now = rule.parts, then = source.parsed.parts
        func value(_ name: String, in parts: [(name: String, value: String)]) -> String? {
            parts.first { $0.name == name }?.value
        }
        var written: Set<String> = []
        var result: [String] = []
        for raw in Recurrence.stripped(source.text).split(separator: ";", omittingEmptySubsequences: true) {
            let name = raw.prefix { $0 != "=" }.trimmingCharacters(in: .whitespaces).uppercased()
            guard !name.hasPrefix("X-") else {
                result.append(String(raw))
                continue
            }
            written.insert(name)
            let old = value(name, in: then), new = value(name, in: now)
            if old == new {
                // INTERVAL=1 and WKST=MO stay as written while they keep their default.
                result.append(String(raw))
            } else if let new {
                result.append(name + "=" + new)
            }
        }
        for part in now where !written.contains(part.name) {
            result.append(part.name + "=" + part.value)
        }
        return result.joined(separator: ";")
    }
}
