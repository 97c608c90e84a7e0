import Foundation
import Testing
@testable import TickTUI
import TickModel
import TickTerminal
import TestSupport

@Suite("TUI frames: widths in cells, columns, footer")
struct FrameBuilderTests {
    static let titles = [
        "우유 사기", "買い物リスト：牛乳と卵と食パンを買う", "👨‍👩‍👧 family dinner 🍝", "e\u{301}le\u{300}ve", "tab\there\u{1B}[31mred",
        "한국어 제목이 아주 길어서 잘려야 하는 경우의 예시입니다 정말 길어요", "🇰🇷🇯🇵🇺🇸 flags", "ＦＵＬＬＷＩＤＴＨ", "plain ascii title",
    ]

    static func state(size: ScreenSize, focus: AppState.Focus = .table) -> AppState {
        let today = TUIFixture.context.today
        let rows = titles.enumerated().map { offset, title in
            var reminder = TUIFixture.reminder(Int64(offset + 1), title, due: offset % 2 == 0 ? .allDay(today.adding(days: offset - 3)) : nil,
                                               flagged: offset % 3 == 0)
            reminder.priority = offset % 4 == 0 ? .high : .none
            reminder.recurrence = offset % 4 == 2 ? "FREQ=DAILY;INTERVAL=3" : nil
            return reminder
        }
        var state = TUIFixture.loaded(rows, size: size)
        state.focus = focus
        return state
    }

    @Test("every row is exactly the screen's width, whatever the titles", arguments: [
        ScreenSize(width: 80, height: 24), ScreenSize(width: 40, height: 12), ScreenSize(width: 59, height: 14),
        ScreenSize(width: 61, height: 14), ScreenSize(width: 120, height: 30), ScreenSize(width: 20, height: 6),
    ])
    func widths(size: ScreenSize) {
        for focus in [AppState.Focus.table, .sidebar] {
            var state = FrameBuilderTests.state(size: size, focus: focus)
            let builder = FrameBuilder(context: TUIFixture.context)
            for keys in [[Key](), [.character("?")], [.escape, .character("a")], [.escape, .character("e")], [.escape, .character("n")]] {
                for key in keys { _ = state.handle(.key(key)) }
                let frame = builder.frame(for: state)
                #expect(frame.rows.count == size.height)
                for (row, line) in frame.lines.enumerated() {
                    #expect(TerminalText.width(of: line) == size.width, "row \(row) in \(state.mode): \(line)")
                    let spanWidths = frame.rows[row].reduce(0) { $0 + $1.width }
                    #expect(spanWidths == size.width)
                    for span in frame.rows[row] { #expect(TerminalText.width(of: span.text) == span.width) }
                }
                if let cursor = frame.cursor {
                    #expect(cursor.row < size.height && cursor.column < size.width)
                }
            }
        }
    }

    @Test("repeating reminders show ↻ and their rule as tick list does; narrow screens keep the marker and never overflow",
          arguments: [(120, "↻ Every 3 days"), (80, "↻ Every 3 days"), (40, "↻")])
    func repeatMarker(width: Int, expected: String) {
        let frame = FrameBuilder(context: TUIFixture.context).frame(for: FrameBuilderTests.state(size: ScreenSize(width: width, height: 24)))
        let row = frame.lines.first { $0.contains("family") }
        #expect(row?.contains(expected) == true, "\(frame.lines.joined(separator: "\n"))")
        #expect(frame.lines.allSatisfy { TerminalText.width(of: $0) == width })
        #expect(frame.lines.filter { $0.contains("↻") }.count == 2) // rows 3 and 7 repeat, no others
    }

    @Test("user text never reaches the screen with control characters")
    func sanitized() {
        let frame = FrameBuilder(context: TUIFixture.context).frame(for: FrameBuilderTests.state(size: ScreenSize(width: 100, height: 24)))
        for line in frame.lines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        }
        #expect(frame.lines.contains { $0.contains("^[[31mred") })
    }

