import CDBus
import Testing
@testable import TickAgent

@Suite("libdbus, opened when the agent first needs it")
struct LibDBusTests {
    @Test("libdbus opens and its functions answer (dbus_get_version is 1.x)")
    func opens() throws {
        let dbus = try LibDBus.load()
        var major: Int32 = 0, minor: Int32 = 0, micro: Int32 = 0
        dbus.getVersion(&major, &minor, &micro)
        #expect(major == 1)
        #expect(minor >= 10)
    }

    @Test("a bus that is not there is an AgentError with libdbus's reason")
    func noBus() throws {
        let dbus = try LibDBus.load()
        #expect(throws: AgentError.self) { _ = try DBusConnection(address: "unix:path=/nonexistent/tick-test-bus", dbus: dbus) }
    }

    @Test("every function pointer has the prototype dbus/*.h declares")
    func prototypes() throws {
        // Compiles only when each field's type is the header's declaration as Swift imports
        // it (the test target links libdbus for this; the tick executable does not).
        let linked = LibDBus(errorInit: dbus_error_init, errorFree: dbus_error_free, errorIsSet: dbus_error_is_set,
                             connectionOpenPrivate: dbus_connection_open_private,
                             connectionSetExitOnDisconnect: dbus_connection_set_exit_on_disconnect,
                             busRegister: dbus_bus_register, connectionClose: dbus_connection_close,
                             connectionUnref: dbus_connection_unref, connectionGetUnixFD: dbus_connection_get_unix_fd,
                             busAddMatch: dbus_bus_add_match,
                             connectionSendWithReplyAndBlock: dbus_connection_send_with_reply_and_block,
                             connectionReadWrite: dbus_connection_read_write, connectionPopMessage: dbus_connection_pop_message,
                             messageNewMethodCall: dbus_message_new_method_call, messageUnref: dbus_message_unref,
                             messageGetType: dbus_message_get_type, messageGetInterface: dbus_message_get_interface,
                             messageGetMember: dbus_message_get_member, messageIterInit: dbus_message_iter_init,
                             messageIterInitAppend: dbus_message_iter_init_append, messageIterNext: dbus_message_iter_next,
                             messageIterGetArgType: dbus_message_iter_get_arg_type,
                             messageIterGetBasic: dbus_message_iter_get_basic, messageIterRecurse: dbus_message_iter_recurse,
                             messageIterAppendBasic: dbus_message_iter_append_basic,
                             messageIterOpenContainer: dbus_message_iter_open_container,
                             messageIterCloseContainer: dbus_message_iter_close_container, getVersion: dbus_get_version)
        var linkedMajor: Int32 = 0, major: Int32 = 0, minor: Int32 = 0, micro: Int32 = 0
        linked.getVersion(&linkedMajor, &minor, &micro)
        try LibDBus.load().getVersion(&major, &minor, &micro)
        #expect(linkedMajor == major)
    }

    @Test("a libdbus that cannot be opened is an AgentError naming the library and its Debian package")
    func missing() {
        do {
            _ = try LibDBus.open(["libdbus-absent.so.3"])
            Issue.record("a library that does not exist was opened")
        } catch {
            #expect(error.message.hasPrefix("this command needs libdbus-absent.so.3, which could not be loaded ("))
            #expect(error.message.hasSuffix("on Debian it comes with the package libdbus-1-3"))
        }
    }
}
