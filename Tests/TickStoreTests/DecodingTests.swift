import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

/// Values written with raw SQL (as a hand edit, another program or an old bug would) that
/// the store used to read as a default: each is now an error naming the table, the row
/// and the column, and nothing is written over it.
@Suite("Decoding refuses what it cannot read")
struct DecodingTests {
    /// A store with one reminder (number 1) that has one relative alarm.
    struct Stored {
        let sample: Sample
        let reminder: Reminder
        var store: Store { sample.store }

        init() throws {
            sample = try Sample()
            reminder = try sample.store.write { [list = sample.list] db in
                try db.insert(Reminder(uid: "R-1", listID: list.id, title: "water plants",
                                       due: .allDay(CalendarDay(year: 2026, month: 12, day: 1)!),
                                       alarms: [Alarm(uid: "A-1", trigger: .relative(seconds: -600, toStart: false))],
                                       createdAt: Fixture.now))
            }
        }

        /// Runs raw SQL on the store's connection.
        func raw(_ sql: String) throws {
            try store.write { db in try db.executeScript(sql) }
        }

        /// The stored text of `column` of reminder 1, read with SQL.
        func column(_ column: String) throws -> String? {
            try store.read { db in try db.scalarText("SELECT \(column) FROM reminder WHERE number = 1") }
        }

        /// The error reading reminder 1 gives.
        func readError() -> StoreError? {
            do {
                _ = try store.read { db in try db.reminder(number: .init(1)) }
                return nil
            } catch {
                return error as? StoreError
            }
        }
    }

