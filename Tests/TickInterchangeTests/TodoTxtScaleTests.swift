import Foundation
import Testing
import TickModel
@testable import TickInterchange

/// Reading and writing todo.txt is linear in the length of a line, however many
/// projects, contexts and key:values it has.
///
/// Not a timed test: the size is chosen so that the linear code takes a fraction of a
/// second even in a debug build, while the quadratic code it replaced (the tag list
/// searched once for each context, on import and on export) takes tens of seconds: with
/// the import's search alone put back, 20,000 contexts took 74 s against 1.4 s on a
/// loaded machine, and the time grows with the square of the count. A return of it
/// stalls this suite where nobody can miss it.
@Suite("todo.txt at scale")
struct TodoTxtScaleTests {
    @Test func twelveThousandContextsOnOneLineReadAndWriteBack() throws {
        let count = 12_000
        var line = "(D) 2026-01-05 Call Mom"
        for index in 0..<count { line += " @c\(index)" }
        let zone = try TodoTxtFixture.zone("UTC")
        let planned = try TodoTxtFixture.plan(line, zone: zone)
        try #require(planned.count == 1)
        #expect(planned[0].reminder.title == "Call Mom")
        #expect(planned[0].reminder.tags.count == count)
        #expect(planned[0].reminder.tags.last == "c\(count - 1)")

        // Written back, it is the same line, and reads back to the same fields.
        let written = TodoTxtFixture.export(planned, zone: zone)
        #expect(written == line + "\n")
        let again = try TodoTxtFixture.plan(written, zone: zone)
        #expect(again.map { TodoTxtFieldsSeen($0, zone: zone) } == planned.map { TodoTxtFieldsSeen($0, zone: zone) })
    }

    @Test func projectsContextsAndKeyValuesInsideTheSentenceStayText() throws {
        let count = 2_000
        var line = "Call"
        for index in 0..<count { line += " +p\(index) @c\(index) k\(index):v and" }
        line += " due:2026-01-09"
        let planned = try TodoTxtFixture.plan(line, zone: TodoTxtFixture.zone("UTC"))
        try #require(planned.count == 1)
        // Inside the sentence they stay text; the first project is the list, every context a tag.
        #expect(planned[0].listName == "p0")
        #expect(planned[0].reminder.tags.count == count)
        #expect(planned[0].reminder.title == String(line.dropLast(" due:2026-01-09".count)))
        #expect(planned[0].reminder.due == .allDay(try #require(CalendarDay(year: 2026, month: 1, day: 9))))
    }
}
