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
}
