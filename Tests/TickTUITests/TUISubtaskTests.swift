import Foundation
import Testing
@testable import TickTUI
import TickModel
import TickStore
import TickTerminal
import TestSupport

/// A list whose subtasks were added after the other reminders (so that the outline's
/// order is not the list's manual order): A, B, C, then a1 and a2 under A.
private func outlineHarness(width: Int = 80, height: Int = 24, titles: [String] = ["A", "B", "C", "a1", "a2"]) throws -> SessionHarness {
    try SessionHarness(width: width, height: height) { db, list in
        var parent: ReminderUID?
        for (index, title) in titles.enumerated() {
            let stored = try db.insert(Reminder(listID: list.id, title: title, parentUID: index >= 3 ? parent : nil,
                                                createdAt: Fixture.now))
            if index == 0 { parent = stored.uid }
        }
    }
}

extension SessionHarness {
    /// The titles of the table's rows read, in display order, each indented two spaces a level.
    var outline: [String] {
        let table = session.state.table
        return table.rows.indices.map { String(repeating: "  ", count: table.place(ofRow: $0).depth) + table.rows[$0].title }
    }

    /// The selected row's title.
    var selectedTitle: String? { session.state.table.selectedReminder?.title }

    /// Moves the selection to the row titled `title`.
    func select(_ title: String) throws {
        let index = try #require(session.state.table.rows.firstIndex { $0.title == title })
        press(.home)
        for _ in 0..<index { press(.down) }
    }
}

