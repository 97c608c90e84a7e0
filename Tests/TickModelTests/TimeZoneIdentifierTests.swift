import Foundation
import Testing
import TickModel

@Suite("TimeZoneIdentifier")
struct TimeZoneIdentifierTests {
    @Test("any text is an identifier and comes back unchanged", arguments: [
        "Asia/Seoul", "UTC", "GMT+0900", "America/Argentina/Buenos_Aires", "Custom Zone", "W. Europe Standard Time", "",
    ])
    func roundTrip(text: String) {
        let identifier = TimeZoneIdentifier(text)
        #expect(identifier.rawValue == text)
        #expect(identifier.description == text)
        #expect(TimeZoneIdentifier(rawValue: text) == identifier)
    }

    @Test("a Foundation zone gives its own identifier, and a known identifier gives that zone back")
    func knownZone() throws {
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        #expect(TimeZoneIdentifier(seoul) == "Asia/Seoul")
        #expect(TimeZoneIdentifier("Asia/Seoul").timeZone == seoul)
        #expect(TimeZoneIdentifier("Asia/Seoul").timeZone(or: .gmt) == seoul)
        #expect(TimeZoneIdentifier.utc.rawValue == "UTC")
        #expect(TimeZoneIdentifier.utc.timeZone?.secondsFromGMT() == 0)
        #expect(TimeZoneIdentifier("GMT+0900").timeZone?.secondsFromGMT() == 9 * 3600)
    }

    @Test("a zone a person names: an IANA name in any case, kept as the database spells it", arguments: [
        ("America/New_York", "America/New_York"), ("america/NEW_YORK", "America/New_York"), ("Asia/Seoul", "Asia/Seoul"),
        ("UTC", "UTC"),
    ])
    func namedZone(name: String, kept: String) throws {
        let found = try #require(TimeZoneIdentifier.zone(named: name))
        #expect(found.name.rawValue == kept)
        #expect(found.zone == TimeZone(identifier: kept))
    }

    @Test("no zone for text that is not a zone name, or a name Foundation does not know", arguments: [
        "Mars/Olympus", "", "+09:00", "America/New_York ", "../../etc/passwd", "America/../etc", "[America/New_York]", "Custom Zone",
    ])
    func notANamedZone(name: String) {
        #expect(TimeZoneIdentifier.zone(named: name) == nil)
    }

    @Test("equal and hashed by the exact text")
    func equality() {
        #expect(TimeZoneIdentifier("Asia/Seoul") == "Asia/Seoul")
        #expect(TimeZoneIdentifier("asia/seoul") != "Asia/Seoul")
        #expect(Set<TimeZoneIdentifier>(["UTC", .utc, "GMT"]).count == 2)
    }

    @Test("Codable as a plain JSON string, both ways")
    func codable() throws {
        let encoded = try JSONEncoder().encode([TimeZoneIdentifier("Asia/Seoul"), "Custom Zone"])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["Asia\/Seoul","Custom Zone"]"#
                || String(decoding: encoded, as: UTF8.self) == #"["Asia/Seoul","Custom Zone"]"#)
        let decoded = try JSONDecoder().decode([TimeZoneIdentifier].self, from: Data(#"["Europe/Berlin","X"]"#.utf8))
        #expect(decoded == ["Europe/Berlin", "X"])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([TimeZoneIdentifier].self, from: Data("[9]".utf8)) }
    }

    @Test("an identifier Foundation does not know is kept, and read as the caller's fallback, as before")
    func unknownZone() throws {
        let unknown = TimeZoneIdentifier("Custom Zone")
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        #expect(unknown.timeZone == nil)
        #expect(unknown.timeZone(or: seoul) == seoul)
        // 2026-12-01T15:30:00Z: Seoul's wall clock is already 2 December.
        let due = Due.timed(Date(timeIntervalSince1970: 1_796_139_000), timeZone: unknown)
        #expect(due.timeZone == nil)
        #expect(due.iso8601 == "2026-12-01T15:30:00Z")
        guard case .timed(_, let kept) = due else { Issue.record("not timed"); return }
        #expect(kept.rawValue == "Custom Zone")
        // Repeating, it moves on the wall clock of the user's zone and keeps its identifier.
        let daily = Reminder(listID: .init(rawValue: "L"), title: "t", due: due, recurrence: RecurrenceRule(rruleValue: "FREQ=DAILY"),
                             createdAt: Date(timeIntervalSince1970: 0))
        let next = daily.completingOccurrence(at: Date(timeIntervalSince1970: 1_796_139_000), in: seoul).reminder
        #expect(next.due == .timed(Date(timeIntervalSince1970: 1_796_139_000 + 86_400), timeZone: "Custom Zone"))
        let known = Due.timed(Date(timeIntervalSince1970: 1_796_139_000), timeZone: "Asia/Seoul")
        #expect(known.iso8601 == "2026-12-02T00:30:00+09:00")
    }

    @Test("an abbreviation is not a zone a person names: PST, BST, EST are refused, naming the zone meant; UTC and GMT are names")
    func abbreviations() {
        for (abbreviation, meant) in [("PST", "America/Los_Angeles"), ("BST", "Europe/London"), ("EST", "America/New_York")] {
            #expect(TimeZoneIdentifier.abbreviationMeaning(abbreviation) == meant)
            #expect(TimeZoneIdentifier.zone(named: abbreviation) == nil)
        }
        for name in ["UTC", "GMT", "Asia/Seoul", "america/new_york"] {
            #expect(TimeZoneIdentifier.abbreviationMeaning(name) == nil)
            #expect(TimeZoneIdentifier.zone(named: name) != nil, "\(name)")
        }
    }
}
