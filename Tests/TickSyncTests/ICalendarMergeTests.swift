import Foundation
import Testing
import TickSync

/// The three-way merge of a to-do (`ICalendarMerge.merge`) on VALARMs.
@Suite("iCalendar three-way merge: alarms")
struct ICalendarMergeTests {
    static func calendar(summary: String, alarm: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick//EN", "BEGIN:VTODO", "UID:t-1", "DTSTAMP:20261201T000000Z",
          "SUMMARY:\(summary)", "DUE:20261211T150000Z", "BEGIN:VALARM"] + alarm + ["END:VALARM", "END:VTODO", "END:VCALENDAR"])
            .map { $0 + "\r\n" }.joined()
    }

    /// Found by a tester: Radicale and Xandikos give a VALARM's properties back sorted, so the
    /// server's unchanged alarm differed from the base as text; with a title changed on the
    /// phone, Tick's alarm edit was "changed on both sides" and lost to the server's.
    @Test("an alarm changed in Tick and one the server only reordered: Tick's alarm and the server's title, no conflict")
    func reorderedAlarmIsUnchanged() {
        let tick = ["UID:a-1", "ACTION:DISPLAY", "DESCRIPTION:Haircut", "TRIGGER;RELATED=END:-PT1H"]
        let base = Self.calendar(summary: "Haircut", alarm: tick)
        let local = Self.calendar(summary: "Haircut", alarm: ["UID:a-1", "ACTION:DISPLAY", "DESCRIPTION:Haircut", "TRIGGER;RELATED=END:-PT2H"])
        let server = Self.calendar(summary: "Haircut (phone)", alarm: tick.sorted())
        for localIsNewer in [true, false] {
            let merged = ICalendarMerge.merge(base: base, local: local, server: server, localIsNewer: localIsNewer)
            #expect(merged.conflicts.isEmpty, "\(merged.conflicts)")
            #expect(merged.text.contains("SUMMARY:Haircut (phone)\r\n"))
            #expect(merged.text.contains("TRIGGER;RELATED=END:-PT2H\r\n") && !merged.text.contains("-PT1H"), "\(merged.text)")
        }
        // Changed on both sides for real: still a conflict, the newer side's alarm kept.
        let changedThere = Self.calendar(summary: "Haircut (phone)", alarm: (tick.dropLast() + ["TRIGGER;RELATED=END:-PT3H"]).sorted())
        let both = ICalendarMerge.merge(base: base, local: local, server: changedThere, localIsNewer: true)
        #expect(both.conflicts.map(\.property) == ["VALARM"])
        #expect(both.conflicts.first?.lostValue.contains("-PT3H") == true)
        #expect(both.text.contains("-PT2H"))
    }
}
