import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickInterchange

/// Reading costs time in proportion to the file, not to the square of a count inside
/// one component (issue 10, item 9). At these sizes linear reading takes about a second,
/// while the quadratic reading it replaces (every line appended to a copy of the lines so
/// far) took about a minute: the work is timed inside the test (30 s allowed) rather than
/// by a test time limit, which also counts the time a test waits for a thread of the
/// pool while other tests block theirs (a whole-suite run reached 139 s that way).
@Suite("iCalendar at scale")
struct ICalendarScaleTests {
    @Test("20,000 VTODOs nested in one another read in linear time; the nested ones are ignored with a warning",
          .timeLimit(.minutes(10)))
    func nestedVTodos() throws {
        let started = ContinuousClock.now
        defer { #expect(ContinuousClock.now - started < .seconds(30), "quadratic reading takes about a minute") }
        let count = 20_000
        var lines: [String] = []
        for index in 0..<count { lines += ["BEGIN:VTODO", "UID:nested-\(index)", "SUMMARY:Level \(index)"] }
        lines += Array(repeating: "END:VTODO", count: count)
        let batch = try ICalendarFixture.read(ICalendarFixture.calendar(lines))
        #expect(batch.reminders.map(\.reminder.title) == ["Level 0"])
        #expect(batch.reminders.first?.reminder.iCalendarExtras.contains("VTODO") == false)
        #expect(batch.warnings == ["test.ics line 7: a VTODO inside a VTODO was ignored (RFC 5545 §3.6.2 allows only VALARMs there)"])
        let exported = try ICalendarFixture.roundTrip(ICalendarFixture.calendar(lines))
        #expect(exported.components(separatedBy: "BEGIN:VTODO").count == 2)
    }

    @Test("40,000 lines in one VTODO are read in linear time", .timeLimit(.minutes(10)))
    func longVTodo() throws {
        let started = ContinuousClock.now
        defer { #expect(ContinuousClock.now - started < .seconds(30), "quadratic reading takes about a minute") }
        let lines = ["BEGIN:VTODO", "UID:long", "SUMMARY:Long"] + (0..<40_000).map { "X-NOTE-\($0):value \($0)" } + ["END:VTODO"]
        let reminder = try ICalendarFixture.reminder(ICalendarFixture.calendar(lines))
        #expect(reminder.iCalendarExtras.split(separator: "\n").count == 40_000)
    }
}
