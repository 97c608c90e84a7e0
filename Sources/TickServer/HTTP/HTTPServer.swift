import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd (https://www.gnu.org/software/libmicrohttpd/manual/):
/// an internal polling thread on epoll hands connections to a pool of worker threads,
/// each request is read whole (up to `maxBodyBytes`) and given to `handler` as an
/// `HTTPRequest`; its `HTTPResponse` is written back. Streams (`HTTPResponse.Body.stream`)
/// park their connection while they have nothing to send, so an idle listener holds no
/// thread and costs no CPU.
///
/// The only type of Tick that touches libmicrohttpd.
public final class HTTPServer: Sendable {
    /// How the server listens and what it allows.
    public struct Configuration: Sendable {
        /// A numeric IPv4 or IPv6 address (`127.0.0.1`, `::1`, `0.0.0.0`).
        public var address: String
        /// The port; 0 lets the system choose (see `HTTPServer.port`).
        public var port: UInt16
        /// Worker threads of the pool.
        public var threads: Int = 4
        /// Threads that answer the requests in the order they came (`RequestDispatcher`),
        /// the daemon's `threads` then only reading and writing; nil answers each request on
        /// the daemon's thread of its connection. For handlers that wait (on PostgreSQL).
        public var dispatchThreads: Int?
        /// Seconds a connection may stay silent before it is closed (a slow client
        /// cannot hold a worker: libmicrohttpd's default is no limit).
        public var connectionTimeout: Int = 10
        /// Bytes of memory per connection, which bounds the request header (libmicrohttpd's
        /// default, 32 KiB, refuses large cookies).
        public var connectionMemoryLimit: Int = 64 * 1024
        /// Connections open at once (the process's limit of open files is raised to hold them
        /// when the system allows).
        public var connectionLimit: Int = 1_024
        /// Connections one client address may hold open; 0 for no limit. Loopback addresses
        /// have none (a reverse proxy on the same machine brings every client from one).
        public var connectionsPerAddress: Int = 256
        /// Seconds a request's header may take to arrive in full, from the connection's
        /// opening or the end of the previous request on it (`ConnectionGuard`: the idle
        /// timeout alone let a client sending a byte every few seconds hold a connection for ever).
        public var headerTimeout: TimeInterval = 20
        /// Seconds a request's body may take to arrive, beyond one second for each
        /// `minimumBodyRate` bytes received.
        public var bodyTimeout: TimeInterval = 20
        /// Bytes a second that earn a body one more second (see `bodyTimeout`).
        public var minimumBodyRate: Int = 500
        /// The largest request body read; a larger one is answered with `tooLarge`.
        public var maxBodyBytes: Int = 1 << 20
        /// The answer the server gives itself, before the handler, with a status and a detail
        /// for a request to a path: a 400 for two Content-Length fields that differ, a 503
        /// while it stops. Plain text unless set (`WebService.refusal`).
        public var refusal: @Sendable (_ status: Int, _ detail: String, _ path: String) -> HTTPResponse = { status, detail, _ in
            HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: .bytes(Array((detail + "\n").utf8)))
        }
        /// Who a request comes from, for the dispatcher's turns (`RequestDispatcher.submit`'s
        /// key): by default its credential, else its address (`HTTPRequest.clientKey`); a
        /// server that signs users in gives its `SignedInClients`' key.
        public var clientKey: @Sendable (HTTPRequest) -> Int = { RequestDispatcher.clientKey(of: $0) }
        /// Whether each request carries the peer's address (`HTTPRequest.clientAddress`):
        /// the multi-user server throttles sign-ins by it; the single-user one skips the cost.
        public var recordsClientAddress = false

        /// A configuration for `address` and `port` with the defaults above.
        public init(address: String, port: UInt16) {
            self.address = address
            self.port = port
        }
    }

    /// The configuration it was started with.
    public let configuration: Configuration
    /// The port it listens on (the one chosen when `configuration.port` was 0).
    public var port: UInt16 { boundPort.withLock { $0 } }
    private let boundPort = Mutex<UInt16>(0)
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    let tooLarge: @Sendable (_ path: String) -> HTTPResponse
    private let daemon: Mutex<DaemonHandle?>
    /// libmicrohttpd's functions.
    let library: LibMicroHTTPD
    /// Streams being written, so that `stop` can end them (a parked connection must be
    /// woken before the daemon stops).
    let streams = Mutex<[ObjectIdentifier: EventStream]>([:])
    /// The threads that answer requests when `configuration.dispatchThreads` is set.
    let dispatcher: RequestDispatcher?
    /// The requests' deadlines and the connections per address.
    let connections: ConnectionGuard
    /// Requests begun and not yet completed (answered and written, or their connection
    /// closed): what `stop` waits for.
    let inFlight = Mutex(0)
    /// Set by `stop`: a request that begins then is answered 503 without being handled.
    let isStopping = Mutex(false)

    /// Starts listening.
    /// - Parameters:
    ///   - handler: answers each request; called on the pool's threads, several at once.
    ///   - tooLarge: the answer to a body over `maxBodyBytes` (413) for a request to `path`.
    /// - Throws: `ServerError` when libmicrohttpd is not installed (naming it and its Debian
    ///   package), the address cannot be read or the port not bound.
    public init(configuration: Configuration, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse,
                tooLarge: @escaping @Sendable (_ path: String) -> HTTPResponse) throws(ServerError) {
        self.configuration = configuration
        self.handler = handler
        self.tooLarge = tooLarge
        self.daemon = Mutex(nil)
        self.library = try Self.library(opening: nil)
        self.dispatcher = configuration.dispatchThreads.map { RequestDispatcher(threads: $0) }
        self.connections = ConnectionGuard(limits: .init(headerTimeout: configuration.headerTimeout,
                                                         bodyTimeout: configuration.bodyTimeout,
                                                         minimumBodyRate: configuration.minimumBodyRate,
                                                         connectionsPerAddress: configuration.connectionsPerAddress))
        Self.raiseOpenFileLimit(toHold: configuration.connectionLimit)
        var storage = sockaddr_storage()
        let isIPv6 = configuration.address.contains(":")
        let parsed = withUnsafeMutableBytes(of: &storage) { raw -> Bool in
            guard let base = raw.baseAddress else { return false }
            if isIPv6 {
                let address = base.assumingMemoryBound(to: sockaddr_in6.self)
                address.pointee.sin6_family = sa_family_t(AF_INET6)
                address.pointee.sin6_port = configuration.port.bigEndian
                return inet_pton(AF_INET6, configuration.address, &address.pointee.sin6_addr) == 1
            }
            let address = base.assumingMemoryBound(to: sockaddr_in.self)
            address.pointee.sin_family = sa_family_t(AF_INET)
            address.pointee.sin_port = configuration.port.bigEndian
            return inet_pton(AF_INET, configuration.address, &address.pointee.sin_addr) == 1
        }
        guard parsed else { throw ServerError("'\(configuration.address)' is not a numeric IPv4 or IPv6 address") }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                library.startDaemon(flags: tick_mhd_flags(isIPv6 ? 1 : 0), address: address, handler: accessHandler,
                                    context: context, completed: requestCompleted, accept: acceptPolicy,
                                    notify: connectionNotice, threads: UInt32(max(1, configuration.threads)),
                                    timeout: UInt32(configuration.connectionTimeout),
                                    memoryLimit: configuration.connectionMemoryLimit,
                                    connectionLimit: UInt32(configuration.connectionLimit))
            }
        }
        guard let started else {
            let shown = isIPv6 ? "[\(configuration.address)]" : configuration.address
            throw ServerError("cannot listen on \(shown):\(configuration.port) (the port is taken, or the address is not this machine's)")
        }
        boundPort.withLock { $0 = library.boundPort(started) }
        daemon.withLock { $0 = DaemonHandle(pointer: started) }
        connections.startSweeping()
    }

    /// Raises the soft limit of open files to hold `connections` and as many more for the
    /// rest (databases, files), up to the hard limit: Debian's soft limit of 1,024 would
    /// otherwise refuse connections well below `connectionLimit`.
    static func raiseOpenFileLimit(toHold connections: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let wanted = rlim_t(connections) * 2 + 256
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = min(wanted, limit.rlim_max)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// Ends every open stream, answers the requests begun (up to `grace` seconds for them
    /// to be written), then stops listening and closes every connection. A request that
    /// begins meanwhile is answered 503 without being handled. Calling it again does nothing.
    ///
    /// A tester: SIGTERM during writes closed connections whose change was committed without
    /// its answer (509 answered, 515 stored), so a client that tried again made a copy.
    public func stop(grace: TimeInterval = 5) {
        isStopping.withLock { $0 = true }
        let open = streams.withLock { streams in Array(streams.values) }
        for stream in open { stream.close() }
        // Every dispatched request answered and its connection resumed: the daemon must not
        // stop with a connection suspended.
        dispatcher?.stop()
        let deadline = Date().addingTimeInterval(grace)
        while inFlight.withLock({ $0 }) > 0, Date() < deadline { usleep(2_000) }
        daemon.withLock { handle in
            guard let pointer = handle?.pointer else { return }
            library.stopDaemon(pointer)
            handle = nil
        }
        connections.stop()
    }

    deinit { stop() }

    /// libmicrohttpd, opened once per process (`fileNames` nil), or from `fileNames` (the
    /// tests' missing library).
    /// - Throws: `ServerError` with what `SharedLibraryError` says.
    static func library(opening fileNames: [String]?) throws(ServerError) -> LibMicroHTTPD {
        do {
            return try fileNames.map { try LibMicroHTTPD($0) } ?? LibMicroHTTPD.load()
        } catch {
            throw ServerError("\(error)")
        }
    }
}