@Suite("TUI: subtasks under their parent")
struct TUISubtaskTests {
    @Test("a list shows each subtask under its parent, indented, the parent with ▾ and its count")
    func nested() throws {
        let harness = try outlineHarness()
        #expect(harness.outline == ["A", "  a1", "  a2", "B", "C"])
        let lines = harness.session.screenLines
        let parentLine = try #require(lines.first { $0.contains("▾ A 2") })
        let childLine = try #require(lines.first { $0.contains("a1") })
        // The subtask's checkbox is indented two cells past its parent's.
        let parentBox = try #require(parentLine.range(of: "[ ]")).lowerBound
        let childBox = try #require(childLine.range(of: "[ ]")).lowerBound
        #expect(childLine.distance(from: childLine.startIndex, to: childBox)
                == parentLine.distance(from: parentLine.startIndex, to: parentBox) + 2)
        // Smart lists are flat: All shows them in the lists' manual order, unindented.
        harness.press(.tab, .home, .down, .down, .down)
        #expect(harness.session.state.scope == .smart(.all))
        #expect(harness.outline == ["A", "B", "C", "a1", "a2"])
        #expect(!harness.screen.contains("▾"))
    }

    @Test("o collapses and opens the selected parent; on a subtask it collapses the parent and selects it")
    func collapsing() throws {
        let harness = try outlineHarness()
        harness.press(.character("o"))
        #expect(harness.outline == ["A", "B", "C"])
        #expect(harness.screen.contains("▸ A 2"))
        #expect(harness.message == "Collapsed “A”, hiding its 2 subtasks.")
        harness.press(.character("o"))
        #expect(harness.outline == ["A", "  a1", "  a2", "B", "C"])
        try harness.select("a2")
        harness.press(.character("o"))
        #expect(harness.outline == ["A", "B", "C"])
        #expect(harness.selectedTitle == "A")
        try harness.select("C")
        harness.press(.character("o"))
        #expect(harness.message == "“C” has no subtasks to collapse.")
    }

    @Test("O collapses every parent, then opens them all; collapsed parents stay so when another tick changes the list")
    func collapsingAll() throws {
        let harness = try outlineHarness(titles: ["A", "B", "C", "a1", "a2"])
        try harness.store.write { db in
            let b = try #require(try db.reminder(number: Reminder.Number(2)))
            _ = try db.insert(Reminder(listID: b.listID, title: "b1", parentUID: b.uid, createdAt: Fixture.now))
        }
        try harness.changeElsewhere(3) { $0.title = "C!" }
        #expect(harness.outline == ["A", "  a1", "  a2", "B", "  b1", "C!"])
        harness.press(.character("O"))
        #expect(harness.outline == ["A", "B", "C!"])
        try harness.changeElsewhere(3) { $0.title = "C?" }
        #expect(harness.outline == ["A", "B", "C?"])
        harness.press(.character("O"))
        #expect(harness.outline == ["A", "  a1", "  a2", "B", "  b1", "C?"])
        try harness.select("B")
        harness.press(.character("o"))
        try harness.changeElsewhere(1) { $0.title = "A!" }
        #expect(harness.outline == ["A!", "  a1", "  a2", "B", "C?"])
    }

    @Test("> makes the reminder the last subtask of the one above at its level; < moves it out after its parent; u undoes each")
    func indenting() throws {
        let harness = try outlineHarness()
        try harness.select("B")
        harness.press(.character(">"))
        #expect(harness.outline == ["A", "  a1", "  a2", "  B", "C"])
        #expect(harness.selectedTitle == "B")
        let a = try harness.reminder(1)
        #expect(try harness.reminder(2).parentUID == a.uid)
        harness.press(.character("u"))
        #expect(harness.outline == ["A", "  a1", "  a2", "B", "C"])
        #expect(try harness.reminder(2).parentUID == nil)
        #expect(try harness.reminder(2).position == 2048)

        try harness.select("a1")
        harness.press(.character("<"))
        #expect(harness.outline == ["A", "  a2", "a1", "B", "C"])
        #expect(try harness.reminder(4).parentUID == nil)
        harness.press(.character("u"))
        #expect(harness.outline == ["A", "  a1", "  a2", "B", "C"])

        // A subtask of a subtask, as `tick edit --parent` allows: a2 under a1, then out again.
        try harness.select("a2")
        harness.press(.character(">"))
        #expect(harness.outline == ["A", "  a1", "    a2", "B", "C"])
        harness.press(.character("<"))
        #expect(harness.outline == ["A", "  a1", "  a2", "B", "C"])
        #expect(try harness.reminder(5).parentUID == a.uid)

        harness.press(.home, .character(">"))
        #expect(harness.message == "Nothing above “A” at its level to make it a subtask of.")
        harness.press(.character("<"))
        #expect(harness.message == "“A” is already top-level.")
        try harness.select("a1")
        harness.press(.character(">"))
        #expect(harness.message == "Nothing above “a1” at its level to make it a subtask of.")
    }

    @Test("indenting is refused as tick edit --parent refuses it, and changes nothing")
    func refusedIndent() throws {
        let harness = try outlineHarness()
        try harness.select("B")
        // Another tick makes A a subtask of B meanwhile; the screen still shows A above B.
        let other = try Store(path: harness.store.path, now: Fixture.now)
        try other.write { db in
            var a = try #require(try db.reminder(number: Reminder.Number(1)))
            a.parentUID = try #require(try db.reminder(number: Reminder.Number(2))).uid
            try db.update(a)
        }
        harness.press(.character(">"))
        #expect(harness.message.contains("cannot be its own parent"), "\(harness.message)")
        #expect(try harness.reminder(2).parentUID == nil)
    }

    @Test("J/K move a parent with its block past its neighbour, a subtask among its parent's subtasks")
    func moving() throws {
        let harness = try outlineHarness()
        try harness.select("B")
        harness.press(.character("K"))
        #expect(harness.outline == ["B", "A", "  a1", "  a2", "C"])
        #expect(harness.selectedTitle == "B")
        try harness.select("A")
        harness.press(.character("J"))
        #expect(harness.outline == ["B", "C", "A", "  a1", "  a2"])
        try harness.select("a1")
        harness.press(.character("J"))
        #expect(harness.outline == ["B", "C", "A", "  a2", "  a1"])
        harness.press(.character("J"))
        #expect(harness.message == "Already at the bottom of its parent's subtasks.")
        harness.press(.character("u"), .character("u"), .character("u"))
        #expect(harness.outline == ["A", "  a1", "  a2", "B", "C"])
    }

    @Test("completing a parent leaves its subtasks open, shown top-level while completed ones are hidden; deleting one makes them top-level")
    func completingAndDeleting() throws {
        let harness = try outlineHarness()
        harness.press(.character(" "))
        #expect(harness.outline == ["B", "C", "a1", "a2"])
        #expect(try !harness.reminder(4).isCompleted)
        harness.press(.character("c"))
        #expect(harness.outline == ["A", "  a1", "  a2", "B", "C"])
        harness.press(.character("u"), .home, .character("d"))
        #expect(harness.outline == ["B", "C", "a1", "a2"])
        harness.press(.character("u"))
        #expect(harness.outline == ["A", "  a1", "  a2", "B", "C"])
    }

    @Test("40 columns with Korean titles: rows keep the screen's width and the parent's count", arguments: [true, false])
    func narrowKorean(collapsed: Bool) throws {
        let long = String(repeating: "장보기", count: 10)
        let harness = try outlineHarness(width: 40, height: 12, titles: [long, "B", "C", "우유 사기", "빵"])
        if collapsed { harness.press(.character("o")) }
        let lines = harness.session.screenLines
        for line in lines { #expect(TerminalText.width(of: line) == 40, "\(line)") }
        let parent = try #require(lines.first { $0.contains("장보기") })
        #expect(parent.contains((collapsed ? "▸ " : "▾ ")))
        let cut = try #require(parent.range(of: "…"), "\(parent)")
        #expect(parent[cut.upperBound...].trimmingCharacters(in: .whitespaces).hasPrefix("2"), "\(parent)")
        if !collapsed { #expect(lines.contains { $0.contains("  [ ] 우유 사기") }) }
    }
}

@Suite("TUI data source: a list's outline in windows")
struct DataSourceOutlineTests {
    @Test("windows of a list cross a parent's edge: a parent at the end of one, its subtasks at the start of the next")
    func windows() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("o.sqlite3"), now: Fixture.now)
        let list = try store.write { db -> ReminderList in
            let list = try db.defaultList()
            var parents: [String: ReminderUID] = [:]
            for title in ["P1", "P2", "P3", "c1", "c2", "c3", "d1"] {
                let parent = title.hasPrefix("c") ? parents["P2"] : title.hasPrefix("d") ? parents["P3"] : nil
                parents[title] = try db.insert(Reminder(listID: list.id, title: title, parentUID: parent, createdAt: Fixture.now)).uid
            }
            return list
        }
        let source = DataSource(store: store, clock: { Fixture.now }, timeZone: .gmt)
        func window(_ placement: WindowPlacement, limit: Int, collapsed: CollapsedParents = CollapsedParents()) throws -> WindowPage {
            let request = WindowRequest(scope: .list(list.id), showsCompleted: false, collapsed: collapsed,
                                        placement: placement, limit: limit, generation: 1)
            return try store.read { db in try source.window(request, db) }
        }
        let first = try window(.start, limit: 2)
        #expect(first.rows.map(\.title) == ["P1", "P2"])
        #expect(first.hasMoreAfter)
        #expect(first.outline[Reminder.Number(2)]?.subtaskCount == 3)
        let p2 = try #require(first.rows.last)
        let next = try window(.after(p2), limit: 3)
        #expect(next.rows.map(\.title) == ["c1", "c2", "c3"])
        #expect(next.rows.allSatisfy { next.outline[$0.number]?.depth == 1 })
        #expect(next.hasMoreAfter)
        let c1 = try #require(next.rows.first)
        let back = try window(.before(c1), limit: 1)
        #expect(back.rows.map(\.title) == ["P2"])
        #expect(back.hasMoreBefore)
        let end = try window(.end, limit: 3)
        #expect(end.rows.map(\.title) == ["c3", "P3", "d1"])
        // Collapsed: the window reads past the hidden subtasks; one hidden anchor stands for its parent.
        let collapsed = CollapsedParents(exceptions: [p2.uid])
        #expect(try window(.start, limit: 10, collapsed: collapsed).rows.map(\.title) == ["P1", "P2", "P3", "d1"])
        let around = try window(.around(anchors: [c1]), limit: 3, collapsed: collapsed)
        #expect(around.rows.map(\.title) == ["P1", "P2", "P3"])
        #expect(around.rows[around.selectedIndex].title == "P2")
    }
}
