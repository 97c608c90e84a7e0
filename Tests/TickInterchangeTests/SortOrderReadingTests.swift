import Testing
@testable import TickInterchange

/// `ICalendarSortOrder.value(in:)` reads plain kept lines byte by byte: what it reads there is
/// what the general reading (the lines split into properties and components) reads.
@Suite("iCalendar: the kept sort order read fast")
struct SortOrderReadingTests {
    static let cases = [
        "X-APPLE-SORT-ORDER:42", "DTSTAMP:20261201T100000Z\nX-APPLE-SORT-ORDER:-7", "DTSTAMP:20261201T100000Z\r\nx-Apple-Sort-Order:818236800\r\n",
        "X-FOO;A=B:1\nX-APPLE-SORT-ORDER:5\nX-APPLE-SORT-ORDER:6", "DTSTAMP:20261201T100000Z", "X-APPLE-SORT-ORDER-2:4", "X-APPLE-SORT-ORDE:4",
        "X-APPLE-SORT-ORDER:", "X-APPLE-SORT-ORDER:4a", "X-APPLE-SORT-ORDER: 4", "X-APPLE-SORT-ORDER:+4", "X-APPLE-SORT-ORDER:-",
        "X-APPLE-SORT-ORDER:9999999999999999999", "X-APPLE-SORT-ORDER;X=1:4", "X-APPLE-SORT-ORDER:1:2", " X-APPLE-SORT-ORDER:4",
        "BEGIN:VALARM\nX-APPLE-SORT-ORDER:3\nEND:VALARM\nX-APPLE-SORT-ORDER:4", "BEGIN:VALARM\nX-APPLE-SORT-ORDER:3\nEND:VALARM",
        "no colon here\nX-APPLE-SORT-ORDER:4", "X-NOTE:a value: with X-APPLE-SORT-ORDER:9 in it\nX-APPLE-SORT-ORDER:4",
        "X-APPLE-SORT-ORDER:-000123", "\n\nX-APPLE-SORT-ORDER:12\n\n", "X-ÄPPLE:1\nX-APPLE-SORT-ORDER:4",
        "\r\nX-APPLE-SORT-ORDER:4", "X-APPLE-SORT-ORDER:123456789012345678", "X-APPLE-SORT-ORDER:1234567890123456789",
        "x-apple-sort-order:5", "X-FOO;\nX-APPLE-SORT-ORDER:8", "X-FOO\nX-APPLE-SORT-ORDER:8", "begin:VALARM\nend:VALARM\nX-APPLE-SORT-ORDER:2",
    ]

    @Test("the fast reading and the general one agree", arguments: cases)
    func agree(extras: String) {
        let general = ICalendarWriter.keptSortOrder(ICalendarExtras(extras))
        #expect(ICalendarSortOrder.value(in: extras) == general, "\(extras)")
        switch ICalendarSortOrder.plainValue(extras) {
        case .value(let value)?: #expect(value == general)
        case .none?: #expect(general == nil)
        case nil: break
        }
    }

    @Test("the lines a CalDAV import keeps are read fast")
    func plainLinesAreReadFast() {
        #expect(ICalendarSortOrder.plainValue("DTSTAMP:20261201T100000Z\nX-APPLE-SORT-ORDER:-7") == .value(-7))
        #expect(ICalendarSortOrder.plainValue("DTSTAMP:20261201T100000Z\nX-BENCH-EXTRA;P=1:kept") == ICalendarSortOrder.PlainReading.none)
        #expect(ICalendarSortOrder.plainValue("BEGIN:VALARM\nEND:VALARM") == nil)
    }
}
