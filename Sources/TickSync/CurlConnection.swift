import Foundation
import CCurl
import TickModel

/// One HTTP connection to a server over libcurl's easy interface: the transport of a
/// `DAVClient`, one request at a time.
///
/// Why not URLSession: FoundationNetworking on Linux drives libcurl's multi interface from a
/// dispatch source that wakes every fraction of a millisecond while an answer is awaited,
/// so a sync used as much CPU waiting for a slow server as the server used answering (on a
/// machine the two share). `curl_easy_perform` sleeps in `poll` until the socket has data.
///
/// The one easy handle is reused for every request of a sync: libcurl keeps the connection
/// open between them (HTTP keep-alive) and reconnects by itself when the server closed it.
/// It follows no redirect (that is `DAVClient`'s) and answers only the challenge of HTTP
/// Digest (RFC 7616), when `DAVClient` found the server asks for it.
final class CurlConnection {
    private let curl: LibCurl
    private let handle: UnsafeMutableRawPointer
    /// libcurl's last error text (CURLOPT_ERRORBUFFER), CURL_ERROR_SIZE bytes.
    private let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    /// A connection on libcurl, opened the first time (`fileNames` nil), or from
    /// `fileNames` (the tests' missing library).
    /// - Throws: `SyncError.configuration` when libcurl is not installed (naming it and its
    ///   Debian package), `SyncError.protocolError` when it cannot make a handle (out of memory).
    init(opening fileNames: [String]? = nil) throws(SyncError) {
        let curl: LibCurl
        do {
            curl = try fileNames.map { try LibCurl($0) } ?? LibCurl.load()
        } catch {
            throw .configuration("\(error)")
        }
        guard let handle = curl.easyInit() else { throw .protocolError("libcurl could not start (curl_easy_init)") }
        self.curl = curl
        self.handle = handle
    }

    deinit {
        curl.easyCleanup(handle)
        errorText.deallocate()
    }

