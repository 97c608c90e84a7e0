import CLinuxTimer
import Foundation
import TickModel

/// Why the agent woke up.
public enum AgentWake: Sendable, Equatable {
    /// The deadline passed (or the system clock was set).
    case deadline
    /// Another process wrote to the database.
    case databaseChanged
    /// Users clicked notification buttons.
    case actions([NotificationAction])
}

/// Something the agent loop waits on; the real one is `SystemEventSource`, tests script one.
public protocol AgentEventSource: AnyObject {
    /// Blocks until `deadline` (nil: no deadline), a database change or an action.
    /// - Throws: `AgentError` when waiting itself fails.
    func wait(until deadline: Date?) throws(AgentError) -> AgentWake
}

/// Waits without polling: `poll(2)` on an inotify descriptor watching the database's
/// folder (writes to the database and its `-wal` file), a `timerfd` on the wall clock
/// set to the next alarm (fires on time after a suspend; cancelled, and so woken, when
/// the clock is set), and the D-Bus socket for notification actions. Idle, the agent
/// makes no system calls at all.
///
/// WAL commits reach the `-wal` file a moment before the shared-memory index says they
/// are committed, so after a write the source waits for 200 ms of quiet before it
/// reports the change, and reports one more change 2 seconds later, in case the first
/// read came before the commit was visible.
public final class SystemEventSource: AgentEventSource {
    private let inotify: Int32
    private let timer: Int32
    private let names: Set<String>
    private let desktop: DesktopNotifier?
    private let clockOffset: TimeInterval
    private var settleCheck: ContinuousClock.Instant?
    private var busClosed = false

    /// Watches the database at `databasePath`; listens for actions on `desktop`.
    ///
    /// - Parameter clockOffset: how far the agent's clock is ahead of the system clock
    ///   (non-zero when `TICK_NOW` shifted it): deadlines are moved back by it, since
    ///   the timer runs on the system clock.
    /// - Throws: `AgentError` when inotify or the timer cannot be set up.
    public init(databasePath: String, desktop: DesktopNotifier?, clockOffset: TimeInterval = 0) throws(AgentError) {
        self.clockOffset = clockOffset
        let url = URL(fileURLWithPath: databasePath)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        names = [name, name + "-wal", name + "-journal"]
        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard inotify >= 0 else { throw AgentError("inotify_init1 failed: \(String(cString: strerror(errno)))") }
        // Writes only: IN_CLOSE_WRITE would fire whenever any tick that merely read the
        // database closes it (every connection opens the files read-write).
        let mask = UInt32(IN_MODIFY | IN_MOVED_TO | IN_CREATE)
        guard inotify_add_watch(inotify, folder, mask) >= 0 else {
            close(inotify)
            throw AgentError("cannot watch \(folder): \(String(cString: strerror(errno)))")
        }
        timer = tick_timerfd_create()
        guard timer >= 0 else {
            close(inotify)
            throw AgentError("timerfd_create failed: \(String(cString: strerror(errno)))")
        }
        self.desktop = desktop
    }

    deinit {
        close(inotify)
        close(timer)
    }

    public func wait(until deadline: Date?) throws(AgentError) -> AgentWake {
        // Signals libdbus already read off the socket would not wake poll().
        if !busClosed, let actions = desktop?.takeActions(), !actions.isEmpty { return .actions(actions) }
        try arm(deadline)
        var descriptors = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: timer, events: Int16(POLLIN), revents: 0)]
        if !busClosed, let fd = desktop?.descriptor { descriptors.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
        while true {
            var timeout: Int32 = -1
            if let settleCheck {
                let left = ContinuousClock.now.duration(to: settleCheck)
                timeout = max(0, Int32(left.milliseconds))
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                throw AgentError("poll failed: \(String(cString: strerror(errno)))")
            }
            if ready == 0 {
                settleCheck = nil
                return .databaseChanged
            }
            if descriptors[1].revents != 0 {
                var expirations: UInt64 = 0
                // ECANCELED means the clock was set: recompute, as for a deadline.
                _ = read(timer, &expirations, 8)
                return .deadline
            }
            if descriptors.count > 2, descriptors[2].revents != 0 {
                let revents = Int32(descriptors[2].revents)
                let actions = desktop?.takeActions() ?? []
                descriptors[2].revents = 0
                if revents & (POLLHUP | POLLERR | POLLNVAL) != 0 {
                    // The bus went away: stop listening (poll would report it forever);
                    // deliveries then fail over to standard output.
                    descriptors[2].fd = -1
                    busClosed = true
                }
                if !actions.isEmpty { return .actions(actions) }
                continue
            }
            if descriptors[0].revents != 0 {
                descriptors[0].revents = 0
                if drainChanges() {
                    waitForQuiet()
                    settleCheck = ContinuousClock.now + .seconds(2)
                    return .databaseChanged
                }
            }
        }
    }

    /// Sets the timer to `deadline`, or disarms it.
    private func arm(_ deadline: Date?) throws(AgentError) {
        var seconds: Int64 = 0
        var nanoseconds = 0
        if let deadline {
            let value = max(deadline.timeIntervalSince1970 - clockOffset, 0.000_001)
            seconds = Int64(value.rounded(.down))
            nanoseconds = max(1, Int((value - Double(seconds)) * 1_000_000_000))
        }
        guard tick_timerfd_set(timer, seconds, nanoseconds) == 0 else {
            throw AgentError("timerfd_settime failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Reads every pending inotify event; true when one was about the database.
    private func drainChanges() -> Bool {
        var relevant = false
        let size = 64 * 1_024
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, size) }
            if count <= 0 { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (length, name) = buffer.withUnsafeBytes { raw -> (Int, String) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = raw[start..<min(count, start + Int(event.len))].prefix { $0 != 0 }
                    return (Int(event.len), String(decoding: bytes, as: UTF8.self))
                }
                if names.contains(name) { relevant = true }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
        return relevant
    }

    /// Waits until the database has been quiet for 200 ms (at most 2 seconds).
    private func waitForQuiet() {
        var descriptor = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
        for _ in 0..<10 {
            if poll(&descriptor, 1, 200) <= 0 { return }
            _ = drainChanges()
        }
    }
}
