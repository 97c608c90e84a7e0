import Foundation
import Testing
import TestSupport

/// Parts of issue 11's "What it must do" that no other test showed, each against a real
/// server: every VALARM, two time zones and both spellings of a child's RELATED-TO through a
/// title edit in Tick; errors that name the account, the list and the item; an account
/// pointed at another, empty server.
@Suite("tick sync: round trips and errors, audited", .serialized)
struct SyncRoundTripAuditTests {
    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    static func reminders(_ tick: CLIHarness, _ list: String) throws -> [[String: Any]] {
        try json(tick.ok("list", "--list", list, "--completed", "--json")) as? [[String: Any]] ?? []
    }

    static func zone(_ id: String, standard: String, daylight: String) -> [String] {
        ["BEGIN:VTIMEZONE", "TZID:\(id)",
         "BEGIN:STANDARD", "DTSTART:19701101T020000", "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
         "TZOFFSETFROM:\(daylight)", "TZOFFSETTO:\(standard)", "END:STANDARD",
         "BEGIN:DAYLIGHT", "DTSTART:19700308T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
         "TZOFFSETFROM:\(standard)", "TZOFFSETTO:\(daylight)", "END:DAYLIGHT", "END:VTIMEZONE"]
    }

    @Test("every VALARM (with its X-WR-ALARMUID and unknown lines), unknown properties, a VTIMEZONE for each TZID and both spellings of a parent link survive a title edit in Tick")
    func everythingSurvivesATitleEdit() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("tasks", displayName: "Tasks")
        let parent = (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick tests//phone//EN"]
            + Self.zone("America/New_York", standard: "-0500", daylight: "-0400")
            + Self.zone("America/Chicago", standard: "-0600", daylight: "-0500")
            + ["BEGIN:VTODO", "UID:p1", "DTSTAMP:20261128T100000Z", "LAST-MODIFIED:20261128T100000Z", "SUMMARY:Plan the trip",
               "DTSTART;TZID=America/New_York:20261201T090000", "DUE;TZID=America/Chicago:20261203T170000",
               "X-PHONE-FLAG;X-SOURCE=phone:kept", "CATEGORIES:travel",
               "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Plan", "TRIGGER:-PT15M", "X-WR-ALARMUID:alarm-a",
               "X-APPLE-DEFAULT-ALARM:FALSE", "END:VALARM",
               "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER;VALUE=DATE-TIME:20261202T140000Z", "X-WR-ALARMUID:alarm-b",
               "ATTACH;VALUE=URI:Chord", "END:VALARM",
               "END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
        try server.put("tasks", "p1.ics", parent)
        try server.put("tasks", "c1.ics", CalDAVServer.vtodo(["UID:c1", "DTSTAMP:20261128T100000Z", "SUMMARY:Book the train", "RELATED-TO:p1"]))
        try server.put("tasks", "c2.ics", CalDAVServer.vtodo(["UID:c2", "DTSTAMP:20261128T100000Z", "SUMMARY:Book the hotel",
                                                             "RELATED-TO;RELTYPE=PARENT:p1"]))
        let tick = SyncAuditTests.tick(server.baseURL)
        tick.ok("sync")
        let here = try Self.reminders(tick, "Tasks")
        func number(_ uid: String) throws -> Int { try #require(here.first { $0["uid"] as? String == uid }?["number"] as? Int) }
        let shown = try Self.json(tick.ok("show", "\(try number("p1"))", "--json")) as? [String: Any]
        #expect((shown?["subtasks"] as? [Int] ?? []).sorted() == [try number("c1"), try number("c2")].sorted(),
                "RELATED-TO with and without RELTYPE=PARENT: \(shown ?? [:])")

        tick.ok("edit", "\(try number("p1"))", "--title", "Plan the trip to Chicago")
        tick.ok("edit", "\(try number("c1"))", "--title", "Book the train (night)")
        tick.ok("sync")
        let items = try server.items(in: "tasks")
        let text = try #require(items.values.first { $0.contains("UID:p1") })
        for line in ["SUMMARY:Plan the trip to Chicago", "X-PHONE-FLAG;X-SOURCE=phone:kept", "CATEGORIES:travel",
                     "X-WR-ALARMUID:alarm-a", "X-APPLE-DEFAULT-ALARM:FALSE", "TRIGGER:-PT15M",
                     "X-WR-ALARMUID:alarm-b", "ACTION:AUDIO", "ATTACH;VALUE=URI:Chord", "TRIGGER;VALUE=DATE-TIME:20261202T140000Z",
                     "TZID:America/New_York", "TZID:America/Chicago",
                     "DTSTART;TZID=America/New_York:20261201T090000", "DUE;TZID=America/Chicago:20261203T170000"] {
            #expect(text.contains(line + "\r\n"), "\(line) lost: \(text)")
        }
        #expect(text.components(separatedBy: "BEGIN:VALARM").count == 3, "two alarms, not more: \(text)")
        #expect(text.components(separatedBy: "BEGIN:VTIMEZONE").count == 3, "one VTIMEZONE per TZID: \(text)")
        let child = try #require(items.values.first { $0.contains("UID:c1") })
        #expect(child.contains("SUMMARY:Book the train (night)") && child.contains("RELATED-TO") && child.contains(":p1\r\n"), "\(child)")
        let other = try #require(items.values.first { $0.contains("UID:c2") })
        #expect(other.contains("RELATED-TO;RELTYPE=PARENT:p1\r\n"), "untouched: \(other)")
    }

    @Test("an error in the middle of a sync names the account, the list and the reminder")
    func errorsNameListAndItem() throws {
        let (server, proxy, tick) = try SyncWithServerTests.proxied()
        defer { withExtendedLifetime(server) {} }
        tick.ok("sync")
        tick.ok("add", "Renew the passport", "--list", "calendar")
        let number = try #require(try Self.reminders(tick, "calendar").first?["number"] as? Int)
        try proxy.set([.init("PUT", fault: "500-after")])
        let failed = tick.run("sync")
        #expect(failed.status == 1)
        #expect(failed.errors.contains("account \"home\", list \"calendar\", reminder #\(number) \"Renew the passport\": HTTP 500 while saving http://127.0.0.1:\(proxy.port)/"),
                "\(failed.errors)")
        // A failure of a REPORT names the list (the first is now the check of the unanswered
        // write above: is it on the server?).
        try proxy.set([.init("REPORT", path: "/calendar/", fault: "500-after")])
        let listing = tick.run("sync")
        #expect(listing.status == 1)
        #expect(listing.errors.contains("account \"home\", list \"calendar\": HTTP 500 while fetching"), "\(listing.errors)")
        try proxy.set([])
        tick.ok("sync")
        try proxy.set([.init("REPORT", path: "/calendar/", fault: "500-after")])
        let changes = tick.run("sync")
        #expect(changes.status == 1)
        #expect(changes.errors.contains("account \"home\", list \"calendar\": HTTP 500 while listing changes in"), "\(changes.errors)")
        tick.ok("sync")
        #expect(try server.items(in: "calendar").count == 1)
    }

