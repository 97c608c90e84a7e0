import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

@Suite("Sorting listings by a key (--sort)")
struct SortTests {
    /// Two lists (Reminders, then Second) and reminders whose keys disagree with their
    /// manual order.
    static func sample() throws -> Sample {
        let sample = try Sample()
        let second = try sample.store.write { db in
            try db.insert(ReminderList(id: ReminderList.ID(rawValue: "second"), name: "Second", position: 2048, createdAt: Fixture.now))
        }
        func add(_ title: String, due: Due? = nil, priority: Priority = .none, createdDaysAgo: Int,
                 completed: Bool = false, in list: ReminderList? = nil) throws {
            try sample.store.write { db in
                try db.insert(Reminder(listID: (list ?? sample.list).id, title: title, due: due, priority: priority,
                                       completedAt: completed ? Fixture.now : nil,
                                       createdAt: Fixture.now.addingTimeInterval(Double(-createdDaysAgo) * 86_400)))
            }
        }
        try add("banana", due: .allDay(day(2026, 12, 5)), priority: .low, createdDaysAgo: 1)
        try add("Apple", priority: .high, createdDaysAgo: 5)
        try add("cherry", due: .allDay(day(2026, 12, 3)), createdDaysAgo: 3)
        try add("Éclair", due: .allDay(day(2026, 12, 5)), priority: .high, createdDaysAgo: 2, in: second)
        try add("date", priority: .medium, createdDaysAgo: 4, in: second)
        try add("fig", due: .allDay(day(2026, 12, 1)), priority: .high, createdDaysAgo: 9, completed: true)
        return sample
    }

    @Test("each key and its reverse; ties in manual order (the first list's rows first); undated and unprioritized last either way",
          arguments: [
              (ReminderOrder(.due), ["cherry", "banana", "Éclair", "Apple", "date"]),
              (ReminderOrder(.due, reversed: true), ["banana", "Éclair", "cherry", "Apple", "date"]),
              (ReminderOrder(.priority), ["Apple", "Éclair", "date", "banana", "cherry"]),
              (ReminderOrder(.priority, reversed: true), ["banana", "date", "Apple", "Éclair", "cherry"]),
              (ReminderOrder(.title), ["Apple", "banana", "cherry", "date", "Éclair"]),
              (ReminderOrder(.title, reversed: true), ["Éclair", "date", "cherry", "banana", "Apple"]),
              (ReminderOrder(.created), ["Apple", "date", "cherry", "Éclair", "banana"]),
              (ReminderOrder(.created, reversed: true), ["banana", "Éclair", "cherry", "date", "Apple"]),
              (ReminderOrder(.manual), ["banana", "Apple", "cherry", "Éclair", "date"]),
              (ReminderOrder(.manual, reversed: true), ["date", "Éclair", "cherry", "Apple", "banana"]),
          ])
    func keys(order: ReminderOrder, expected: [String]) throws {
        let sample = try Self.sample()
        let all = try sample.titles(ReminderFilter(smartList: .all, order: order))
        #expect(all == expected)
        // --limit applies after sorting, however the rows are read.
        for limit in 1...expected.count {
            let first = try sample.titles(ReminderFilter(smartList: .all, limit: limit, order: order))
            #expect(first == Array(expected.prefix(limit)), "limit \(limit)")
        }
    }

    @Test("smart lists, one list, completed and search take a sort too")
    func everywhere() throws {
        let sample = try Self.sample()
        #expect(try sample.titles(ReminderFilter(smartList: .scheduled, order: ReminderOrder(.title))) == ["banana", "cherry", "Éclair"])
        #expect(try sample.titles(ReminderFilter(smartList: .flagged, order: ReminderOrder(.title))) == [])
        #expect(try sample.titles(ReminderFilter(listID: sample.list.id, order: ReminderOrder(.title, reversed: true)))
                == ["cherry", "banana", "Apple"])
        #expect(try sample.titles(ReminderFilter(listID: sample.list.id, includesCompleted: true, order: ReminderOrder(.priority)))
                == ["Apple", "fig", "banana", "cherry"])
        #expect(try sample.titles(ReminderFilter(smartList: .completed, order: ReminderOrder(.title))) == ["fig"])
        #expect(try sample.titles(ReminderFilter(text: "a", order: ReminderOrder(.title))) == ["Apple", "banana", "date", "Éclair"])
        #expect(try sample.titles(ReminderFilter(text: "an OR date OR pple", limit: 2, order: ReminderOrder(.created)))
                == ["Apple", "date"])
    }

    @Test("sorting by title, creation or priority reads its first rows from an index, not a sort of every reminder",
          arguments: [(ReminderOrder.Key.title, "reminder_open_title"), (.created, "reminder_open_created"),
                      (.priority, "reminder_open_priority")])
    func plans(key: ReminderOrder.Key, index: String) throws {
        let sample = try Self.sample()
        let filter = ReminderFilter(smartList: .all, limit: 50, order: ReminderOrder(key))
        let query = Database.listingQuery(filter, now: Fixture.now, timeZone: .gmt, columns: ReminderSummary.columns)
        let plan = try sample.store.read { db -> [String] in
            var details: [String] = []
            try db.forEachRow("EXPLAIN QUERY PLAN " + query.sql, query.arguments) { details.append($0.text(3)) }
            return details
        }
        #expect(plan.contains { $0.contains("INDEX \(index)") }, "\(plan)")
        #expect(!plan.contains { $0 == "USE TEMP B-TREE FOR ORDER BY" }, "\(plan)")
    }
}
