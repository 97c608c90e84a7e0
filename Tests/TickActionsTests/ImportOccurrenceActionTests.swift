import Foundation
import Testing
import TestSupport
import TickActions
import TickInterchange
import TickModel
import TickStore

/// A VTODO with a `RECURRENCE-ID` changes one occurrence of its series (RFC 5545
/// §3.8.4.4), in the file and against the database: it never replaces the series.
@Suite("Actions: import of changed occurrences of a stored series")
struct ImportOccurrenceActionTests {
    static let series = ["BEGIN:VTODO", "UID:s", "SUMMARY:Water plants", "RRULE:FREQ=WEEKLY", "DUE:20261201T090000Z",
                         "END:VTODO"]
    static let occurrence = ["BEGIN:VTODO", "UID:s", "RECURRENCE-ID:20261208T090000Z", "SUMMARY:Water plants (balcony)",
                             "DUE:20261208T100000Z", "END:VTODO"]

    static func calendar(_ lines: [String]) -> Data {
        Data((["BEGIN:VCALENDAR", "VERSION:2.0"] + lines + ["END:VCALENDAR"]).joined(separator: "\r\n").utf8)
    }

    static func importing(_ lines: [String], into harness: ActionsHarness) throws -> ImportSummary {
        let batch = try ICalendarReader(now: Fixture.now, fileListName: nil).read(calendar(lines), source: "t.ics")
        return try harness.actions.importBatch(ImportRequest(batch: batch))
    }

    @Test("a file holding only a changed occurrence updates that occurrence; the series keeps its rule, due date and title")
    func occurrenceOntoStoredSeries() throws {
        let harness = try ActionsHarness()
        _ = try Self.importing(Self.series, into: harness)
        let before = try #require(try harness.reminders().first)

        let summary = try Self.importing(Self.occurrence, into: harness)
        #expect(summary.updated == 1)
        #expect(summary.added == 0)
        let after = try harness.reminders()
        #expect(after.count == 1)
        let series = try #require(after.first)
        #expect(series.title == "Water plants")
        #expect(series.recurrence == before.recurrence)
        #expect(series.due == before.due)
        #expect(ICalendarOverrides.occurrences(in: series.iCalendarExtras) == [Self.occurrence])

        // The same occurrence again is no change; a newer copy of it replaces it, and an
        // earlier override of another date stays.
        #expect(try Self.importing(Self.occurrence, into: harness).unchanged == 1)
        var moved = Self.occurrence
        moved[3] = "SUMMARY:Water plants (moved)"
        var other = Self.occurrence
        other[2] = "RECURRENCE-ID:20261215T090000Z"
        _ = try Self.importing(other, into: harness)
        _ = try Self.importing(moved, into: harness)
        let final = try #require(try harness.reminders().first)
        #expect(final.title == "Water plants")
        #expect(ICalendarOverrides.occurrences(in: final.iCalendarExtras) == [moved, other])
    }

    @Test("an occurrence without its series is kept as a reminder; its series arriving later takes it in")
    func occurrenceBeforeSeries() throws {
        let harness = try ActionsHarness()
        #expect(try Self.importing(Self.occurrence, into: harness).added == 1)
        let alone = try #require(try harness.reminders().first)
        #expect(alone.title == "Water plants (balcony)")
        #expect(ICalendarOverrides.ownRecurrenceID(alone.iCalendarExtras) == ":20261208T090000Z")

        let summary = try Self.importing(Self.series, into: harness)
        #expect(summary.updated == 1)
        let after = try harness.reminders()
        #expect(after.count == 1)
        let series = try #require(after.first)
        #expect(series.title == "Water plants")
        #expect(series.recurrence != nil)
        let kept = ICalendarOverrides.occurrences(in: series.iCalendarExtras)
        #expect(kept.count == 1)
        #expect(kept.first.flatMap(ICalendarOverrides.recurrenceID(of:)) == ":20261208T090000Z")
        #expect(kept.first?.contains("SUMMARY:Water plants (balcony)") == true)
    }
}