/// The daemon pointer; only `init` and `stop` use it, under the server's mutex.
struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// What is known of a request between libmicrohttpd's calls for it.
final class PendingRequest {
    var body: [UInt8] = []
    var isTooLarge = false
    var answered = false
    /// The answer of a dispatched request, set on a dispatcher's thread before its
    /// connection is resumed, queued on the daemon's.
    let response = Mutex<HTTPResponse?>(nil)
}

/// A stream's link to its connection, kept alive by libmicrohttpd until the response ends.
final class StreamLink: @unchecked Sendable {
    // Safe to share: `connection` is only passed to MHD_suspend_connection (from the
    // content reader, on the connection's thread) and MHD_resume_connection (thread-safe).
    let stream: EventStream
    let connection: OpaquePointer
    let library: LibMicroHTTPD
    weak var server: HTTPServer?

    init(stream: EventStream, connection: OpaquePointer, server: HTTPServer) {
        self.stream = stream
        self.connection = connection
        self.library = server.library
        self.server = server
    }
}

/// Collects header fields or query arguments from MHD_get_connection_values.
private final class ValueCollector {
    var values: [String: String] = [:]
    /// The first argument that did not decode, as received (`name=value`).
    var malformed: String?
    /// The first name given twice (decoded), for query arguments.
    var repeated: String?
    let lowercasesNames: Bool
    let decodes: Bool
    init(lowercasesNames: Bool, decodes: Bool) {
        self.lowercasesNames = lowercasesNames
        self.decodes = decodes
    }
}

