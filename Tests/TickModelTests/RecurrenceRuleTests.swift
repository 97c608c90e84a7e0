import Foundation
import Testing
@testable import TickModel

@Suite("RecurrenceRule: typed fields, exact RRULE text")
struct RecurrenceRuleTests {
    @Test("text read is written back byte for byte, readable or not", arguments: [
        "FREQ=DAILY",
        "FREQ=DAILY;INTERVAL=1",
        "RRULE:freq=monthly;byday=-1fr;count=5",
        "FREQ=MONTHLY;COUNT=5;INTERVAL=1;BYMONTHDAY=19",
        "FREQ=MONTHLY;INTERVAL=1;BYDAY=1MO ",
        "FREQ=WEEKLY;INTERVAL=1;UNTIL=20040719T180000Z;BYDAY=MO,WE,FR;WKST=MO",
        "FREQ=YEARLY;BYDAY=+1SU;BYMONTH=04",
        "FREQ=DAILY;X-EVOLUTION-ENDDATE=20031212T160000Z;COUNT=3",
        "FREQ=WEEKLY;BYSECOND=60",
        "FREQ=HOURLY;INTERVAL=2",
        "FREQ=WEEKLY;BYWEEKNO=20",
        "FREQ=DAILY;COUNT=2;UNTIL=20261231",
        "",
    ])
    func exactText(text: String) {
        #expect(RecurrenceRule(rruleValue: text).rruleValue == text)
    }

    @Test("a readable rule holds its fields; an unreadable one its text and the reason")
    func fields() throws {
        let rule = try #require(RecurrenceRule(rruleValue: "FREQ=MONTHLY;INTERVAL=2;BYDAY=2MO,-1FR;WKST=SU;COUNT=4").rule)
        #expect(rule.frequency == .monthly)
        #expect(rule.interval == 2)
        #expect(rule.byDay == [.init(.monday, ordinal: 2), .init(.friday, ordinal: -1)])
        #expect(rule.weekStart == .sunday)
        #expect(rule.count == 4)
        let hourly = RecurrenceRule(rruleValue: "FREQ=HOURLY")
        #expect(hourly.rule == nil)
        #expect(hourly.unreadableText == "FREQ=HOURLY")
        #expect(throws: ModelError.invalidRecurrence("FREQ=HOURLY", reason: "FREQ=HOURLY is not supported; use DAILY, WEEKLY, MONTHLY or YEARLY")) {
            try hourly.read()
        }
    }

    @Test("an edited field is written in place; the other parts keep their spelling and place", arguments: [
        ("FREQ=daily;X-A=1;count=5", "FREQ=daily;X-A=1;COUNT=4"),
        ("RRULE:FREQ=DAILY;INTERVAL=1;COUNT=5 ", "FREQ=DAILY;INTERVAL=1;COUNT=4"),
        ("FREQ=DAILY;interval=01", "FREQ=DAILY;interval=01;COUNT=4"),
    ])
    func editInPlace(text: String, expected: String) {
        var rule = RecurrenceRule(rruleValue: text)
        rule.edit { $0.count = 4 }
        #expect(rule.rruleValue == expected)
        #expect(rule.rule?.count == 4)
    }

    @Test("a field removed drops its part; new parts are appended in the canonical order")
    func removeAndAppend() {
        var rule = RecurrenceRule(rruleValue: "FREQ=WEEKLY;UNTIL=20261231;x-b=2")
        rule.edit {
            $0.until = nil
            $0.second = 5
            $0.hour = 9
        }
        #expect(rule.rruleValue == "FREQ=WEEKLY;x-b=2;BYHOUR=9;BYSECOND=5")
    }

    @Test("editing a rule Tick cannot read changes nothing")
    func editUnreadable() {
        var rule = RecurrenceRule(rruleValue: "FREQ=HOURLY;COUNT=5")
        rule.edit { $0.count = 4 }
        #expect(rule.rruleValue == "FREQ=HOURLY;COUNT=5")
    }

    @Test("rules are equal when their texts are; a literal is read as text")
    func equality() {
        let literal: RecurrenceRule = "freq=daily"
        #expect(literal == RecurrenceRule(rruleValue: "freq=daily"))
        #expect(literal != RecurrenceRule(rruleValue: "FREQ=DAILY"))
        #expect(RecurrenceRule(Recurrence(frequency: .daily)) == "FREQ=DAILY")
        #expect(Set([literal, RecurrenceRule(rruleValue: "freq=daily")]).count == 1)
    }

    @Test("a rule built from fields the reader refuses is held as after a trip through text: unreadable")
    func builtRuleReadBack() {
        let rule = RecurrenceRule(Recurrence(frequency: .daily, interval: 20_000))
        #expect(rule.rule == nil)
        #expect(rule.rruleValue == "FREQ=DAILY;INTERVAL=20000")
    }
}
