import Foundation
import Testing
import TickModel
import TestSupport

@Suite("AlarmDefaults: when an alarm set at a date rings")
struct AlarmDefaultsTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt
    static let december1 = Due.allDay(CalendarDay(year: 2026, month: 12, day: 1) ?? CalendarDay(daysSinceEpoch: 0))

    @Test("a date alone rings at the all-day alarm time in the user's zone; 09:00 when all-day alarms are off")
    func allDay() {
        let nine = Date(timeIntervalSince1970: 1_796_083_200) // 2026-12-01T00:00:00Z
        #expect(AlarmDefaults().ringInstant(for: Self.december1, in: Self.seoul) == nine)
        #expect(AlarmDefaults(allDayOffset: nil).ringInstant(for: Self.december1, in: Self.seoul) == nine)
        #expect(AlarmDefaults(allDayOffset: 8 * 3_600 + 30 * 60).ringInstant(for: Self.december1, in: Self.seoul)
                == nine.addingTimeInterval(-1_800))
    }

    @Test("a date and time rings then; a floating one at that wall-clock time in the user's zone")
    func timed() throws {
        let local = try #require(LocalDateTime("2026-12-01T18:00"))
        #expect(AlarmDefaults().ringInstant(for: .timed(Fixture.now, timeZone: "Europe/Berlin"), in: Self.seoul) == Fixture.now)
        #expect(AlarmDefaults().ringInstant(for: .floating(local), in: Self.seoul) == local.instant(in: Self.seoul))
    }
}
