import Foundation
import Testing
import TestSupport
import TickActions
import TickModel
import TickServer
import TickStore

/// REPORT: calendar-multiget, calendar-query and sync-collection, on both servers (`StoreKind`).
@Suite struct DAVReportTests {
    @Test(arguments: StoreKind.available) func multigetGivesDataAndETagsAnd404ForUnknownHrefs(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let collection = try harness.firstCollection()
        _ = harness.dav("PUT", collection + "a.ics", ServiceHarness.todo(uid: "a", summary: "Alpha"))
        let etag = harness.dav("GET", collection + "a.ics").header("ETag")
        let body = """
            <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
            <D:prop><D:getetag/><C:calendar-data/></D:prop>
            <D:href>\(collection)a.ics</D:href><D:href>http://127.0.0.1:8765\(collection)a.ics</D:href>
            <D:href>\(collection)missing.ics</D:href></C:calendar-multiget>
            """
        let response = harness.dav("REPORT", collection, body, headers: ["Depth": "1"])
        #expect(response.status == 207)
        let answer = DAVAnswer(response)
        #expect(answer.item(collection + "a.ics")?.properties["{DAV:}getetag"] == etag)
        #expect(answer.item(collection + "a.ics")?.properties["{urn:ietf:params:xml:ns:caldav}calendar-data"]?
            .contains("SUMMARY:Alpha") == true)
        #expect(answer.item(collection + "missing.ics")?.status == 404)
    }

    /// Found by a tester: a title holding U+FFFF (which iCalendar text may hold, XML 1.0 may
    /// not) made every REPORT and PROPFIND of the list not well-formed, and a client failed on
    /// the whole list. Such characters are given as U+FFFD in XML.
    @Test(arguments: StoreKind.available) func aCharacterXMLCannotHoldIsReplacedAndTheAnswerIsWellFormed(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let collection = try harness.firstCollection()
        #expect(harness.dav("PUT", collection + "odd.ics", ServiceHarness.todo(uid: "odd", summary: "odd \u{FFFE}\u{FFFF} title")).status == 201)
        let body = """
            <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
            <D:prop><D:getetag/><C:calendar-data/></D:prop><D:href>\(collection)odd.ics</D:href></C:calendar-multiget>
            """
        let response = harness.dav("REPORT", collection, body, headers: ["Depth": "1"])
        #expect(!response.bodyText.unicodeScalars.contains { $0 == "\u{FFFE}" || $0 == "\u{FFFF}" })
        let data = DAVAnswer(response).item(collection + "odd.ics")?.properties["{urn:ietf:params:xml:ns:caldav}calendar-data"]
        #expect(data?.contains("SUMMARY:odd \u{FFFD}\u{FFFD} title") == true, "\(response.bodyText)")
    }

    @Test(arguments: StoreKind.available) func calendarQueryForOpenToDos(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let collection = try harness.firstCollection()
        _ = harness.dav("PUT", collection + "open.ics", ServiceHarness.todo(uid: "open", summary: "Open"))
        _ = harness.dav("PUT", collection + "done.ics", ServiceHarness.todo(
            uid: "done", summary: "Done", extra: ["STATUS:COMPLETED", "COMPLETED:20260101T100000Z"]))
        // What DAVx5 and Thunderbird send for "open tasks only".
        let body = """
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop>
            <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO">
            <C:prop-filter name="COMPLETED"><C:is-not-defined/></C:prop-filter>
            <C:prop-filter name="STATUS"><C:text-match negate-condition="yes">CANCELLED</C:text-match></C:prop-filter>
            </C:comp-filter></C:comp-filter></C:filter></C:calendar-query>
            """
        let open = DAVAnswer(harness.dav("REPORT", collection, body, headers: ["Depth": "1"]))
        #expect(open.hrefs == [collection + "open.ics"])
        let all = """
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop>
            <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/></C:comp-filter></C:filter></C:calendar-query>
            """
        #expect(Set(DAVAnswer(harness.dav("REPORT", collection, all)).hrefs) == [collection + "open.ics", collection + "done.ics"])
        let events = all.replacingOccurrences(of: "VTODO", with: "VEVENT")
        #expect(DAVAnswer(harness.dav("REPORT", collection, events)).hrefs.isEmpty)
    }

    @Test(arguments: StoreKind.available) func calendarQueryByTimeRange(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let collection = try harness.firstCollection()
        _ = harness.dav("PUT", collection + "jan.ics", ServiceHarness.todo(uid: "jan", summary: "Jan", extra: ["DUE:20260110T100000Z"]))
        _ = harness.dav("PUT", collection + "mar.ics", ServiceHarness.todo(uid: "mar", summary: "Mar", extra: ["DUE:20260310T100000Z"]))
        let body = """
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop>
            <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO">
            <C:time-range start="20260101T000000Z" end="20260201T000000Z"/></C:comp-filter></C:comp-filter></C:filter>
            </C:calendar-query>
            """
        #expect(DAVAnswer(harness.dav("REPORT", collection, body)).hrefs == [collection + "jan.ics"])
        let malformed = body.replacingOccurrences(of: "20260101T000000Z", with: "2026-01-01")
        let refused = harness.dav("REPORT", collection, malformed)
        #expect(refused.status == 403)
        #expect(refused.bodyText.contains("valid-filter"))
    }

    @Test(arguments: StoreKind.available) func anUnsupportedFilterIs403SupportedFilter(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let body = """
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop>
            <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO">
            <C:prop-filter name="X-SOMETHING"><C:is-not-defined/></C:prop-filter></C:comp-filter></C:comp-filter></C:filter>
            </C:calendar-query>
            """
        let response = harness.dav("REPORT", try harness.firstCollection(), body)
        #expect(response.status == 403)
        #expect(response.bodyText.contains("<C:supported-filter/>"))
    }

    @Test(arguments: StoreKind.available) func syncCollectionReportsChangesAndDeletionsSinceAToken(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let collection = try harness.firstCollection()
        _ = harness.dav("PUT", collection + "a.ics", ServiceHarness.todo(uid: "a", summary: "A"))
        _ = harness.dav("PUT", collection + "b.ics", ServiceHarness.todo(uid: "b", summary: "B"))
        let first = DAVAnswer(harness.dav("REPORT", collection, ServiceHarness.syncCollection(""), headers: ["Depth": "0"]))
        #expect(Set(first.hrefs) == [collection + "a.ics", collection + "b.ics"])
        #expect(first.items.allSatisfy { $0.properties["{DAV:}getetag"] != nil })
        let token = try #require(first.syncToken)

        let unchanged = DAVAnswer(harness.dav("REPORT", collection, ServiceHarness.syncCollection(token)))
        #expect(unchanged.items.isEmpty)
        #expect(unchanged.syncToken == token)

        _ = harness.dav("PUT", collection + "a.ics", ServiceHarness.todo(uid: "a", summary: "A changed"))
        _ = harness.dav("DELETE", collection + "b.ics")
        let uid = harness.add(#"{"title": "From the web"}"#)
        let later = DAVAnswer(harness.dav("REPORT", collection, ServiceHarness.syncCollection(token)))
        #expect(later.item(collection + "b.ics")?.status == 404)
        #expect(later.item(collection + "a.ics")?.properties["{DAV:}getetag"] != nil)
        #expect(later.item(collection + uid + ".ics") != nil)
        #expect(later.items.count == 3)
        #expect(later.syncToken != token)
        // The collection's sync-token property moves with it.
        let property = DAVAnswer(harness.dav("PROPFIND", collection, headers: ["Depth": "0"]))
        #expect(property.items.first?.properties["{DAV:}sync-token"] == later.syncToken)
    }

    @Test func aReminderMovedToAnotherListIsADeletionInTheFirst() throws {
        let harness = try ServiceHarness()
        let collection = try harness.firstCollection()
        _ = harness.dav("PUT", collection + "a.ics", ServiceHarness.todo(uid: "a", summary: "A"))
        let token = try #require(DAVAnswer(harness.dav("REPORT", collection, ServiceHarness.syncCollection(""))).syncToken)
        let other = try Actions(store: harness.store, context: ActionContext(dateContext: DateContext(
            now: Fixture.now, timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"))))
            .addList(named: "Work")
        try harness.store.write { db in
            var reminder = try #require(try db.reminder(uid: ReminderUID("a")))
            reminder.listID = other.id
            try db.update(reminder)
        }
        let later = DAVAnswer(harness.dav("REPORT", collection, ServiceHarness.syncCollection(token)))
        #expect(later.item(collection + "a.ics")?.status == 404)
        let work = DAVAnswer(harness.dav("REPORT", "/dav/lists/\(other.id.rawValue)/", ServiceHarness.syncCollection("")))
        #expect(work.hrefs == ["/dav/lists/\(other.id.rawValue)/a.ics"])
    }

    @Test func aTokenOlderThanTheKeptTombstonesIs403AndAFreshSyncWorks() throws {
        let harness = try ServiceHarness()
        let collection = try harness.firstCollection()
        for name in ["a", "b", "c", "d"] {
            _ = harness.dav("PUT", collection + name + ".ics", ServiceHarness.todo(uid: name, summary: name.uppercased()))
        }
        let old = try #require(DAVAnswer(harness.dav("REPORT", collection, ServiceHarness.syncCollection(""))).syncToken)
        for name in ["a", "b", "c"] { _ = harness.dav("DELETE", collection + name + ".ics") }
        let recent = try #require(DAVAnswer(harness.dav("REPORT", collection, ServiceHarness.syncCollection(old))).syncToken)
        _ = harness.dav("DELETE", collection + "d.ics")
        #expect(try harness.store.write { db in try db.pruneDAVTombstones(keeping: 1) } == 3)

        // The old token may miss a deletion: refused, as RFC 6578 §3.2 allows.
        let refused = harness.dav("REPORT", collection, ServiceHarness.syncCollection(old))
        #expect(refused.status == 403)
        #expect(refused.bodyText.contains("<D:valid-sync-token/>"))
        // The token given after those deletions still learns of the last one.
        let later = DAVAnswer(harness.dav("REPORT", collection, ServiceHarness.syncCollection(recent)))
        #expect(later.hrefs == [collection + "d.ics"])
        #expect(later.item(collection + "d.ics")?.status == 404)
        // A client starting over gets what exists.
        let fresh = DAVAnswer(harness.dav("REPORT", collection, ServiceHarness.syncCollection("")))
        #expect(fresh.items.isEmpty)
        #expect(fresh.syncToken != nil)
    }

    @Test(arguments: ["urn:x-tick:sync:999999", "http://example.com/sync/1", "urn:x-tick:sync:-1", "garbage"])
    func aTokenTickDidNotGiveIs403ValidSyncToken(_ token: String) throws {
        let harness = try ServiceHarness()
        let response = harness.dav("REPORT", try harness.firstCollection(), ServiceHarness.syncCollection(token))
        #expect(response.status == 403)
        #expect(response.bodyText.contains("<D:valid-sync-token/>"))
    }

    @Test(arguments: StoreKind.available) func anUnknownReportIs403SupportedReport(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let response = harness.dav("REPORT", try harness.firstCollection(), #"<D:expand-property xmlns:D="DAV:"/>"#)
        #expect(response.status == 403)
        #expect(response.bodyText.contains("<D:supported-report/>"))
    }
}
