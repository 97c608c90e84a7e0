import Foundation

extension Recurrence {
    /// Whether `reason`, as `init(rruleValue:)` gives it, is about a rule RFC 5545 allows and
    /// Tick does not expand (`FREQ=HOURLY`, `BYWEEKNO`, several `BYHOUR` values, a part it does
    /// not know, such as an `X-` part), not about one the RFC does not allow (`BYMONTH=13`, an
    /// `UNTIL` of no real day, `BYSETPOS` alone). The first is kept as written by imports and
    /// CalDAV; the second is refused where no warning can be given (a CalDAV PUT).
    public static func isUnsupportedReason(_ reason: String) -> Bool {
        reason.contains("is not supported") || reason.hasSuffix("is not a recurrence rule part")
    }

    /// Reads `RRULE` value text (RFC 5545 §3.3.10), with or without a leading `RRULE:`.
    ///
    /// Part names and values are read without regard to case; parts may come in any
    /// order. Besides the grammar, the rules of the RFC that decide the meaning are
    /// checked: `COUNT` and `UNTIL` together, an ordinal `BYDAY` in a daily or weekly
    /// rule, `BYMONTHDAY` in a weekly rule, `BYSETPOS` with no other `BY…` part.
    ///
    /// - Parameter text: such as `FREQ=MONTHLY;BYDAY=2MO` or `RRULE:FREQ=DAILY;COUNT=3`.
    /// - Throws: `ModelError.invalidRecurrence(text, reason:)` naming the part that is
    ///   wrong, or that Tick does not expand (`FREQ=HOURLY`, `BYWEEKNO`, `BYYEARDAY`,
    ///   several `BYHOUR` values).
    /// - Complexity: O(n) in the length of `text`.
    public init(rruleValue text: String) throws(ModelError) {
        let body = Recurrence.stripped(text)
        func fail(_ reason: String) -> ModelError { .invalidRecurrence(text, reason: reason) }
        var fields: [String: String] = [:]
        for part in body.split(separator: ";", omittingEmptySubsequences: true) {
            guard let equals = part.firstIndex(of: "=") else { throw fail("'\(part)' is not NAME=VALUE") }
            let name = part[..<equals].trimmingCharacters(in: .whitespaces).uppercased()
            let value = part[part.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if name.hasPrefix("X-") { continue }
            guard fields[name] == nil else { throw fail("\(name) is given twice") }
            fields[name] = value
        }
        guard let freqText = fields.removeValue(forKey: "FREQ") else { throw fail("FREQ is missing; say FREQ=DAILY, WEEKLY, MONTHLY or YEARLY") }
        guard let frequency = Frequency(rawValue: freqText.uppercased()) else {
            throw fail("FREQ=\(freqText) is not supported; use DAILY, WEEKLY, MONTHLY or YEARLY")
        }
        self.init(frequency: frequency)

        func integers(_ name: String, _ range: ClosedRange<Int>, allowsZero: Bool = false) throws(ModelError) -> [Int] {
            guard let value = fields.removeValue(forKey: name) else { return [] }
            var result: [Int] = []
            for raw in value.split(separator: ",", omittingEmptySubsequences: false) {
                // White space after a comma is read past (a tester: `BYDAY=TU, TH`; libical reads it).
                let item = Substring(raw.trimmingCharacters(in: .whitespaces))
                guard let number = Int(item.hasPrefix("+") ? item.dropFirst() : item), range.contains(number),
                      allowsZero || number != 0 else {
                    throw fail("\(name)=\(value): '\(item)' is not in \(range.lowerBound)…\(range.upperBound)\(allowsZero ? "" : " (0 excluded)")")
                }
                if !result.contains(number) { result.append(number) }
            }
            return result
        }

        if let text = fields.removeValue(forKey: "INTERVAL") {
            guard let value = Int(text), value >= 1, value <= 10_000 else { throw fail("INTERVAL=\(text) is not a whole number from 1") }
            interval = value
        }
        byMonth = try integers("BYMONTH", 1...12)
        byMonthDay = try integers("BYMONTHDAY", -31...31)
        bySetPosition = try integers("BYSETPOS", -366...366)
        for (name, range) in [("BYHOUR", 0...23), ("BYMINUTE", 0...59), ("BYSECOND", 0...60)] {
            let values = try integers(name, range, allowsZero: true)
            guard values.count <= 1 else { throw fail("\(name) with several values is not supported; give one") }
            switch name {
            case "BYHOUR": hour = values.first
            case "BYMINUTE": minute = values.first
            default: second = values.first.map { min($0, 59) }
            }
        }
        if let text = fields.removeValue(forKey: "BYDAY") {
            for raw in text.split(separator: ",", omittingEmptySubsequences: false) {
                let item = Substring(raw.trimmingCharacters(in: .whitespaces))
                let code = item.suffix(2)
                guard item.count >= 2, let weekday = Weekday(code: code) else { throw fail("BYDAY: '\(item)' is not a weekday such as MO, 2MO or -1FR") }
                let ordinalText = item.dropLast(2)
                var ordinal = 0
                if !ordinalText.isEmpty {
                    guard let value = Int(ordinalText.hasPrefix("+") ? ordinalText.dropFirst() : ordinalText),
                          value != 0, (-53...53).contains(value) else { throw fail("BYDAY: '\(item)' has an ordinal outside 1…53 or -53…-1") }
                    ordinal = value
                }
                let rule = WeekdayRule(weekday, ordinal: ordinal)
                if !byDay.contains(rule) { byDay.append(rule) }
            }
        }
        if let text = fields.removeValue(forKey: "WKST") {
            guard let weekday = Weekday(code: text) else { throw fail("WKST=\(text) is not a weekday code (MO … SU)") }
            weekStart = weekday
        }
        if let text = fields.removeValue(forKey: "COUNT") {
            guard let value = Int(text), value >= 1 else { throw fail("COUNT=\(text) is not a whole number from 1") }
            count = value
        }
        if let text = fields.removeValue(forKey: "UNTIL") {
            guard let value = Recurrence.until(text) else {
                throw fail("UNTIL=\(text) is not a DATE (20261231) or DATE-TIME (20261231T235959Z)")
            }
            until = value
        }
        // Parts Tick does not expand are still checked against the RFC: a rule it does not
        // allow is no rule to keep (BYWEEKNO and BYYEARDAY belong to yearly rules).
        for (name, range) in [("BYWEEKNO", -53...53), ("BYYEARDAY", -366...366)] where fields[name] != nil {
            guard frequency == .yearly else { throw fail("\(name) is only allowed with FREQ=YEARLY (RFC 5545 §3.3.10)") }
            _ = try integers(name, range)
            throw fail("\(name) is not supported by Tick")
        }
        if let name = fields.keys.sorted().first {
            if ["RSCALE", "SKIP"].contains(name) {
                throw fail("\(name) is not supported by Tick")
            }
            throw fail("\(name) is not a recurrence rule part")
        }
        try validate(text)
    }

    /// The rules of RFC 5545 §3.3.10 that decide whether the parts make sense together.
    private func validate(_ text: String) throws(ModelError) {
        func fail(_ reason: String) -> ModelError { .invalidRecurrence(text, reason: reason) }
        if count != nil && until != nil { throw fail("COUNT and UNTIL cannot both be given") }
        if frequency == .weekly && !byMonthDay.isEmpty { throw fail("BYMONTHDAY cannot be used with FREQ=WEEKLY") }
        if frequency == .daily || frequency == .weekly, byDay.contains(where: { $0.ordinal != 0 }) {
            throw fail("a numbered BYDAY such as 2MO needs FREQ=MONTHLY or YEARLY")
        }
        if frequency == .monthly || (frequency == .yearly && !byMonth.isEmpty),
           byDay.contains(where: { abs($0.ordinal) > 5 }) {
            throw fail("a month has at most 5 of each weekday; use an ordinal from -5 to 5")
        }
        if !bySetPosition.isEmpty && byDay.isEmpty && byMonthDay.isEmpty && byMonth.isEmpty {
            throw fail("BYSETPOS needs another BY… part to choose from")
        }
    }

    /// An `UNTIL` value: `YYYYMMDD`, `YYYYMMDDTHHMMSSZ` or `YYYYMMDDTHHMMSS`.
    static func until(_ text: String) -> Until? {
        if text.utf8.count == 8 { return CalendarDay(text).map(Until.day) }
        if text.hasSuffix("Z") || text.hasSuffix("z") {
            guard let local = LocalDateTime(text.dropLast()) else { return nil }
            return .instant(Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC)))
        }
        return LocalDateTime(text).map(Until.local)
    }
}
