import Foundation
import Testing
@testable import TickTUI
import TickModel
import TestSupport

@Suite("TUI state machine: add, detail, new list, search")
struct AppStateDialogTests {
    /// A tester: pasted text was keys, so a line break ended the dialog and the rest went to
    /// the list as commands. Pasted text (`Key.paste`, bracketed paste) is text in a field and
    /// nothing in the list.
    @Test("pasted text: one line in a title, lines in the notes, nothing done in the list")
    func pasted() {
        var state = TUIFixture.loaded(TUIFixture.three)
        #expect(state.press(.paste("d\n x")).isEmpty)
        #expect(state.mode == .browse && state.message?.text.hasPrefix("Pasted text goes into a field") == true)
        state.press(.character("a"))
        state.press(.paste("Buy\r\nmilk\tand\u{1B}[Abread\u{7}"))
        #expect(state.addDialog?.title.text == "Buy milk and[Abread")
        #expect(state.addDialog?.field == .title)
        state.press(.escape, .character("e"))
        state.press(.down)
        state.press(.paste("one\r\ntwo\rthree\tfour"))
        guard case .detail(let editor) = state.mode else {
            Issue.record("not in the detail view: \(state.mode)")
            return
        }
        #expect(editor.notes.text == "one\ntwo\nthree\tfour")
        #expect(editor.field == .notes)
    }

