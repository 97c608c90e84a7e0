import Testing
@testable import TickInterchange

/// Found by fuzz/arguments (see TickServerTests' `ScalarSyntaxTests`): a parameter value
/// or a property value that starts with a combining mark is one character with the `=` or
/// `:` before it.
@Suite("iCalendar parameters whose value starts with a combining mark")
struct ScalarSyntaxLineTests {
    @Test("each parameter is found, and the value after the colon is not read as one")
    func parameters() {
        let found = ICalendarLineSyntax.parameters("X-A;LANGUAGE=\u{301}en;B=c:\u{301}v;C=d")
        #expect(found.map(\.name) == ["LANGUAGE", "B"])
        #expect(found.map(\.text) == ["LANGUAGE=\u{301}en", "B=c"])
    }
}
