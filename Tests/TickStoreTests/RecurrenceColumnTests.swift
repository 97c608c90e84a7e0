import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

@Suite("Store: the recurrence column keeps a rule's text exactly")
struct RecurrenceColumnTests {
    /// Every `RRULE` value in the iCalendar files of the corpus, unfolded (RFC 5545 §3.1),
    /// without the property's parameters.
    static func corpusRules() throws -> [String] {
        var rules: [String] = []
        for path in Fixture.corpusFiles("ics") {
            let text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
            let unfolded = text.replacingOccurrences(of: "\r\n", with: "\n")
                .replacingOccurrences(of: "\n ", with: "").replacingOccurrences(of: "\n\t", with: "")
            for line in unfolded.split(separator: "\n") where line.uppercased().hasPrefix("RRULE") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                rules.append(String(line[line.index(after: colon)...]))
            }
        }
        return rules
    }

    @Test("every RRULE of the corpus is stored and read back byte for byte, typed when Tick can read it",
          .enabled(if: Fixture.needsCorpus()))
    func corpusRulesRoundTrip() throws {
        let rules = try Self.corpusRules()
        #expect(rules.count >= 40)
        try roundTrip(rules)
    }

    @Test("rules in any spelling, with extension parts or unreadable, come back as stored")
    func spellings() throws {
        try roundTrip(["freq=weekly;byday=mo", "RRULE:FREQ=DAILY;COUNT=3", "FREQ=DAILY;X-NAME=1;INTERVAL=1",
                       "FREQ=MONTHLY;INTERVAL=1;BYDAY=1MO ", "FREQ=HOURLY", "FREQ=DAILY;BYYEARDAY=3", ""])
    }

    private func roundTrip(_ rules: [String]) throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("t.sqlite3"), now: Fixture.now)
        let loaded = try store.write { db in
            let list = try db.defaultList()
            let saved = try rules.map {
                try db.insert(Reminder(listID: list.id, title: "r", due: .allDay(CalendarDay(year: 2026, month: 12, day: 1)!),
                                       recurrence: RecurrenceRule(rruleValue: $0), createdAt: Fixture.now))
            }
            return try saved.map { try #require(try db.reminder(number: $0.number)) }
        }
        #expect(loaded.count == rules.count)
        for (rule, reminder) in zip(rules, loaded) {
            let raw = try store.read { db in
                try db.scalarText("SELECT recurrence FROM reminder WHERE number = ?", [.integer(reminder.number.rawValue)])
            }
            #expect(raw == rule)
            #expect(reminder.recurrence?.rruleValue == rule)
            #expect((reminder.recurrence?.rule != nil) == ((try? Recurrence(rruleValue: rule)) != nil), "\(rule)")
        }
        let summaries = try store.read { db in try db.summaries(ReminderFilter(), now: Fixture.now, timeZone: TimeZone.gmt) }
            .sorted { $0.number < $1.number }
        #expect(summaries.map { $0.recurrence?.rruleValue } == rules.map { Optional($0) })
    }
}
