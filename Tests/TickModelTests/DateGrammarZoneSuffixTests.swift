import Foundation
import Testing
import TickModel

/// RFC 9557 time zone names after an ISO 8601 date and time (`…T09:00[America/New_York]`),
/// read against a context in another zone (Seoul), so that every zone in a result comes
/// from the text. Found by testers: the web app could only send a fixed offset, and a
/// weekly 09:00 in New York saved so moved to 08:00 or 10:00 when the clocks changed.
@Suite("Date grammar: time zone names in brackets")
struct DateGrammarZoneSuffixTests {
    /// Wednesday 2026-12-02 10:00 in Seoul (UTC+9, no DST).
    static let seoul = context("2026-12-02T01:00:00Z", "Asia/Seoul")

    @Test("a date and time with a zone name is that zone's wall clock, in that zone", arguments: [
        ("2026-12-05T09:00:00-05:00[America/New_York]", timed("2026-12-05T14:00:00Z", "America/New_York")),
        ("2026-12-05T09:00[America/New_York]", timed("2026-12-05T14:00:00Z", "America/New_York")),
        ("2026-12-05 09:00:30[America/New_York]", timed("2026-12-05T14:00:30Z", "America/New_York")),
        ("2026-12-05T09:00-0500[!America/New_York]", timed("2026-12-05T14:00:00Z", "America/New_York")),
        ("2026-12-05T09:00[america/NEW_YORK]", timed("2026-12-05T14:00:00Z", "America/New_York")),
        // Summer time: the same wall clock, another offset.
        ("2026-07-05T09:00[America/New_York]", timed("2026-07-05T13:00:00Z", "America/New_York")),
        ("2026-07-05T09:00-04:00[America/New_York]", timed("2026-07-05T13:00:00Z", "America/New_York")),
        ("2026-12-05T09:00Z[Europe/London]", timed("2026-12-05T09:00:00Z", "Europe/London")),
        ("2026-12-05T09:00+00:00[UTC]", timed("2026-12-05T09:00:00Z", "UTC")),
        ("2026-12-05T18:00+09:00[Asia/Seoul]", timed("2026-12-05T09:00:00Z", "Asia/Seoul")),
        // New York falls back on 2026-11-01: 01:30 happens twice; the offset says which, and
        // without one it is the first.
        ("2026-11-01T01:30-04:00[America/New_York]", timed("2026-11-01T05:30:00Z", "America/New_York")),
        ("2026-11-01T01:30-05:00[America/New_York]", timed("2026-11-01T06:30:00Z", "America/New_York")),
        ("2026-11-01T01:30[America/New_York]", timed("2026-11-01T05:30:00Z", "America/New_York")),
        // Local mean time (Seoul +08:27:52 in 1900) is written with Z, and reads back.
        ("1900-06-01T12:00Z[Asia/Seoul]", timed("1900-06-01T12:00:00Z", "Asia/Seoul")),
    ])
    func zoned(input: String, expected: Due) throws {
        let reading = try DateGrammar.read(input, in: Self.seoul)
        #expect(reading.due == expected)
        #expect(reading.due.timeZone?.identifier == expected.timeZone?.identifier)
        #expect(reading.skippedTime == nil)
        #expect(reading.wallClock == nil, "a zone name names an instant, not a floating wall clock")
    }

    @Test("what Due.iso8601 writes, with its zone in brackets, reads back to the same date")
    func roundTrip() throws {
        for due in [timed("2026-12-05T14:00:00Z", "America/New_York"), timed("2026-07-05T13:00:00Z", "Europe/Berlin"),
                    timed("1900-06-01T12:00:00Z", "Asia/Seoul"), timed("2026-11-01T06:30:00Z", "America/New_York")] {
            let text = due.iso8601 + "[" + (due.timeZone?.identifier ?? "") + "]"
            #expect(try DateGrammar.parse(text, in: Self.seoul) == due, "\(text)")
        }
    }

    @Test("a time a gap of the named zone skips is moved forward, and the reading says so")
    func gapInTheNamedZone() throws {
        // New York springs forward on 2026-03-08: 02:00-03:00 does not exist there (Seoul has no gap).
        let reading = try DateGrammar.read("2026-03-08T02:30[America/New_York]", in: Self.seoul)
        #expect(reading.due == timed("2026-03-08T07:30:00Z", "America/New_York"))
        #expect(reading.skippedTime?.description == "2026-03-08T02:30:00")
    }

