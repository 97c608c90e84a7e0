// libFuzzer target for how `tick serve` reads a request once libmicrohttpd has parsed it:
// the router's path matching and percent-decoding (`Router`, `HTTPRequest.decoded`), form
// fields and query pairs (`decodedPairs`), cookies, and HTTP Basic credentials. Built by
// fuzz/run.sh with `swiftc -sanitize=fuzzer,address` from those source files against the
// TickModel library. The input is cut at NUL bytes into a method, a path, a Cookie header,
// a form body and an Authorization value. Besides "no crash", it checks properties: a path
// a route matched, its parameters percent-encoded again, matches the same route with the
// same parameters; pairs that were read, written back as a form, read the same; cookies
// have a name and no separators; credentials that were read, encoded again, read the same,
// and any name without a colon and password encoded as Basic read back to themselves; the
// key a request takes turns by (`clientKey`) is one for one credential however spelled, and
// for one session cookie among others.
import Foundation
import TickModel

/// The shapes of the JSON API's routes (`WebService.makeRouter`), each answering its pattern.
let router: Router<Void> = {
    var router = Router<Void>()
    let patterns = ["/api/v1/lists", "/api/v1/lists/{id}", "/api/v1/lists/{id}/move", "/api/v1/lists/{id}/shares",
                    "/api/v1/lists/{id}/shares/{user}", "/api/v1/lists/{id}/reminders", "/api/v1/smart/{name}", "/api/v1/search",
                    "/api/v1/reminders/{uid}", "/api/v1/reminders/{uid}/complete", "/api/v1/alarms/{uid}/{alarmUID}/delivered",
                    "/dav/lists/{id}/{name}"]
    for pattern in patterns {
        for method in ["GET", "POST", "PUT", "DELETE"] {
            router.add(method, pattern) { _, _, _ in HTTPResponse(status: 200, contentType: "text/plain", text: method + " " + pattern) }
        }
    }
    return router
}()

let hexadecimalDigits = Array("0123456789ABCDEF".unicodeScalars)

/// Every byte but the unreserved ones (RFC 3986 §2.3) as `%XX`.
func percentEncoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            out.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            // Not `String(format:)`: it took a tenth of the time of a long input.
            out.unicodeScalars.append("%")
            out.unicodeScalars.append(hexadecimalDigits[Int(byte >> 4)])
            out.unicodeScalars.append(hexadecimalDigits[Int(byte & 0xF)])
        }
    }
    return out
}

/// The route's answer text and parameters for `method` and `path`, or nil when none matched.
func matched(_ method: String, _ path: String) -> (route: String, parameters: [String])? {
    guard case .found(let handler, let parameters) = router.match(method: method, path: path),
          let response = try? handler((), HTTPRequest(method: method, path: path), parameters),
          case .bytes(let body) = response.body else { return nil }
    return (String(decoding: body, as: UTF8.self), parameters)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fields = UnsafeBufferPointer(start: data, count: size).split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
    let method = field(0).uppercased(), path = field(1)

    // The router: a match, its parameters encoded again, is the same match.
    if let first = matched(method, path) {
        var segments = first.route.split(separator: " ")[1].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var parameters = first.parameters.makeIterator()
        for index in segments.indices where segments[index].hasPrefix("{") {
            guard let parameter = parameters.next() else { fatalError("fewer parameters than braces in \(first.route)") }
            segments[index] = percentEncoded(parameter)
        }
        let again = segments.joined(separator: "/")
        guard let second = matched(method, again), second.route == first.route, second.parameters == first.parameters else {
            fatalError("\(path) matched \(first), but \(again) did not match the same")
        }
    }

    // Form fields and query pairs: read, written back, read the same.
    let pairs = HTTPRequest.decodedPairs(field(3))
    let form = pairs.sorted { $0.key < $1.key }.map { percentEncoded($0.key) + "=" + percentEncoded($0.value) }.joined(separator: "&")
    if HTTPRequest.decodedPairs(form) != pairs { fatalError("form \(field(3).debugDescription) → \(pairs) → \(form)") }
    // The pair a server names in its 400 is one that does not decode; a form written back has none.
    if let malformed = HTTPRequest.firstMalformedPair(field(3)), !HTTPRequest.decodedPairs(malformed).isEmpty {
        fatalError("\(malformed.debugDescription) of \(field(3).debugDescription) was named malformed but decodes")
    }
    if let malformed = HTTPRequest.firstMalformedPair(form) { fatalError("\(form.debugDescription) written back has \(malformed.debugDescription)") }

    // Cookies: each has a name; neither side holds the separator.
    let request = HTTPRequest(method: method, path: path, headers: ["Cookie": field(2), "Authorization": field(4)],
                              body: Array(field(3).utf8))
    for (name, value) in request.cookies where name.isEmpty || name.unicodeScalars.contains(";") || value.unicodeScalars.contains(";") {
        fatalError("cookie \(name.debugDescription)=\(value.debugDescription) from \(field(2).debugDescription)")
    }
    if request.formFields != pairs { fatalError("formFields differ from decodedPairs for \(field(3).debugDescription)") }

    // Basic credentials: what was read reads the same encoded again; a name without a colon
    // and any password, encoded, read back to themselves.
    func basic(_ name: String, _ password: String) -> String { "Basic " + Data((name + ":" + password).utf8).base64EncodedString() }
    if let credentials = HTTPRequest.basicCredentials(field(4)) {
        guard let again = HTTPRequest.basicCredentials(basic(credentials.name, credentials.password)),
              again == credentials else { fatalError("credentials of \(field(4).debugDescription) do not read back") }
    }
    let name = String(String.UnicodeScalarView(field(0).unicodeScalars.filter { $0 != ":" })), password = field(1)
    guard let read = HTTPRequest.basicCredentials(basic(name, password)), read.name == name, read.password == password else {
        fatalError("Basic \(name.debugDescription):\(password.debugDescription) does not read back")
    }

    // The key a request takes turns by: one credential, however its scheme is spelled or
    // spaced, and one session cookie among other cookies, give one key.
    func key(_ headers: [String: String]) -> Int {
        HTTPRequest(method: "GET", path: "/", headers: headers).clientKey(sessionCookie: "tick_session")
    }
    let authorization = field(4).trimmingOptionalWhitespace()
    if !authorization.isEmpty, !authorization.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) {
        let scheme = String(authorization.prefix { $0 != " " && $0 != "\t" })
        let respelled = scheme.uppercased() + "  " + authorization.dropFirst(scheme.count).trimmingOptionalWhitespace() + " "
        if scheme.uppercased().lowercased() == scheme.lowercased(), key(["Authorization": authorization]) != key(["Authorization": respelled]) {
            fatalError("\(authorization.debugDescription) and \(respelled.debugDescription) take different turns")
        }
    }
    if let session = request.cookies["tick_session"],
       key(["Cookie": field(2)]) != key(["Cookie": "tick_session=" + session + "; other=" + field(3).filter { $0 != ";" }]) {
        fatalError("the cookies \(field(2).debugDescription) take another turn than their session cookie")
    }
    return 0
}
