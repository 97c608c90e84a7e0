import Foundation
import Testing
import TestSupport
@testable import TickServer

/// The user's zone named per request (`Time-Zone`). Found by testers: the web app's add
/// field read "dentist tomorrow 9am" in the server's zone, so a browser in New York talking
/// to a server in UTC got 09:00 UTC (04:00 in New York), and "tomorrow" was the server's
/// tomorrow near midnight.
@Suite struct RequestTimeZoneTests {
    static let newYork = ["Time-Zone": "America/New_York"]
    /// 22:00 on Sunday November 29 in New York, 03:00 on Monday November 30 in UTC (the server's zone).
    static let lateEvening = Date(timeIntervalSince1970: 1_796_007_600)

    @Test("a phrase is read in the zone the request names, and the time is kept in that zone; without it, in the server's")
    func phraseInTheRequestsZone() throws {
        let harness = try ServiceHarness() // the server's zone is UTC; now is 07:00 on November 29 in New York
        let added = ServiceHarness.object(harness.send("POST", "/api/v1/reminders", json: #"{"title":"Dentist","due":"tomorrow 9am"}"#,
                                                       headers: RequestTimeZoneTests.newYork))
        #expect(added["due"] as? String == "2026-11-30T09:00:00-05:00")
        #expect(added["dueTimeZone"] as? String == "America/New_York")
        let server = ServiceHarness.object(harness.send("POST", "/api/v1/reminders", json: #"{"title":"Dentist","due":"tomorrow 9am"}"#))
        #expect(server["due"] as? String == "2026-11-30T09:00:00Z")
        #expect(server["dueTimeZone"] as? String != "America/New_York")
        // A date and time without an offset is New York's wall clock too; any case names the zone.
        let iso = ServiceHarness.object(harness.send("POST", "/api/v1/reminders", json: #"{"title":"a","due":"2026-12-05T09:00"}"#,
                                                     headers: ["Time-Zone": "america/new_york"]))
        #expect(iso["due"] as? String == "2026-12-05T09:00:00-05:00")
        #expect(iso["dueTimeZone"] as? String == "America/New_York")
    }

    @Test("the due, start and alarm phrases of a change are read in the request's zone")
    func changeInTheRequestsZone() throws {
        let harness = try ServiceHarness()
        let uid = harness.add(#"{"title":"Report","alarms":[]}"#)
        let patched = ServiceHarness.object(harness.send("PATCH", "/api/v1/reminders/" + uid, json: """
            {"due":"fri 17:00","start":"tomorrow 8am","alarms":["tomorrow 18:00"]}
            """, headers: RequestTimeZoneTests.newYork))
        #expect(patched["due"] as? String == "2026-12-04T17:00:00-05:00")
        #expect(patched["dueTimeZone"] as? String == "America/New_York")
        #expect(patched["start"] as? String == "2026-11-30T08:00:00-05:00")
        #expect(patched["startTimeZone"] as? String == "America/New_York")
        let alarms = patched["alarms"] as? [[String: Any]]
        #expect(alarms?.map { $0["at"] as? String } == ["2026-11-30T23:00:00Z"])
    }

    @Test("a repeating 9am typed in New York stays at 09:00 there when the clocks go back")
    func repeatingFollowsTheUsersDaylightSaving() throws {
        // Thursday October 29, 2026, 08:00 in New York (-04:00); the clocks go back on November 1.
        let harness = try ServiceHarness(now: Date(timeIntervalSince1970: 1_793_275_200))
        let added = ServiceHarness.object(harness.send("POST", "/api/v1/reminders", json: #"{"title":"Standup","due":"tomorrow 9am","repeat":"weekly"}"#,
                                                       headers: RequestTimeZoneTests.newYork))
        #expect(added["due"] as? String == "2026-10-30T09:00:00-04:00")
        let uid = try #require(added["uid"] as? String)
        let next = ServiceHarness.object(harness.send("POST", "/api/v1/reminders/\(uid)/complete", headers: RequestTimeZoneTests.newYork))
        #expect(next["due"] as? String == "2026-11-06T09:00:00-05:00")
        #expect(next["dueTimeZone"] as? String == "America/New_York")
    }

    @Test("tomorrow, Today and Overdue are the days of the request's zone near midnight")
    func daysOfTheRequestsZone() throws {
        let harness = try ServiceHarness(now: RequestTimeZoneTests.lateEvening)
        let tomorrow = ServiceHarness.object(harness.send("POST", "/api/v1/reminders", json: #"{"title":"a","due":"tomorrow"}"#,
                                                          headers: RequestTimeZoneTests.newYork))
        #expect(tomorrow["due"] as? String == "2026-11-30")
        let serverTomorrow = ServiceHarness.object(harness.send("POST", "/api/v1/reminders", json: #"{"title":"b","due":"tomorrow"}"#))
        #expect(serverTomorrow["due"] as? String == "2026-12-01")
        _ = harness.add(#"{"title":"Sunday","due":"2026-11-29"}"#)

        func titles(_ smart: String, _ headers: [String: String]) -> [String] {
            let page = ServiceHarness.object(harness.send("GET", "/api/v1/smart/" + smart, headers: headers))
            return (page["reminders"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        }
        #expect(titles("today", RequestTimeZoneTests.newYork) == ["Sunday"])
        #expect(titles("overdue", RequestTimeZoneTests.newYork) == [])
        #expect(titles("today", [:]) == ["Sunday", "a"]) // Today has the overdue ones too
        #expect(titles("overdue", [:]) == ["Sunday"])
        let counts = RequestTimeZoneTests.smartCounts(ServiceHarness.object(harness.send("GET", "/api/v1/lists", headers: RequestTimeZoneTests.newYork)))
        #expect(counts["today"] == 1 && counts["overdue"] == 0, "\(counts)")
        let serverCounts = RequestTimeZoneTests.smartCounts(ServiceHarness.object(harness.send("GET", "/api/v1/lists")))
        #expect(serverCounts["today"] == 2 && serverCounts["overdue"] == 1, "\(serverCounts)")
    }

    @Test("the occurrence a completion names is a day of the request's zone")
    func occurrenceInTheRequestsZone() throws {
        let harness = try ServiceHarness(now: RequestTimeZoneTests.lateEvening)
        let uid = harness.add(#"{"title":"Pills","due":"2026-11-30T09:00[America/New_York]","repeat":"daily"}"#)
        // The server's tomorrow is December 1, an occurrence not due yet.
        #expect(harness.send("POST", "/api/v1/reminders/\(uid)/complete", json: #"{"occurrence":"tomorrow"}"#).status == 409)
        let done = harness.send("POST", "/api/v1/reminders/\(uid)/complete", json: #"{"occurrence":"tomorrow"}"#,
                                headers: RequestTimeZoneTests.newYork)
        #expect(done.status == 200, "\(done.bodyText)")
        #expect(ServiceHarness.object(done)["due"] as? String == "2026-12-01T09:00:00-05:00")
    }

    /// The `count` of each smart list of a `GET /api/v1/lists` answer, by id.
    static func smartCounts(_ answer: [String: Any]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for list in answer["smartLists"] as? [[String: Any]] ?? [] {
            if let id = list["id"] as? String { counts[id] = list["count"] as? Int }
        }
        return counts
    }

    @Test("a zone Tick does not know is a 400 naming it, on every route, and nothing changes",
          arguments: ["Mars/Olympus", "+09:00", "../../etc/passwd", "America/New_York ; x", ""])
    func unknownZoneRefused(name: String) throws {
        let harness = try ServiceHarness()
        let uid = harness.add(#"{"title":"a"}"#)
        let before = try harness.snapshot()
        for (method, path, body) in [("POST", "/api/v1/reminders", #"{"title":"b","due":"tomorrow 9am"}"#),
                                     ("PATCH", "/api/v1/reminders/" + uid, #"{"due":"tomorrow"}"#),
                                     ("GET", "/api/v1/lists", nil), ("GET", "/api/v1/reminders/" + uid, nil),
                                     ("GET", "/api/v1/lists/\(try harness.firstListID())/reminders", nil)] {
            let response = harness.send(method, path, json: body, headers: ["Time-Zone": name])
            #expect(response.status == 400, "\(method) \(path): \(response.bodyText)")
            let problem = ServiceHarness.object(response)
            #expect(problem["type"] as? String == "urn:tick:problem:unknown-time-zone")
            #expect((problem["detail"] as? String)?.contains("Time-Zone header names '\(name)'") == true, "\(response.bodyText)")
        }
        #expect(try harness.snapshot() == before)
    }

    /// t77: `America/New_York` followed by NUL was taken as New York.
    @Test("a zone name holding a control character is a 400, and nothing changes", arguments: ["America/New_York\u{0}", "Asia/Seoul\u{1}x"])
    func controlCharacterRefused(name: String) throws {
        let harness = try ServiceHarness()
        let before = try harness.snapshot()
        let response = harness.send("POST", "/api/v1/reminders", json: #"{"title":"b","due":"tomorrow 9am"}"#, headers: ["Time-Zone": name])
        #expect(response.status == 400, "\(response.bodyText)")
        #expect((ServiceHarness.object(response)["detail"] as? String)?.contains("holds a control character") == true, "\(response.bodyText)")
        #expect(try harness.snapshot() == before)
    }

    @Test("an abbreviation is refused naming the zone it stands for")
    func abbreviationRefused() throws {
        let harness = try ServiceHarness()
        let before = try harness.snapshot()
        let response = harness.send("POST", "/api/v1/reminders", json: #"{"title":"b","due":"tomorrow 9am"}"#, headers: ["Time-Zone": "PST"])
        #expect(response.status == 400)
        #expect((ServiceHarness.object(response)["detail"] as? String)?.contains("'PST', which is an abbreviation, not a time zone name; "
                                                                              + "give the zone's IANA name, such as 'America/Los_Angeles'") == true,
                "\(response.bodyText)")
        #expect(try harness.snapshot() == before)
    }

    @Test("the page's first answers count the days of the zone in the app's cookie")
    func bootPageInTheCookiesZone() throws {
        let harness = try ServiceHarness(now: RequestTimeZoneTests.lateEvening)
        _ = harness.add(#"{"title":"Sunday","due":"2026-11-29"}"#)
        _ = harness.add(#"{"title":"Monday","due":"2026-11-30"}"#)
        let session = harness.login()
        func boot(_ cookie: String) throws -> (counts: [String: Int], today: [String]) {
            let page = harness.send("GET", "/", headers: ["Cookie": "tick_session=\(session)" + cookie], as: .none)
            let answers = try #require(BootPageTests.boot(page))
            let today = (answers["/smart/today?limit=50"] as? [String: Any])?["reminders"] as? [[String: Any]] ?? []
            return (RequestTimeZoneTests.smartCounts(answers["/lists"] as? [String: Any] ?? [:]), today.compactMap { $0["title"] as? String })
        }
        let newYork = try boot("; tick_time_zone=America%2FNew_York")
        #expect(newYork.today == ["Sunday"])
        #expect(newYork.counts["overdue"] == 0)
        let server = try boot("")
        #expect(server.today == ["Sunday", "Monday"])
        #expect(server.counts["overdue"] == 1)
        // A zone the server does not know: its own, as the app's requests then are.
        #expect(try boot("; tick_time_zone=Mars%2FOlympus").counts["overdue"] == 1)
    }

    @Test("the OpenAPI document names the Time-Zone header on every route")
    func openAPIDescribesTheHeader() throws {
        let harness = try ServiceHarness()
        let document = ServiceHarness.object(harness.send("GET", "/api/v1/openapi.json"))
        let parameters = (document["components"] as? [String: Any])?["parameters"] as? [String: Any]
        let header = try #require(parameters?["TimeZone"] as? [String: Any])
        #expect(header["name"] as? String == "Time-Zone")
        #expect(header["in"] as? String == "header")
        #expect((header["description"] as? String)?.contains("unknown-time-zone") == true)
        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        for (path, operations) in paths {
            for (method, operation) in operations {
                let references = (operation["parameters"] as? [[String: Any]] ?? []).compactMap { $0["$ref"] as? String }
                #expect(references.contains("#/components/parameters/TimeZone"), "\(method) \(path)")
            }
        }
    }
}

/// The same on `tick serve --database`.
@Suite("The request's time zone on PostgreSQL", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresRequestTimeZoneTests {
    @Test("a phrase, Today and Overdue are read in the request's zone; an unknown zone is a 400 and nothing changes")
    func requestsZone() throws {
        let harness = try PostgresServiceHarness(now: RequestTimeZoneTests.lateEvening)
        let added = PostgresServiceHarness.object(harness.send("POST", "/api/v1/reminders", json: #"{"title":"Dentist","due":"tomorrow 9am"}"#,
                                                               headers: RequestTimeZoneTests.newYork))
        #expect(added["due"] as? String == "2026-11-30T09:00:00-05:00")
        #expect(added["dueTimeZone"] as? String == "America/New_York")
        let server = PostgresServiceHarness.object(harness.send("POST", "/api/v1/reminders", json: #"{"title":"Later","due":"tomorrow 9am"}"#))
        #expect(server["due"] as? String == "2026-12-01T09:00:00Z")
        _ = harness.send("POST", "/api/v1/reminders", json: #"{"title":"Sunday","due":"2026-11-29"}"#)

        func titles(_ smart: String, _ headers: [String: String]) -> [String] {
            let page = PostgresServiceHarness.object(harness.send("GET", "/api/v1/smart/" + smart, headers: headers))
            return (page["reminders"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        }
        #expect(titles("today", RequestTimeZoneTests.newYork) == ["Sunday"])
        #expect(titles("overdue", RequestTimeZoneTests.newYork) == [])
        #expect(titles("today", [:]) == ["Sunday", "Dentist"])
        #expect(titles("overdue", [:]) == ["Sunday"])
        let counts = RequestTimeZoneTests.smartCounts(PostgresServiceHarness.object(harness.send("GET", "/api/v1/lists",
                                                                                                 headers: RequestTimeZoneTests.newYork)))
        #expect(counts["today"] == 1 && counts["overdue"] == 0, "\(counts)")

        // The page's first answers count the days of the zone of the app's cookie.
        let session = try harness.logIn("ann")
        func overdue(_ cookie: String) throws -> Int? {
            let page = harness.send("GET", "/", headers: ["Cookie": "tick_session=\(session)" + cookie], as: nil, proving: false)
            return RequestTimeZoneTests.smartCounts(try #require(BootPageTests.boot(page))["/lists"] as? [String: Any] ?? [:])["overdue"]
        }
        #expect(try overdue("; tick_time_zone=America%2FNew_York") == 0)
        #expect(try overdue("") == 1)

        let before = try harness.snapshot()
        let refused = harness.send("POST", "/api/v1/reminders", json: #"{"title":"b","due":"tomorrow"}"#, headers: ["Time-Zone": "Mars/Olympus"])
        #expect(refused.status == 400, "\(refused.bodyText)")
        #expect(PostgresServiceHarness.object(refused)["type"] as? String == "urn:tick:problem:unknown-time-zone")
        #expect(harness.send("GET", "/api/v1/lists", headers: ["Time-Zone": "Mars/Olympus"]).status == 400)
        #expect(try harness.snapshot() == before)
    }
}
