import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

@Suite("Keyset pages")
struct PageTests {
    @Test("forward and backward pages of a list, from the edges and from an anchor")
    func listPages() throws {
        let sample = try Sample()
        for index in 1...10 { try sample.add("R\(index)", completed: index % 3 == 0) }
        let scope = PageScope.list(sample.list.id, includesCompleted: true)
        let titles: (Reminder?, Bool, PageDirection, Int) throws -> [String] = { anchor, including, direction, limit in
            try sample.store.read { db in
                try db.reminders(in: scope, from: anchor, includingAnchor: including, direction: direction, limit: limit).map(\.title)
            }
        }
        #expect(try titles(nil, false, .forward, 3) == ["R1", "R2", "R3"])
        #expect(try titles(nil, false, .backward, 3) == ["R8", "R9", "R10"])
        let r5 = try #require(try sample.store.read { db in try db.reminder(number: Reminder.Number(5)) })
        #expect(try titles(r5, false, .forward, 2) == ["R6", "R7"])
        #expect(try titles(r5, true, .forward, 2) == ["R5", "R6"])
        #expect(try titles(r5, false, .backward, 2) == ["R3", "R4"])
        #expect(try titles(r5, true, .backward, 2) == ["R4", "R5"])
        #expect(try titles(r5, false, .forward, 0) == [])
        let open = PageScope.list(sample.list.id, includesCompleted: false)
        let openTitles = try sample.store.read { db in try db.reminders(in: open, from: nil, direction: .forward, limit: 100).map(\.title) }
        #expect(openTitles == ["R1", "R2", "R4", "R5", "R7", "R8", "R10"])
        #expect(try sample.store.read { db in try db.count(in: open) } == 7)
        #expect(try sample.store.read { db in try db.count(in: scope) } == 10)
    }

    @Test("a deleted anchor still marks its place")
    func deletedAnchor() throws {
        let sample = try Sample()
        for index in 1...5 { try sample.add("R\(index)") }
        let r3 = try #require(try sample.store.read { db in try db.reminder(number: Reminder.Number(3)) })
        try sample.store.write { db in _ = try db.deleteReminder(r3.number) }
        let after = try sample.store.read { db in
            try db.reminders(in: .list(sample.list.id, includesCompleted: true), from: r3, includingAnchor: true,
                             direction: .forward, limit: 5).map(\.title)
        }
        #expect(after == ["R4", "R5"])
    }

    @Test("equal positions are ordered by number, so no row is skipped or repeated")
    func ties() throws {
        let sample = try Sample()
        for index in 1...6 { try sample.add("R\(index)") }
        try sample.store.write { db in try db.execute("UPDATE reminder SET position = 7") }
        var seen: [String] = []
        var anchor: Reminder?
        while true {
            let page = try sample.store.read { db in
                try db.reminders(in: .list(sample.list.id, includesCompleted: true), from: anchor, direction: .forward, limit: 4)
            }
            if page.isEmpty { break }
            seen += page.map(\.title)
            anchor = page.last
        }
        #expect(seen == ["R1", "R2", "R3", "R4", "R5", "R6"])
    }

    @Test("all and flagged run across lists in their order; completed is most recent first")
    func smartPages() throws {
        let sample = try Sample()
        let second = try sample.store.write { db in
            try db.insert(ReminderList(name: "Second", createdAt: Fixture.now))
        }
        try sample.add("A1", flagged: true)
        try sample.add("B1", flagged: true, list: second)
        try sample.add("A2")
        try sample.add("B2", list: second)
        try sample.add("A3", completed: true)
        let page: (PageScope, Reminder?, PageDirection, Int) throws -> [String] = { scope, anchor, direction, limit in
            try sample.store.read { db in try db.reminders(in: scope, from: anchor, direction: direction, limit: limit).map(\.title) }
        }
        #expect(try page(.open, nil, .forward, 10) == ["A1", "A2", "B1", "B2"])
        #expect(try page(.open, nil, .backward, 3) == ["A2", "B1", "B2"])
        let a2 = try #require(try sample.store.read { db in try db.reminder(number: Reminder.Number(3)) })
        #expect(try page(.open, a2, .forward, 10) == ["B1", "B2"])
        let b1 = try #require(try sample.store.read { db in try db.reminder(number: Reminder.Number(2)) })
        #expect(try page(.open, b1, .backward, 10) == ["A1", "A2"])
        #expect(try page(.flagged, nil, .forward, 10) == ["A1", "B1"])
        #expect(try page(.completed, nil, .forward, 10) == ["A3"])
        #expect(try sample.store.read { db in try db.count(in: .open) } == 4)
        #expect(try sample.store.read { db in try db.count(in: .flagged) } == 2)
        #expect(try sample.store.read { db in try db.count(in: .completed) } == 1)
    }

    @Test("data_version changes for another connection's commits only")
    func dataVersion() throws {
        let sample = try Sample()
        let before = try sample.store.read { db in try db.dataVersion }
        try sample.add("mine")
        #expect(try sample.store.read { db in try db.dataVersion } == before)
        let other = try Store(path: sample.store.path, now: Fixture.now)
        try other.write { db in try db.insert(Reminder(listID: sample.list.id, title: "theirs", createdAt: Fixture.now)) }
        #expect(try sample.store.read { db in try db.dataVersion } != before)
    }

    @Test("a page is read through an index, not a scan")
    func queryPlan() throws {
        let sample = try Sample()
        let plan = try sample.store.read { db -> [String] in
            var details: [String] = []
            try db.forEachRow("""
                EXPLAIN QUERY PLAN SELECT number FROM reminder r WHERE r.list_id = ? AND r.completed_at IS NULL
                AND (r.position, r.number) > (?, ?) ORDER BY r.position, r.number LIMIT ?
                """, [.text(sample.list.id.rawValue), .integer(1), .integer(1), .integer(10)]) { details.append($0.text(3)) }
            return details
        }
        #expect(plan.contains { $0.contains("reminder_open_list_summary") && $0.contains("position>?") })
        #expect(!plan.contains { $0.contains("TEMP B-TREE") })
    }
}
