import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

/// A store with one list and helpers to fill it, for query tests.
struct Sample {
    let folder = TemporaryFolder()
    let store: Store
    let list: ReminderList

    init() throws {
        store = try Store(path: folder.file("q.sqlite3"), now: Fixture.now)
        list = try store.read { db in try db.defaultList() }
    }

    @discardableResult
    func add(_ title: String, due: Due? = nil, completed: Bool = false, flagged: Bool = false, tags: [String] = [],
             notes: String = "", list: ReminderList? = nil) throws -> Reminder {
        let listID = (list ?? self.list).id
        return try store.write { db in
            try db.insert(Reminder(listID: listID, title: title, notes: notes, due: due, isFlagged: flagged,
                                   completedAt: completed ? Fixture.now : nil, tags: tags, createdAt: Fixture.now))
        }
    }

    func titles(_ filter: ReminderFilter, now: Date = Fixture.now, zone: String = "Asia/Seoul") throws -> [String] {
        let timeZone = try #require(TimeZone(identifier: zone))
        return try store.read { db in try db.reminders(filter, now: now, timeZone: timeZone).map(\.title) }
    }

    func order() throws -> [String] { try titles(ReminderFilter(listID: list.id)) }
}

func day(_ y: Int, _ m: Int, _ d: Int) -> CalendarDay { CalendarDay(year: y, month: m, day: d)! }

@Suite("Manual order")
struct OrderTests {
    @Test("new reminders go to the end; move before, after and to a position")
    func moves() throws {
        let sample = try Sample()
        let a = try sample.add("a"), b = try sample.add("b"), c = try sample.add("c"), d = try sample.add("d")
        #expect(try sample.order() == ["a", "b", "c", "d"])
        try sample.store.write { db in try db.move(d.number, to: .before(a.number)) }
        #expect(try sample.order() == ["d", "a", "b", "c"])
        try sample.store.write { db in try db.move(d.number, to: .after(c.number)) }
        #expect(try sample.order() == ["a", "b", "c", "d"])
        try sample.store.write { db in try db.move(a.number, to: .index(3)) }
        #expect(try sample.order() == ["b", "c", "a", "d"])
        try sample.store.write { db in try db.move(a.number, to: .index(1)) }
        #expect(try sample.order() == ["a", "b", "c", "d"])
        try sample.store.write { db in try db.move(b.number, to: .index(99)) }
        #expect(try sample.order() == ["a", "c", "d", "b"])
        try sample.store.write { db in try db.move(b.number, to: .index(0)) }
        #expect(try sample.order() == ["b", "a", "c", "d"])
        let index = try sample.store.read { db in try db.openIndex(of: c.number) }
        #expect(index == 3)
    }

    @Test("moving into the same gap again and again renumbers the list and keeps the order")
    func gapExhaustion() throws {
        let sample = try Sample()
        let first = try sample.add("first")
        let last = try sample.add("last")
        var expected = ["first", "last"]
        // Each new reminder goes right after "first": the gap halves every time.
        for index in 0..<30 {
            let r = try sample.add("m\(index)")
            try sample.store.write { db in try db.move(r.number, to: .after(first.number)) }
            expected.insert("m\(index)", at: 1)
        }
        #expect(try sample.order() == expected)
        _ = last
    }

    @Test("completed reminders keep their place but do not count for positions")
    func completedSkipped() throws {
        let sample = try Sample()
        try sample.add("a")
        try sample.add("done", completed: true)
        try sample.add("b")
        let c = try sample.add("c")
        try sample.store.write { db in try db.move(c.number, to: .index(2)) }
        #expect(try sample.order() == ["a", "c", "b"])
        #expect(try sample.titles(ReminderFilter(listID: sample.list.id, includesCompleted: true)) == ["a", "done", "c", "b"])
    }

    @Test("an anchor in another list is refused")
    func otherListRefused() throws {
        let sample = try Sample()
        let other = try sample.store.write { db in try db.insert(ReminderList(name: "Other", createdAt: Fixture.now)) }
        let a = try sample.add("a")
        let b = try sample.add("b", list: other)
        #expect(throws: StoreError.self) { try sample.store.write { db in try db.move(a.number, to: .before(b.number)) } }
    }
}

