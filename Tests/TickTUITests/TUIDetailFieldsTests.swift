import Foundation
import Testing
@testable import TickTUI
import TickModel
import TickStore
import TestSupport

@Suite("TUI detail view: start date, URL and notes of several lines")
struct TUIDetailFieldsTests {
    @Test("Start reads the due date's words; URL is saved trimmed; only changed fields are written")
    func startAndURL() throws {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("e"), .down, .down, .down)
        #expect(state.detailEditor?.field == .start)
        state.type("dec 1")
        state.press(.up, .up, .up, .up) // round the top to the last field, URL
        #expect(state.detailEditor?.field == .url)
        state.type(" https://example.com/a ")
        let effects = state.press(.enter)
        let december1 = try #require(CalendarDay(year: 2026, month: 12, day: 1))
        let fields = ReminderFields(start: .some(.allDay(december1)), url: .some("https://example.com/a"))
        #expect(effects == [.apply(.edit(Reminder.Number(1), fields), isUndo: false)])
    }

    /// A tester: typing or Space on the Repeat row of a reminder that does not repeat did
    /// nothing, without a word (a rule is `tick edit --repeat`'s).
    @Test("a key on the Repeat row of a reminder that does not repeat says where a rule is set")
    func repeatRowSaysWhere() {
        for key in [Key.character(" "), .right, .left, .character("w")] {
            var state = TUIFixture.loaded(TUIFixture.three)
            state.press(.character("e"), .down, .down, .down, .down)
            #expect(state.detailEditor?.field == .repeats)
            #expect(state.detailEditor?.error == nil)
            state.press(key)
            #expect(state.detailEditor?.error == "a rule is set with tick edit 1 --repeat (here, a rule can be stopped)", "\(key)")
        }
    }

    @Test("an unreadable start date is refused in the view, naming it")
    func badStart() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("e"), .down, .down, .down)
        state.type("someday")
        #expect(state.press(.enter).isEmpty)
        #expect(state.detailEditor?.field == .start)
        #expect(state.detailEditor?.error?.contains("someday") == true)
    }

    @Test("Ctrl-J starts a new line in the notes; elsewhere it is Enter")
    func controlJ() {
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("e"), .down)
        state.type("2 liters")
        state.press(.control("j"))
        state.type("oat, not soy")
        #expect(state.detailEditor?.notes.text == "2 liters\noat, not soy")
        #expect(state.press(.control("j")).isEmpty, "in the notes it only types")
        let effects = state.press(.backTab, .control("j")) // on the title (↑ moves in the notes now): saves
        #expect(effects == [.apply(.edit(Reminder.Number(1), ReminderFields(notes: "2 liters\noat, not soy\n")), isUndo: false)])
        // ↑ and ↓ move between the notes' lines, and leave them past the first or last (t57).
        var lines = TUIFixture.loaded(TUIFixture.three)
        lines.press(.character("e"), .down)
        lines.type("one")
        lines.press(.control("j"))
        lines.type("two")
        lines.press(.up)
        #expect(lines.detailEditor?.field == .notes && lines.detailEditor?.notes.cursor == 3)
        lines.press(.down)
        #expect(lines.detailEditor?.field == .notes && lines.detailEditor?.notes.cursor == 7)
        lines.press(.down)
        #expect(lines.detailEditor?.field == .due)
        lines.press(.up)
        #expect(lines.detailEditor?.field == .notes)
        #expect(CursesTerminal.decode(character: 10) == .control("j"))
        #expect(CursesTerminal.decode(character: 13) == .enter)
    }

    /// A tester: in tmux with TERM=xterm-256color, End (`ESC [ 4 ~`) closed the form unsaved and
    /// its characters acted as list keys.
    @Test("an ESC sequence the terminal's description does not name is read to its end: a key, or nothing; ESC before another character is Escape, then that key")
    func escapeSequences() {
        /// The key the text after an ESC gives (nil: nothing), the keys it leaves to be read
        /// next, and what is left unread in the input.
        func read(_ input: String) -> (key: Key?, then: String, left: String) {
            var rest = input.unicodeScalars.map(\.value)[...]
            let (read, unread) = CursesTerminal.escapeSequence { rest.popFirst() }
            let key: Key? = if case .key(let key) = read { key } else { nil }
            func text(_ values: some Sequence<UInt32>) -> String { String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init))) }
            return (key, text(unread), text(rest))
        }
        #expect(read("") == (.escape, "", ""))
        #expect(read("[4~") == (.end, "", "") && read("[1~") == (.home, "", "") && read("[F") == (.end, "", "")
                && read("OH") == (.home, "", ""))
        #expect(read("[3~") == (.delete, "", "") && read("[6~") == (.pageDown, "", "") && read("[A") == (.up, "", ""))
        #expect(read("[1;5D") == (nil, "", "") && read("[200~x") == (nil, "", "x"), "Ctrl-← and a paste's start are read whole, nothing more")
        // Esc then q sent at once (a script, tmux's send-keys): Escape, then q.
        #expect(read("q") == (.escape, "q", ""))
        #expect(read("Ox") == (.escape, "Ox", ""))
        // In the form: typed text stays, the form stays open.
        var state = TUIFixture.loaded(TUIFixture.three)
        state.press(.character("e"))
        state.type("XY")
        if let key = read("[4~").key { state.press(key) }
        #expect(state.detailEditor?.title.text.hasSuffix("XY") == true)
    }

    @Test("notes show a line per row, up to five, scrolled to the cursor's line")
    func notesRows() throws {
        let notes = (1...8).map { "line \($0)" }.joined(separator: "\n")
        var reminder = TUIFixture.reminder(1, "Buy milk")
        reminder.notes = notes
        var state = TUIFixture.loaded([reminder])
        state.press(.character("e"), .down)
        let builder = FrameBuilder(context: TUIFixture.context)
        var frame = builder.frame(for: state)
        var lines = frame.lines
        #expect(lines.contains { $0.contains("Notes ↑") && $0.contains("line 4") })
        #expect(lines.contains { $0.contains("line 8") })
        #expect(!lines.contains { $0.contains("line 3") })
        let cursor = try #require(frame.cursor)
        #expect(lines[cursor.row].contains("line 8"))
        state.press(.home) // the start of the notes: the first lines show
        frame = builder.frame(for: state)
        lines = frame.lines
        #expect(lines.contains { $0.contains("›Notes") && $0.contains("line 1") })
        #expect(lines.contains { $0.contains("↓") && $0.contains("line 5") })
        #expect(frame.cursor?.row == lines.firstIndex { $0.contains("line 1") })
    }

    @Test("over a database: start, URL and two-line notes are saved through Actions.edit; a start after the due date is refused; u undoes")
    func session() throws {
        let due = try #require(CalendarDay(year: 2026, month: 11, day: 30))
        let harness = try SessionHarness { db, list in
            try db.insert(Reminder(listID: list.id, title: "Report", due: .allDay(due), createdAt: Fixture.now))
        }
        harness.press(.character("e"), .down)
        harness.type("first")
        harness.press(.control("j"))
        harness.type("second")
        harness.press(.down, .down)
        harness.type("dec 1")
        harness.press(.enter)
        #expect(harness.screen.contains("the start date"))
        #expect(try harness.reminder(1).start == nil, "refused: nothing saved")
        harness.press(.control("u"))
        harness.type("today")
        harness.press(.backTab, .backTab, .backTab, .backTab) // start → … → URL, the last field
        #expect(harness.session.state.detailEditor?.field == .url)
        harness.type("https://example.com")
        harness.press(.enter)
        var stored = try harness.reminder(1)
        #expect(stored.notes == "first\nsecond")
        #expect(stored.start == .allDay(TUIFixture.context.today))
        #expect(stored.url == "https://example.com")
        harness.press(.character("e"), .backTab, .control("u"), .enter) // clear the URL
        #expect(try harness.reminder(1).url == nil)
        harness.press(.character("u"), .character("u"))
        stored = try harness.reminder(1)
        #expect(stored.notes == "" && stored.start == nil && stored.url == nil)
    }
}

@Suite("TUI detail view on a short screen")
struct TUIDetailShortScreenTests {
    @Test("at 40×12 the form scrolls so that the last fields (Tags, URL) show when they have the cursor")
    func scrolls() throws {
        var state = TUIFixture.loaded(TUIFixture.three, size: ScreenSize(width: 40, height: 12))
        state.press(.character("e"))
        let builder = FrameBuilder(context: TUIFixture.context)
        #expect(builder.frame(for: state).lines.contains { $0.contains("›Title") })
        state.press(.up) // URL, the last field
        let frame = builder.frame(for: state)
        let row = try #require(frame.lines.firstIndex { $0.contains("›URL") })
        #expect(frame.cursor?.row == row)
        #expect(!frame.lines.contains { $0.contains("Title") })
    }
}
