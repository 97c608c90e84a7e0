import Testing
@testable import TickInterchange

/// Kept lines compared by what they say, as a re-import must.
@Suite("iCalendar kept lines")
struct ICalendarKeptLinesTests {
    @Test("the same", arguments: [
        ("", "DTSTAMP:20261129T120000Z\nX-APPLE-SORT-ORDER:1024"),
        ("SEQUENCE:1\nLOCATION:x\nSTATUS:IN-PROCESS", "DTSTAMP:19960817T133000Z\nSEQUENCE:2\nSTATUS:IN-PROCESS\nLOCATION:x"),
        ("BEGIN:VTIMEZONE\nTZID:A\nEND:VTIMEZONE\nMETHOD:PUBLISH", "METHOD:PUBLISH\nBEGIN:VTIMEZONE\nTZID:A\nEND:VTIMEZONE"),
        // Components in another order (the writer puts the alarms' VALARMs first; a tester).
        ("BEGIN:VALARM\nACTION:AUDIO\nEND:VALARM\nBEGIN:VALARM\nACTION:EMAIL\nEND:VALARM",
         "BEGIN:VALARM\nACTION:EMAIL\nEND:VALARM\nBEGIN:VALARM\nACTION:AUDIO\nEND:VALARM"),
    ])
    func same(first: String, second: String) {
        #expect(ICalendarKeptLines.sayTheSame(first, second))
    }

    @Test("different", arguments: [
        ("LOCATION:x", "LOCATION:y"),
        ("EXDATE:20260101\nEXDATE:20260102", "EXDATE:20260102\nEXDATE:20260101"),
        ("", "CLASS:PRIVATE"),
        ("BEGIN:VALARM\nACTION:AUDIO\nEND:VALARM\nBEGIN:VALARM\nACTION:EMAIL\nEND:VALARM",
         "BEGIN:VALARM\nACTION:EMAIL\nEND:VALARM\nBEGIN:VALARM\nACTION:AUDIO\nTRIGGER:-PT5M\nEND:VALARM"),
        ("BEGIN:VALARM\nACTION:AUDIO\nEND:VALARM", "BEGIN:VALARM\nACTION:AUDIO\nEND:VALARM\nBEGIN:VALARM\nACTION:AUDIO\nEND:VALARM"),
    ])
    func different(first: String, second: String) {
        #expect(!ICalendarKeptLines.sayTheSame(first, second))
    }
}
