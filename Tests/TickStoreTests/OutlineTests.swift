import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

/// A list whose subtasks were added after other reminders, so that the outline's order
/// differs from the list's manual order:
///
///     A            (position order: A B C a1 a2 b1 a1x D)
///       a1
///         a1x
///       a2
///     B
///       b1
///     C
///     D
private struct OutlineSample {
    let sample: Sample
    var byTitle: [String: Reminder] = [:]

    init(completed: Set<String> = []) throws {
        sample = try Sample()
        let plan: [(String, String?)] = [("A", nil), ("B", nil), ("C", nil), ("a1", "A"), ("a2", "A"), ("b1", "B"),
                                         ("a1x", "a1"), ("D", nil)]
        for (title, parent) in plan {
            let listID = sample.list.id
            let parentUID = parent.flatMap { byTitle[$0]?.uid }
            byTitle[title] = try sample.store.write { db in
                try db.insert(Reminder(listID: listID, title: title, completedAt: completed.contains(title) ? Fixture.now : nil,
                                       parentUID: parentUID, createdAt: Fixture.now))
            }
        }
    }

    func uid(_ title: String) -> ReminderUID { byTitle[title]!.uid }

    func rows(collapsed: CollapsedParents = CollapsedParents(), includesCompleted: Bool = true, from anchor: String? = nil,
              including: Bool = false, direction: PageDirection = .forward, limit: Int = 100) throws -> [OutlineRow] {
        let id = sample.list.id
        return try sample.store.read { db in
            // The anchor as it is now (a front end passes the copy it last saw).
            let anchorReminder = try anchor.flatMap { byTitle[$0] }.flatMap { try db.reminder(number: $0.number) ?? $0 }
            return try db.outline(ofList: id, includesCompleted: includesCompleted, collapsed: collapsed, from: anchorReminder,
                           includingAnchor: including, direction: direction, limit: limit)
        }
    }

    /// Rows as `title/depth/count`.
    func shown(_ rows: [OutlineRow]) -> [String] {
        rows.map { "\($0.reminder.title)/\($0.depth)/\($0.subtaskCount)" }
    }
}

