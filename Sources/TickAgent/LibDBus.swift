import CDBus
import TickModel

/// The functions of libdbus that the agent calls, looked up in the library when the agent
/// first connects to the session bus rather than mapped by the loader at every start of
/// `tick` (with libsystemd and what it brings).
///
/// Each type is the prototype in `dbus/*.h` as Swift imports it (`DBusConnection *` and
/// `DBusMessage *` are opaque, `dbus_bool_t` is a 32-bit integer). The variadic
/// `dbus_message_append_args` and `dbus_message_get_args` are not used: arguments go
/// through the iterator functions.
struct LibDBus: @unchecked Sendable {
    // @unchecked: only immutable addresses of C functions; each connection and message
    // is used by one thread (see DBusConnection).

    typealias ErrorPointer = UnsafeMutablePointer<DBusError>?
    typealias IteratorPointer = UnsafeMutablePointer<DBusMessageIter>?

    let errorInit: @convention(c) (_ error: ErrorPointer) -> Void
    let errorFree: @convention(c) (_ error: ErrorPointer) -> Void
    let errorIsSet: @convention(c) (_ error: UnsafePointer<DBusError>?) -> dbus_bool_t
    let connectionOpenPrivate: @convention(c) (_ address: UnsafePointer<CChar>?, _ error: ErrorPointer) -> OpaquePointer?
    let connectionSetExitOnDisconnect: @convention(c) (_ connection: OpaquePointer?, _ exitOnDisconnect: dbus_bool_t) -> Void
    let busRegister: @convention(c) (_ connection: OpaquePointer?, _ error: ErrorPointer) -> dbus_bool_t
    let connectionClose: @convention(c) (_ connection: OpaquePointer?) -> Void
    let connectionUnref: @convention(c) (_ connection: OpaquePointer?) -> Void
    let connectionGetUnixFD: @convention(c) (_ connection: OpaquePointer?, _ fd: UnsafeMutablePointer<Int32>?) -> dbus_bool_t
    let busAddMatch: @convention(c) (_ connection: OpaquePointer?, _ rule: UnsafePointer<CChar>?, _ error: ErrorPointer) -> Void
    let connectionSendWithReplyAndBlock: @convention(c) (_ connection: OpaquePointer?, _ message: OpaquePointer?,
                                                         _ timeoutMilliseconds: Int32, _ error: ErrorPointer) -> OpaquePointer?
    let connectionReadWrite: @convention(c) (_ connection: OpaquePointer?, _ timeoutMilliseconds: Int32) -> dbus_bool_t
    let connectionPopMessage: @convention(c) (_ connection: OpaquePointer?) -> OpaquePointer?
    let messageNewMethodCall: @convention(c) (_ busName: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?,
                                              _ iface: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?) -> OpaquePointer?
    let messageUnref: @convention(c) (_ message: OpaquePointer?) -> Void
    let messageGetType: @convention(c) (_ message: OpaquePointer?) -> Int32
    let messageGetInterface: @convention(c) (_ message: OpaquePointer?) -> UnsafePointer<CChar>?
    let messageGetMember: @convention(c) (_ message: OpaquePointer?) -> UnsafePointer<CChar>?
    let messageIterInit: @convention(c) (_ message: OpaquePointer?, _ iter: IteratorPointer) -> dbus_bool_t
    let messageIterInitAppend: @convention(c) (_ message: OpaquePointer?, _ iter: IteratorPointer) -> Void
    let messageIterNext: @convention(c) (_ iter: IteratorPointer) -> dbus_bool_t
    let messageIterGetArgType: @convention(c) (_ iter: IteratorPointer) -> Int32
    let messageIterGetBasic: @convention(c) (_ iter: IteratorPointer, _ value: UnsafeMutableRawPointer?) -> Void
    let messageIterRecurse: @convention(c) (_ iter: IteratorPointer, _ sub: IteratorPointer) -> Void
    let messageIterAppendBasic: @convention(c) (_ iter: IteratorPointer, _ type: Int32, _ value: UnsafeRawPointer?) -> dbus_bool_t
    let messageIterOpenContainer: @convention(c) (_ iter: IteratorPointer, _ type: Int32, _ containedSignature: UnsafePointer<CChar>?,
                                                  _ sub: IteratorPointer) -> dbus_bool_t
    let messageIterCloseContainer: @convention(c) (_ iter: IteratorPointer, _ sub: IteratorPointer) -> dbus_bool_t
    let getVersion: @convention(c) (_ major: UnsafeMutablePointer<Int32>?, _ minor: UnsafeMutablePointer<Int32>?,
                                    _ micro: UnsafeMutablePointer<Int32>?) -> Void
}

