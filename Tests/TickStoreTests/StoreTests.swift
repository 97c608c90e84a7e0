import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

@Suite("Store: opening, safety and transactions")
struct StoreTests {
    @Test("a fresh database has one list, 'Reminders', is WAL, and is private to the user")
    func freshDatabase() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/nested/tick.sqlite3"
        let store = try Store(path: path, now: Fixture.now)
        let (lists, mode, appID) = try store.read { db in
            (try db.lists(), try db.scalarText("PRAGMA journal_mode"), try db.scalarInt("PRAGMA application_id"))
        }
        #expect(lists.map(\.name) == ["Reminders"])
        #expect(lists.first?.createdAt == Fixture.now)
        #expect(mode == "wal")
        #expect(appID == Int64(Schema.applicationID))
        let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.path + "/nested")[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
    }

    @Test("a write that throws keeps nothing it did")
    func writeRollsBack() throws {
        struct Boom: Error {}
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("t.sqlite3"), now: Fixture.now)
        #expect(throws: Boom.self) {
            try store.write { db in
                let list = try db.defaultList()
                try db.insert(Reminder(listID: list.id, title: "kept?", createdAt: Fixture.now))
                try db.insert(ReminderList(name: "Half", createdAt: Fixture.now))
                throw Boom()
            }
        }
        let (count, lists) = try store.read { db in (try db.reminderCount(), try db.lists().count) }
        #expect(count == 0)
        #expect(lists == 1)
    }

    @Test("writeEach: a body that throws keeps nothing of its own, the others are committed together")
    func writeEachKeepsTheOthers() throws {
        struct Boom: Error {}
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("t.sqlite3"), now: Fixture.now)
        let bodies: [(Database) throws -> String] = [
            { db in try db.insert(Reminder(listID: try db.defaultList().id, title: "one", createdAt: Fixture.now)).title },
            { db in
                try db.insert(Reminder(listID: try db.defaultList().id, title: "half", createdAt: Fixture.now))
                throw Boom()
            },
            { db in try db.insert(Reminder(listID: try db.defaultList().id, title: "two", createdAt: Fixture.now)).title },
        ]
        let results = try store.writeEach(bodies)
        #expect(try results[0].get() == "one")
        #expect(throws: Boom.self) { try results[1].get() }
        #expect(try results[2].get() == "two")
        let titles = try store.read { db in try db.allReminders().map(\.title) }
        #expect(titles == ["one", "two"])
    }

    @Test("numbers are assigned once and never reused after a delete")
    func numbersNeverReused() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("t.sqlite3"), now: Fixture.now)
        let numbers = try store.write { db -> [Int64] in
            let list = try db.defaultList()
            let a = try db.insert(Reminder(listID: list.id, title: "a", createdAt: Fixture.now))
            let b = try db.insert(Reminder(listID: list.id, title: "b", createdAt: Fixture.now))
            try db.deleteReminder(b.number)
            let c = try db.insert(Reminder(listID: list.id, title: "c", createdAt: Fixture.now))
            return [a.number.rawValue, b.number.rawValue, c.number.rawValue]
        }
        #expect(numbers == [1, 2, 3])
    }

    @Test("storedUIDs names exactly the stored UIDs, across statements of 500 and with repeats")
    func storedUIDsAcrossChunks() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("t.sqlite3"), now: Fixture.now)
        let found = try store.write { db -> Set<ReminderUID> in
            let list = try db.defaultList()
            let stored = (0..<1_203).filter { $0 % 3 == 0 }.map { "uid-\($0)" }
            try db.insert(contentsOf: stored.map { Reminder(uid: ReminderUID($0), listID: list.id, title: $0, createdAt: Fixture.now) })
            let asked = (0..<1_203).map { "uid-\($0)" } + ["uid-0", "uid-3", "missing", ""]
            return try db.storedUIDs(among: asked.map(ReminderUID.init(_:)))
        }
        #expect(found == Set((0..<1_203).filter { $0 % 3 == 0 }.map { ReminderUID("uid-\($0)") }))
        #expect(try store.read { db in try db.storedUIDs(among: []) }.isEmpty)
    }

    @Test("a bulk insert over several statements keeps the order: numbers and positions rise with it")
    func bulkInsertOrder() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("t.sqlite3"), now: Fixture.now)
        let titles = (0..<1_203).map { "r\($0)" }
        let saved = try store.write { db -> [Reminder] in
            let list = try db.defaultList()
            _ = try db.insert(Reminder(listID: list.id, title: "already there", createdAt: Fixture.now))
            try db.insert(contentsOf: titles.map { Reminder(listID: list.id, title: $0, createdAt: Fixture.now) })
            return try db.allReminders(inList: list.id).sorted { $0.number.rawValue < $1.number.rawValue }
        }
        #expect(saved.map(\.title) == ["already there"] + titles)
        #expect(saved.map(\.number.rawValue) == Array(1...Int64(titles.count + 1)))
        #expect(zip(saved, saved.dropFirst()).allSatisfy { $1.position - $0.position == 1_024 })
    }

    @Test("text binds read back exactly when a cached statement is bound again: empty (not NULL), non-ASCII, long")
    func textBindsOfAReusedStatement() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("t.sqlite3"), now: Fixture.now)
        let long = String(repeating: "ü", count: 5_000)
        let pairs: [(String, String)] = [("", "x"), ("한국어 🎉", ""), (long, "y"), ("a", "b")]
        let (read, nulls) = try store.write { db -> ([String], Int64?) in
            try db.executeScript("CREATE TEMP TABLE bound (n INTEGER, a TEXT, b TEXT)")
            for (n, pair) in pairs.enumerated() {
                try db.execute("INSERT INTO bound (n, a, b) VALUES (?, ?, ?)", [.integer(Int64(n)), .text(pair.0), .text(pair.1)])
            }
            var read: [String] = []
            for n in pairs.indices {
                read.append(try db.scalarText("SELECT a || '|' || b FROM bound WHERE n = ?", [.integer(Int64(n))]) ?? "NULL")
            }
            return (read, try db.scalarInt("SELECT count(*) FROM bound WHERE a IS NULL OR b IS NULL"))
        }
        #expect(read == pairs.map { $0.0 + "|" + $0.1 })
        #expect(nulls == 0)
    }

    @Test("every field survives a save and a load", arguments: [
        Due.allDay(CalendarDay(year: 2028, month: 2, day: 29)!),
        Due.timed(Date(timeIntervalSince1970: 1_796_000_000), timeZone: "Asia/Seoul"),
        Due.floating(LocalDateTime(day: CalendarDay(year: 2026, month: 12, day: 3)!, hour: 17, minute: 30)!),
    ])
    func roundTrip(due: Due) throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("t.sqlite3"), now: Fixture.now)
        let (saved, loaded) = try store.write { db in
            let list = try db.defaultList()
            let draft = Reminder(uid: "uid-1", listID: list.id, title: "우유 사기 🥛", notes: "two\nlines \"quoted\"",
                                 due: due, start: .allDay(CalendarDay(year: 2026, month: 12, day: 1)!),
                                 priority: Priority(iCalendarValue: 3), isFlagged: true,
                                 completedAt: Date(timeIntervalSince1970: 1_795_900_000.25),
                                 parentUID: "parent", tags: ["admin", "집"], url: "https://example.org/form",
                                 recurrence: "FREQ=WEEKLY;BYDAY=MO",
                                 alarms: [Alarm(uid: "a1", trigger: .relative(seconds: -600, toStart: false)),
                                          Alarm(uid: "a2", trigger: .absolute(Date(timeIntervalSince1970: 1_796_000_000)),
                                                firedAt: Date(timeIntervalSince1970: 1_796_000_001))],
                                 iCalendarExtras: "X-FOO;BAR=1:baz", createdAt: Fixture.now)
            let saved = try db.insert(draft)
            return (saved, try #require(try db.reminder(number: saved.number)))
        }
        #expect(loaded == saved)
    }

    @Test("a file that is not an SQLite database is refused and left byte for byte as it was")
    func garbageRefused() throws {
        let folder = TemporaryFolder()
        let path = folder.file("notes.sqlite3")
        let bytes = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect { try Store(path: path, now: Fixture.now) } throws: { error in
            (error as? StoreError)?.kind == .notATickDatabase
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("an SQLite database of another program is refused and not modified")
    func foreignDatabaseRefused() throws {
        let folder = TemporaryFolder()
        let path = folder.file("other.sqlite3")
        do {
            let database = try Store.open(path: path)
            try database.executeScript("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('x');")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect { try Store(path: path, now: Fixture.now) } throws: { error in
            (error as? StoreError)?.kind == .notATickDatabase
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}

@Suite("JSON columns")
struct JSONColumnTests {
    @Test("tags read back exactly, with the fast path and without", arguments: [
        [String](), ["a"], ["admin", "집"], ["with \"quote\""], ["back\\slash", "x"], ["tab\there"], ["", "e\u{301}"],
    ])
    func tags(tags: [String]) {
        #expect(JSONColumns.tags(JSONColumns.text(tags: tags)) == tags)
    }

    @Test("text that is not an array of strings is refused (nil), never read as some of its strings or none", arguments: [
        "[", "]", "[\"a\"", "[1,\"b\"]", "{}", "[\"a\" \"b\"]", "", "null",
    ])
    func malformed(text: String) {
        #expect(JSONColumns.tags(text) == nil)
    }
}
