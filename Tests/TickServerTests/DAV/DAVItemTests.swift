import Foundation
import Testing
import TestSupport
import TickServer

/// GET, PUT and DELETE of reminders, with their preconditions, on both servers (`StoreKind`).
@Suite struct DAVItemTests {
    @Test(arguments: StoreKind.available) func putThenGetKeepsWhatTickDoesNotModel(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let collection = try harness.firstCollection()
        let body = ServiceHarness.todo(uid: "phone-1", summary: "Buy milk", extra: ["X-PHONE-THING;P=1:kept as it was"])
        let put = harness.dav("PUT", collection + "phone-1.ics", body, headers: ["If-None-Match": "*"])
        #expect(put.status == 201)
        #expect(put.header("ETag") == nil, "Tick stores the to-do in its own words: no ETag (RFC 4791 §5.3.4)")
        let get = harness.dav("GET", collection + "phone-1.ics")
        #expect(get.status == 200)
        let etag = try #require(get.header("ETag"))
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
        #expect(get.bodyText.contains("SUMMARY:Buy milk"))
        #expect(get.bodyText.contains("X-PHONE-THING;P=1:kept as it was"))
        // Stable while nothing changes.
        #expect(harness.dav("GET", collection + "phone-1.ics").header("ETag") == etag)
        let titles = try harness.titles()
        #expect(titles == ["Buy milk"])
    }

