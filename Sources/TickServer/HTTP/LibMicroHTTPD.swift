import CMicroHTTPD
import TickModel

/// The functions of libmicrohttpd that `HTTPServer` calls, looked up once per process when
/// a server first starts (libmicrohttpd and GnuTLS are not mapped at the start of every
/// other command). The types follow microhttpd.h. `MHD_start_daemon` and
/// `MHD_get_daemon_info` are variadic: only their addresses are kept, and CMicroHTTPD's
/// shim calls them with their real prototype.
struct LibMicroHTTPD: @unchecked Sendable {
    // Safe to share: immutable addresses of functions in a library that stays open, which
    // its manual allows on any thread (the response calls from the daemon's own).
    let stopDaemon: @convention(c) (OpaquePointer?) -> Void
    let connectionValues: @convention(c) (OpaquePointer?, MHD_ValueKind, MHD_KeyValueIterator?, UnsafeMutableRawPointer?) -> Int32
    let lookupConnectionValue: @convention(c) (OpaquePointer?, MHD_ValueKind, UnsafePointer<CChar>?) -> UnsafePointer<CChar>?
    let suspendConnection: @convention(c) (OpaquePointer?) -> Void
    let resumeConnection: @convention(c) (OpaquePointer?) -> Void
    let responseFromBuffer: @convention(c) (Int, UnsafeMutableRawPointer?, MHD_ResponseMemoryMode) -> OpaquePointer?
    let responseFromCallback: @convention(c) (UInt64, Int, MHD_ContentReaderCallback?, UnsafeMutableRawPointer?,
                                              MHD_ContentReaderFreeCallback?) -> OpaquePointer?
    let addResponseHeader: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> MHD_Result
    let queueResponse: @convention(c) (OpaquePointer?, UInt32, OpaquePointer?) -> MHD_Result
    let destroyResponse: @convention(c) (OpaquePointer?) -> Void
    let version: @convention(c) () -> UnsafePointer<CChar>?
    private let startDaemonAddress: UnsafeMutableRawPointer
    private let daemonInfoAddress: UnsafeMutableRawPointer
    private let connectionInfoAddress: UnsafeMutableRawPointer

    /// The library as this process opened it, or why it could not.
    private static let shared = Result { try LibMicroHTTPD(["libmicrohttpd.so.12"]) }

    /// libmicrohttpd, opened on the first call.
    /// - Throws: `SharedLibraryError` naming libmicrohttpd and its Debian package when it is
    ///   not installed (on this call and every later one), or lacks a function.
    static func load() throws -> LibMicroHTTPD { try shared.get() }

    /// Opens the first of `fileNames` that loads; the tests give a name that does not exist.
    /// - Throws: `SharedLibraryError`.
    init(_ fileNames: [String]) throws {
        let library = try SharedLibrary(fileNames, debianPackage: "libmicrohttpd12")
        stopDaemon = try library.function("MHD_stop_daemon")
        connectionValues = try library.function("MHD_get_connection_values")
        lookupConnectionValue = try library.function("MHD_lookup_connection_value")
        suspendConnection = try library.function("MHD_suspend_connection")
        resumeConnection = try library.function("MHD_resume_connection")
        responseFromBuffer = try library.function("MHD_create_response_from_buffer")
        responseFromCallback = try library.function("MHD_create_response_from_callback")
        addResponseHeader = try library.function("MHD_add_response_header")
        queueResponse = try library.function("MHD_queue_response")
        destroyResponse = try library.function("MHD_destroy_response")
        version = try library.function("MHD_get_version")
        startDaemonAddress = try library.address("MHD_start_daemon")
        daemonInfoAddress = try library.address("MHD_get_daemon_info")
        connectionInfoAddress = try library.address("MHD_get_connection_info")
    }

    /// `MHD_start_daemon` with the options of `tick_mhd_start` (CMicroHTTPD's shim).
    func startDaemon(flags: UInt32, address: UnsafePointer<sockaddr>, handler: MHD_AccessHandlerCallback,
                     context: UnsafeMutableRawPointer, completed: MHD_RequestCompletedCallback,
                     accept: MHD_AcceptPolicyCallback, notify: MHD_NotifyConnectionCallback, threads: UInt32,
                     timeout: UInt32, memoryLimit: Int, connectionLimit: UInt32) -> OpaquePointer? {
        tick_mhd_start(startDaemonAddress, flags, address, handler, context, completed, accept, notify, threads, timeout,
                       memoryLimit, connectionLimit)
    }

    /// The port `daemon` listens on, or 0 (`MHD_get_daemon_info`).
    func boundPort(_ daemon: OpaquePointer) -> UInt16 {
        tick_mhd_bound_port(daemonInfoAddress, daemon)
    }

    /// The peer address of `connection` as text (`MHD_get_connection_info`,
    /// `MHD_CONNECTION_INFO_CLIENT_ADDRESS`, then `inet_ntop`), or "" when unknown.
    func clientAddress(_ connection: OpaquePointer) -> String {
        var text = [CChar](repeating: 0, count: 64)
        guard tick_mhd_client_address(connectionInfoAddress, connection, &text, text.count) == 0 else { return "" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The socket of `connection`, or -1 (`MHD_CONNECTION_INFO_CONNECTION_FD`).
    func socket(of connection: OpaquePointer) -> Int32 {
        tick_mhd_connection_socket(connectionInfoAddress, connection)
    }

    /// The peer of `connection` as a `ConnectionGuard.Peer` (`MHD_CONNECTION_INFO_CLIENT_ADDRESS`), nil for loopback.
    func peer(of connection: OpaquePointer) -> ConnectionGuard.Peer? {
        ConnectionGuard.Peer(tick_mhd_client_sockaddr(connectionInfoAddress, connection))
    }
}