    @Test("refused: an unknown zone, an offset the zone does not have, a day alone, a phrase, other brackets", arguments: [
        ("2026-12-05T09:00[Mars/Olympus]",
         "'Mars/Olympus' is not a time zone Tick knows; give an IANA name such as 'America/New_York' or 'Asia/Seoul'"),
        // Abbreviations are not names: Foundation read PST as a zone named PST, BST as UTC+6.
        ("2026-12-05T09:00[PST]", "'PST' is an abbreviation, not a time zone name; give the zone's IANA name, such as 'America/Los_Angeles'"),
        ("2026-07-05T09:00[BST]", "'BST' is an abbreviation, not a time zone name; give the zone's IANA name, such as 'Europe/London'"),
        ("2026-12-05T09:00[EST]", "'EST' is an abbreviation, not a time zone name; give the zone's IANA name, such as 'America/New_York'"),
        ("2026-12-05T09:00-04:00[America/New_York]",
         "the UTC offset -04:00 disagrees with the time zone America/New_York, where 2026-12-05T09:00:00 is at -05:00; "
            + "give the zone's offset, or leave the offset out"),
        ("2026-07-05T09:00Z[America/New_York]",
         "the UTC offset +00:00 disagrees with the time zone America/New_York, where 2026-07-05T09:00:00 is at -04:00; "
            + "give the zone's offset, or leave the offset out"),
        ("2026-12-05[America/New_York]",
         "'2026-12-05' is a day alone, which is all-day and has no time zone; give a time, as in "
            + "'2026-12-05T09:00[America/New_York]', or leave out the zone"),
        ("tomorrow 9am[America/New_York]",
         "'tomorrow 9am' is not an ISO 8601 date and time; a time zone in brackets follows one, as in '2026-12-05T09:00[America/New_York]'"),
        ("2026-12-05T09:00[+05:00]",
         "'[+05:00]' is not a time zone name; only an IANA name may be in brackets, as in '[America/New_York]' "
            + "(an offset goes after the time: '2026-12-05T09:00-05:00')"),
        ("2026-12-05T09:00[u-ca=gregory]",
         "'[u-ca=gregory]' is not a time zone name; only an IANA name may be in brackets, as in '[America/New_York]' "
            + "(an offset goes after the time: '2026-12-05T09:00-05:00')"),
        ("2026-12-05T09:00[]",
         "'[]' is not a time zone name; only an IANA name may be in brackets, as in '[America/New_York]' "
            + "(an offset goes after the time: '2026-12-05T09:00-05:00')"),
        ("2026-12-05T09:00[../etc/passwd]",
         "'[../etc/passwd]' is not a time zone name; only an IANA name may be in brackets, as in '[America/New_York]' "
            + "(an offset goes after the time: '2026-12-05T09:00-05:00')"),
        ("2026-12-05T09:00[America/New_York][u-ca=gregory]",
         "'[America/New_York][u-ca=gregory]' is not a time zone in brackets; write one IANA name at the end, as in "
            + "'2026-12-05T09:00[America/New_York]'"),
        ("2026-12-05T09:00[America/New_York",
         "'[America/New_York' is not a time zone in brackets; write one IANA name at the end, as in "
            + "'2026-12-05T09:00[America/New_York]'"),
        ("2026-12-05T25:00[America/New_York]",
         "'25:00' is not a time of day (hours 0 to 23, or 1 to 12 with am/pm; minutes 00 to 59)"),
        ("9999-12-31T23:00[Pacific/Kiritimati]", "it is outside the dates Tick handles (years 2 to 9998)"),
    ])
    func refused(input: String, reason: String) {
        #expect(throws: ModelError.invalidDate(input, reason: reason)) {
            try DateGrammar.parse(input, in: Self.seoul)
        }
    }

    @Test("the wall clock typed without an offset or a zone, for a floating date", arguments: [
        ("2026-12-05T09:00", "2026-12-05T09:00:00"),
        ("2026-12-05 09:00:30", "2026-12-05T09:00:30"),
        ("tomorrow 9am", "2026-12-03T09:00:00"),
        ("내일 오전 9시", "2026-12-03T09:00:00"),
        ("in 3 hours", "2026-12-02T13:00:00"),
        ("2026-12-05", nil), ("fri", nil),
        ("2026-12-05T09:00+09:00", nil), ("2026-12-05T09:00Z", nil), ("2026-12-05T09:00[Asia/Seoul]", nil),
    ])
    func wallClock(input: String, expected: String?) throws {
        #expect(try DateGrammar.read(input, in: Self.seoul).wallClock?.description == expected)
    }

    @Test("a floating wall clock keeps a time that a gap of the context zone skips")
    func wallClockInAGap() throws {
        let reading = try DateGrammar.read("2026-03-29 02:30", in: context("2026-03-28T11:00:00Z", "Europe/Berlin"))
        #expect(reading.wallClock?.description == "2026-03-29T02:30:00")
        #expect(reading.skippedTime?.description == "2026-03-29T02:30:00")
    }
}