@Suite("Smart lists and search")
struct SmartListTests {
    // Fixture.now is 2026-11-29 21:00 in Asia/Seoul.
    @Test("today: due today or before, all-day and timed, in the user's zone; not tomorrow; not completed")
    func today() throws {
        let sample = try Sample()
        let seoul: TimeZoneIdentifier = "Asia/Seoul"
        try sample.add("all-day today", due: .allDay(day(2026, 11, 29)))
        try sample.add("all-day yesterday", due: .allDay(day(2026, 11, 28)))
        try sample.add("all-day tomorrow", due: .allDay(day(2026, 11, 30)))
        // 2026-11-29T14:30Z is 23:30 in Seoul: still today there.
        try sample.add("timed tonight", due: .timed(Date(timeIntervalSince1970: 1_795_962_600), timeZone: seoul))
        // 2026-11-29T15:30Z is 00:30 on the 30th in Seoul.
        try sample.add("timed after midnight", due: .timed(Date(timeIntervalSince1970: 1_795_966_200), timeZone: seoul))
        try sample.add("floating today", due: .floating(LocalDateTime(day: day(2026, 11, 29), hour: 8, minute: 0)!))
        try sample.add("done today", due: .allDay(day(2026, 11, 29)), completed: true)
        try sample.add("no due")
        let today = try sample.titles(ReminderFilter(smartList: .today))
        #expect(today == ["all-day yesterday", "all-day today", "floating today", "timed tonight"])
        let overdue = try sample.titles(ReminderFilter(smartList: .overdue))
        #expect(overdue == ["all-day yesterday", "floating today"])
        let scheduled = try sample.titles(ReminderFilter(smartList: .scheduled))
        #expect(scheduled == ["all-day yesterday", "all-day today", "floating today", "timed tonight",
                              "all-day tomorrow", "timed after midnight"])
        #expect(try sample.titles(ReminderFilter(smartList: .completed)) == ["done today"])
        #expect(try sample.titles(ReminderFilter(smartList: .all)).count == 7)
    }

    @Test("an all-day reminder due today is overdue only after the day is over")
    func allDayOverdueBoundary() throws {
        let sample = try Sample()
        try sample.add("today", due: .allDay(day(2026, 11, 29)))
        let lastSecond = Date(timeIntervalSince1970: 1_795_964_399) // 23:59:59 in Seoul
        let midnight = Date(timeIntervalSince1970: 1_795_964_400)   // 00:00 on the 30th in Seoul
        #expect(try sample.titles(ReminderFilter(smartList: .overdue), now: lastSecond).isEmpty)
        #expect(try sample.titles(ReminderFilter(smartList: .overdue), now: midnight) == ["today"])
    }

    @Test("flagged and tagged")
    func flaggedAndTagged() throws {
        let sample = try Sample()
        try sample.add("flag", flagged: true)
        try sample.add("flag done", completed: true, flagged: true)
        try sample.add("admin", tags: ["Admin", "home"])
        try sample.add("plain")
        #expect(try sample.titles(ReminderFilter(smartList: .flagged)) == ["flag"])
        #expect(try sample.titles(ReminderFilter(tag: "admin")) == ["admin"])
        #expect(try sample.titles(ReminderFilter(tag: "HOME")) == ["admin"])
        // Changing tags keeps the index in step.
        try sample.store.write { db in
            var r = try #require(try db.reminder(number: .init(3)))
            r.tags = ["work"]
            try db.update(r)
        }
        #expect(try sample.titles(ReminderFilter(tag: "admin")).isEmpty)
        #expect(try sample.titles(ReminderFilter(tag: "work")) == ["admin"])
    }

    @Test("search: words anywhere in title or notes, case ignored, short words and Korean too", arguments: [
        ("milk", ["Buy milk", "Oat MILK"]),
        ("MIL", ["Buy milk", "Oat MILK"]),
        ("oat milk", ["Oat MILK"]),
        ("우유", ["우유 사기"]),
        ("우유 사기", ["우유 사기"]),
        ("cartons", ["우유 사기"]),
        ("a", ["Oat MILK", "우유 사기"]),
        ("100%", ["100% done"]),
        ("zzz", []),
        ("\"quoted\"", []),
    ])
    func search(query: String, expected: [String]) throws {
        let sample = try Sample()
        try sample.add("Buy milk")
        try sample.add("Oat MILK")
        try sample.add("우유 사기", notes: "2 cartons")
        try sample.add("100% done")
        try sample.add("old milk", completed: true)
        #expect(try sample.titles(ReminderFilter(text: query)) == expected)
    }

    @Test("search follows edits and deletes")
    func searchFollowsEdits() throws {
        let sample = try Sample()
        let r = try sample.add("Buy milk")
        try sample.store.write { db in
            var edited = r
            edited.title = "Buy bread"
            try db.update(edited)
        }
        #expect(try sample.titles(ReminderFilter(text: "milk")).isEmpty)
        #expect(try sample.titles(ReminderFilter(text: "bread")) == ["Buy bread"])
        try sample.store.write { db in try db.deleteReminder(r.number) }
        #expect(try sample.titles(ReminderFilter(text: "bread")).isEmpty)
    }
}

