import Foundation
import Testing
import TestSupport
import TickServer

/// MKCALENDAR, PROPPATCH and DELETE of lists, on both servers (`StoreKind`).
@Suite struct DAVListTests {
    static let mkcalendar = """
        <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:I="http://apple.com/ns/ical/">
        <D:set><D:prop><D:displayname>Holiday</D:displayname><I:calendar-color>#34C759FF</I:calendar-color>
        <C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set></D:prop></D:set>
        </C:mkcalendar>
        """

    @Test(arguments: StoreKind.available) func mkcalendarMakesAListAtTheClientsPath(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let response = harness.dav("MKCALENDAR", "/dav/lists/phone-made/", DAVListTests.mkcalendar)
        #expect(response.status == 201)
        let list = harness.list("phone-made")
        #expect(list["name"] as? String == "Holiday")
        #expect(list["color"] as? String == "#34C759")
        #expect(harness.dav("PUT", "/dav/lists/phone-made/x.ics", ServiceHarness.todo(uid: "x", summary: "Pack")).status == 201)
        let again = harness.dav("MKCALENDAR", "/dav/lists/phone-made/", DAVListTests.mkcalendar)
        #expect(again.status == 405)
        #expect(again.bodyText.contains("resource-must-be-null"))
    }

    @Test(arguments: StoreKind.available) func mkcalendarForEventsIsRefused(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let before = try harness.storedState()
        let body = DAVListTests.mkcalendar.replacingOccurrences(of: "VTODO", with: "VEVENT")
        let response = harness.dav("MKCALENDAR", "/dav/lists/events/", body)
        #expect(response.status == 403)
        #expect(response.bodyText.contains("supported-calendar-component"))
        #expect(try harness.storedState() == before)
    }

    @Test(arguments: StoreKind.available) func proppatchRenamesRecolorsAndReorders(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        _ = harness.dav("MKCALENDAR", "/dav/lists/second/", DAVListTests.mkcalendar)
        let body = """
            <D:propertyupdate xmlns:D="DAV:" xmlns:I="http://apple.com/ns/ical/"><D:set><D:prop>
            <D:displayname>Trips</D:displayname><I:calendar-color>#FF3B30</I:calendar-color><I:calendar-order>1</I:calendar-order>
            </D:prop></D:set></D:propertyupdate>
            """
        let response = harness.dav("PROPPATCH", "/dav/lists/second/", body)
        #expect(response.status == 207)
        #expect(!response.bodyText.contains("424"))
        #expect(try harness.listNames() == ["Trips", "Reminders"])
        #expect(harness.list("second")["color"] as? String == "#FF3B30")
    }

    @Test(arguments: StoreKind.available) func proppatchOfAnUnknownPropertyFailsTheWholeUpdate(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let before = try harness.storedState()
        let body = """
            <D:propertyupdate xmlns:D="DAV:" xmlns:X="urn:example"><D:set><D:prop>
            <D:displayname>Renamed</D:displayname><X:thing>1</X:thing></D:prop></D:set></D:propertyupdate>
            """
        let response = harness.dav("PROPPATCH", try harness.firstCollection(), body)
        #expect(response.status == 207)
        #expect(response.bodyText.contains("HTTP/1.1 403 Forbidden"))
        #expect(response.bodyText.contains("HTTP/1.1 424 Failed Dependency"))
        #expect(try harness.storedState() == before)
    }

    @Test(arguments: StoreKind.available) func proppatchToANameAnotherListHasIs409(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        _ = harness.dav("MKCALENDAR", "/dav/lists/second/", DAVListTests.mkcalendar)
        let before = try harness.storedState()
        let body = """
            <D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:displayname>Reminders</D:displayname></D:prop></D:set>
            </D:propertyupdate>
            """
        let response = harness.dav("PROPPATCH", "/dav/lists/second/", body)
        #expect(response.bodyText.contains("HTTP/1.1 409 Conflict"))
        #expect(try harness.storedState() == before)
    }

    @Test(arguments: StoreKind.available) func deletingACollectionDeletesTheListAndItsReminders(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        _ = harness.dav("MKCALENDAR", "/dav/lists/second/", DAVListTests.mkcalendar)
        _ = harness.dav("PUT", "/dav/lists/second/x.ics", ServiceHarness.todo(uid: "x", summary: "Pack"))
        #expect(harness.dav("DELETE", "/dav/lists/second/").status == 204)
        #expect(try harness.listNames() == ["Reminders"])
        #expect(try harness.titles().isEmpty)
        #expect(harness.dav("PROPFIND", "/dav/lists/second/").status == 404)
    }
}
