import Foundation
import Testing
import TickModel

@Suite("Supported dates: years 2 to 9998")
struct SupportedDatesTests {
    @Test("the grammar refuses dates outside years 2 to 9998 with the range in the reason, in any zone", arguments: [
        ("9999-01-01", "UTC"), ("9999-12-31 23:59", "UTC"), ("0001-12-31", "UTC"),
        ("0001-12-31 23:59", "Pacific/Kiritimati"), ("9999-01-01 00:00", "Etc/GMT+12"),
    ])
    func refused(text: String, zone: String) {
        #expect {
            try DateGrammar.parse(text, in: context("2026-11-29T12:00:00Z", zone))
        } throws: { error in
            (error as? ModelError)?.description.contains("outside the dates Tick handles (years 2 to 9998)") == true
        }
    }

    @Test("the first and last supported wall-clock times are accepted in the zones farthest east and west", arguments: [
        ("0002-01-01 00:00", "Pacific/Kiritimati"), ("0002-01-01 00:00", "Etc/GMT+12"),
        ("9998-12-31 23:59", "Pacific/Kiritimati"), ("9998-12-31 23:59", "Etc/GMT+12"),
        ("9998-12-31", "UTC"), ("0002-01-01", "UTC"),
    ])
    func accepted(text: String, zone: String) throws {
        let due = try DateGrammar.parse(text, in: context("2026-11-29T12:00:00Z", zone))
        #expect(SupportedDates.contains(due))
    }

    @Test("instants: 14 hours of margin around the years, and never NaN or infinity")
    func instants() {
        #expect(SupportedDates.contains(Date(timeIntervalSince1970: 253_370_764_800)))          // 9999-01-01T00:00Z
        #expect(!SupportedDates.contains(Date(timeIntervalSince1970: 253_370_764_800 + 14 * 3_600)))
        #expect(SupportedDates.contains(Date(timeIntervalSince1970: -62_104_060_800 - 14 * 3_600)))
        #expect(!SupportedDates.contains(Date(timeIntervalSince1970: -62_104_060_800 - 14 * 3_600 - 1)))
        #expect(!SupportedDates.contains(Date(timeIntervalSince1970: .nan)))
        #expect(!SupportedDates.contains(Date(timeIntervalSince1970: .infinity)))
    }

    @Test("a day before the Gregorian reform is shown as the proleptic Gregorian day it is, not the Julian one")
    func prolepticGregorianDisplay() throws {
        let formatter = DueFormatter(context: context("2026-11-29T12:00:00Z", "UTC"))
        #expect(formatter.string(for: .allDay(try #require(CalendarDay("0002-01-01")))) == "Jan 1, 2")
        #expect(formatter.string(for: .allDay(try #require(CalendarDay("1582-10-04")))) == "Oct 4, 1582")
    }
}
