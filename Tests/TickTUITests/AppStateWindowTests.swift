import Foundation
import Testing
@testable import TickTUI
import TickModel
import TickTerminal
import TestSupport

@Suite("TUI state machine: windows, resizing, counts")
struct AppStateWindowTests {
    static let many = (1...60).map { TUIFixture.reminder(Int64($0), "Task \($0)") }

    @Test("moving near the end of what is read asks for the rows after it, once")
    func extendsDownward() {
        let all = (1...90).map { TUIFixture.reminder(Int64($0), "Task \($0)") }
        var state = TUIFixture.loaded(Array(all.prefix(60)), hasMoreAfter: true)
        #expect(!state.table.isExtending) // 60 rows leave more than a screen below
        var asked: [Effect] = []
        for _ in 0..<45 { asked += state.press(.down) }
        let extensions = asked.filter { if case .loadWindow(let r) = $0, case .after = r.placement { return true }; return false }
        #expect(extensions.count == 1)
        guard case .loadWindow(let request)? = extensions.first, case .after(let last) = request.placement else { return }
        #expect(last.number == Reminder.Number(60))
        _ = state.handle(.loadedWindow(WindowPage(request: request, rows: Array(all[60...]),
                                                  selectedIndex: 0, hasMoreBefore: false, hasMoreAfter: false)))
        #expect(state.table.rows.count == 90)
        #expect(!state.table.isExtending)
        #expect(state.table.selectedReminder?.number == Reminder.Number(46))
        state.press(.end)
        #expect(state.table.selectedReminder?.number == Reminder.Number(90))
    }

    @Test("walking up a long listing asks for rows a page at a time, not at every key")
    func extendsUpwardOncePerPage() {
        let all = (1...400).map { TUIFixture.reminder(Int64($0), "Task \($0)") }
        var state = TUIFixture.loaded(Array(all[300..<360]), hasMoreAfter: true)
        state.table.hasMoreBefore = true
        state.table.selected = 30
        state.table.top = 25
        var requests = 0
        for _ in 0..<200 {
            var pending = state.press(.up)
            while let effect = pending.first {
                pending.removeFirst()
                guard case .loadWindow(let request) = effect else { continue }
                switch request.placement {
                case .before(let first):
                    requests += 1
                    let index = all.firstIndex { $0.number == first.number } ?? 0
                    let rows = Array(all[max(0, index - request.limit)..<index])
                    pending += state.handle(.loadedWindow(WindowPage(request: request, rows: rows, selectedIndex: 0,
                                                                     hasMoreBefore: index - request.limit > 0, hasMoreAfter: true)))
                case .after(let last):
                    let index = (all.firstIndex { $0.number == last.number } ?? 0) + 1
                    let rows = Array(all[index..<min(all.count, index + request.limit)])
                    pending += state.handle(.loadedWindow(WindowPage(request: request, rows: rows, selectedIndex: 0,
                                                                     hasMoreBefore: true, hasMoreAfter: index + request.limit < all.count)))
                default:
                    break
                }
            }
        }
        #expect(state.table.selectedReminder?.number == Reminder.Number(131))
        #expect(requests <= 200 / (state.windowSize / 2) + 1)
        #expect(state.table.rows.count <= state.windowSize * 2)
    }

    @Test("an answer to an old request is dropped")
    func staleAnswer() {
        var state = TUIFixture.loaded(TUIFixture.three)
        let old = WindowRequest(scope: state.scope, showsCompleted: true, placement: .start, limit: 30, generation: state.generation - 1)
        _ = state.handle(.loadedWindow(WindowPage(request: old, rows: [], selectedIndex: 0, hasMoreBefore: false, hasMoreAfter: false)))
        #expect(state.table.rows.count == 3)
    }

    @Test("End on a long listing reads its last window; Home its first", arguments: [Key.end, .character("G")])
    func endAndHome(key: Key) {
        var state = TUIFixture.loaded(Array(AppStateWindowTests.many.prefix(30)), hasMoreAfter: true)
        guard case .loadWindow(let request)? = state.press(key).first else { Issue.record("no load"); return }
        #expect(request.placement == .end)
        _ = state.handle(.loadedWindow(WindowPage(request: request, rows: Array(AppStateWindowTests.many.suffix(30)),
                                                  selectedIndex: 29, hasMoreBefore: true, hasMoreAfter: false)))
        #expect(state.table.selectedReminder?.number == Reminder.Number(60))
        #expect(state.table.top == 30 - state.visibleRows)
        guard case .loadWindow(let back)? = state.press(.home).first else { Issue.record("no load"); return }
        #expect(back.placement == .start)
    }

    @Test("resizing keeps the selection on screen, down to 40×12 and below", arguments: [
        ScreenSize(width: 40, height: 12), ScreenSize(width: 80, height: 24), ScreenSize(width: 20, height: 6),
        ScreenSize(width: 10, height: 3), ScreenSize(width: 200, height: 60),
    ])
    func resize(size: ScreenSize) {
        var state = TUIFixture.loaded(Array(AppStateWindowTests.many.prefix(40)))
        state.press(.pageDown, .pageDown)
        _ = state.handle(.resize(size))
        #expect(state.size == size)
        #expect(state.table.selected >= state.table.top)
        #expect(state.table.selected < state.table.top + state.visibleRows)
        let frame = FrameBuilder(context: TUIFixture.context).frame(for: state)
        #expect(frame.rows.count == size.height)
        for line in frame.lines { #expect(TerminalText.width(of: line) == size.width) }
    }

    @Test("the help screen's scroll stays in range after a resize")
    func helpResize() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("?"))
        for _ in 0..<40 { state.press(.down) }
        _ = state.handle(.resize(ScreenSize(width: 80, height: 60)))
        #expect(state.mode == .help(scroll: 0))
    }

    @Test("counts follow the UI's own changes without reading the store")
    func countsFollowChanges() throws {
        var counts = SidebarCounts()
        let today = TUIFixture.context.today
        let zone = TUIFixture.context.timeZone
        let open = TUIFixture.reminder(1, "Pay rent", due: .allDay(today), flagged: true)
        counts.apply(replacing: nil, with: open, today: today, zone: zone)
        #expect(counts == SidebarCounts(today: 1, scheduled: 1, flagged: 1, all: 1, completed: 0, lists: [TUIFixture.home.id: 1]))
        var done = open
        done.completedAt = Fixture.now
        counts.apply(replacing: open, with: done, today: today, zone: zone)
        #expect(counts == SidebarCounts(today: 0, scheduled: 0, flagged: 0, all: 0, completed: 1, lists: [TUIFixture.home.id: 0]))
        var later = open
        later.due = .allDay(today.adding(days: 1))
        counts.apply(replacing: done, with: later, today: today, zone: zone)
        #expect(counts.today == 0)
        #expect(counts.scheduled == 1)
    }

    @Test("a tick looks for other processes' changes; a change reads everything again around the selection")
    func ticks() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.down)
        #expect(state.handle(.tick(Fixture.now.addingTimeInterval(1))) == [.checkForChanges])
        guard case .reloadAll(let request)? = state.handle(.changedElsewhere).first,
              case .around(let anchors) = request.placement else { Issue.record("no reload"); return }
        #expect(anchors.map(\.number) == [Reminder.Number(2)])
        // A new day changes Today: everything is read again.
        guard case .reloadAll? = state.handle(.tick(Fixture.now.addingTimeInterval(86_400))).first else {
            Issue.record("no reload at midnight")
            return
        }
    }
}
