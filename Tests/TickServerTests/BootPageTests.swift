import Foundation
import Testing
@testable import TickServer
import TestSupport

/// The app's page carries its first answers when asked for with the session cookie.
@Suite struct BootPageTests {
    /// The JSON object in the page's `tick-boot` element, or nil when there is none.
    static func boot(_ page: HTTPResponse) -> [String: Any]? {
        let text = page.bodyText
        guard let start = text.range(of: #"<script type="application/json" id="tick-boot">"#),
              let end = text.range(of: "</script>", range: start.upperBound..<text.endIndex) else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(text[start.upperBound..<end.lowerBound].utf8))) as? [String: Any]
    }

    @Test func thePageComesWithTheListsAndTheLastView() throws {
        let harness = try ServiceHarness()
        let listID = try harness.firstListID()
        _ = harness.add(#"{"title":"milk"}"#)
        let session = harness.login()

        let today = harness.send("GET", "/", headers: ["Cookie": "tick_session=\(session)"], as: .none)
        #expect(today.status == 200)
        #expect(today.header("Cache-Control") == "no-store")
        #expect(today.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
        let first = try #require(BootPageTests.boot(today))
        #expect(Set(first.keys) == ["/lists", "/smart/today?limit=50"])
        #expect(((first["/lists"] as? [String: Any])?["lists"] as? [Any])?.count == 1)

        let view = "/lists/\(listID)/reminders?limit=50"
        let cookie = "tick_session=\(session); tick_view=" + view.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let list = try #require(BootPageTests.boot(harness.send("GET", "/", headers: ["Cookie": cookie], as: .none)))
        let rows = (list[view] as? [String: Any])?["reminders"] as? [[String: Any]]
        #expect(rows?.map { $0["title"] as? String } == ["milk"])
    }

    @Test func noSessionNoData() throws {
        let harness = try ServiceHarness()
        _ = harness.add(#"{"title":"secret"}"#)
        let anonymous = harness.send("GET", "/", as: .none)
        #expect(anonymous.status == 200)
        #expect(BootPageTests.boot(anonymous) == nil)
        #expect(!anonymous.bodyText.contains("secret"))
        let wrong = harness.send("GET", "/", headers: ["Cookie": "tick_session=not-a-session"], as: .none)
        #expect(BootPageTests.boot(wrong) == nil)
        // The bearer token is for the API: the page itself is the plain file.
        #expect(BootPageTests.boot(harness.send("GET", "/")) == nil)
    }

    /// A title or list name with markup stays inside the data: nothing in it ends the
    /// element, and it reads back as the same text.
    @Test func markupInTitlesCannotEndTheElement() throws {
        let harness = try ServiceHarness()
        let title = #"</script><script>alert(1)</script><!-- & "quoted" \ back"#
        _ = harness.send("POST", "/api/v1/reminders", json: #"{"title":"\#(title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))","due":"today"}"#)
        let page = harness.send("GET", "/", headers: ["Cookie": "tick_session=\(harness.login())"], as: .none)
        let text = page.bodyText
        let start = try #require(text.range(of: #"id="tick-boot">"#))
        let data = text[start.upperBound...].prefix { $0 != "\n" }
        #expect(data.components(separatedBy: "</script>").count == 2, "only the element's own end tag")
        #expect(!data.contains("<!--") && !data.contains("<script"))
        let rows = (BootPageTests.boot(page)?["/smart/today?limit=50"] as? [String: Any])?["reminders"] as? [[String: Any]]
        #expect(rows?.first?["title"] as? String == title)
    }

    @Test("the view cookie names only the first page of a list or a smart list", arguments: [
        ("/smart/flagged?limit=50", "/smart/flagged?limit=50"),
        ("/lists/abc/reminders?limit=50&completed=true", "/lists/abc/reminders?limit=50&completed=true"),
        ("/search?q=x&limit=50", "/smart/today?limit=50"),
        ("/smart/today?limit=100000", "/smart/today?limit=50"),
        ("/smart/today?limit=50&cursor=abc", "/smart/today?limit=50"),
        ("/lists/abc/reminders/../../x?limit=5", "/smart/today?limit=50"),
        ("/reminders/abc?limit=5", "/smart/today?limit=50"),
        ("%ZZ", "/smart/today?limit=50"),
        ("", "/smart/today?limit=50"),
    ])
    func viewCookie(cookie: String, path: String) {
        #expect(WebService.bootView(cookie) == path)
    }
}
