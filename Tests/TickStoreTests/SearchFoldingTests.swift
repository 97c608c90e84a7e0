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
              ("Ab", "aB"), ("Noël", "NOE\u{308}L"),
          ])
    func folds(stored: String, query: String) throws {
        let sample = try Sample()
        try sample.add(stored)
        try sample.add("elsewhere", notes: stored)
        try sample.add("Unrelated")
        #expect(try sample.titles(ReminderFilter(text: query)) == [stored, "elsewhere"])
    }

    /// Text whose scalars fold to themselves (ASCII, Hangul, emoji) is folded from its bytes
    /// in SQL (the import's index rebuild), other text through `SearchFolding.folded`: both
    /// give what the Swift function gives.
    @Test("the SQL function tick_search_text folds as SearchFolding.folded does", arguments: [
        "Call the DENTIST at 9", "already lower", "MiXeD [brackets] {x} @home +Tag", "", "Café", "치과 Dentist", "ÀB",
        "tab\there", "@[\\]^_`{", "Z", "z", "🌱 Order SLIDES", "우유 사기 🎂", "ＡＢ 우유", "Ω 우유", "❤️ Mom",
    ])
    func sqlFunctionFolds(text: String) throws {
        let folder = TemporaryFolder()
        let db = try Store.open(path: folder.file("fold.sqlite3"))
        #expect(try db.scalarText("SELECT tick_search_text(?)", [.text(text)]) == SearchFolding.folded(text))
        #expect(try db.scalarText("SELECT tick_search_text(NULL)") == nil)
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

    /// A bulk import can change or delete a row it inserted while the search index waits for
    /// its rebuild (a later piece naming a reminder an earlier one saved): the index's update
    /// and delete triggers then removed an entry the index never had, which FTS5 refuses as a
    /// damaged index ("database disk image is malformed"), and the import failed.
    @Test("inside a deferred search index, a row inserted there can be edited and deleted; the rebuild finds what is left")
    func editsInsideDeferredIndex() throws {
        let sample = try Sample()
        try sample.store.write { db in
            try db.deferringSearchIndex {
                var edited = try db.insert(Reminder(listID: sample.list.id, title: "t1", createdAt: Fixture.now))
                let gone = try db.insert(Reminder(listID: sample.list.id, title: "t2", createdAt: Fixture.now))
                edited.title = "Buy oat milk"
                edited.notes = "the barista kind"
                try db.update(edited)
                _ = try db.deleteReminder(gone.number)
                try db.insert(Reminder(listID: sample.list.id, title: "Walk the dog", createdAt: Fixture.now))
            }
        }
        #expect(try sample.titles(ReminderFilter(text: "oat")) == ["Buy oat milk"])
        #expect(try sample.titles(ReminderFilter(text: "barista")) == ["Buy oat milk"])
        #expect(try sample.titles(ReminderFilter(text: "dog")) == ["Walk the dog"])
        try sample.store.write { db in try db.executeScript("INSERT INTO reminder_search(reminder_search) VALUES ('integrity-check')") }
    }

    @Test("accents are ignored on both sides; Korean is kept whole, Japanese voiced kana stay distinct",
          arguments: [
              ("Café au lait", "cafe", true), ("cafe au lait", "CAFÉ", true), ("Résumé", "resume", true),
              ("Crème brûlée", "creme brulee", true), ("Straße", "strasse", true), ("Tiếng Việt", "tieng viet", true),
              ("Søren Kierkegaard", "soren", true), ("Łódź", "lodz", true), ("İstanbul", "istanbul", true),
              ("Encyclopædia", "encyclopaedia", true), ("ёлка", "елка", true),
              ("회의 준비", "회의", true), ("회의 준비", "회의 준", true), ("치과 예약하기", "예약하기", true),
              ("회의 준비", "ㅎ", false), ("がっこう", "かっこう", false), ("がっこう", "がっこ", true),
          ])
    func accents(stored: String, query: String, found: Bool) throws {
        let sample = try Sample()
        try sample.add(stored)
        try sample.add("elsewhere", notes: stored)
        try sample.add("Unrelated")
        #expect(try sample.titles(ReminderFilter(text: query)) == (found ? [stored, "elsewhere"] : []))
    }

    @Test("the fold keeps Hangul syllables as syllables (never jamo) and drops only accents")
    func foldedForms() {
        #expect(SearchFolding.folded("회의 준비") == "회의 준비")
        #expect(SearchFolding.folded("회의").unicodeScalars.count == 2)
        #expect(SearchFolding.folded("Résumé ÉCOLE") == "resume ecole")
        #expect(SearchFolding.folded("がっこう") == "がっこう")
        #expect(SearchFolding.folded("ﬁ Ｔｉｃｋ") == "fi tick")
    }

    /// A database at schema `version` holding one list and the reminder `u1` with this
    /// title and tags (JSON; `tags` exists from version 2).
    static func database(at path: String, version: Int, title: String, tags: String = "[]") throws -> Database {
        let old = try Store.open(path: path)
        try Schema.migrator.migrate(old, upTo: version)
        try old.executeScript("""
            PRAGMA application_id = \(Schema.applicationID);
            INSERT INTO list (id, name, color, position, created_at, modified_at)
                VALUES ('L', 'Reminders', '#007AFF', 1024, '2026-11-29T12:00:00.000Z', '2026-11-29T12:00:00.000Z');
            INSERT INTO reminder (uid, list_id, title, notes, priority, flagged, position, created_at, modified_at)
                VALUES ('u1', 'L', '\(title)', '', 0, 0, 1024, '2026-11-29T12:00:00.000Z', '2026-11-29T12:00:00.000Z');
            """)
        if tags != "[]" { try old.executeScript("UPDATE reminder SET tags = '\(tags)'") }
        return old
    }

    @Test("a database made by schema 8 is indexed without accents (and with tags) once opened")
    func migratesAccents() throws {
        let folder = TemporaryFolder()
        let path = folder.file("v8.sqlite3")
        let old = try Self.database(at: path, version: 8, title: "Café crème", tags: "[\"Résumé\"]")
        try old.executeScript("""
            -- What Tick's schema 8 indexed: case folded, accents kept (this process folds
            -- them away, so the entry its trigger wrote is put back as schema 8 wrote it).
            INSERT INTO reminder_search(reminder_search, rowid, title, notes)
                SELECT 'delete', number, tick_search_text(title), tick_search_text(notes) FROM reminder;
            INSERT INTO reminder_search(rowid, title, notes) SELECT number, lower(title), lower(notes) FROM reminder;
            """)
        // Under schema 8 the index holds "café crème": "cafe" is not found.
        #expect(try old.scalarInt("SELECT count(*) FROM reminder_search WHERE reminder_search MATCH '\"cafe\"'") == 0)
        #expect(try old.scalarInt("SELECT count(*) FROM reminder_search WHERE reminder_search MATCH '\"café\"'") == 1)
        let store = try Store(path: path, now: Fixture.now)
        func found(_ text: String) throws -> [ReminderUID] {
            try store.read { db in try db.reminders(ReminderFilter(text: text), now: Fixture.now, timeZone: .gmt).map(\.uid) }
        }
        #expect(try found("cafe") == ["u1"])
        #expect(try found("creme") == ["u1"])
        #expect(try found("resume") == ["u1"])
        #expect(try found("tag:resume") == ["u1"])
    }

    @Test("a database from schema 4 is indexed folded when it is opened")
    func migratesIndex() throws {
        let folder = TemporaryFolder()
        let path = folder.file("v4.sqlite3")
        _ = try Self.database(at: path, version: 4, title: "Cafe\u{301} Straße")
        let store = try Store(path: path, now: Fixture.now)
        let found = try store.read { db in
            try db.reminders(ReminderFilter(text: "café strasse"), now: Fixture.now, timeZone: .gmt).map(\.uid)
        }
        #expect(found == ["u1"])
    }
}