private let collectValue: MHD_KeyValueIterator = { context, _, key, value in
    guard let context, let key else { return .YES }
    let collector = Unmanaged<ValueCollector>.fromOpaque(context).takeUnretainedValue()
    var name = String(cString: key)
    var text = value.map { String(cString: $0) } ?? ""
    // An empty segment of a query (`?&limit=1`, `a=1&&b=2`) is no argument (WHATWG URL's
    // form reading skips it too); an empty name with a value (`?=x`) is one, refused by the route.
    if collector.decodes, name.isEmpty, value == nil { return .YES }
    if collector.decodes {
        // The daemon leaves arguments escaped (tick_mhd_keep_escaped) after turning '+' into ' '.
        guard let decodedName = HTTPRequest.decoded(name, plusIsSpace: true),
              let decodedText = HTTPRequest.decoded(text, plusIsSpace: true) else {
            if collector.malformed == nil { collector.malformed = value == nil ? name : name + "=" + text }
            return .YES
        }
        name = decodedName
        text = decodedText
    }
    let stored = collector.lowercasesNames ? name.lowercased() : name
    if collector.decodes, collector.repeated == nil, collector.values[stored] != nil { collector.repeated = stored }
    collector.values[stored] = text
    return .YES
}

/// The header fields or query arguments of a request, and the first argument that did not
/// decode (as received; nil when all did, or when `decodes` is false).
private func values(of connection: OpaquePointer, kind: MHD_ValueKind, lowercasesNames: Bool, decodes: Bool,
                    library: LibMicroHTTPD) -> (values: [String: String], malformed: String?, repeated: String?) {
    let collector = ValueCollector(lowercasesNames: lowercasesNames, decodes: decodes)
    let context = Unmanaged.passUnretained(collector).toOpaque()
    _ = library.connectionValues(connection, kind, collectValue, context)
    return withExtendedLifetime(collector) { (collector.values, collector.malformed, collector.repeated) }
}

