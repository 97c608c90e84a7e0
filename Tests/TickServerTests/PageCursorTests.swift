import Foundation
import Testing
@testable import TickServer
import TickInterchange
import TickModel

/// The cursors of `nextCursor`: base64url without padding (RFC 4648 §5), read back to the same place.
@Suite("Page cursors")
struct PageCursorTests {
    @Test("a cursor is base64url without padding and reads back to itself", arguments: [
        PageCursor.key(listID: "?>?>~~~", position: 1_024, number: 7, completedAt: nil),
        PageCursor.key(listID: "목록 ü", position: -5, number: 123_456_789, completedAt: 1_796_000_000.25),
        PageCursor.key(listID: "a", position: 0, number: 1, completedAt: nil),
        PageCursor.offset(0), PageCursor.offset(50), PageCursor.offset(1_000_000),
        PageCursor.due(.today, DueOrder.Key(dated: true, instant: Date(timeIntervalSince1970: 1_796_000_000.125), allDay: false,
                                            text: 1_796_000_000, isTimed: true, list: 3, position: -7, number: 42)),
        PageCursor.due(.scheduled, DueOrder.Key(dated: true, instant: Date(timeIntervalSince1970: -62_104_000_000), allDay: true,
                                                text: 0, isTimed: false, list: .max, position: 1 << 40, number: 1)),
    ])
    func roundTrip(cursor: PageCursor) throws {
        let text = cursor.text
        #expect(!text.contains("+") && !text.contains("/") && !text.contains("="), "\(text)")
        #expect(text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        #expect(try PageCursor(text: text) == cursor)
    }

    /// A cursor with `nan` as its completion time stopped the server (Timestamp's conversion
    /// to `Int` trapped while the page's query was written).
    @Test("a cursor whose instant is not a number, infinite, or outside the years 1 to 9999 is refused (400)",
          arguments: ["nan", "inf", "-inf", "1e309", "1e300", "-1e300", "253402300800", "-62135596801", "NaN", "infinity"])
    func instantsOutOfRange(seconds: String) throws {
        func text(_ plain: String) -> String {
            Data(plain.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        for plain in ["k|0|0|\(seconds)|x", "d|today|1|\(seconds)|0|0|1|1|0|1"] {
            #expect(throws: Problem.self, "\(plain)") { try PageCursor(text: text(plain)) }
        }
        #expect(try PageCursor(text: text("k|0|0|253402300799|x")) == .key(listID: "x", position: 0, number: 0, completedAt: 253_402_300_799))
    }

    @Test("the bytes that base64 writes as + and / come out as - and _")
    func urlAlphabet() {
        // "?>?" is 0x3F 0x3E 0x3F: base64 "Pz4/", then "~~~" is "fn5+".
        #expect(PageCursor.offset(0).text == "b3ww")
        let text = PageCursor.key(listID: "?>?~~~", position: 1, number: 2, completedAt: nil).text
        let standard = Data("k|1|2|-|?>?~~~".utf8).base64EncodedString()
        #expect(standard.contains("/") || standard.contains("+"))
        #expect(text == standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: ""))
    }
}

/// A page's body is written straight into bytes; it must be the text of the `JSONValue`
/// of the same members.
@Suite("Page bodies")
struct PageBodyTests {
    @Test("a page's bytes are the compact JSON of { reminders, nextCursor }", arguments: [nil, "b3ww"] as [String?])
    func sameAsTheTree(next: String?) throws {
        let list = ReminderList(id: .init(rawValue: "list-1"), name: "장보기 \"q\"", createdAt: Date(timeIntervalSince1970: 0))
        var first = Reminder(uid: "u1", number: .init(1), listID: list.id, title: "Milk", createdAt: Date(timeIntervalSince1970: 1_796_040_000))
        first.tags = ["a", "b"]
        first.alarms = [Alarm(uid: "al", trigger: .relative(seconds: -600, toStart: false))]
        first.due = .timed(Date(timeIntervalSince1970: 1_796_100_000), timeZone: "Asia/Seoul")
        let second = Reminder(uid: "u2", number: .init(2), listID: .init(rawValue: "gone"), title: "Bread",
                              createdAt: Date(timeIntervalSince1970: 1_796_040_000))
        for reminders in [[], [first], [first, second]] {
            let body = WebService.page(reminders, lists: [list.id: list], next: next).utf8
            let tree = JSONValue.object([
                ("reminders", .array(reminders.map { TickJSON.object(for: $0, listName: $0.listID == list.id ? list.name : nil) })),
                ("nextCursor", .optional(next)),
            ])
            #expect(String(decoding: body, as: UTF8.self) == tree.serialized(pretty: false))
        }
    }
}
