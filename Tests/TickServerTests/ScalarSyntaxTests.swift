import Foundation
import Testing
import TickModel
@testable import TickServer

/// Found by fuzz/arguments, and fixed wherever Tick reads ASCII syntax from text: a value
/// that starts with a combining mark forms one character with the `=` or `:` before it,
/// so the syntax is looked for scalar by scalar (`cut(atFirst:)`).
@Suite("Syntax is read by Unicode scalars: a value may start with a combining mark")
struct ScalarSyntaxTests {
    @Test("cut(atFirst:) finds a separator joined to a mark, and only the first")
    func cut() {
        #expect("a=\u{301}b=c".cut(atFirst: "=")! == ("a", "\u{301}b=c"))
        #expect("no separator".cut(atFirst: "=") == nil)
        #expect("=".cut(atFirst: "=")! == ("", ""))
        #expect("한=글".cut(atFirst: "=")! == ("한", "글"))
    }

    @Test("HTTP Basic: a password that starts with a combining mark")
    func basic() {
        let header = "Basic " + Data("ann:\u{301}secret:2".utf8).base64EncodedString()
        let credentials = WebService.basicCredentials(header)
        #expect(credentials?.name == "ann")
        #expect(credentials?.password == "\u{301}secret:2")
    }

    /// Found by fuzz/httprequest: Foundation's `String(data:encoding: .utf8)` drops a leading
    /// U+FEFF, so credentials whose name started with one read back without it.
    @Test("HTTP Basic: every scalar of the credentials is kept, a leading U+FEFF too")
    func basicKeepsALeadingByteOrderMark() {
        let header = "Basic " + Data("\u{FEFF}alarms/:\u{FEFF}pw".utf8).base64EncodedString()
        let credentials = WebService.basicCredentials(header)
        #expect(credentials?.name.unicodeScalars.first == "\u{FEFF}")
        #expect(credentials?.name == "\u{FEFF}alarms/")
        #expect(credentials?.password == "\u{FEFF}pw")
    }

    @Test("HTTP header parts lose the spaces and tabs around them (RFC 9110 OWS), nothing else")
    func optionalWhitespace() {
        #expect(" \t abc \t".trimmingOptionalWhitespace() == "abc")
        #expect("a b".trimmingOptionalWhitespace() == "a b")
        #expect(" \t ".trimmingOptionalWhitespace() == "")
        #expect("".trimmingOptionalWhitespace() == "")
        #expect("\u{301}x ".trimmingOptionalWhitespace() == "\u{301}x")
        #expect(" 한글\u{A0}".trimmingOptionalWhitespace() == "한글\u{A0}")
        let header = "Basic \t " + Data("ann:pw".utf8).base64EncodedString() + " \t"
        #expect(WebService.basicCredentials(header)?.password == "pw")
    }

    @Test("a NUL in the path, raw or percent-encoded, is found wherever it is; other escapes are not one",
          arguments: [("/api/v1/lists/%00", true), ("/a%%00b", true), ("/a%0%00", true), ("/%000", true), ("/a%0a00", false),
                      ("/a%20%30%30", false), ("/a0%0", false), ("/plain", false), ("/a\u{0}b", true)])
    func nulInPath(path: String, holds: Bool) {
        let request = HTTPRequest(method: "GET", path: path, query: [:], headers: [:], body: [])
        #expect((WebService.placeOfNUL(in: request, isForm: false) == "path") == holds)
    }

    @Test("cookies and form fields whose value starts with a combining mark")
    func cookiesAndForms() {
        let request = HTTPRequest(method: "GET", path: "/", query: [:], headers: ["Cookie": "a=\u{301}x; tick_session=abc"], body: [])
        #expect(request.cookies == ["a": "\u{301}x", "tick_session": "abc"])
        #expect(HTTPRequest.decodedPairs("name=\u{301}ann&password=p%3Dw") == ["name": "\u{301}ann", "password": "p=w"])
    }

    @Test("percent-decoding: escapes of either case, + as a space in forms only, a malformed escape or bytes that are not UTF-8 refused, everything else kept")
    func percentDecoding() {
        #expect(HTTPRequest.decoded("%E2%9D%A4%ef%b8%8f", plusIsSpace: false) == "❤️")
        #expect(HTTPRequest.decoded("a+b%2Bc", plusIsSpace: true) == "a b+c")
        #expect(HTTPRequest.decoded("a+b%2Bc", plusIsSpace: false) == "a+b+c")
        // A `+` joined to a combining mark is one Character, but still a space in a form.
        #expect(HTTPRequest.decoded("+\u{301}x", plusIsSpace: true) == " \u{301}x")
        #expect(HTTPRequest.decoded("%EF%BB%BFx", plusIsSpace: false) == "\u{FEFF}x")
        #expect(HTTPRequest.decoded("a%00b", plusIsSpace: false) == "a\u{0}b")
        #expect(HTTPRequest.decoded("치과 %ED%9A%8C%EC%9D%98", plusIsSpace: true) == "치과 회의")
        #expect(HTTPRequest.decoded("", plusIsSpace: true) == "")
        for malformed in ["%", "a%4", "%zz", "%4g", "%%41", "%C3", "%C3%28", "%ED%A0%80", "%FF", "%C0%AF"] {
            #expect(HTTPRequest.decoded(malformed, plusIsSpace: true) == nil, "\(malformed)")
        }
        #expect(HTTPRequest.decodedPairs("a=%zz&b=1&%ff=2&c") == ["b": "1", "c": ""])
    }

    @Test("split(atEvery:) cuts at a separator joined to a mark, keeps or leaves out empty pieces, stops after maxSplits")
    func split() {
        #expect("a;\u{324}b;;c".split(atEvery: ";", omittingEmpty: true) == ["a", "\u{324}b", "c"])
        #expect("a;\u{324}b;;c".split(atEvery: ";", omittingEmpty: false) == ["a", "\u{324}b", "", "c"])
        #expect("k|1|2|-|\u{308}list|x".split(atEvery: "|", maxSplits: 4, omittingEmpty: false) == ["k", "1", "2", "-", "\u{308}list|x"])
        #expect("".split(atEvery: ";", omittingEmpty: true) == [])
        #expect("".split(atEvery: ";", omittingEmpty: false) == [""])
    }

    /// Found by fuzz/httprequest (crash-8c447f88…): `a=1;` and then a cookie whose name starts
    /// with a combining mark read as one cookie `a` with the value `1;̤…`: String's `split`
    /// compares characters, and `;` + U+0324 is one character.
    @Test("a cookie, a form pair, an ETag list and a page cursor after a separator joined to a mark")
    func separatorsJoinedToMarks() throws {
        let request = HTTPRequest(method: "POST", path: "/", headers: ["Cookie": "a=1;\u{324}\u{FFFD}E2%PU; tick_session=abc"])
        // The piece after `;` has no `=`: it is no cookie, and `a` keeps its own value.
        #expect(request.cookies == ["a": "1", "tick_session": "abc"])
        #expect(HTTPRequest.decodedPairs("a=1&\u{308}b=2") == ["a": "1", "\u{308}b": "2"])
        // A list whose id starts with a mark (a CalDAV client chooses ids) pages on.
        let cursor = PageCursor.key(listID: "\u{308}list", position: 1_024, number: 3, completedAt: nil)
        #expect(try PageCursor(text: cursor.text) == cursor)
    }
}