    @Test("a reminder column that cannot be read is an error naming table, row and column", arguments: [
        ("alarms", "'[{\"offset\":'"),                             // not JSON: was read as no alarms
        ("alarms", "'[{\"related\":\"end\"}]'"),                   // neither offset nor at: the alarm was dropped
        ("alarms", "'[{\"offset\":-600,\"fired\":\"soon\"}]'"),      // fired not a timestamp: was "never fired"
        ("alarms", "'{\"offset\":-600}'"),                         // an object, not an array
        ("created_at", "'yesterday'"),                             // was 1970-01-01
        ("modified_at", "'2026-11-29 12:00'"),                     // was 1970-01-01
        ("completed_at", "'2026-13-01T00:00:00.000Z'"),            // was "open"
        ("due", "'next week'"),                                    // was "no due date"
        ("start", "'2026-02-30'"),                                 // was "no start date"
        ("due_time_zone", "NULL"),                                 // with a timed due: was UTC
        ("tags", "'[1,\"b\"]'"),                                   // was ["b"]
        ("position", "'first'"),                                   // was 0
        ("flagged", "'yes'"),                                      // schema CHECK refuses this: see below
    ])
    func unreadableReminderColumn(column: String, value: String) throws {
        let stored = try Stored()
        if column == "due_time_zone" {
            try stored.raw("UPDATE reminder SET due = '2026-12-01T09:00:00Z', due_time_zone = NULL WHERE number = 1")
        } else if column == "flagged" {
            // The CHECK constraint keeps this one out of the table altogether.
            #expect(throws: StoreError.self) { try stored.raw("UPDATE reminder SET flagged = 'yes' WHERE number = 1") }
            return
        } else {
            try stored.raw("UPDATE reminder SET \(column) = \(value) WHERE number = 1")
        }
        let error = try #require(stored.readError())
        #expect(error.kind == .unreadableValue(table: "reminder", row: "number 1", column: column))
        #expect(error.message.hasPrefix("reminder number 1: the column \(column) cannot be read"))
        #expect(!error.message.contains("water plants"))
        // Every path that reads the row refuses it: listings, summaries, pages, export.
        let zone = try #require(TimeZone(identifier: "UTC"))
        let filter = ReminderFilter(includesCompleted: true)
        let scope = PageScope.list(stored.reminder.listID, includesCompleted: true)
        #expect(throws: StoreError.self) { try stored.store.read { db in try db.allReminders() } }
        #expect(throws: StoreError.self) { try stored.store.read { db in try db.reminders(filter, now: Fixture.now, timeZone: zone) } }
        #expect(throws: StoreError.self) {
            try stored.store.read { db in try db.reminders(in: scope, from: nil, direction: .forward, limit: 10) }
        }
        if ["created_at", "modified_at", "alarms", "start"].contains(column) {
            // Columns a listing does not read.
            #expect(try stored.store.read { db in try db.summaries(filter, now: Fixture.now, timeZone: zone) }.count == 1)
        } else {
            #expect(throws: StoreError.self) { try stored.store.read { db in try db.summaries(filter, now: Fixture.now, timeZone: zone) } }
        }
    }

    @Test("unreadable alarms are never written back as no alarms: a change that reads the row first fails and keeps the column")
    func unreadableAlarmsAreNotOverwritten() throws {
        let stored = try Stored()
        let bad = "[{\"uid\":\"A-1\",\"offset\":-600,\"related\":\"end\"},{\"offset\":"
        try stored.raw("UPDATE reminder SET alarms = '\(bad)' WHERE number = 1")
        // Every change (the actions' snooze, completion, edit) reads the row first.
        #expect(throws: StoreError.self) {
            try stored.store.write { db in
                var reminder = try db.reminder(number: .init(1))
                reminder?.alarms = []
                if let reminder { try db.update(reminder) }
            }
        }
        #expect(try stored.column("alarms") == bad)
        #expect(try stored.column("completed_at") == nil)
    }

    @Test("an alarm stored without a UID gets the same UID on every read, so its delivery record matches")
    func alarmWithoutUIDIsStable() throws {
        let stored = try Stored()
        try stored.raw("UPDATE reminder SET alarms = '[{\"offset\":-600,\"related\":\"end\"},{\"at\":\"2026-12-01T08:00:00.000Z\"}]' WHERE number = 1")
        let first = try #require(try stored.store.read { db in try db.reminder(number: .init(1)) })
        let fireAt = Fixture.now
        try stored.store.write { db in
            try db.recordDelivery(reminder: first.number, alarmUID: first.alarms[0].uid, fireAt: fireAt,
                                  deliveredAt: fireAt, channel: "stdout")
        }
        // Another connection (another tick process) reads the same UIDs.
        let again = try Store(path: stored.store.path, now: Fixture.now)
        let second = try #require(try again.read { db in try db.reminder(number: .init(1)) })
        #expect(second.alarms.map(\.uid) == first.alarms.map(\.uid))
        #expect(Set(first.alarms.map(\.uid)).count == 2)
        #expect(try again.read { db in
            try db.wasDelivered(reminder: second.number, alarmUID: second.alarms[0].uid, fireAt: fireAt)
        })
        // A save writes the UID it was read with, which then stays.
        try again.write { db in
            var changed = second
            changed.title = "water the plants"
            try db.update(changed)
        }
        #expect(try stored.column("alarms")?.contains("\"uid\":\"\(first.alarms[0].uid)\"") == true)
        #expect(try again.read { db in try db.reminder(number: .init(1)) }?.alarms.map(\.uid) == first.alarms.map(\.uid))
    }

    @Test("an unreadable list column is an error naming the list and the column", arguments: [
        ("color", "'blue-ish'"), ("created_at", "''"), ("modified_at", "'now'"), ("position", "'top'"),
    ])
    func unreadableListColumn(column: String, value: String) throws {
        let stored = try Stored()
        let id = try #require(try stored.store.read { db in try db.scalarText("SELECT id FROM list") })
        try stored.raw("UPDATE list SET \(column) = \(value)")
        #expect {
            try stored.store.read { db in try db.lists() }
        } throws: { error in
            (error as? StoreError)?.kind == .unreadableValue(table: "list", row: "id '\(id)'", column: column)
        }
    }

    @Test("an unreadable occurrence or alarm key is an error, not a skipped row or no alarm", arguments: [
        "occurrence.completed_at", "occurrence.due", "reminder.next_alarm",
    ])
    func unreadableHistoryAndAlarmKey(place: String) throws {
        let stored = try Stored()
        try stored.store.write { db in
            try db.recordCompletedOccurrence(reminder: .init(1), due: .allDay(CalendarDay(year: 2026, month: 11, day: 1)!),
                                             completedAt: Fixture.now)
        }
        switch place {
        case "occurrence.completed_at":
            try stored.raw("UPDATE occurrence SET completed_at = 'then'")
        case "occurrence.due":
            try stored.raw("UPDATE occurrence SET due = '1 Nov'")
        default:
            // Sorts before every real key, so the agent's query reaches it.
            try stored.raw("UPDATE reminder SET next_alarm = '0000-soon'")
        }
        let column = String(place.split(separator: ".")[1])
        if place.hasPrefix("occurrence") {
            let expected = StoreError.Kind.unreadableValue(table: "occurrence", row: "reminder 1", column: column)
            #expect { try stored.store.read { db in try db.completedOccurrences(reminder: .init(1)) } } throws: {
                ($0 as? StoreError)?.kind == expected
            }
            #expect { try stored.store.read { db in try db.lastCompletedOccurrence(reminder: .init(1)) } } throws: {
                ($0 as? StoreError)?.kind == expected
            }
        } else {
            let expected = StoreError.Kind.unreadableValue(table: "reminder", row: "number 1", column: column)
            #expect { try stored.store.read { db in try db.earliestAlarmKey() } } throws: { ($0 as? StoreError)?.kind == expected }
            #expect { try stored.store.read { db in try db.alarmCandidates(through: .distantFuture) } } throws: {
                ($0 as? StoreError)?.kind == expected
            }
        }
    }

    @Test("timestamps: the forms the store writes are read; trailing text and bad fractions are refused", arguments: [
        ("2026-11-29T12:00:00.000Z", 1_795_953_600.0), ("2026-11-29T12:00:00Z", 1_795_953_600.0),
        ("2026-11-29T12:00:00", 1_795_953_600.0), ("2026-11-29T12:00:00.5Z", 1_795_953_600.5),
        ("2026-11-29T12:00:00.000Zjunk", nil), ("2026-11-29T12:00:00.Z", nil), ("2026-11-29T12:00:00+09:00", nil),
        ("2026-11-29T12:00:00.0a0Z", nil), ("2026-11-29", nil),
    ] as [(String, Double?)])
    func timestampForms(text: String, seconds: Double?) {
        #expect(Timestamp.date(text)?.timeIntervalSince1970 == seconds)
    }
}

