import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

/// The change sequence and tombstones of the CalDAV server (`dav_resource`, schema 10),
/// kept by triggers whoever writes.
@Suite("CalDAV change sequence")
struct DAVChangeTests {
    static let stamp = "'2026-11-29T12:00:00.000Z'"

    static func insertList(_ id: String, position: Int) -> String {
        "INSERT INTO list (id, name, color, position, created_at, modified_at) VALUES ('\(id)', 'List \(id)', '#007AFF', \(position), \(stamp), \(stamp));\n"
    }

    static func insertReminder(_ uid: String, list: String) -> String {
        """
        INSERT INTO reminder (uid, list_id, title, position, created_at, modified_at)
            VALUES ('\(uid)', '\(list)', 'Title \(uid)', 1, \(stamp), \(stamp));

        """
    }

    @Test("a database from schema 9 gets every reminder as a resource when it is opened")
    func migrationFillsResources() throws {
        let folder = TemporaryFolder()
        let path = folder.file("v9.sqlite3")
        let old = try Store.open(path: path)
        try Schema.migrator.migrate(old, upTo: 9)
        try old.executeScript("PRAGMA application_id = \(Schema.applicationID);\n" + Self.insertList("A", position: 1)
                              + Self.insertReminder("u1", list: "A") + Self.insertReminder("u2", list: "A"))
        let store = try Store(path: path, now: Fixture.now)
        try store.read { (db: Database) throws in
            #expect(try db.davResources(inList: .init(rawValue: "A")).map(\.name).sorted() == ["u1.ics", "u2.ics"])
            #expect(try db.davToken(inList: .init(rawValue: "A")) == 1)
            #expect(try db.davSequence() == 1)
        }
    }

