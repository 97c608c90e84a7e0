import Foundation
import Synchronization
import Testing
import TestSupport
@testable import TickSync

/// `SyncLock`: one sync of a database at a time (a tester ran two at once and was told the
/// server refused to make a calendar the other had just made).
@Suite("One sync of a database at a time")
struct SyncLockTests {
    @Test("a second lock of one database waits until the first is released; another database's does not")
    func secondWaits() throws {
        let folder = TemporaryFolder()
        let database = folder.file("tick.sqlite3")
        var first = SyncLock.acquire(beside: database)
        #expect(first?.waited == 0)
        #expect(FileManager.default.fileExists(atPath: database + "-sync.lock"))
        #expect(SyncLock.acquire(beside: folder.file("other.sqlite3"))?.waited == 0)

        let taken = Mutex(false)
        let waiter = Thread {
            let second = SyncLock.acquire(beside: database)
            withExtendedLifetime(second) { taken.withLock { $0 = true } }
        }
        waiter.start()
        Thread.sleep(forTimeInterval: 0.3)
        let early = taken.withLock { $0 }
        #expect(!early, "the second lock did not wait")
        withExtendedLifetime(first) {}
        first = nil // released
        let deadline = Date().addingTimeInterval(5)
        while !taken.withLock({ $0 }), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let late = taken.withLock { $0 }
        #expect(late, "the second lock was not given once the first was released")
    }

    @Test("an in-memory database, or a folder where no lock file can be made, runs unlocked")
    func unlocked() {
        #expect(SyncLock.acquire(beside: ":memory:") == nil)
        #expect(SyncLock.acquire(beside: "/proc/no-such-folder/tick.sqlite3") == nil)
    }
}
