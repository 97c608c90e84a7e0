import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

/// The per-list counts kept by triggers (`list_count`, schema version 7).
@Suite("Kept list counts")
struct ListCountTests {
    /// `list_count` as `list id: [open, flagged, scheduled, completed]`.
    static func kept(_ db: Database) throws -> [String: [Int64]] {
        var rows: [String: [Int64]] = [:]
        try db.forEachRow("SELECT list_id, open, flagged, scheduled, completed FROM list_count") { row in
            rows[row.text(0)] = [row.int(1), row.int(2), row.int(3), row.int(4)]
        }
        return rows
    }

    /// The same numbers counted from the reminders.
    static func recounted(_ db: Database) throws -> [String: [Int64]] {
        var rows: [String: [Int64]] = [:]
        try db.forEachRow("""
            SELECT l.id, count(r.number) FILTER (WHERE r.completed_at IS NULL),
                   count(r.number) FILTER (WHERE r.completed_at IS NULL AND r.flagged = 1),
                   count(r.number) FILTER (WHERE r.completed_at IS NULL AND r.due IS NOT NULL),
                   count(r.number) FILTER (WHERE r.completed_at IS NOT NULL)
            FROM list l LEFT JOIN reminder r ON r.list_id = l.id GROUP BY l.id
            """) { row in
            rows[row.text(0)] = [row.int(1), row.int(2), row.int(3), row.int(4)]
        }
        return rows
    }

    @Test("a database from schema 6 gets its counts filled from its reminders when it is opened")
    func migrationFillsCounts() throws {
        let folder = TemporaryFolder()
        let path = folder.file("v6.sqlite3")
        let old = try Store.open(path: path)
        try Schema.migrator.migrate(old, upTo: 6)
        let stamp = "'2026-11-29T12:00:00.000Z'"
        var script = "PRAGMA application_id = \(Schema.applicationID);\n"
        for (index, id) in ["A", "B", "Empty"].enumerated() {
            script += "INSERT INTO list (id, name, color, position, created_at, modified_at) VALUES ('\(id)', 'List \(id)', '#007AFF', \(index + 1), \(stamp), \(stamp));\n"
        }
        // 40 reminders in A and B: every third completed, every fourth flagged, every other one due.
        for number in 1...40 {
            let list = number % 3 == 0 ? "B" : "A"
            let completed = number % 3 == 1 ? stamp : "NULL"
            let due = number % 2 == 0 ? "'2026-12-0\(number % 9 + 1)'" : "NULL"
            script += """
                INSERT INTO reminder (uid, list_id, title, due, flagged, completed_at, position, created_at, modified_at)
                    VALUES ('u\(number)', '\(list)', 'R\(number)', \(due), \(number % 4 == 0 ? 1 : 0), \(completed), \(number), \(stamp), \(stamp));

                """
        }
        try old.executeScript(script)
        #expect(try old.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'list_count'") == 0)

        let store = try Store(path: path, now: Fixture.now)
        try store.read { db in
            let kept = try Self.kept(db)
            #expect(kept == (try Self.recounted(db)))
            #expect(kept["Empty"] == [0, 0, 0, 0])
            // A: numbers 1…40 not divisible by 3 (27); completed are those ≡ 1 mod 3 (14).
            #expect(kept["A"]?[0] == 13 && kept["A"]?[3] == 14)
            // B: the 13 multiples of 3, none completed, 3 of them flagged (multiples of 12), 6 due (even ones).
            #expect(kept["B"] == [13, 3, 6, 0])
            #expect(try db.openCounts() == [ReminderList.ID(rawValue: "A"): 13, ReminderList.ID(rawValue: "B"): 13])
        }
        // Kept from then on, by a writer that knows nothing of them (SQL as the sqlite3 shell would write it).
        try store.write { db in
            try db.executeScript("""
                UPDATE reminder SET list_id = 'Empty' WHERE uid IN ('u2', 'u3');
                UPDATE reminder SET completed_at = NULL WHERE uid = 'u1';
                UPDATE reminder SET due = NULL WHERE uid = 'u4';
                DELETE FROM reminder WHERE uid = 'u5';
                DELETE FROM list WHERE id = 'B';
                """)
            #expect(try Self.kept(db) == (try Self.recounted(db)))
            #expect(try Self.kept(db)["B"] == nil)
        }
    }

    @Test("today and overdue are counted over a range of the due-date index, the rest from list_count")
    func queryPlans() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("plan.sqlite3"), now: Fixture.now)
        func plan(_ sql: String, _ arguments: [SQLValue]) throws -> [String] {
            try store.read { db in
                var details: [String] = []
                try db.forEachRow("EXPLAIN QUERY PLAN " + sql, arguments) { details.append($0.text(3)) }
                return details
            }
        }
        let before = try plan(Database.dueCountBefore, [.text("2026-11-28")])
        // SQLite reads `due IS NOT NULL AND due < ?` as the range `due > NULL AND due < ?`.
        #expect(before == ["SEARCH reminder USING COVERING INDEX reminder_open_due_summary (due>? AND due<?)"], "\(before)")
        let around = try plan(Database.dueCountsAround, [.text("2026-11-28"), .text("2026-12-01")])
        #expect(around.contains("SEARCH reminder USING COVERING INDEX reminder_open_due_summary (due>? AND due<?)"), "\(around)")
        #expect(!around.contains { $0.hasPrefix("SCAN") }, "\(around)")
        let perList = try plan("SELECT list_id, open FROM list_count WHERE open <> 0", [])
        #expect(perList == ["SCAN list_count"], "\(perList)")
    }
}
