import Foundation

/// One HTTP request to a WebDAV server.
public struct DAVRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// One HTTP response: status, headers (names lower-cased), body, and the URL it came from
/// after redirects.
public struct DAVResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    public var url: URL

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// The credentials of one account: HTTP Basic (RFC 7617), sent with the first request
/// (as every CalDAV client does: no round trip for a challenge, and a 401 is an answer);
/// HTTP Digest (RFC 7616) when the server's 401 asks for it (Baïkal's default).
public struct DAVCredentials: Sendable {
    public var user: String
    public var password: String
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    var authorization: String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}

/// An HTTP client for one CalDAV account, over libcurl's easy interface (`CurlConnection`).
///
/// - Redirects are followed here: at most 10, the same method and body again (only a 303
///   becomes a GET), and only within the origin the account was set up with (an
///   `Authorization` header never goes to another server).
/// - The credentials go with every request as HTTP Basic. A 401 whose `WWW-Authenticate`
///   offers Digest and not Basic switches the client to Digest for the rest of its requests
///   (libcurl answers each challenge) and sends the request again; any other 401 is returned
///   as it is, and the caller says the password was refused.
/// - 429 and 503 with `Retry-After` (seconds or an HTTP date) are waited out and retried,
///   at most 3 times and 60 s in all; a longer wait is an error naming it.
/// - Every request has a timeout (default 30 s without a byte from the server, four times
///   that in all); a server that does not answer is an error, never a hang.
/// - One connection is kept open for all requests of the client (HTTP keep-alive), and
///   requests go one at a time.
public final class DAVClient: @unchecked Sendable {
    // @unchecked: the connection and the request count are only used under `lock`.
    public let credentials: DAVCredentials?
    /// What errors call the account: `account "work"`.
    public let label: String
    let timeout: TimeInterval
    /// Sleeps for a `Retry-After`; tests replace it to keep time.
    var sleep: @Sendable (TimeInterval) -> Void = { Thread.sleep(forTimeInterval: $0) }
    /// The longest total wait for `Retry-After` before giving up.
    var retryBudget: TimeInterval = 60
    /// Requests sent, for the sync report and the tests.
    public var requestCount: Int {
        lock.lock(); defer { lock.unlock() }
        return sent
    }
    private var sent = 0
    private let lock = NSLock()
    /// The server asked for HTTP Digest: credentials go through libcurl's Digest.
    private var usesDigest = false
    /// Made with the first request (a client that sends nothing opens nothing).
    private var connection: CurlConnection?

    /// The PEM file of certificates https trusts instead of the system's, or nil.
    public let certificateAuthorities: String?

    /// - Parameters:
    ///   - timeout: seconds without an answer before a request fails.
    ///   - certificateAuthorities: a PEM file of the certificates to trust for https in
    ///     place of the system's (`TICK_SYNC_CA_FILE`: a home server's own certificate).
    public init(label: String, credentials: DAVCredentials?, timeout: TimeInterval = 30, certificateAuthorities: String? = nil) {
        self.label = label
        self.credentials = credentials
        self.timeout = timeout
        self.certificateAuthorities = certificateAuthorities
    }

    /// Sends `request`, following redirects and waiting out `Retry-After` as described
    /// above. Any status comes back; only transport failures throw.
    /// - Throws: `SyncError.unreachable` (connection refused, timeout, DNS),
    ///   `SyncError.protocolError` (a redirect loop or one to another origin),
    ///   `SyncError.httpStatus` (429/503 longer than the retry budget).
    public func send(_ request: DAVRequest) throws(SyncError) -> DAVResponse {
        var current = request
        var waited: TimeInterval = 0
        var retries = 0
        for _ in 0...10 {
            let response = try sendOnce(current)
            if response.status == 401, switchesToDigest(response) { continue }
            if [301, 302, 303, 307, 308].contains(response.status), let location = response.header("location") {
                guard let target = URL(string: location, relativeTo: current.url)?.absoluteURL else {
                    throw .protocolError("\(label): \(current.url.absoluteString) redirects to an address that is not a URL: \(location)")
                }
                guard DAVClient.sameOrigin(target, request.url) else {
                    throw .protocolError("\(label): \(current.url.absoluteString) redirects to another server, \(target.absoluteString); set that address as the account's URL if you trust it")
                }
                if response.status == 303 { current.method = "GET"; current.body = nil }
                current.url = target
                continue
            }
            if response.status == 429 || response.status == 503 {
                let delay = DAVClient.retryAfter(response.header("retry-after")) ?? 1
                if retries < 3, waited + delay <= retryBudget {
                    retries += 1
                    waited += delay
                    sleep(delay)
                    continue
                }
                throw .httpStatus(response.status, "\(label): the server is busy (HTTP \(response.status)) and asks to wait \(Int(delay)) s; try again later")
            }
            return response
        }
        throw .protocolError("\(label): too many redirects from \(request.url.absoluteString)")
    }

    /// Whether `response`, a 401, asks for HTTP Digest where Basic was sent, and the client
    /// now uses Digest (once: a refusal under Digest is a wrong password).
    private func switchesToDigest(_ response: DAVResponse) -> Bool {
        let challenges = (response.header("www-authenticate") ?? "").lowercased()
        lock.lock(); defer { lock.unlock() }
        guard credentials != nil, !usesDigest, challenges.contains("digest"), !challenges.contains("basic") else { return false }
        usesDigest = true
        return true
    }

    private func sendOnce(_ request: DAVRequest) throws(SyncError) -> DAVResponse {
        var headers = request.headers.map { "\($0.key): \($0.value)" }
        let digest = lock.withLock { usesDigest } ? credentials : nil
        if let credentials, digest == nil { headers.append("Authorization: \(credentials.authorization)") }
        if request.body != nil, !request.headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
            headers.append("Content-Type: application/xml; charset=utf-8")
        }
        lock.lock(); defer { lock.unlock() }
        if connection == nil { connection = try CurlConnection() }
        guard let connection else { throw .protocolError("\(label): no connection") }
        sent += 1
        return try connection.perform(request, headers: headers, timeout: timeout, label: label, digest: digest,
                                      certificateAuthorities: certificateAuthorities)
    }

    /// Whether two URLs share scheme, host and port (RFC 6454 origin).
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && (a.port ?? defaultPort(a)) == (b.port ?? defaultPort(b))
    }

    private static func defaultPort(_ url: URL) -> Int { url.scheme?.lowercased() == "https" ? 443 : 80 }

    /// `Retry-After` as seconds (RFC 9110 §10.2.3: delay-seconds or an HTTP date).
    static func retryAfter(_ value: String?) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSinceNow)
    }
}
