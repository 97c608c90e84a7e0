import Foundation
import Testing
import TestSupport
import TickServer

/// MKCALENDAR, extended MKCOL, PROPPATCH and DELETE of lists, on both servers (`StoreKind`).
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

    /// A tester: a sync token of a collection deleted and made again at the same URL was taken,
    /// and answered with the new to-dos only, so a phone kept the old ones (and could PUT them back).
    @Test(arguments: StoreKind.available) func aTokenFromBeforeTheListWasMadeIsRefused(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let path = "/dav/lists/again/"
        #expect(harness.dav("MKCALENDAR", path, DAVListTests.mkcalendar).status == 201)
        // A first sync of the empty list gives a token the next sync keeps using.
        let empty = try #require(DAVAnswer(harness.dav("REPORT", path, ServiceHarness.syncCollection(""))).syncToken)
        #expect(harness.dav("REPORT", path, ServiceHarness.syncCollection(empty)).status == 207)
        for name in ["old1", "old2"] {
            #expect(harness.dav("PUT", path + name + ".ics", ServiceHarness.todo(uid: name, summary: name)).status == 201)
        }
        let old = try #require(DAVAnswer(harness.dav("REPORT", path, ServiceHarness.syncCollection(""))).syncToken)
        #expect(harness.dav("DELETE", path).status == 204)
        #expect(harness.dav("MKCALENDAR", path, DAVListTests.mkcalendar).status == 201)
        #expect(harness.dav("PUT", path + "new1.ics", ServiceHarness.todo(uid: "new1", summary: "new1")).status == 201)
        for token in [old, empty] {
            let refused = harness.dav("REPORT", path, ServiceHarness.syncCollection(token))
            #expect(refused.status == 403 && refused.bodyText.contains("valid-sync-token"), "\(refused.status) \(refused.bodyText)")
        }
        // From the start: the new to-do only; its token is taken again.
        let fresh = DAVAnswer(harness.dav("REPORT", path, ServiceHarness.syncCollection("")))
        #expect(fresh.hrefs == [path + "new1.ics"])
        let token = try #require(fresh.syncToken)
        #expect(DAVAnswer(harness.dav("REPORT", path, ServiceHarness.syncCollection(token))).hrefs.isEmpty)
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

    /// A name Tick holds blank is this property's 409, whatever makes it blank (a tester:
    /// U+2800 was a bare 422, white space a 207).
    @Test(arguments: StoreKind.available) func proppatchToABlankNameIs409(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        _ = harness.dav("MKCALENDAR", "/dav/lists/second/", DAVListTests.mkcalendar)
        let before = try harness.storedState()
        for name in [" ", "", "\u{2800}", "\u{200B}\u{2800} "] {
            let body = """
                <D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:displayname>\(name)</D:displayname></D:prop></D:set>
                </D:propertyupdate>
                """
            let response = harness.dav("PROPPATCH", "/dav/lists/second/", body)
            #expect(response.status == 207 && response.bodyText.contains("HTTP/1.1 409 Conflict"), "\(name): \(response.status)")
        }
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

    /// A tester: a DELETE of a list with a wrong `If-Match` deleted it with its reminders
    /// (a to-do's was 412). A list has no ETag: only `If-Match: *` matches.
    @Test(arguments: StoreKind.available) func deletingACollectionKeepsItsPreconditions(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        _ = harness.dav("MKCALENDAR", "/dav/lists/second/", DAVListTests.mkcalendar)
        _ = harness.dav("PUT", "/dav/lists/second/x.ics", ServiceHarness.todo(uid: "x", summary: "Pack"))
        let before = try harness.storedState()
        for headers in [["If-Match": "\"12345\""], ["If-Match": "\"1\", \"2\""], ["If-None-Match": "*"]] {
            let refused = harness.dav("DELETE", "/dav/lists/second/", headers: headers)
            #expect(refused.status == 412, "\(headers)")
            #expect(refused.bodyText.contains("/dav/lists/second/"), "\(refused.bodyText)")
        }
        #expect(try harness.storedState() == before)
        #expect(harness.dav("DELETE", "/dav/lists/second/", headers: ["If-Match": "*"]).status == 204)
        #expect(try harness.listNames() == ["Reminders"])
    }

    /// A tester: MKCALENDAR of `/dav/lists/%2e%2e/` made a list whose href, `/dav/lists/../`,
    /// clients resolve to `/dav/`. Dot-segments name nothing.
    @Test(arguments: StoreKind.available) func dotSegmentsNameNoList(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let before = try harness.storedState()
        for id in ["%2e", "%2E%2E", "%2e%2e"] {
            #expect(harness.dav("MKCALENDAR", "/dav/lists/\(id)/", DAVListTests.mkcalendar).status == 404, "\(id)")
            #expect(harness.dav("MKCOL", "/dav/lists/\(id)/", DAVListTests.mkcol()).status == 404, "\(id)")
        }
        let collection = try harness.firstCollection()
        #expect(harness.dav("PUT", collection + "%2e%2e", ServiceHarness.todo(uid: "dots", summary: "Dots")).status == 404)
        #expect(try harness.storedState() == before)
        #expect(harness.dav("PROPFIND", "/dav/lists/", headers: ["Depth": "1"]).bodyText.contains("/dav/lists/./") == false)
    }

    // MARK: - Extended MKCOL (RFC 5689)

    /// An extended MKCOL shaped as in RFC 5689 §4.1, with a name, a color and a place.
    static func mkcol(resourceType: String = "<D:collection/><C:calendar/>", extra: String = "") -> String {
        """
        <?xml version="1.0" encoding="utf-8" ?>
        <D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:I="http://apple.com/ns/ical/">
          <D:set><D:prop>
            <D:resourcetype>\(resourceType)</D:resourcetype>
            <D:displayname>New list</D:displayname><I:calendar-color>#FF9500</I:calendar-color>
            <I:calendar-order>1</I:calendar-order>\(extra)
          </D:prop></D:set>
        </D:mkcol>
        """
    }

    @Test(arguments: StoreKind.available) func extendedMkcolMakesAListAsMkcalendarDoes(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let response = harness.dav("MKCOL", "/dav/lists/NewList/", DAVListTests.mkcol())
        #expect(response.status == 201, "\(response.bodyText)")
        #expect(response.header("Location") == "/dav/lists/NewList/")
        #expect(response.bodyText.isEmpty)
        let list = harness.list("NewList")
        #expect(list["name"] as? String == "New list")
        #expect(list["color"] as? String == "#FF9500")
        #expect(try harness.listNames() == ["New list", "Reminders"], "calendar-order 1 puts it first")
        #expect(harness.dav("PUT", "/dav/lists/NewList/x.ics", ServiceHarness.todo(uid: "x", summary: "Pack")).status == 201)
        let found = DAVAnswer(harness.dav("PROPFIND", "/dav/lists/NewList/", headers: ["Depth": "0"]))
        #expect(found.item("/dav/lists/NewList/")?.properties["{DAV:}resourcetype"]
            == "[{DAV:}collection][{urn:ietf:params:xml:ns:caldav}calendar]")

        // vdirsyncer's own body: no name (the id names it), the default namespace, no prefix.
        let bare = """
            <?xml version="1.0" encoding="utf-8" ?>
            <mkcol xmlns="DAV:"><set><prop><resourcetype><collection/>
            <ns0:calendar xmlns:ns0="urn:ietf:params:xml:ns:caldav"/></resourcetype></prop></set></mkcol>
            """
        #expect(harness.dav("MKCOL", "/dav/lists/chores/", bare).status == 201)
        #expect(try harness.listNames() == ["New list", "Reminders", "chores"])

        let before = try harness.storedState()
        let again = harness.dav("MKCOL", "/dav/lists/NewList/", DAVListTests.mkcol())
        #expect(again.status == 405)
        #expect(again.bodyText.contains("resource-must-be-null"))
        #expect(try harness.storedState() == before)
    }

    /// What an extended MKCOL is refused with, and the property its `mkcol-response` blames
    /// (nil: a `DAV:error` body, the request was not refused for one property).
    static let refusedMkcols: [(body: String, status: Int, condition: String, blamed: String?)] = [
        ("", 403, "valid-resourcetype", nil),
        (mkcol(resourceType: "<D:collection/>"), 403, "valid-resourcetype", "resourcetype"),
        (mkcol(resourceType: "<D:collection/><A:addressbook xmlns:A=\"urn:ietf:params:xml:ns:carddav\"/>"), 403, "valid-resourcetype",
         "resourcetype"),
        (mkcol(resourceType: "<D:collection/><C:calendar/><A:addressbook xmlns:A=\"urn:ietf:params:xml:ns:carddav\"/>"), 403,
         "valid-resourcetype", "resourcetype"),
        ("<D:mkcol xmlns:D=\"DAV:\"><D:set><D:prop><D:displayname>Plain</D:displayname></D:prop></D:set></D:mkcol>", 403,
         "valid-resourcetype", nil),
        (mkcol(extra: "<C:supported-calendar-component-set><C:comp name=\"VEVENT\"/></C:supported-calendar-component-set>"), 403,
         "supported-calendar-component", "supported-calendar-component-set"),
        (mkcol().replacingOccurrences(of: "#FF9500", with: "#FF95"), 403, "", "calendar-color"),
        (mkcol().replacingOccurrences(of: "New list", with: "Reminders"), 409, "", "displayname"),
        ("<C:mkcalendar xmlns:C=\"urn:ietf:params:xml:ns:caldav\"/>", 415, "", nil),
    ]

    @Test(arguments: StoreKind.available, DAVListTests.refusedMkcols.indices)
    func extendedMkcolOfAnythingButAListIsRefused(_ kind: StoreKind, _ index: Int) throws {
        let (body, status, condition, blamed) = DAVListTests.refusedMkcols[index]
        let harness = try kind.davServer()
        let before = try harness.storedState()
        let response = harness.dav("MKCOL", "/dav/lists/refused/", body)
        #expect(response.status == status, "\(response.bodyText)")
        if !condition.isEmpty { #expect(response.bodyText.contains(":\(condition)/>"), "\(response.bodyText)") }
        if let blamed {
            // RFC 5689 §3.5: the property refused with the status and condition, the others 424.
            let answer = try #require(MkcolResponse(response), "\(response.bodyText)")
            #expect(answer.statuses[blamed] == status, "\(answer.statuses)")
            #expect(answer.statuses.filter { $0.key != blamed }.values.allSatisfy { $0 == 424 }, "\(answer.statuses)")
            #expect(answer.statuses.count > 1)
            #expect(answer.conditions == (condition.isEmpty ? [] : [condition]))
        } else if status == 403 {
            #expect(response.bodyText.contains("<D:error"), "\(response.bodyText)")
        }
        #expect(try harness.storedState() == before)
        #expect(harness.dav("PROPFIND", "/dav/lists/refused/", headers: ["Depth": "0"]).status == 404)
    }

    @Test(arguments: StoreKind.available) func extendedMkcolWithoutCredentialsIs401(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let before = try harness.storedState()
        let response = harness.dav("MKCOL", "/dav/lists/NewList/", DAVListTests.mkcol(), authorization: nil)
        #expect(response.status == 401)
        #expect(response.header("WWW-Authenticate")?.hasPrefix("Basic ") == true)
        #expect(try harness.storedState() == before)
    }

    @Test(arguments: StoreKind.available) func extendedMkcolOutsideTheCalendarHomeIs403(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let before = try harness.storedState()
        for path in ["/dav/lists/", "/dav/principal/", try harness.firstCollection() + "sub/"] {
            let response = harness.dav("MKCOL", path, DAVListTests.mkcol())
            #expect(response.status == 403, "\(path): \(response.status) \(response.bodyText)")
        }
        #expect(try harness.storedState() == before)
    }
}
