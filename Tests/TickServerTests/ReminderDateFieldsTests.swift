import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickServer

/// The dates of a reminder's body: a time zone named as RFC 9557 writes it
/// (`…T09:00[America/New_York]`), and `dueKind`/`startKind` keeping a floating time
/// floating. Found by testers: the web app could send only a fixed offset, so a weekly
/// 09:00 in New York became 08:00 or 10:00 when the clocks changed, and a floating
/// reminder edited in the page became a zoned one.
@Suite struct ReminderDateFieldsTests {
    @Test("a zone name in brackets is kept: a weekly 09:00 in New York is 09:00 there after the clocks go back")
    func zoneNameFollowsDaylightSaving() throws {
        let harness = try ServiceHarness() // the server's zone is UTC
        let added = ServiceHarness.object(harness.send("POST", "/api/v1/reminders", json: """
            {"title":"Standup","due":"2026-10-30T09:00:00-04:00[America/New_York]","repeat":"weekly"}
            """))
        #expect(added["due"] as? String == "2026-10-30T09:00:00-04:00")
        #expect(added["dueTimeZone"] as? String == "America/New_York")
        let uid = try #require(added["uid"] as? String)
        let next = ServiceHarness.object(harness.send("POST", "/api/v1/reminders/\(uid)/complete"))
        #expect(next["due"] as? String == "2026-11-06T09:00:00-05:00")
        #expect(next["dueTimeZone"] as? String == "America/New_York")

        let patched = ServiceHarness.object(harness.send("PATCH", "/api/v1/reminders/" + uid, json: """
            {"due":"2026-12-04T09:30[America/New_York]","start":"2026-12-04T08:00[Europe/Berlin]"}
            """))
        #expect(patched["due"] as? String == "2026-12-04T09:30:00-05:00")
        #expect(patched["dueTimeZone"] as? String == "America/New_York")
        #expect(patched["start"] as? String == "2026-12-04T08:00:00+01:00")
        #expect(patched["startTimeZone"] as? String == "Europe/Berlin")
    }

