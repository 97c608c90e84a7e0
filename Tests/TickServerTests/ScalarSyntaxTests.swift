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

    @Test("cookies and form fields whose value starts with a combining mark")
    func cookiesAndForms() {
        let request = HTTPRequest(method: "GET", path: "/", query: [:], headers: ["Cookie": "a=\u{301}x; tick_session=abc"], body: [])
        #expect(request.cookies == ["a": "\u{301}x", "tick_session": "abc"])
        #expect(HTTPRequest.decodedPairs("name=\u{301}ann&password=p%3Dw") == ["name": "\u{301}ann", "password": "p=w"])
    }
}
