import Foundation
import Testing
@testable import TickModel

@Suite("Due display")
struct DueFormatterTests {
    /// Monday 2026-11-30 12:00 in Seoul.
    static func seoul(_ locale: String) -> DueFormatter {
        DueFormatter(context: context("2026-11-30T03:00:00Z", "Asia/Seoul", locale: locale))
    }

    @Test("exact strings in en_US, ko_KR and de_DE; today, tomorrow and yesterday in the locale's language", arguments: [
        (allDay("2026-11-30"), "Today", "오늘", "Heute"),
        (allDay("2026-12-01"), "Tomorrow", "내일", "Morgen"),
        (allDay("2026-11-29"), "Yesterday", "어제", "Gestern"),
        (allDay("2026-12-03"), "Dec 3, 2026", "2026. 12. 3.", "03.12.2026"),
        (allDay("2027-01-15"), "Jan 15, 2027", "2027. 1. 15.", "15.01.2027"),
        (allDay("2026-11-28"), "Nov 28, 2026", "2026. 11. 28.", "28.11.2026"),
        (timed("2026-12-01T00:00:00Z", "Asia/Seoul"), "Tomorrow 9:00 AM", "내일 오전 9:00", "Morgen 09:00"),
        (timed("2026-12-03T08:30:00Z", "Asia/Seoul"), "Dec 3, 2026 5:30 PM", "2026. 12. 3. 오후 5:30", "03.12.2026 17:30"),
        (timed("2026-11-30T03:00:00Z", "Asia/Seoul"), "Today 12:00 PM", "오늘 오후 12:00", "Heute 12:00"),
        (Due.floating(local("2026-12-03T17:30:00")), "Dec 3, 2026 5:30 PM", "2026. 12. 3. 오후 5:30", "03.12.2026 17:30"),
        (Due.floating(local("2026-11-30T00:00:00")), "Today 12:00 AM", "오늘 오전 12:00", "Heute 00:00"),
    ])
    func locales(due: Due, english: String, korean: String, german: String) {
        #expect(Self.seoul("en_US").string(for: due) == english)
        #expect(Self.seoul("ko_KR").string(for: due) == korean)
        #expect(Self.seoul("de_DE").string(for: due) == german)
    }

    @Test("shorter forms for a narrow column: the short date with the time, then the date alone", arguments: [
        (allDay("2026-11-30"), [], []),
        (allDay("2026-12-01"), [], []),
        // Foundation's short and medium dates are the same in ko_KR: only the time goes.
        (allDay("2019-04-16"), ["4/16/19"], []),
        (timed("2026-12-01T00:00:00Z", "Asia/Seoul"), ["Tomorrow 9:00 AM", "Tomorrow"], ["내일 오전 9:00", "내일"]),
        (timed("2024-01-05T00:30:00Z", "Asia/Seoul"), ["1/5/24 9:30 AM", "1/5/24"], ["2024. 1. 5. 오전 9:30", "2024. 1. 5."]),
        (Due.floating(local("2026-12-03T17:30:00")), ["12/3/26 5:30 PM", "12/3/26"], ["2026. 12. 3. 오후 5:30", "2026. 12. 3."]),
    ])
    func shorter(due: Due, english: [String], korean: [String]) {
        #expect(Self.seoul("en_US").shorterStrings(for: due) == english)
        #expect(Self.seoul("ko_KR").shorterStrings(for: due) == korean)
        // Each is no wider than the full text.
        let full = Self.seoul("en_US").string(for: due)
        #expect(english.allSatisfy { $0.count <= full.count })
    }

    @Test("relative day words: a language without its own falls back to English", arguments: [
        ("en_US_POSIX", "Today"), ("fr_FR", "Aujourd’hui"), ("ja_JP", "今日"), ("fi_FI", "Today"), ("pt_BR", "Hoje"),
    ])
    func relativeWords(locale: String, today: String) {
        #expect(Self.seoul(locale).string(for: allDay("2026-11-30")) == today)
    }

