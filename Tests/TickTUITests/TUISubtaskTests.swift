import Foundation
import Testing
@testable import TickTUI
import TickModel
import TickStore
import TickTerminal
import TestSupport

/// A list whose subtasks were added after the other reminders (so that the outline's
/// order is not the list's manual order): A, B, C, then a1 and a2 under A.
private func outlineHarness(width: Int = 80, height: Int = 24, titles: [String] = ["A", "B", "C", "a1", "a2"],
                            collapsedParentsFile: String? = nil) throws -> SessionHarness {
    try SessionHarness(width: width, height: height, collapsedParentsFile: collapsedParentsFile) { db, list in
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
    @Test("a list shows each subtask under its parent, indented, the parent with ▾ and its count; smart lists and search are flat with a ↳ parent hint")
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
        // Each subtask names its parent faintly; a search result too.
        #expect(harness.screen.contains("● a1 ↳ A "))
        #expect(harness.screen.contains("● a2 ↳ A "))
        harness.press(.character("/"))
        harness.type("a1")
        harness.press(.enter)
        #expect(harness.screen.contains("● a1 ↳ A "), "\(harness.screen)")
    }

    /// A parent link holds within one list: a reminder of another list naming A (an
    /// import's, a CalDAV client's) was shown in All as "↳ A", a subtask it is not.
    @Test("in All, a reminder naming a parent in another list shows no ↳ parent hint")
    func noHintAcrossLists() throws {
        let harness = try SessionHarness(width: 80, height: 24) { db, list in
            let parent = try db.insert(Reminder(listID: list.id, title: "A", createdAt: Fixture.now))
            _ = try db.insert(Reminder(listID: list.id, title: "a1", parentUID: parent.uid, createdAt: Fixture.now))
            let other = try db.insert(ReminderList(name: "Elsewhere", createdAt: Fixture.now))
            _ = try db.insert(Reminder(listID: other.id, title: "x", parentUID: parent.uid, createdAt: Fixture.now))
        }
        harness.press(.tab, .home, .down, .down, .down)
        #expect(harness.session.state.scope == .smart(.all))
        #expect(harness.screen.contains("● a1 ↳ A "), "\(harness.screen)")
        #expect(harness.screen.contains("● x ") && !harness.screen.contains("● x ↳"), "\(harness.screen)")
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

    @Test("indenting decides on the list as stored, not on a screen another tick has made stale; refused, it changes nothing")
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
        // Under B now, A is no longer above B at its level: B stays top-level (never A's parent and child).
        #expect(harness.message == "nothing above “B” at its level to make it a subtask of")
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

    @Test("J and > find the neighbour in the store when it lies beyond the rows read (a parent with 60 subtasks)")
    func beyondTheWindow() throws {
        let harness = try SessionHarness(width: 80, height: 12) { db, list in
            let parent = try db.insert(Reminder(listID: list.id, title: "P", createdAt: Fixture.now))
            for index in 1...60 {
                try db.insert(Reminder(listID: list.id, title: "s\(index)", parentUID: parent.uid, createdAt: Fixture.now))
            }
            try db.insert(Reminder(listID: list.id, title: "Q", createdAt: Fixture.now))
        }
        #expect(!harness.session.state.table.rows.contains { $0.title == "Q" })
        harness.press(.character("J"))
        #expect(harness.outline.prefix(3) == ["Q", "P", "  s1"])
        harness.press(.character("u"), .end)
        #expect(harness.selectedTitle == "Q")
        #expect(!harness.session.state.table.rows.contains { $0.title == "P" })
        harness.press(.character(">"))
        let p = try harness.reminder(1)
        #expect(try harness.reminder(62).parentUID == p.uid)
        #expect(harness.outline.suffix(2) == ["  s60", "  Q"])
        #expect(harness.selectedTitle == "Q")
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

    /// t75: `>` under a collapsed parent showed it open, but the file kept it collapsed.
    @Test("a parent an indent opens is saved open")
    func indentOpensTheParentForGood() throws {
        let folder = TemporaryFolder()
        let file = folder.file("state/tick/ui-collapsed")
        let harness = try outlineHarness(collapsedParentsFile: file)
        harness.press(.character("o")) // A collapsed
        let a = try harness.reminder(1)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "tick-ui-collapsed 1\nlisted\n\(a.uid.rawValue)\n")
        try harness.select("B")
        harness.press(.character(">"))
        #expect(harness.outline == ["A", "  a1", "  a2", "  B", "C"])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "tick-ui-collapsed 1\nlisted\n")
    }

    /// t75: with more rows than the screen, `>` under a collapsed parent at the top kept the
    /// row's screen line, and the parent was scrolled off.
    @Test("after an indent the list's start stays in sight while the row fits below it")
    func indentKeepsTheStartInSight() throws {
        let harness = try SessionHarness(width: 40, height: 14) { db, list in
            let a = try db.insert(Reminder(listID: list.id, title: "A", createdAt: Fixture.now))
            for index in 1...20 { try db.insert(Reminder(listID: list.id, title: "T\(index)", createdAt: Fixture.now)) }
            for title in ["a1", "a2"] { try db.insert(Reminder(listID: list.id, title: title, parentUID: a.uid, createdAt: Fixture.now)) }
        }
        harness.press(.character("o")) // A collapsed
        try harness.select("T1")
        harness.press(.character(">"))
        #expect(Array(harness.outline.prefix(5)) == ["A", "  a1", "  a2", "  T1", "T2"])
        #expect(harness.selectedTitle == "T1")
        #expect(harness.session.state.table.top == 0)
    }

    @Test("collapsed parents are kept in the state file between runs; a damaged file is reported, not used, and replaced")
    func keptBetweenRuns() throws {
        let folder = TemporaryFolder()
        let file = folder.file("state/tick/ui-collapsed")
        let first = try outlineHarness(collapsedParentsFile: file)
        first.press(.character("o"))
        let a = try first.reminder(1)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "tick-ui-collapsed 1\nlisted\n\(a.uid.rawValue)\n")
        // The next run opens on the same database with A collapsed.
        let configuration = TUIConfiguration(dateContext: TUIFixture.context, clock: { Fixture.now }, usesColor: false,
                                             collapsedParentsFile: file)
        let second = TUISession(store: first.store, configuration: configuration, width: 80, height: 24)
        second.start()
        #expect(second.state.table.rows.map(\.title) == ["A", "B", "C"])
        second.send(.character("O"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "tick-ui-collapsed 1\nall\n")

        try "tick-ui-collapsed 1\nsome\n".write(toFile: file, atomically: true, encoding: .utf8)
        let damaged = TUISession(store: first.store, configuration: configuration, width: 80, height: 24)
        damaged.start()
        #expect(damaged.state.message == StatusMessage(text: "\(file), line 2: expected “all” or “listed”; every parent starts open and the file is written anew on the next collapse", isError: true))
        #expect(damaged.state.table.rows.map(\.title) == ["A", "a1", "a2", "B", "C"])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "tick-ui-collapsed 1\nsome\n")
        damaged.send(.character("o"))
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("tick-ui-collapsed 1\nlisted\n"))
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
        // All, flat: the parent's hint is cut to the row.
        harness.press(.tab, .home, .down, .down, .down, .enter)
        #expect(harness.session.state.scope == .smart(.all))
        for line in harness.session.screenLines { #expect(TerminalText.width(of: line) == 40, "\(line)") }
        #expect(harness.screen.contains("우유 사기 ↳ 장보기"), "\(harness.screen)")
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

@Suite("TUI state machine: the outline keys")
struct AppStateOutlineTests {
    /// A list showing A with a1 and a2 under it, then B and C; `hasMoreBefore` for a window
    /// that does not start at the list's first row.
    static func state(hasMoreBefore: Bool = false) -> AppState {
        let a = TUIFixture.reminder(1, "A"), b = TUIFixture.reminder(2, "B"), c = TUIFixture.reminder(3, "C")
        var a1 = TUIFixture.reminder(4, "a1"), a2 = TUIFixture.reminder(5, "a2")
        a1.parentUID = a.uid
        a2.parentUID = a.uid
        var state = TUIFixture.loaded([a, a1, a2, b, c])
        state.table.outline = [a.number: OutlinePlace(ancestors: [], subtaskCount: 2),
                               a1.number: OutlinePlace(ancestors: [a.uid], subtaskCount: 0),
                               a2.number: OutlinePlace(ancestors: [a.uid], subtaskCount: 0)]
        state.table.hasMoreBefore = hasMoreBefore
        return state
    }

    @Test("o collapses the selected parent, then opens it; on a subtask it collapses the parent; each reads the window again")
    func collapse() {
        var state = AppStateOutlineTests.state()
        var effects = state.press(.character("o"))
        #expect(state.collapsed.isCollapsed("U1"))
        guard case .loadWindow(let request)? = effects.first else { Issue.record("\(effects)"); return }
        #expect(request.collapsed.isCollapsed("U1"))
        #expect(request.placement == .around(anchors: [TUIFixture.reminder(1, "A")]))
        state.press(.character("o"))
        #expect(!state.collapsed.isCollapsed("U1"))
        effects = state.press(.down, .down, .character("o"))
        #expect(state.collapsed.isCollapsed("U1"))
        #expect(effects.count == 1)
        state.press(.character("O"))
        #expect(state.collapsed == CollapsedParents(collapsesAll: true))
        state.press(.character("O"))
        #expect(state.collapsed == CollapsedParents())
    }

    @Test("> and < ask for the new parent found when applied; the parent that gets a subtask is opened; at the edges they say so")
    func indentAndOutdent() {
        var state = AppStateOutlineTests.state()
        state.collapsed.set("U1", collapsed: true)
        let indent = state.press(.down, .down, .down, .character(">"))
        #expect(indent == [.apply(.reparent(Reminder.Number(2), .neighbourAbove(includesCompleted: false)), isUndo: false)])
        var nested = TUIFixture.reminder(2, "B")
        nested.parentUID = "U1"
        _ = state.handle(.applied(ChangeOutcome(change: .reparent(Reminder.Number(2), .neighbourAbove(includesCompleted: false)),
                                                isUndo: false, before: TUIFixture.reminder(2, "B"), after: nested)))
        #expect(!state.collapsed.isCollapsed("U1")) // opened to show it
        let outdent = state.press(.up, .character("<"))
        #expect(outdent == [.apply(.reparent(Reminder.Number(5), .parentsParent), isUndo: false)])
        #expect(state.press(.up, .character(">")).isEmpty)
        #expect(state.message?.text == "Nothing above “a1” at its level to make it a subtask of.")
        #expect(state.press(.up, .character("<")).isEmpty)
        #expect(state.message?.text == "“A” is already top-level.")
    }

    @Test("J/K move a row past its neighbour at its level, found when applied, also beyond the rows read")
    func moves() {
        var state = AppStateOutlineTests.state()
        #expect(state.press(.character("J")) == [.apply(.move(Reminder.Number(1), .pastNeighbour(up: false, includesCompleted: false)),
                                                         isUndo: false)])
        // A lands after B's block: one row below where B was.
        #expect(state.preferredLine == 1)
        state = AppStateOutlineTests.state()
        state.showsCompleted = true
        #expect(state.press(.end, .character("K")) == [.apply(.move(Reminder.Number(3), .pastNeighbour(up: true, includesCompleted: true)),
                                                               isUndo: false)])
        state = AppStateOutlineTests.state()
        #expect(state.press(.down, .down, .character("J")).isEmpty)
        #expect(state.message?.text == "Already at the bottom of its parent's subtasks.")
        state = AppStateOutlineTests.state(hasMoreBefore: true)
        #expect(state.press(.character("K")) == [.apply(.move(Reminder.Number(1), .pastNeighbour(up: true, includesCompleted: false)),
                                                         isUndo: false)])
    }

    @Test("smart lists are flat: the outline keys say so and change nothing")
    func smartLists() {
        var state = AppStateOutlineTests.state()
        state.scope = .smart(.all)
        for key in [Key.character("o"), .character("O"), .character(">"), .character("<")] {
            #expect(state.press(key).isEmpty)
            #expect(state.message?.text == "Subtasks are nested in their list; smart lists and search show them flat.")
        }
    }
}
