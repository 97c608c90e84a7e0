import Foundation

/// The lock that keeps two agents on one database from both notifying: an exclusive
/// `flock(2)` on `<database>.agent.lock` next to the database (mode 0600), holding the
/// owner's process id for messages. The kernel releases it when the process ends, however
/// it ends, so a crashed agent never leaves a stale lock.
public final class AgentLock {
    /// The lock file's path.
    public let path: String
    private let descriptor: Int32

    /// Opens (creating) the lock file for the database at `databasePath`.
    /// - Throws: `AgentError` when the file cannot be opened.
    public init(databasePath: String) throws(AgentError) {
        path = databasePath + ".agent.lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw AgentError("cannot open the agent lock \(path): \(String(cString: strerror(errno)))") }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Takes the lock if it is free.
    /// - Returns: false when another process holds it.
    /// - Throws: `AgentError` for any other failure.
    public func tryLock() throws(AgentError) -> Bool {
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            recordOwner()
            return true
        }
        if errno == EWOULDBLOCK { return false }
        throw AgentError("cannot lock \(path): \(String(cString: strerror(errno)))")
    }

    /// Waits until the lock is free and takes it.
    /// - Throws: `AgentError` when waiting fails.
    public func lock() throws(AgentError) {
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR { throw AgentError("cannot lock \(path): \(String(cString: strerror(errno)))") }
        }
        recordOwner()
    }

    /// The process id written by the holder, when readable.
    public var ownerProcessID: Int32? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private func recordOwner() {
        let text = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }
}
