import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

/// Statements that change more than 16 MiB of stored pages at once: deleting a big list,
/// an edit of every row, the end of a big import. With SQLite 3.40.1 (Debian 12) in WAL mode,
/// a statement journal spill threshold above about 128 KiB (`SQLITE_CONFIG_STMTJRNL_SPILL`,
/// which `Store` had set to 16 MiB) made every such statement fail with SQLITE_FULL,
/// "the disk is full", on a disk with room to spare: `tick lists delete --force work` of
/// 17,646 reminders was refused. The journal now spills at SQLite's default.
@Suite("Statements that change many pages")
struct BigStatementTests {
    /// A store with one list of `count` reminders, each row about 2 KB (kept iCalendar lines
    /// that no index holds), so that 10,000 of them fill about 20 MiB of pages, more than the
    /// old threshold. Inserted by one statement, with every trigger but the search index's.
    static func bigList(_ count: Int, in folder: TemporaryFolder) throws -> (Store, ReminderList.ID) {
        let store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        let id = try store.write { (db: Database) throws -> ReminderList.ID in
            let list = try db.insert(ReminderList(name: "Big", createdAt: Fixture.now))
            try db.deferringSearchIndex {
                try db.execute("""
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                    INSERT INTO reminder (uid, list_id, title, position, created_at, modified_at, ical_extras)
                        SELECT 'big-' || i, ?, 'Reminder ' || i, i * 1024, ?, ?, 'X-FILLER:' || hex(zeroblob(1000))
                        FROM n
                    """, [.integer(Int64(count)), .text(list.id.rawValue), .text("2026-11-29T12:00:00.000Z"), .text("2026-11-29T12:00:00.000Z")])
            }
            return list.id
        }
        return (store, id)
    }

    @Test("one UPDATE of 10,000 rows of 2 KB each succeeds")
    func updateEveryRow() throws {
        let folder = TemporaryFolder()
        let (store, id) = try Self.bigList(10_000, in: folder)
        try store.write { (db: Database) throws in
            try db.executeScript("UPDATE reminder SET title = title || ' (edited)', ical_extras = ical_extras || '0'")
        }
        let titles = try store.read { (db: Database) throws in try db.allReminders(inList: id).map(\.title) }
        #expect(titles.count == 10_000)
        #expect(titles.allSatisfy { $0.hasSuffix(" (edited)") })
    }

    @Test("deleting a list of 10,000 reminders of 2 KB each succeeds and leaves no reminder of it")
    func deleteBigList() throws {
        let folder = TemporaryFolder()
        let (store, id) = try Self.bigList(10_000, in: folder)
        try store.write { (db: Database) throws in try db.deleteList(id) }
        try store.read { (db: Database) throws in
            #expect(try db.scalarInt("SELECT count(*) FROM reminder") == 0)
            #expect(try db.scalarInt("SELECT count(*) FROM dav_resource WHERE deleted = 0") == 0)
        }
    }
}
