import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickInterchange

/// The export's byte path for reminders that keep no iCalendar lines
/// (`VTodoWriter.appendUnkept`) against the line path every reminder took before
/// (`VTodoWriter.lines(sortOrder:)`, each line checked and folded): the same bytes, for
/// every kind of value each field can hold.
@Suite("iCalendar export: the byte path")
struct VTodoBytesTests {
    static let list = ReminderList.ID(rawValue: "L")

    static let titles = [
        "Buy milk", "a,b;c\\d", "line\nbreak\r\nand\rmore", "tab\there", "control\u{01}inside", "delete\u{7F}",
        String(repeating: "한국어 제목 ", count: 14), String(repeating: "x", count: 74) + "é", "🎉 party ❤️", "\u{2028}sep",
    ]
    static let notes = ["", "Plain notes", "with\u{02}control", String(repeating: "ünïcödé ", count: 20), "a\r\nb"]
    static let urls: [String?] = [nil, "https://example.test/a?b=c;d,e", "https://x.test/\u{01}y", "https://x.test/\ny",
                                  "https://x.test/\u{2028}z"]
    static let instants = [Date(timeIntervalSince1970: 1_796_000_000.75), Date(timeIntervalSince1970: -62_135_596_800),
                           Date(timeIntervalSince1970: 253_402_300_799), Date(timeIntervalSince1970: 253_402_300_800)]
    static let dates: [Due?] = [
        nil, CalendarDay(year: 2026, month: 12, day: 5).map(Due.allDay), CalendarDay(year: 1, month: 1, day: 1).map(Due.allDay),
        CalendarDay(year: 2030, month: 2, day: 28).flatMap { LocalDateTime(day: $0, hour: 23, minute: 59, second: 59) }.map(Due.floating),
        .timed(Date(timeIntervalSince1970: 1_796_000_000), timeZone: .utc),
        .timed(Date(timeIntervalSince1970: 1_796_000_000), timeZone: TimeZoneIdentifier("America/New_York")),
        .timed(Date(timeIntervalSince1970: 1_796_000_000), timeZone: TimeZoneIdentifier("Asia/Seoul")),
        .timed(Date(timeIntervalSince1970: 1_796_000_000), timeZone: TimeZoneIdentifier("Mars/Olympus \"Mons\":1")),
        .timed(Date(timeIntervalSince1970: 253_402_300_800), timeZone: .utc),
    ]
    static let recurrences: [RecurrenceRule?] = [nil, RecurrenceRule(rruleValue: "FREQ=WEEKLY;BYDAY=MO,WE"),
                                                 RecurrenceRule(rruleValue: "FREQ=DAILY\n;COUNT=3")]
    static let tagSets: [[String]] = [[], ["errand"], ["a,b", "c;d", "한글", "e\\f"], ["tab\tx", "ctl\u{03}y"]]
    static let parents: [ReminderUID?] = [nil, "parent-1", "p,2;x"]
    static let alarmSets: [[Alarm]] = [
        [],
        [Alarm(uid: "a1", trigger: .relative(seconds: -900, toStart: false))],
        [Alarm(uid: "a2", trigger: .absolute(Date(timeIntervalSince1970: 1_796_000_000)), firedAt: Date(timeIntervalSince1970: 1_796_000_100)),
         Alarm(uid: "a,3", trigger: .absolute(Date(timeIntervalSince1970: 1_796_000_600)), isSnooze: true)],
        [Alarm(uid: "a4", trigger: .relative(seconds: 86_400, toStart: true))],
    ]

    /// Reminder `k` takes the `k`-th value of each field (cycling), so that every value
    /// of every field is written, in many combinations.
    static func reminder(_ k: Int) -> Reminder {
        func pick<T>(_ values: [T], _ stride: Int = 1) -> T { values[(k * stride) % values.count] }
        return Reminder(
            uid: ReminderUID(k % 7 == 3 ? "uid,with;escapes\\\(k)" : "uid-\(k)"), listID: list, title: pick(titles),
            notes: pick(notes, 3), due: pick(dates), start: pick(dates, 2),
            priority: Priority(iCalendarValue: k % 10), isFlagged: k % 3 == 0,
            completedAt: k % 4 == 1 ? pick(instants, 3) : nil, position: Int64(k * 1_024),
            parentUID: pick(parents), tags: pick(tagSets, 5), url: pick(urls, 7), recurrence: pick(recurrences),
            alarms: pick(alarmSets, 3), createdAt: pick(instants), modifiedAt: pick(instants, 5),
            recurrenceBasis: k % 5 == 2 ? .completion : .due)
    }

    /// What `lines(sortOrder:)` gives, checked and folded as `ListCalendar` wrote it.
    static func linePath(_ reminder: Reminder, sortOrder: Int64?, zones: ICalendarTimeZones) -> [UInt8] {
        var out: [UInt8] = []
        for line in VTodoWriter(reminder: reminder, extras: ICalendarExtras(""), zones: zones).lines(sortOrder: sortOrder) {
            ICalendarWriter.appendValid(line, to: &out)
        }
        return out
    }

    @Test("a reminder without kept lines is written to the same bytes by both paths")
    func sameBytes() throws {
        #expect(Self.dates.compactMap { $0 }.count == Self.dates.count - 1)
        try ICalendarWriter.loadLibrary()
        let zones = ICalendarTimeZones()
        var line: [UInt8] = []
        var checked = 0
        for k in 0..<180 {
            let reminder = Self.reminder(k)
            for sortOrder in [nil, Int64(k), Int64.min, Int64.max] as [Int64?] {
                var bytes: [UInt8] = []
                VTodoWriter.appendUnkept(reminder, sortOrder: sortOrder, zones: zones, line: &line, to: &bytes)
                let expected = Self.linePath(reminder, sortOrder: sortOrder, zones: zones)
                #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                        "reminder \(k), sort order \(String(describing: sortOrder))")
                #expect(bytes == expected)
                checked += 1
            }
        }
        #expect(checked == 720)
    }

    @Test("a whole export of reminders with and without kept lines is what the line path writes")
    func wholeExport() throws {
        try ICalendarWriter.loadLibrary()
        let list = ReminderList(id: Self.list, name: "Errands", createdAt: Date(timeIntervalSince1970: 0))
        var reminders = (0..<40).map(Self.reminder)
        // A kept line makes a reminder take the line path; the order numbers go on rising.
        reminders[7].iCalendarExtras = "X-KEPT:1"
        reminders[8].iCalendarExtras = "X-APPLE-SORT-ORDER:5"
        let text = ICalendarWriter().write(lists: [list], reminders: reminders)
        let vtodos = text.components(separatedBy: "BEGIN:VTODO\r\n").dropFirst()
        #expect(vtodos.count == 40)
        let zones = ICalendarTimeZones()
        var lastOrder = Int64.min
        for (k, written) in vtodos.enumerated() {
            let extras = ICalendarExtras(reminders[k].iCalendarExtras)
            let candidate = ICalendarWriter.keptSortOrder(extras) ?? reminders[k].position
            lastOrder = candidate > lastOrder ? candidate : lastOrder + 1
            var expected: [UInt8] = []
            for line in VTodoWriter(reminder: reminders[k], extras: extras, zones: zones).lines(sortOrder: lastOrder) {
                ICalendarWriter.appendValid(line, to: &expected)
            }
            let body = String(decoding: expected, as: UTF8.self).dropFirst("BEGIN:VTODO\r\n".count)
            #expect(written.hasPrefix(body), "reminder \(k)")
        }
    }
}
