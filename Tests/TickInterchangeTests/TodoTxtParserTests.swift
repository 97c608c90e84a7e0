import Foundation
import Testing
import TickModel
@testable import TickInterchange

/// Whole-file reading: line ends, byte order marks, blank lines, and the few lines that
/// fail an import, with their line and column.
@Suite("todo.txt parser")
struct TodoTxtParserTests {
    @Test func acceptsCRLFAndLFAndNoFinalNewline() throws {
        let items = try TodoTxtParser.parse("(A) one\r\ntwo\nthree\r\nfour", source: nil)
        #expect(items.map(\.description) == ["one", "two", "three", "four"])
        #expect(items.map(\.lineNumber) == [1, 2, 3, 4])
        #expect(items[0].priority == "A")
    }

    @Test func skipsBlankLinesButCountsThem() throws {
        let text = "first\n\n   \n\t\r\n\u{3000}\u{200B}\nsixth\n\n"
        let items = try TodoTxtParser.parse(text, source: nil)
        #expect(items.map(\.description) == ["first", "sixth"])
        #expect(items.map(\.lineNumber) == [1, 6])
    }

    @Test func emptyInputHasNoItems() throws {
        #expect(try TodoTxtParser.parse("", source: nil).isEmpty)
        #expect(try TodoTxtParser.parse(Data(), source: nil).isEmpty)
        #expect(try TodoTxtParser.parse(Data([0xEF, 0xBB, 0xBF]), source: nil).isEmpty)
    }