    @Test("inserts, edits, moves and deletes by any writer raise the sequence; a place in the order alone does not")
    func triggersKeepTheSequence() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        let a = ReminderList.ID(rawValue: "A"), b = ReminderList.ID(rawValue: "B")
        try store.write { (db: Database) throws in
            try db.executeScript(Self.insertList("A", position: 10) + Self.insertList("B", position: 11)
                                 + Self.insertReminder("u1", list: "A") + Self.insertReminder("u2", list: "A"))
            let start = try db.davToken(inList: a)
            #expect(start == (try db.davSequence()))

            try db.executeScript("UPDATE reminder SET position = 99 WHERE uid = 'u1'")
            #expect(try db.davToken(inList: a) == start, "a move in the manual order alone is not a change of the resource")

            try db.executeScript("UPDATE reminder SET title = 'Renamed' WHERE uid = 'u1'")
            let edited = try db.davResources(inList: a, since: start)
            #expect(edited.map(\.uid.rawValue) == ["u1"])
            #expect(edited.first?.isDeleted == false)
            let afterEdit = try db.davToken(inList: a)

            try db.executeScript("UPDATE reminder SET list_id = 'B' WHERE uid = 'u1'; DELETE FROM reminder WHERE uid = 'u2';")
            let changes = try db.davResources(inList: a, since: afterEdit)
            #expect(changes.map(\.uid.rawValue) == ["u1", "u2"])
            #expect(changes.allSatisfy { $0.isDeleted })
            #expect(try db.davResources(inList: a).isEmpty)
            #expect(try db.davResources(inList: b).map(\.uid.rawValue) == ["u1"])
            #expect(try db.davResource(uid: ReminderUID("u1"))?.list == b)
            #expect(try db.davResource(uid: ReminderUID("u2")) == nil)

            try db.executeScript("DELETE FROM list WHERE id = 'B'")
            #expect(try db.davResources(inList: b, since: 0).isEmpty, "a deleted list takes its rows with it")
        }
    }

    @Test("pruning keeps the newest tombstones of a crowded list, moves its horizon, and leaves other lists and live rows alone")
    func pruningTombstones() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        let a = ReminderList.ID(rawValue: "A"), b = ReminderList.ID(rawValue: "B")
        try store.write { (db: Database) throws in
            var script = Self.insertList("A", position: 10) + Self.insertList("B", position: 11)
            for index in 0..<7 { script += Self.insertReminder("a\(index)", list: "A") }
            for index in 0..<4 { script += Self.insertReminder("b\(index)", list: "B") }
            try db.executeScript(script + "DELETE FROM reminder WHERE uid IN ('a0', 'a1', 'a2', 'a3', 'a4', 'b0', 'b1', 'b2');")
            let deletions = try db.davResources(inList: a, since: 0).filter(\.isDeleted).map(\.sequence)
            #expect(deletions.count == 5)
            // A list starts its horizon at the change number it was made with (schema version 14).
            let created = try db.davHorizon(inList: a), bCreated = try db.davHorizon(inList: b)
            #expect(created > 0 && created < deletions[0] && bCreated > created)

            // A has 5 tombstones (more than twice 2): its 3 oldest go; B has 3 (not more than 4).
            #expect(try db.pruneDAVTombstones(keeping: 2) == 3)
            let left = try db.davResources(inList: a, since: 0)
            #expect(left.filter(\.isDeleted).map(\.uid.rawValue) == ["a3", "a4"])
            #expect(left.filter { !$0.isDeleted }.map(\.uid.rawValue).sorted() == ["a5", "a6"])
            #expect(try db.davHorizon(inList: a) == deletions[2])
            #expect(try db.davResources(inList: b, since: 0).filter(\.isDeleted).count == 3)
            #expect(try db.davHorizon(inList: b) == bCreated)
            #expect(try db.pruneDAVTombstones(keeping: 2) == 0, "nothing more to drop")

            // A deleted list takes its horizon with it.
            try db.executeScript("DELETE FROM reminder WHERE list_id = 'A'; DELETE FROM list WHERE id = 'A';")
            #expect(try db.davHorizon(inList: a) == 0)
        }
    }

    @Test("a name a client chose replaces a tombstone that had it")
    func namingDropsTheTombstone() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        let a = ReminderList.ID(rawValue: "A")
        try store.write { (db: Database) throws in
            try db.executeScript(Self.insertList("A", position: 10) + Self.insertReminder("u1", list: "A"))
            try db.nameDAVResource(inList: a, uid: ReminderUID("u1"), as: "phone.ics")
            try db.executeScript("DELETE FROM reminder WHERE uid = 'u1'")
            try db.executeScript(Self.insertReminder("u2", list: "A"))
            try db.nameDAVResource(inList: a, uid: ReminderUID("u2"), as: "phone.ics")
            let all = try db.davResources(inList: a, since: 0)
            #expect(all.map(\.uid.rawValue) == ["u2"])
            #expect(try db.davResource(inList: a, named: "phone.ics")?.uid == ReminderUID("u2"))
        }
    }

    @Test("a resource is found by its name through the name's index, not by reading its list")
    func queryPlans() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        try store.read { (db: Database) throws in
            // The statements the store runs, with their parameters bound.
            for (sql, arguments, index) in [
                (Database.davResourceByNameSQL, [SQLValue.text("A"), .text("n")], "dav_resource_name (list_id=? AND name=?)"),
                (Database.davResourcesSinceSQL, [SQLValue.text("A"), .integer(5)], "dav_resource_seq (list_id=? AND seq>?)"),
            ] {
                var details: [String] = []
                try db.forEachRow("EXPLAIN QUERY PLAN " + sql, arguments) { details.append($0.text(3)) }
                #expect(details.contains { $0.contains(index) }, "\(details)")
            }
        }
    }

    @Test("a bulk insert's resources written at the end: the numbers the trigger gives, an edit or deletion inside it counted, a tombstone revived")
    func deferredResources() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        let a = ReminderList.ID(rawValue: "A")
        try store.write { (db: Database) throws in
            try db.executeScript(Self.insertList("A", position: 1) + Self.insertReminder("old", list: "A")
                                 + "DELETE FROM reminder WHERE uid = 'old';")
            let start = try db.davSequence()
            try db.deferringInsertTriggers {
                for uid in ["z", "old", "m", "a"] { try db.executeScript(Self.insertReminder(uid, list: "A")) }
            }
            let rows = try db.davResources(inList: a)
            #expect(Set(rows.map(\.uid.rawValue)) == ["a", "m", "old", "z"])
            let sequence = Dictionary(uniqueKeysWithValues: rows.map { ($0.uid.rawValue, $0.sequence) })
            #expect(sequence == ["z": start + 1, "old": start + 2, "m": start + 3, "a": start + 4], "the k-th insert gets S + k, as the trigger gives")
            #expect(rows.allSatisfy { !$0.isDeleted }, "the tombstone of 'old' came back to life")
            #expect(try db.davSequence() == start + 4)

            let before = try db.davSequence()
            try db.deferringInsertTriggers {
                try db.executeScript(Self.insertReminder("n1", list: "A") + Self.insertReminder("n2", list: "A")
                                     + "UPDATE reminder SET title = 'Edited' WHERE uid = 'n1'; DELETE FROM reminder WHERE uid = 'n2';")
            }
            let n1 = try #require(try db.davResource(uid: ReminderUID("n1")))
            #expect(n1.list == a)
            #expect(try db.davResources(inList: a, since: before).map(\.uid.rawValue).contains("n1"))
            #expect(try db.davToken(inList: a) <= (try db.davSequence()))
            #expect(try db.scalarInt("SELECT count(*) FROM dav_resource WHERE uid = 'n2' AND deleted = 0") == 0,
                    "a reminder deleted inside the bulk insert has no live resource")
        }
    }
}
