import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
/// (FoundationNetworking on Linux could hang on a 401 without a credential, and every
/// CalDAV client sends them up front).
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

/// An HTTP client for one CalDAV account, over FoundationNetworking (libcurl).
///
/// - Redirects are followed here, not by URLSession (which resends PROPFIND and REPORT
///   without their body and copies `Authorization` to any host): at most 10, the same
///   method and body again, and only within the origin the account was set up with.
/// - 429 and 503 with `Retry-After` (seconds or an HTTP date) are waited out and retried,
///   at most 3 times and 60 s in all; a longer wait is an error naming it.
/// - Every request has a timeout (default 30 s); a server that does not answer is an
///   error, never a hang.
public final class DAVClient: @unchecked Sendable {
    public let credentials: DAVCredentials?
    /// What errors call the account: `account "work"`.
    public let label: String
    let session: URLSession
    let timeout: TimeInterval
    /// Sleeps for a `Retry-After`; tests replace it to keep time.
    var sleep: @Sendable (TimeInterval) -> Void = { Thread.sleep(forTimeInterval: $0) }
    /// The longest total wait for `Retry-After` before giving up.
    var retryBudget: TimeInterval = 60
    /// Requests sent, for the sync report and the tests.
    public private(set) var requestCount = 0
    private let lock = NSLock()
    private let delegate = SessionDelegate()

    public init(label: String, credentials: DAVCredentials?, timeout: TimeInterval = 30) {
        self.label = label
        self.credentials = credentials
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 4
        configuration.httpMaximumConnectionsPerHost = 4
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

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

    private func sendOnce(_ request: DAVRequest) throws(SyncError) -> DAVResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let credentials { urlRequest.setValue(credentials.authorization, forHTTPHeaderField: "Authorization") }
        if let body = request.body {
            urlRequest.httpBody = body
            if request.headers["Content-Type"] == nil {
                urlRequest.setValue("application/xml; charset=utf-8", forHTTPHeaderField: "Content-Type")
            }
        }
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: urlRequest) { data, response, error in
            box.set(data: data, response: response, error: error)
            done.signal()
        }
        task.resume()
        // URLSession enforces the timeout; this bound is a last guard against a stuck task.
        if done.wait(timeout: .now() + timeout * 4 + 5) == .timedOut {
            task.cancel()
            throw .unreachable("\(label): \(request.method) \(request.url.absoluteString) did not finish in \(Int(timeout * 4 + 5)) s")
        }
        lock.lock(); requestCount += 1; lock.unlock()
        let (data, response, error) = box.get()
        if delegate.wasChallenged(task.taskIdentifier) {
            // The server asked for credentials (401): FoundationNetworking would wait for
            // a credential forever, so the challenge was cancelled and this is the answer.
            return DAVResponse(status: 401, headers: [:], body: Data(), url: request.url)
        }
        if let error {
            let nsError = error as NSError
            let reason = nsError.code == NSURLErrorTimedOut ? "no answer in \(Int(timeout)) s" : nsError.localizedDescription
            throw .unreachable("\(label): cannot reach \(request.url.host ?? request.url.absoluteString) (\(reason))")
        }
        guard let http = response as? HTTPURLResponse else {
            throw .protocolError("\(label): \(request.url.absoluteString) did not answer with HTTP")
        }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        return DAVResponse(status: http.statusCode, headers: headers, body: data ?? Data(), url: request.url)
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

/// Lets every 3xx through to `DAVClient.send`, which follows it itself, and cancels every
/// authentication challenge (the credentials went with the request; a challenge means
/// they were refused), remembering which task it was.
private final class SessionDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var challenged = Set<Int>()

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        lock.lock()
        challenged.insert(task.taskIdentifier)
        lock.unlock()
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func wasChallenged(_ identifier: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return challenged.remove(identifier) != nil
    }
}

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private let delegate = SessionDelegate()
    private var data: Data?
    private var response: URLResponse?
    private var error: (any Error)?

    func set(data: Data?, response: URLResponse?, error: (any Error)?) {
        lock.lock(); defer { lock.unlock() }
        self.data = data
        self.response = response
        self.error = error
    }

    func get() -> (Data?, URLResponse?, (any Error)?) {
        lock.lock(); defer { lock.unlock() }
        return (data, response, error)
    }
}
