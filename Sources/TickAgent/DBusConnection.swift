import CDBus
import Foundation

/// A private connection to a D-Bus message bus through libdbus
/// (https://dbus.freedesktop.org/doc/api/html/), with the few calls the agent needs.
///
/// Not Sendable: it is used by the agent's one thread. The connection is private
/// (`dbus_connection_open_private`) so that nothing else in the process shares it, and
/// it never ends the process on disconnect (libdbus's default for shared bus connections).
final class DBusConnection {
    private let connection: OpaquePointer
    /// libdbus's functions.
    private let dbus: LibDBus

    /// Connects to the bus at `address` (a D-Bus address such as
    /// `unix:path=/run/user/1000/bus`) and registers with it.
    /// - Throws: `AgentError` with libdbus's message when the bus cannot be reached, or
    ///   with `SharedLibraryError`'s text when libdbus cannot be loaded.
    convenience init(address: String) throws(AgentError) {
        try self.init(address: address, dbus: LibDBus.load())
    }

    /// Connects through `dbus` (the process's libdbus, or in tests one opened by name).
    init(address: String, dbus: LibDBus) throws(AgentError) {
        var error = DBusError()
        dbus.errorInit(&error)
        defer { dbus.errorFree(&error) }
        guard let connection = dbus.connectionOpenPrivate(address, &error) else {
            throw AgentError("cannot connect to the session bus: \(DBusConnection.message(error))")
        }
        dbus.connectionSetExitOnDisconnect(connection, 0)
        guard dbus.busRegister(connection, &error) != 0 else {
            let text = DBusConnection.message(error)
            dbus.connectionClose(connection)
            dbus.connectionUnref(connection)
            throw AgentError("cannot register with the session bus: \(text)")
        }
        self.connection = connection
        self.dbus = dbus
    }

    deinit {
        // A private connection must be closed before its last reference goes.
        dbus.connectionClose(connection)
        dbus.connectionUnref(connection)
    }

    /// The socket to wait on for incoming messages, or nil.
    var descriptor: Int32? {
        var fd: Int32 = -1
        return dbus.connectionGetUnixFD(connection, &fd) != 0 ? fd : nil
    }

    /// Asks the bus to route signals matching `rule` to this connection.
    /// - Throws: `AgentError` when the bus refuses the rule.
    func addMatch(_ rule: String) throws(AgentError) {
        var error = DBusError()
        dbus.errorInit(&error)
        defer { dbus.errorFree(&error) }
        dbus.busAddMatch(connection, rule, &error)
        if dbus.errorIsSet(&error) != 0 { throw AgentError("the session bus refused a match rule: \(DBusConnection.message(error))") }
    }

    /// Calls a method and waits up to `timeout` milliseconds for its reply.
    ///
    /// - Parameter build: appends the arguments to the message through `DBusArguments`.
    /// - Returns: the reply, owned by the caller through `DBusReply`.
    /// - Throws: `AgentError` with the D-Bus error name and message.
    func call(destination: String, path: String, interface: String, method: String, timeout: Int32 = 5_000,
              build: (DBusArguments, inout DBusMessageIter) -> Bool = { _, _ in true }) throws(AgentError) -> DBusReply {
        guard let message = dbus.messageNewMethodCall(destination, path, interface, method) else {
            throw AgentError("out of memory building a D-Bus call")
        }
        defer { dbus.messageUnref(message) }
        var iterator = DBusMessageIter()
        dbus.messageIterInitAppend(message, &iterator)
        guard build(DBusArguments(dbus: dbus), &iterator) else { throw AgentError("out of memory building a D-Bus call") }
        var error = DBusError()
        dbus.errorInit(&error)
        defer { dbus.errorFree(&error) }
        guard let reply = dbus.connectionSendWithReplyAndBlock(connection, message, timeout, &error) else {
            throw AgentError("\(interface).\(method) failed: \(DBusConnection.message(error))")
        }
        return DBusReply(message: reply, dbus: dbus)
    }

    /// Reads what has arrived without waiting, and returns the signals among it.
    func pendingSignals() -> [DBusReply] {
        // Non-blocking read of the socket into libdbus's queue (timeout 0).
        _ = dbus.connectionReadWrite(connection, 0)
        var signals: [DBusReply] = []
        while let message = dbus.connectionPopMessage(connection) {
            if dbus.messageGetType(message) == DBUS_MESSAGE_TYPE_SIGNAL {
                signals.append(DBusReply(message: message, dbus: dbus))
            } else {
                dbus.messageUnref(message)
            }
        }
        return signals
    }

    private static func message(_ error: DBusError) -> String {
        let name = error.name.map { String(cString: $0) } ?? "error"
        let text = error.message.map { String(cString: $0) } ?? ""
        return text.isEmpty ? name : "\(text) (\(name))"
    }
}

/// A received D-Bus message (a reply or a signal), released when dropped.
final class DBusReply {
    let message: OpaquePointer
    private let dbus: LibDBus

