import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

/// `tick search WORD --limit N` reads only the rows it shows (`Database.narrowedSearch`):
/// the first N of the whole search, whichever way they are found.
@Suite("A search with a limit")
struct LimitedSearchTests {
    /// 600 reminders in three lists (the default one last in order): every third has
    /// "dentist" in its title or notes, five have "rare", every seventh is completed.
    static func sample() throws -> (Sample, [ReminderList]) {
        let sample = try Sample()
        let lists = try sample.store.write { db -> [ReminderList] in
            let first = try db.insert(ReminderList(name: "First", createdAt: Fixture.now))
            let second = try db.insert(ReminderList(name: "Second", createdAt: Fixture.now))
            try db.execute("UPDATE list SET position = 100 WHERE id = ?", [.text(sample.list.id.rawValue)])
            let lists = [first, second, sample.list]
            for index in 0..<600 {
                var title = "Reminder \(index)"
                var notes = ""
                if index % 3 == 0 {
                    if index % 2 == 0 { title += " call the dentist" } else { notes = "Dentist at 9" }
                }
                if index % 120 == 5 { title += " rare" }
                try db.insert(Reminder(listID: lists[index % 3 == 0 ? (index / 3) % 3 : index % 3].id, title: title, notes: notes,
                                       completedAt: index % 7 == 0 ? Fixture.now : nil, createdAt: Fixture.now))
            }
            return lists
        }
        return (sample, lists)
    }

    static let queries = ["dentist", "rare", "dentist OR rare", "title:dentist", "notes:dentist", "reminder dentist"]

    @Test("the first N of the whole search, in every list and in one", arguments: queries)
    func firstOfWhole(query: String) throws {
        let (sample, lists) = try Self.sample()
        for listID in [nil] + lists.map(\.id) {
            var whole = try ReminderFilter(text: query)
            whole.listID = listID
            let all = try sample.titles(whole)
            if listID == nil { #expect(!all.isEmpty) }
            for limit in [0, 1, 7, 50, 199, 10_000] {
                var limited = whole
                limited.limit = limit
                #expect(try sample.titles(limited) == Array(all.prefix(limit)), "\(query) --limit \(limit) in \(String(describing: listID))")
            }
        }
    }

    @Test("many matches: only the first N are read; few: all of them, without asking the index again")
    func walkOrRead() throws {
        let (sample, _) = try Self.sample()
        try sample.store.read { (db: Database) throws in
            let many = try db.narrowedSearch(try ReminderFilter(text: "dentist", limit: 25))
            #expect(many?.numbers?.count == 25)
            let few = try db.narrowedSearch(try ReminderFilter(text: "rare", limit: 25))
            #expect(few?.numbers?.count == 5, "every match, completed ones too: the listing drops those")
            // Not narrowed: completed included, a short word, a tag, another order.
            #expect(try db.narrowedSearch(try ReminderFilter(text: "dentist", includesCompleted: true, limit: 25)) == nil)
            #expect(try db.narrowedSearch(try ReminderFilter(text: "de", limit: 25)) == nil)
            #expect(try db.narrowedSearch(try ReminderFilter(text: "tag:x dentist", limit: 25)) == nil)
            #expect(try db.narrowedSearch(try ReminderFilter(text: "dentist", limit: 25, order: ReminderOrder(.title))) == nil)
            #expect(try db.narrowedSearch(try ReminderFilter(text: "dentist")) == nil)
        }
    }

    @Test("two lists at one position: the rows of both interleave, as without a limit")
    func sharedPosition() throws {
        let (sample, lists) = try Self.sample()
        try sample.store.write { (db: Database) throws in
            try db.execute("UPDATE list SET position = 1 WHERE id IN (?, ?)", [.text(lists[0].id.rawValue), .text(lists[1].id.rawValue)])
        }
        let all = try sample.titles(try ReminderFilter(text: "dentist"))
        #expect(try sample.titles(try ReminderFilter(text: "dentist", limit: 60)) == Array(all.prefix(60)))
        try sample.store.read { (db: Database) throws in
            #expect(try db.narrowedSearch(try ReminderFilter(text: "dentist", limit: 60)) == nil)
        }
    }
}
