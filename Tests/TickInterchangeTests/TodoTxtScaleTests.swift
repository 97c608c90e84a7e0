import Foundation
import Testing
import TickModel
@testable import TickInterchange

/// Reading and writing todo.txt is linear in the length of a line, however many
/// projects, contexts and key:values it has.
///
/// Not a timed test: the sizes are chosen so that the linear code takes a fraction of a
/// second while the quadratic code it replaced (a tag list searched for each context,
/// every token stored) took minutes (250,000 contexts on one line: 173 s in a release
/// build), so a return of it would stall this suite where nobody can miss it.
@Suite("todo.txt at scale")
struct TodoTxtScaleTests {
    static let count = 100_000

    @Test func oneLineWithAHundredThousandContextsProjectsAndKeyValues() throws {
        var line = "(D) 2026-01-05 Call Mom"
        for index in 0..<Self.count { line += " @c\(index)" }
        // Projects and key:values inside the sentence stay text; the first project is the list.
        for index in 0..<Self.count { line += " +p\(index) k\(index):v and" }
        line += " due:2026-01-09"
        let zone = try TodoTxtFixture.zone("UTC")
        let planned = try TodoTxtFixture.plan(line, zone: zone)
        try #require(planned.count == 1)
        let reminder = planned[0].reminder
        #expect(reminder.tags.count == Self.count)
        #expect(reminder.tags.last == "c\(Self.count - 1)")
        #expect(planned[0].listName == "p0")
        #expect(reminder.due == .allDay(try #require(CalendarDay(year: 2026, month: 1, day: 9))))
        #expect(reminder.title.hasPrefix("Call Mom @c0 @c1 "))
        #expect(reminder.title.hasSuffix(" +p\(Self.count - 1) k\(Self.count - 1):v and"))

        // Written back, the line reads back to the same fields, and writes the same text.
        let written = TodoTxtFixture.export(planned, zone: zone)
        let again = try TodoTxtFixture.plan(written, zone: zone)
        #expect(again.map { TodoTxtFieldsSeen($0, zone: zone) } == planned.map { TodoTxtFieldsSeen($0, zone: zone) })
        #expect(TodoTxtFixture.export(again, zone: zone) == written)
    }

    @Test func aHundredThousandContextsAtTheEndAreTakenOutOfTheTitle() throws {
        var line = "Call Mom"
        for index in 0..<Self.count { line += " @c\(index) @c\(index)" }
        let planned = try TodoTxtFixture.plan(line, zone: TodoTxtFixture.zone("UTC"))
        #expect(planned[0].reminder.title == "Call Mom")
        #expect(planned[0].reminder.tags.count == Self.count)
    }
}