    /// Sends `request` with `headers` (each `Name: value`) and returns the final answer as
    /// libcurl received it: status, headers (names lower-cased; of the last response when a
    /// `100 Continue` came first) and body.
    /// - Parameters:
    ///   - timeout: seconds without a byte coming or going before giving up (connecting
    ///     included); the whole exchange may take four times that.
    ///   - label: what errors call the account.
    ///   - digest: credentials for HTTP Digest: libcurl then answers the server's
    ///     challenge itself (a 401, then the request again with the Digest answer).
    /// - Throws: `SyncError.unreachable` for every transport failure (refused, reset, no
    ///   answer in time, DNS), naming the host.
    ///   - certificateAuthorities: a PEM file of the certificates to trust for https
    ///     instead of the system's (a server with its own certificate).
    func perform(_ request: DAVRequest, headers: [String], timeout: TimeInterval, label: String,
                 digest: DAVCredentials? = nil, certificateAuthorities: String? = nil) throws(SyncError) -> DAVResponse {
        // A reset keeps the open connection, the DNS cache and TLS sessions; it clears every
        // option of the previous request (its body, its method) so none leaks into this one.
        curl.easyReset(handle)
        let received = Received(idleLimit: .milliseconds(max(1, Int(timeout * 1000))))
        let context = Unmanaged.passRetained(received)
        defer { context.release() }
        var list: UnsafeMutablePointer<curl_slist>?
        defer { curl.slistFreeAll(list) }
        // "Expect:" with no value: no `Expect: 100-continue` round trip before a large body.
        for line in headers + ["Expect:"] {
            guard let appended = curl.slistAppend(list, line) else {
                throw .protocolError("\(label): libcurl could not take the request headers")
            }
            list = appended
        }
        let milliseconds = max(1, Int(timeout * 1000))
        var refused: CURLoption?
        func set(_ code: CURLcode, _ option: CURLoption) { if code != CURLE_OK, refused == nil { refused = option } }
        errorText[0] = 0
        set(curl.setopt(handle, CURLOPT_ERRORBUFFER, pointer: errorText), CURLOPT_ERRORBUFFER)
        set(curl.setopt(handle, CURLOPT_URL, string: request.url.absoluteString), CURLOPT_URL)
        set(curl.setopt(handle, CURLOPT_PROTOCOLS_STR, string: "http,https"), CURLOPT_PROTOCOLS_STR)
        set(curl.setopt(handle, CURLOPT_CUSTOMREQUEST, string: request.method), CURLOPT_CUSTOMREQUEST)
        if request.method == "HEAD" { set(curl.setopt(handle, CURLOPT_NOBODY, long: 1), CURLOPT_NOBODY) }
        set(curl.setopt(handle, CURLOPT_HTTPHEADER, list: list), CURLOPT_HTTPHEADER)
        if let certificateAuthorities {
            set(curl.setopt(handle, CURLOPT_CAINFO, string: certificateAuthorities), CURLOPT_CAINFO)
        }
        if let digest {
            set(curl.setopt(handle, CURLOPT_HTTPAUTH, long: tick_curlauth_digest), CURLOPT_HTTPAUTH)
            set(curl.setopt(handle, CURLOPT_USERNAME, string: digest.user), CURLOPT_USERNAME)
            set(curl.setopt(handle, CURLOPT_PASSWORD, string: digest.password), CURLOPT_PASSWORD)
        }
        set(curl.setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, long: milliseconds), CURLOPT_CONNECTTIMEOUT_MS)
        set(curl.setopt(handle, CURLOPT_TIMEOUT_MS, long: milliseconds * 4), CURLOPT_TIMEOUT_MS)
        // Fewer than 1 byte a second for `timeout` seconds: the server does not answer.
        set(curl.setopt(handle, CURLOPT_LOW_SPEED_LIMIT, long: 1), CURLOPT_LOW_SPEED_LIMIT)
        set(curl.setopt(handle, CURLOPT_LOW_SPEED_TIME, long: max(1, Int(timeout.rounded(.up)))), CURLOPT_LOW_SPEED_TIME)
        // No byte sent or received for `timeout` seconds: given up. The low-speed limit above
        // averages over a window, so a request body sent at once kept a silent server waited on
        // until the whole exchange's limit (a tester: 2 s asked, 8 s waited, or a 4 s answer taken).
        set(curl.setopt(handle, CURLOPT_XFERINFODATA, pointer: context.toOpaque()), CURLOPT_XFERINFODATA)
        set(curl.setopt(handle, CURLOPT_XFERINFOFUNCTION, progress: { context, _, downloaded, _, uploaded in
            guard let context else { return 0 }
            return Unmanaged<Received>.fromOpaque(context).takeUnretainedValue().isIdleTooLong(moved: downloaded + uploaded) ? 1 : 0
        }), CURLOPT_XFERINFOFUNCTION)
        set(curl.setopt(handle, CURLOPT_NOPROGRESS, long: 0), CURLOPT_NOPROGRESS)
        set(curl.setopt(handle, CURLOPT_WRITEDATA, pointer: context.toOpaque()), CURLOPT_WRITEDATA)
        set(curl.setopt(handle, CURLOPT_WRITEFUNCTION, callback: { data, size, count, context in
            guard let data, let context else { return 0 }
            Unmanaged<Received>.fromOpaque(context).takeUnretainedValue()
                .body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size * count)
            return size * count
        }), CURLOPT_WRITEFUNCTION)
        set(curl.setopt(handle, CURLOPT_HEADERDATA, pointer: context.toOpaque()), CURLOPT_HEADERDATA)
        set(curl.setopt(handle, CURLOPT_HEADERFUNCTION, callback: { data, size, count, context in
            guard let data, let context else { return 0 }
            let line = UnsafeRawBufferPointer(start: data, count: size * count)
            Unmanaged<Received>.fromOpaque(context).takeUnretainedValue().headerLine(Array(line))
            return size * count
        }), CURLOPT_HEADERFUNCTION)

        let code: CURLcode = (request.body ?? Data()).withUnsafeBytes { body in
            if request.body != nil {
                // The body is not copied: it lives until curl_easy_perform returns, inside this closure.
                set(curl.setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, size: curl_off_t(body.count)), CURLOPT_POSTFIELDSIZE_LARGE)
                set(curl.setopt(handle, CURLOPT_POSTFIELDS, pointer: UnsafeMutableRawPointer(mutating: body.baseAddress)
                    ?? UnsafeMutableRawPointer(mutating: ("" as StaticString).utf8Start)), CURLOPT_POSTFIELDS)
            }
            if refused != nil { return CURLE_OK }
            return curl.easyPerform(handle)
        }
        if let refused {
            throw .protocolError("\(label): libcurl refused option \(refused.rawValue) for \(request.method) \(request.url.absoluteString)")
        }
        let host = request.url.host ?? request.url.absoluteString
        guard code == CURLE_OK else {
            let detail = errorText[0] != 0 ? String(cString: errorText) : curl.easyStrerror(code).map { String(cString: $0) } ?? "libcurl error \(code.rawValue)"
            let reason = code == CURLE_OPERATION_TIMEDOUT || code == CURLE_ABORTED_BY_CALLBACK && received.wasIdleTooLong
                ? "no answer in \(Int(timeout)) s" : detail
            // https to a port that speaks plain HTTP: OpenSSL's "wrong version number" says
            // nothing a user can act on (a tester).
            if code == CURLE_SSL_CONNECT_ERROR, request.url.scheme?.lowercased() == "https", detail.contains("wrong version number") {
                throw .unreachable("\(label): \(host) does not speak TLS on this port (\(detail)); if the server is plain HTTP, "
                                   + "give its URL with http://")
            }
            // The server was reached and its answer ended early (CURLE_PARTIAL_FILE, 18): not
            // "cannot reach" (a tester).
            if code.rawValue == 18 {
                throw .unreachable("\(label): the answer from \(host) was cut short (\(reason))")
            }
            // Reached, and then nothing (CURLE_GOT_NOTHING, 52), or the connection broke
            // while the request went or its answer came (CURLE_SEND_ERROR 55, CURLE_RECV_ERROR
            // 56): not "cannot reach" either (a tester).
            if code.rawValue == 52 {
                throw .unreachable("\(label): \(host) closed the connection without an answer (\(reason))")
            }
            if code.rawValue == 55 || code.rawValue == 56 {
                throw .unreachable("\(label): the connection to \(host) broke before its answer came (\(reason))")
            }
            throw .unreachable("\(label): cannot reach \(host) (\(reason))")
        }
        var status = 0
        guard curl.getinfo(handle, CURLINFO_RESPONSE_CODE, long: &status) == CURLE_OK, status >= 100 else {
            throw .protocolError("\(label): \(request.url.absoluteString) did not answer with HTTP")
        }
        return DAVResponse(status: status, headers: received.headers, body: received.body, url: request.url)
    }
}

