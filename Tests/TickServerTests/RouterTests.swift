import Testing
@testable import TickServer

@Suite struct RouterTests {
    @Test func matchesPatternsAndDecodesParameters() throws {
        var router = Router<Int>()
        router.add("GET", "/api/v1/reminders/{uid}") { _, _, parameters in HTTPResponse(status: 200, contentType: "text/plain", text: parameters[0]) }
        router.add("PATCH", "/api/v1/reminders/{uid}") { _, _, _ in HTTPResponse(status: 204) }
        guard case .found(let handler, let parameters) = router.match(method: "GET", path: "/api/v1/reminders/A%2FB%20C") else {
            Issue.record("not found")
            return
        }
        #expect(parameters == ["A/B C"])
        #expect(try handler(0, HTTPRequest(method: "GET", path: ""), parameters).bodyText == "A/B C")
        guard case .methodNotAllowed(let allowed) = router.match(method: "DELETE", path: "/api/v1/reminders/x") else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == ["GET", "HEAD", "PATCH"])
        guard case .notFound = router.match(method: "GET", path: "/api/v1/reminders/x/y") else {
            Issue.record("expected 404")
            return
        }
        guard case .notFound = router.match(method: "GET", path: "/api/v1/reminders/") else {
            Issue.record("an empty parameter matches nothing")
            return
        }
    }
}