    @Test("an account pointed at another, empty server (the settings file edited) deletes nothing in Tick")
    func accountPointedAtEmptyServer() throws {
        let first = try CalDAVServer(.radicale)
        try first.makeCalendar("tasks", displayName: "Tasks")
        for index in 1...30 {
            try first.put("tasks", "t\(index).ics", CalDAVServer.vtodo(["UID:t\(index)", "DTSTAMP:20261128T100000Z", "SUMMARY:Task \(index)"]))
        }
        let tick = SyncAuditTests.tick(first.baseURL)
        tick.ok("sync")
        #expect(try Self.reminders(tick, "Tasks").count == 30)

        let empty = try CalDAVServer(.radicale)
        try empty.makeCalendar("tasks", displayName: "Tasks")
        let path = tick.folder.file("config/tick/sync.json")
        let settings = try String(contentsOfFile: path, encoding: .utf8)
        try settings.replacingOccurrences(of: first.baseURL, with: empty.baseURL).write(toFile: path, atomically: true, encoding: .utf8)
        let result = tick.run("sync", "--json")
        #expect(result.status == 0, "\(result.errors)")
        let report = (try Self.json(result.output) as? [[String: Any]])?.first
        #expect((report?["warnings"] as? [String] ?? []).contains { $0.contains("is gone from the server") }, "\(report ?? [:])")
        #expect(try Self.reminders(tick, "Tasks").count == 30, "nothing deleted in Tick")
        #expect(try first.items(in: "tasks").count == 30)
    }

