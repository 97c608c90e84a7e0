import Foundation
import Testing
@testable import TickTUI
import TickModel
import TestSupport

@Suite("TUI state machine: moving, toggling, deleting, reordering")
struct AppStateBrowseTests {
    @Test("start asks for lists, counts and a window; the first read opens the first list")
    func startOpensFirstList() throws {
        var state = AppState(size: ScreenSize(width: 80, height: 24), dateContext: TUIFixture.context)
        let effects = state.start()
        guard case .reloadAll(let request)? = effects.first else { Issue.record("no reloadAll: \(effects)"); return }
        let page = WindowPage(request: request, rows: [], selectedIndex: 0, hasMoreBefore: false, hasMoreAfter: false)
        let next = state.handle(.loaded(Snapshot(lists: [TUIFixture.home], counts: SidebarCounts(), page: page)))
        #expect(state.scope == .list(TUIFixture.home.id))
        #expect(state.sidebarItem == .list(TUIFixture.home.id))
        guard case .loadWindow(let window)? = next.first else { Issue.record("no window: \(next)"); return }
        #expect(window.placement == .start)
        #expect(window.scope == .list(TUIFixture.home.id))
    }

    @Test("↓/j and ↑/k move the selection and stop at the edges", arguments: [
        ([Key.down], 1), ([.character("j"), .character("j")], 2), ([.down, .down, .down, .down], 2),
        ([.up], 0), ([.down, .character("k")], 0), ([.end], 2), ([.end, .home], 0), ([.pageDown], 2),
    ])
    func moving(keys: [Key], expected: Int) {
        var state = TUIFixture.loaded(TUIFixture.three)
        for key in keys { _ = state.handle(.key(key)) }
        #expect(state.table.selected == expected)
        #expect(state.table.top <= state.table.selected)
    }

    @Test("every browse key on an empty list leaves a message or does nothing, never a store change",
          arguments: [Key.down, .up, .character(" "), .enter, .character("e"), .character("d"), .delete,
                      .character("K"), .character("J"), .shiftUp, .shiftDown, .character("f"), .home, .end,
                      .pageUp, .pageDown, .right, .character("x")])
    func emptyList(key: Key) {
        var state = TUIFixture.loaded([])
        let effects = state.press(key)
        #expect(!effects.contains { if case .apply = $0 { return true }; return false })
        #expect(state.mode == .browse)
    }

    @Test("Space, x and Enter on the checkbox toggle the selected reminder")
    func toggling() {
        for key in [Key.character(" "), .character("x"), .enter] {
            var state = TUIFixture.loaded(TUIFixture.three)
            let effects = state.press(.down, key)
            #expect(effects == [.apply(.toggle(Reminder.Number(2)), isUndo: false)])
        }
    }

    @Test("Enter on the title opens the detail view; ← goes back to the checkbox, then to the sidebar")
    func enterOnTitle() {
        var state = TUIFixture.loaded(TUIFixture.three)
        #expect(state.press(.right, .enter).isEmpty)
        #expect(state.detailEditor?.original.number == Reminder.Number(1))
        state.press(.escape, .left)
        #expect(state.table.column == .checkbox)
        state.press(.left)
        #expect(state.focus == .sidebar)
    }

    @Test("d and Delete delete the selected reminder; the outcome offers one-key undo")
    func deleting() {
        for key in [Key.character("d"), .delete] {
            var state = TUIFixture.loaded(TUIFixture.three)
            #expect(state.press(.down, key) == [.apply(.delete(Reminder.Number(2)), isUndo: false)])
            let removed = TUIFixture.three[1]
            _ = state.handle(.applied(ChangeOutcome(change: .delete(removed.number), isUndo: false,
                                                    inverse: .restore(removed, children: []), before: removed)))
            #expect(state.message?.text.contains("Press u to undo") == true)
            #expect(state.press(.character("u")) == [.apply(.restore(removed, children: []), isUndo: true)])
            #expect(state.undoStack.isEmpty)
        }
    }

