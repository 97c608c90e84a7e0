import Testing
@testable import TickTUI

@Suite("TUI text field")
struct TextFieldTests {
    @Test("typing, moving and erasing by grapheme cluster")
    func editing() {
        var field = TextField()
        for character in "우유 사기" { _ = field.handle(.character(character)) }
        #expect(field.text == "우유 사기")
        _ = field.handle(.left)
        _ = field.handle(.backspace)
        #expect(field.text == "우유 기")
        _ = field.handle(.home)
        _ = field.handle(.delete)
        #expect(field.text == "유 기")
        _ = field.handle(.end)
        _ = field.handle(.control("w"))
        #expect(field.text == "유 ")
        _ = field.handle(.control("u"))
        #expect(field.isEmpty)
        let handled = field.handle(.enter)
        #expect(!handled)
    }

    @Test("a combining mark typed after a letter joins it")
    func combining() {
        var field = TextField()
        _ = field.handle(.character("e"))
        _ = field.handle(.character("\u{301}"))
        #expect(field.text == "e\u{301}")
        #expect(field.text.count == 1)
        #expect(field.cursor == 1)
        _ = field.handle(.backspace)
        #expect(field.isEmpty)
    }

    @Test("Ctrl-K erases to the end; backspace at the start and delete at the end do nothing")
    func edges() {
        var field = TextField("abc")
        _ = field.handle(.delete)
        #expect(field.text == "abc")
        _ = field.handle(.home)
        _ = field.handle(.backspace)
        #expect(field.text == "abc")
        _ = field.handle(.right)
        _ = field.handle(.control("k"))
        #expect(field.text == "a")
    }

    /// t57: ↑/↓ left a notes field of several lines from any line.
    @Test("moving a line up or down keeps the place in the line, or its end; past the first or last line it does not move")
    func lineMoves() {
        var field = TextField("첫 줄은 길다\nab\n마지막 줄", cursor: 5)   // in "첫 줄은 길다", after "첫 줄은 "
        var moved = field.moveLine(up: false)
        #expect(moved && field.cursor == 8 + 2)              // the end of "ab" (shorter)
        moved = field.moveLine(up: false)
        #expect(moved && field.cursor == 11 + 2)             // after "마지" of the last line
        moved = field.moveLine(up: false)
        #expect(!moved && field.cursor == 13)
        moved = field.moveLine(up: true)
        moved = moved && field.moveLine(up: true)
        #expect(moved && field.cursor == 2)
        moved = field.moveLine(up: true)
        #expect(!moved)
        var one = TextField("one line")
        let up = one.moveLine(up: true), down = one.moveLine(up: false)
        #expect(!up && !down)
    }
}