/// What one request brought back, filled by libcurl's callbacks during `curl_easy_perform`
/// (on the calling thread).
private final class Received {
    var body = Data()
    var headers: [String: String] = [:]
    /// How long the exchange may go without a byte sent or received.
    let idleLimit: Duration
    private var moved: curl_off_t = -1
    private var lastMoved = ContinuousClock.now
    /// Whether the transfer was stopped for going `idleLimit` without a byte.
    private(set) var wasIdleTooLong = false

    init(idleLimit: Duration) {
        self.idleLimit = idleLimit
    }

    /// Notes the bytes moved so far (libcurl's progress callback, called about once a second
    /// and on every transfer); true when none moved for `idleLimit`.
    func isIdleTooLong(moved total: curl_off_t) -> Bool {
        let now = ContinuousClock.now
        if total != moved {
            moved = total
            lastMoved = now
            return false
        }
        wasIdleTooLong = now - lastMoved >= idleLimit
        return wasIdleTooLong
    }

    /// One header line as libcurl hands it over (with its CRLF). A status line starts a new
    /// response (after `100 Continue`, the real one), so the headers so far are dropped.
    func headerLine(_ bytes: [UInt8]) {
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let (before, after) = line.cut(atFirst: ":") else { return }
        let name = before.trimmingCharacters(in: .whitespaces).lowercased()
        let value = after.trimmingCharacters(in: .whitespaces)
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    }
}