    @Test("day boundaries follow the context zone, not UTC", arguments: [
        ("2026-11-28T14:59:00Z", "Nov 28, 2026 11:59 PM"),
        ("2026-11-28T15:00:00Z", "Yesterday 12:00 AM"),
        ("2026-11-29T14:59:00Z", "Yesterday 11:59 PM"),
        ("2026-11-29T15:00:00Z", "Today 12:00 AM"),
        ("2026-11-30T14:59:59Z", "Today 11:59 PM"),
        ("2026-11-30T15:00:00Z", "Tomorrow 12:00 AM"),
        ("2026-12-01T14:59:00Z", "Tomorrow 11:59 PM"),
        ("2026-12-01T15:00:00Z", "Dec 2, 2026 12:00 AM"),
    ])
    func boundaries(instant: String, expected: String) {
        let formatter = Self.seoul("en_US")
        #expect(formatter.string(for: timed(instant, "Asia/Seoul")) == expected)
        #expect(formatter.string(for: utc(instant)) == expected)
    }

    @Test("today is the day of now in the context zone", arguments: [
        ("2026-11-30T14:59:59Z", "2026-11-30", "Today"),   // 23:59:59 in Seoul
        ("2026-11-30T15:00:00Z", "2026-11-30", "Yesterday"), // 00:00 the next day in Seoul
        ("2026-11-30T15:00:00Z", "2026-12-01", "Today"),
        ("2026-11-30T15:00:00Z", "2026-12-02", "Tomorrow"),
    ])
    func todayMoves(now: String, dueDay: String, expected: String) {
        let formatter = DueFormatter(context: context(now, "Asia/Seoul"))
        #expect(formatter.string(for: allDay(dueDay)) == expected)
    }

    @Test("timed values are shown on the context zone's clock, whatever zone they carry")
    func otherZone() {
        // 2026-12-03 09:00 in Seoul is 2026-12-02 19:00 in New York.
        let newYork = DueFormatter(context: context("2026-12-02T17:00:00Z", "America/New_York"))
        #expect(newYork.string(for: timed("2026-12-03T00:00:00Z", "Asia/Seoul")) == "Today 7:00 PM")
        #expect(newYork.string(for: timed("2026-12-03T00:00:00Z", "Not/AZone")) == "Today 7:00 PM")
        // A floating time keeps its own wall clock.
        #expect(newYork.string(for: .floating(local("2026-12-03T09:00:00"))) == "Tomorrow 9:00 AM")
    }

    @Test("across a daylight-saving change the wall clock is right on both sides")
    func daylightSaving() {
        let newYork = DueFormatter(context: context("2026-03-07T17:00:00Z", "America/New_York"))
        #expect(newYork.string(for: utc("2026-03-08T06:59:00Z")) == "Tomorrow 1:59 AM")
        #expect(newYork.string(for: utc("2026-03-08T07:00:00Z")) == "Tomorrow 3:00 AM")
        #expect(newYork.string(for: utc("2026-03-08T13:00:00Z")) == "Tomorrow 9:00 AM")
        #expect(newYork.string(for: utc("2026-03-07T14:00:00Z")) == "Today 9:00 AM")
        #expect(newYork.string(for: utc("2026-11-01T05:30:00Z")) == "Nov 1, 2026 1:30 AM")
        #expect(newYork.string(for: utc("2026-11-01T06:30:00Z")) == "Nov 1, 2026 1:30 AM")
        #expect(newYork.string(for: utc("2026-11-01T14:00:00Z")) == "Nov 1, 2026 9:00 AM")
        #expect(newYork.string(for: utc("2026-07-04T16:00:00Z")) == "Jul 4, 2026 12:00 PM")
        #expect(newYork.string(for: utc("2025-12-25T17:00:00Z")) == "Dec 25, 2025 12:00 PM")
    }

