import Foundation
import TickModel

/// Where notifications go: the desktop, standard output, or a command hook.
public protocol AlarmNotifier: AnyObject {
    /// A short name recorded with each delivery (`dbus`, `stdout`, `exec`).
    var channel: String { get }
    /// Delivers `notification`, with "Done" and "Snooze" buttons when `offeringActions`
    /// and the channel has buttons.
    /// - Returns: the notification's id when the channel gives one (D-Bus), for actions.
    /// - Throws: `AgentError` when it could not be delivered.
    func deliver(_ notification: AlarmNotification, offeringActions: Bool) throws(AgentError) -> UInt32?
}

/// Writes each notification as one line: the local time, the summary and the body.
///
/// Example: `2026-12-01 09:00  Pay rent — Due now, Today 9:00 AM · Bills`.
public final class StdoutNotifier: AlarmNotifier {
    private let write: (String) -> Void
    private let zone: TimeZone
    private let clock: () -> Date

    /// - Parameters:
    ///   - write: receives each line, with its newline.
    ///   - zone: the zone of the time at the start of the line.
    ///   - clock: the current time.
    public init(zone: TimeZone, clock: @escaping () -> Date, write: @escaping (String) -> Void) {
        self.write = write
        self.zone = zone
        self.clock = clock
    }

    public var channel: String { "stdout" }

    public func deliver(_ notification: AlarmNotification, offeringActions: Bool) throws(AgentError) -> UInt32? {
        let local = LocalDateTime(clock(), in: zone)
        let time = local.description.prefix(16).replacingOccurrences(of: "T", with: " ")
        let body = notification.body.split(separator: "\n").joined(separator: " · ")
        write("\(time)  \(notification.summary) — \(body)\n")
        return nil
    }
}
