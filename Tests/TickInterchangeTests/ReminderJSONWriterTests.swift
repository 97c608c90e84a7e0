import Foundation
import Testing
@testable import TickInterchange
import TickModel

/// `TickJSON.ReminderWriter` writes a reminder's object straight into bytes for exports
/// and `--json` listings; `TickJSON.object(for:listName:)` stays the definition of the
/// shape, so the two must give the same text, byte for byte, for every kind of field.
@Suite("Reminder JSON written directly")
struct ReminderJSONWriterTests {
    static let created = Date(timeIntervalSince1970: 1_796_040_000) // 2026-11-29T12:00:00Z

    static func reminder(_ number: Int64, _ title: String = "Buy milk") -> Reminder {
        Reminder(uid: ReminderUID("uid-\(number)"), number: .init(number), listID: .init(rawValue: "list-1"),
                 title: title, createdAt: created)
    }

    static var reminders: [Reminder] {
        var all: [Reminder] = []
        all.append(reminder(1))
        var full = reminder(2, "우유 사기 🥛 \"q\" back\\slash\ttab\u{7}bell\u{9B}c1\u{2028}")
        full.notes = "First line\nsecond line\r\n\ttabbed"
        full.due = .timed(Date(timeIntervalSince1970: 1_796_100_000), timeZone: "Asia/Seoul")
        full.start = .timed(Date(timeIntervalSince1970: 1_796_000_000), timeZone: "America/New_York")
        full.priority = .init(iCalendarValue: 1)
        full.isFlagged = true
        full.completedAt = Date(timeIntervalSince1970: 1_796_050_000.75)
        full.position = -4_096
        full.parentUID = ReminderUID("uid-1")
        full.tags = ["phone", "장소", "with space"]
        full.url = "https://example.org/?a=1&b=2"
        full.recurrence = RecurrenceRule(rruleValue: "FREQ=WEEKLY;BYDAY=MO,WE")
        full.recurrenceBasis = .completion
        full.alarms = [
            Alarm(uid: "a1", trigger: .relative(seconds: -600, toStart: false)),
            Alarm(uid: "a2", trigger: .absolute(Date(timeIntervalSince1970: 1_796_090_000)),
                  firedAt: Date(timeIntervalSince1970: 1_796_090_001)),
        ]
        full.iCalendarExtras = "X-CUSTOM;X-PARAM=value:kept\r\n"
        all.append(full)
        var allDay = reminder(3, "e\u{301}te\u{301}")
        allDay.due = .allDay(CalendarDay(year: 2026, month: 12, day: 24)!)
        allDay.start = .floating(LocalDateTime(day: CalendarDay(year: 2026, month: 12, day: 1)!, hour: 9, minute: 30)!)
        allDay.tags = ["one"]
        all.append(allDay)
        var zones = reminder(4)
        zones.due = .timed(Date(timeIntervalSince1970: 1_796_040_000), timeZone: "Not/A_Zone")
        zones.start = .timed(Date(timeIntervalSince1970: 1_782_000_000), timeZone: "Australia/Adelaide")
        zones.position = Int64(1) << 52
        all.append(zones)
        var utc = reminder(Int64(1) << 40)
        utc.due = .timed(Date(timeIntervalSince1970: -86_400 * 365), timeZone: "UTC")
        utc.modifiedAt = Date(timeIntervalSince1970: 0)
        all.append(utc)
        return all
    }

    @Test("each reminder's text is object(for:listName:)'s at every nesting level")
    func sameTextAsTheTree() {
        var writer = TickJSON.ReminderWriter()
        for reminder in Self.reminders {
            for (level, listName) in [(0, "Home" as String?), (1, nil), (2, "장보기 \"q\""), (nil, "Compact"), (nil, nil)] as [(Int?, String?)] {
                var direct = ByteBuffer(capacity: 16)
                writer.append(reminder, listName: listName, level: level, to: &direct)
                var expected: [UInt8] = []
                TickJSON.object(for: reminder, listName: listName).write(to: &expected, indent: level)
                #expect(String(decoding: direct.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                        "reminder \(reminder.number.rawValue) at level \(level.map(String.init) ?? "compact")")
            }
        }
    }

    @Test("an array of reminders is the tree's array, and [] when empty")
    func arrays() {
        let reminders = Self.reminders
        let expected = JSONValue.array(reminders.map { TickJSON.object(for: $0, listName: $0.number.rawValue == 2 ? nil : "L") }).serialized()
        #expect(TickJSON.arrayText(of: reminders) { $0.number.rawValue == 2 ? nil : "L" } == expected)
        #expect(TickJSON.arrayText(of: []) { _ in nil } == JSONValue.array([]).serialized())
    }
}
