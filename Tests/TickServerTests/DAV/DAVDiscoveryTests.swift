import Foundation
import Testing
import TestSupport
import TickServer

/// Discovery, authentication and PROPFIND of the CalDAV server, in process (on both servers,
/// `StoreKind`, where the single-user server's token is not the subject).
@Suite struct DAVDiscoveryTests {
    static let principalAndHome = """
        <?xml version="1.0"?><propfind xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
        <prop><current-user-principal/><C:calendar-home-set/></prop></propfind>
        """

    @Test(arguments: StoreKind.available) func wellKnownRedirectsToTheRoot(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let response = harness.dav("PROPFIND", "/.well-known/caldav", authorization: nil)
        #expect(response.status == 301)
        #expect(response.header("Location") == "/dav/")
    }

    @Test func aPropfindOfTheServersRootRedirectsToo() throws {
        let harness = try ServiceHarness()
        let response = harness.dav("PROPFIND", "/", authorization: nil)
        #expect(response.status == 301)
        #expect(response.header("Location") == "/dav/")
        #expect(harness.dav("GET", "/", authorization: nil).status == 200, "the web app is still at /")
    }

    @Test(arguments: StoreKind.available) func optionsNamesCalendarAccessWithoutCredentials(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let response = harness.dav("OPTIONS", "/dav/", authorization: nil)
        #expect(response.status == 200)
        #expect(response.header("DAV") == "1, 3, calendar-access, extended-mkcol")
        let allowed = response.header("Allow")?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        #expect(allowed.contains("REPORT") && allowed.contains("MKCALENDAR") && allowed.contains("MKCOL"), "\(allowed)")
    }

    @Test(arguments: StoreKind.available) func principalThenHomeThenOneCollectionPerList(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let root = DAVAnswer(harness.dav("PROPFIND", "/dav/", DAVDiscoveryTests.principalAndHome, headers: ["Depth": "0"]))
        #expect(root.item("/dav/")?.properties["{DAV:}current-user-principal"] == "[{DAV:}href]/dav/principal/")
        let principal = DAVAnswer(harness.dav("PROPFIND", "/dav/principal/", DAVDiscoveryTests.principalAndHome, headers: ["Depth": "0"]))
        #expect(principal.item("/dav/principal/")?.properties["{urn:ietf:params:xml:ns:caldav}calendar-home-set"]
                == "[{DAV:}href]/dav/lists/")
        _ = harness.api("POST", "/api/v1/lists", json: ##"{"name": "Groceries", "color": "#FF9500"}"##)
        let home = harness.dav("PROPFIND", "/dav/lists/", headers: ["Depth": "1"])
        #expect(home.status == 207)
        let answer = DAVAnswer(home)
        let collections = answer.items.filter { $0.properties["{DAV:}resourcetype"]?.contains("caldav}calendar") == true }
        #expect(collections.map { $0.properties["{DAV:}displayname"] } == ["Reminders", "Groceries"])
        let groceries = try #require(collections.last)
        #expect(groceries.properties["{http://apple.com/ns/ical/}calendar-color"] == "#FF9500")
        #expect(groceries.properties["{http://apple.com/ns/ical/}calendar-order"] == "2")
        #expect(groceries.properties["{urn:ietf:params:xml:ns:caldav}supported-calendar-component-set"]
                == "[{urn:ietf:params:xml:ns:caldav}comp VTODO]")
        #expect(groceries.properties["{DAV:}sync-token"]?.hasPrefix("urn:x-tick:sync:") == true)
        #expect(groceries.properties["{DAV:}supported-report-set"]?.contains("sync-collection") == true)
        #expect(groceries.properties["{DAV:}current-user-privilege-set"]?.contains("{DAV:}write-content") == true)
        #expect(groceries.properties["{http://calendarserver.org/ns/}getctag"] != nil)
    }

    @Test(arguments: StoreKind.available) func unknownPropertiesAre404InTheirOwnPropstat(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let body = #"<propfind xmlns="DAV:" xmlns:X="urn:example"><prop><displayname/><X:color/></prop></propfind>"#
        let response = harness.dav("PROPFIND", try harness.firstCollection(), body, headers: ["Depth": "0"])
        #expect(response.status == 207)
        #expect(response.bodyText.contains("<X:color xmlns:X=\"urn:example\"/></D:prop><D:status>HTTP/1.1 404 Not Found"))
        #expect(DAVAnswer(response).items.first?.properties["{DAV:}displayname"] == "Reminders")
    }

    @Test(arguments: [
        (nil as String?, "no credentials"),
        ("Basic " + Data("phone:wrong".utf8).base64EncodedString(), "a wrong password"),
        ("Basic !!!", "not base64"),
    ]) func withoutTheTokenIs401WithABasicChallenge(authorization: String?, _ why: String) throws {
        let harness = try ServiceHarness()
        let response = harness.dav("PROPFIND", "/dav/lists/", authorization: authorization)
        #expect(response.status == 401, "\(why)")
        #expect(response.header("WWW-Authenticate") == "Basic realm=\"tick\", charset=\"UTF-8\"")
    }

    @Test func anyUserNameAndTheBearerTokenSignIn() throws {
        let harness = try ServiceHarness()
        let other = "Basic " + Data("someone@example.org:\(ServiceHarness.token)".utf8).base64EncodedString()
        #expect(harness.dav("PROPFIND", "/dav/", authorization: other).status == 207)
        #expect(harness.dav("PROPFIND", "/dav/", authorization: "Bearer " + ServiceHarness.token).status == 207)
    }

    @Test func theSessionCookieDoesNotSignInToDAV() throws {
        let harness = try ServiceHarness()
        let session = harness.login()
        let response = harness.dav("PROPFIND", "/dav/", headers: ["Cookie": "tick_session=" + session], authorization: nil)
        #expect(response.status == 401)
    }

    @Test func basicOnTheJSONAPINeedsTheCustomHeaderToChange() throws {
        let harness = try ServiceHarness()
        let headers = ["Authorization": ServiceHarness.basic]
        let refused = harness.send("POST", "/api/v1/lists", json: #"{"name": "A"}"#, headers: headers, as: .none)
        #expect(refused.status == 403)
        let read = harness.send("GET", "/api/v1/lists", headers: headers, as: .none)
        #expect(read.status == 200)
        let made = harness.send("POST", "/api/v1/lists", json: #"{"name": "A"}"#,
                                headers: headers.merging(["X-Tick-Request": "1"]) { $1 }, as: .none)
        #expect(made.status == 201)
    }

    @Test(arguments: StoreKind.available) func aMalformedBodyIs400AndNamesWhere(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let response = harness.dav("PROPFIND", "/dav/", "<propfind xmlns=\"DAV:\"><prop>", headers: ["Depth": "0"])
        #expect(response.status == 400)
        #expect(response.bodyText.contains("the request body"))
    }

    @Test(arguments: StoreKind.available) func unknownPathsAre404(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        #expect(harness.dav("PROPFIND", "/dav/nothing/").status == 404)
        #expect(harness.dav("PROPFIND", "/dav/lists/no-such-list/").status == 404)
    }
}
