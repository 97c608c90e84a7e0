import Foundation
import TickModel

/// One HTTP request as a handler sees it: no socket, no libmicrohttpd, so handlers are
/// tested with values alone.
public struct HTTPRequest: Sendable {
    /// The method, upper case (`GET`, `POST` …).
    public var method: String
    /// The path as received, still percent-encoded (`/api/v1/reminders/A%2FB`); the router
    /// decodes each segment.
    public var path: String
    /// The query parameters, decoded (`+` is a space); a name given twice keeps the last value.
    public var query: [String: String]
    /// The header fields by lower-case name; a field given twice keeps the last value.
    public var headers: [String: String]
    /// The body's bytes (empty when there is none).
    public var body: [UInt8]
    /// The first query argument, as received (`name=value`), that is not percent-encoded
    /// UTF-8 (RFC 3986 §2.1); nil when every one is. It is left out of `query`; the services
    /// answer 400 naming it (`WebService.malformedRefusal`), not as if it were missing.
    public var malformedQueryArgument: String?
    /// The first query argument name given twice (`?limit=1&limit=2`), decoded; nil when none
    /// is. `query` holds the last value; the services answer 400 naming it
    /// (`WebService.malformedRefusal`), as a reader could take either.
    public var repeatedQueryArgument: String?
    /// The peer's IP address as text (`127.0.0.1`, `::1`), for throttling sign-ins by
    /// address; empty unless the server records it (`HTTPServer.Configuration.recordsClientAddress`).
    public var clientAddress = ""

