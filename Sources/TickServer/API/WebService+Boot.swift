import Foundation
import TickInterchange

/// The app's page with its first answers inside: a page asked for with the session cookie
/// carries the answers to `GET /api/v1/lists` and to the first page of the view the app
/// showed last (the `tick_view` cookie the app sets, else Today), so the app draws the
/// sidebar and the rows as soon as its script runs, without waiting for two more round
/// trips (the web app's first useful paint, issue 12).
///
/// The answers are in `<script type="application/json" id="tick-boot">`, which no browser
/// runs (the Content-Security-Policy's `script-src 'self'` stays as it is), as one JSON
/// object from the API path to the answer's body; every `<`, `>` and `&` in it is written
/// `\u003c`, `\u003e`, `\u0026`, so no title ends the element early. The page is sent
/// with `Cache-Control: no-store`: it holds the user's data.
extension WebService {
    /// The cookie that names the app's last view, as the API path of its first page.
    static let viewCookie = "tick_view"
    /// The view drawn first when the cookie names none.
    static let defaultBootView = "/smart/today?limit=50"

    /// The page with the first answers, or nil when `request` is not for the page or
    /// does not carry a valid session cookie (then the file is served as it is).
    func bootPage(_ request: HTTPRequest) -> HTTPResponse? {
        guard WebService.isPageRequest(request), authenticate(request) == .cookie else { return nil }
        let named = WebService.namingCookieTimeZone(request)
        return WebService.bootPage(staticFiles, for: request) { path in WebService.apiAnswer(path, to: named, by: router, api: self) }
    }

    /// Whether `request` asks for the app's page (`GET /` or `GET /index.html`).
    static func isPageRequest(_ request: HTTPRequest) -> Bool {
        request.method == "GET" && (request.path == "/" || request.path == "/index.html")
    }

    /// The app's page of `files` with the answers `answer` gives (the API path, from
    /// `/lists`, to the body of a 200) to `GET /lists` and to the view of the request's
    /// `tick_view` cookie; nil when there is no page or no answer.
    static func bootPage(_ files: StaticFiles, for request: HTTPRequest, answer: (String) -> [UInt8]?) -> HTTPResponse? {
        guard let page = files.files["/index.html"] else { return nil }
        var answers: [(String, [UInt8])] = []
        for path in ["/lists", WebService.bootView(request.cookies[WebService.viewCookie])] {
            if let body = answer(path) { answers.append((path, body)) }
        }
        guard !answers.isEmpty, let head = page.bytes.firstRange(of: Array("</head>".utf8)) else { return nil }
        var block = Array("<script type=\"application/json\" id=\"tick-boot\">{".utf8)
        for (index, (path, body)) in answers.enumerated() {
            if index > 0 { block.append(UInt8(ascii: ",")) }
            block += WebService.escapedForScript(Array(JSONValue.string(path).serialized(pretty: false).utf8))
            block.append(UInt8(ascii: ":"))
            block += WebService.escapedForScript(body)
        }
        block += Array("}</script>\n".utf8)
        var bytes = page.bytes
        bytes.insert(contentsOf: block, at: head.lowerBound)
        return HTTPResponse(status: 200, headers: [("Content-Type", page.contentType), ("Cache-Control", "no-store")],
                            body: .bytes(bytes))
    }

    /// The API path of the view the cookie names, when it is the first page of a list or
    /// of a smart list (`/lists/ID/reminders?limit=N` or `/smart/NAME?limit=N`, with
    /// `&completed=true` at most); else Today.
    static func bootView(_ cookie: String?) -> String {
        guard let cookie, let path = HTTPRequest.decoded(cookie, plusIsSpace: false),
              let components = URLComponents(string: path), let items = components.queryItems else { return defaultBootView }
        let segments = components.path.split(separator: "/", omittingEmptySubsequences: false)
        let shape = segments.count == 3 && segments[1] == "smart"
            || segments.count == 4 && segments[1] == "lists" && segments[3] == "reminders"
        let limitOK = items.contains { $0.name == "limit" && (Int($0.value ?? "").map { (1...100).contains($0) } ?? false) }
        let others = items.allSatisfy { $0.name == "limit" || ($0.name == "completed" && $0.value == "true") }
        guard segments.first == "", shape, limitOK, others, !segments.dropFirst().contains(where: \.isEmpty) else {
            return defaultBootView
        }
        return path
    }

    /// The body of the answer `api` gives through `router` to `GET /api/v1` + `path` with the
    /// header fields of `request` (the same user), or nil when it is not a 200.
    static func apiAnswer<API>(_ path: String, to request: HTTPRequest, by router: Router<API>, api: API) -> [UInt8]? {
        guard let components = URLComponents(string: "/api/v1" + path) else { return nil }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let inner = HTTPRequest(method: "GET", path: components.percentEncodedPath, query: query, headers: request.headers)
        guard case .found(let handler, let parameters) = router.match(method: "GET", path: inner.path),
              let response = try? handler(api, inner, parameters), response.status == 200,
              case .bytes(let body) = response.body else { return nil }
        return body
    }

    /// JSON bytes with `<`, `>` and `&` written as `\u003c`, `\u003e`, `\u0026` (the same
    /// value when parsed, and nothing that can end a `<script>` element or start a comment).
    static func escapedForScript(_ json: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(json.count + 16)
        for byte in json {
            switch byte {
            case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): out += Array("\\u003e".utf8)
            case UInt8(ascii: "&"): out += Array("\\u0026".utf8)
            default: out.append(byte)
            }
        }
        return out
    }
}
