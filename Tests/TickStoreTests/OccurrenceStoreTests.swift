import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

@Suite("Store: occurrence history, alarm index, migration 3")
struct OccurrenceStoreTests {
    let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt

    func instant(_ text: String) -> Date {
        Timestamp.date(text) ?? Date(timeIntervalSince1970: 0)
    }

    func store(_ folder: TemporaryFolder) throws -> (Store, ReminderList) {
        let store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        return (store, try store.read { db in try db.defaultList() })
    }

    func timed(_ text: String) -> Due {
        .timed(LocalDateTime(text).map { $0.instant(in: seoul) } ?? Fixture.now, timeZone: "Asia/Seoul")
    }

    @Test("next_alarm follows the earliest pending alarm and is NULL once completed or fired")
    func alarmKey() throws {
        let folder = TemporaryFolder()
        let (store, list) = try store(folder)
        let reminder = Reminder(listID: list.id, title: "t", due: timed("2026-12-01T09:00"),
                                alarms: [Alarm(trigger: .relative(seconds: -600, toStart: false)),
                                         Alarm(trigger: .relative(seconds: 0, toStart: false))], createdAt: Fixture.now)
        let saved = try store.write { db in try db.insert(reminder) }
        #expect(try store.read { db in try db.earliestAlarmKey() } == instant("2026-11-30T23:50:00Z"))
        var fired = saved
        fired.alarms[0].firedAt = Fixture.now
        try store.write { db in try db.update(fired) }
        #expect(try store.read { db in try db.earliestAlarmKey() } == instant("2026-12-01T00:00:00Z"))
        fired.completedAt = Fixture.now
        try store.write { db in try db.update(fired) }
        #expect(try store.read { db in try db.earliestAlarmKey() } == nil)
    }

    @Test("re-importing an older copy keeps the schedule: no completed occurrence comes back")
    func mergeKeepsSchedule() throws {
        let folder = TemporaryFolder()
        let (store, list) = try store(folder)
        let old = try store.write { db in
            try db.insert(Reminder(listID: list.id, title: "rent", due: timed("2026-12-01T09:00"), recurrence: "FREQ=MONTHLY",
                                   alarms: [Alarm(uid: "A", trigger: .relative(seconds: 0, toStart: false))], createdAt: Fixture.now))
        }
        // Completing the first occurrence, as the completion action stores it.
        try store.write { db in
            let (done, _) = old.completingOccurrence(at: Fixture.now, in: seoul)
            try db.recordCompletedOccurrence(reminder: old.number, due: timed("2026-12-01T09:00"), completedAt: Fixture.now)
            try db.update(done)
        }
        var incoming = old
        incoming.title = "rent (renamed)"
        let merged = try store.write { db -> Reminder in
            let existing = try #require(try db.reminder(number: old.number))
            return try db.mergingSchedule(of: incoming, into: existing)
        }
        #expect(merged.due == timed("2027-01-01T09:00"))
        #expect(merged.title == "rent (renamed)")
    }

    @Test("migration 3 gives open reminders with alarms a placeholder key the agent recomputes")
    func migrationPlaceholder() throws {
        let folder = TemporaryFolder()
        let database = try Store.open(path: folder.file("old.sqlite3"))
        try Schema.migrator.migrate(database, upTo: 2)
        try database.executeScript("""
            INSERT INTO list (id, name, color, position, created_at, modified_at) VALUES ('L', 'Reminders', '#007AFF', 1, 'x', 'x');
            INSERT INTO reminder (uid, list_id, title, position, created_at, modified_at, alarms)
                VALUES ('a', 'L', 'open', 1, 'x', 'x', '[{"uid":"1","offset":0,"related":"end"}]');
            INSERT INTO reminder (uid, list_id, title, position, created_at, modified_at, alarms, completed_at)
                VALUES ('b', 'L', 'done', 2, 'x', 'x', '[{"uid":"2","offset":0,"related":"end"}]', '2026-01-01T00:00:00.000Z');
            INSERT INTO reminder (uid, list_id, title, position, created_at, modified_at) VALUES ('c', 'L', 'none', 3, 'x', 'x');
            """)
        try Schema.migrator.migrate(database)
        #expect(try database.scalarText("SELECT group_concat(uid) FROM reminder WHERE next_alarm IS NOT NULL") == "a")
        #expect(try database.scalarText("SELECT group_concat(DISTINCT recurrence_basis) FROM reminder") == "due")
    }
}
