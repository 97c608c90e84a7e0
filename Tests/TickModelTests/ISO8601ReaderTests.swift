import Foundation
import Testing
import TickModel

/// `Due.instant(fromISO8601:)` (TICK_NOW, Tick JSON import) and the date grammar
/// (`--due`) used to be two readers that disagreed: the first refused fractions of a
/// second and `±HH` offsets that the second read, and read the basic form
/// `20261201T090000Z` that the second refused. Both are now the one reader.
@Suite("One ISO 8601 reader")
struct ISO8601ReaderTests {
    @Test("TICK_NOW and JSON instants read what --due reads, to the same instant", arguments: [
        ("2026-12-01T09:00:00.250+09:00", 1_796_083_200.25),
        ("2026-12-01T09:00+09", 1_796_083_200.0),
        ("2026-12-01T09:00:00,5+0900", 1_796_083_200.5),
        ("2026-12-01 00:00Z", 1_796_083_200.0),
        ("2026-12-01t00:00:00z", 1_796_083_200.0),
        ("2026-11-30T20:30:00-03:30", 1_796_083_200.0),
    ])
    func agree(text: String, seconds: Double) throws {
        #expect(Due.instant(fromISO8601: text)?.timeIntervalSince1970 == seconds)
        let due = try DateGrammar.parse(text, in: DateContext(now: Date(timeIntervalSince1970: 1_795_953_600),
                                                               timeZone: TimeZone.gmt, locale: Locale(identifier: "en_US")))
        // A due date keeps whole seconds.
        #expect(due.sortInstant(in: TimeZone.gmt).timeIntervalSince1970 == seconds.rounded(.down))
    }

    @Test("neither reads an instant without an offset, the basic form, or a day that does not exist", arguments: [
        "2026-12-01T09:00:00", "20261201T090000Z", "2026-02-30T09:00:00Z", "2026-12-01T24:00:00Z",
        "2026-12-01T09:00:00+19:00", "2026-12-01T09:00:00Zjunk", "",
    ])
    func refused(text: String) {
        #expect(Due.instant(fromISO8601: text) == nil)
    }

    @Test("a leap second is read only in the last minute of a UTC day, as its second 59", arguments: [
        ("2026-12-31T23:59:60Z", 1_798_761_599.0), ("2027-01-01T08:59:60+09:00", 1_798_761_599.0),
        ("2026-12-31T18:29:60-05:30", 1_798_761_599.0), ("2026-12-31T23:59:60.5Z", 1_798_761_599.5),
        ("2027-01-01T05:29:60+05:30", 1_798_761_599.0),
    ])
    func leapSecond(text: String, seconds: Double) {
        #expect(Due.instant(fromISO8601: text)?.timeIntervalSince1970 == seconds)
    }

    /// Without its UTC offset a :60 cannot be told to fall in the last minute of a UTC day
    /// (a tester: with the minute alone checked, 10:59:60 in UTC passed and Kolkata's real
    /// leap second, 05:29:60, was refused).
    @Test("second 60 of another minute, or without a UTC offset, names no time, and says so", arguments: [
        "2026-12-31T10:30:60Z", "2026-12-31T23:59:60+09:00", "2026-12-31T23:58:60Z", "2026-12-31T10:30:60",
        "2026-12-31T23:59:60", "2026-12-31T10:59:60", "2027-01-01T05:29:60", "2027-01-01T05:29:60[Asia/Kolkata]",
        "2026-06-15T23:59:60[Asia/Tokyo]",
    ])
    func notALeapSecond(text: String) {
        #expect(Due.instant(fromISO8601: text) == nil)
        let context = DateContext(now: Date(timeIntervalSince1970: 1_795_953_600), timeZone: TimeZone.gmt, locale: Locale(identifier: "en_US"))
        #expect(throws: (any Error).self) { try DateGrammar.parse(text, in: context) }
        if !text.hasSuffix("]") {
            #expect(Due.iso8601Problem(text)?.contains("60 is a leap second, only with a UTC offset") == true, "\(text)")
        }
    }
}