    @Test("due dates line up in one column in the medium date style; overdue ones are marked")
    func dueColumn() throws {
        let frame = FrameBuilder(context: TUIFixture.context).frame(for: FrameBuilderTests.state(size: ScreenSize(width: 80, height: 24)))
        var columns: Set<Int> = []
        for row in frame.rows {
            var column = 0
            for span in row {
                if column > Layout(ScreenSize(width: 80, height: 24)).tableX, span.text.hasPrefix("Nov ") || span.text.hasPrefix("Dec ") || span.text.hasPrefix("Today")
                    || span.text.hasPrefix("Yesterday") || span.text.hasPrefix("Tomorrow") {
                    columns.insert(column)
                }
                column += span.width
            }
        }
        #expect(columns.count == 1)
        let overdue = frame.rows.flatMap { $0 }.filter { $0.style.role == .overdue }.map { $0.text.trimmingCharacters(in: .whitespaces) }
        #expect(overdue == ["Nov 26, 2026", "Yesterday"])
        #expect(frame.lines.contains { $0.contains("Dec 2, 2026") })
    }

    @Test("a narrow window shows due dates short (11/26/26) rather than cut, as tick list does")
    func narrowDueDates() {
        let frame = FrameBuilder(context: TUIFixture.context).frame(for: FrameBuilderTests.state(size: ScreenSize(width: 30, height: 24)))
        let dues = frame.rows.flatMap { $0 }.filter { $0.style.role == .overdue || $0.text.contains("/26") }
            .map { $0.text.trimmingCharacters(in: .whitespaces) }
        #expect(dues.contains("11/26/26"), "\(frame.lines.joined(separator: "\n"))")
        #expect(dues.allSatisfy { !$0.contains("…") })
        let wide = FrameBuilder(context: TUIFixture.context).frame(for: FrameBuilderTests.state(size: ScreenSize(width: 80, height: 24)))
        #expect(wide.lines.contains { $0.contains("Nov 26, 2026") })
    }

    /// Found by a tester: "A very long list name …0", the count touching the cut name.
    @Test("a list name cut in the sidebar keeps a space before its count")
    func sidebarCountApart() {
        var state = AppState(size: ScreenSize(width: 80, height: 24), dateContext: TUIFixture.context)
        _ = state.start()
        let long = ReminderList(id: ReminderList.ID(rawValue: "L9"), name: "A very long list name that the sidebar cuts", position: 1,
                                createdAt: Fixture.now)
        var counts = SidebarCounts()
        counts.lists[long.id] = 7
        let page = WindowPage(request: WindowRequest(scope: state.scope, showsCompleted: true, placement: .start, limit: 30,
                                                     generation: state.generation),
                              rows: [], selectedIndex: 0, hasMoreBefore: false, hasMoreAfter: false)
        _ = state.handle(.loaded(Snapshot(lists: [long], counts: counts, page: page)))
        let frame = FrameBuilder(context: TUIFixture.context).frame(for: state)
        let row = frame.lines.last { $0.contains("A very long") }
        #expect(row?.contains("… 7") == true, "\(frame.lines.joined(separator: "\n"))")
    }

