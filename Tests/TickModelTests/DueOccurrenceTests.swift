import Foundation
import Testing
import TickModel

@Suite("Naming an occurrence by its date")
struct DueOccurrenceTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// 2026-12-01 09:00 in Seoul (00:00 UTC).
    var seoulMorning: Due { .timed(Date(timeIntervalSince1970: 1_796_083_200), timeZone: "Asia/Seoul") }
    func allDay(_ day: Int) -> Due { .allDay(CalendarDay(year: 2026, month: 12, day: day)!) }

    @Test("a date alone names a timed occurrence by the day in the occurrence's own zone, wherever the user is")
    func dayNamesTimed() {
        // In Berlin the instant is still 2026-11-30; the occurrence's own day is Dec 1.
        #expect(allDay(1).names(occurrence: seoulMorning, in: berlin))
        #expect(!allDay(30).names(occurrence: seoulMorning, in: berlin))
        #expect(allDay(2).isAfter(occurrence: seoulMorning, in: berlin))
        #expect(!allDay(1).isAfter(occurrence: seoulMorning, in: berlin))
    }

    @Test("timed dates name an occurrence by the instant")
    func instants() {
        let sameInstantInBerlin = Due.timed(Date(timeIntervalSince1970: 1_796_083_200), timeZone: "Europe/Berlin")
        let anHourLater = Due.timed(Date(timeIntervalSince1970: 1_796_086_800), timeZone: "Asia/Seoul")
        #expect(sameInstantInBerlin.names(occurrence: seoulMorning, in: berlin))
        #expect(!anHourLater.names(occurrence: seoulMorning, in: berlin))
        #expect(anHourLater.isAfter(occurrence: seoulMorning, in: berlin))
        #expect(!seoulMorning.isAfter(occurrence: anHourLater, in: berlin))
    }
}
