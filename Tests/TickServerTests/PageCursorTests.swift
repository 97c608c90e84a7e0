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
        PageCursor.search(offset: 0, after: nil), PageCursor.search(offset: 1_000_000, after: nil),
        PageCursor.search(offset: 50, after: SearchAnchor(listID: "목록|ü", position: -1_024, number: 9)),
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
        #expect(PageCursor.search(offset: 0, after: nil).text == "b3ww")
        let text = PageCursor.key(listID: "?>?~~~", position: 1, number: 2, completedAt: nil).text
        let standard = Data("k|1|2|-|?>?~~~".utf8).base64EncodedString()
        #expect(standard.contains("/") || standard.contains("+"))
        #expect(text == standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: ""))
    }
}

/// A search is read whole from its start for each page; the next page starts after the last
/// row given, found by its place in manual order.
@Suite("Search pages")
struct SearchPageTests {
    static let lists = [ReminderList.ID(rawValue: "a"): Int64(0), ReminderList.ID(rawValue: "b"): 1]

    /// Reminders numbered `numbers`, in list `a` at positions 1024, 2048, … then in `b`.
    static func rows(_ numbers: [Int], split: Int = 1_000) -> [Reminder] {
        numbers.map { number in
            Reminder(uid: ReminderUID(rawValue: "u\(number)"), number: .init(Int64(number)),
                     listID: .init(rawValue: number < split ? "a" : "b"), title: "R\(number)", position: Int64(number) * 1_024,
                     createdAt: Date(timeIntervalSince1970: 0))
        }
    }

    static func page(_ all: [Reminder], after cursor: PageCursor?, limit: Int, reads: inout [Int]) throws -> ([Int64], PageCursor?) {
        var counts: [Int] = []
        let (page, next) = try WebService.searchPage(after: try WebService.searchCursor(cursor), limit: limit,
                                                     rank: { lists[$0] }) { count in
            counts.append(count)
            return Array(all.prefix(count))
        }
        reads += counts
        return (page.map(\.number.rawValue), next)
    }

    /// A page by offset skipped a row for each row before it that left the results meanwhile
    /// (a reminder completed while paging through a search of open ones).
    @Test("rows leaving or joining the results before the cursor shift nothing")
    func rowsBeforeTheCursorChange() throws {
        var reads: [Int] = []
        let all = Self.rows(Array(1...10), split: 6)
        let (first, cursor) = try Self.page(all, after: nil, limit: 4, reads: &reads)
        #expect(first == [1, 2, 3, 4])
        // Two rows of the first page leave the results, one joins before the cursor.
        let changed = Self.rows([0, 1, 4] + Array(5...10), split: 6)
        let (second, next) = try Self.page(changed, after: cursor, limit: 4, reads: &reads)
        #expect(second == [5, 6, 7, 8])
        let (third, end) = try Self.page(changed, after: next, limit: 4, reads: &reads)
        #expect(third == [9, 10] && end == nil)
        // The row the cursor is after gone too: the next one after its place.
        let gone = Self.rows([1, 2, 3] + Array(5...10), split: 6)
        #expect(try Self.page(gone, after: cursor, limit: 2, reads: &reads).0 == [5, 6])
        // Its list gone: the offset, as an `o|N` cursor of an older server.
        let moved = PageCursor.search(offset: 4, after: SearchAnchor(listID: "deleted", position: 0, number: 4))
        #expect(try Self.page(all, after: moved, limit: 2, reads: &reads).0 == [5, 6])
        #expect(try Self.page(all, after: try PageCursor(text: PageCursor.search(offset: 8, after: nil).text), limit: 5,
                              reads: &reads).0 == [9, 10])
    }

    @Test("an anchor past the rows read first reads more; the end of the search reads no more")
    func readsMoreWhenTheAnchorIsFurther() throws {
        var reads: [Int] = []
        let all = Self.rows(Array(1...100))
        // Rows joined before the anchor since: its offset (10) is no longer where it is.
        let cursor = PageCursor.search(offset: 10, after: SearchAnchor(listID: "a", position: 60 * 1_024, number: 60))
        let (page, next) = try Self.page(all, after: cursor, limit: 5, reads: &reads)
        #expect(page == [61, 62, 63, 64, 65])
        #expect(next == .search(offset: 65, after: SearchAnchor(listID: "a", position: 65 * 1_024, number: 65)))
        #expect(reads == [21, 42, 84])
        reads = []
        #expect(try Self.page(Self.rows(Array(1...3)), after: nil, limit: 5, reads: &reads) == ([1, 2, 3], nil))
        #expect(reads == [11])
        #expect(throws: Problem.self) {
            try WebService.searchCursor(.key(listID: "a", position: 0, number: 1, completedAt: nil))
        }
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