    @Test("u with nothing to undo says so; an undo that failed for now goes back on the stack, one that can never succeed is dropped")
    func undoEdges() {
        var state = TUIFixture.loaded(TUIFixture.three)
        #expect(state.press(.character("u")).isEmpty)
        #expect(state.message?.text == "Nothing to undo.")
        let older = UndoEntry(change: .delete(Reminder.Number(8)), label: "add of “w”")
        let newer = UndoEntry(change: .delete(Reminder.Number(9)), label: "add of “x”")
        state.undoStack = [older, newer]
        #expect(state.press(.character("u")) == [.apply(.delete(Reminder.Number(9)), isUndo: true)])
        _ = state.handle(.failed("the database is busy"))
        #expect(state.undoStack.count == 2)
        #expect(state.message?.isError == true)
        // A tester (t57): the reminder of the newest change deleted from the command line, every
        // u failed on it again, and the changes before it could not be undone.
        #expect(state.press(.character("u")) == [.apply(.delete(Reminder.Number(9)), isUndo: true)])
        _ = state.handle(.failed("reminder #9 no longer exists; another tick may have deleted it", isLasting: true))
        #expect(state.undoStack.count == 1)
        #expect(state.message?.text == "reminder #9 no longer exists; another tick may have deleted it; that undo is dropped, "
                + "u now undoes the change before it")
        #expect(state.press(.character("u")) == [.apply(.delete(Reminder.Number(8)), isUndo: true)])
        _ = state.handle(.failed("reminder #8 no longer exists; another tick may have deleted it", isLasting: true))
        #expect(state.undoStack.isEmpty)
        #expect(state.message?.text.hasSuffix("; that undo is dropped") == true)
    }

    @Test("J/K and Shift-↓/↑ move past the neighbour; at the edges they say so and change nothing")
    func reordering() {
        var state = TUIFixture.loaded(TUIFixture.three)
        #expect(state.press(.character("K")).isEmpty)
        #expect(state.message?.text == "Already at the top.")
        #expect(state.press(.shiftUp).isEmpty)
        let down = Change.move(Reminder.Number(1), .pastNeighbour(up: false, includesCompleted: false))
        #expect(state.press(.character("J")) == [.apply(down, isUndo: false)])
        #expect(state.press(.shiftDown) == [.apply(down, isUndo: false)])
        state.press(.end)
        #expect(state.press(.shiftDown).isEmpty)
        #expect(state.message?.text == "Already at the bottom.")
        let up = Change.move(Reminder.Number(3), .pastNeighbour(up: true, includesCompleted: false))
        #expect(state.press(.shiftUp) == [.apply(up, isUndo: false)])
        #expect(state.press(.character("K")) == [.apply(up, isUndo: false)])
    }

    @Test("a move keeps the moved reminder selected one line up")
    func moveFollowsReminder() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.end, .character("K"))
        let moved = TUIFixture.three[2]
        let effects = state.handle(.applied(ChangeOutcome(change: .move(moved.number, .before(Reminder.Number(2))), isUndo: false,
                                                          inverse: .move(moved.number, .after(Reminder.Number(2))),
                                                          before: moved, after: moved)))
        guard case .loadWindow(let request)? = effects.first, case .around(let anchors) = request.placement else {
            Issue.record("no reload: \(effects)")
            return
        }
        #expect(anchors.first?.number == moved.number)
        #expect(state.preferredLine == 1)
    }

    @Test("smart lists cannot be reordered")
    func noReorderInSmartLists() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.scope = .smart(.all)
        state.press(.down)
        #expect(state.press(.character("K")).isEmpty)
        #expect(state.message?.text.contains("Reorder") == true)
    }

    @Test("Tab switches panes; in the sidebar ↓ opens the next entry from its first row")
    func sidebar() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.tab)
        #expect(state.focus == .sidebar)
        let effects = state.press(.down)
        #expect(state.sidebarItem == .list(TUIFixture.groceries.id))
        guard case .loadWindow(let request)? = effects.first else { Issue.record("no load"); return }
        #expect(request.scope == .list(TUIFixture.groceries.id))
        #expect(request.placement == .start)
        state.press(.home)
        #expect(state.scope == .smart(.today))
        #expect(state.press(.up).isEmpty) // already first
        state.press(.enter)
        #expect(state.focus == .table)
        state.press(.backTab)
        #expect(state.focus == .sidebar)
    }

    @Test("q quits; ? opens help, which scrolls and closes on any other key")
    func quitAndHelp() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("?"))
        #expect(state.mode == .help(scroll: 0))
        state.press(.down)
        #expect(state.mode == .help(scroll: 1))
        #expect(state.press(.character("q")).isEmpty) // closes help, does not quit
        #expect(state.mode == .browse)
        #expect(state.press(.character("q")) == [.quit])
        #expect(state.isQuitting)
    }

    @Test("f flags the selected reminder through an edit of the flag alone")
    func flag() {
        var state = TUIFixture.loaded(TUIFixture.three)
        guard case .apply(.edit(let number, let fields), false, _)? = state.press(.character("f")).first else {
            Issue.record("no edit")
            return
        }
        #expect(number == Reminder.Number(1))
        #expect(fields == ReminderFields(isFlagged: true))
    }

    @Test("completed reminders are hidden at first, as in tick list; c shows them and hides them again; the footer says which")
    func completedToggle() {
        var state = TUIFixture.loaded(TUIFixture.three)
        #expect(!state.showsCompleted)
        #expect(FrameBuilder(context: TUIFixture.context).frame(for: state).lines.first?.contains("c shows done") == true)
        guard case .loadWindow(let request)? = state.press(.character("c")).first else { Issue.record("no load"); return }
        #expect(request.showsCompleted)
        #expect(state.showsCompleted)
        #expect(FrameBuilder(context: TUIFixture.context).frame(for: state).lines.first?.contains("c hides done") == true)
        state.size = ScreenSize(width: 120, height: 24)
        #expect(FrameBuilder(context: TUIFixture.context).frame(for: state).lines.last?.contains("c hide done") == true)
        guard case .loadWindow(let again)? = state.press(.character("c")).first else { Issue.record("no load"); return }
        #expect(!again.showsCompleted)
    }
}
