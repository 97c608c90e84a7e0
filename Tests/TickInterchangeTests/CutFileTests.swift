import Foundation
import Testing
import TickModel
@testable import TickInterchange

/// A file cut in the middle of a character (a truncated download) is said to be cut off,
/// not to be in another encoding (a tester: "may be in another encoding such as Latin-1").
@Suite("A file cut inside a character")
struct CutFileTests {
    /// `text`'s UTF-8 with its last `drop` bytes cut off.
    static func cut(_ text: String, dropping drop: Int) -> Data { Data(Array(text.utf8).dropLast(drop)) }

    @Test("iCalendar and todo.txt: cut inside 카 or 😀 at the end says cut off; a Latin-1 byte says another encoding",
          arguments: [("카", 1), ("카", 2), ("😀", 1), ("😀", 3)])
    func cutInsideACharacter(character: String, drop: Int) throws {
        let ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:" + character
        do {
            _ = try ICalendarReader(now: Date(timeIntervalSince1970: 0), fileListName: "t").read(Self.cut(ics, dropping: drop), source: "t.ics")
            Issue.record("read without a word")
        } catch {
            #expect(error.message.contains("ends inside a UTF-8 character") && error.message.contains("cut off"), "\(error)")
        }
        do {
            _ = try TodoTxtParser.parse(Self.cut("first line\nsecond " + character, dropping: drop), source: "todo.txt")
            Issue.record("read without a word")
        } catch {
            #expect(error.message.contains("ends inside a UTF-8 character") && error.line == 2, "\(error)")
        }
    }

    @Test("a byte of another encoding, at the end or not, still says so")
    func latin1() throws {
        for bytes in [Array("caf".utf8) + [0xE9], Array("caf".utf8) + [0xE9] + Array(" au lait".utf8)] {
            do {
                _ = try TodoTxtParser.parse(Data(bytes), source: "todo.txt")
                Issue.record("read without a word")
            } catch {
                #expect(error.message.contains("another encoding"), "\(error)")
            }
        }
        #expect(!UTF8Cut.endsInsideACharacter(Array("ok".utf8)))
        #expect(!UTF8Cut.endsInsideACharacter([0x61, 0xFF]))
        #expect(UTF8Cut.endsInsideACharacter([0x61, 0xF0, 0x9F]))
    }
}