@Suite("Outline pages (subtasks under their parent)")
struct OutlineTests {
    @Test("each reminder is followed by its subtasks in their manual order, at any depth, with counts")
    func order() throws {
        let outline = try OutlineSample()
        #expect(outline.shown(try outline.rows())
                == ["A/0/2", "a1/1/1", "a1x/2/0", "a2/1/0", "B/0/1", "b1/1/0", "C/0/0", "D/0/0"])
        let a1x = try #require(try outline.rows().first { $0.reminder.title == "a1x" })
        #expect(a1x.ancestors == [outline.uid("a1"), outline.uid("A")])
    }

    @Test("pages of every size, forward and backward, cross window edges without losing or repeating a row")
    func paging() throws {
        let outline = try OutlineSample()
        let whole = try outline.rows().map(\.reminder.title)
        for limit in 1...8 {
            var forward: [String] = []
            var anchor: String?
            while true {
                let page = try outline.rows(from: anchor, limit: limit).map(\.reminder.title)
                if page.isEmpty { break }
                #expect(page.count <= limit)
                forward += page
                anchor = page.last
            }
            #expect(forward == whole, "forward, \(limit) a page")
            var backward: [String] = []
            anchor = nil
            while true {
                let page = try outline.rows(from: anchor, direction: .backward, limit: limit).map(\.reminder.title)
                if page.isEmpty { break }
                backward = page + backward
                anchor = page.first
            }
            #expect(backward == whole, "backward, \(limit) a page")
        }
        // A parent at the end of one window, its subtasks at the start of the next.
        #expect(try outline.rows(limit: 5).map(\.reminder.title).last == "B")
        #expect(try outline.rows(from: "B", limit: 2).map(\.reminder.title) == ["b1", "C"])
        #expect(try outline.rows(from: "b1", direction: .backward, limit: 2).map(\.reminder.title) == ["a2", "B"])
        #expect(try outline.rows(from: "a1", including: true, limit: 3).map(\.reminder.title) == ["a1", "a1x", "a2"])
        #expect(try outline.rows(from: "a1", including: true, direction: .backward, limit: 2).map(\.reminder.title) == ["A", "a1"])
    }

    @Test("a collapsed parent hides its subtasks at any depth; collapsing all hides every one but the exceptions")
    func collapsing() throws {
        let outline = try OutlineSample()
        let oneCollapsed = CollapsedParents(exceptions: [outline.uid("A")])
        #expect(outline.shown(try outline.rows(collapsed: oneCollapsed)) == ["A/0/2", "B/0/1", "b1/1/0", "C/0/0", "D/0/0"])
        #expect(try outline.rows(collapsed: oneCollapsed, from: "A", limit: 1).map(\.reminder.title) == ["B"])
        #expect(try outline.rows(collapsed: oneCollapsed, from: "B", direction: .backward, limit: 1).map(\.reminder.title) == ["A"])
        let all = CollapsedParents(collapsesAll: true)
        #expect(outline.shown(try outline.rows(collapsed: all)) == ["A/0/2", "B/0/1", "C/0/0", "D/0/0"])
        let allButA = CollapsedParents(collapsesAll: true, exceptions: [outline.uid("A")])
        #expect(try outline.rows(collapsed: allButA).map(\.reminder.title) == ["A", "a1", "a2", "B", "C", "D"])
        // An anchor hidden under a collapsed parent stands for that parent.
        #expect(try outline.rows(collapsed: oneCollapsed, from: "a1x", including: true, limit: 2).map(\.reminder.title)
                == ["A", "B"])
        #expect(try outline.rows(collapsed: oneCollapsed, from: "a1x", limit: 1).map(\.reminder.title) == ["B"])
    }

    @Test("subtasks of a completed parent, hidden with the completed ones, are top-level rows; counts skip hidden ones")
    func hiddenParent() throws {
        let outline = try OutlineSample(completed: ["A", "b1"])
        #expect(outline.shown(try outline.rows(includesCompleted: false))
                == ["B/0/0", "C/0/0", "a1/0/1", "a1x/1/0", "a2/0/0", "D/0/0"])
        #expect(outline.shown(try outline.rows(includesCompleted: true)).prefix(2) == ["A/0/2", "a1/1/1"])
        let paged = try outline.rows(includesCompleted: false, from: "a1x", limit: 10).map(\.reminder.title)
        #expect(paged == ["a2", "D"])
    }

    @Test("a subtask whose parent is in another list or gone is a top-level row at its place")
    func orphans() throws {
        let outline = try OutlineSample()
        try outline.sample.store.write { db in
            try db.execute("UPDATE reminder SET parent_uid = 'gone@example' WHERE title = 'b1'")
        }
        #expect(outline.shown(try outline.rows()) == ["A/0/2", "a1/1/1", "a1x/2/0", "a2/1/0", "B/0/0", "C/0/0", "b1/0/0", "D/0/0"])
        #expect(try outline.rows(from: "b1", direction: .backward, limit: 1).map(\.reminder.title) == ["C"])
    }

    @Test("the neighbour at a reminder's level, either way, and a parent's last subtask")
    func neighbours() throws {
        let outline = try OutlineSample()
        let titles: (String, PageDirection) throws -> String? = { title, direction in
            try outline.sample.store.read { db in
                try db.outlineNeighbour(of: outline.byTitle[title]!, includesCompleted: true, direction: direction)?.title
            }
        }
        #expect(try titles("B", .backward) == "A")
        #expect(try titles("B", .forward) == "C")
        #expect(try titles("a1", .backward) == nil)
        #expect(try titles("a1", .forward) == "a2")
        #expect(try titles("D", .forward) == nil)
        let last = try outline.sample.store.read { db in
            try ["A", "a1", "C"].map { try db.lastOutlineSubtask(of: outline.byTitle[$0]!, includesCompleted: true)?.title }
        }
        #expect(last == ["a2", "a1x", nil])
    }

    @Test("the top-level, subtask and count queries read through indexes, whatever SQLite knows of the data")
    func plans() throws {
        let outline = try OutlineSample()
        func plan(_ sql: String, _ arguments: [SQLValue]) throws -> String {
            try outline.sample.store.read { db in
                var details: [String] = []
                try db.forEachRow("EXPLAIN QUERY PLAN " + sql, arguments) { details.append($0.text(3)) }
                return details.joined(separator: "; ")
            }
        }
        for forward in [true, false] {
            let topLevel = try plan(OutlineReader.siblingsSQL(underParent: false, includesCompleted: false, keyed: true, forward: forward),
                                    ["x", "x", 0, 0, 10])
            #expect(topLevel.contains("reminder_open_list_summary"), "\(topLevel)")
            #expect(!topLevel.contains("TEMP B-TREE"), "\(topLevel)")
            let all = try plan(OutlineReader.siblingsSQL(underParent: false, includesCompleted: true, keyed: true, forward: forward),
                               ["x", "x", 0, 0, 10])
            #expect(all.contains("reminder_list_position"), "\(all)")
            #expect(!all.contains("TEMP B-TREE"), "\(all)")
            for completed in [true, false] {
                let children = try plan(OutlineReader.siblingsSQL(underParent: true, includesCompleted: completed, keyed: true,
                                                                  forward: forward), ["x", "x", 0, 0, 10])
                #expect(children.contains("reminder_parent"), "\(children)")
            }
        }
        let counts = try plan(OutlineReader.subtaskCountSQL(chunk: 2, includesCompleted: false), ["x", "y", "x"])
        #expect(counts.contains("reminder_parent"), "\(counts)")
    }

    /// A parent link holds within one list: reminders of other lists naming the parent (an
    /// import's, a CalDAV client's) are no subtasks of it (they were, in lists' order, before).
    @Test("a parent's subtasks are one query through the index of parents: those of its list, in manual order")
    func subtasksQuery() throws {
        let sample = try Sample()
        let parent = try sample.add("Parent")
        let work = try sample.store.write { (db: Database) throws -> ReminderList in
            try db.insert(ReminderList(name: "Work", createdAt: Fixture.now))
        }
        for (title, list, position) in [("b", parent.listID, Int64(5_000)), ("w1", work.id, 1), ("a", parent.listID, 4_000), ("w2", work.id, 2)] {
            try sample.store.write { (db: Database) throws in
                _ = try db.insert(Reminder(listID: list, title: title, position: position, parentUID: parent.uid, createdAt: Fixture.now),
                                  keepingNumber: false, keepingPosition: true)
            }
        }
        let titles = try sample.store.read { (db: Database) throws in try db.subtasks(of: parent).map(\.title) }
        #expect(titles == ["a", "b"])
        let filter = ReminderFilter(listID: parent.listID, parentUID: parent.uid, includesCompleted: true)
        #expect(!Database.readsListByList(filter))
        #expect(Database.readsListByList(ReminderFilter(includesCompleted: true)))
        let query = Database.listingQuery(filter, now: Fixture.now, timeZone: .gmt, columns: "r.number")
        let plan = try sample.store.read { db -> String in
            var details: [String] = []
            try db.forEachRow("EXPLAIN QUERY PLAN " + query.sql, query.arguments) { details.append($0.text(3)) }
            return details.joined(separator: "; ")
        }
        #expect(plan.contains("reminder_parent"), "\(plan)")
    }
}
