import Testing
import TickModel

@Suite("Blank names and trimming")
struct NamesTests {
    @Test("blank: nothing left after white space and invisible characters", arguments: [
        "", " ", "\t\n\r", "\u{3000}", "\u{00A0}", "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{180E}",
        " \u{3000}\u{00A0}\u{200B}\t", "\u{2028}\u{2029}", "\u{00AD}",
        // BRAILLE PATTERN BLANK draws an empty cell, alone or with the Hangul fillers
        // (Default_Ignorable_Code_Point) a tester tried beside it.
        "\u{2800}", "\u{2800}\u{2800} ", "\u{3164}\u{2800}", "\u{2800}\u{FFA0}\u{115F}",
    ])
    func blank(text: String) throws {
        #expect(text.isBlank)
        #expect(text.trimmingWhiteSpace() == "")
        #expect(throws: ModelError.blankName(.reminderTitle)) { try Names.validated(text, as: .reminderTitle) }
        #expect(throws: ModelError.blankName(.listName)) { try Names.validated(text, as: .listName) }
    }

    @Test("not blank, and trimmed at both ends only", arguments: [
        ("Buy milk", "Buy milk"),
        ("  Buy milk  ", "Buy milk"),
        ("\u{3000}우유 사기\u{3000}", "우유 사기"),
        ("\u{00A0}a\u{00A0}b\u{00A0}", "a\u{00A0}b"),
        ("\u{200B}x\u{200B}", "x"), ("\u{2800}x\u{2800} ", "x"), ("a\u{2800}b", "a\u{2800}b"),
        ("x", "x"),
        ("🍞", "🍞"),
        ("\u{FEFF}Groceries\n", "Groceries"),
        ("e\u{301}", "e\u{301}"),
        // Invisible scalars of the last visible character stay: they change how it is drawn.
        ("❤\u{FE0F}", "❤\u{FE0F}"), (" Love ❤\u{FE0F} ", "Love ❤\u{FE0F}"), ("✈\u{FE0F}\u{200B}", "✈\u{FE0F}"),
        ("Scotland 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "Scotland 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"),
        ("👩\u{200D}💻\u{3000}", "👩\u{200D}💻"), ("x \u{FE0F}", "x"),
        // A prepended concatenation mark joins the space after it in one cluster; the space goes.
        ("x\u{0602} ", "x\u{0602}"), ("\u{0600}\u{3000}\u{200B} ", "\u{0600}"), ("a\u{0605} \u{200B}\u{00A0}", "a\u{0605}"),
    ])
    func trimmed(text: String, expected: String) throws {
        #expect(!text.isBlank)
        #expect(text.trimmingWhiteSpace() == expected)
        #expect(try Names.validated(text, as: .reminderTitle) == expected)
    }

    @Test("nothing that draws on its own: lone combining marks and control characters are refused", arguments: [
        "\u{301}", " \u{301}\u{308} ", "\u{20DD}", "\u{7}", "\u{1B}\u{7F}", "\u{200B}\u{301}", "\u{2800}\u{301}",
    ])
    func nothingVisible(text: String) {
        #expect(throws: ModelError.blankName(.reminderTitle)) { try Names.validated(text, as: .reminderTitle) }
        #expect(throws: ModelError.blankName(.listName)) { try Names.validated(text, as: .listName) }
    }

    @Test("a mark or control character beside a visible one is kept", arguments: [
        ("a\u{301}", "a\u{301}"), ("\u{301}a", "\u{301}a"), ("\u{1B}[31mred", "\u{1B}[31mred"), ("한\u{7}", "한\u{7}"),
        // Braille with dots is text.
        ("\u{2801}", "\u{2801}"),
    ])
    func markWithBase(text: String, expected: String) throws {
        #expect(try Names.validated(text, as: .reminderTitle) == expected)
    }

    @Test("the message says what is wrong and what to do")
    func message() {
        #expect(ModelError.blankName(.listName).description == "the list name is empty or only white space; give it some visible text")
    }
}

@Suite("List colors and priorities")
struct ColorAndPriorityTests {
    @Test("palette names, hex forms and Apple's #RRGGBBAA", arguments: [
        ("red", "#FF3B30"), ("ORANGE", "#FF9500"), ("grey", "#8E8E93"), ("#34c759", "#34C759"),
        ("34C759", "#34C759"), ("#fc0", "#FFCC00"), ("#007AFFFF", "#007AFF"), (" blue ", "#007AFF"),
    ])
    func colors(text: String, hex: String) {
        #expect(ListColor(parsing: text)?.hex == hex)
    }

    @Test("not colors", arguments: ["", "#", "mauve", "#12", "#12345", "#1234567", "#GGHHII", "ＲＥＤ"])
    func notColors(text: String) {
        #expect(ListColor(parsing: text) == nil)
    }

    @Test("iCalendar priority values read as levels (RFC 5545 3.8.1.9)", arguments: [
        (0, Priority.Level.none), (1, .high), (4, .high), (5, .medium), (6, .low), (9, .low),
    ])
    func levels(value: Int, level: Priority.Level) {
        #expect(Priority(iCalendarValue: value).level == level)
    }

    @Test("priorities order by importance")
    func order() {
        #expect(Priority.none < .low && Priority.low < .medium && Priority.medium < .high)
        #expect(Priority(iCalendarValue: 4) < Priority(iCalendarValue: 1))
    }
}
