import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

/// The conflict journal (`sync_conflict`): one row per conflict until a report shows it, the
/// shown ones kept to a bound, the unshown ones all.
@Suite("Sync conflict journal")
struct SyncConflictJournalStoreTests {
    static func conflict(_ value: String, account: String = "home", uid: String? = "w") -> SyncConflictRecord {
        SyncConflictRecord(account: account, foundAt: Fixture.now, listName: "Tasks", title: "Water", uid: uid.map { ReminderUID($0) },
                           property: "SUMMARY", lostValue: "SUMMARY:\(value)", localLost: true)
    }

    @Test("a conflict found again before it was shown is one row; once shown, the same conflict found again is a new one")
    func foundAgain() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("c.sqlite3"), now: Fixture.now)
        let (first, isNew) = try store.write { try $0.recordSyncConflict(SyncConflictJournalStoreTests.conflict("Water the roses")) }
        let again = try store.write { try $0.recordSyncConflict(SyncConflictJournalStoreTests.conflict("Water the roses")) }
        #expect(isNew && again.id == first && !again.isNew)
        try store.write { try $0.recordSyncConflict(SyncConflictJournalStoreTests.conflict("Other", account: "work")) }
        let unshown = try store.read { try $0.unreportedSyncConflicts(account: "home") }
        #expect(unshown.map(\.lostValue) == ["SUMMARY:Water the roses"] && unshown.first?.localLost == true && unshown.first?.isReported == false)
        try store.write { try $0.markSyncConflictsReported(account: "home", through: first) }
        #expect(try store.read { try $0.unreportedSyncConflicts(account: "home") }.isEmpty)
        #expect(try store.read { try $0.unreportedSyncConflicts(account: "work") }.count == 1, "another account's stays unshown")
        let later = try store.write { try $0.recordSyncConflict(SyncConflictJournalStoreTests.conflict("Water the roses")) }.id
        #expect(later > first)
        let all = try store.read { try $0.syncConflicts(account: nil, limit: 10) }
        #expect(all.map(\.id) == all.map(\.id).sorted(by: >), "newest first")
        #expect(all.count == 3 && all.last?.isReported == true)
        #expect(try store.read { try $0.syncConflicts(account: "home", limit: 1) }.map(\.id) == [later])
        // A list's own conflict names no reminder.
        let listConflict = try store.write { try $0.recordSyncConflict(SyncConflictJournalStoreTests.conflict("Home", uid: nil)) }.id
        // Written before a write to the server that did not happen: taken out, unless shown.
        try store.write { try $0.forgetSyncConflicts([listConflict, first]) }
        #expect(try store.read { try $0.syncConflicts(account: "home", limit: 10) }.map(\.id) == [later, first])
        let written = try store.write { try $0.recordSyncConflict(SyncConflictJournalStoreTests.conflict("Home", uid: nil)) }.id
        #expect(try store.read { try $0.unreportedSyncConflicts(account: "home") }.last.map { $0.id == written && $0.uid == nil } == true)
    }

    @Test("shown conflicts beyond the newest 1,000 are dropped as more are written; unshown ones never")
    func bounded() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("c.sqlite3"), now: Fixture.now)
        let unshown = try store.write { try $0.recordSyncConflict(SyncConflictJournalStoreTests.conflict("kept", account: "work")) }.id
        try store.write { db in
            for index in 0..<1_100 {
                let id = try db.recordSyncConflict(SyncConflictJournalStoreTests.conflict("value \(index)")).id
                try db.markSyncConflictsReported(account: "home", through: id)
            }
        }
        let left = try store.read { try $0.syncConflicts(account: "home", limit: 5_000) }
        #expect(left.count == Database.reportedSyncConflictsKept + 1, "the last one was marked after it was written")
        #expect(left.first?.lostValue == "SUMMARY:value 1099")
        #expect(try store.read { try $0.unreportedSyncConflicts(account: "work") }.map(\.id) == [unshown])
    }
}
