import Foundation
import Testing
import TestSupport
import TickActions
import TickInterchange
import TickModel
import TickStore

/// Import, re-import and export of iCalendar cost time in proportion to the file, not
/// to the square of a count inside it (issue 10, item 9). Not a timed test: at these
/// sizes the linear code finishes in about a second, while the quadratic code it
/// replaces took minutes (20,000 VALARMs in one VTODO: 23 s to import, over 90 s to
/// re-import, over 120 s to export), so the one-minute limit catches a return of it.
@Suite("Actions: iCalendar at scale")
struct ICalendarScaleActionTests {
    /// One VTODO with `count` display VALARMs that Tick keeps verbatim (their
    /// `DESCRIPTION` is not Tick's), each with its own trigger.
    static func manyAlarms(_ count: Int) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "X-WR-CALNAME:Many",
                     "BEGIN:VTODO", "UID:many-alarms", "SUMMARY:Many alarms", "DUE:20300101T120000Z"]
        for index in 0..<count {
            lines += ["BEGIN:VALARM", "UID:alarm-\(index)", "ACTION:DISPLAY", "DESCRIPTION:Look", "TRIGGER:-PT\(index + 1)M",
                      "END:VALARM"]
        }
        lines += ["END:VTODO", "END:VCALENDAR"]
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func read(_ text: String) throws -> ImportBatch {
        try ICalendarReader(now: Fixture.now, fileListName: nil, workerCount: 1).read(Data(text.utf8), source: "many.ics")
    }

    @Test("10,000 VALARMs in one VTODO: import, re-import and export of the export are linear and change nothing",
          .timeLimit(.minutes(5)))
    func manyAlarmsRoundTrip() throws {
        // Timed here, not by the time limit, which also counts waiting for a thread of the
        // test pool while other tests block theirs.
        let started = ContinuousClock.now
        defer { #expect(ContinuousClock.now - started < .seconds(30), "linear work takes a few seconds") }
        let harness = try ActionsHarness()
        let batch = try Self.read(Self.manyAlarms(10_000))
        #expect(try harness.actions.importBatch(ImportRequest(batch: batch)).added == 1)
        #expect(try harness.actions.importBatch(ImportRequest(batch: batch)).unchanged == 1)
        let contents = try harness.actions.exportContents(of: nil)
        let exported = ICalendarWriter().write(lists: contents.lists, reminders: contents.reminders)
        #expect(exported.components(separatedBy: "BEGIN:VALARM").count - 1 == 10_000)
        let again = try harness.actions.importBatch(ImportRequest(batch: try Self.read(exported)))
        #expect(again.unchanged == 1 && again.updated == 0)
        #expect(try harness.reminders().first?.alarms.count == 10_000)
    }
}
