import Foundation
import Testing
import TestSupport
import TickModel
import TickPostgres

@Suite("A list's page in one statement", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresListPageTests {
    /// A migrated database with two users; the first has "Reminders" holding `titles` in
    /// that order (those in `completed` completed) and an empty list "Else"; the second
    /// has a list of their own with one reminder. The database lives as long as `database`.
    private func fixture(titles: [String], completed: Set<String>) throws
        -> (database: PostgresTestDatabase, pool: PostgresPool, store: PostgresStore, list: ReminderList, empty: ReminderList,
            otherUsers: ReminderList) {
        let database = try PostgresServer.database()
        let connection = try database.connect()
        try PostgresMigrator.migrate(connection, to: PostgresSchema.migrations)
        let users = [UserID(String(repeating: "a", count: 32)), UserID(String(repeating: "b", count: 32))]
        for (index, id) in users.enumerated() {
            try connection.insertUser(UserRecord(id: id, name: "user\(index)", passwordHash: "-", createdAt: Fixture.now))
        }
        let pool = try PostgresPool(url: database.url, capacity: 2)
        let store = PostgresStore(pool: pool, user: users[0])
        let (list, empty) = try store.write { db in
            let list = try db.ensureFirstList(createdAt: Fixture.now)
            for (index, title) in titles.enumerated() {
                // Equal positions are ordered by number: two share one here.
                let reminder = Reminder(listID: list.id, title: title, completedAt: completed.contains(title) ? Fixture.now : nil,
                                        position: Int64(index == 3 ? 2 : index) * 1024, createdAt: Fixture.now)
                try db.insert(reminder, keepingNumber: false, keepingPosition: true)
            }
            return (list, try db.insert(ReminderList(name: "Else", createdAt: Fixture.now), keepingPosition: false))
        }
        let otherUsers = try PostgresStore(pool: pool, user: users[1]).write { db in
            let list = try db.ensureFirstList(createdAt: Fixture.now)
            try db.insert(Reminder(listID: list.id, title: "Theirs", createdAt: Fixture.now), keepingNumber: false, keepingPosition: false)
            return list
        }
        return (database, pool, store, list, empty, otherUsers)
    }

    @Test("page after page, with and without completed ones, the same reminders as the keyset page of the list scope")
    func sameAsKeysetPage() throws {
        let titles = ["A", "B", "C", "D", "E", "F", "G", "H"]
        let (database, _, store, list, _, _) = try fixture(titles: titles, completed: ["B", "F"])
        for includesCompleted in [false, true] {
            var anchor: Reminder?
            var walked: [String] = []
            for _ in 0..<10 {
                let page = try #require(try store.readInOneStatement { db in
                    try db.listPage(id: list.id, includesCompleted: includesCompleted, after: anchor, limit: 3)
                })
                let expected = try store.read { db in
                    try db.reminders(in: .list(list.id, includesCompleted: includesCompleted), from: anchor, includingAnchor: false,
                                     direction: .forward, limit: 3)
                }
                #expect(page.list == list)
                #expect(page.reminders == expected)
                walked += page.reminders.map(\.title)
                guard let last = page.reminders.last else { break }
                anchor = last
            }
            // Positions 0, 1024, 2048, 2048 (C, then D by number), 4096 …
            #expect(walked == (includesCompleted ? titles : ["A", "C", "D", "E", "G", "H"]))
        }
        withExtendedLifetime(database) {}
    }

    @Test("an empty list gives its list and no reminder; a missing list, or another user's, gives nil; an anchor of another list gives none")
    func edges() throws {
        let (database, _, store, list, empty, otherUsers) = try fixture(titles: ["A", "B"], completed: [])
        let page = try store.readInOneStatement { db in try db.listPage(id: empty.id, includesCompleted: true, after: nil, limit: 50) }
        #expect(page?.list == empty && page?.reminders == [])
        #expect(try store.readInOneStatement { db in
            try db.listPage(id: ReminderList.ID(rawValue: "missing"), includesCompleted: false, after: nil, limit: 50)
        } == nil)
        #expect(try store.readInOneStatement { db in
            try db.listPage(id: otherUsers.id, includesCompleted: true, after: nil, limit: 50)
        } == nil)
        let anchor = try #require(try store.read { db in try db.reminders(in: .list(list.id, includesCompleted: true), from: nil,
                                                                           includingAnchor: false, direction: .forward, limit: 1).first })
        let elsewhere = try store.readInOneStatement { db in try db.listPage(id: empty.id, includesCompleted: true, after: anchor, limit: 50) }
        #expect(elsewhere?.list == empty && elsewhere?.reminders == [])
        let none = try store.readInOneStatement { db in try db.listPage(id: list.id, includesCompleted: true, after: nil, limit: 0) }
        #expect(none?.list == list && none?.reminders == [])
        withExtendedLifetime(database) {}
    }

    @Test("the statement is prepared on its connection: run again, it is not parsed and planned again")
    func prepared() throws {
        let (database, pool, _, list, _, _) = try fixture(titles: ["A"], completed: [])
        let statements = try pool.withConnection { connection in
            let db = PostgresDatabase(connection: connection, user: UserID(String(repeating: "a", count: 32)))
            for _ in 0..<2 { _ = try db.listPage(id: list.id, includesCompleted: false, after: nil, limit: 50) }
            return try connection.execute("SELECT statement FROM pg_prepared_statements").map { try $0.decode("statement", as: String.self) }
        }
        #expect(statements.contains { $0.contains("UNION ALL") })
        withExtendedLifetime(database) {}
    }
}