    @Test("a opens the add dialog with the placeholder; Esc cancels without a change")
    func addOpensAndCancels() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("a"))
        #expect(state.addDialog?.title.isEmpty == true)
        #expect(AddDialog.titlePlaceholder == "Write your task.")
        #expect(state.press(.escape).isEmpty)
        #expect(state.mode == .browse)
    }

    @Test("blank titles are refused; the dialog stays open with what was typed",
          arguments: ["", "   ", "\u{3000}", "\u{00A0}\u{200B}", "\t"])
    func blankTitle(title: String) {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("a"), .tab)
        state.type("tomorrow")
        state.press(.backTab)
        state.type(title)
        #expect(state.press(.enter).isEmpty)
        let dialog = state.addDialog
        #expect(dialog?.error?.contains("title is empty") == true)
        #expect(dialog?.due.text == "tomorrow")
        #expect(dialog?.title.text == title)
        #expect(dialog?.field == .title)
    }

    @Test("an unreadable due date is refused with the grammar's reason; the dialog stays open")
    func badDue() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("a"))
        state.type("우유 사기")
        state.press(.tab)
        state.type("blorp")
        #expect(state.press(.enter).isEmpty)
        #expect(state.addDialog?.error?.contains("blorp") == true)
        #expect(state.addDialog?.title.text == "우유 사기")
        #expect(state.addDialog?.field == .due)
        state.type("x")
        #expect(state.addDialog?.error == nil) // editing clears the message
    }

    @Test("a time the clocks skip is previewed moved forward, with a note saying so")
    func dueInGap() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.dateContext = DateContext(now: Fixture.now, timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt,
                                        locale: Locale(identifier: "en_US"))
        state.press(.character("a"))
        state.type("Gap")
        state.press(.tab)
        state.type("2026-03-29 02:30")
        let lines = FrameBuilder(context: state.dateContext).frame(for: state).lines
        #expect(lines.contains { $0.contains("Due: Mar 29, 2026 3:30 AM (02:30 is skipped by the clocks going forward)") },
                "\(lines.joined(separator: "\n"))")
        state.press(.control("u"))
        state.type("2026-03-29 03:30")
        #expect(!FrameBuilder(context: state.dateContext).frame(for: state).lines.contains { $0.contains("skipped") })
    }

    /// A tester: the detail view's Start field showed nothing of what it would save, where Due
    /// shows its date as it is typed.
    @Test("the detail view's Start field previews the date it will save, or why it cannot")
    func startPreview() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("e"))
        while case .detail(let editor) = state.mode, editor.field != .start { state.press(.tab) }
        state.type("dec 20 9am")
        var lines = FrameBuilder(context: state.dateContext).frame(for: state).lines
        #expect(lines.contains { $0.contains("Start: Dec 20, 2026 9:00 AM") }, "\(lines.joined(separator: "\n"))")
        state.press(.control("u"))
        lines = FrameBuilder(context: state.dateContext).frame(for: state).lines
        #expect(lines.contains { $0.contains("No start date") })
        state.type("someday soon")
        lines = FrameBuilder(context: state.dateContext).frame(for: state).lines
        #expect(!lines.contains { $0.contains("Start: ") } && !lines.contains { $0.contains("No start date") })
    }

    @Test("Enter adds a trimmed title with the due date the command line would read; the dialog closes when saved")
    func adding() throws {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("a"))
        state.type("  우유 사기  ")
        state.press(.tab)
        state.type("tomorrow 9am")
        let effects = state.press(.enter)
        let expectedDue = try DateGrammar.parse("tomorrow 9am", in: TUIFixture.context)
        let draft = ReminderDraft(title: "우유 사기", due: expectedDue, listID: TUIFixture.home.id)
        #expect(effects == [.apply(.add(draft), isUndo: false)])
        #expect(state.addDialog != nil) // open until the store says it is saved
        let added = TUIFixture.reminder(4, "우유 사기", due: expectedDue)
        let next = state.handle(.applied(ChangeOutcome(change: .add(draft), isUndo: false, inverse: .delete(added.number), after: added)))
        #expect(state.mode == .browse)
        #expect(state.counts.lists[TUIFixture.home.id] == 4)
        #expect(state.counts.scheduled == 1)
        #expect(state.undoStack.last?.change == .delete(added.number))
        // Where it went, as `tick add` says (a tester added from a view of another list).
        #expect(state.message?.text == "Added \u{201C}우유 사기\u{201D} to \u{201C}Reminders\u{201D}.")
        guard case .loadWindow(let request)? = next.first, case .around(let anchors) = request.placement else {
            Issue.record("no reload")
            return
        }
        #expect(anchors.first?.number == added.number)
    }

    @Test("a store failure while adding keeps the dialog and its text")
    func addFailure() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("a"))
        state.type("Buy bread")
        state.press(.enter)
        _ = state.handle(.failed("the database is busy"))
        #expect(state.addDialog?.title.text == "Buy bread")
        #expect(state.addDialog?.error == "the database is busy")
    }

    @Test("the add dialog's List field is reached with Tab (and ↑ from the title); ←/→ pick the list the reminder goes to")
    func addToAnotherList() throws {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("a"))
        state.type("우유 사기")
        state.press(.tab, .tab)
        #expect(state.addDialog?.field == .list)
        state.press(.right)
        #expect(state.addDialog?.listID == TUIFixture.groceries.id)
        state.press(.right)
        #expect(state.addDialog?.listID == TUIFixture.home.id)
        state.press(.left)
        #expect(state.addDialog?.title.text == "우유 사기", "keys on the list field do not type")
        state.press(.tab)
        #expect(state.addDialog?.field == .title)
        state.press(.up)
        #expect(state.addDialog?.field == .list)
        let screen = FrameBuilder(context: TUIFixture.context).frame(for: state).lines
        #expect(screen.contains { $0.contains("‹ ● 장보기 ›") }, "\(screen)")
        let effects = state.press(.enter)
        #expect(effects == [.apply(.add(ReminderDraft(title: "우유 사기", due: nil, listID: TUIFixture.groceries.id)), isUndo: false)])
    }

    @Test("added from Today a reminder is due today; from Flagged it is flagged")
    func addFromSmartLists() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.scope = .smart(.today)
        state.press(.character("a"))
        #expect(state.addDialog?.due.text == "today")
        state.press(.escape)
        state.scope = .smart(.flagged)
        state.press(.character("a"))
        #expect(state.addDialog?.isFlagged == true)
    }

    @Test("the detail view edits and clears every field")
    func detailEditsEverything() throws {
        var state = TUIFixture.loaded([TUIFixture.reminder(1, "Buy milk", due: .allDay(CalendarDay(year: 2026, month: 12, day: 3) ?? TUIFixture.context.today), flagged: true)])
        state.press(.character("e"))
        #expect(state.detailEditor?.due.text == "2026-12-03")
        state.press(.control("u"))
        state.type("Buy oat milk")
        state.press(.down) // notes
        state.type("2 liters")
        state.press(.down, .control("u")) // due cleared
        state.press(.down) // start: none
        state.press(.down, .right) // repeat: it does not repeat, so nothing to change
        state.press(.down, .right) // list → 장보기
        state.press(.down, .left) // priority none → high (wraps)
        state.press(.down, .character(" ")) // flag off
        let effects = state.press(.enter)
        let fields = ReminderFields(title: "Buy oat milk", notes: "2 liters", due: .some(nil), listID: TUIFixture.groceries.id,
                                    priority: .high, isFlagged: false)
        #expect(effects == [.apply(.edit(Reminder.Number(1), fields), isUndo: false)])
    }

    @Test("the detail view refuses a blank title and a bad date, and stays open")
    func detailRefuses() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("e"), .control("u"))
        state.type("\u{3000}")
        #expect(state.press(.enter).isEmpty)
        #expect(state.detailEditor?.error?.contains("title is empty") == true)
        state.press(.control("u"))
        state.type("Buy milk")
        state.press(.down, .down)
        state.type("feb 30")
        #expect(state.press(.enter).isEmpty)
        #expect(state.detailEditor?.field == .due)
        #expect(state.detailEditor?.error != nil)
    }

    @Test("an untouched detail view changes nothing; an untouched due field keeps a floating time floating")
    func detailUntouched() {
        let floating = LocalDateTime(day: TUIFixture.context.today, hour: 9, minute: 30).map(Due.floating)
        var state = TUIFixture.loaded([TUIFixture.reminder(1, "Stretch", due: floating)])
        state.press(.character("e"))
        #expect(state.press(.enter).isEmpty)
        #expect(state.mode == .browse)
        state.press(.character("e"), .down)
        state.type(" daily")
        guard case .apply(.edit(_, let fields), _, _)? = state.press(.enter).first else { Issue.record("no edit"); return }
        #expect(fields == ReminderFields(notes: " daily")) // only what was changed: the due date is not written
    }

    /// Another tick changed the database: the poll's reload of the window, which reads `rows`.
    static func reload(_ state: inout AppState, rows: [Reminder], sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .reloadAll(let request)? = state.handle(.changedElsewhere).first else {
            Issue.record("no reload", sourceLocation: sourceLocation)
            return
        }
        _ = state.handle(.loaded(Snapshot(lists: [TUIFixture.home, TUIFixture.groceries], counts: state.counts,
                                          page: WindowPage(request: request, rows: rows, selectedIndex: 0,
                                                           hasMoreBefore: false, hasMoreAfter: false))))
    }

    @Test("the detail view writes only the fields changed in it, and says when the reminder changed while open")
    func detailWritesOnlyChangedFields() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("e"))
        state.type(" now")
        // Another tick changes the notes; the poll reads the window again.
        var changed = TUIFixture.three
        changed[0].notes = "CLI notes"
        Self.reload(&state, rows: changed)
        #expect(state.detailEditor?.notice == DetailEditor.changedElsewhereNotice)
        #expect(state.detailEditor?.title.text == "Buy milk now") // what was typed stays
        #expect(state.detailEditor?.notes.text == "CLI notes") // a field not touched shows the stored value
        #expect(state.press(.enter) == [.apply(.edit(Reminder.Number(1), ReminderFields(title: "Buy milk now")), isUndo: false)])
    }

    /// A tester (t57): a title typed in the detail view while `tick edit --title` changed it was
    /// saved over the command line's title, which was never shown.
    @Test("a field typed in that another tick changed too: its value there is shown, and the first Enter asks before saving over it")
    func detailFieldChangedOnBothSides() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("e"))
        state.type(" now")
        var changed = TUIFixture.three
        changed[0].title = "CLI title"
        changed[0].notes = "CLI notes"
        Self.reload(&state, rows: changed)
        #expect(state.detailEditor?.title.text == "Buy milk now")
        #expect(state.detailEditor?.notes.text == "CLI notes")
        #expect(state.detailEditor?.notice == "Changed elsewhere while open: Title is now “CLI title” there; "
                + "Enter asks before saving yours over it, Esc keeps it.")
        // The whole notice is on screen at 80 columns, wrapped (t58: cut with "…").
        state.size = ScreenSize(width: 80, height: 24)
        let drawn = FrameBuilder(context: TUIFixture.context).frame(for: state).lines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(drawn.joined(separator: " ").contains("Enter asks before saving yours over it, Esc keeps it."), "\(drawn)")
        #expect(state.press(.enter).isEmpty)
        #expect(state.detailEditor?.error == "Title is now “CLI title” (changed elsewhere): Enter again saves yours over it, Esc keeps it")
        #expect(state.press(.enter) == [.apply(.edit(Reminder.Number(1), ReminderFields(title: "Buy milk now")), isUndo: false)])
        // Esc instead keeps the other value: nothing is written.
        var other = TUIFixture.loaded(TUIFixture.three)
        other.press(.character("e"))
        other.type(" later")
        Self.reload(&other, rows: changed)
        #expect(other.press(.escape).isEmpty)
        #expect(other.mode == .browse)
        // t75: and the fields typed in that were not changed elsewhere are saved, not dropped.
        var both = TUIFixture.loaded(TUIFixture.three)
        both.press(.character("e"))
        both.type(" mine")
        both.press(.down) // the notes
        both.type("my notes")
        var titleOnly = TUIFixture.three
        titleOnly[0].title = "CLI title"
        Self.reload(&both, rows: titleOnly)
        #expect(both.press(.enter).isEmpty) // asks
        #expect(both.press(.escape) == [.apply(.edit(Reminder.Number(1), ReminderFields(notes: "my notes")), isUndo: false)])
    }

    /// t75: at 40×15 the notes had one row.
    @Test("the detail view's notes take the rows the other fields leave, up to five")
    func notesUseTheRoomLeft() {
        for (width, height, shown) in [(40, 15, 2), (80, 24, 5), (40, 12, 1)] {
            var state = TUIFixture.loaded(TUIFixture.three, size: ScreenSize(width: width, height: height))
            state.press(.character("e"), .down)
            for line in 1...7 {
                state.type("n\(line)")
                if line < 7 { state.press(.control("j")) }
            }
            state.press(.up, .up, .up, .up, .up, .up) // the first line, in the field still
            let drawn = FrameBuilder(context: TUIFixture.context).frame(for: state).lines
            #expect(state.detailEditor?.notes.text == "n1\nn2\nn3\nn4\nn5\nn6\nn7")
            let noteRows = drawn.filter { line in (1...7).contains { line.contains("n\($0)") && !line.contains("n\($0)\($0)") } }
            #expect(noteRows.count == shown, "\(width)×\(height): \(drawn)")
        }
    }

    @Test("n makes a list: blank names refused, colors from the palette")
    func newList() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("n"))
        #expect(state.newListDialog?.colorIndex == ListColor.palette.firstIndex { $0.name == "blue" })
        state.type("  ")
        #expect(state.press(.enter).isEmpty)
        #expect(state.newListDialog?.error?.contains("list name is empty") == true)
        state.press(.control("u"))
        state.type("Work 🧰")
        state.press(.tab, .right, .right, .right, .right) // blue → gray → red (wraps)
        #expect(state.newListDialog?.colorIndex == 0)
        state.press(.left)
        state.press(.character("4")) // green
        let effects = state.press(.enter)
        #expect(effects == [.apply(.addList(name: "Work 🧰", color: ListColor.palette[3].color), isUndo: false)])
        let list = ReminderList(id: ReminderList.ID(rawValue: "L3"), name: "Work 🧰", position: 3, createdAt: Fixture.now)
        let next = state.handle(.applied(ChangeOutcome(change: .addList(name: "Work 🧰", color: list.color), isUndo: false,
                                                       inverse: .deleteList(list.id),
                                                       lists: [TUIFixture.home, TUIFixture.groceries, list], addedList: list)))
        #expect(state.scope == .list(list.id))
        #expect(state.sidebarItem == .list(list.id))
        #expect(next.count == 1)
    }

    @Test("/ searches; Esc leaves the results for the list shown before")
    func search() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("/"))
        state.type("milk")
        guard case .loadWindow(let request)? = state.press(.enter).first else { Issue.record("no search"); return }
        let milk = SearchQuery(clauses: [[SearchQuery.Term(.anywhere, "milk")]])
        #expect(request.scope == .search(milk))
        #expect(state.scope == .search(milk))
        state.press(.escape)
        #expect(state.scope == .list(TUIFixture.home.id))
        state.press(.character("/"))
        #expect(state.press(.enter).isEmpty) // empty search: nothing happens
        #expect(state.scope == .list(TUIFixture.home.id))
    }

    /// A tester: at 50 columns the header read `Search “milk”                    1 found  Esc ba…`
    /// (the query always took 24 cells, and the status after it was cut).
    @Test("the search header gives the query its own width, and the count and Esc back fit beside it")
    func searchHeaderFits() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.size = ScreenSize(width: 50, height: 12)
        state.press(.character("/"))
        state.type("milk")
        _ = state.press(.enter)
        let screen = FrameBuilder(context: TUIFixture.context).frame(for: state).lines
        let header = screen.first { $0.contains("Search") } ?? ""
        #expect(header.contains("Search “milk”  "), "\(screen)")
        #expect(header.contains("found  Esc back"), "\(screen)")
    }

    /// A tester (t57): at 80 columns the status line cut its messages with "…", most often
    /// their advice ("…nothing was changed, try again").
    @Test("a status message wider than the screen takes the hints' row too; one that fits leaves the hints")
    func longStatusMessage() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.size = ScreenSize(width: 80, height: 16)
        let busy = "the database is busy (another tick kept it locked too long: a long import or undo); nothing was changed, try again"
        state.message = StatusMessage(text: busy, isError: true)
        let lines = FrameBuilder(context: TUIFixture.context).frame(for: state).lines
        #expect(lines.count == 16)
        let last = lines.suffix(2).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(last.joined(separator: " ") == busy, "\(lines)")
        #expect(!lines.contains { $0.contains("…") }, "\(lines)")
        state.message = StatusMessage(text: "Nothing to undo.")
        let short = FrameBuilder(context: TUIFixture.context).frame(for: state).lines
        #expect(short[14].contains("Nothing to undo.") && short[15].contains("help") && short[15].contains("quit"), "\(short)")
        // Narrower than two lines hold: the second ends in "…" (t58: cut without a mark).
        state.size = ScreenSize(width: 40, height: 12)
        state.message = StatusMessage(text: busy, isError: true)
        let narrow = FrameBuilder(context: TUIFixture.context).frame(for: state).lines
        #expect(narrow.last?.trimmingCharacters(in: .whitespaces).hasSuffix("…") == true, "\(narrow)")
    }

    @Test("a search the prompt cannot read keeps the prompt and its text, says why in red, and loads nothing")
    func searchSyntaxError() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("/"))
        state.type("milk OR")
        #expect(state.press(.enter).isEmpty)
        guard case .search(let field) = state.mode else { Issue.record("the prompt closed"); return }
        #expect(field.text == "milk OR")
        #expect(state.message == StatusMessage(text: "Cannot read the search at character 6: 'OR' has nothing after it; to look for the word itself, write \"OR\".", isError: true))
        #expect(state.scope == .list(TUIFixture.home.id))
        state.press(.backspace)
        #expect(state.message == nil)
        state.type("R dentist")
        guard case .loadWindow(let request)? = state.press(.enter).first else { Issue.record("no search"); return }
        #expect(request.scope == .search(SearchQuery(clauses: [[SearchQuery.Term(.anywhere, "milk")], [SearchQuery.Term(.anywhere, "dentist")]])))
    }
}