    /// A request; names of `headers` are lower-cased.
    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                body: [UInt8] = []) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// The value of the header field `name` (any case).
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The cookies of the `Cookie` header (RFC 6265 §5.4: `name=value; name2=value2`).
    public var cookies: [String: String] {
        guard let text = header("cookie") else { return [:] }
        var cookies: [String: String] = [:]
        for pair in text.split(atEvery: ";", omittingEmpty: true) {
            guard let (before, after) = pair.cut(atFirst: "=") else { continue }
            let name = before.trimmingOptionalWhitespace()
            let value = after.trimmingOptionalWhitespace()
            if !name.isEmpty { cookies[name] = value }
        }
        return cookies
    }

    /// Whether the method changes something (RFC 9110 §9.2.1: not a safe method).
    public var isStateChanging: Bool { !["GET", "HEAD", "OPTIONS"].contains(method) }

    /// The text of `application/x-www-form-urlencoded` form fields (a login form).
    public var formFields: [String: String] {
        HTTPRequest.decodedPairs(String(decoding: body, as: UTF8.self))
    }

    /// The first pair of the form fields (`formFields`), as sent, that does not decode; nil
    /// when every one does.
    public var malformedFormField: String? {
        HTTPRequest.firstMalformedPair(String(decoding: body, as: UTF8.self))
    }

    /// The first pair of `a=1&b=two+words` text, as it is there, whose name or value is not
    /// percent-encoded UTF-8 (what `decodedPairs` leaves out); nil when there is none.
    public static func firstMalformedPair(_ text: String) -> String? { readPairs(text).malformed }

    /// `a=1&b=two+words` → `["a": "1", "b": "two words"]`, percent-decoded; a pair that does
    /// not decode is left out (`firstMalformedPair` finds it).
    public static func decodedPairs(_ text: String) -> [String: String] { readPairs(text).pairs }

    /// The pairs of `a=1&b=two+words` text that decode (a name given twice keeps the last
    /// value; a name without `=` has the value ""), and the first that does not, as it is there.
    private static func readPairs(_ text: String) -> (pairs: [String: String], malformed: String?) {
        var pairs: [String: String] = [:]
        var malformed: String?
        for pair in text.split(atEvery: "&", omittingEmpty: true) {
            let parts = pair.cut(atFirst: "=")
            let value: String? = if let after = parts?.after { decoded(after, plusIsSpace: true) } else { "" }
            guard let name = decoded(parts?.before ?? pair, plusIsSpace: true), let value else {
                if malformed == nil { malformed = pair }
                continue
            }
            pairs[name] = value
        }
        return (pairs, malformed)
    }

    /// The user name and password of an `Authorization: Basic` value (RFC 7617 §2: base64 of
    /// `user:password`, UTF-8; the name ends at the first colon), or nil when it is not one.
    public static func basicCredentials(_ authorization: String) -> (name: String, password: String)? {
        guard authorization.lowercased().hasPrefix("basic ") else { return nil }
        let encoded = authorization.dropFirst("basic ".count).trimmingOptionalWhitespace()
        // `String(validating:)`, not `String(data:encoding:)`, which drops a leading U+FEFF.
        guard let decoded = Data(base64Encoded: encoded).flatMap({ String(validating: $0, as: UTF8.self) }),
              let (name, password) = decoded.cut(atFirst: ":") else { return nil }
        return (name, password)
    }

    /// Who the request comes from, for `RequestDispatcher`'s turns, without authenticating it
    /// first: its credential (`credentialKey(sessionCookie:)`), else the peer's address
    /// (`addressKey`). A server that signs users in keys by the user instead once the
    /// credential has signed one in (`SignedInClients`).
    public func clientKey(sessionCookie: String) -> Int {
        credentialKey(sessionCookie: sessionCookie) ?? addressKey
    }

    /// The request's credential as the server reads it (`Authorization` with its scheme's case
    /// and spaces ignored, HTTP Basic by the decoded name, its case ignored, and password),
    /// else the cookie `sessionCookie` alone; nil with neither. A tester got a turn of their own
    /// for every request by spelling one credential differently (`BASIC`, extra spaces) or
    /// adding a cookie that changed each time. Hashed with the process's random seed (no secret
    /// is kept as a key); two credentials whose keys collide only share their turns.
    public func credentialKey(sessionCookie: String) -> Int? {
        var hasher = Hasher()
        if let authorization = header("authorization") {
            if let credentials = HTTPRequest.basicCredentials(authorization) {
                hasher.combine("basic")
                hasher.combine(credentials.name.lowercased())
                hasher.combine(credentials.password)
            } else {
                let trimmed = authorization.trimmingOptionalWhitespace()
                let scheme = String(trimmed.prefix { $0 != " " && $0 != "\t" })
                hasher.combine(scheme.lowercased())
                hasher.combine(trimmed.dropFirst(scheme.count).trimmingOptionalWhitespace())
            }
        } else if let session = cookies[sessionCookie] {
            hasher.combine("session")
            hasher.combine(session)
        } else {
            return nil
        }
        return hasher.finalize()
    }

    /// The peer's address as a key for `RequestDispatcher`'s turns (hashed as
    /// `credentialKey(sessionCookie:)` is; never equal to one but by a collision).
    public var addressKey: Int {
        var hasher = Hasher()
        hasher.combine("address")
        hasher.combine(clientAddress)
        return hasher.finalize()
    }

    /// Percent-decoded text (`percentDecoded(plusIsSpace:)` of TickModel, RFC 3986 §2.1), or
    /// nil when an escape is malformed or the bytes are not UTF-8.
    public static func decoded(_ text: String, plusIsSpace: Bool) -> String? {
        text.percentDecoded(plusIsSpace: plusIsSpace)
    }
}

extension StringProtocol {
    /// The text without the spaces and horizontal tabs at its ends: the optional whitespace
    /// (OWS) of RFC 9110 §5.6.3 around a header field's parts. Foundation's
    /// `trimmingCharacters(in: .whitespaces)` took about 2 µs a call, on every request.
    func trimmingOptionalWhitespace() -> String {
        let utf8 = Substring(self).utf8
        func isOWS(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = utf8.firstIndex(where: { !isOWS($0) }), let last = utf8.lastIndex(where: { !isOWS($0) }) else { return "" }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }
}
