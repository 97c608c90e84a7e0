import Foundation
import Synchronization
import Testing
@testable import TickServer
import TickActions
import TickModel
import TickStore
import TestSupport

@Suite("Idle memory")
struct IdleMemoryTests {
    /// Waits up to `seconds` for `condition`.
    private func eventually(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let end = Date(timeIntervalSinceNow: seconds)
        while Date() < end {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition()
    }

    @Test("memory is released once, a delay after the last request, and again only after another request")
    func releasesOnceAfterTheDelay() {
        let releases = Atomic<Int>(0)
        let idle = IdleMemory(delay: .milliseconds(150)) { releases.add(1, ordering: .relaxed) }
        defer { idle.stop() }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(releases.load(ordering: .relaxed) == 0, "no request yet: nothing to give back")

        let start = Date()
        idle.noteActivity()
        Thread.sleep(forTimeInterval: 0.05)
        idle.noteActivity()  // the delay counts from this one
        #expect(eventually(3) { releases.load(ordering: .relaxed) == 1 })
        #expect(Date().timeIntervalSince(start) >= 0.2)
        Thread.sleep(forTimeInterval: 0.4)
        #expect(releases.load(ordering: .relaxed) == 1, "idle since: no second release")

        idle.noteActivity()
        #expect(eventually(3) { releases.load(ordering: .relaxed) == 2 })
    }

    @Test("a store's page cache is given back by releaseMemory")
    func storeReleasesItsPageCache() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        let context = ActionContext(dateContext: DateContext(now: Fixture.now, timeZone: .gmt, locale: Locale(identifier: "en_US")))
        let long = String(repeating: "x", count: 200)
        try store.write { db in
            for index in 0..<2_000 { _ = try Actions.add(NewReminder(title: "reminder \(index) " + long), context: context, in: db) }
        }
        let read = try store.read { db in
            try db.reminders(in: .list(try db.lists()[0].id, includesCompleted: true), from: nil, direction: .forward, limit: 5_000).count
        }
        #expect(read == 2_000)
        let before = store.cacheMemoryUsed
        store.releaseMemory()
        #expect(before > 100_000)
        #expect(store.cacheMemoryUsed < before / 4)
    }
}
