import CSQLite
import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

/// `Database.integrityProblems` and `rebuildDerivedData` (`tick check [--repair]`): each kind
/// of damage a Tick database can take, what the check says of it, and that the repair mends
/// what is derived without touching a reminder.
@Suite("Integrity check and repair")
struct IntegrityCheckTests {
    /// A store with two lists, a tagged reminder, a flagged one with a due date, a completed one.
    static func sample() throws -> Sample {
        let sample = try Sample()
        let work = try sample.store.write { db in
            try db.insert(ReminderList(id: ReminderList.ID(rawValue: "W"), name: "Work", createdAt: Fixture.now))
        }
        try sample.add("Buy milk", tags: ["shop", "Food"])
        try sample.add("Café report", due: .allDay(day(2026, 12, 9)), flagged: true, list: work)
        try sample.add("Sent", completed: true, list: work)
        return sample
    }

    static func uid(_ store: Store, _ title: String) throws -> String {
        try store.read { db in try #require(try db.allReminders().first { $0.title == title }).uid.rawValue }
    }

    static func titles(_ store: Store, _ filter: ReminderFilter) throws -> [String] {
        try store.read { db in try db.reminders(filter, now: Fixture.now, timeZone: TimeZone(identifier: "UTC")!).map(\.title) }
    }

    /// Runs `sql` with `tick_search_text` and `tick_search_tags` replaced by functions that
    /// return their argument unchanged, as the `sqlite3` shell or another program would
    /// write them (the index entries it makes are not Tick's), then puts Tick's back.
    static func writeWithoutTicksFunctions(_ store: Store, _ sql: String) throws {
        try store.write { db in
            for name in ["tick_search_text", "tick_search_tags"] {
                let code = sqlite3_create_function_v2(db.handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, values in
                    sqlite3_result_value(context, values?[0])
                }, nil, nil, nil)
                #expect(code == SQLITE_OK)
            }
            defer { #expect(SearchText.register(on: db.handle) == SQLITE_OK) }
            try db.executeScript(sql)
        }
    }

    static func problems(_ store: Store) throws -> [IntegrityProblem] {
        try store.read { db in try db.integrityProblems() }
    }

    static func repaired(_ store: Store) throws -> [IntegrityProblem] {
        try store.write { db in
            try db.rebuildDerivedData()
            return try db.integrityProblems()
        }
    }

    /// Every reminder and list as stored, for "the repair changed none of them".
    static func contents(_ store: Store) throws -> String {
        try store.read { db in "\(try db.lists())|\(try db.allReminders())" }
    }

    @Test("a database Tick wrote has no problems, and a check changes nothing")
    func cleanDatabase() throws {
        let store = try Self.sample().store
        let version = try store.read { db in try db.scalarInt("PRAGMA data_version") }
        #expect(try Self.problems(store) == [])
        #expect(try store.read { db in try db.scalarInt("PRAGMA data_version") } == version)
        #expect(try store.read { db in try db.reminderCount() } == 3)
    }

    @Test("counts kept wrong, a count row missing and one of a list that is not there are each named, and rebuilt")
    func listCounts() throws {
        let store = try Self.sample().store
        let before = try Self.contents(store)
        let home = try store.read { db in try #require(try db.lists().first { $0.name == "Reminders" }).id.rawValue }
        try store.write { db in
            try db.executeScript("""
                UPDATE list_count SET open = open + 3, completed = 7 WHERE list_id = 'W';
                DELETE FROM list_count WHERE list_id = '\(home)';
                INSERT INTO list_count (list_id, open) VALUES ('gone', 2);
                """)
        }
        let problems = try Self.problems(store)
        #expect(problems.map(\.description).sorted() == [
            "list counts: a list that is not there (id gone): open 2 kept, 0 counted",
            "list counts: list 'Reminders': no counts kept",
            "list counts: list 'Work': open 4 kept, 1 counted, completed 7 kept, 1 counted",
        ])
        #expect(problems.allSatisfy { $0.isDerived })
        #expect(try Self.repaired(store) == [])
        #expect(try Self.contents(store) == before)
        #expect(try store.read { db in try db.openCounts() }[ReminderList.ID(rawValue: "W")] == 1)
    }