    /// The remembered spans of constant UTC offset must agree with the zone at every
    /// instant, whatever order the instants come in.
    @Test("remembered UTC offsets agree with the zone", arguments: [
        ("America/New_York", "2026-03-01T00:00:00Z"), ("America/New_York", "2026-10-25T00:00:00Z"),
        ("Europe/Berlin", "2026-03-22T00:00:00Z"), ("Australia/Lord_Howe", "2026-03-29T00:00:00Z"),
        ("Asia/Kathmandu", "2026-01-01T00:00:00Z"), ("America/Sao_Paulo", "1985-10-01T00:00:00Z"),
        ("Europe/London", "1968-10-20T00:00:00Z"), ("Pacific/Apia", "2011-12-25T00:00:00Z"),
    ])
    func offsetSpans(zoneID: String, from: String) {
        let zone = zone(zoneID)
        let start = utc(from).timeIntervalSince1970
        let formatter = DueFormatter(context: DateContext(now: utc(from), timeZone: zone, locale: Locale(identifier: "en_US")))
        // Every 7 minutes for 14 days, visited in a scrambled but fixed order.
        let count = 14 * 24 * 60 / 7
        var mismatches = 0
        for step in 0..<count {
            let scrambled = (step * 1_237) % count // 1,237 is prime to count (2,880)
            let instant = Date(timeIntervalSince1970: start + TimeInterval(scrambled * 7 * 60))
            var wall = LocalDateTime(instant, in: zone)
            wall.second = 0
            if formatter.string(for: instant) != formatter.string(for: .floating(wall)) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("all-day values show no time")
    func allDayHasNoTime() {
        let formatter = Self.seoul("de_DE")
        #expect(formatter.string(for: allDay("2026-12-24")) == "24.12.2026")
        #expect(formatter.string(for: .floating(local("2026-12-24T00:00:00"))) == "24.12.2026 00:00")
    }

    @Test("completion instants", arguments: [
        ("2026-11-30T08:30:00Z", "Today 5:30 PM"), ("2026-11-12T23:05:00Z", "Nov 13, 2026 8:05 AM"),
    ])
    func instants(instant: String, expected: String) {
        #expect(Self.seoul("en_US").string(for: utc(instant)) == expected)
    }

    @Test("the C locale gives English dates and a 12-hour clock", arguments: ["C", "POSIX", ""])
    func posixLocale(name: String) {
        let context = DateContext(now: utc("2026-11-30T03:00:00Z"), timeZone: zone("Asia/Seoul"), locale: Locale(posixName: name))
        #expect(DueFormatter(context: context).string(for: timed("2026-12-03T08:30:00Z", "Asia/Seoul")) == "Dec 3, 2026 5:30 PM")
    }

    @Test("medium dates in the locales POSIX names give", arguments: [
        ("ko_KR.UTF-8", "2026. 12. 1."), ("de_DE@euro", "01.12.2026"), ("en_US", "Dec 1, 2026"),
        ("C", "Dec 1, 2026"), ("", "Dec 1, 2026"),
    ])
    func posixNames(name: String, expected: String) {
        let context = DateContext(now: utc("2026-06-01T00:00:00Z"), timeZone: zone("UTC"), locale: Locale(posixName: name))
        #expect(DueFormatter(context: context).string(for: allDay("2026-12-01")) == expected)
    }

    @Test("no-break spaces become plain spaces", arguments: ["en_US", "ko_KR", "de_DE", "fr_FR", "en_US_POSIX"])
    func plainSpaces(locale: String) {
        let text = Self.seoul(locale).string(for: timed("2026-12-03T08:30:00Z", "Asia/Seoul"))
        #expect(!text.unicodeScalars.contains { $0 == "\u{202F}" || $0 == "\u{00A0}" })
    }

    @Test("instants out of range do not crash")
    func extremes() {
        let formatter = Self.seoul("en_US")
        for seconds in [1e18, -1e18, .infinity, -.infinity, .nan, Date.distantFuture.timeIntervalSince1970] {
            #expect(!formatter.string(for: Date(timeIntervalSince1970: seconds)).isEmpty)
        }
        #expect(formatter.string(for: allDay("9999-12-31")) == "Dec 31, 9999")
        #expect(formatter.string(for: allDay("0001-01-01")).hasSuffix("1"))
    }

    /// The formatters run once per distinct day and time of day, never once per row.
    @Test("100,000 dues over 120 days format each day and time once")
    func memo() {
        let context = context("2026-11-30T03:00:00Z", "Asia/Seoul")
        let formatter = DueFormatter(context: context)
        let first = day("2026-10-01")
        var days = Set<CalendarDay>(), minutes = Set<Int>()
        for index in 0..<100_000 {
            let dueDay = first.adding(days: index % 120)
            let due: Due
            switch index % 3 {
            case 0:
                due = .allDay(dueDay)
            case 1:
                let wall = LocalDateTime(day: dueDay, hour: 9 + index % 9, minute: (index % 4) * 15) ?? local("2026-10-01T00:00:00")
                due = .timed(wall.instant(in: context.timeZone), timeZone: "Asia/Seoul")
                minutes.insert(wall.hour * 60 + wall.minute)
            default:
                let wall = LocalDateTime(day: dueDay, hour: 17, minute: 30) ?? local("2026-10-01T00:00:00")
                due = .floating(wall)
                minutes.insert(17 * 60 + 30)
            }
            days.insert(dueDay)
            #expect(!formatter.string(for: due).isEmpty)
        }
        // Today, tomorrow and yesterday are words, not formatter calls.
        #expect(formatter.formatterCallCount <= days.count + minutes.count)
        #expect(formatter.formatterCallCount >= days.count - 3)
    }
}

@Suite("Due as ISO 8601")
struct DueISO8601Tests {
    @Test("shapes", arguments: [
        (allDay("2026-12-03"), "2026-12-03"),
        (timed("2026-12-03T08:30:00Z", "Asia/Seoul"), "2026-12-03T17:30:00+09:00"),
        (timed("2026-12-03T17:30:00Z", "UTC"), "2026-12-03T17:30:00Z"),
        (timed("2026-12-03T22:30:00Z", "America/New_York"), "2026-12-03T17:30:00-05:00"),
        (timed("2026-07-01T21:30:00Z", "America/New_York"), "2026-07-01T17:30:00-04:00"),
        (timed("2026-12-03T12:00:00Z", "GMT+0530"), "2026-12-03T17:30:00+05:30"),
        (timed("2026-12-03T12:00:00Z", "Asia/Kolkata"), "2026-12-03T17:30:00+05:30"),
        (timed("2026-12-03T12:00:00Z", "Europe/London"), "2026-12-03T12:00:00Z"),
        (timed("2026-12-03T08:30:00Z", "Not/AZone"), "2026-12-03T08:30:00Z"),
        (Due.floating(local("2026-12-03T17:30:00")), "2026-12-03T17:30:00"),
    ])
    func shapes(due: Due, expected: String) {
        #expect(due.iso8601 == expected)
        #expect(DueFormatter(context: context("2026-11-30T03:00:00Z", "Asia/Seoul")).isoString(for: due) == expected)
    }

    @Test("fractions of a second are dropped, rounding down")
    func fractions() {
        #expect(Due.timed(Date(timeIntervalSince1970: utc("2026-12-03T08:30:00Z").timeIntervalSince1970 + 0.75),
                          timeZone: "Asia/Seoul").iso8601 == "2026-12-03T17:30:00+09:00")
        #expect(Due.timed(Date(timeIntervalSince1970: -0.5), timeZone: "UTC").iso8601 == "1969-12-31T23:59:59Z")
    }

