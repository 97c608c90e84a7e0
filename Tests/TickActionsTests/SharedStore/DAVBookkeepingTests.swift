import Foundation
import Testing
import TestSupport
import TickActions
import TickModel
import TickPostgres

/// The CalDAV server's bookkeeping (`DAVTransaction`) behaves alike on both stores: the
/// SQLite triggers of schema 10 and the PL/pgSQL triggers of PostgreSQL step 6 count the
/// same changes, whoever writes, and on PostgreSQL each user's numbers are their own.
@Suite("CalDAV change numbers on both stores")
struct DAVBookkeepingTests {
    var context: ActionContext { StoreActionTests.context }

    /// The store's transaction as the CalDAV server sees it.
    static func dav(_ db: any StoreTransaction) throws -> any DAVTransaction {
        try #require(db as? any DAVTransaction)
    }

    /// `forEachSortKey` gives what `forEachReminder` would for ordering, in the same order:
    /// each reminder's number, UID, creation time, and its kept lines only when they mention
    /// `X-APPLE-SORT-ORDER` in any case (PostgreSQL reads it in pages of 2,000: 2,003 rows).
    @Test(arguments: StoreKind.available)
    func sortKeysFollowTheManualOrder(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let list = try store.write { db -> ReminderList in
            let list = try db.defaultList()
            for index in 0..<2_003 {
                var added = try Actions.add(NewReminder(title: "R\(index)"), context: context, in: db).reminder
                if let extras = [7: "X-APPLE-SORT-ORDER:42", 9: "x-apple-sort-order:-5", 11: "X-OTHER:1"][index] {
                    added.iCalendarExtras = extras
                    try db.update(added)
                }
                if index == 2_002 { _ = try db.move(added.number, to: .index(1)) }
            }
            return list
        }
        let (full, keys) = try store.read { db in
            var full: [Reminder] = []
            var keys: [SortKeyRow] = []
            try DAVBookkeepingTests.dav(db).forEachReminder(inList: list.id) { full.append($0) }
            try DAVBookkeepingTests.dav(db).forEachSortKey(inList: list.id) { keys.append($0) }
            return (full, keys)
        }
        #expect(keys.count == 2_003)
        #expect(keys.map(\.number) == full.map(\.number))
        #expect(keys.map(\.uid) == full.map(\.uid))
        #expect(keys.map(\.createdAt) == full.map(\.createdAt))
        #expect(keys.first?.uid == full.first { $0.title == "R2002" }?.uid)
        let extras = Dictionary(uniqueKeysWithValues: zip(full.map(\.title), keys.map(\.sortOrderExtras)))
        #expect(extras["R7"] == "X-APPLE-SORT-ORDER:42" && extras["R9"] == "x-apple-sort-order:-5")
        #expect(extras["R11"] == "" && extras["R0"] == "")
    }

    @Test(arguments: StoreKind.available)
    func changesMoveTheTokenAndMovesInTheOrderDoNot(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let (list, first, second) = try store.write { db in
            let list = try db.defaultList()
            let first = try Actions.add(NewReminder(title: "First"), context: context, in: db).reminder
            let second = try Actions.add(NewReminder(title: "Second"), context: context, in: db).reminder
            return (list, first, second)
        }
        func token() throws -> Int64 { try store.read { db in try DAVBookkeepingTests.dav(db).davToken(inList: list.id) } }
        let added = try token()
        let live = try store.read { db in try DAVBookkeepingTests.dav(db).davResources(inList: list.id, since: nil) }
        #expect(Set(live.map(\.name)) == [first.uid.rawValue + ".ics", second.uid.rawValue + ".ics"])
        #expect(live.map(\.sequence).max() == added)

        // A place in the manual order alone is not a change of the VTODO.
        _ = try store.write { db in try db.move(second.number, to: .before(first.number)) }
        #expect(try token() == added)

        // An edit is.
        try store.write { db in
            var edited = try #require(try db.reminder(number: first.number))
            edited.notes = "more"
            try db.update(edited)
        }
        let edited = try token()
        #expect(edited > added)
        let changed = try store.read { db in try DAVBookkeepingTests.dav(db).davResources(inList: list.id, since: added) }
        #expect(changed.map(\.uid) == [first.uid])

        // A move to another list is a deletion in the first and a resource in the other.
        let other = try store.write { db -> ReminderList in
            let other = try Actions.addList(named: "Other", color: .defaultColor, in: db, context: context)
            var moved = try #require(try db.reminder(number: second.number))
            moved.listID = other.id
            try db.update(moved)
            return other
        }
        let afterMove = try store.read { db in try DAVBookkeepingTests.dav(db).davResources(inList: list.id, since: edited) }
        #expect(afterMove.map(\.uid) == [second.uid])
        #expect(afterMove.first?.isDeleted == true)
        #expect(try store.read { db in try DAVBookkeepingTests.dav(db).davResources(inList: other.id, since: nil).map(\.uid) } == [second.uid])

        // A deletion leaves a tombstone; a name a client chose takes the place of one.
        let beforeDelete = try token()
        _ = try store.write { db in try db.deleteReminder(first.number) }
        let tombstones = try store.read { db in try DAVBookkeepingTests.dav(db).davResources(inList: list.id, since: beforeDelete) }
        #expect(tombstones.map(\.isDeleted) == [true])
        #expect(try store.read { db in try DAVBookkeepingTests.dav(db).davResource(inList: list.id, named: first.uid.rawValue + ".ics") } == nil)
        let third = try store.write { db in
            let third = try Actions.add(NewReminder(title: "Third"), context: context, in: db).reminder
            try DAVBookkeepingTests.dav(db).nameDAVResource(inList: list.id, uid: third.uid, as: first.uid.rawValue + ".ics")
            return third
        }
        let named = try store.read { db in
            try DAVBookkeepingTests.dav(db).davResources(inList: list.id, named: [first.uid.rawValue + ".ics", "nothing.ics"])
        }
        #expect(named.mapValues(\.uid) == [first.uid.rawValue + ".ics": third.uid])
        #expect(try store.read { db in try DAVBookkeepingTests.dav(db).reminders(withUIDs: [third.uid, first.uid]).keys.sorted { $0.rawValue < $1.rawValue } }
                == [third.uid])
    }

    @Test("PostgreSQL: another user's changes leave a user's numbers alone, and their lists have no resources for him",
          .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
    func usersAreCountedApart() throws {
        let store = try StoreUnderTest(.postgresql, users: 2)
        let list = try store.write(as: 0) { db in
            _ = try Actions.add(NewReminder(title: "Ann's"), context: context, in: db)
            return try db.defaultList()
        }
        let sequence = try store.read(as: 0) { db in try DAVBookkeepingTests.dav(db).davSequence(inList: list.id) }
        _ = try store.write(as: 1) { db in try Actions.add(NewReminder(title: "Bob's"), context: context, in: db) }
        #expect(try store.read(as: 0) { db in try DAVBookkeepingTests.dav(db).davSequence(inList: list.id) } == sequence)
        try store.read(as: 1) { db in
            let bob = try DAVBookkeepingTests.dav(db)
            #expect(try bob.davResources(inList: list.id, since: nil).isEmpty)
            #expect(try bob.davResources(inList: list.id, since: 0).isEmpty)
            #expect(try bob.davToken(inList: list.id) == 0)
            #expect(try bob.davResources(inList: list.id, named: ["x.ics"]).isEmpty)
        }
    }
}
