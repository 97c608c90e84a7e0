import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

/// `Database.deferringInsertTriggers`: a bulk insert's per-row trigger work (CalDAV change
/// rows, list counts, tags, the undo journal's "absent before" rows) done once at the end
/// leaves the rows the triggers leave.
@Suite("Insert triggers deferred for a bulk insert")
struct DeferredInsertTriggersTests {
    static let stamp = "'2026-11-29T12:00:00.000Z'"

    static func reminder(_ uid: String, list: String, tags: String = "[]", flagged: Int = 0, due: String? = nil,
                         completed: Bool = false) -> String {
        """
        INSERT INTO reminder (uid, list_id, title, position, created_at, modified_at, tags, flagged, due, completed_at)
            VALUES ('\(uid)', '\(list)', 'Title \(uid)', 1, \(stamp), \(stamp), '\(tags)', \(flagged),
                    \(due.map { "'\($0)'" } ?? "NULL"), \(completed ? stamp : "NULL"));

        """
    }

    /// Lists A, B and C; two reminders already there, one with tags.
    static let setUp = DAVChangeTests.insertList("A", position: 1) + DAVChangeTests.insertList("B", position: 2)
        + DAVChangeTests.insertList("C", position: 3)
        + reminder("old1", list: "A", tags: #"["home"]"#, due: "2026-12-01")
        + reminder("old2", list: "B", flagged: 1)

    /// Inserts of every kind, then updates and deletions of new and old rows inside the same body:
    /// what the update and delete triggers count must add up with the deferred inserts.
    static let body = reminder("n1", list: "A", tags: #"["home","Work"]"#, flagged: 1, due: "2026-12-02")
        + reminder("n2", list: "B", completed: true)
        + reminder("n3", list: "A", tags: #"["errand"]"#)
        + reminder("n4", list: "C", tags: #"["x","y"]"#, due: "2026-12-03")
        + reminder("n5", list: "A", flagged: 1)
        + """
        UPDATE reminder SET list_id = 'B', completed_at = \(stamp), tags = '["moved"]' WHERE uid = 'n1';
        UPDATE reminder SET tags = '[]', flagged = 1 WHERE uid = 'n3';
        DELETE FROM reminder WHERE uid = 'n4';
        UPDATE reminder SET list_id = 'C', tags = '["home","garden"]' WHERE uid = 'old1';
        DELETE FROM reminder WHERE uid = 'old2';
        """
        + reminder("n6", list: "C", tags: #"["garden"]"#)

    /// The rows the triggers keep, as text: the lists' counts, tags, the journal's rows, and the
    /// CalDAV rows without their change numbers (whose order may differ), with the sequence. A
    /// reminder both inserted and moved or deleted inside the body leaves no tombstone when
    /// deferred (no client can have seen it), so tombstones are compared for the old ones only.
    static func state(_ db: Database) throws -> [String] {
        func rows(_ sql: String, columns: Int) throws -> [String] {
            var out: [String] = []
            try db.forEachRow(sql) { row in
                out.append((0..<Int32(columns)).map { row.optionalText($0) ?? "NULL" }.joined(separator: "|"))
            }
            return out
        }
        return try rows("SELECT list_id, open, flagged, scheduled, completed FROM list_count WHERE list_id IN ('A', 'B', 'C') ORDER BY list_id",
                        columns: 5)
            + rows("SELECT r.uid, t.tag FROM reminder_tag AS t JOIN reminder AS r ON r.number = t.reminder ORDER BY 1, 2", columns: 2)
            + rows("SELECT phase, number, present, uid, list_id, tags, completed_at FROM journal_reminder ORDER BY phase, number", columns: 7)
            + rows("SELECT list_id, uid, name, deleted FROM dav_resource WHERE deleted = 0 OR uid LIKE 'old%' ORDER BY list_id, uid",
                   columns: 4)
            + rows("SELECT value FROM dav_sequence", columns: 1)
    }

    func run(deferring: Bool, journaled: Bool) throws -> [String] {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        try store.write { (db: Database) throws in try db.executeScript(Self.setUp) }
        if journaled { store.recordChanges(as: "tick import", at: Fixture.now) }
        try store.write { (db: Database) throws in
            if deferring {
                try db.deferringInsertTriggers { try db.executeScript(Self.body) }
            } else {
                try db.executeScript(Self.body)
            }
        }
        return try store.read { (db: Database) throws in try Self.state(db) }
    }

    @Test("the same counts, tags, journal and CalDAV rows as the per-row triggers", arguments: [false, true])
    func sameRows(journaled: Bool) throws {
        let expected = try run(deferring: false, journaled: journaled)
        // A: n3 (flagged by its update), n5; B: n1 (moved in, completed), n2; C: old1 (moved in, due), n6.
        for counts in ["A|2|2|0|0", "B|0|0|0|2", "C|2|0|1|0"] { #expect(expected.contains(counts), "\(expected)") }
        let deferred = try run(deferring: true, journaled: journaled)
        #expect(deferred == expected, "only deferred: \(deferred.filter { !expected.contains($0) }), only per row: \(expected.filter { !deferred.contains($0) })")
    }

    @Test("a body that fails puts every trigger back and leaves no temporary table")
    func failurePutsTriggersBack() throws {
        struct Stop: Error {}
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        #expect(throws: Stop.self) {
            try store.write { (db: Database) throws in
                try db.executeScript(Self.setUp)
                try db.deferringInsertTriggers {
                    try db.executeScript(Self.reminder("u1", list: "A"))
                    throw Stop()
                }
            }
        }
        try store.write { (db: Database) throws in
            let names = Database.deferredInsertTriggers.map { "'\($0)'" }.joined(separator: ", ")
            #expect(try db.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name IN (\(names))") == 4)
            #expect(try db.scalarInt("SELECT count(*) FROM temp.sqlite_schema") == 0)
            try db.executeScript(Self.setUp + Self.reminder("u2", list: "A", tags: #"["home"]"#))
            #expect(try db.davResource(uid: ReminderUID("u2")) != nil, "the CalDAV trigger works again")
            #expect(try db.scalarInt("SELECT open FROM list_count WHERE list_id = 'A'") == 2, "old1 and u2")
            #expect(try db.scalarInt("SELECT count(*) FROM reminder_tag") == 2)
        }
    }

    @Test("the indexes calling a function, away during a bulk import, are built again after it or put back after a failed one")
    func indexesCallingFunctions() throws {
        struct Stop: Error {}
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        let names = Database.indexesCallingFunctions
        #expect(names.contains("reminder_open_title") && names.contains("reminder_naming_children"))
        func indexSQL(_ db: Database) throws -> [String?] {
            try names.map { try db.scalarText("SELECT sql FROM sqlite_schema WHERE name = ?", [.text($0)]) }
        }
        let before = try store.read { (db: Database) throws in try indexSQL(db) }
        #expect(!before.contains(nil))
        try store.write { (db: Database) throws in
            try db.executeScript(Self.setUp)
            try db.importing(count: Database.bulkImportThreshold) {
                #expect(try indexSQL(db) == names.map { _ in nil }, "no statement journal for the rows inserted")
                try db.executeScript(Self.body + """
                    UPDATE reminder SET ical_extras = 'RELATED-TO;RELTYPE=CHILD:n2' WHERE uid = 'n5';
                    """)
            }
        }
        #expect(throws: Stop.self) {
            try store.write { (db: Database) throws in
                try db.importing(count: Database.bulkImportThreshold) {
                    try db.executeScript(Self.reminder("gone", list: "A"))
                    throw Stop()
                }
            }
        }
        try store.read { (db: Database) throws in
            #expect(try indexSQL(db) == before)
            #expect(try db.scalarText("PRAGMA integrity_check") == "ok")
            // Each index answers for the rows inserted while it was away.
            #expect(try db.scalarInt("SELECT count(*) FROM reminder INDEXED BY reminder_open_title WHERE tick_search_text(title) = 'title n5' AND completed_at IS NULL") == 1)
            #expect(try db.scalarText("SELECT uid FROM reminder INDEXED BY reminder_naming_children WHERE ical_extras LIKE '%RELTYPE=CHILD%'") == "n5")
            #expect(try db.scalarInt("SELECT count(*) FROM reminder WHERE uid = 'gone'") == 0)
        }
    }
}