    @Test("the footer always shows help and quit, down to 40 columns", arguments: [40, 50, 80, 120])
    func footer(width: Int) {
        let frame = FrameBuilder(context: TUIFixture.context).frame(for: FrameBuilderTests.state(size: ScreenSize(width: width, height: 12)))
        let footer = frame.lines[11]
        #expect(footer.contains("? help"))
        #expect(footer.contains("q quit"))
        #expect(footer.contains("↑↓ move"))
        if width >= 80 {
            for hint in ["a add", "e edit", "d delete", "u undo", "Space done"] { #expect(footer.contains(hint)) }
        }
    }

    @Test("the help screen wraps long descriptions instead of cutting them, and scrolls to its end", arguments: [40, 60, 120])
    func helpWraps(width: Int) {
        var state = FrameBuilderTests.state(size: ScreenSize(width: width, height: 12))
        state.press(.character("?"))
        var seen: [String] = []
        for _ in 0..<80 {
            let frame = FrameBuilder(context: TUIFixture.context).frame(for: state)
            for line in frame.lines { #expect(TerminalText.width(of: line) <= width) }
            seen += frame.lines
            state.press(.down)
        }
        let text = seen.joined(separator: "\n")
        #expect(!text.contains("…"), "a help line was cut at \(width) columns")
        // The last line of the help is reached.
        #expect(text.contains("saved)"))
        #expect(text.contains("2026-12-24"))
    }

    @Test("below 60 columns one pane is shown at a time; from 60 both")
    func panes() {
        let narrow = FrameBuilder(context: TUIFixture.context).frame(for: FrameBuilderTests.state(size: ScreenSize(width: 40, height: 12)))
        #expect(!narrow.lines[2].contains("│"))
        #expect(narrow.lines[1].contains("우유 사기"))
        let sidebar = FrameBuilder(context: TUIFixture.context).frame(for: FrameBuilderTests.state(size: ScreenSize(width: 40, height: 12), focus: .sidebar))
        #expect(sidebar.lines.contains { $0.contains("Scheduled") })
        let wide = FrameBuilder(context: TUIFixture.context).frame(for: FrameBuilderTests.state(size: ScreenSize(width: 60, height: 12)))
        #expect(wide.lines[2].contains("│"))
        #expect(wide.lines.contains { $0.contains("Scheduled") })
    }

    @Test("the add dialog shows the placeholder and puts the cursor in the title field")
    func addDialog() {
        var state = FrameBuilderTests.state(size: ScreenSize(width: 40, height: 12))
        _ = state.handle(.key(.character("a")))
        let frame = FrameBuilder(context: TUIFixture.context).frame(for: state)
        #expect(frame.lines.contains { $0.contains("Write your task.") })
        let cursor = frame.cursor
        #expect(cursor?.row == 2)
        #expect(cursor?.column == 11)
        state.type("우유")
        let typed = FrameBuilder(context: TUIFixture.context).frame(for: state)
        #expect(typed.cursor?.column == 15) // two wide characters
    }

    @Test("a long field scrolls sideways to keep the cursor inside it")
    func fieldScrolls() {
        var field = TextField()
        for character in String(repeating: "가", count: 30) { _ = field.handle(.character(character)) }
        let view = FieldView(field, width: 11)
        #expect(view.cursorColumn <= 10)
        #expect(TerminalText.width(of: view.text) <= 11)
        _ = field.handle(.home)
        let start = FieldView(field, width: 11)
        #expect(start.cursorColumn == 0)
        #expect(start.text.hasPrefix("가"))
    }

    /// Found by a tester: a long line of notes in the detail view was cut at the edge
    /// without a sign that more follows.
    @Test("a field cut at an edge shows … there, never over the cursor", arguments: [
        ("Call the plumber about the kitchen sink", 0, 12, "Call the pl…", 0),
        ("Call the plumber about the kitchen sink", 39, 12, "…tchen sink", 11),
        // The cursor in the last cell: the right edge shows the text under it.
        ("Call the plumber about the kitchen sink", 20, 12, "…lumber abou", 11),
        ("Call the plumber about the kitchen sink", 5, 12, "Call the pl…", 5),
        ("short", 0, 12, "short", 0),
        ("가나다라마바사아자차", 0, 9, "가나다라…", 0),
        // A wide character cut at the left leaves its second cell blank: nothing moves.
        ("가나다라마바사아자차", 10, 9, "… 아자차", 8),
    ])
    func fieldCutShowsEllipsis(text: String, cursor: Int, width: Int, shown: String, column: Int) {
        var field = TextField()
        for character in text { _ = field.handle(.character(character)) }
        _ = field.handle(.home)
        for _ in 0..<cursor { _ = field.handle(.right) }
        let view = FieldView(field, width: width)
        #expect(view.text == shown)
        #expect(view.cursorColumn == column)
        #expect(TerminalText.width(of: view.text) <= width)
    }
}