    @Test("a tag missing from its rows and a row of a tag the reminder does not have are named, and rebuilt")
    func tags() throws {
        let store = try Self.sample().store
        let milk = try store.read { db in try #require(try db.allReminders().first { $0.title == "Buy milk" }).number.rawValue }
        try store.write { db in
            try db.executeScript("DELETE FROM reminder_tag WHERE tag = 'shop'")
        }
        try Self.writeWithoutTicksFunctions(store, "INSERT INTO reminder_tag (reminder, tag) VALUES (\(milk), 'Ghost')")
        let problems = try Self.problems(store)
        // The row written with another function is also missing from the folded tags' index
        // (SQLite's check, with Tick's functions: its index entry is 'Ghost', not 'ghost').
        #expect(problems.filter { $0.part == .file }.map(\.detail) == ["row 2 missing from index reminder_tag_folded"])
        #expect(problems.filter { $0.part != .file }.map(\.description).sorted() == [
            "tags: reminder \(milk): tag 'Ghost' is kept but the reminder has no such tag",
            "tags: reminder \(milk): tag 'shop' is not kept in its row",
        ])
        #expect(problems.allSatisfy { $0.isDerived })
        #expect(try Self.repaired(store) == [])
        #expect(try Self.titles(store, ReminderFilter(tag: "SHOP")) == ["Buy milk"])
    }

    @Test("a full-text index that does not match the reminders is found (FTS5's integrity-check), and rebuilt")
    func searchIndex() throws {
        let store = try Self.sample().store
        let before = try Self.contents(store)
        try store.write { db in
            try db.executeScript("INSERT INTO reminder_search(rowid, title, notes, tags) VALUES (1, 'zebra', '', '')")
        }
        #expect(try Self.problems(store) == [IntegrityProblem(
            part: .searchIndex, detail: "the full-text index does not match the reminders' titles, notes and tags", isDerived: true)])
        #expect(try Self.titles(store, try ReminderFilter(text: "zebra")) == ["Buy milk"])
        #expect(try Self.repaired(store) == [])
        #expect(try Self.titles(store, try ReminderFilter(text: "zebra")) == [])
        #expect(try Self.titles(store, try ReminderFilter(text: "cafe")) == ["Café report"])
        #expect(try Self.contents(store) == before)
    }

    @Test("a reminder with no CalDAV resource, and a live resource with no reminder, are named; the repair gives each a new change number")
    func calDAVResources() throws {
        let store = try Self.sample().store
        let sequence = try store.read { db in try db.scalarInt("SELECT value FROM dav_sequence") }
        let report = try Self.uid(store, "Café report"), sent = try Self.uid(store, "Sent")
        try store.write { db in
            try db.executeScript("""
                DELETE FROM dav_resource WHERE uid = '\(report)';
                INSERT INTO dav_resource (list_id, uid, name, seq) VALUES ('W', 'ghost@t', 'ghost@t.ics', 1);
                """)
        }
        #expect(try Self.problems(store).map(\.description).sorted() == [
            "CalDAV resources: a CalDAV resource in list id W names UID 'ghost@t', which no reminder of that list has",
            "CalDAV resources: reminder with UID '\(report)' has no CalDAV resource in its list (id W)",
        ])
        #expect(try Self.repaired(store) == [])
        let rows = try store.read { db in
            var rows: [String] = []
            try db.forEachRow("SELECT uid, deleted, seq > ? FROM dav_resource WHERE list_id = 'W' ORDER BY uid", [.integer(sequence ?? 0)]) {
                rows.append("\($0.text(0)) \($0.int(1)) \($0.int(2))")
            }
            return rows
        }
        #expect(Set(rows) == ["\(sent) 0 0", "ghost@t 1 1", "\(report) 0 1"])
    }

    @Test("a stored value Tick cannot read is named by reminder and column, and is not called derived")
    func unreadableValue() throws {
        let store = try Self.sample().store
        try store.write { db in try db.executeScript("UPDATE reminder SET due = 'next tuesday' WHERE title = 'Café report'") }
        let problems = try Self.problems(store)
        #expect(problems.count == 1)
        #expect(problems.first?.part == .values)
        #expect(problems.first?.isDerived == false)
        #expect(problems.first?.detail.contains("due") == true, "\(problems)")
        // A repair rebuilds what is derived and leaves the value for the user to see.
        #expect(try Self.repaired(store).map(\.part) == [.values])
    }

    @Test("an index entry written with another folding function (the sqlite3 shell's) is found by SQLite's check with Tick's functions, and REINDEX mends it")
    func foreignIndexEntry() throws {
        let store = try Self.sample().store
        let before = try Self.contents(store)
        // "Sent" opened again by another program: its entry in the open titles' index is
        // its title as it is, where Tick's is folded ("sent").
        try Self.writeWithoutTicksFunctions(store, "UPDATE reminder SET completed_at = NULL WHERE title = 'Sent'")
        let problems = try Self.problems(store)
        #expect(!problems.isEmpty)
        #expect(problems.allSatisfy { $0.part == .file && $0.detail.contains("index reminder_open_title") && $0.isDerived }, "\(problems)")
        #expect(try Self.repaired(store) == [])
        #expect(try Self.titles(store, ReminderFilter(order: ReminderOrder(.title))) == ["Buy milk", "Café report", "Sent"])
        #expect(try Self.contents(store) != before)
    }

    /// t58: a tags' row of a reminder that is not there (written with foreign keys off, as the
    /// `sqlite3` shell writes) was called damage to the reminders, though the repair mends it.
    @Test("a row of a derived table that refers to nothing is derived, and the repair removes it")
    func orphanDerivedRow() throws {
        let sample = try Self.sample()
        let store = sample.store
        var handle: OpaquePointer?
        #expect(sqlite3_open(store.path, &handle) == SQLITE_OK)
        #expect(SearchText.register(on: try #require(handle)) == SQLITE_OK)
        #expect(sqlite3_exec(handle, "INSERT INTO reminder_tag (reminder, tag) VALUES (999, 'ghost')", nil, nil, nil) == SQLITE_OK)
        sqlite3_close(handle)
        let problems = try Self.problems(store)
        #expect(problems.contains { $0.part == .references && $0.detail.contains("reminder_tag") && $0.isDerived }, "\(problems)")
        #expect(problems.allSatisfy { $0.isDerived }, "\(problems)")
        #expect(try Self.repaired(store) == [])
        withExtendedLifetime(sample) {}
    }

    @Test("a line of SQLite's check is derived when it names an index")
    func derivedLines() {
        #expect(Database.namesAnIndex("row 5 missing from index reminder_open_due"))
        #expect(Database.namesAnIndex("wrong # of entries in index list_name"))
        #expect(!Database.namesAnIndex("*** in database main ***\nTree 7 page 7: btreeInitPage() returns error code 11"))
    }
}
