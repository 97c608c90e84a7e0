import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickInterchange

private typealias F = ICalendarFixture

/// VTODOs that share a `UID` in one file: a series and its changed occurrences
/// (RFC 5545 §3.8.4.4), and versions of one component weighed by `SUMMARY`, `SEQUENCE`,
/// then `LAST-MODIFIED`/`DTSTAMP` (RFC 5546 §2.1.5), never by file order.
@Suite("iCalendar: series, occurrences and versions with one UID")
struct ICalendarSeriesTests {
    static let series = ["BEGIN:VTODO", "UID:s", "SUMMARY:Water plants", "RRULE:FREQ=WEEKLY", "DUE:20261201T090000Z", "END:VTODO"]
    static let occurrence = ["BEGIN:VTODO", "UID:s", "RECURRENCE-ID:20261208T090000Z", "SUMMARY:Water plants (balcony)",
                             "DUE:20261208T100000Z", "END:VTODO"]

    @Test("a series followed by its occurrence in a second VCALENDAR: one reminder, the occurrence kept with it")
    func occurrenceInAnotherCalendar() throws {
        let text = F.calendar(Self.series) + F.calendar(Self.occurrence)
        let batch = try F.read(text)
        #expect(batch.reminders.count == 1)
        let item = try #require(batch.reminders.first)
        #expect(item.reminder.title == "Water plants")
        #expect(item.reminder.recurrence != nil)
        #expect(item.occurrence == nil)
        #expect(item.reminder.iCalendarExtras == Self.occurrence.joined(separator: "\n"))
    }

    @Test("an occurrence without its series comes out marked as an occurrence, with its RECURRENCE-ID")
    func occurrenceAlone() throws {
        let batch = try F.read(F.calendar(Self.occurrence))
        let item = try #require(batch.reminders.first)
        #expect(batch.reminders.count == 1)
        #expect(item.occurrence?.recurrenceID == ":20261208T090000Z")
        #expect(item.occurrence?.lines == Self.occurrence)
        #expect(item.reminder.title == "Water plants (balcony)")
    }

    @Test("two occurrences of one series without it: the first stands, the other is kept in it")
    func twoOccurrencesAlone() throws {
        var other = Self.occurrence
        other[2] = "RECURRENCE-ID:20261215T090000Z"
        let batch = try F.read(F.calendar(Self.occurrence + other))
        #expect(batch.reminders.count == 1)
        let item = try #require(batch.reminders.first)
        #expect(ICalendarOverrides.occurrences(in: item.reminder.iCalendarExtras) == [other])
    }

    /// Two versions of one VTODO, each given by its extra lines, and which one must win.
    struct VersionCase: CustomTestStringConvertible, Sendable {
        var name: String
        var first: [String]
        var second: [String]
        var winner: String
        var testDescription: String { name }
    }

    static let versionCases: [VersionCase] = [
        VersionCase(name: "higher SEQUENCE first beats a later SEQUENCE:0 stub",
                    first: ["SUMMARY:Pay rent", "SEQUENCE:3"], second: ["SEQUENCE:0", "DTSTAMP:20270101T000000Z"], winner: "Pay rent"),
        VersionCase(name: "higher SEQUENCE second wins",
                    first: ["SUMMARY:old", "SEQUENCE:1"], second: ["SUMMARY:new", "SEQUENCE:2"], winner: "new"),
        VersionCase(name: "higher SEQUENCE first wins over a later one in the file",
                    first: ["SUMMARY:new", "SEQUENCE:2"], second: ["SUMMARY:old", "SEQUENCE:1"], winner: "new"),
        VersionCase(name: "equal SEQUENCE: the later LAST-MODIFIED wins",
                    first: ["SUMMARY:later", "LAST-MODIFIED:20261102T000000Z"],
                    second: ["SUMMARY:earlier", "LAST-MODIFIED:20261101T000000Z"], winner: "later"),
        VersionCase(name: "no LAST-MODIFIED: the later DTSTAMP wins",
                    first: ["SUMMARY:earlier", "DTSTAMP:20261101T000000Z"],
                    second: ["SUMMARY:later", "DTSTAMP:20261102T000000Z"], winner: "later"),
        VersionCase(name: "no SUMMARY never replaces one with it, whatever its SEQUENCE",
                    first: ["SUMMARY:Call mom"], second: ["SEQUENCE:9", "STATUS:COMPLETED"], winner: "Call mom"),
        VersionCase(name: "nothing tells them apart: the first stays",
                    first: ["SUMMARY:first"], second: ["SUMMARY:second"], winner: "first"),
    ]

