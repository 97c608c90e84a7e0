import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

/// What a sync reads of its own state (`sync_item`): only what changed, found by SQLite
/// through indexes, not every synced item of a collection.
@Suite("Sync state queries")
struct SyncStateTests {
    static let account = "home"
    static let collection = "https://dav.example.org/ann/tasks/"

    /// A list "Tasks" of five synced reminders a…e and a list "Other"; then in Tick: b edited,
    /// c deleted, d moved to Other, f added to Tasks.
    static func store(_ folder: TemporaryFolder) throws -> (Store, ReminderList, ReminderList) {
        let store = try Store(path: folder.file("sync.sqlite3"), now: Fixture.now)
        let (tasks, other) = try store.write { db -> (ReminderList, ReminderList) in
            let tasks = try db.insert(ReminderList(name: "Tasks", createdAt: Fixture.now))
            let other = try db.insert(ReminderList(name: "Other", createdAt: Fixture.now))
            try db.saveSyncedCollection(SyncedCollection(account: account, url: collection, listID: tasks.id))
            for name in ["a", "b", "c", "d", "e"] {
                let reminder = try db.insert(Reminder(uid: ReminderUID(name), listID: tasks.id, title: name, createdAt: Fixture.now))
                try db.saveSyncedItem(SyncedItem(account: account, collectionURL: collection, href: "/ann/tasks/\(name).ics",
                                                 uid: reminder.uid, etag: "\"\(name)1\"", base: "BEGIN:VCALENDAR…",
                                                 localRevision: try db.revision(uid: reminder.uid) ?? -1))
            }
            return (tasks, other)
        }
        try store.write { db in
            var b = try #require(try db.reminder(uid: ReminderUID("b")))
            b.title = "b, edited"
            try db.update(b)
            _ = try db.deleteReminder(try #require(try db.reminder(uid: ReminderUID("c"))).number)
            var d = try #require(try db.reminder(uid: ReminderUID("d")))
            d.listID = other.id
            try db.update(d)
            _ = try db.insert(Reminder(uid: ReminderUID("f"), listID: tasks.id, title: "f", createdAt: Fixture.now))
        }
        return (store, tasks, other)
    }

    @Test("changed, deleted and moved synced items come back with where their reminder is; unchanged ones do not")
    func changedLocally() throws {
        let folder = TemporaryFolder()
        let (store, tasks, other) = try Self.store(folder)
        let changed = try store.read { try $0.syncedItemsChangedLocally(account: Self.account, collectionURL: Self.collection, list: tasks.id) }
        let byUID = Dictionary(uniqueKeysWithValues: changed.map { ($0.item.uid.rawValue, $0) })
        #expect(byUID.keys.sorted() == ["b", "c", "d"])
        #expect(byUID["b"]?.listID == tasks.id)
        #expect(byUID["b"].map { $0.revision != $0.item.localRevision } == true)
        #expect(byUID["c"]?.listID == nil && byUID["c"]?.revision == nil)
        #expect(byUID["d"]?.listID == other.id)
        #expect(byUID["b"]?.item.etag == "\"b1\"" && byUID["b"]?.item.href == "/ann/tasks/b.ics")

        let unsynced = try store.read { try $0.unsyncedReminders(inList: tasks.id, account: Self.account, collectionURL: Self.collection) }
        #expect(unsynced.map(\.uid.rawValue) == ["f"])
        let places = try store.read { try $0.listsAndRevisions(of: ["a", "d", "c", "zzz"].map { ReminderUID($0) }) }
        #expect(places.keys.map(\.rawValue).sorted() == ["a", "d"])
        #expect(places[ReminderUID("d")]?.listID == other.id)
        let some = try store.read { try $0.syncedItems(account: Self.account, collectionURL: Self.collection, hrefs: ["/ann/tasks/e.ics", "/nope.ics"]) }
        #expect(some.map(\.uid.rawValue) == ["e"])
        #expect(try store.read { try $0.syncedHrefs(account: Self.account, collectionURL: Self.collection) }.count == 5)
    }

    @Test("the queries go through the primary key and indexes: one pass over the collection's rows, no scan of the reminders")
    func queryPlans() throws {
        let folder = TemporaryFolder()
        let (store, tasks, _) = try Self.store(folder)
        func plan(_ sql: String, _ arguments: [SQLValue]) throws -> [String] {
            try store.read { db in
                var details: [String] = []
                try db.forEachRow("EXPLAIN QUERY PLAN " + sql, arguments) { details.append($0.text(3)) }
                return details
            }
        }
        let changed = try plan(Database.syncedItemsChangedLocallySQL, [.text(Self.account), .text(Self.collection), .text(tasks.id.rawValue)])
        #expect(changed.contains { $0.hasPrefix("SEARCH s USING PRIMARY KEY (account=? AND collection_url=?)") }, "\(changed)")
        #expect(changed.contains { $0.hasPrefix("SEARCH r USING INDEX sqlite_autoindex_reminder_") && $0.contains("(uid=?)") }, "\(changed)")
        let unsynced = try plan(Database.unsyncedRemindersSQL, [.text(tasks.id.rawValue), .text(Self.account), .text(Self.collection)])
        #expect(unsynced.contains { $0.hasPrefix("SEARCH r USING INDEX reminder_list_position (list_id=?)") }, "\(unsynced)")
        #expect(unsynced.contains { $0.contains("SEARCH s USING COVERING INDEX sync_item_uid (uid=?") }, "\(unsynced)")
        #expect(!(changed + unsynced).contains { $0.hasPrefix("SCAN") }, "\(changed) \(unsynced)")
    }
}
