import Foundation
import Testing
import TestSupport
@testable import TickInterchange
import TickModel
@testable import TickStore

/// `tick export --format json` writes each reminder from its stored row read in place
/// (`ArchiveRow`); the archive must be the one written from the decoded `Reminder`s, byte for
/// byte, whatever the row holds, and a row that cannot be decoded must fail the same way.
@Suite("An archive written from stored rows is the one written from reminders")
struct ArchiveRowTests {
    /// A store with two lists and reminders of every shape an archive writes.
    static func store(in folder: TemporaryFolder) throws -> Store {
        let store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        try store.write { db in
            let home = try db.lists()[0]
            let work = try db.insert(ReminderList(name: "일 work", color: .defaultColor, createdAt: Fixture.now))
            let seoul = TimeZoneIdentifier(rawValue: "Asia/Seoul")
            let day = CalendarDay(year: 2026, month: 12, day: 3)!
            let reminders = [
                Reminder(uid: "A-1", listID: home.id, title: "water plants", createdAt: Fixture.now),
                Reminder(uid: "A-2", listID: work.id, title: "치과 예약 🦷", notes: "line one\nline \"two\"\t\\ end",
                         due: .timed(Fixture.now.addingTimeInterval(3_600), timeZone: seoul),
                         start: .allDay(day), priority: Priority(iCalendarValue: 1), isFlagged: true,
                         completedAt: Fixture.now.addingTimeInterval(0.789), parentUID: "A-1",
                         tags: ["phone", "집", "a\"b", "back\\slash"], url: "https://example.org/a?b=\"c\"",
                         recurrence: "FREQ=WEEKLY;BYDAY=MO,WE", alarms: [Alarm(uid: "AL-1", trigger: .relative(seconds: -600, toStart: false))],
                         iCalendarExtras: "X-APPLE-SORT-ORDER:3\r\nX-ODD:\u{2028}\u{7F}\u{85}",
                         createdAt: Fixture.now.addingTimeInterval(-86_400.5), recurrenceBasis: .completion),
                Reminder(uid: "A-3", listID: work.id, title: "floating \u{0001} control",
                         due: .floating(LocalDateTime(day: day, hour: 9, minute: 30)!), priority: Priority(iCalendarValue: 9),
                         tags: ["solo"], createdAt: Date(timeIntervalSince1970: -1_234_567.25)),
            ]
            for reminder in reminders { try db.insert(reminder) }
        }
        return store
    }

    /// The archive of `store` written from `Reminder`s and from rows in place, at the
    /// archive's nesting level (2) or compact (nil).
    /// Bytes, not `String`s: decoding them would hide bytes that are not UTF-8.
    static func archives(of store: Store) throws -> (decoded: [UInt8], inPlace: [UInt8]) {
        try store.read { db in
            let lists = try db.lists()
            var decoded = ByteBuffer()
            var decodedWriter = TickJSON.ArchiveWriter(lists: lists, exportedAt: Fixture.now, into: &decoded)
            try db.forEachReminder { decodedWriter.append($0, to: &decoded) }
            decodedWriter.end(into: &decoded)
            var inPlace = ByteBuffer()
            var inPlaceWriter = TickJSON.ArchiveWriter(lists: lists, exportedAt: Fixture.now, into: &inPlace)
            try db.forEachArchiveRow { inPlaceWriter.append(archived: $0, to: &inPlace) }
            inPlaceWriter.end(into: &inPlace)
            var compactDecoded = ByteBuffer(), compactInPlace = ByteBuffer()
            var writers = (TickJSON.ReminderWriter(), TickJSON.ReminderWriter())
            try db.forEachReminder { writers.0.append($0, listName: nil, level: nil, to: &compactDecoded) }
            try db.forEachArchiveRow { writers.1.append(archived: $0, listName: nil, level: nil, to: &compactInPlace) }
            return (decoded.bytes + compactDecoded.bytes, inPlace.bytes + compactInPlace.bytes)
        }
    }

    @Test("every kind of stored value is written the same from the row")
    func sameBytes() throws {
        let folder = TemporaryFolder()
        let store = try Self.store(in: folder)
        let (decoded, inPlace) = try Self.archives(of: store)
        let text = String(decoding: decoded, as: UTF8.self)
        #expect(text.contains("치과 예약 🦷") && text.contains("\\u2028") && text.contains("\"back\\\\slash\""))
        #expect(inPlace == decoded)
    }

    @Test("values stored by hand are written the same from the row", arguments: [
        "title = CAST(X'61FF62C3' AS TEXT)",                 // not UTF-8: U+FFFD, as String(decoding:) makes it
        "notes = CAST(X'E282' AS TEXT), url = NULL",          // a truncated character
        "tags = '[\"a\",\"b\"]'",                             // plain tags
        "tags = '[ \"a\" , \"\\u0041x\" ]'",                  // tags the JSON parser reads
        "tags = CAST(X'5B2261FF225D' AS TEXT)",               // a tag that is not UTF-8
        "tags = '[ ]'",                                       // no tags, spaced
        "parent_uid = NULL, ical_extras = ''",
        "uid = '', title = ''",
        "recurrence = 'FREQ=FOO;COUNT=x'",                    // a rule Tick cannot expand, kept verbatim
        "completed_at = '2026-12-01T10:00:00Z', created_at = '2026-12-01T10:00:00.5', modified_at = '1969-12-31T23:59:59.999Z'",
    ])
    func handStored(_ assignment: String) throws {
        let folder = TemporaryFolder()
        let store = try Self.store(in: folder)
        try store.write { db in try db.executeScript("UPDATE reminder SET \(assignment) WHERE uid = 'A-2'") }
        let decodedError = Self.error { try Self.archives(of: store) }
        if let decodedError {
            // What the decoder refuses, both refuse alike (checked below); nothing to compare.
            Issue.record("the archive could not be written: \(decodedError)")
            return
        }
        let (decoded, inPlace) = try Self.archives(of: store)
        #expect(inPlace == decoded)
    }

    @Test("a row that cannot be read fails the same way in place", arguments: [
        "due = 'next week'",
        "completed_at = '2026-13-01T00:00:00.000Z'",
        "tags = '[1,\"b\"]'",
        "alarms = '[{\"offset\":'",
        "created_at = 'yesterday'",
        "modified_at = '2026-12-01 10:00'",
        "due = '2026-12-01T10:00:00Z', due_time_zone = NULL",
        "completed_at = 'soon', tags = '[1]'",                // two bad columns: the first is named
    ])
    func sameError(_ assignment: String) throws {
        let folder = TemporaryFolder()
        let store = try Self.store(in: folder)
        try store.write { db in try db.executeScript("UPDATE reminder SET \(assignment) WHERE uid = 'A-2'") }
        let decoded = Self.error { try store.read { db in try db.forEachReminder { _ in } } }
        let inPlace = Self.error { try store.read { db in try db.forEachArchiveRow { _ in } } }
        #expect(decoded != nil)
        #expect(inPlace == decoded)
    }

    /// The description of the error `body` throws, nil when it throws none.
    static func error<T>(_ body: () throws -> T) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return String(describing: error)
        }
    }
}
