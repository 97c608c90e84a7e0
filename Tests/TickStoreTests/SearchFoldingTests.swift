import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

@Suite("Search: Unicode normalization and case folding on both sides")
struct SearchFoldingTests {
    static let nfc = "Caf\u{E9} au lait"
    static let nfd = "Cafe\u{301} au lait"

    @Test("NFC and NFD, ß and ss, Σ and ς, ﬁ and fi, fullwidth and ASCII find each other, in titles and notes",
          arguments: [
              (nfc, "cafe\u{301}"), (nfd, "caf\u{E9}"), (nfd, "CAFÉ"),
              ("Straße 12", "strasse"), ("STRASSE 12", "straße"), ("Strasse 12", "STRAẞE"),
              ("ΟΔΟΣ", "οδος"), ("ﬁle taxes", "file"), ("Ｔｉｃｋ ｌｉｓｔ", "tick"),
              ("Ab", "aB"), ("é", "E\u{301}"),
          ])
    func folds(stored: String, query: String) throws {
        let sample = try Sample()
        try sample.add(stored)
        try sample.add("elsewhere", notes: stored)
        try sample.add("Unrelated")
        #expect(try sample.titles(ReminderFilter(text: query)) == [stored, "elsewhere"])
    }

    @Test("edits, deletes and bulk inserts keep the folded index in step")
    func followsChanges() throws {
        let sample = try Sample()
        var reminder = try sample.add(Self.nfd)
        #expect(try sample.titles(ReminderFilter(text: "café")) == [Self.nfd])
        reminder.title = "Straße"
        try sample.store.write { db in try db.update(reminder) }
        #expect(try sample.titles(ReminderFilter(text: "café")).isEmpty)
        #expect(try sample.titles(ReminderFilter(text: "STRASSE")) == ["Straße"])
        try sample.store.write { db in try db.deferringSearchIndex { try db.insert(Reminder(listID: sample.list.id, title: Self.nfc, createdAt: Fixture.now)) } }
        #expect(try sample.titles(ReminderFilter(text: "cafe\u{301}")) == [Self.nfc])
        try sample.store.write { db in _ = try db.deleteReminder(reminder.number) }
        #expect(try sample.titles(ReminderFilter(text: "strasse")).isEmpty)
    }

    @Test("a database from schema 4 is indexed folded when it is opened")
    func migratesIndex() throws {
        let folder = TemporaryFolder()
        let path = folder.file("v4.sqlite3")
        let old = try Store.open(path: path)
        try Schema.migrator.migrate(old, upTo: 4)
        try old.executeScript("""
            PRAGMA application_id = \(Schema.applicationID);
            INSERT INTO list (id, name, color, position, created_at, modified_at)
                VALUES ('L', 'Reminders', '#007AFF', 1024, '2026-11-29T12:00:00.000Z', '2026-11-29T12:00:00.000Z');
            INSERT INTO reminder (uid, list_id, title, notes, priority, flagged, position, created_at, modified_at)
                VALUES ('u1', 'L', 'Cafe\u{301} Straße', '', 0, 0, 1024, '2026-11-29T12:00:00.000Z', '2026-11-29T12:00:00.000Z');
            """)
        let store = try Store(path: path, now: Fixture.now)
        let found = try store.read { db in
            try db.reminders(ReminderFilter(text: "café strasse"), now: Fixture.now, timeZone: .gmt).map(\.uid)
        }
        #expect(found == ["u1"])
    }
}