@Suite("Statement cache")
struct StatementCacheTests {
    @Test("the cache keeps at most its capacity, evicting the statement used least recently")
    func bounded() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("c.sqlite3"), now: Fixture.now)
        try store.read { db in
            let capacity = Database.statementCacheCapacity
            _ = try db.scalarInt("SELECT 0")
            for n in 1...(capacity * 2) {
                _ = try db.scalarInt("SELECT \(n)")
                _ = try db.scalarInt("SELECT 0") // used all along: never the least recent
            }
            #expect(db.cachedStatementCount == capacity)
            #expect(db.isCached("SELECT 0"))
            #expect(db.isCached("SELECT \(capacity * 2)"))
            #expect(!db.isCached("SELECT 1"))
            // An evicted statement is prepared again and gives the right answer.
            #expect(try db.scalarInt("SELECT 1") == 1)
        }
    }

    @Test("SQL built for a count of values (a short bulk insert, an IN list, a search) is not cached")
    func perCallSQLIsNotCached() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("c.sqlite3"), now: Fixture.now)
        try store.write { db in
            let list = try db.defaultList()
            let before = db.cachedStatementCount
            try db.insert(contentsOf: (0..<7).map { Reminder(listID: list.id, title: "r\($0)", createdAt: Fixture.now) })
            _ = try db.storedUIDs(among: ["a", "b", "c"])
            _ = try db.reminders(ReminderFilter(text: "r1 zz"), now: Fixture.now, timeZone: TimeZone.gmt)
            let after = db.cachedStatementCount
            // Only the fixed look-up of a list's end position was added.
            #expect(after - before == 1)
            #expect(try db.reminderCount() == 7)
        }
    }
}

@Suite("JSON columns share the one JSON escaper")
struct JSONColumnEscapingTests {
    @Test("a tag with a terminal escape, a C1 control or a line separator is stored escaped, as --json writes it, and reads back")
    func tagsEscapedAsEverywhere() throws {
        let tags = ["\u{1B}[2J", "c1\u{9B}", "sep\u{2028}"]
        let text = JSONColumns.text(tags: tags)
        #expect(text == "[" + tags.map(JSONText.quoted).joined(separator: ",") + "]")
        #expect(text.contains("\\u009b") && text.contains("\\u2028") && !text.contains("\u{9B}"))
        #expect(JSONColumns.tags(text) == tags)
    }
}

/// Instants written as the database's text.
@Suite("Timestamps")
struct TimestampTests {
    /// A page cursor with `nan` as its instant reached the writer and stopped the server.
    @Test("an instant outside the years 1 to 9999, or not a number, is written as the nearest end, not a trap", arguments: [
        (Double.nan, "1970-01-01T00:00:00.000Z"), (Double.infinity, "9999-12-31T23:59:59.999Z"),
        (-Double.infinity, "0001-01-01T00:00:00.000Z"), (-1e300, "0001-01-01T00:00:00.000Z"),
        (1_795_953_600.25, "2026-11-29T12:00:00.250Z"),
    ])
    func outOfRange(seconds: Double, text: String) {
        #expect(Timestamp.string(Date(timeIntervalSince1970: seconds)) == text)
    }
}
