import Foundation
import Testing
import TestSupport
import TickModel
import TickPostgres
@testable import TickServer

/// A list ann shares with bob, as bob's CalDAV client sees it: a collection in his calendar
/// home, readable; writable only when shared read-write; never renamed by him; gone from his
/// home when the share ends.
@Suite("CalDAV on PostgreSQL: lists shared between users", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresDAVSharingTests {
    func dav(_ harness: PostgresServiceHarness, _ method: String, _ path: String, _ body: String = "",
                    headers: [String: String] = [:], as user: String = "bob") -> HTTPResponse {
        PostgresDAVTests.dav(harness, method, path, body, headers: headers, as: user)
    }

    static let privileges = #"<propfind xmlns="DAV:"><prop><displayname/><current-user-privilege-set/></prop></propfind>"#

    /// Bob's calendar home: each collection's href with its display name and privileges.
    func home(_ harness: PostgresServiceHarness) -> [String: [String: String]] {
        let answer = DAVAnswer(dav(harness, "PROPFIND", "/dav/lists/", Self.privileges, headers: ["Depth": "1"]))
        return Dictionary(answer.items.map { ($0.href, $0.properties) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("read-only, then read-write, then unshared: what bob's client can do with ann's collection")
    func sharedCollection() throws {
        let harness = try PostgresServiceHarness()
        let collection = "/dav/lists/ann-secret-list/"
        let item = collection + "secret-plan.ics"
        try #require(dav(harness, "MKCALENDAR", collection, PostgresDAVTests.secretList, as: "ann").status == 201)
        try #require(dav(harness, "PUT", item, ServiceHarness.todo(uid: "secret-plan", summary: "Secret plan"), as: "ann").status == 201)
        #expect(home(harness)[collection] == nil)
        #expect(dav(harness, "GET", item).status == 404)

        // Read-only.
        #expect(harness.send("PUT", "/api/v1/lists/ann-secret-list/shares/bob", json: #"{"access":"read"}"#).status == 201)
        let listed = try #require(home(harness)[collection])
        #expect(listed["{DAV:}displayname"] == "Secret list")
        let readOnly = try #require(listed["{DAV:}current-user-privilege-set"])
        #expect(readOnly.contains("{DAV:}read") && !readOnly.contains("write"), "\(readOnly)")
        #expect(home(harness).keys.contains { $0 != collection && $0.hasPrefix("/dav/lists/") && $0 != "/dav/lists/" },
                "bob's own list is listed too")
        let got = dav(harness, "GET", item)
        #expect(got.status == 200)
        #expect(got.bodyText.contains("SUMMARY:Secret plan"))
        let sync = DAVAnswer(dav(harness, "REPORT", collection, ServiceHarness.syncCollection("")))
        #expect(sync.hrefs == [item])
        let token = try #require(sync.syncToken)
        let etag = try #require(got.header("ETag"))

        let before = try harness.snapshot()
        let edit = ServiceHarness.todo(uid: "secret-plan", summary: "Changed by bob")
        for (method, path, body, headers) in [("PUT", item, edit, ["If-Match": etag]), ("DELETE", item, "", [:]),
                                              ("PUT", collection + "new.ics", ServiceHarness.todo(uid: "new", summary: "New"), [:]),
                                              ("PROPPATCH", collection, PostgresDAVTests.proppatch, [:]),
                                              ("MKCALENDAR", collection, PostgresDAVTests.secretList, [:]),
                                              ("MKCOL", collection, DAVListTests.mkcol(), [:])] {
            let response = dav(harness, method, path, body, headers: headers)
            #expect(response.status == 403, "\(method) \(path) → \(response.status) \(response.bodyText)")
        }
        #expect(try harness.snapshot() == before)

        // Read-write: bob edits, adds and deletes; ann sees it; the sync token moves on.
        #expect(harness.send("PUT", "/api/v1/lists/ann-secret-list/shares/bob", json: #"{"access":"write"}"#).status == 200)
        let writable = try #require(home(harness)[collection]?["{DAV:}current-user-privilege-set"])
        #expect(writable.contains("write-content") && !writable.contains("write-properties"), "\(writable)")
        #expect(dav(harness, "PUT", item, edit, headers: ["If-Match": etag]).status == 204)
        #expect(dav(harness, "GET", item, as: "ann").bodyText.contains("SUMMARY:Changed by bob"))
        #expect(dav(harness, "PUT", collection + "new.ics", ServiceHarness.todo(uid: "new", summary: "New")).status == 201)
        let changes = DAVAnswer(dav(harness, "REPORT", collection, ServiceHarness.syncCollection(token), as: "ann"))
        #expect(Set(changes.hrefs) == [item, collection + "new.ics"])
        #expect(dav(harness, "DELETE", collection + "new.ics").status == 204)
        #expect(dav(harness, "GET", collection + "new.ics", as: "ann").status == 404)
        #expect(dav(harness, "PROPPATCH", collection, PostgresDAVTests.proppatch).status == 403)
        // A PUT with the UID of a reminder in ann's other list: refused, that list not named.
        let privateList = "/dav/lists/ann-private/"
        try #require(dav(harness, "MKCALENDAR", privateList, PostgresDAVTests.secretList.replacingOccurrences(of: "Secret list", with: "Diary"),
                         as: "ann").status == 201)
        try #require(dav(harness, "PUT", privateList + "diary-entry.ics", ServiceHarness.todo(uid: "diary-entry", summary: "Dear diary"),
                         as: "ann").status == 201)
        let stolen = dav(harness, "PUT", collection + "diary-entry.ics", ServiceHarness.todo(uid: "diary-entry", summary: "Mine now"))
        #expect(stolen.status == 409, "\(stolen.status) \(stolen.bodyText)")
        #expect(!stolen.bodyText.contains("ann-private") && !stolen.bodyText.contains("Dear diary"), "\(stolen.bodyText)")
        #expect(dav(harness, "GET", privateList + "diary-entry.ics", as: "ann").bodyText.contains("SUMMARY:Dear diary"))

        // Unshared: gone from bob's home, 404 everywhere.
        #expect(harness.send("DELETE", "/api/v1/lists/ann-secret-list/shares/bob").status == 204)
        #expect(home(harness)[collection] == nil)
        for (method, path) in [("GET", item), ("PROPFIND", collection), ("PUT", item), ("DELETE", item)] {
            let response = dav(harness, method, path, method == "PUT" ? edit : "")
            // A PUT into a collection that is not there is 409 (RFC 4918 §9.7.1), as for one that never was.
            #expect(response.status == (method == "PUT" ? 409 : 404), "\(method) \(path) → \(response.status)")
            #expect(!response.bodyText.contains("Secret") && !response.bodyText.contains("Changed by bob"))
        }
    }
}
