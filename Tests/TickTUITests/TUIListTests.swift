import Foundation
import Testing
@testable import TickTUI
import TickModel
import TickStore
import TestSupport

@Suite("TUI lists from the sidebar: rename, recolor, move, delete, undo")
struct TUIListTests {
    /// A state with the sidebar focused on the first list (Reminders).
    private static func sidebarOnFirstList() -> AppState {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.tab)
        return state
    }

    @Test("e and r open the list's name and color; a blank name is refused; only what changed is saved")
    func editDialog() throws {
        var state = TUIListTests.sidebarOnFirstList()
        state.press(.character("r"))
        let dialog = try #require(state.newListDialog)
        #expect(dialog.editedList?.id == TUIFixture.home.id)
        #expect(dialog.name.text == "Reminders")
        #expect(dialog.color == TUIFixture.home.color)
        let screen = FrameBuilder(context: TUIFixture.context).frame(for: state).lines.joined(separator: "\n")
        #expect(screen.contains("List Reminders") && screen.contains("Enter save"))
        state.press(.control("u"), .enter)
        #expect(state.newListDialog?.error?.contains("list name is empty") == true)
        state.type("Home")
        let effects = state.press(.enter)
        #expect(effects == [.apply(.editList(TUIFixture.home.id, ListFields(name: "Home")), isUndo: false)])

        state = TUIListTests.sidebarOnFirstList()
        state.press(.character("e"), .tab, .character("1"))
        #expect(state.press(.enter) == [.apply(.editList(TUIFixture.home.id, ListFields(color: ListColor.palette[0].color)),
                                               isUndo: false)])
        state = TUIListTests.sidebarOnFirstList()
        state.press(.character("e"))
        #expect(state.press(.enter).isEmpty, "nothing changed: nothing written")
        #expect(state.mode == .browse)
    }

    @Test("smart lists are not renamed, moved or deleted; the status line says so", arguments: ["e", "r", "J", "K", "d"])
    func smartListRefuses(key: Character) {
        var state = TUIListTests.sidebarOnFirstList()
        state.press(.home) // Today
        #expect(state.sidebarItem == .smart(.today))
        #expect(state.press(.character(key)).isEmpty)
        #expect(state.mode == .browse)
        #expect(state.message?.text.hasPrefix("Today is a smart list") == true)
    }

    @Test("J and K move the list in the order; past the ends they say so")
    func moveKeys() {
        var state = TUIListTests.sidebarOnFirstList()
        #expect(state.press(.character("K")).isEmpty)
        #expect(state.message?.text == "Already the first list.")
        #expect(state.press(.shiftDown) == [.apply(.moveList(TUIFixture.home.id, to: 2), isUndo: false)])
        state.press(.down) // 장보기, the last list
        #expect(state.press(.character("J")).isEmpty)
        #expect(state.message?.text == "Already the last list.")
        #expect(state.press(.character("K")) == [.apply(.moveList(TUIFixture.groceries.id, to: 1), isUndo: false)])
    }

    @Test("d counts the list's reminders, asks naming them, and deletes only on y")
    func deleteAsks() throws {
        var state = TUIListTests.sidebarOnFirstList()
        #expect(state.press(.character("d")) == [.countReminders(inList: TUIFixture.home.id)])
        _ = state.handle(.listSize(TUIFixture.home.id, 3))
        #expect(state.mode == .confirmRemoveList(TUIFixture.home, reminderCount: 3))
        let screen = FrameBuilder(context: TUIFixture.context).frame(for: state).lines.joined(separator: "\n")
        #expect(screen.contains("Delete the list “Reminders” and its 3 reminders? y deletes"))
        #expect(state.press(.character("n")).isEmpty)
        #expect(state.mode == .browse)
        #expect(state.message?.text == "Kept the list “Reminders”.")
        state.press(.delete)
        _ = state.handle(.listSize(TUIFixture.home.id, 1))
        #expect(state.press(.character("y")) == [.apply(.removeList(TUIFixture.home.id), isUndo: false)])
    }

    // MARK: - Over a real database

    private static func harnessWithWork() throws -> SessionHarness {
        try SessionHarness { db, list in
            try db.insert(Reminder(listID: list.id, title: "Buy milk", createdAt: Fixture.now))
            let work = try db.insert(ReminderList(name: "Work", color: ListColor.palette[0].color, createdAt: Fixture.now))
            try db.insert(ReminderList(name: "장보기", createdAt: Fixture.now))
            let parent = try db.insert(Reminder(listID: work.id, title: "Report", createdAt: Fixture.now))
            try db.insert(Reminder(listID: work.id, title: "Draft", parentUID: parent.uid, createdAt: Fixture.now))
            let weekly = try db.insert(Reminder(listID: work.id, title: "Standup", due: .allDay(TUIFixture.context.today),
                                                recurrence: RecurrenceRule(rruleValue: "FREQ=WEEKLY"), createdAt: Fixture.now))
            try db.recordCompletedOccurrence(reminder: weekly.number, due: .allDay(TUIFixture.context.today.adding(days: -7)),
                                             completedAt: Fixture.now)
            try db.insert(Reminder(listID: work.id, title: "Old", completedAt: Fixture.now, createdAt: Fixture.now))
        }
    }

    private func listNames(_ harness: SessionHarness) throws -> [String] {
        try harness.store.read { db in try db.lists().map(\.name) }
    }

    @Test("renaming a list from the sidebar refuses a taken name in the CLI's words; u puts the old name back")
    func renameAndUndo() throws {
        let harness = try TUIListTests.harnessWithWork()
        harness.press(.tab, .down) // Work
        harness.press(.character("r"), .control("u"))
        harness.type("reminders")
        harness.press(.enter)
        #expect(harness.screen.contains("a list named 'Reminders' already exists"))
        #expect(try listNames(harness) == ["Reminders", "Work", "장보기"])
        harness.press(.control("u"))
        harness.type("업무")
        harness.press(.enter)
        #expect(try listNames(harness) == ["Reminders", "업무", "장보기"])
        #expect(harness.screen.contains("업무"))
        #expect(harness.message == "Saved the list “업무”. u undoes.")
        harness.press(.character("u"))
        #expect(try listNames(harness) == ["Reminders", "Work", "장보기"])
        #expect(harness.message == "Undid change of the list “Work”.")
    }

    @Test("recoloring picks from the palette; u brings the old color back, but not over a change made elsewhere")
    func recolorAndUndo() throws {
        let harness = try TUIListTests.harnessWithWork()
        harness.press(.tab, .down, .character("e"), .tab, .right, .enter) // red → orange
        let orange = ListColor.palette[1].color
        func workColor() throws -> ListColor? { try harness.store.read { db in try db.list(named: "Work")?.color } }
        #expect(try workColor() == orange)
        harness.press(.character("u"))
        #expect(try workColor() == ListColor.palette[0].color)

        harness.press(.character("e"), .tab, .character("5"), .enter) // blue
        let other = try Store(path: harness.store.path, now: Fixture.now)
        try other.write { db in
            var list = try #require(try db.list(named: "Work"))
            list.color = ListColor.palette[7].color
            try db.update(list)
        }
        harness.session.tick()
        harness.press(.character("u"))
        #expect(try workColor() == ListColor.palette[7].color)
        #expect(harness.message == "Did not undo change of the list “Work”: its color changed elsewhere since; kept as it is now.")
    }

    @Test("J and K move a list in the saved order; u moves it back")
    func moveAndUndo() throws {
        let harness = try TUIListTests.harnessWithWork()
        harness.press(.tab, .down, .character("J"))
        #expect(try listNames(harness) == ["Reminders", "장보기", "Work"])
        #expect(harness.session.state.sidebarItem == .list(try #require(harness.session.state.lists.last?.id)))
        harness.press(.shiftUp, .shiftUp)
        #expect(try listNames(harness) == ["Work", "Reminders", "장보기"])
        harness.press(.character("u"), .character("u"))
        #expect(try listNames(harness) == ["Reminders", "장보기", "Work"])
        harness.press(.character("u"))
        #expect(try listNames(harness) == ["Reminders", "Work", "장보기"])
    }

    @Test("deleting a list asks with its reminder count; u brings it back at its place with its reminders, numbers, subtasks and history")
    func deleteAndUndo() throws {
        let harness = try TUIListTests.harnessWithWork()
        let before = try harness.reminders()
        let standup = try #require(before.first { $0.title == "Standup" })
        harness.press(.tab, .down, .character("d"))
        #expect(harness.screen.contains("Delete the list “Work” and its 4 reminders?"))
        harness.press(.escape)
        #expect(try listNames(harness) == ["Reminders", "Work", "장보기"])
        harness.press(.character("d"), .character("y"))
        #expect(try listNames(harness) == ["Reminders", "장보기"])
        #expect(try harness.reminders().map(\.title) == ["Buy milk"])
        #expect(harness.message == "Deleted the list “Work” and its 4 reminders. Press u to undo.")
        #expect(harness.session.state.sidebarItem == .list(try #require(harness.session.state.lists.last?.id)),
                "the list that took its place is selected")
        #expect(harness.session.state.counts.all == 1)

        harness.press(.character("u"))
        #expect(try listNames(harness) == ["Reminders", "Work", "장보기"])
        let after = try harness.reminders()
        #expect(after == before)
        #expect(try harness.store.read { db in try db.completedOccurrences(reminder: standup.number) }.count == 1)
        #expect(harness.message == "Undid delete of the list “Work”.")
        #expect(harness.screen.contains("Report"))
        #expect(harness.session.state.counts.all == 4)
    }

    @Test("the only list is not deleted")
    func lastList() throws {
        let harness = try SessionHarness()
        harness.press(.tab, .character("d"))
        #expect(harness.session.state.mode == .browse)
        #expect(harness.message.contains("is the only list"))
    }
}
