import Foundation
import Testing
import TestSupport
import TickModel
import TickPostgres
@testable import TickServer

/// The smart lists by date (`today`, `scheduled`, `overdue`) on PostgreSQL give what the
/// single-user server gives on SQLite: the same reminders in the same order, page by page,
/// and the same counts beside them, for all-day, floating and timed due dates around the
/// day's edges, seen from zones on both sides of UTC.
@Suite("The smart lists by date on PostgreSQL, as on SQLite", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresDueListingTests {
    /// The due dates of the reminders: each title says its due date.
    static func dues() -> [(String, Due?)] {
        func day(_ text: String) -> Due { .allDay(CalendarDay(text)!) }
        func floating(_ text: String) -> Due { .floating(LocalDateTime(text)!) }
        func timed(_ text: String, _ zone: String) -> Due {
            .timed(ISO8601DateFormatter().date(from: text)!, timeZone: TimeZoneIdentifier(zone))
        }
        return [
            ("all-day 11-20", day("2026-11-20")), ("all-day 11-28", day("2026-11-28")), ("all-day 11-29", day("2026-11-29")),
            ("all-day 11-29 again", day("2026-11-29")), ("all-day 11-30", day("2026-11-30")), ("all-day 12-01", day("2026-12-01")),
            ("all-day 2027-03-01", day("2027-03-01")),
            ("floating 11-29 08:00", floating("2026-11-29T08:00:00")), ("floating 11-29 23:30", floating("2026-11-29T23:30:00")),
            ("floating 11-30 00:30", floating("2026-11-30T00:30:00")), ("floating 11-28 22:00", floating("2026-11-28T22:00:00")),
            ("timed 11-29 11:00Z Seoul", timed("2026-11-29T11:00:00Z", "Asia/Seoul")),
            ("timed 11-29 13:00Z Seoul", timed("2026-11-29T13:00:00Z", "Asia/Seoul")),
            ("timed 11-29 16:00Z LA", timed("2026-11-29T16:00:00Z", "America/Los_Angeles")),
            ("timed 11-30 05:00Z LA", timed("2026-11-30T05:00:00Z", "America/Los_Angeles")),
            ("timed 11-30 09:00Z UTC", timed("2026-11-30T09:00:00Z", "UTC")),
            ("timed 11-28 20:00Z UTC", timed("2026-11-28T20:00:00Z", "UTC")),
            ("timed 12-01 01:00Z Seoul", timed("2026-12-01T01:00:00Z", "Asia/Seoul")),
            ("no due", nil),
        ]
    }

    /// The same reminders in both stores, in two lists; one dated reminder completed.
    static func fill(sqlite: ServiceHarness, postgres: PostgresServiceHarness) throws {
        let user = try #require(try postgres.accounts.users().first { $0.user.name == "ann" }?.user.id)
        let store = PostgresStore(pool: postgres.accounts.pool, user: user)
        for (index, (title, due)) in dues().enumerated() {
            let completed = index == 2 ? Fixture.now : nil
            try sqlite.store.write { db in
                let lists = try db.lists()
                let list = index % 3 == 0 && lists.count > 1 ? lists[1] : lists[0]
                _ = try db.insert(Reminder(listID: list.id, title: title, due: due, completedAt: completed, createdAt: Fixture.now))
            }
            try store.write { db in
                _ = try db.ensureFirstList(createdAt: Fixture.now)
                let lists = try db.lists()
                let list = index % 3 == 0 && lists.count > 1 ? lists[1] : lists[0]
                _ = try db.insert(Reminder(listID: list.id, title: title, due: due, completedAt: completed, createdAt: Fixture.now),
                                  keepingNumber: false, keepingPosition: false)
            }
            if index == 0 {
                // A second list, placed before the first, so that ties show the lists' order.
                #expect(sqlite.send("POST", "/api/v1/lists", json: #"{"name":"Errands"}"#).status == 201)
                #expect(postgres.send("POST", "/api/v1/lists", json: #"{"name":"Errands"}"#).status == 201)
            }
        }
    }

    /// Every title of a smart list, read `limit` at a time through the cursors (with its
    /// completed reminders when `completed`).
    static func titles(_ smart: String, limit: Int, completed: Bool = false,
                       send: (String, [String: String]) -> HTTPResponse) -> [String] {
        var titles: [String] = []
        var query = ["limit": String(limit)]
        if completed { query["completed"] = "true" }
        for _ in 0..<50 {
            let page = ServiceHarness.object(send("/api/v1/smart/" + smart, query))
            titles += (page["reminders"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            guard let next = page["nextCursor"] as? String else { return titles }
            query["cursor"] = next
        }
        return titles
    }

    /// The counts beside the smart lists, by id.
    static func counts(_ response: HTTPResponse) -> [String: Int] {
        let smart = ServiceHarness.object(response)["smartLists"] as? [[String: Any]] ?? []
        return Dictionary(smart.compactMap { list in (list["id"] as? String).map { ($0, list["count"] as? Int ?? -1) } },
                          uniquingKeysWith: { first, _ in first })
    }

    @Test("today, scheduled and overdue: the same rows, order, pages and counts as SQLite",
          arguments: ["UTC", "Asia/Seoul", "America/Los_Angeles"], [0.0, 11.5 * 3600, -12.5 * 3600])
    func sameAsSQLite(zone: String, shift: TimeInterval) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let sqlite = try ServiceHarness(timeZone: timeZone)
        let postgres = try PostgresServiceHarness(timeZone: timeZone)
        try Self.fill(sqlite: sqlite, postgres: postgres)
        let now = Fixture.now.addingTimeInterval(shift)
        sqlite.clock.set(now)
        postgres.clock.set(now)
        for smart in ["today", "scheduled", "overdue"] {
            let whole = Self.titles(smart, limit: 500) { sqlite.send("GET", $0, query: $1) }
            #expect(!whole.isEmpty, "\(smart) in \(zone)")
            #expect(!whole.contains("no due") && !whole.contains("all-day 11-29"), "\(smart): an undated or completed reminder")
            for limit in [500, 3, 1] {
                #expect(Self.titles(smart, limit: limit) { postgres.send("GET", $0, query: $1) } == whole,
                        "\(smart) in \(zone) at \(now), \(limit) at a time")
            }
        }
        #expect(Self.counts(postgres.send("GET", "/api/v1/lists")) == Self.counts(sqlite.send("GET", "/api/v1/lists")))
    }

    /// Apple's Show Completed (`?completed=true`), as `tick list … --completed`: Today adds
    /// the done ones due today (the local day), Scheduled every done dated one, Flagged and
    /// All theirs in their places; the same on both stores, page by page.
    @Test("with ?completed=true, today, scheduled, flagged and all: the same rows, order and pages as SQLite",
          arguments: ["UTC", "Asia/Seoul", "America/Los_Angeles"], [0.0, -12.5 * 3600])
    func showCompletedSameAsSQLite(zone: String, shift: TimeInterval) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let sqlite = try ServiceHarness(timeZone: timeZone)
        let postgres = try PostgresServiceHarness(timeZone: timeZone)
        try Self.fill(sqlite: sqlite, postgres: postgres)
        for (title, done) in [("flagged open", false), ("flagged done", true)] {
            let uids = [sqlite.add(#"{"title":"\#(title)","flagged":true}"#), postgres.add(#"{"title":"\#(title)","flagged":true}"#)]
            if done {
                #expect(sqlite.send("POST", "/api/v1/reminders/\(uids[0])/complete").status == 200)
                #expect(postgres.send("POST", "/api/v1/reminders/\(uids[1])/complete").status == 200)
            }
        }
        let now = Fixture.now.addingTimeInterval(shift)
        sqlite.clock.set(now)
        postgres.clock.set(now)
        let todayThere = LocalDateTime(now, in: timeZone).day.description
        for smart in ["today", "scheduled", "flagged", "all"] {
            let whole = Self.titles(smart, limit: 500, completed: true) { sqlite.send("GET", $0, query: $1) }
            let open = Self.titles(smart, limit: 500) { sqlite.send("GET", $0, query: $1) }
            switch smart {
            case "today": #expect(whole.contains("all-day 11-29") == (todayThere == "2026-11-29"), "\(zone) \(now): \(whole)")
            case "scheduled": #expect(whole.count == open.count + 1 && whole.contains("all-day 11-29"))
            case "flagged": #expect(whole == ["flagged open", "flagged done"])
            default: #expect(whole.count == Self.dues().count + 2 && whole.contains("no due"))
            }
            for limit in [500, 3, 1] {
                #expect(Self.titles(smart, limit: limit, completed: true) { postgres.send("GET", $0, query: $1) } == whole,
                        "\(smart) in \(zone) at \(now), \(limit) at a time")
            }
        }
    }

    @Test("the rules themselves: today is due on the local day or before, overdue is past, scheduled is every open dated one")
    func rules() throws {
        // 2026-11-29 12:00 UTC is 21:00 in Seoul.
        let postgres = try PostgresServiceHarness(timeZone: try #require(TimeZone(identifier: "Asia/Seoul")))
        let sqlite = try ServiceHarness()
        try Self.fill(sqlite: sqlite, postgres: postgres)
        let today = Self.titles("today", limit: 500) { postgres.send("GET", $0, query: $1) }
        #expect(today.first == "all-day 11-20")
        #expect(today.contains("floating 11-29 23:30"))
        #expect(today.contains("timed 11-29 13:00Z Seoul"))      // 22:00 in Seoul
        #expect(!today.contains("timed 11-29 16:00Z LA"))        // 01:00 tomorrow in Seoul
        #expect(!today.contains("all-day 11-30"))
        let overdue = Self.titles("overdue", limit: 500) { postgres.send("GET", $0, query: $1) }
        #expect(overdue.contains("timed 11-29 11:00Z Seoul"))    // 20:00 in Seoul, an hour ago
        #expect(!overdue.contains("timed 11-29 13:00Z Seoul"))
        #expect(!overdue.contains("floating 11-29 23:30"))
        let scheduled = Self.titles("scheduled", limit: 500) { postgres.send("GET", $0, query: $1) }
        #expect(scheduled.count == Self.dues().count - 2)         // not the undated one, nor the completed one
        #expect(scheduled.last == "all-day 2027-03-01")
        let counts = Self.counts(postgres.send("GET", "/api/v1/lists"))
        #expect(counts["today"] == today.count && counts["overdue"] == overdue.count && counts["scheduled"] == scheduled.count)
    }

    @Test("another user's dated reminders are in none of the smart lists and none of the counts")
    func otherUser() throws {
        let postgres = try PostgresServiceHarness()
        let sqlite = try ServiceHarness()
        try Self.fill(sqlite: sqlite, postgres: postgres)
        for smart in ["today", "scheduled", "overdue"] {
            #expect(Self.titles(smart, limit: 50) { postgres.send("GET", $0, query: $1, as: "bob") } == [])
        }
        let counts = Self.counts(postgres.send("GET", "/api/v1/lists", as: "bob"))
        #expect(counts["today"] == 0 && counts["scheduled"] == 0 && counts["overdue"] == 0)
    }
}