extension LibDBus {
    /// libdbus's soname.
    static let fileNames = ["libdbus-1.so.3"]
    /// The Debian package that installs it.
    static let debianPackage = "libdbus-1-3"

    /// libdbus, opened by the first caller in the process; later callers get the same
    /// functions, or the same error.
    /// - Throws: `AgentError` with `SharedLibraryError`'s text (which library, what the
    ///   loader said, which Debian package brings it); the agent treats it as a bus it
    ///   cannot reach.
    static func load() throws(AgentError) -> LibDBus {
        try shared.get()
    }

    private static let shared = Result { () throws(AgentError) in try open(fileNames) }

    /// Opens the first of `fileNames` that loads and looks up every function (the
    /// library's own name in production; another in tests, to see the error).
    /// - Throws: `AgentError`.
    static func open(_ fileNames: [String]) throws(AgentError) -> LibDBus {
        do {
            return try LibDBus(SharedLibrary(fileNames, debianPackage: debianPackage))
        } catch {
            throw AgentError(String(describing: error))
        }
    }

    private init(_ library: SharedLibrary) throws {
        self.init(errorInit: try library.function("dbus_error_init"),
                  errorFree: try library.function("dbus_error_free"),
                  errorIsSet: try library.function("dbus_error_is_set"),
                  connectionOpenPrivate: try library.function("dbus_connection_open_private"),
                  connectionSetExitOnDisconnect: try library.function("dbus_connection_set_exit_on_disconnect"),
                  busRegister: try library.function("dbus_bus_register"),
                  connectionClose: try library.function("dbus_connection_close"),
                  connectionUnref: try library.function("dbus_connection_unref"),
                  connectionGetUnixFD: try library.function("dbus_connection_get_unix_fd"),
                  busAddMatch: try library.function("dbus_bus_add_match"),
                  connectionSendWithReplyAndBlock: try library.function("dbus_connection_send_with_reply_and_block"),
                  connectionReadWrite: try library.function("dbus_connection_read_write"),
                  connectionPopMessage: try library.function("dbus_connection_pop_message"),
                  messageNewMethodCall: try library.function("dbus_message_new_method_call"),
                  messageUnref: try library.function("dbus_message_unref"),
                  messageGetType: try library.function("dbus_message_get_type"),
                  messageGetInterface: try library.function("dbus_message_get_interface"),
                  messageGetMember: try library.function("dbus_message_get_member"),
                  messageIterInit: try library.function("dbus_message_iter_init"),
                  messageIterInitAppend: try library.function("dbus_message_iter_init_append"),
                  messageIterNext: try library.function("dbus_message_iter_next"),
                  messageIterGetArgType: try library.function("dbus_message_iter_get_arg_type"),
                  messageIterGetBasic: try library.function("dbus_message_iter_get_basic"),
                  messageIterRecurse: try library.function("dbus_message_iter_recurse"),
                  messageIterAppendBasic: try library.function("dbus_message_iter_append_basic"),
                  messageIterOpenContainer: try library.function("dbus_message_iter_open_container"),
                  messageIterCloseContainer: try library.function("dbus_message_iter_close_container"),
                  getVersion: try library.function("dbus_get_version"))
    }
}
