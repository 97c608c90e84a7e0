import Testing
@testable import TickSync

/// Found by fuzz/arguments (see TickServerTests' `ScalarSyntaxTests`): an iCalendar value
/// that starts with a combining mark is one character with the colon before it.
@Suite("iCalendar lines whose value starts with a combining mark, in the sync merge")
struct ScalarSyntaxSyncTests {
    @Test("the property's name ends at the colon, and its value starts after it")
    func propertyName() {
        #expect(ICalendarMerge.Component.propertyName("SUMMARY:\u{301}x") == "SUMMARY")
        #expect(ICalendarMerge.Component.propertyName("summary;LANGUAGE=ko:\u{301}x") == "SUMMARY")
        let component = ICalendarMerge.Component(name: "VTODO", properties: ["UID:1", "SUMMARY:\u{301}x"], children: [])
        #expect(component.value(of: "SUMMARY") == "\u{301}x")
    }
}