    /// A phone's writes are changes of the change journal like the web app's: `tick undo`
    /// and `POST /api/v1/undo` take them back.
    /// t77: a 50,000-character UID, a 10,000-character resource name and a 2,800-character
    /// list name were 500s on PostgreSQL (an index's entry is at most 2,704 bytes), naming the
    /// index. Refused on both stores, saying what and how long; nothing stored.
    @Test(arguments: StoreKind.available) func longIdentifiersAndNamesAreRefused(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let collection = try harness.firstCollection()
        let before = try harness.storedState()
        // Incompressible text: PostgreSQL compresses a repeated one under the limit.
        var generator = SystemRandomNumberGenerator()
        func random(_ count: Int) -> String { String((0..<count).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement(using: &generator)! }) }
        let longUID = random(50_000)
        let put = harness.dav("PUT", collection + "long.ics", ServiceHarness.todo(uid: longUID, summary: "Long UID"))
        #expect(put.status == 403, "\(put.status) \(put.bodyText)")
        #expect(put.bodyText.contains("UID is 50000 bytes long; Tick keeps UIDs of at most 1024"), "\(put.bodyText)")
        let longName = harness.dav("PUT", collection + random(10_000) + ".ics", ServiceHarness.todo(uid: "short", summary: "Long name"))
        #expect(longName.status == 403, "\(longName.status) \(longName.bodyText)")
        #expect(longName.bodyText.contains("Tick keeps names of at most 1024"), "\(longName.bodyText)")
        let list = harness.api("POST", "/api/v1/lists", json: "{\"name\":\"\(random(2_800))\"}")
        #expect(list.status == 422, "\(list.status) \(list.bodyText)")
        #expect(list.bodyText.contains("longer than 255 characters"), "\(list.bodyText)")
        #expect(try harness.storedState() == before)
        // The longest are kept.
        #expect(harness.dav("PUT", collection + "ok.ics", ServiceHarness.todo(uid: random(1_024), summary: "Longest UID")).status == 201)
        #expect(harness.api("POST", "/api/v1/lists", json: "{\"name\":\"\(random(255))\"}").status == 201)
    }

    @Test func writesAreJournaled() throws {
        let harness = try ServiceHarness()
        let path = try harness.firstCollection() + "phone-2.ics"
        #expect(harness.dav("PUT", path, ServiceHarness.todo(uid: "phone-2", summary: "From the phone")).status == 201)
        #expect(harness.dav("PUT", path, ServiceHarness.todo(uid: "phone-2", summary: "Edited on the phone")).status == 204)
        let undone = ServiceHarness.object(harness.send("POST", "/api/v1/undo"))
        #expect(undone["undone"] as? String == "tick serve: save \u{201C}Edited on the phone\u{201D} (CalDAV)")
        #expect(try harness.store.read { db in try db.allReminders().map(\.title) } == ["From the phone"])
        #expect(harness.dav("DELETE", path).status == 204)
        let restored = ServiceHarness.object(harness.send("POST", "/api/v1/undo"))
        #expect(restored["undone"] as? String == "tick serve: delete \u{201C}From the phone\u{201D} (CalDAV)")
        #expect(harness.dav("GET", path).status == 200)
    }

    @Test(arguments: StoreKind.available) func ifNoneMatchStarOnAnExistingItemIs412AndChangesNothing(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let path = try harness.firstCollection() + "a.ics"
        _ = harness.dav("PUT", path, ServiceHarness.todo(uid: "a", summary: "First"), headers: ["If-None-Match": "*"])
        let before = try harness.storedState()
        let again = harness.dav("PUT", path, ServiceHarness.todo(uid: "a", summary: "Second"), headers: ["If-None-Match": "*"])
        #expect(again.status == 412)
        #expect(try harness.storedState() == before)
    }

    @Test(arguments: StoreKind.available) func ifMatchComparesTheETagByteForByte(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let path = try harness.firstCollection() + "a.ics"
        _ = harness.dav("PUT", path, ServiceHarness.todo(uid: "a", summary: "First"))
        let etag = try #require(harness.dav("GET", path).header("ETag"))
        let before = try harness.storedState()
        let unquoted = String(etag.dropFirst().dropLast())
        for wrong in [unquoted, "W/" + etag, "\"999999\""] {
            let refused = harness.dav("PUT", path, ServiceHarness.todo(uid: "a", summary: "Changed"), headers: ["If-Match": wrong])
            #expect(refused.status == 412, "If-Match: \(wrong)")
        }
        #expect(try harness.storedState() == before)
        let updated = harness.dav("PUT", path, ServiceHarness.todo(uid: "a", summary: "Changed"), headers: ["If-Match": etag])
        #expect(updated.status == 204)
        let newTag = try #require(harness.dav("GET", path).header("ETag"))
        #expect(newTag != etag)
        #expect(harness.dav("PUT", try harness.firstCollection() + "new.ics", ServiceHarness.todo(uid: "new", summary: "x"),
                            headers: ["If-Match": "*"]).status == 412)
    }

    /// `*` stands alone in `If-Match` and `If-None-Match` (RFC 9110 §13.1.1–2): mixed with tags
    /// it is a 400 that changes nothing (`"x", *` was read as `*`). `If-None-Match` compares
    /// weakly: `W/` and the current tag names the resource there. A REPORT's `Depth` is checked
    /// as a PROPFIND's.
    @Test(arguments: StoreKind.available) func aStarAmongEntityTagsIsA400(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let collection = try harness.firstCollection()
        let path = collection + "a.ics"
        _ = harness.dav("PUT", path, ServiceHarness.todo(uid: "a", summary: "First"))
        let etag = try #require(harness.dav("GET", path).header("ETag"))
        let before = try harness.storedState()
        for value in ["\"x\", *", "*,\(etag)", "*,*", "*, *"] {
            let put = harness.dav("PUT", path, ServiceHarness.todo(uid: "a", summary: "Changed"), headers: ["If-Match": value])
            #expect(put.status == 400 && put.bodyText.contains("RFC 9110"), "\(value): \(put.status) \(put.bodyText)")
            #expect(harness.dav("DELETE", path, headers: ["If-Match": value]).status == 400)
            #expect(harness.dav("DELETE", collection, headers: ["If-Match": value]).status == 400)
            #expect(harness.dav("PUT", collection + "b.ics", ServiceHarness.todo(uid: "b", summary: "B"),
                                headers: ["If-None-Match": value]).status == 400)
        }
        #expect(harness.dav("PUT", path, ServiceHarness.todo(uid: "a", summary: "Changed"),
                            headers: ["If-None-Match": "W/" + etag]).status == 412)
        let report = "<C:calendar-query xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><D:prop><D:getetag/></D:prop>"
            + "<C:filter><C:comp-filter name=\"VCALENDAR\"><C:comp-filter name=\"VTODO\"/></C:comp-filter></C:filter></C:calendar-query>"
        #expect(harness.dav("REPORT", collection, report, headers: ["Depth": "banana"]).status == 400)
        #expect(harness.dav("REPORT", collection, report, headers: ["Depth": "1"]).status == 207)
        #expect(try harness.storedState() == before)
        #expect(harness.dav("PUT", path, ServiceHarness.todo(uid: "a", summary: "Changed"),
                            headers: ["If-Match": "\"nope\", " + etag]).status == 204)
    }

    @Test(arguments: StoreKind.available) func aPutOfTicksOwnTextGetsItsETag(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let uid = harness.add(#"{"title": "From the web"}"#)
        let path = try harness.firstCollection() + uid + ".ics"
        let text = harness.dav("GET", path).bodyText
        let edited = text.replacingOccurrences(of: "SUMMARY:From the web", with: "SUMMARY:Edited")
        let put = harness.dav("PUT", path, edited)
        #expect(put.status == 204)
        let get = harness.dav("GET", path)
        #expect(get.bodyText == edited)
        #expect(put.header("ETag") == get.header("ETag"))
        #expect(put.header("ETag") != nil)
    }

    @Test(arguments: StoreKind.available) func anEditInTickChangesTheETag(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let uid = harness.add(#"{"title": "From the web"}"#)
        let path = try harness.firstCollection() + uid + ".ics"
        let first = try #require(harness.dav("GET", path).header("ETag"))
        _ = harness.api("PATCH", "/api/v1/reminders/\(uid)", json: #"{"title": "Renamed"}"#)
        let second = harness.dav("GET", path)
        #expect(second.header("ETag") != first)
        #expect(second.bodyText.contains("SUMMARY:Renamed"))
    }

    /// A tester: a PUT (with the current ETag) that set a repeating to-do's due date back onto
    /// an occurrence completed already, made it weekly and took its alarm away was answered
    /// 204 and stored the title alone (the import's rule against an old export bringing back
    /// a completed occurrence); a PUT says the schedule it means.
    @Test(arguments: StoreKind.available) func aPutMovingARepeatBackIsStored(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let uid = harness.add(#"{"title": "Daily", "due": "2026-12-07T09:00[Europe/Berlin]", "repeat": "daily"}"#)
        #expect(harness.api("POST", "/api/v1/reminders/\(uid)/complete", json: "{}").status == 200)
        let path = try harness.firstCollection() + uid + ".ics"
        let get = harness.dav("GET", path)
        let etag = try #require(get.header("ETag"))
        #expect(get.bodyText.contains("DUE;TZID=Europe/Berlin:20261208T090000"))
        var lines = get.bodyText.components(separatedBy: "\r\n")
        if let start = lines.firstIndex(of: "BEGIN:VALARM"), let end = lines.firstIndex(of: "END:VALARM") {
            lines.removeSubrange(start...end)
        }
        let edited = lines.joined(separator: "\r\n")
            .replacingOccurrences(of: "DUE;TZID=Europe/Berlin:20261208T090000", with: "DUE;TZID=Europe/Berlin:20261207T090000")
            .replacingOccurrences(of: "RRULE:FREQ=DAILY", with: "RRULE:FREQ=WEEKLY")
            .replacingOccurrences(of: "SUMMARY:Daily", with: "SUMMARY:Weekly now")
        #expect(edited.contains("RRULE:FREQ=WEEKLY") && !edited.contains("VALARM"))
        #expect(harness.dav("PUT", path, edited, headers: ["If-Match": etag]).status == 204)
        let stored = harness.dav("GET", path).bodyText
        #expect(stored.contains("DUE;TZID=Europe/Berlin:20261207T090000"))
        #expect(stored.contains("RRULE:FREQ=WEEKLY"))
        #expect(stored.contains("SUMMARY:Weekly now"))
        #expect(!stored.contains("BEGIN:VALARM"))
        let reminder = harness.api("GET", "/api/v1/reminders/\(uid)", json: nil).bodyText
        #expect(reminder.contains("2026-12-07T09:00"))
    }

    static let refusals: [(String, String, Int, String)] = [
        ("an event", ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:e", "DTSTART:20260101T100000Z", "END:VEVENT",
                      "END:VCALENDAR"].joined(separator: "\r\n"), 403, "supported-calendar-component"),
        ("two UIDs", ServiceHarness.todo(uid: "x", summary: "One").replacingOccurrences(
            of: "END:VCALENDAR", with: "BEGIN:VTODO\r\nUID:y\r\nSUMMARY:Two\r\nEND:VTODO\r\nEND:VCALENDAR"), 403,
         "valid-calendar-object-resource"),
        ("no UID", ServiceHarness.todo(uid: "x", summary: "One").replacingOccurrences(of: "UID:x\r\n", with: ""), 403,
         "valid-calendar-object-resource"),
        ("not iCalendar", "hello", 403, "valid-calendar-data"),
        ("not UTF-8", "BEGIN:VCALENDAR\u{FFFD}", 403, "supported-calendar-data"),
        // A tester: 5,000 nested components were stored, served back, and broke vdirsyncer's sync of the list.
        ("nested 17 deep", ServiceHarness.todo(uid: "x", summary: "Deep").replacingOccurrences(
            of: "END:VTODO", with: (1...15).map { "BEGIN:X-N\($0)\r\n" }.joined() + (1...15).reversed().map { "END:X-N\($0)\r\n" }.joined()
                + "END:VTODO"), 403, "valid-calendar-data"),
        // A tester: values the reader leaves out were dropped without a word, and the PUT said 201.
        ("DUE:notadate", ServiceHarness.todo(uid: "x", summary: "Bad due", extra: ["DUE:notadate"]), 403, "valid-calendar-data"),
        ("RRULE:FREQ=BOGUS", ServiceHarness.todo(uid: "x", summary: "Bad rule", extra: ["RRULE:FREQ=BOGUS"]), 403, "valid-calendar-data"),
        ("an unreadable TRIGGER", ServiceHarness.todo(uid: "x", summary: "Bad alarm", extra: [
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:garbage", "END:VALARM"]), 403, "valid-calendar-data"),
        ("a second DUE", ServiceHarness.todo(uid: "x", summary: "Two dues", extra: ["DUE:20261201T090000Z", "DUE:20261202T090000Z"]),
         403, "valid-calendar-data"),
        ("a line without a colon", ServiceHarness.todo(uid: "x", summary: "No colon", extra: ["NOCOLON"]), 403, "valid-calendar-data"),
        // The same tester, after that: dates with no real day or hour, words for a priority, a
        // parameter without '=', a start after the due date were still dropped with a 201.
        ("DUE:20261301", ServiceHarness.todo(uid: "x", summary: "Month 13", extra: ["DUE:20261301"]), 403, "valid-calendar-data"),
        ("DUE at hour 25", ServiceHarness.todo(uid: "x", summary: "Hour 25", extra: ["DUE:20261201T250000Z"]), 403, "valid-calendar-data"),
        ("PRIORITY:high", ServiceHarness.todo(uid: "x", summary: "Words", extra: ["PRIORITY:high"]), 403, "valid-calendar-data"),
        ("COMPLETED on day 32", ServiceHarness.todo(uid: "x", summary: "Day 32", extra: ["STATUS:COMPLETED", "COMPLETED:20261332T100000Z"]),
         403, "valid-calendar-data"),
        ("a TZID without 'TZID='", ServiceHarness.todo(uid: "x", summary: "Zone", extra: ["DUE;America/New_York:20261201T100000"]),
         403, "valid-calendar-data"),
        ("DTSTART after DUE", ServiceHarness.todo(uid: "x", summary: "Late start", extra: ["DTSTART:20261205T100000Z", "DUE:20261201T100000Z"]),
         403, "valid-calendar-data"),
        // A tester of the multi-user server: a percentage in words, a zone no one defines (read
        // as UTC), a repeat rule the JSON API refuses (completing it ended the series).
        ("PERCENT-COMPLETE:abc", ServiceHarness.todo(uid: "x", summary: "Percent", extra: ["PERCENT-COMPLETE:abc"]), 403, "valid-calendar-data"),
        ("an unknown TZID", ServiceHarness.todo(uid: "x", summary: "Mars", extra: ["DUE;TZID=Mars/Olympus:20261201T090000"]),
         403, "valid-calendar-data"),
        ("RRULE BYMONTH=13", ServiceHarness.todo(uid: "x", summary: "Month 13", extra: ["DUE:20261201T090000Z", "RRULE:FREQ=DAILY;BYMONTH=13"]),
         403, "valid-calendar-data"),
        ("RRULE BYSETPOS alone", ServiceHarness.todo(uid: "x", summary: "Setpos", extra: ["DUE:20261201T090000Z", "RRULE:FREQ=DAILY;BYSETPOS=1"]),
         403, "valid-calendar-data"),
        // A verifying tester: a zone only the object's VTIMEZONE defines came back in UTC, hours off.
        ("a zone only its VTIMEZONE defines", ServiceHarness.todo(uid: "x", summary: "Custom", extra: ["DUE;TZID=Custom/Berlin:20261020T090000"])
            .replacingOccurrences(of: "BEGIN:VTODO", with: "BEGIN:VTIMEZONE\r\nTZID:Custom/Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n"
                                  + "TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\nBEGIN:VTODO"),
         403, "valid-calendar-data"),
        ("two versions of one to-do", ServiceHarness.todo(uid: "x", summary: "One").replacingOccurrences(
            of: "END:VCALENDAR", with: "BEGIN:VTODO\r\nUID:x\r\nSUMMARY:Other\r\nEND:VTODO\r\nEND:VCALENDAR"), 403, "valid-calendar-data"),
        // Testers: dates of no real day in the lines Tick keeps as written, a yearly part in a monthly rule.
        ("EXDATE of no real day", ServiceHarness.todo(uid: "x", summary: "Exdate", extra: [
            "DUE:20261201T090000Z", "RRULE:FREQ=DAILY", "EXDATE:20261399T090000Z"]), 403, "valid-calendar-data"),
        ("RECURRENCE-ID of no real day", ServiceHarness.todo(uid: "x", summary: "Series", extra: ["DUE:20261201T090000Z", "RRULE:FREQ=DAILY"])
            .replacingOccurrences(of: "END:VCALENDAR", with: "BEGIN:VTODO\r\nUID:x\r\nRECURRENCE-ID:20261399T090000Z\r\n"
                                  + "SUMMARY:Changed\r\nEND:VTODO\r\nEND:VCALENDAR"), 403, "valid-calendar-data"),
        ("RRULE BYWEEKNO in a monthly rule", ServiceHarness.todo(uid: "x", summary: "Weekno", extra: [
            "DUE:20261201T090000Z", "RRULE:FREQ=MONTHLY;BYWEEKNO=5"]), 403, "valid-calendar-data"),
        // Testers: a to-do its own parent was stored with its RELATED-TO gone (import warns); an
        // empty UID was "1 UIDs".
        ("a RELATED-TO naming the to-do itself", ServiceHarness.todo(uid: "x", summary: "Self", extra: ["RELATED-TO;RELTYPE=PARENT:x"]),
         403, "valid-calendar-data"),
        ("an empty UID", ServiceHarness.todo(uid: "", summary: "Empty"), 403, "valid-calendar-object-resource"),
    ]

    /// What the reader reads as well as it can (an out-of-range PRIORITY, a date written with
    /// dashes) is taken, not refused, and given back in valid form; the refusals above say
    /// the line.
    @Test(arguments: StoreKind.available) func aValueReadLenientlyIsTakenAndARefusalNamesTheLine(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let collection = try harness.firstCollection()
        let put = harness.dav("PUT", collection + "lenient.ics",
                              ServiceHarness.todo(uid: "lenient", summary: "Lenient", extra: [
                                  "PRIORITY:42", "DUE:2026-12-01"]))
        #expect(put.status == 201, "\(put.status) \(put.bodyText)")
        let get = harness.dav("GET", collection + "lenient.ics").bodyText
        #expect(get.contains("PRIORITY:9") && get.contains("DUE;VALUE=DATE:20261201"), "\(get)")
        // Zones named as Outlook and old Mozilla clients name them, with their VTIMEZONEs, are taken.
        for (index, zone) in ["W. Europe Standard Time", "/mozilla.org/20050126_1/Europe/Berlin"].enumerated() {
            let body = ServiceHarness.todo(uid: "zone-\(index)", summary: "Zoned", extra: ["DUE;TZID=\"\(zone)\":20260120T090000"])
                .replacingOccurrences(of: "BEGIN:VTODO", with: "BEGIN:VTIMEZONE\r\nTZID:\(zone)\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n"
                                      + "TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\nBEGIN:VTODO")
            let put = harness.dav("PUT", collection + "zone-\(index).ics", body)
            #expect(put.status == 201, "\(zone): \(put.status) \(put.bodyText)")
            #expect(harness.dav("GET", collection + "zone-\(index).ics").bodyText.contains(":20260120T090000"), "\(zone)")
        }
        // A rule RFC 5545 allows and Tick does not expand is kept as written (tasks.org repeats hourly).
        let hourly = harness.dav("PUT", collection + "hourly.ics", ServiceHarness.todo(uid: "hourly", summary: "Hourly", extra: [
            "DUE:20261201T090000Z", "RRULE:FREQ=HOURLY;INTERVAL=2", "X-RULE-PART;X=1:kept"]))
        #expect(hourly.status == 201, "\(hourly.status) \(hourly.bodyText)")
        #expect(harness.dav("GET", collection + "hourly.ics").bodyText.contains("RRULE:FREQ=HOURLY;INTERVAL=2"))
        let refused = harness.dav("PUT", collection + "bad.ics", ServiceHarness.todo(uid: "bad", summary: "Bad", extra: ["DUE:notadate"]))
        #expect(refused.status == 403)
        #expect(refused.bodyText.contains("nothing was stored") && refused.bodyText.contains("could not read this DUE line"),
                "\(refused.bodyText)")
        #expect(refused.bodyText.contains("line "), "\(refused.bodyText)")
    }

    @Test(arguments: StoreKind.available) func componentsNestedSixteenDeepAreKept(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let nested = (1...14).map { "BEGIN:X-N\($0)\r\nX-AT:\($0)\r\n" }.joined() + (1...14).reversed().map { "END:X-N\($0)\r\n" }.joined()
        let body = ServiceHarness.todo(uid: "deep", summary: "Deep").replacingOccurrences(of: "END:VTODO", with: nested + "END:VTODO")
        let path = try harness.firstCollection() + "deep.ics"
        #expect(harness.dav("PUT", path, body).status == 201)
        #expect(harness.dav("GET", path).bodyText.contains("BEGIN:X-N14\r\nX-AT:14\r\nEND:X-N14"))
    }

    @Test(arguments: StoreKind.available, refusals) func aPutThatIsNotOneToDoIsRefusedWithItsPrecondition(
        _ kind: StoreKind, _ refusal: (String, String, Int, String)) throws {
        let (what, body, status, condition) = refusal
        let harness = try kind.davServer()
        let before = try harness.storedState()
        var bytes = Array(body.utf8)
        if what == "not UTF-8" { bytes = Array("BEGIN:VCALENDAR".utf8) + [0xFF, 0xFE] }
        let response = harness.respond(to: HTTPRequest(
            method: "PUT", path: try harness.firstCollection() + "x.ics",
            headers: ["Host": ServiceHarness.host, "Authorization": harness.davAuthorization], body: bytes))
        #expect(response.status == status, "\(what)")
        #expect(response.bodyText.contains("<C:\(condition)/>"), "\(what): \(response.bodyText)")
        #expect(response.bodyText.contains("responsedescription"))
        #expect(try harness.storedState() == before)
    }

    /// The words of two refusals above, and what the PUT's `Content-Type` may be (a tester:
    /// `application/json` was stored as a to-do).
    @Test(arguments: StoreKind.available) func refusalsSayWhatIsWrong(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let collection = try harness.firstCollection()
        let before = try harness.storedState()
        let empty = harness.dav("PUT", collection + "e.ics", ServiceHarness.todo(uid: "", summary: "Empty"))
        #expect(empty.bodyText.contains("UID is empty"), "\(empty.bodyText)")
        let own = harness.dav("PUT", collection + "s.ics", ServiceHarness.todo(uid: "s", summary: "S", extra: ["RELATED-TO;RELTYPE=PARENT:s"]))
        #expect(own.bodyText.contains("its own parent"), "\(own.bodyText)")
        let json = harness.dav("PUT", collection + "j.ics", ServiceHarness.todo(uid: "j", summary: "J"),
                               headers: ["Content-Type": "application/json"])
        #expect(json.status == 403 && json.bodyText.contains("<C:supported-calendar-data/>") && json.bodyText.contains("application/json"))
        // iCalendar is UTF-8 (RFC 5545 §3.1.4): another charset is refused, not read as UTF-8.
        let latin = harness.dav("PUT", collection + "l.ics", ServiceHarness.todo(uid: "l", summary: "L"),
                                headers: ["Content-Type": "text/calendar; charset=iso-8859-1"])
        #expect(latin.status == 403 && latin.bodyText.contains("<C:supported-calendar-data/>") && latin.bodyText.contains("iso-8859-1"),
                "\(latin.status) \(latin.bodyText)")
        #expect(try harness.storedState() == before)
        for type in ["text/calendar", "TEXT/Calendar; charset=utf-8; component=VTODO", "application/octet-stream"] {
            let uid = "t\(type.count)"
            #expect(harness.dav("PUT", collection + uid + ".ics", ServiceHarness.todo(uid: uid, summary: "Typed"),
                                headers: ["Content-Type": type]).status == 201, "\(type)")
        }
        // A PROPFIND's Depth is 0, 1 or infinity (a tester: "banana" was read as 1).
        #expect(harness.dav("PROPFIND", "/dav/lists/", headers: ["Depth": "banana"]).status == 400)
        #expect(harness.dav("PROPFIND", "/dav/lists/", headers: ["Depth": "infinity"]).status == 207)
        #expect(harness.dav("PROPFIND", "/dav/lists/", headers: ["Depth": "0"]).status == 207)
    }

    @Test(arguments: StoreKind.available) func aUIDThatIsAnotherResourceIsANoUIDConflictNamingIt(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let collection = try harness.firstCollection()
        _ = harness.dav("PUT", collection + "one.ics", ServiceHarness.todo(uid: "shared", summary: "First"))
        let before = try harness.storedState()
        let elsewhere = harness.dav("PUT", collection + "two.ics", ServiceHarness.todo(uid: "shared", summary: "Second"))
        #expect(elsewhere.status == 409)
        #expect(elsewhere.bodyText.contains("<C:no-uid-conflict><D:href>\(collection)one.ics</D:href></C:no-uid-conflict>"))
        // Another UID at a taken href: the resource's UID cannot change.
        let changed = harness.dav("PUT", collection + "one.ics", ServiceHarness.todo(uid: "other", summary: "Third"))
        #expect(changed.status == 409)
        #expect(changed.bodyText.contains("no-uid-conflict"))
        #expect(try harness.storedState() == before)
    }

    /// A client moves a to-do between calendars by a PUT into the new one, then a DELETE
    /// of the old href (tick sync, DAVx5): the PUT is a move of the reminder, and the
    /// DELETE that follows finds nothing. Refused (409), `tick sync` had gone on to delete
    /// the old copy: the reminder was on no list of the server until the next sync.
    @Test(arguments: StoreKind.available) func aPutOfAnotherListsUIDMovesTheReminder(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let first = try harness.firstCollection()
        #expect(harness.dav("MKCALENDAR", "/dav/lists/errands/", DAVListTests.mkcalendar).status == 201)
        #expect(harness.dav("PUT", first + "milk.ics", ServiceHarness.todo(uid: "milk", summary: "Milk")).status == 201)
        let token = try #require(DAVAnswer(harness.dav("REPORT", first, ServiceHarness.syncCollection(""))).syncToken)
        let moved = harness.dav("PUT", "/dav/lists/errands/milk-2.ics", ServiceHarness.todo(uid: "milk", summary: "Milk (2 l)"),
                                headers: ["If-None-Match": "*"])
        #expect(moved.status == 201, "\(moved.bodyText)")
        #expect(try harness.titles() == ["Milk (2 l)"])
        #expect(harness.dav("GET", first + "milk.ics").status == 404)
        #expect(harness.dav("GET", "/dav/lists/errands/milk-2.ics").bodyText.contains("SUMMARY:Milk (2 l)"))
        // The old calendar reports the href gone; the client's DELETE of it finds nothing.
        let changes = DAVAnswer(harness.dav("REPORT", first, ServiceHarness.syncCollection(token)))
        #expect(changes.item(first + "milk.ics")?.status == 404, "\(changes.items)")
        #expect(harness.dav("DELETE", first + "milk.ics").status == 404)
        #expect(try harness.titles() == ["Milk (2 l)"])
        // Another href of the same calendar with that UID is still a conflict.
        let twice = harness.dav("PUT", "/dav/lists/errands/milk-3.ics", ServiceHarness.todo(uid: "milk", summary: "Milk"))
        #expect(twice.status == 409)
        #expect(twice.bodyText.contains("no-uid-conflict"))
    }

    @Test(arguments: StoreKind.available) func deleteWithIfMatch(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let path = try harness.firstCollection() + "gone.ics"
        _ = harness.dav("PUT", path, ServiceHarness.todo(uid: "gone", summary: "Bye"))
        let etag = try #require(harness.dav("GET", path).header("ETag"))
        // Change numbers start at 1: "0" is never a resource's ETag.
        #expect(harness.dav("DELETE", path, headers: ["If-Match": "\"0\""]).status == 412)
        #expect(harness.dav("GET", path).status == 200)
        #expect(harness.dav("DELETE", path, headers: ["If-Match": etag]).status == 204)
        #expect(harness.dav("GET", path).status == 404)
        #expect(harness.dav("DELETE", path).status == 404)
        #expect(try harness.titles().count == 0)
    }

    @Test(arguments: StoreKind.available) func aRepeatingReminderWithAnOverrideIsOneResource(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let collection = try harness.firstCollection()
        let body = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN",
            "BEGIN:VTODO", "UID:series", "DTSTAMP:20260101T000000Z", "SUMMARY:Water plants", "DUE;VALUE=DATE:20260105",
            "RRULE:FREQ=WEEKLY", "END:VTODO",
            "BEGIN:VTODO", "UID:series", "DTSTAMP:20260101T000000Z", "RECURRENCE-ID;VALUE=DATE:20260112",
            "SUMMARY:Water plants (and repot)", "DUE;VALUE=DATE:20260113", "END:VTODO",
            "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        #expect(harness.dav("PUT", collection + "series.ics", body).status == 201)
        let get = harness.dav("GET", collection + "series.ics").bodyText
        #expect(get.components(separatedBy: "BEGIN:VTODO").count == 3)
        #expect(get.contains("RECURRENCE-ID;VALUE=DATE:20260112"))
        #expect(try harness.titles().count == 1)
    }
}
