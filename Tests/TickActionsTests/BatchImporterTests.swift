import Foundation
import Testing
import TestSupport
import TickActions
import TickInterchange
import TickModel
import TickStore

@Suite("BatchImporter")
struct BatchImporterTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)

    @Test("importing the same batch twice adds once, then finds it unchanged")
    func sameBatchTwice() throws {
        let folder = try TemporaryFolder()
        let store = try Store(path: folder.file("tick.sqlite3"), now: Self.now)
        let listID = try store.read { db in try db.lists()[0].id }
        let reminder = Reminder(listID: listID, title: "Buy milk", createdAt: Self.now)
        let batch = ImportBatch(reminders: [ImportedReminder(listName: nil, reminder: reminder, lineNumber: 1)])
        let importer = BatchImporter(now: Self.now, fallbackListName: nil, zone: .gmt)
        let first = try store.write { db in try importer.apply(batch, to: db) }
        let second = try store.write { db in try importer.apply(batch, to: db) }
        #expect(first.added == 1)
        #expect(second.added == 0)
        #expect(second.unchanged + second.updated == 1)
        #expect(try store.read { db in try db.reminders(ReminderFilter(includesCompleted: true), now: Self.now, timeZone: .gmt).count } == 1)
    }
}