    @Test("versions of one VTODO: the winner follows SUMMARY, SEQUENCE, LAST-MODIFIED/DTSTAMP; the loser is named",
          arguments: versionCases)
    func versions(_ example: VersionCase) throws {
        let text = F.calendar(["BEGIN:VTODO", "UID:v"] + example.first + ["END:VTODO", "BEGIN:VTODO", "UID:v"] + example.second + ["END:VTODO"])
        let batch = try F.read(text)
        #expect(batch.reminders.map(\.reminder.title) == [example.winner])
        let losses = batch.warnings.filter { $0.contains("is another version") }
        #expect(losses.count == 1)
        let warning = try #require(losses.first)
        // The first VTODO begins at line 4, the second after its UID, lines and END.
        let firstWins = try F.reminder(F.vtodo(example.first)).title == example.winner
        let loserLine = firstWins ? 4 + 2 + example.first.count + 1 : 4
        #expect(warning.hasPrefix("test.ics line \(loserLine): this VTODO ('"), "\(warning)")
        #expect(warning.contains("was not"))
    }

    @Test("an iTIP file: several VCALENDARs with METHOD and one UID keep the full task, not the last stub")
    func iTIP() throws {
        let request = F.calendar(["BEGIN:VTODO", "UID:i", "SUMMARY:Review budget", "DESCRIPTION:Q1 numbers", "SEQUENCE:1",
                                  "DTSTAMP:20261101T000000Z", "END:VTODO"], header: ["METHOD:REQUEST"])
        let reply = F.calendar(["BEGIN:VTODO", "UID:i", "SEQUENCE:1", "DTSTAMP:20261105T000000Z", "STATUS:IN-PROCESS",
                                "END:VTODO"], header: ["METHOD:REPLY"])
        let batch = try F.read(request + reply + reply)
        #expect(batch.reminders.map(\.reminder.title) == ["Review budget"])
        #expect(batch.reminders.first?.reminder.notes == "Q1 numbers")
        #expect(batch.warnings.filter { $0.contains("('Untitled') is another version") }.count == 2)
    }

    @Test("two plainly different to-dos with one UID in two lists are both imported, the second under its own UID")
    func plainlyDifferent() throws {
        let home = F.calendar(["BEGIN:VTODO", "UID:same", "SUMMARY:Fix the sink", "END:VTODO"], header: ["X-WR-CALNAME:Home"])
        let work = F.calendar(["BEGIN:VTODO", "UID:same", "SUMMARY:Send the report", "END:VTODO"], header: ["X-WR-CALNAME:Work"])
        let batch = try F.read(home + work)
        #expect(batch.reminders.map(\.reminder.title) == ["Fix the sink", "Send the report"])
        #expect(batch.reminders.map(\.listName) == ["Home", "Work"])
        #expect(batch.reminders[0].reminder.uid == "same")
        let other = batch.reminders[1].reminder.uid
        #expect(other != "same")
        // The same on every import, so a re-import does not duplicate it.
        #expect(try F.read(home + work).reminders[1].reminder.uid == other)
        #expect(batch.warnings.count == 1)
        #expect(batch.warnings.first?.contains("both were imported") == true)
    }

    @Test("versions of one occurrence are weighed too; the winner is kept with the series")
    func occurrenceVersions() throws {
        var newer = Self.occurrence
        newer.insert("SEQUENCE:2", at: 3)
        newer[4] = "SUMMARY:Water plants (moved)"
        let batch = try F.read(F.calendar(Self.series + newer + Self.occurrence))
        let item = try #require(batch.reminders.first)
        #expect(ICalendarOverrides.occurrences(in: item.reminder.iCalendarExtras) == [newer])
        #expect(batch.warnings.count == 1)
        #expect(batch.warnings.first?.contains("this changed occurrence ('Water plants (balcony)')") == true)
    }
}