/// The values of the request's Content-Length fields, for `hasConflictingContentLengths`.
private final class ContentLengths {
    var values: Set<String> = []
}

private let collectContentLength: MHD_KeyValueIterator = { context, _, key, value in
    guard let context, let key, strcasecmp(key, "Content-Length") == 0 else { return .YES }
    Unmanaged<ContentLengths>.fromOpaque(context).takeUnretainedValue().values
        .insert((value.map { String(cString: $0) } ?? "").trimmingOptionalWhitespace())
    return .YES
}

/// Whether the request's header holds two Content-Length fields that differ (libmicrohttpd
/// reads the first; RFC 9112 §6.3 makes such a message invalid).
private func hasConflictingContentLengths(_ connection: OpaquePointer, library: LibMicroHTTPD) -> Bool {
    let lengths = ContentLengths()
    _ = library.connectionValues(connection, .HEADER_KIND, collectContentLength, Unmanaged.passUnretained(lengths).toOpaque())
    return withExtendedLifetime(lengths) { lengths.values.count > 1 }
}

/// libmicrohttpd calls this several times per request (its manual, "Access handler"):
/// first with the header alone, then once per piece of body (`*uploadSize > 0`, which
/// must be set to 0 once consumed), and last with no body left: then the request is
/// answered.
private let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, uploadSize, requestState in
    guard let context, let connection, let url, let method, let uploadSize, let requestState else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    guard let stateRaw = requestState.pointee else {
        let pending = PendingRequest()
        requestState.pointee = Unmanaged.passRetained(pending).toOpaque()
        server.inFlight.withLock { $0 += 1 }
        server.connections.headerArrived(connection)
        if server.isStopping.withLock({ $0 }) {
            pending.answered = true
            var response = server.configuration.refusal(503, "the server is stopping; nothing was done", String(cString: url))
            response.headers += [("Connection", "close"), ("Retry-After", "1")]
            return server.queue(response, on: connection)
        }
        // Two Content-Length fields that differ are refused (RFC 9112 §6.3: the body's end is
        // unknown; behind a proxy, the shape of request smuggling; a tester).
        if hasConflictingContentLengths(connection, library: server.library) {
            pending.answered = true
            var response = server.configuration.refusal(400, "the request has two Content-Length fields that differ", String(cString: url))
            response.headers.append(("Connection", "close"))
            return server.queue(response, on: connection)
        }
        // A body announced larger than allowed is refused before it is read.
        if let length = server.library.lookupConnectionValue(connection, .HEADER_KIND, "Content-Length"),
           let bytes = Int(String(cString: length)), bytes > server.configuration.maxBodyBytes {
            pending.answered = true
            return server.queue(server.tooLarge(String(cString: url)), on: connection)
        }
        return .YES
    }
    let pending = Unmanaged<PendingRequest>.fromOpaque(stateRaw).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        server.connections.bodyArrived(connection, bytes: uploadSize.pointee)
        // A request answered already (413 on its announced length) has its body dropped.
        if !pending.isTooLarge, !pending.answered, let upload {
            if pending.body.count + uploadSize.pointee > server.configuration.maxBodyBytes {
                pending.isTooLarge = true
                pending.body = []
            } else {
                upload.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) { bytes in
                    pending.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: uploadSize.pointee))
                }
            }
        }
        uploadSize.pointee = 0
        return .YES
    }
    if pending.answered {
        // A dispatched request's connection, resumed: its answer is there.
        if let response = pending.response.withLock({ $0.take() }) { return server.queue(response, on: connection) }
        return .YES
    }
    pending.answered = true
    server.connections.answering(connection)
    if pending.isTooLarge { return server.queue(server.tooLarge(String(cString: url)), on: connection) }
    let query = values(of: connection, kind: .GET_ARGUMENT_KIND, lowercasesNames: false, decodes: true, library: server.library)
    var request = HTTPRequest(method: String(cString: method), path: String(cString: url), query: query.values,
                              headers: values(of: connection, kind: .HEADER_KIND, lowercasesNames: true, decodes: false,
                                              library: server.library).values,
                              body: pending.body)
    request.malformedQueryArgument = query.malformed
    request.repeatedQueryArgument = query.repeated
    if server.configuration.recordsClientAddress { request.clientAddress = server.library.clientAddress(connection) }
    if let dispatcher = server.dispatcher {
        let (library, suspended, answering) = (server.library, DaemonHandle(pointer: connection), request)
        let queued = dispatcher.submit(key: server.configuration.clientKey(request),
                                       preparing: { library.suspendConnection(suspended.pointer) }) {
            let response = server.handler(answering)
            pending.response.withLock { $0 = response }
            library.resumeConnection(suspended.pointer)
        }
        if queued { return .YES }
    }
    return server.queue(server.handler(request), on: connection)
}

