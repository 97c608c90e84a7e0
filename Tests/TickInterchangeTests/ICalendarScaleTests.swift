import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickInterchange

/// Reading costs time in proportion to the file, not to the square of a count inside
/// one component (issue 10, item 9). Not timed: at these sizes linear reading takes well
/// under a second, while the quadratic reading it replaces (every line appended to a
/// copy of the lines so far) took about a minute, so the one-minute limit catches it.
@Suite("iCalendar at scale")
struct ICalendarScaleTests {
    @Test("20,000 VTODOs nested in one another read in linear time; the nested ones are ignored with a warning",
          .timeLimit(.minutes(1)))
    func nestedVTodos() throws {
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

    @Test("40,000 lines in one VTODO are read in linear time", .timeLimit(.minutes(1)))
    func longVTodo() throws {
        let lines = ["BEGIN:VTODO", "UID:long", "SUMMARY:Long"] + (0..<40_000).map { "X-NOTE-\($0):value \($0)" } + ["END:VTODO"]
        let reminder = try ICalendarFixture.reminder(ICalendarFixture.calendar(lines))
        #expect(reminder.iCalendarExtras.split(separator: "\n").count == 40_000)
    }
}
