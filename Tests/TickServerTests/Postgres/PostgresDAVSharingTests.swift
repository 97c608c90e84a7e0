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
            // A collection at the path of the shared list is refused as any made where one is
            // (RFC 4918 §9.3.1: 405), not made as bob's own (`DAVCollectionNaming`).
            let status = ["MKCALENDAR", "MKCOL"].contains(method) ? 405 : 403
            #expect(response.status == status, "\(method) \(path) → \(response.status) \(response.bodyText)")
            // RFC 3744 §7.1.1, whatever the body holds (a tester: an invalid one was answered
            // valid-calendar-data, a valid one with a bare 403).
            if ["PUT", "DELETE"].contains(method) {
                #expect(response.bodyText.contains("<D:need-privileges><D:resource><D:href>\(path)</D:href>"), "\(response.bodyText)")
            }
        }
        let invalid = dav(harness, "PUT", collection + "bad.ics", ServiceHarness.todo(uid: "bad", summary: "Bad", extra: ["DUE:20261301"]))
        #expect(invalid.status == 403 && invalid.bodyText.contains("need-privileges"), "\(invalid.bodyText)")
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

    /// Ann's list "Team" (`/dav/lists/ann-team/`) holding "Plan" (UID `team-plan`), shared
    /// with bob with `access`; bob's own list (`/dav/lists/bob-list/`) holding "Errand"
    /// (UID `bob-errand`).
    func sharedTeam(access: String) throws -> PostgresServiceHarness {
        let harness = try PostgresServiceHarness()
        let team = PostgresDAVTests.secretList.replacingOccurrences(of: "Secret list", with: "Team")
        let bobs = PostgresDAVTests.secretList.replacingOccurrences(of: "Secret list", with: "Bob's list")
        try #require(dav(harness, "MKCALENDAR", "/dav/lists/ann-team/", team, as: "ann").status == 201)
        try #require(dav(harness, "PUT", "/dav/lists/ann-team/team-plan.ics", ServiceHarness.todo(uid: "team-plan", summary: "Plan"),
                         as: "ann").status == 201)
        try #require(dav(harness, "MKCALENDAR", "/dav/lists/bob-list/", bobs).status == 201)
        try #require(dav(harness, "PUT", "/dav/lists/bob-list/bob-errand.ics", ServiceHarness.todo(uid: "bob-errand", summary: "Errand"))
            .status == 201)
        let shared = harness.send("PUT", "/api/v1/lists/ann-team/shares/bob", json: #"{"access":"\#(access)"}"#, as: "ann")
        try #require(shared.status == 201, "\(shared.status) \(shared.bodyText)")
        return harness
    }

    /// The reminders with `uid` in bob's smart list All, by list id.
    func bobsAll(_ harness: PostgresServiceHarness, uid: String) -> [String] {
        let page = PostgresServiceHarness.object(harness.send("GET", "/api/v1/smart/all", as: "bob"))
        return (page["reminders"] as? [[String: Any]] ?? []).filter { $0["uid"] as? String == uid }.compactMap { $0["listID"] as? String }
    }

    /// Found by a tester: bob, with a write share, deleting the collection of ann's list got
    /// 409 "'Team' is the only list" (his store through the share sees that list alone); the
    /// README and the JSON API say 403: only the owner deletes a list.
    @Test("a member's DELETE of a shared list's collection is 403 naming the owner's right, whatever the share; nothing deleted",
          arguments: ["read", "write"])
    func memberDeletesSharedCollection(access: String) throws {
        let harness = try sharedTeam(access: access)
        let before = try harness.snapshot()
        let response = dav(harness, "DELETE", "/dav/lists/ann-team/")
        #expect(response.status == 403, "\(response.status) \(response.bodyText)")
        #expect(response.bodyText.contains("only the owner of a shared list deletes it"), "\(response.bodyText)")
        #expect(try harness.snapshot() == before)
        #expect(dav(harness, "GET", "/dav/lists/ann-team/team-plan.ics", as: "ann").status == 200)
    }

    /// The tester's first case: bob puts the to-do of ann's list, shared with him to read, into
    /// his own list. It stays one reminder with that UID, ann's: 403 `no-uid-conflict` naming
    /// its href (RFC 4791 §5.3.2.1), nothing stored, and the UID still reaches ann's reminder.
    @Test("a PUT into bob's own list of the UID of a reminder in a list shared with him is 403 no-uid-conflict, nothing stored",
          arguments: ["read", "write"])
    func putOfSharedUIDIntoOwnList(access: String) throws {
        let harness = try sharedTeam(access: access)
        let copy = dav(harness, "GET", "/dav/lists/ann-team/team-plan.ics")
        try #require(copy.status == 200)
        let before = try harness.snapshot()
        for name in ["x1.ics", "team-plan.ics"] {
            for body in [copy.bodyText, ServiceHarness.todo(uid: "team-plan", summary: "Bob's copy")] {
                let put = dav(harness, "PUT", "/dav/lists/bob-list/" + name, body, headers: ["If-None-Match": "*"])
                #expect(put.status == 403, "\(name): \(put.status) \(put.bodyText)")
                #expect(put.bodyText.contains("<C:no-uid-conflict><D:href>/dav/lists/ann-team/team-plan.ics</D:href></C:no-uid-conflict>"),
                        "\(put.bodyText)")
                #expect(put.header("ETag") == nil)
            }
        }
        #expect(try harness.snapshot() == before)
        #expect(dav(harness, "GET", "/dav/lists/bob-list/x1.ics").status == 404)
        #expect(bobsAll(harness, uid: "team-plan") == ["ann-team"])
        let got = harness.send("GET", "/api/v1/reminders/team-plan", as: "bob")
        #expect(got.status == 200)
        #expect(PostgresServiceHarness.object(got)["listID"] as? String == "ann-team")
        #expect(PostgresServiceHarness.object(got)["title"] as? String == "Plan")
        let patched = harness.send("PATCH", "/api/v1/reminders/team-plan", json: #"{"title":"Plan B"}"#, as: "bob")
        #expect(patched.status == (access == "write" ? 200 : 403), "\(patched.status) \(patched.bodyText)")
        let anns = PostgresServiceHarness.object(harness.send("GET", "/api/v1/reminders/team-plan", as: "ann"))
        #expect(anns["title"] as? String == (access == "write" ? "Plan B" : "Plan"))
        // The JSON API takes no UID to create a reminder with.
        let posted = harness.send("POST", "/api/v1/reminders", json: #"{"title":"Copy","list":"bob-list","uid":"team-plan"}"#, as: "bob")
        #expect(posted.status == 400, "\(posted.status) \(posted.bodyText)")
        #expect(bobsAll(harness, uid: "team-plan") == ["ann-team"])
    }

    /// The tester's second case, a phone moving a to-do out of ann's list shared with bob to
    /// edit: GET it, PUT it into bob's list, DELETE the old href. The PUT is refused as above;
    /// the DELETE that follows is a deletion the share allows (the server cannot tell it from
    /// one on its own): 204, the reminder is gone from ann's list and bob has no copy, and
    /// bob's restore puts it back in ann's list (unless bob has made a reminder with its UID
    /// since: restore and undo are 409). A reminder of bob's own does not move into ann's list either (the JSON
    /// API's PATCH of its list is 404 for the same reason).
    @Test("a phone's move out of a read-write shared list: the PUT is 403 and stores nothing; the DELETE deletes, as any")
    func moveOutOfWritableSharedList() throws {
        let harness = try sharedTeam(access: "write")
        let got = dav(harness, "GET", "/dav/lists/ann-team/team-plan.ics")
        try #require(got.status == 200)
        let before = try harness.snapshot()
        let put = dav(harness, "PUT", "/dav/lists/bob-list/team-plan.ics", got.bodyText, headers: ["If-None-Match": "*"])
        #expect(put.status == 403, "\(put.status) \(put.bodyText)")
        #expect(put.bodyText.contains("<D:href>/dav/lists/ann-team/team-plan.ics</D:href>"))
        #expect(try harness.snapshot() == before)

        #expect(dav(harness, "DELETE", "/dav/lists/ann-team/team-plan.ics").status == 204)
        #expect(dav(harness, "GET", "/dav/lists/ann-team/team-plan.ics", as: "ann").status == 404)
        #expect(dav(harness, "GET", "/dav/lists/bob-list/team-plan.ics").status == 404)
        #expect(harness.send("GET", "/api/v1/reminders/team-plan", as: "bob").status == 404)
        #expect(bobsAll(harness, uid: "team-plan").isEmpty)
        let restored = harness.send("POST", "/api/v1/reminders/team-plan/restore", as: "bob")
        #expect(restored.status == 201, "\(restored.status) \(restored.bodyText)")
        #expect(bobsAll(harness, uid: "team-plan") == ["ann-team"])
        #expect(dav(harness, "GET", "/dav/lists/ann-team/team-plan.ics", as: "ann").bodyText.contains("SUMMARY:Plan"))

        // Deleted again, then the phone sends its PUT again: the UID is none bob sees now, so
        // this is a new reminder of his own; ann's is no longer restored beside it (409).
        #expect(dav(harness, "DELETE", "/dav/lists/ann-team/team-plan.ics").status == 204)
        let deletion = try #require(try harness.database.connect().execute("SELECT max(id) AS id FROM journal_changes").first?
            .decode("id", as: Int64.self))
        let again = dav(harness, "PUT", "/dav/lists/bob-list/team-plan.ics", got.bodyText, headers: ["If-None-Match": "*"])
        #expect(again.status == 201, "\(again.status) \(again.bodyText)")
        #expect(bobsAll(harness, uid: "team-plan") == ["bob-list"])
        let kept = try harness.snapshot()
        let twice = harness.send("POST", "/api/v1/reminders/team-plan/restore", as: "bob")
        #expect(twice.status == 409, "\(twice.status) \(twice.bodyText)")
        #expect(twice.bodyText.contains("bob-list"))
        let undone = harness.send("POST", "/api/v1/undo", json: #"{"change":\#(deletion)}"#, as: "bob")
        #expect(undone.status == 409, "\(undone.status) \(undone.bodyText)")
        #expect(try harness.snapshot() == kept)
        #expect(bobsAll(harness, uid: "team-plan") == ["bob-list"])

        // Into the shared list: bob's own reminder (a PUT by its UID), under any name.
        let inward = try harness.snapshot()
        for name in ["bob-errand.ics", "moved.ics"] {
            let into = dav(harness, "PUT", "/dav/lists/ann-team/" + name, ServiceHarness.todo(uid: "bob-errand", summary: "Errand"),
                           headers: ["If-None-Match": "*"])
            #expect(into.status == 403, "\(name): \(into.status) \(into.bodyText)")
            #expect(into.bodyText.contains("<C:no-uid-conflict><D:href>/dav/lists/bob-list/bob-errand.ics</D:href></C:no-uid-conflict>"),
                    "\(into.bodyText)")
        }
        #expect(try harness.snapshot() == inward)
        #expect(bobsAll(harness, uid: "bob-errand") == ["bob-list"])
        // Bob's own lists still trade reminders: a PUT into his other list moves it there.
        let other = PostgresDAVTests.secretList.replacingOccurrences(of: "Secret list", with: "Bob's other")
        try #require(dav(harness, "MKCALENDAR", "/dav/lists/bob-other/", other).status == 201)
        let moved = dav(harness, "PUT", "/dav/lists/bob-other/bob-errand.ics", ServiceHarness.todo(uid: "bob-errand", summary: "Errand"),
                        headers: ["If-None-Match": "*"])
        #expect(moved.status == 201, "\(moved.status) \(moved.bodyText)")
        #expect(bobsAll(harness, uid: "bob-errand") == ["bob-other"])
    }

    /// A UID in one of ann's lists shared with bob, put into another list ann shares with him
    /// to edit: the reminder would leave the first shared list for the second, which a member
    /// cannot do (README "Sharing a list"): 403 naming the first.
    @Test("a PUT into one shared list of the UID of a reminder in another list shared with bob is 403 no-uid-conflict")
    func putBetweenTwoSharedLists() throws {
        let harness = try sharedTeam(access: "write")
        let notes = PostgresDAVTests.secretList.replacingOccurrences(of: "Secret list", with: "Notes")
        try #require(dav(harness, "MKCALENDAR", "/dav/lists/ann-notes/", notes, as: "ann").status == 201)
        try #require(dav(harness, "PUT", "/dav/lists/ann-notes/note.ics", ServiceHarness.todo(uid: "note", summary: "Note"), as: "ann")
            .status == 201)
        try #require(harness.send("PUT", "/api/v1/lists/ann-notes/shares/bob", json: #"{"access":"read"}"#, as: "ann").status == 201)
        let before = try harness.snapshot()
        let put = dav(harness, "PUT", "/dav/lists/ann-team/note.ics", ServiceHarness.todo(uid: "note", summary: "Note"))
        #expect(put.status == 403, "\(put.status) \(put.bodyText)")
        #expect(put.bodyText.contains("<C:no-uid-conflict><D:href>/dav/lists/ann-notes/note.ics</D:href></C:no-uid-conflict>"))
        #expect(try harness.snapshot() == before)
    }

    /// The other way round: ann puts the UID of a reminder in bob's own list, shared with
    /// nobody, into her lists (shared with bob or not). Ann cannot see bob's list, so nothing
    /// may tell her it exists: each PUT is answered as one of a UID nobody has (201, the same
    /// headers and body), and bob's reminder is untouched. Bob then sees two reminders with
    /// that UID; the JSON API finds his own first (README "Sharing a list").
    @Test("ann's PUT of the UID of a reminder in bob's own list is answered as for a new UID, and bob's reminder is untouched")
    func ownersPutOfAMembersPrivateUID() throws {
        let harness = try sharedTeam(access: "write")
        let diary = PostgresDAVTests.secretList.replacingOccurrences(of: "Secret list", with: "Diary")
        try #require(dav(harness, "MKCALENDAR", "/dav/lists/ann-diary/", diary, as: "ann").status == 201)
        try #require(dav(harness, "PUT", "/dav/lists/bob-list/bob-secret.ics", ServiceHarness.todo(uid: "bob-secret", summary: "Secret"))
            .status == 201)
        for (collection, uid) in [("/dav/lists/ann-team/", "bob-errand"), ("/dav/lists/ann-diary/", "bob-secret")] {
            let taken = dav(harness, "PUT", collection + uid + ".ics", ServiceHarness.todo(uid: uid, summary: "Ann's"),
                            headers: ["If-None-Match": "*"], as: "ann")
            let fresh = dav(harness, "PUT", collection + uid + "-new.ics", ServiceHarness.todo(uid: uid + "-new", summary: "Ann's"),
                            headers: ["If-None-Match": "*"], as: "ann")
            #expect(taken.status == 201 && fresh.status == 201, "\(taken.status) \(taken.bodyText)")
            #expect(taken.headers.map(\.name) == fresh.headers.map(\.name))
            #expect(taken.bodyText == fresh.bodyText)
            #expect(dav(harness, "GET", collection + uid + ".ics", as: "ann").bodyText.contains("SUMMARY:Ann's"))
        }
        #expect(dav(harness, "GET", "/dav/lists/bob-list/bob-errand.ics").bodyText.contains("SUMMARY:Errand"))
        #expect(dav(harness, "GET", "/dav/lists/bob-list/bob-secret.ics").bodyText.contains("SUMMARY:Secret"))
        #expect(Set(bobsAll(harness, uid: "bob-errand")) == ["bob-list", "ann-team"])
        #expect(bobsAll(harness, uid: "bob-secret") == ["bob-list"])
        let bobs = PostgresServiceHarness.object(harness.send("GET", "/api/v1/reminders/bob-errand", as: "bob"))
        #expect(bobs["listID"] as? String == "bob-list" && bobs["title"] as? String == "Errand")
        #expect(PostgresServiceHarness.object(harness.send("GET", "/api/v1/reminders/bob-errand", as: "ann"))["listID"] as? String
                == "ann-team")
        // Bob's own PUTs of that UID update his own reminder (the one his list holds) as before.
        let edit = dav(harness, "PUT", "/dav/lists/bob-list/bob-errand.ics", ServiceHarness.todo(uid: "bob-errand", summary: "Errand 2"))
        #expect(edit.status == 204, "\(edit.status) \(edit.bodyText)")
        #expect(dav(harness, "GET", "/dav/lists/ann-team/bob-errand.ics").bodyText.contains("SUMMARY:Ann's"))
    }

    /// Found by a tester: bob, with write access to ann's Team, PUT a VTODO whose `RELATED-TO`
    /// named a reminder in ann's unshared Diary; ann's detail of it listed bob's reminder as
    /// its subtask, and her deleting it cleared bob's link (which told bob it was deleted). A
    /// parent link holds within one list: bob's link makes no subtask and is left as written.
    @Test("a member's RELATED-TO naming the owner's reminder in an unshared list makes no subtask, and its deletion does not show")
    func membersLinkToAPrivateReminder() throws {
        let harness = try sharedTeam(access: "write")
        let diary = PostgresDAVTests.secretList.replacingOccurrences(of: "Secret list", with: "Diary")
        try #require(dav(harness, "MKCALENDAR", "/dav/lists/ann-diary/", diary, as: "ann").status == 201)
        try #require(dav(harness, "PUT", "/dav/lists/ann-diary/private.ics", ServiceHarness.todo(uid: "private", summary: "Private"),
                         as: "ann").status == 201)
        let put = dav(harness, "PUT", "/dav/lists/ann-team/bobs.ics",
                      ServiceHarness.todo(uid: "bobs", summary: "Bob's", extra: ["RELATED-TO;RELTYPE=PARENT:private"]))
        #expect(put.status == 201, "\(put.status) \(put.bodyText)")
        let privateOne = PostgresServiceHarness.object(harness.send("GET", "/api/v1/reminders/private", as: "ann"))
        #expect((privateOne["subtasks"] as? [Any])?.isEmpty == true, "\(privateOne)")
        try #require(harness.send("DELETE", "/api/v1/reminders/private", as: "ann").status == 200)
        #expect(dav(harness, "GET", "/dav/lists/ann-team/bobs.ics").bodyText.contains("RELATED-TO;RELTYPE=PARENT:private"))
    }

    /// Found by a tester: ann's PUT into her unshared Diary of a to-do naming bob's reminder
    /// in the shared Team as its child (`RELATED-TO;RELTYPE=CHILD`) gave bob's reminder a
    /// parent link: its ETag moved, bob's sync listed it, and its RELATED-TO named ann's
    /// private UID. A CHILD line adopts only a reminder of the parent's own list.
    @Test("an owner's private to-do naming a shared list's reminder as its CHILD changes nothing the member sees")
    func privateChildLineChangesNothingShared() throws {
        let harness = try sharedTeam(access: "write")
        try #require(dav(harness, "PUT", "/dav/lists/ann-team/kid.ics", ServiceHarness.todo(uid: "kid", summary: "Bob's kid")).status == 201)
        let before = dav(harness, "GET", "/dav/lists/ann-team/kid.ics")
        let diary = PostgresDAVTests.secretList.replacingOccurrences(of: "Secret list", with: "Diary")
        try #require(dav(harness, "MKCALENDAR", "/dav/lists/ann-diary/", diary, as: "ann").status == 201)
        let put = dav(harness, "PUT", "/dav/lists/ann-diary/secret-parent.ics",
                      ServiceHarness.todo(uid: "secret-parent", summary: "Private", extra: ["RELATED-TO;RELTYPE=CHILD:kid"]), as: "ann")
        #expect(put.status == 201, "\(put.status) \(put.bodyText)")
        let after = dav(harness, "GET", "/dav/lists/ann-team/kid.ics")
        #expect(after.header("ETag") == before.header("ETag"))
        #expect(!after.bodyText.contains("secret-parent"), "\(after.bodyText)")
    }

    /// A tester: the shared list's ETags and sync tokens were numbers of the owner's counter
    /// over all her lists, so bob could count ann's changes in her private lists from their gaps.
    @Test("the owner's changes in her unshared lists move nothing of the shared list: its ETags and token count its own changes")
    func numbersCountTheListAlone() throws {
        let harness = try sharedTeam(access: "write")
        let collection = "/dav/lists/ann-team/"
        func number(_ etag: String?) -> Int64? { etag.flatMap { Int64($0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))) } }
        try #require(dav(harness, "PUT", collection + "one.ics", ServiceHarness.todo(uid: "one", summary: "One")).status == 201)
        let first = try #require(number(dav(harness, "GET", collection + "one.ics").header("ETag")))
        let token = try #require(DAVAnswer(dav(harness, "REPORT", collection, ServiceHarness.syncCollection(""))).syncToken)
        // Seven changes of ann's in her own lists: through the API and through CalDAV.
        for index in 0..<4 {
            #expect(harness.send("POST", "/api/v1/reminders", json: #"{"title":"private \#(index)"}"#, as: "ann").status == 201)
        }
        let diary = PostgresDAVTests.secretList.replacingOccurrences(of: "Secret list", with: "Diary")
        try #require(dav(harness, "MKCALENDAR", "/dav/lists/ann-diary/", diary, as: "ann").status == 201)
        for uid in ["p1", "p2", "p3"] {
            #expect(dav(harness, "PUT", "/dav/lists/ann-diary/\(uid).ics", ServiceHarness.todo(uid: uid, summary: uid), as: "ann").status == 201)
        }
        #expect(DAVAnswer(dav(harness, "REPORT", collection, ServiceHarness.syncCollection(token))).syncToken == token)
        // A token past the list's own number is refused, whatever ann's other lists counted.
        let tag = try #require(token.split(separator: ":").last)
        let ahead = "urn:x-tick:sync:\(first + 1):\(tag)"
        #expect(dav(harness, "REPORT", collection, ServiceHarness.syncCollection(ahead)).status == 403)
        #expect(dav(harness, "PUT", collection + "two.ics", ServiceHarness.todo(uid: "two", summary: "Two")).status == 201)
        #expect(number(dav(harness, "GET", collection + "two.ics").header("ETag")) == first + 1)
        #expect(DAVAnswer(dav(harness, "REPORT", collection, ServiceHarness.syncCollection(ahead))).syncToken == ahead)
        // A token of the form Tick gave before (no list tag) cannot tell its list: refused (t60).
        let untagged = dav(harness, "REPORT", collection, ServiceHarness.syncCollection("urn:x-tick:sync:\(first + 1)"))
        #expect(untagged.status == 403 && untagged.bodyText.contains("valid-sync-token"))
    }

    /// A tester: after ann deleted a list shared with bob, bob made a list at the same URL;
    /// his client's old token of ann's list was taken for it once it had as many changes, and
    /// the sync missed his first to-dos and kept ann's deleted ones.
    @Test("a token of a deleted list is refused for another user's list made at the same URL")
    func tokenOfAnotherUsersFormerList() throws {
        let harness = try sharedTeam(access: "write")
        let collection = "/dav/lists/ann-team/"
        for uid in ["t1", "t2"] {
            try #require(dav(harness, "PUT", collection + uid + ".ics", ServiceHarness.todo(uid: uid, summary: uid)).status == 201)
        }
        let token = try #require(DAVAnswer(dav(harness, "REPORT", collection, ServiceHarness.syncCollection(""))).syncToken)
        let deleted = harness.send("DELETE", "/api/v1/lists/ann-team", query: ["force": "true"], as: "ann")
        try #require(deleted.status == 200 || deleted.status == 204, "\(deleted.status) \(deleted.bodyText)")
        let made = dav(harness, "MKCALENDAR", collection, PostgresDAVTests.secretList.replacingOccurrences(of: "Secret list", with: "Mine"))
        try #require(made.status == 201, "\(made.status) \(made.bodyText)")
        for index in 0..<6 {
            #expect(dav(harness, "PUT", collection + "bob\(index).ics", ServiceHarness.todo(uid: "bob\(index)", summary: "Bob \(index)")).status == 201)
        }
        let refused = dav(harness, "REPORT", collection, ServiceHarness.syncCollection(token))
        #expect(refused.status == 403, "\(refused.status) \(refused.bodyText)")
        #expect(refused.bodyText.contains("valid-sync-token"))
    }
}