    @Test("429 is waited out at most 3 times and never for longer than a minute; a server that does not answer in time is an error naming the account")
    func throttlingAndTimeouts() throws {
        let (server, proxy, tick) = try SyncWithServerTests.proxied()
        defer { withExtendedLifetime(server) {} }
        tick.ok("sync")
        tick.ok("add", "Renew the passport", "--list", "calendar")

        // Retry-After: 3600 is more than the budget: no wait at all, a clear error.
        try proxy.set([.init("PUT", fault: "429-long")])
        var started = Date()
        let long = tick.run("sync")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(long.status == 1)
        #expect(long.errors.contains("account \"home\", list \"calendar\", reminder #") && long.errors.contains("the server is busy (HTTP 429) and asks to wait 3600 s"),
                "\(long.errors)")

        // Always busy: three waits of a second, then the same error; nothing was written.
        try proxy.set([.init("PUT", fault: "429", times: 10)])
        started = Date()
        let busy = tick.run("sync")
        #expect(busy.status == 1 && busy.errors.contains("the server is busy (HTTP 429)"), "\(busy.errors)")
        #expect(proxy.log.filter { $0.hasPrefix("PUT") && $0.hasSuffix("-> 429") }.count == 1 + 4)
        #expect(try server.items(in: "calendar").isEmpty)

        // No answer within TICK_SYNC_TIMEOUT (the proxy holds it back 8 s): given up after
        // about that long without a byte, not four times it (a tester: the low-speed limit
        // averaged the request body sent at once, and 1 s asked took 4 s).
        tick.variables["TICK_SYNC_TIMEOUT"] = "1"
        try proxy.set([.init("PROPFIND", fault: "hang")])
        started = Date()
        let slow = tick.run("sync")
        #expect(Date().timeIntervalSince(started) < 3.5)
        #expect(slow.status == 1 && slow.errors.contains("account \"home\"") && slow.errors.contains("no answer in 1 s"), "\(slow.errors)")
        tick.variables["TICK_SYNC_TIMEOUT"] = nil
        tick.ok("sync")
        #expect(try server.items(in: "calendar").count == 1)
    }

    @Test("a calendar without supported-calendar-component-set may hold anything (RFC 4791 §5.2.3): it becomes a list, its to-dos come in, its events are left alone")
    func componentSetAbsentMeansAll() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("mixed", displayName: "Mixed", components: ["VEVENT"])
        try server.put("mixed", "e1.ics", [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick tests//phone//EN",
            "BEGIN:VEVENT", "UID:e1", "DTSTAMP:20261128T100000Z", "DTSTART:20261201T090000Z", "SUMMARY:Meeting", "END:VEVENT",
            "END:VCALENDAR", "",
        ].joined(separator: "\r\n"))
        let hidden = try FaultProxy(target: server.baseURL, hidingComponentSet: true)
        let tick = SyncAuditTests.tick(hidden.baseURL, user: true)
        let result = tick.run("sync", "--json")
        #expect(result.status == 0, "\(result.errors)")
        #expect(try SyncAuditTests.listNames(tick).contains("Mixed"), "absent means every component, VTODO too")
        #expect(try Self.reminders(tick, "Mixed").isEmpty, "the event is no reminder")
        #expect(try server.items(in: "mixed").count == 1)
        // The same server with the set shown: events only, no list.
        let shown = SyncAuditTests.tick(server.baseURL)
        shown.ok("sync")
        #expect(!(try SyncAuditTests.listNames(shown).contains("Mixed")))
    }
}