private let requestCompleted: MHD_RequestCompletedCallback = { context, connection, requestState, _ in
    guard let requestState, let raw = requestState.pointee else { return }
    if let context {
        let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        server.inFlight.withLock { $0 -= 1 }
        if let connection { server.connections.completed(connection) }
    }
    Unmanaged<PendingRequest>.fromOpaque(raw).release()
    requestState.pointee = nil
}

/// libmicrohttpd's accept policy: a new connection from an address holding
/// `connectionsPerAddress` already is refused (closed at once).
private let acceptPolicy: MHD_AcceptPolicyCallback = { context, address, _ in
    guard let context else { return .YES }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    return server.connections.admits(ConnectionGuard.Peer(address)) ? .YES : .NO
}

/// libmicrohttpd's notices of a connection's opening and closing (the closing's before it
/// closes the socket), for `ConnectionGuard`.
private let connectionNotice: MHD_NotifyConnectionCallback = { context, connection, _, code in
    guard let context, let connection else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
        server.connections.opened(connection, socket: server.library.socket(of: connection),
                                  peer: server.library.peer(of: connection))
    case .CONNECTION_NOTIFY_CLOSED:
        server.connections.closed(connection)
    default:
        break
    }
}

/// Reads a stream for libmicrohttpd: bytes when there are some, else the connection is
/// suspended until the stream has more (returning 0 without suspending would make the
/// daemon call again at once, spinning).
private let readStream: MHD_ContentReaderCallback = { context, _, buffer, size in
    guard let context, let buffer else { return Int(bitPattern: UInt(MHD_CONTENT_READER_END_WITH_ERROR_VALUE)) }
    let link = Unmanaged<StreamLink>.fromOpaque(context).takeUnretainedValue()
    let connection = DaemonHandle(pointer: link.connection)
    let result = link.stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size),
                                  park: { link.library.suspendConnection(link.connection) },
                                  wake: { [library = link.library] in library.resumeConnection(connection.pointer) })
    switch result {
    case .bytes(let count): return count
    case .parked: return 0
    case .end: return Int(bitPattern: UInt(MHD_CONTENT_READER_END_OF_STREAM_VALUE))
    }
}

private let MHD_CONTENT_READER_END_OF_STREAM_VALUE: UInt = UInt(bitPattern: -1)
private let MHD_CONTENT_READER_END_WITH_ERROR_VALUE: UInt = UInt(bitPattern: -2)

private let releaseStream: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let link = Unmanaged<StreamLink>.fromOpaque(context).takeRetainedValue()
    link.server?.streams.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(link.stream)) }
    link.stream.release()
}

extension HTTPServer {
    /// Queues `response` on `connection`.
    fileprivate func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            made = bytes.withUnsafeBytes { raw in
                library.responseFromBuffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .stream(let stream):
            let link = StreamLink(stream: stream, connection: connection, server: self)
            streams.withLock { $0[ObjectIdentifier(stream)] = stream }
            made = library.responseFromCallback(tick_mhd_size_unknown(), 4_096, readStream,
                                                Unmanaged.passRetained(link).toOpaque(), releaseStream)
        }
        guard let made else { return .NO }
        for (name, value) in response.headers {
            _ = library.addResponseHeader(made, name, value)
        }
        let result = library.queueResponse(connection, UInt32(response.status), made)
        library.destroyResponse(made)
        return result
    }
}