    @Test func skipsAUTF8ByteOrderMarkSoTheFirstLineKeepsItsStructure() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("x 2026-01-05 done\r\n(B) next\r\n".utf8)
        let fromData = try TodoTxtParser.parse(Data(bytes), source: nil)
        let fromString = try TodoTxtParser.parse("\u{FEFF}x 2026-01-05 done\r\n(B) next\r\n", source: nil)
        #expect(fromData == fromString)
        #expect(fromData.count == 2)
        #expect(fromData[0].isCompleted)
        #expect(fromData[0].completionDate == CalendarDay(year: 2026, month: 1, day: 5))
        #expect(fromData[0].description == "done")
        #expect(fromData[1].priority == "B")
    }

    @Test func aLoneCarriageReturnEndsALineLikeLFAndCRLF() throws {
        let items = try TodoTxtParser.parse("a\rb @x\nc\r\n\rx 2026-01-05 d\r", source: nil)
        #expect(items.map(\.description) == ["a", "b @x", "c", "d"])
        #expect(items.map(\.lineNumber) == [1, 2, 3, 5])
        #expect(items[1].contexts == ["x"])
        #expect(items[3].isCompleted)
    }

    @Test func aFileWithClassicMacLineEndsHasOneTaskPerLine() throws {
        let text = "(A) 2026-01-05 Call Mom +Family\r(D) Pay rent @home\rx 2026-01-07 Done\r"
        let items = try TodoTxtParser.parse(Data(text.utf8), source: nil)
        #expect(items.count == 3)
        #expect(items.map(\.priority) == ["A", "D", nil])
        #expect(items[1].description == "Pay rent @home")
    }

    @Test func keepsTrailingAndLeadingSpacesInTheDescription() throws {
        let items = try TodoTxtParser.parse("  lead\ntrail  \n", source: nil)
        #expect(items.map(\.description) == ["  lead", "trail  "])
    }

    @Test func acceptsLeapDaysAndFreeTextThatOnlyLooksLikeFields() throws {
        let text = """
            (A) 2024-02-29 leap due:2024-02-29 t:2000-02-29
            due:soon due:2026-1-5 Due:2026-13-45 due: t:
            2026-13-45
            x 2026-13-45
            (A) Call Mom 2026-02-30
            """
        let items = try TodoTxtParser.parse(text, source: nil)
        #expect(items.count == 5)
        #expect(items[0].creationDate == CalendarDay(year: 2024, month: 2, day: 29))
        #expect(items[2].description == "2026-13-45")
        #expect(items[3].isCompleted && items[3].completionDate == nil && items[3].description == "2026-13-45")
        #expect(items[4].description == "Call Mom 2026-02-30")
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var text: String
        var kind: InterchangeError.Kind
        var line: Int
        var column: Int?
        var testDescription: String { text.debugDescription }
    }

    static let failures: [Failure] = [
        Failure(text: "ok\ncall the bank due:2026-13-45\n", kind: .invalidDate, line: 2, column: 15),
        Failure(text: "x 2026-02-30 filed taxes", kind: .invalidDate, line: 1, column: 3),
        Failure(text: "(A) 2026-02-29 not a leap year", kind: .invalidDate, line: 1, column: 5),
        Failure(text: "x 2026-01-01 2026-00-01 zero month", kind: .invalidDate, line: 1, column: 14),
        Failure(text: "\n\n2026-04-31 April has 30", kind: .invalidDate, line: 3, column: 1),
        Failure(text: "t:2025-02-29 start", kind: .invalidDate, line: 1, column: 1),
        Failure(text: "a due:2026-01-01 b due:0000-01-01", kind: .invalidDate, line: 1, column: 20),
        Failure(text: "ok\r\nspécial ☕ t:2026-06-31", kind: .invalidDate, line: 2, column: 11),
        Failure(text: "fine\n(A) ", kind: .emptyTask, line: 2, column: nil),
        Failure(text: "x 2026-01-05 ", kind: .emptyTask, line: 1, column: nil),
        Failure(text: "x 2026-01-05 2026-01-01 \u{200B}", kind: .emptyTask, line: 1, column: nil),
        Failure(text: "x ", kind: .emptyTask, line: 1, column: nil),
        Failure(text: "a\nb\u{0}c", kind: .invalidEncoding, line: 2, column: 2),
    ]

    @Test(arguments: failures)
    func refusesTheWholeFileNamingTheLine(_ failure: Failure) {
        #expect {
            _ = try TodoTxtParser.parse(failure.text, source: "todo.txt")
        } throws: { error in
            guard let error = error as? InterchangeError else { return false }
            return error.kind == failure.kind && error.line == failure.line && error.column == failure.column
                && error.source == "todo.txt"
        }
    }

    @Test func invalidDateMessageQuotesOnlyTheToken() throws {
        let error = try #require(throws: InterchangeError.self) {
            try TodoTxtParser.parse("ok\nsecret plan due:2026-02-30 +Surprise\n", source: "todo.txt")
        }
        #expect(error.description
                == "todo.txt line 2, column 13: 'due:2026-02-30' is not a real date; write due:YYYY-MM-DD with a day that exists")
        #expect(!error.description.contains("secret"))
        #expect(!error.description.contains("Surprise"))
    }

    @Test func emptyTaskMessageSaysWhatToDo() throws {
        let error = try #require(throws: InterchangeError.self) {
            try TodoTxtParser.parse("ok\n\n(B) 2026-01-05 \n", source: "todo.txt")
        }
        #expect(error.description
                == "todo.txt line 3: the task has no text after its x, priority or dates; add some text or delete the line")
    }

    @Test func errorDescriptionWithoutASource() throws {
        let error = try #require(throws: InterchangeError.self) {
            try TodoTxtParser.parse("x 2026-02-30 report", source: nil)
        }
        #expect(error.description == "line 1, column 3: '2026-02-30' is not a real date; write YYYY-MM-DD with a day that exists")
    }

    @Test func reportsTheLineAndColumnOfInvalidUTF8() throws {
        // "spécial" in Latin-1: é is the single byte 0xE9.
        let bytes: [UInt8] = Array("ok\r\n".utf8) + [0x73, 0x70, 0xE9, 0x63] + Array("\n".utf8)
        let error = try #require(throws: InterchangeError.self) {
            try TodoTxtParser.parse(Data(bytes), source: "done.txt")
        }
        #expect(error.kind == .invalidEncoding)
        #expect(error.line == 2)
        #expect(error.column == 3)
        #expect(error.description.hasPrefix("done.txt line 2, column 3: byte 0xE9 is not valid UTF-8"))
    }

    static let badUTF8: [(bytes: [UInt8], column: Int)] = [
        (Array("café ".utf8) + [0xE2, 0x82], 6), // truncated at the end of the line
        ([0xC0, 0xAF], 1), // overlong encoding of "/"
        ([0x61, 0xED, 0xA0, 0x80], 2), // an encoded surrogate
        ([0x61, 0x62, 0xFF], 3),
    ]

    @Test(arguments: badUTF8)
    func refusesEveryKindOfInvalidUTF8(_ bad: (bytes: [UInt8], column: Int)) throws {
        let bytes = Array("first\n".utf8) + bad.bytes + Array("\nthird\n".utf8)
        let error = try #require(throws: InterchangeError.self) {
            try TodoTxtParser.parse(Data(bytes), source: nil)
        }
        #expect(error.kind == .invalidEncoding)
        #expect(error.line == 2)
        #expect(error.column == bad.column)
    }

    @Test func reportsANulByteInData() throws {
        let error = try #require(throws: InterchangeError.self) {
            try TodoTxtParser.parse(Data(Array("one\ntwo\nth".utf8) + [0] + Array("ree\n".utf8)), source: nil)
        }
        #expect(error.kind == .invalidEncoding)
        #expect(error.line == 3)
        #expect(error.column == 3)
        #expect(error.message.contains("NUL"))
    }

    @Test(arguments: [[UInt8]([0xFF, 0xFE, 0x61, 0x00]), [0xFE, 0xFF, 0x00, 0x61]])
    func recognizesUTF16(_ bytes: [UInt8]) throws {
        let error = try #require(throws: InterchangeError.self) {
            try TodoTxtParser.parse(Data(bytes), source: nil)
        }
        #expect(error.kind == .invalidEncoding)
        #expect(error.line == 1)
        #expect(error.message.contains("UTF-16"))
    }

    @Test func dataAndStringGiveTheSameItems() throws {
        let text = "(A) 2026-01-05 Call +Family @phone due:2026-01-09\nx 2026-01-06 spécial tag:◄\n"
        #expect(try TodoTxtParser.parse(text, source: nil) == TodoTxtParser.parse(Data(text.utf8), source: nil))
    }
}
