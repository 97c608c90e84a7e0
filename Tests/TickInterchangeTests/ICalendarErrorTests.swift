import Foundation
import Testing
import TickModel
@testable import TickInterchange

/// Files that cannot be read are refused with the line and a message saying what to do;
/// nothing is imported from them.
@Suite("iCalendar errors")
struct ICalendarErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var lines: [String]
        var line: Int
        var fragment: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "END that does not match BEGIN", lines: ["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:1", "END:VEVENT", "END:VCALENDAR"],
             line: 4, fragment: "END:VEVENT does not close BEGIN:VTODO of line 2"),
        Case(name: "END without BEGIN", lines: ["END:VTODO"], line: 1, fragment: "closes nothing"),
        Case(name: "a file cut off inside a VTODO", lines: ["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:1", "SUMMARY:half"],
             line: 2, fragment: "ends inside this VTODO"),
        Case(name: "text before BEGIN:VCALENDAR", lines: ["Subject: my tasks", "BEGIN:VCALENDAR", "END:VCALENDAR"],
             line: 1, fragment: "outside any component"),
        Case(name: "no component at all", lines: [""], line: 1, fragment: "no iCalendar data"),
    ]

    @Test("structural errors are refused with their line", arguments: cases)
    func refused(example: Case) throws {
        let text = example.lines.joined(separator: "\r\n") + "\r\n"
        let error = try #require(throws: InterchangeError.self) {
            try ICalendarFixture.read(text, name: "bad.ics")
        }
        #expect(error.kind == .malformed)
        #expect(error.line == example.line)
        #expect(error.source == "bad.ics")
        #expect(error.description.hasPrefix("bad.ics line \(example.line): "))
        #expect(error.message.contains(example.fragment), "\(error.message)")
    }

    @Test("invalid UTF-8 is refused with its line")
    func invalidUTF8() throws {
        var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:caf".utf8)
        bytes += [0xE9] + Array("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        let error = try #require(throws: InterchangeError.self) {
            try ICalendarReader(now: ICalendarFixture.now, fileListName: nil).read(Data(bytes), source: "latin1.ics")
        }
        #expect(error.kind == .invalidEncoding)
        #expect(error.line == 3)
        #expect(error.message.contains("UTF-8"))
    }

    @Test("a NUL byte and UTF-16 are refused as not being text")
    func notText() throws {
        let nul = Data("BEGIN:VCALENDAR\r\nX-A:\0\r\nEND:VCALENDAR\r\n".utf8)
        let error = try #require(throws: InterchangeError.self) {
            try ICalendarReader(now: ICalendarFixture.now, fileListName: nil).read(nul, source: nil)
        }
        #expect(error.kind == .invalidEncoding)
        #expect(error.line == 2)
        let utf16 = try #require("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".data(using: .utf16))
        #expect(throws: InterchangeError.self) {
            try ICalendarReader(now: ICalendarFixture.now, fileListName: nil).read(utf16, source: nil)
        }
    }

    @Test("a line libical cannot read is ignored with a warning naming the line; the import goes on")
    func unreadableLine() throws {
        let batch = try ICalendarFixture.read(ICalendarFixture.vtodo(["SUMMARY:a", "DTSTART:20131009T170000T", "GEO:abc"]),
                                              name: "odd.ics")
        #expect(batch.reminders.first?.reminder.start == nil)
        #expect(batch.warnings == [
            "odd.ics line 7: libical could not read this DTSTART line (RFC 5545); it was ignored",
            "odd.ics line 8: libical could not read this GEO line (RFC 5545); it was ignored",
        ])
        #expect(batch.reminders.first?.reminder.iCalendarExtras == "")
    }

    @Test("a parameter without '=' is reported at its own line and left out (libical drops it without flagging the line)")
    func droppedParameter() throws {
        let batch = try ICalendarFixture.read(ICalendarFixture.vtodo(["SUMMARY:a", "DTSTART;BROKEN:20260101T090000Z"]), name: "p.ics")
        #expect(batch.warnings == ["p.ics line 7: the parameter 'BROKEN' of this DTSTART line is not NAME=value "
                                   + "(RFC 5545 §3.1) and was left out"])
        #expect(batch.reminders.first?.reminder.start != nil)
    }

    @Test("line numbers count physical lines, folds included")
    func lineNumbersWithFolds() throws {
        let text = ["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:1", "DESCRIPTION:a long", " folded", "  value", "RRULE:FREQ=NEVER",
                    "END:VTODO", "END:VCALENDAR"].joined(separator: "\n")
        let batch = try ICalendarFixture.read(text, name: "f.ics")
        #expect(batch.warnings.last?.hasPrefix("f.ics line 7: libical could not read this RRULE line") == true, "\(batch.warnings)")
        #expect(batch.reminders.first?.reminder.notes == "a longfolded value")
    }
}