@Suite("Positions at the edges of Int64")
struct PositionOverflowTests {
    @Test("adding and moving next to positions near Int64.max respaces the list instead of overflowing")
    func nearMax() throws {
        let sample = try Sample()
        let a = try sample.add("a")
        let b = try sample.add("b")
        try sample.store.write { db in
            try db.execute("UPDATE reminder SET position = ? WHERE number = ?", [.integer(Int64.max - 1), .integer(b.number.rawValue)])
            try db.execute("UPDATE reminder SET position = ? WHERE number = ?", [.integer(Int64.min + 1), .integer(a.number.rawValue)])
        }
        let c = try sample.add("c")
        #expect(try sample.order() == ["a", "b", "c"])
        try sample.store.write { db in try db.move(c.number, to: .before(a.number)) }
        #expect(try sample.order() == ["c", "a", "b"])
        try sample.store.write { db in try db.move(a.number, to: .index(99)) }
        #expect(try sample.order() == ["c", "b", "a"])
    }
}

@Suite("Listing reads")
struct ListingReadTests {
    /// A sample with open, completed, due, flagged, tagged and repeating reminders in two lists.
    static func filled() throws -> (Sample, ReminderList) {
        let sample = try Sample()
        let other = try sample.store.write { db in try db.insert(ReminderList(name: "Other", createdAt: Fixture.now)) }
        try sample.add("plain")
        try sample.add("due today", due: .allDay(day(2026, 11, 30)), tags: ["home"])
        try sample.add("overdue", due: .allDay(day(2026, 11, 2)), flagged: true, notes: "some notes")
        try sample.add("done", due: .allDay(day(2026, 11, 29)), completed: true)
        try sample.add("elsewhere", due: .allDay(day(2026, 12, 24)), list: other)
        try sample.add("later", due: .allDay(day(2027, 1, 5)), list: other)
        try sample.store.write { db in
            try db.execute("UPDATE reminder SET recurrence = 'FREQ=DAILY', recurrence_basis = 'completion' WHERE title = 'elsewhere'")
        }
        return (sample, other)
    }

