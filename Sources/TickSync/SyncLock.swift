import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One sync at a time per database: an exclusive `flock(2)` on `DATABASE-sync.lock`, the file
/// beside the database (as SQLite's `-wal` and `-shm` are). Two `tick sync` at once (a timer
/// and a hand) each made the calendars of new lists, and one said the server "refused to make a
/// calendar" that the other had just made (a tester). A second sync waits for the first.
///
/// A lock of its own file, never of the database's: closing any descriptor of the database
/// would drop SQLite's POSIX locks on it (https://sqlite.org/howtocorrupt.html §2.2).
final class SyncLock {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// The lock of the database at `databasePath`, waited for as long as another sync holds it.
    /// - Returns: the lock (held until released), and how long it was waited for in seconds;
    ///   nil for an in-memory database, or when the lock file cannot be made (a folder that is
    ///   not writable): the sync then runs unlocked, as before.
    static func acquire(beside databasePath: String) -> (lock: SyncLock, waited: TimeInterval)? {
        guard !databasePath.isEmpty, databasePath != ":memory:", !databasePath.hasPrefix("file::memory:") else { return nil }
        let descriptor = open(databasePath + "-sync.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return (SyncLock(descriptor: descriptor), 0) }
        let start = Date()
        while flock(descriptor, LOCK_EX) != 0 {
            // Interrupted by a signal: wait again; any other failure: run unlocked.
            guard errno == EINTR else {
                close(descriptor)
                return nil
            }
        }
        return (SyncLock(descriptor: descriptor), Date().timeIntervalSince(start))
    }
}
