import Foundation
import Synchronization
import Testing
import TestSupport
import TickModel
import TickTerminal
@testable import TickCLI

/// The progress line of a long export (issue 14): drawn on standard error when it is a
/// terminal and the work takes more than a second, never otherwise.
@Suite("Progress lines")
struct ProgressLineTests {
    /// A clock that moves `step` seconds each time it is read.
    static func steppingClock(step: TimeInterval) -> @Sendable () -> Date {
        let reads = Mutex(0)
        return {
            let count = reads.withLock { value -> Int in
                value += 1
                return value
            }
            return Date(timeIntervalSince1970: 1_000_000 + Double(count) * step)
        }
    }

    /// A harness holding the 1,540 reminders of the golden data set.
    static func harness() throws -> CLIHarness {
        let harness = try OutputGoldenTests.harness()
        harness.liveClock = steppingClock(step: 0.4)
        return harness
    }

    @Test("an export to a file that takes more than a second draws its progress on a terminal, then erases it")
    func exportDrawsProgressOnATerminal() throws {
        let harness = try Self.harness()
        harness.isErrorTerminal = true
        let result = harness.run("export", "-o", "backup.json")
        #expect(result.status == 0)
        // The clock moves 0.4 s a look, one look every 256 reminders: past a second at 768.
        // Redrawn in place every look after that, then erased before the last line.
        let lines = [(768, 2), (1_024, 1), (1_280, 1), (1_536, 1)].map { count, left in
            "\r\u{1B}[Ktick: exporting \(ProgressLine.grouped(count)) of 1,540 reminders (640/s, \(left) s left)"
        }
        #expect(Array(result.errors.utf8) == Array((lines.joined() + "\r\u{1B}[KExported 1540 reminders to backup.json\n").utf8))
        let written = try String(contentsOfFile: harness.folder.file("backup.json"), encoding: .utf8)
        #expect(OutputGoldenTests.digest(written) == OutputGoldenTests.digest(harness.ok("export")))
    }

    @Test("no progress line when standard error is not a terminal, or the export goes to standard output")
    func noProgressOffATerminal() throws {
        let harness = try Self.harness()
        let result = harness.run("export", "--format", "ics", "-o", "backup.ics")
        #expect(result.status == 0)
        #expect(result.errors == "Exported 1540 reminders to backup.ics\n")
        harness.isErrorTerminal = true
        let toOutput = harness.run("export")
        #expect(toOutput.status == 0)
        #expect(toOutput.errors == "")
    }

    @Test("no progress line for work done within a second")
    func noProgressWithinASecond() throws {
        let harness = try Self.harness()
        harness.liveClock = Self.steppingClock(step: 0.001)
        harness.isErrorTerminal = true
        let result = harness.run("export", "--format", "todotxt", "-o", "todo.txt")
        #expect(result.errors == "Exported 1540 reminders to todo.txt\n")
    }

    @Test("the line: count, total, rate and time left", arguments: [
        (45_000, Optional(100_000), 1.5, "exporting 45,000 of 100,000 reminders (30,000/s, 2 s left)"),
        (1_234_567, nil, 10.0, "exporting 1,234,567 reminders (123,457/s)"),
        (999, Optional(999), 2.0, "exporting 999 of 999 reminders (500/s, 0 s left)"),
    ])
    func lineText(count: Int, total: Int?, elapsed: Double, expected: String) {
        #expect(ProgressLine.text(verb: "exporting", count: count, total: total, elapsed: elapsed) == expected)
    }
}

/// The fast number cell of a listing (issue 14) says what `Reminder.Number.description` says.
@Suite("Listing cells")
struct ListingCellTests {
    @Test("the number cell is the number's description", arguments: [Int64(1), 9, 10, 12_345, 1 << 52, Int64.max, 0, -7, Int64.min + 1])
    func numberCell(value: Int64) {
        let number = Reminder.Number(value)
        #expect(ReminderPrinter.numberText(number) == number.description)
    }
}

/// The line-redraw mark of the output edge (for progress lines).
@Suite("Overwriting a line at the output edge")
struct OverwritingLineTests {
    @Test("the mark becomes CR and erase-line; controls in the text stay sanitized; a broken mark is dropped")
    func overwritingLine() {
        #expect(TerminalText.forTerminal(TerminalText.overwritingLine("tick: 1,000\u{1B}[2J")) == "\r\u{1B}[Ktick: 1,000^[[2J")
        #expect(TerminalText.forTerminal(TerminalText.overwritingLine("")) == "\r\u{1B}[K")
        // The letter alone, or the mark without its close, is not a redraw.
        let open = String(Unicode.Scalar(0xFDD0 as UInt32) ?? "?")
        #expect(TerminalText.forTerminal(open + "K") == "K")
        #expect(TerminalText.forTerminal("K\r") == "K ")
    }
}