    @Test("summaries are the full reminders' summaries, in the same order", arguments: [
        SmartList.today, .overdue, .scheduled, .flagged, .completed, .all,
    ])
    func summariesMatchReminders(smartList: SmartList) throws {
        let (sample, _) = try Self.filled()
        let zone = try #require(TimeZone(identifier: "Asia/Seoul"))
        let filter = ReminderFilter(smartList: smartList)
        let (summaries, full) = try sample.store.read { db in
            (try db.summaries(filter, now: Fixture.now, timeZone: zone), try db.reminders(filter, now: Fixture.now, timeZone: zone))
        }
        #expect(!full.isEmpty)
        #expect(summaries == full.map(ReminderSummary.init))
        if smartList == .all { #expect(summaries.contains { $0.recurrenceBasis == .completion }) }
    }

    @Test("a list, today and overdue read their summaries from a covering index alone", arguments: [
        (ReminderFilter(smartList: .today), "reminder_open_due_summary"),
        (ReminderFilter(smartList: .overdue), "reminder_open_due_summary"),
        (ReminderFilter(listID: ReminderList.ID(rawValue: "x")), "reminder_open_list_summary"),
    ])
    func coveringIndex(filter: ReminderFilter, index: String) throws {
        let (sample, _) = try Self.filled()
        let zone = try #require(TimeZone(identifier: "Asia/Seoul"))
        let query = Database.listingQuery(filter, now: Fixture.now, timeZone: zone, columns: ReminderSummary.columns)
        let plan = try sample.store.read { db -> [String] in
            var details: [String] = []
            try db.forEachRow("EXPLAIN QUERY PLAN " + query.sql, query.arguments) { details.append($0.text(3)) }
            return details
        }
        #expect(plan.contains { $0.contains("USING COVERING INDEX \(index)") }, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN r") || $0.contains("INTEGER PRIMARY KEY") }, "\(plan)")
    }

    @Test("an iCalendar export finds a list's zoned reminders from their partial index, in manual order, without sorting")
    func zoneUseIndex() throws {
        let (sample, _) = try Self.filled()
        let plan = try sample.store.read { db -> [String] in
            var details: [String] = []
            try db.forEachRow("EXPLAIN QUERY PLAN " + Database.zoneUseQuery, [.text("x")]) { details.append($0.text(3)) }
            return details
        }
        #expect(plan.contains { $0.contains("USING INDEX reminder_zoned (list_id=?)") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }
}

@Suite("Sorting by due date")
struct DueSortTests {
    static let first = ReminderList.ID(rawValue: "first")
    static let second = ReminderList.ID(rawValue: "second")

    static func sorted(_ rows: [(String, Due?, ReminderList.ID, Int64)], zone: String) throws -> [String] {
        let timeZone = try #require(TimeZone(identifier: zone))
        let reminders = rows.enumerated().map { offset, row in
            Reminder(number: .init(Int64(offset + 1)), listID: row.2, title: row.0, due: row.1, position: row.3,
                     createdAt: Fixture.now)
        }
        return DueOrder.sorted(reminders, in: timeZone, listPositions: [first: 1, second: 2]).map(\.title)
    }

    @Test("by instant in the zone, all-day first on a tie, then manual order; no due date last")
    func sortedByDue() throws {
        let rows: [(String, Due?, ReminderList.ID, Int64)] = [
            ("none", nil, Self.first, 1),
            ("floating 30th 08:00", .floating(try #require(LocalDateTime(day: day(2026, 11, 30), hour: 8, minute: 0))), Self.first, 2),
            ("all-day 30th, second list", .allDay(day(2026, 11, 30)), Self.second, 1),
            ("all-day 29th", .allDay(day(2026, 11, 29)), Self.first, 3),
            // 2026-11-30 00:00 in Seoul, the same instant as the start of the all-day 30th.
            ("timed 30th 00:00", .timed(Date(timeIntervalSince1970: 1_795_964_400), timeZone: "Asia/Seoul"), Self.first, 4),
            ("all-day 30th, first list, later", .allDay(day(2026, 11, 30)), Self.first, 9),
            ("all-day 30th, first list", .allDay(day(2026, 11, 30)), Self.first, 5),
        ]
        #expect(try Self.sorted(rows, zone: "Asia/Seoul") == [
            "all-day 29th", "all-day 30th, first list", "all-day 30th, first list, later", "all-day 30th, second list",
            "timed 30th 00:00", "floating 30th 08:00", "none",
        ])
    }

    @Test("a floating and a timed value at the same instant go in the order of their stored text")
    func floatingAndTimedTie() throws {
        let nineAM = try #require(LocalDateTime(day: day(2026, 11, 30), hour: 9, minute: 0))
        let midnightUTC = Date(timeIntervalSince1970: 1_795_996_800) // 2026-11-30T00:00:00Z
        let midnight = try #require(LocalDateTime(day: day(2026, 11, 30), hour: 0, minute: 0))
        // In Seoul, 09:00 floating is 00:00Z: "2026-11-30T00:00:00Z" < "2026-11-30T09:00:00".
        #expect(try Self.sorted([("floating", .floating(nineAM), Self.first, 1),
                                 ("timed", .timed(midnightUTC, timeZone: "UTC"), Self.second, 1)], zone: "Asia/Seoul")
                == ["timed", "floating"])
        // In UTC, "2026-11-30T00:00:00" is a prefix of "2026-11-30T00:00:00Z".
        #expect(try Self.sorted([("timed", .timed(midnightUTC, timeZone: "UTC"), Self.first, 1),
                                 ("floating", .floating(midnight), Self.second, 1)], zone: "UTC")
                == ["floating", "timed"])
    }
}

