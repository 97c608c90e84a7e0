import Foundation
import Testing
import TickModel

/// The series a rule makes from a timed first occurrence at 09:00 America/New_York, by
/// completing the reminder over and over, as `tick done` does: the local days of the
/// occurrences, and whether the series ended by itself within `limit`.
func rolledSeries(_ rule: String, from first: String, limit: Int, at time: String = "09:00",
                  zoneID: String = "America/New_York") -> (days: [String], ended: Bool) {
    let newYork = zone(zoneID)
    let start = local(first + "T" + time).instant(in: newYork)
    var reminder = Reminder(listID: .init(rawValue: "L"), title: "t", due: .timed(start, timeZone: TimeZoneIdentifier(zoneID)),
                            recurrence: RecurrenceRule(rruleValue: rule), createdAt: utc("1990-01-01T00:00:00Z"))
    var days: [String] = []
    // Completed long before the dates, so that no alarm logic depends on `now`.
    let now = utc("1990-01-01T00:00:00Z")
    for _ in 0..<limit {
        guard case .timed(let instant, _)? = reminder.due else { break }
        let wall = LocalDateTime(instant, in: newYork)
        days.append(wall.day.description)
        let (next, outcome) = reminder.completingOccurrence(at: now, in: newYork)
        switch outcome {
        case .advanced: reminder = next
        default: return (days, true)
        }
    }
    return (days, false)
}

