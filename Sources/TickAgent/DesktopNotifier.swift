import Foundation
import TickModel

/// Desktop notifications through the freedesktop Notifications interface on the
/// session bus (https://specifications.freedesktop.org/notification-spec/latest/),
/// with libdbus.
///
/// - `Notify` with app name `Tick`, the summary and body, the `urgency` hint from the
///   reminder's priority, and the actions `done` ("Done") and `snooze` ("Snooze 10 min")
///   when asked for and the server lists `actions` among its capabilities
///   (`GetCapabilities`). The body is escaped when the server renders `body-markup`.
/// - `ActionInvoked` signals for notifications this connection sent become
///   `NotificationAction`s (see `takeActions()`); `NotificationClosed` forgets them.
public final class DesktopNotifier: AlarmNotifier {
    static let service = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"

    private let connection: DBusConnection
    /// What the notification server says it can do (`actions`, `body`, `body-markup` …).
    public let capabilities: [String]
    private var sent: Set<UInt32> = []

    /// Connects to the session bus at `address` and asks the notification server for
    /// its capabilities.
    /// - Throws: `AgentError` when the bus cannot be reached.
    public init(address: String) throws(AgentError) {
        connection = try DBusConnection(address: address)
        let reply = try? connection.call(destination: Self.service, path: Self.path, interface: Self.service, method: "GetCapabilities")
        if case .strings(let list)? = reply?.arguments.first { capabilities = list } else { capabilities = [] }
        try connection.addMatch("type='signal',interface='\(Self.service)',member='ActionInvoked'")
        try connection.addMatch("type='signal',interface='\(Self.service)',member='NotificationClosed'")
    }

    public var channel: String { "dbus" }

    /// Whether the server shows buttons.
    public var supportsActions: Bool { capabilities.contains("actions") }

    /// The socket to wait on for action signals.
    public var descriptor: Int32? { connection.descriptor }

    public func deliver(_ notification: AlarmNotification, offeringActions: Bool) throws(AgentError) -> UInt32? {
        var actions: [String] = []
        if offeringActions && supportsActions {
            if notification.items.count == 1 { actions += ["done", "Done"] }
            actions += ["snooze", "Snooze 10 min"]
        }
        let body = capabilities.contains("body-markup") ? Self.escaped(notification.body) : notification.body
        let reply = try connection.call(destination: Self.service, path: Self.path, interface: Self.service, method: "Notify") { arguments, iterator in
            arguments.append("Tick", to: &iterator)
                && arguments.append(UInt32(0), to: &iterator)
                && arguments.append("appointment-soon", to: &iterator)
                && arguments.append(notification.summary, to: &iterator)
                && arguments.append(body, to: &iterator)
                && arguments.append(strings: actions, to: &iterator)
                && arguments.append(hints: [("urgency", .byte(notification.urgency.rawValue)), ("category", .string("x-tick.alarm"))],
                                        to: &iterator)
                && arguments.append(Int32(-1), to: &iterator)
        }
        guard case .uint32(let id)? = reply.arguments.first else {
            throw AgentError("the notification server gave no notification id")
        }
        if !actions.isEmpty { sent.insert(id) }
        return id
    }

    /// The actions users invoked on notifications this agent sent, read without waiting.
    public func takeActions() -> [NotificationAction] {
        var actions: [NotificationAction] = []
        for signal in connection.pendingSignals() {
            guard let member = signal.member, member.interface == Self.service else { continue }
            let arguments = signal.arguments
            guard case .uint32(let id)? = arguments.first, sent.contains(id) else { continue }
            if member.name == "NotificationClosed" {
                sent.remove(id)
            } else if member.name == "ActionInvoked", arguments.count >= 2, case .string(let key) = arguments[1] {
                switch key {
                case "done": actions.append(.done(notificationID: id))
                case "snooze": actions.append(.snooze(notificationID: id))
                default: break
                }
            }
        }
        return actions
    }

    /// `&`, `<` and `>` as entities, for servers that read the body as markup.
    static func escaped(_ text: String) -> String {
        text.replacingScalars(["&": "&amp;", "<": "&lt;", ">": "&gt;"])
    }
}