@Suite("The zones an iCalendar export's header names")
struct ZoneUseQueryTests {
    @Test("only the reminders with a zone or kept lines, in manual order after a move, with their dates and lines")
    func zoneUse() throws {
        let sample = try Sample()
        let berlin = Due.timed(Date(timeIntervalSince1970: 1_796_000_000), timeZone: TimeZoneIdentifier("Europe/Berlin"))
        let seoul = Due.timed(Date(timeIntervalSince1970: 1_796_100_000), timeZone: TimeZoneIdentifier("Asia/Seoul"))
        try sample.add("all day", due: .allDay(day(2026, 12, 3)))
        let first = try sample.add("Berlin", due: berlin)
        try sample.add("none")
        let kept = "DTSTART;TZID=America/New_York:20261203T090000\r\n"
        let lines = try sample.store.write { db in
            try db.insert(Reminder(listID: sample.list.id, title: "kept lines", iCalendarExtras: kept, createdAt: Fixture.now))
        }
        let last = try sample.add("Seoul", due: seoul)
        _ = try sample.store.write { db in try db.move(last.number, to: .before(first.number)) }

        var seen: [String] = []
        try sample.store.read { db in
            try db.forEachZoneUse(inList: sample.list.id) { due, start, extras in
                seen.append("\(due.map { "\($0)" } ?? "-") \(start.map { "\($0)" } ?? "-") \(extras.isEmpty ? "-" : "lines")")
            }
        }
        #expect(seen == ["\(seoul) - -", "\(berlin) - -", "- - lines"])
        #expect(lines.iCalendarExtras == kept)
    }
}

/// `remindersNamingChildren` (schema 15): every import and CalDAV PUT asks for the reminders
/// whose kept lines name a subtask, which read every reminder's lines before the partial index.
@Suite("Reminders naming their children")
struct NamingChildrenTests {
    @Test("the query is answered from the partial index, and finds RELTYPE=CHILD in any case and nothing else")
    func fromThePartialIndex() throws {
        let sample = try Sample()
        var plan: [String] = []
        try sample.store.read { db in
            try db.forEachRow("EXPLAIN QUERY PLAN " + Database.namingChildrenQuery) { plan.append($0.text(3)) }
        }
        #expect(plan.contains { $0.contains("reminder_naming_children") }, "\(plan)")
        for (title, extras) in [("upper", "RELATED-TO;RELTYPE=CHILD:a"), ("lower", "related-to;reltype=child:b"),
                                ("parent", "RELATED-TO;RELTYPE=PARENT:c"), ("none", "")] {
            var reminder = try sample.add(title)
            reminder.iCalendarExtras = extras
            try sample.store.write { db in try db.update(reminder) }
        }
        let found = try sample.store.read { db in try db.remindersNamingChildren() }
        #expect(Set(found.map(\.title)) == ["upper", "lower"])
    }
}