    @Test("extreme instants are clamped, never a crash")
    func extremes() {
        #expect(Due.timed(Date(timeIntervalSince1970: .nan), timeZone: "UTC").iso8601 == "1970-01-01T00:00:00Z")
        #expect(Due.timed(Date(timeIntervalSince1970: 1e18), timeZone: "Asia/Seoul").iso8601.hasPrefix("9999-12-3"))
        #expect(Due.timed(Date(timeIntervalSince1970: -1e18), timeZone: "Asia/Seoul").iso8601.hasPrefix("0001-01-0"))
    }

    @Test("the grammar reads back what iso8601 writes", arguments: [
        timed("2026-12-03T08:30:00Z", "Asia/Seoul"), timed("2026-12-03T17:30:00Z", "UTC"),
        timed("2026-12-03T22:30:00Z", "GMT-0500"), timed("2026-12-03T12:00:00Z", "GMT+0530"), allDay("2028-02-29"),
        // Local mean time (+08:27:52 before 1908), written with `Z` (found by fuzz/apibody).
        timed("1900-06-01T03:00:00Z", "Asia/Seoul"),
    ])
    func roundTrip(due: Due) throws {
        #expect(try DateGrammar.parse(due.iso8601, in: context("2026-11-30T03:00:00Z", "Asia/Seoul")) == due)
    }
}