    init(message: OpaquePointer, dbus: LibDBus) {
        self.message = message
        self.dbus = dbus
    }

    deinit { dbus.messageUnref(message) }

    /// The interface and member of a signal.
    var member: (interface: String, name: String)? {
        guard let interface = dbus.messageGetInterface(message), let name = dbus.messageGetMember(message) else { return nil }
        return (String(cString: interface), String(cString: name))
    }

    /// The message's arguments that are strings, unsigned integers or arrays of
    /// strings, in order (other types are skipped as nil).
    var arguments: [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus.messageIterInit(message, &iterator) != 0 else { return [] }
        var values: [DBusValue] = []
        repeat {
            values.append(DBusValue.read(&iterator, dbus))
        } while dbus.messageIterNext(&iterator) != 0
        return values
    }
}

/// The argument values the agent reads.
enum DBusValue: Equatable {
    case string(String)
    case uint32(UInt32)
    case strings([String])
    case other

    static func read(_ iterator: inout DBusMessageIter, _ dbus: LibDBus) -> DBusValue {
        switch dbus.messageIterGetArgType(&iterator) {
        case TICK_DBUS_TYPE_STRING:
            var pointer: UnsafePointer<CChar>?
            dbus.messageIterGetBasic(&iterator, &pointer)
            return pointer.map { .string(String(cString: $0)) } ?? .other
        case TICK_DBUS_TYPE_UINT32:
            var value: UInt32 = 0
            dbus.messageIterGetBasic(&iterator, &value)
            return .uint32(value)
        case TICK_DBUS_TYPE_ARRAY:
            var inner = DBusMessageIter()
            dbus.messageIterRecurse(&iterator, &inner)
            var strings: [String] = []
            while dbus.messageIterGetArgType(&inner) == TICK_DBUS_TYPE_STRING {
                if case .string(let text) = read(&inner, dbus) { strings.append(text) }
                _ = dbus.messageIterNext(&inner)
            }
            return .strings(strings)
        default:
            return .other
        }
    }
}

/// Appending arguments to a message being built (each returns false when out of memory).
struct DBusArguments {
    let dbus: LibDBus

    func append(_ text: String, to iterator: inout DBusMessageIter) -> Bool {
        text.withCString { pointer in
            var value: UnsafePointer<CChar>? = pointer
            return dbus.messageIterAppendBasic(&iterator, TICK_DBUS_TYPE_STRING, &value) != 0
        }
    }

    func append(_ value: UInt32, to iterator: inout DBusMessageIter) -> Bool {
        var copy = value
        return dbus.messageIterAppendBasic(&iterator, TICK_DBUS_TYPE_UINT32, &copy) != 0
    }

    func append(_ value: Int32, to iterator: inout DBusMessageIter) -> Bool {
        var copy = value
        return dbus.messageIterAppendBasic(&iterator, TICK_DBUS_TYPE_INT32, &copy) != 0
    }

    /// An `as` array.
    func append(strings: [String], to iterator: inout DBusMessageIter) -> Bool {
        var array = DBusMessageIter()
        guard dbus.messageIterOpenContainer(&iterator, TICK_DBUS_TYPE_ARRAY, "s", &array) != 0 else { return false }
        var ok = true
        for text in strings where ok { ok = append(text, to: &array) }
        return dbus.messageIterCloseContainer(&iterator, &array) != 0 && ok
    }

    /// An `a{sv}` dictionary whose values are bytes or strings.
    func append(hints: [(String, DBusHint)], to iterator: inout DBusMessageIter) -> Bool {
        var dictionary = DBusMessageIter()
        guard dbus.messageIterOpenContainer(&iterator, TICK_DBUS_TYPE_ARRAY, "{sv}", &dictionary) != 0 else { return false }
        var ok = true
        for (key, hint) in hints where ok {
            var entry = DBusMessageIter()
            guard dbus.messageIterOpenContainer(&dictionary, TICK_DBUS_TYPE_DICT_ENTRY, nil, &entry) != 0 else { ok = false; break }
            ok = append(key, to: &entry)
            var variant = DBusMessageIter()
            switch hint {
            case .byte(let value):
                var copy = value
                ok = ok && dbus.messageIterOpenContainer(&entry, TICK_DBUS_TYPE_VARIANT, "y", &variant) != 0
                ok = ok && dbus.messageIterAppendBasic(&variant, TICK_DBUS_TYPE_BYTE, &copy) != 0
            case .string(let text):
                ok = ok && dbus.messageIterOpenContainer(&entry, TICK_DBUS_TYPE_VARIANT, "s", &variant) != 0
                ok = ok && append(text, to: &variant)
            }
            ok = dbus.messageIterCloseContainer(&entry, &variant) != 0 && ok
            ok = dbus.messageIterCloseContainer(&dictionary, &entry) != 0 && ok
        }
        return dbus.messageIterCloseContainer(&iterator, &dictionary) != 0 && ok
    }
}

/// A notification hint value.
enum DBusHint {
    case byte(UInt8)
    case string(String)
}
