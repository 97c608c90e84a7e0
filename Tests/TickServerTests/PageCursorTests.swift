import Foundation
import Testing
@testable import TickServer

/// The cursors of `nextCursor`: base64url without padding (RFC 4648 §5), read back to the same place.
@Suite("Page cursors")
struct PageCursorTests {
    @Test("a cursor is base64url without padding and reads back to itself", arguments: [
        PageCursor.key(listID: "?>?>~~~", position: 1_024, number: 7, completedAt: nil),
        PageCursor.key(listID: "목록 ü", position: -5, number: 123_456_789, completedAt: 1_796_000_000.25),
        PageCursor.key(listID: "a", position: 0, number: 1, completedAt: nil),
        PageCursor.offset(0), PageCursor.offset(50), PageCursor.offset(1_000_000),
    ])
    func roundTrip(cursor: PageCursor) throws {
        let text = cursor.text
        #expect(!text.contains("+") && !text.contains("/") && !text.contains("="), "\(text)")
        #expect(text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        #expect(try PageCursor(text: text) == cursor)
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