    @Test("an offset the named zone does not have, or a zone Tick does not know, is a problem naming them; nothing changes",
          arguments: [
              (#"{"title":"a","due":"2026-12-05T09:00:00-04:00[America/New_York]"}"#, ["-04:00", "America/New_York", "-05:00"]),
              (#"{"title":"a","due":"2026-12-05T09:00[Mars/Olympus]"}"#, ["'Mars/Olympus' is not a time zone"]),
              (#"{"title":"a","start":"2026-12-05[America/New_York]"}"#, ["start: ", "a day alone"]),
          ])
    func refusedZones(body: String, named: [String]) throws {
        let harness = try ServiceHarness()
        let before = try harness.snapshot()
        let response = harness.send("POST", "/api/v1/reminders", json: body)
        #expect(response.status == 422, "\(response.bodyText)")
        let detail = ServiceHarness.object(response)["detail"] as? String ?? ""
        for part in named { #expect(detail.contains(part), "\(detail)") }
        #expect(try harness.snapshot() == before)
    }

    @Test("dueKind floating keeps a date and time a wall clock in no zone, on add and on change, for start too")
    func floatingStaysFloating() throws {
        let harness = try ServiceHarness(timeZone: try #require(TimeZone(identifier: "Asia/Seoul")))
        let added = ServiceHarness.object(harness.send("POST", "/api/v1/reminders",
                                                       json: #"{"title":"a","due":"2026-12-05T09:00","dueKind":"floating"}"#))
        #expect(added["due"] as? String == "2026-12-05T09:00:00")
        #expect(added["dueKind"] as? String == "floating")
        #expect(added["dueTimeZone"] is NSNull)
        let uid = try #require(added["uid"] as? String)
        let moved = ServiceHarness.object(harness.send("PATCH", "/api/v1/reminders/" + uid, json: """
            {"due":"2026-12-06T10:30:00","dueKind":"floating","start":"tomorrow 9am","startKind":"floating"}
            """))
        #expect(moved["due"] as? String == "2026-12-06T10:30:00")
        #expect(moved["dueKind"] as? String == "floating")
        #expect(moved["start"] as? String == "2026-11-30T09:00:00") // now is 21:00 on November 29 in Seoul
        #expect(moved["startKind"] as? String == "floating")
        #expect(moved["startTimeZone"] is NSNull)
        let other = ServiceHarness.object(harness.send("PATCH", "/api/v1/reminders/" + uid, json: #"{"title":"b"}"#))
        #expect(other["dueKind"] as? String == "floating")
        // Without dueKind a date and time is timed in the server's zone, as before.
        let timed = ServiceHarness.object(harness.send("PATCH", "/api/v1/reminders/" + uid, json: #"{"due":"2026-12-06T10:30"}"#))
        #expect(timed["dueKind"] as? String == "timed")
        #expect(timed["dueTimeZone"] as? String == "Asia/Seoul")
    }

    @Test("a floating wall clock is the time typed, also where the server's zone skips it")
    func floatingInAGap() throws {
        let harness = try ServiceHarness(timeZone: try #require(TimeZone(identifier: "Europe/Berlin")))
        let added = ServiceHarness.object(harness.send("POST", "/api/v1/reminders",
                                                       json: #"{"title":"a","due":"2027-03-28T02:30","dueKind":"floating"}"#))
        #expect(added["due"] as? String == "2027-03-28T02:30:00")
        #expect(added["dueKind"] as? String == "floating")
    }

    @Test("dueKind and startKind: what does not fit is refused, naming it; nothing changes", arguments: [
        (#"{"due":"2026-12-05","dueKind":"floating"}"#, 422, "has no time of day"),
        (#"{"due":"2026-12-05T09:00+09:00","dueKind":"floating"}"#, 422, "names a UTC offset or a time zone"),
        (#"{"due":"2026-12-05T09:00[Asia/Seoul]","dueKind":"floating"}"#, 422, "names a UTC offset or a time zone"),
        (#"{"start":"2026-12-05T09:00Z","startKind":"floating"}"#, 422, "start: '2026-12-05T09:00Z' cannot be floating"),
        (#"{"due":"2026-12-05","dueKind":"timed"}"#, 422, "is a day without a time, not timed as dueKind says"),
        (#"{"due":"2026-12-05 9am","dueKind":"allDay"}"#, 422, "is a date and time, not all-day as dueKind says"),
        (#"{"due":"2026-12-05T09:00","dueKind":"sometimes"}"#, 422, "dueKind: 'sometimes' is none of allDay, timed, floating"),
        (#"{"dueKind":"floating"}"#, 400, #""dueKind" says what kind of date "due" is; give "due" with it"#),
        (#"{"due":null,"dueKind":"floating"}"#, 400, #"give "due" with it"#),
        (#"{"startKind":"floating"}"#, 400, #"give "start" with it"#),
        (#"{"due":"2026-12-05T09:00","dueKind":1}"#, 400, #""dueKind" must be a string"#),
    ])
    func refusedKinds(body: String, status: Int, detail: String) throws {
        let harness = try ServiceHarness()
        let uid = harness.add(#"{"title":"a","due":"2026-12-01"}"#)
        let before = try harness.snapshot()
        let response = harness.send("PATCH", "/api/v1/reminders/" + uid, json: body)
        #expect(response.status == status, "\(response.bodyText)")
        #expect((ServiceHarness.object(response)["detail"] as? String ?? "").contains(detail), "\(response.bodyText)")
        #expect(try harness.snapshot() == before)
    }

    @Test("dueKind allDay and timed only check the kind read")
    func kindsThatCheck() throws {
        let harness = try ServiceHarness()
        let day = ServiceHarness.object(harness.send("POST", "/api/v1/reminders", json: #"{"title":"a","due":"fri","dueKind":"allDay"}"#))
        #expect(day["due"] as? String == "2026-12-04")
        let time = ServiceHarness.object(harness.send("POST", "/api/v1/reminders", json: #"{"title":"b","due":"fri 9am","dueKind":"timed"}"#))
        #expect(time["due"] as? String == "2026-12-04T09:00:00Z")
        #expect(time["dueKind"] as? String == "timed")
    }

    @Test("the OpenAPI document describes the body of a reminder, dueKind and the zone in brackets with it")
    func openAPIDescribesTheDates() throws {
        let harness = try ServiceHarness()
        let document = ServiceHarness.object(harness.send("GET", "/api/v1/openapi.json"))
        let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
        let fields = try #require(schemas?["ReminderFields"] as? [String: Any])
        let properties = try #require(fields["properties"] as? [String: [String: Any]])
        #expect((properties["dueKind"]?["enum"] as? [Any])?.contains { $0 as? String == "floating" } == true)
        #expect((properties["startKind"]?["description"] as? String)?.contains("floating") == true)
        #expect((properties["due"]?["description"] as? String)?.contains("[America/New_York]") == true)
        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        for (path, method) in [("/api/v1/reminders", "post"), ("/api/v1/reminders/{uid}", "patch")] {
            let body = paths[path]?[method]?["requestBody"] as? [String: Any]
            let schema = ((body?["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: Any]
            #expect(schema?["$ref"] as? String == "#/components/schemas/ReminderFields", "\(method) \(path)")
        }
    }
}

/// The same on `tick serve --database`: the dates reach PostgreSQL and come back as sent.
@Suite("Reminder dates on PostgreSQL", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresReminderDateFieldsTests {
    @Test("a zone named in brackets and a floating time are stored as such")
    func zoneAndFloating() throws {
        let harness = try PostgresServiceHarness()
        let zoned = PostgresServiceHarness.object(harness.send("POST", "/api/v1/reminders",
                                                               json: #"{"title":"a","due":"2026-12-05T09:00[America/New_York]"}"#))
        let uid = try #require(zoned["uid"] as? String)
        let stored = PostgresServiceHarness.object(harness.send("GET", "/api/v1/reminders/" + uid))
        #expect(stored["due"] as? String == "2026-12-05T09:00:00-05:00")
        #expect(stored["dueTimeZone"] as? String == "America/New_York")
        let floating = PostgresServiceHarness.object(harness.send("PATCH", "/api/v1/reminders/" + uid,
                                                                  json: #"{"due":"2026-12-06T10:00","dueKind":"floating"}"#))
        #expect(floating["due"] as? String == "2026-12-06T10:00:00")
        let again = PostgresServiceHarness.object(harness.send("GET", "/api/v1/reminders/" + uid))
        #expect(again["dueKind"] as? String == "floating")
        #expect(again["dueTimeZone"] is NSNull)
    }
}