@Suite("Recurrence: RFC 5545 §3.8.5.3 examples, rolled forward occurrence by occurrence")
struct RecurrenceRFCExampleTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var rule: String
        var first: String
        var expected: [String]
        /// Whether the rule has COUNT or UNTIL, so the series must end right after `expected`.
        var ends: Bool
        var testDescription: String { rule }
    }

    static let examples: [Example] = [
        Example(rule: "FREQ=DAILY;COUNT=10", first: "1997-09-02",
                expected: (2...11).map { "1997-09-" + ($0 < 10 ? "0\($0)" : "\($0)") }, ends: true),
        Example(rule: "FREQ=DAILY;INTERVAL=10;COUNT=5", first: "1997-09-02",
                expected: ["1997-09-02", "1997-09-12", "1997-09-22", "1997-10-02", "1997-10-12"], ends: true),
        Example(rule: "FREQ=WEEKLY;COUNT=10", first: "1997-09-02",
                expected: ["1997-09-02", "1997-09-09", "1997-09-16", "1997-09-23", "1997-09-30", "1997-10-07",
                           "1997-10-14", "1997-10-21", "1997-10-28", "1997-11-04"], ends: true),
        Example(rule: "FREQ=WEEKLY;INTERVAL=2;WKST=SU", first: "1997-09-02",
                expected: ["1997-09-02", "1997-09-16", "1997-09-30", "1997-10-14", "1997-10-28", "1997-11-11",
                           "1997-11-25", "1997-12-09", "1997-12-23", "1998-01-06", "1998-01-20"], ends: false),
        Example(rule: "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH", first: "1997-09-02",
                expected: ["1997-09-02", "1997-09-04", "1997-09-09", "1997-09-11", "1997-09-16", "1997-09-18",
                           "1997-09-23", "1997-09-25", "1997-09-30", "1997-10-02"], ends: true),
        Example(rule: "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR", first: "1997-09-01",
                expected: ["1997-09-01", "1997-09-03", "1997-09-05", "1997-09-15", "1997-09-17", "1997-09-19",
                           "1997-09-29", "1997-10-01", "1997-10-03", "1997-10-13", "1997-10-15", "1997-10-17",
                           "1997-10-27", "1997-10-29", "1997-10-31", "1997-11-10", "1997-11-12", "1997-11-14",
                           "1997-11-24", "1997-11-26", "1997-11-28", "1997-12-08", "1997-12-10", "1997-12-12",
                           "1997-12-22"], ends: true),
        Example(rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH", first: "1997-09-02",
                expected: ["1997-09-02", "1997-09-04", "1997-09-16", "1997-09-18", "1997-09-30", "1997-10-02",
                           "1997-10-14", "1997-10-16"], ends: true),
        Example(rule: "FREQ=MONTHLY;COUNT=10;BYDAY=1FR", first: "1997-09-05",
                expected: ["1997-09-05", "1997-10-03", "1997-11-07", "1997-12-05", "1998-01-02", "1998-02-06",
                           "1998-03-06", "1998-04-03", "1998-05-01", "1998-06-05"], ends: true),
        Example(rule: "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR", first: "1997-09-05",
                expected: ["1997-09-05", "1997-10-03", "1997-11-07", "1997-12-05"], ends: true),
        Example(rule: "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU", first: "1997-09-07",
                expected: ["1997-09-07", "1997-09-28", "1997-11-02", "1997-11-30", "1998-01-04", "1998-01-25",
                           "1998-03-01", "1998-03-29", "1998-05-03", "1998-05-31"], ends: true),
        Example(rule: "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO", first: "1997-09-22",
                expected: ["1997-09-22", "1997-10-20", "1997-11-17", "1997-12-22", "1998-01-19", "1998-02-16"], ends: true),
        Example(rule: "FREQ=MONTHLY;BYMONTHDAY=-3", first: "1997-09-28",
                expected: ["1997-09-28", "1997-10-29", "1997-11-28", "1997-12-29", "1998-01-29", "1998-02-26"], ends: false),
        Example(rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15", first: "1997-09-02",
                expected: ["1997-09-02", "1997-09-15", "1997-10-02", "1997-10-15", "1997-11-02", "1997-11-15",
                           "1997-12-02", "1997-12-15", "1998-01-02", "1998-01-15"], ends: true),
        Example(rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1", first: "1997-09-30",
                expected: ["1997-09-30", "1997-10-01", "1997-10-31", "1997-11-01", "1997-11-30", "1997-12-01",
                           "1997-12-31", "1998-01-01", "1998-01-31", "1998-02-01"], ends: true),
        Example(rule: "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15", first: "1997-09-10",
                expected: ["1997-09-10", "1997-09-11", "1997-09-12", "1997-09-13", "1997-09-14", "1997-09-15",
                           "1999-03-10", "1999-03-11", "1999-03-12", "1999-03-13"], ends: true),
        Example(rule: "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU", first: "1997-09-02",
                expected: ["1997-09-02", "1997-09-09", "1997-09-16", "1997-09-23", "1997-09-30", "1997-11-04",
                           "1997-11-11", "1997-11-18", "1997-11-25", "1998-01-06", "1998-01-13"], ends: false),
        Example(rule: "FREQ=YEARLY;COUNT=10;BYMONTH=6,7", first: "1997-06-10",
                expected: ["1997-06-10", "1997-07-10", "1998-06-10", "1998-07-10", "1999-06-10", "1999-07-10",
                           "2000-06-10", "2000-07-10", "2001-06-10", "2001-07-10"], ends: true),
        Example(rule: "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3", first: "1997-03-10",
                expected: ["1997-03-10", "1999-01-10", "1999-02-10", "1999-03-10", "2001-01-10", "2001-02-10",
                           "2001-03-10", "2003-01-10", "2003-02-10", "2003-03-10"], ends: true),
        Example(rule: "FREQ=YEARLY;BYDAY=20MO", first: "1997-05-19",
                expected: ["1997-05-19", "1998-05-18", "1999-05-17"], ends: false),
        Example(rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=TH", first: "1997-03-13",
                expected: ["1997-03-13", "1997-03-20", "1997-03-27", "1998-03-05", "1998-03-12", "1998-03-19",
                           "1998-03-26", "1999-03-04", "1999-03-11", "1999-03-18", "1999-03-25"], ends: false),
        Example(rule: "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13", first: "1997-09-13",
                expected: ["1997-09-13", "1997-10-11", "1997-11-08", "1997-12-13", "1998-01-10", "1998-02-07",
                           "1998-03-07", "1998-04-11", "1998-05-09", "1998-06-13"], ends: false),
        Example(rule: "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8", first: "1996-11-05",
                expected: ["1996-11-05", "2000-11-07", "2004-11-02"], ends: false),
        Example(rule: "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3", first: "1997-09-04",
                expected: ["1997-09-04", "1997-10-07", "1997-11-06"], ends: true),
        Example(rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", first: "1997-09-29",
                expected: ["1997-09-29", "1997-10-30", "1997-11-27", "1997-12-30", "1998-01-29", "1998-02-26",
                           "1998-03-30"], ends: false),
        Example(rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", first: "1997-08-05",
                expected: ["1997-08-05", "1997-08-10", "1997-08-19", "1997-08-24"], ends: true),
        Example(rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", first: "1997-08-05",
                expected: ["1997-08-05", "1997-08-17", "1997-08-19", "1997-08-31"], ends: true),
        Example(rule: "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5", first: "2007-01-15",
                expected: ["2007-01-15", "2007-01-30", "2007-02-15", "2007-03-15", "2007-03-30"], ends: true),
    ]

    /// A CalDAV PUT refuses a rule RFC 5545 does not allow, and keeps one Tick does not expand.
    @Test("a reason says whether the rule is one RFC 5545 allows and Tick does not expand, or one it does not allow")
    func unsupportedOrInvalid() {
        func reason(_ text: String) -> String? {
            do { _ = try Recurrence(rruleValue: text); return nil } catch {
                if case .invalidRecurrence(_, let reason) = error { return reason }
                return nil
            }
        }
        for unsupported in ["FREQ=HOURLY", "FREQ=MINUTELY;INTERVAL=15", "FREQ=YEARLY;BYWEEKNO=20", "FREQ=DAILY;BYFOO=1",
                            "FREQ=DAILY;BYHOUR=9,17", "FREQ=YEARLY;BYYEARDAY=1,-1", "FREQ=YEARLY;BYWEEKNO=-53"] {
            let why = reason(unsupported)
            #expect(why.map(Recurrence.isUnsupportedReason) == true, "\(unsupported): \(why ?? "read")")
        }
        for invalid in ["FREQ=DAILY;BYMONTH=13", "FREQ=DAILY;UNTIL=20261399", "FREQ=DAILY;BYSETPOS=1", "FREQ=DAILY;INTERVAL=0",
                        "FREQ=DAILY;COUNT=2;UNTIL=20261231", "FREQ=WEEKLY;BYDAY=2MO", "INTERVAL=2",
                        // A tester: BYWEEKNO in a monthly rule was kept as a rule Tick does not expand.
                        "FREQ=MONTHLY;BYWEEKNO=5", "FREQ=DAILY;BYYEARDAY=100", "FREQ=YEARLY;BYWEEKNO=54", "FREQ=YEARLY;BYYEARDAY=0"] {
            let why = reason(invalid)
            #expect(why.map(Recurrence.isUnsupportedReason) == false, "\(invalid): \(why ?? "read")")
        }
    }

    @Test("each example gives the RFC's dates, and a COUNT or UNTIL series ends right after them", arguments: examples)
    func example(_ example: Example) {
        let limit = example.expected.count + (example.ends ? 3 : 0)
        let (days, ended) = rolledSeries(example.rule, from: example.first, limit: limit)
        #expect(days == example.expected)
        #expect(ended == example.ends)
    }

    @Test("every day in January for 3 years, as a daily and as a yearly rule (RFC example)", arguments: [
        "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA",
        "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1",
    ])
    func januaries(rule: String) {
        let (days, ended) = rolledSeries(rule, from: "1998-01-01", limit: 200)
        #expect(ended)
        #expect(days.count == 93)
        #expect(days.first == "1998-01-01")
        #expect(days[31] == "1999-01-01")
        #expect(days.last == "2000-01-31")
        #expect(days.allSatisfy { $0.dropFirst(5).hasPrefix("01-") })
    }

    @Test("daily until December 24 (UTC UNTIL compared with the instant; RFC example)")
    func dailyUntil() {
        let (days, ended) = rolledSeries("FREQ=DAILY;UNTIL=19971224T000000Z", from: "1997-09-02", limit: 200)
        #expect(ended)
        #expect(days.count == 113)
        #expect(days.last == "1997-12-23")
    }

    @Test("every Friday the 13th (RFC example, after an excluded first date)")
    func fridayThe13th() throws {
        let rule = try Recurrence(rruleValue: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13")
        var days: [String] = []
        var current = day("1997-09-02")
        for _ in 0..<5 {
            let next = try #require(rule.nextDay(after: current, anchor: day("1997-09-02")))
            days.append(next.description)
            current = next
        }
        #expect(days == ["1998-02-13", "1998-03-13", "1998-11-13", "1999-08-13", "2000-10-13"])
    }
}
