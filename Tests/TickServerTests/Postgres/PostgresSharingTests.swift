import Foundation
import Testing
import TestSupport
import TickModel
import TickPostgres
@testable import TickServer

/// Lists shared between users on PostgreSQL (issue 13): ann shares her list "Groceries" with
/// bob, read-only or read-write; cat has no share. Through the JSON API, as the users would.
@Suite("Sharing a list between users on PostgreSQL", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresSharingTests {
    /// Ann's shared list with "Milk", her private list "Diary" with "Private thought", and
    /// bob's own list "Bob's" with "Bob's errand".
    struct Setup {
        let harness: PostgresServiceHarness
        let groceries: String
        let milk: String
        let diary: String
        let thought: String
        let bobs: String
        let errand: String
    }

    func setUp(access: String?) throws -> Setup {
        let harness = try PostgresServiceHarness(users: ["ann", "bob", "cat"])
        func add(_ path: String, _ json: String, as user: String) throws -> String {
            let response = harness.send("POST", path, json: json, as: user)
            try #require(response.status == 201, "\(response.status) \(response.bodyText)")
            let object = PostgresServiceHarness.object(response)
            return try #require((object["id"] ?? object["uid"]) as? String)
        }
        let groceries = try add("/api/v1/lists", #"{"name":"Groceries","color":"green"}"#, as: "ann")
        let milk = try add("/api/v1/reminders", #"{"title":"Milk","list":"\#(groceries)"}"#, as: "ann")
        let diary = try add("/api/v1/lists", #"{"name":"Diary"}"#, as: "ann")
        let thought = try add("/api/v1/reminders", #"{"title":"Private thought","list":"\#(diary)"}"#, as: "ann")
        let bobs = try add("/api/v1/lists", #"{"name":"Bob's"}"#, as: "bob")
        let errand = try add("/api/v1/reminders", #"{"title":"Bob's errand","list":"\#(bobs)"}"#, as: "bob")
        if let access {
            let shared = harness.send("PUT", "/api/v1/lists/\(groceries)/shares/bob", json: #"{"access":"\#(access)"}"#, as: "ann")
            try #require(shared.status == 201, "\(shared.status) \(shared.bodyText)")
        }
        return Setup(harness: harness, groceries: groceries, milk: milk, diary: diary, thought: thought, bobs: bobs, errand: errand)
    }

    /// `setUp(access: "write")`, then ann puts into her shared list a to-do with the UID of
    /// bob's errand, "Ann's errand" (as when both imported one file): bob sees two of that UID.
    func setUpTwins() throws -> Setup {
        let setup = try setUp(access: "write")
        let put = PostgresDAVTests.dav(setup.harness, "PUT", "/dav/lists/\(setup.groceries)/copy.ics",
                                       ServiceHarness.todo(uid: setup.errand, summary: "Ann's errand"), as: "ann")
        try #require(put.status == 201, "\(put.status) \(put.bodyText)")
        return setup
    }

    /// The titles of a page of reminders.
    static func titles(_ response: HTTPResponse) -> [String] {
        (PostgresServiceHarness.object(response)["reminders"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    /// The titles of bob's smart list `name`, read `limit` at a time through every page (at
    /// most 20 rows: a cursor that never ends fails the test instead of hanging it).
    static func smartTitles(_ harness: PostgresServiceHarness, _ name: String, limit: Int) -> [String] {
        var all: [String] = []
        var cursor: String?
        repeat {
            var query = ["limit": String(limit)]
            if let cursor { query["cursor"] = cursor }
            let page = PostgresServiceHarness.object(harness.send("GET", "/api/v1/smart/\(name)", query: query, as: "bob"))
            all += (page["reminders"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            cursor = page["nextCursor"] as? String
        } while cursor != nil && all.count < 20
        return all
    }

    /// The sidebar's lists of `user`, by name.
    static func sidebar(_ harness: PostgresServiceHarness, as user: String) -> [String: [String: Any]] {
        let lists = PostgresServiceHarness.object(harness.send("GET", "/api/v1/lists", as: user))["lists"] as? [[String: Any]] ?? []
        return Dictionary(lists.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("shared read-only: bob sees the list in his sidebar and reads it; every change is 403 and changes nothing")
    func readOnly() throws {
        let setup = try setUp(access: "read")
        let harness = setup.harness
        // Sharing again changes nothing but answers 200.
        let again = harness.send("PUT", "/api/v1/lists/\(setup.groceries)/shares/BOB", json: #"{"access":"read"}"#, as: "ann")
        #expect(again.status == 200)
        #expect(PostgresServiceHarness.object(again)["user"] as? String == "bob")

        // Ann's sidebar says who has her list; her other lists say nothing.
        let ann = Self.sidebar(harness, as: "ann")
        #expect((ann["Groceries"]?["sharedWith"] as? [[String: Any]])?.map { "\($0["user"] ?? "") \($0["access"] ?? "")" } == ["bob read"])
        #expect(ann["Diary"]?["sharedWith"] == nil)

        let sidebar = Self.sidebar(harness, as: "bob")
        let shared = try #require(sidebar["Groceries"])
        #expect(shared["sharedBy"] as? String == "ann")
        #expect(shared["access"] as? String == "read")
        #expect(shared["openCount"] as? Int == 1, "\(shared)")
        #expect(sidebar["Diary"] == nil)
        #expect(sidebar["Bob's"] != nil)
        // Its place is bob's sidebar's, after his own lists: ann's own place of it (among her
        // lists) told him how many she has (a tester).
        let bobsLast = try #require(sidebar.values.filter { $0["sharedBy"] == nil }.compactMap { $0["position"] as? Int }.max())
        #expect(shared["position"] as? Int == bobsLast + 1, "\(shared)")
        #expect(PostgresServiceHarness.object(harness.send("GET", "/api/v1/lists/\(setup.groceries)", as: "bob"))["position"] as? Int
                == bobsLast + 1)
        #expect(Self.titles(harness.send("GET", "/api/v1/lists/\(setup.groceries)/reminders", as: "bob")) == ["Milk"])
        let reminder = harness.send("GET", "/api/v1/reminders/\(setup.milk)", as: "bob")
        #expect(reminder.status == 200)
        #expect(PostgresServiceHarness.object(reminder)["listID"] as? String == setup.groceries)
        #expect(PostgresServiceHarness.object(reminder)["list"] as? String == "Groceries")
        #expect(harness.send("GET", "/api/v1/lists/\(setup.groceries)", as: "bob").status == 200)
        let shares = PostgresServiceHarness.object(harness.send("GET", "/api/v1/lists/\(setup.groceries)/shares", as: "bob"))
        #expect(shares["sharedBy"] as? String == "ann")
        #expect((shares["shares"] as? [[String: Any]])?.compactMap { $0["user"] as? String } == ["bob"])

        let before = try harness.snapshot()
        let changes: [(String, String, String?)] = [
            ("PATCH", "/api/v1/reminders/\(setup.milk)", #"{"title":"Oat milk"}"#),
            ("DELETE", "/api/v1/reminders/\(setup.milk)", nil),
            ("POST", "/api/v1/reminders/\(setup.milk)/complete", nil),
            ("POST", "/api/v1/reminders/\(setup.milk)/move", #"{"position":1}"#),
            ("POST", "/api/v1/reminders", #"{"title":"Bread","list":"\#(setup.groceries)"}"#),
            ("POST", "/api/v1/reminders", #"{"title":"Step","parent":"\#(setup.milk)"}"#),
            ("PATCH", "/api/v1/lists/\(setup.groceries)", #"{"name":"Mine"}"#),
            ("DELETE", "/api/v1/lists/\(setup.groceries)", nil),
            ("POST", "/api/v1/lists/\(setup.groceries)/move", #"{"position":1}"#),
            ("PUT", "/api/v1/lists/\(setup.groceries)/shares/cat", #"{"access":"write"}"#),
            ("DELETE", "/api/v1/lists/\(setup.groceries)/shares/ann", nil),
            // His own reminder into the list he may only read: refused as read-only, naming it.
            ("PATCH", "/api/v1/reminders/\(setup.errand)", #"{"list":"\#(setup.groceries)"}"#),
        ]
        for (method, path, body) in changes {
            let response = harness.send(method, path, json: body,
                                        query: method == "DELETE" && !path.contains("/shares/") && path.contains("/lists/") ? ["force": "true"] : [:], as: "bob")
            #expect(response.status == 403, "\(method) \(path) → \(response.status) \(response.bodyText)")
            #expect(!response.bodyText.contains("Diary") && !response.bodyText.contains("Private"))
            #expect(!path.contains(setup.errand) || response.bodyText.contains("'Groceries' is shared with you read-only"), "\(response.bodyText)")
        }
        #expect(try harness.snapshot() == before)
        // Cat, with no share, finds none of it.
        for path in ["/api/v1/lists/\(setup.groceries)", "/api/v1/lists/\(setup.groceries)/reminders",
                     "/api/v1/reminders/\(setup.milk)", "/api/v1/lists/\(setup.groceries)/shares"] {
            let response = harness.send("GET", path, as: "cat")
            #expect(response.status == 404, "cat: GET \(path) → \(response.status)")
            #expect(!response.bodyText.contains("Milk") && !response.bodyText.contains("Groceries"))
        }
        #expect(Self.sidebar(harness, as: "cat")["Groceries"] == nil)
    }

    /// A tester: bob had a reminder of his own with the UID of one in ann's list shared with
    /// him (both imported one file); the web app's tick and ✕ on the shared row acted on his own.
    @Test("?list= names the list a reminder is in: a shared list's and the user's own reminder of one UID are each reached, nothing else")
    func oneUIDInTwoLists() throws {
        let setup = try setUpTwins()
        let harness = setup.harness
        let uid = setup.errand
        func title(_ list: String? = nil) -> String? {
            let response = harness.send("GET", "/api/v1/reminders/\(uid)", query: list.map { ["list": $0] } ?? [:], as: "bob")
            return response.status == 200 ? PostgresServiceHarness.object(response)["title"] as? String : "\(response.status)"
        }
        #expect(title() == "Bob's errand")
        #expect(title(setup.groceries) == "Ann's errand")
        #expect(title(setup.bobs) == "Bob's errand")
        #expect(title(setup.diary) == "404", "a list of ann's not shared with bob")
        let bobsFirst = try #require(Self.sidebar(harness, as: "bob")["Reminders"]?["id"] as? String)
        #expect(title(bobsFirst) == "404", "a list of bob's without it")

        #expect(harness.send("POST", "/api/v1/reminders/\(uid)/complete", query: ["list": setup.groceries], as: "bob").status == 200)
        #expect(harness.send("DELETE", "/api/v1/reminders/\(uid)", query: ["list": setup.bobs], as: "bob").status == 200)
        let anns = PostgresServiceHarness.object(harness.send("GET", "/api/v1/reminders/\(uid)", as: "ann"))
        #expect(anns["title"] as? String == "Ann's errand" && anns["completed"] as? Bool == true, "\(anns)")
        #expect(title() == "Ann's errand", "bob's own is gone; the shared one is found")
    }

    /// A tester: a parent or a move's anchor the member sees in another list was "there is no
    /// reminder with the uid", naming one they had just opened (their own, too).
    @Test("a parent or move anchor the user sees in another list is a 409 naming that list; one they do not see stays a 404")
    func anchorsInOtherLists() throws {
        let setup = try setUp(access: "write")
        let harness = setup.harness
        let parent = harness.send("PATCH", "/api/v1/reminders/\(setup.milk)", json: #"{"parent":"\#(setup.errand)"}"#, as: "bob")
        #expect(parent.status == 409 && parent.bodyText.contains("is in the list 'Bob's'"), "\(parent.status) \(parent.bodyText)")
        let move = harness.send("POST", "/api/v1/reminders/\(setup.milk)/move", json: #"{"before":"\#(setup.errand)"}"#, as: "bob")
        #expect(move.status == 409 && move.bodyText.contains("before") && move.bodyText.contains("is in the list 'Bob's'"),
                "\(move.status) \(move.bodyText)")
        // Ann's private reminder, and no reminder at all: 404, as before, nothing told.
        for named in [setup.thought, "nothing-here"] {
            let hidden = harness.send("PATCH", "/api/v1/reminders/\(setup.milk)", json: #"{"parent":"\#(named)"}"#, as: "bob")
            #expect(hidden.status == 404 && !hidden.bodyText.contains("Diary"), "\(hidden.bodyText)")
        }
        #expect(harness.send("PATCH", "/api/v1/reminders/nothing-here", json: #"{"parent":"\#(setup.errand)"}"#, as: "bob").status == 404)
        let unchanged = PostgresServiceHarness.object(harness.send("GET", "/api/v1/reminders/\(setup.milk)", as: "ann"))
        #expect(unchanged["parentUID"] is NSNull, "\(unchanged)")
    }

    /// A tester: a PATCH naming a shared list the reminder is not in, and moving it to another
    /// list, answered 403 ("stays in that list") where a GET of it answers 404.
    @Test("?list= naming a shared list a reminder is not in: 404 for a PATCH that moves it too, as for a GET; nothing changed")
    func notInTheSharedListNamed() throws {
        let setup = try setUp(access: "write")
        let harness = setup.harness
        let before = try harness.snapshot()
        for (method, path, body) in [("GET", "", nil), ("PATCH", "", #"{"list":"\#(setup.bobs)"}"#), ("PATCH", "", #"{"title":"x"}"#),
                                     ("DELETE", "", nil), ("POST", "/complete", nil)] {
            let response = harness.send(method, "/api/v1/reminders/\(setup.errand)\(path)", json: body, query: ["list": setup.groceries],
                                        as: "bob")
            #expect(response.status == 404, "\(method) \(body ?? ""): \(response.status) \(response.bodyText)")
        }
        #expect(try harness.snapshot() == before)
        // The one that is there still may not leave (403).
        let out = harness.send("PATCH", "/api/v1/reminders/\(setup.milk)", json: #"{"list":"\#(setup.bobs)"}"#,
                               query: ["list": setup.groceries], as: "bob")
        #expect(out.status == 403, "\(out.status) \(out.bodyText)")
        // bob's own list moved after or before ann's list shared with him: 409 saying why (was 404).
        for field in ["after", "before"] {
            let moved = harness.send("POST", "/api/v1/lists/\(setup.bobs)/move", json: #"{"\#(field)":"\#(setup.groceries)"}"#, as: "bob")
            #expect(moved.status == 409 && moved.bodyText.contains("'Groceries'") && moved.bodyText.contains("shared with you"),
                    "\(field): \(moved.status) \(moved.bodyText)")
        }
        #expect(harness.send("POST", "/api/v1/lists/\(setup.bobs)/move", json: #"{"after":"\#(setup.diary)"}"#, as: "bob").status == 404,
                "a list of ann's not shared with bob is none he knows")
        // A share without a body is refused as any route that takes one.
        let empty = harness.send("PUT", "/api/v1/lists/\(setup.groceries)/shares/cat", json: "", as: "ann")
        #expect(empty.status == 400 && empty.bodyText.contains("the body is empty"), "\(empty.status) \(empty.bodyText)")
        #expect(try harness.snapshot() == before)
    }

    /// A tester: with a reminder of a shared list and one of bob's own sharing a UID, the
    /// deletion of either could not be undone (`…/restore` and `/undo` answered 409: the other
    /// reminder "has that uid now").
    @Test("the deletion of either of two reminders with one UID (bob's own, a shared list's) is put back by restore and by undo")
    func oneUIDInTwoListsRestored() throws {
        for restoring in ["restore", "restore?list", "undo"] {
            for deleted in ["shared", "own"] {
                let setup = try setUpTwins()
                let harness = setup.harness
                let uid = setup.errand
                let list = deleted == "shared" ? setup.groceries : setup.bobs
                let deletion = harness.send("DELETE", "/api/v1/reminders/\(uid)", query: ["list": list], as: "bob")
                try #require(deletion.status == 200, "\(deletion.status) \(deletion.bodyText)")
                let answer = switch restoring {
                case "restore": harness.send("POST", "/api/v1/reminders/\(uid)/restore", as: "bob")
                case "restore?list": harness.send("POST", "/api/v1/reminders/\(uid)/restore", query: ["list": list], as: "bob")
                default: harness.send("POST", "/api/v1/undo", as: "bob")
                }
                #expect([200, 201].contains(answer.status), "\(restoring) of the \(deleted) one: \(answer.status) \(answer.bodyText)")
                func title(_ list: String) -> String {
                    let response = harness.send("GET", "/api/v1/reminders/\(uid)", query: ["list": list], as: "bob")
                    return response.status == 200 ? PostgresServiceHarness.object(response)["title"] as? String ?? "" : "\(response.status)"
                }
                #expect(title(setup.groceries) == "Ann's errand", "\(restoring) of the \(deleted) one")
                #expect(title(setup.bobs) == "Bob's errand", "\(restoring) of the \(deleted) one")
            }
        }
        // Both deleted: ?list= says which comes back; a list it was not deleted from is a 404.
        let setup = try setUpTwins()
        let harness = setup.harness
        let uid = setup.errand
        for list in [setup.bobs, setup.groceries] {
            #expect(harness.send("DELETE", "/api/v1/reminders/\(uid)", query: ["list": list], as: "bob").status == 200)
        }
        let bobsFirst = try #require(Self.sidebar(harness, as: "bob")["Reminders"]?["id"] as? String)
        for list in [setup.diary, bobsFirst] {
            let refused = harness.send("POST", "/api/v1/reminders/\(uid)/restore", query: ["list": list], as: "bob")
            #expect(refused.status == 404 && refused.bodyText.contains("deleted from that list"), "\(refused.status) \(refused.bodyText)")
        }
        let shared = harness.send("POST", "/api/v1/reminders/\(uid)/restore", query: ["list": setup.groceries], as: "bob")
        #expect(shared.status == 201 && PostgresServiceHarness.object(shared)["title"] as? String == "Ann's errand", "\(shared.bodyText)")
        #expect(harness.send("GET", "/api/v1/reminders/\(uid)", query: ["list": setup.bobs], as: "bob").status == 404)
        let own = harness.send("POST", "/api/v1/reminders/\(uid)/restore", query: ["list": setup.bobs], as: "bob")
        #expect(own.status == 201 && PostgresServiceHarness.object(own)["title"] as? String == "Bob's errand", "\(own.bodyText)")
    }

    @Test("shared read-write: bob adds, edits, completes, moves and deletes in ann's list, and ann sees it")
    func readWrite() throws {
        let setup = try setUp(access: "write")
        let harness = setup.harness
        let bread = harness.send("POST", "/api/v1/reminders", json: #"{"title":"Bread","list":"\#(setup.groceries)"}"#, as: "bob")
        #expect(bread.status == 201, "\(bread.bodyText)")
        let breadUID = try #require(PostgresServiceHarness.object(bread)["uid"] as? String)
        let step = harness.send("POST", "/api/v1/reminders", json: #"{"title":"Skimmed","parent":"\#(setup.milk)"}"#, as: "bob")
        #expect(step.status == 201, "\(step.bodyText)")
        #expect(harness.send("PATCH", "/api/v1/reminders/\(setup.milk)", json: #"{"title":"Oat milk"}"#, as: "bob").status == 200)
        #expect(harness.send("POST", "/api/v1/reminders/\(breadUID)/move", json: #"{"before":"\#(setup.milk)"}"#, as: "bob").status == 200)
        #expect(Self.titles(harness.send("GET", "/api/v1/lists/\(setup.groceries)/reminders", as: "ann")) == ["Bread", "Oat milk", "Skimmed"])
        #expect(harness.send("POST", "/api/v1/reminders/\(breadUID)/complete", as: "bob").status == 200)
        #expect(harness.send("DELETE", "/api/v1/reminders/\(breadUID)", as: "bob").status == 200)
        #expect(Self.titles(harness.send("GET", "/api/v1/lists/\(setup.groceries)/reminders", query: ["completed": "true"], as: "ann"))
                == ["Oat milk", "Skimmed"])
        // The reminders stay ann's: her numbers, her CalDAV changes; bob's own list is as it was.
        #expect(Self.titles(harness.send("GET", "/api/v1/lists/\(setup.bobs)/reminders", as: "bob")) == ["Bob's errand"])

        // Out of the shared list: into ann's private list (by its id), into bob's own, into a
        // list that does not exist. Refused alike, naming the shared list, nothing kept, and
        // nothing of the private list told (not even that it exists).
        let before = try harness.snapshot()
        var answers: Set<String> = []
        for target in [setup.diary, setup.bobs, "no-such-list"] {
            let response = harness.send("PATCH", "/api/v1/reminders/\(setup.milk)", json: #"{"list":"\#(target)"}"#, as: "bob")
            #expect(response.status == 403, "\(response.status) \(response.bodyText)")
            #expect(response.bodyText.contains("'Groceries' stays in that list"), "\(response.bodyText)")
            #expect(!response.bodyText.contains("Diary") && !response.bodyText.contains("Private"))
            answers.insert("\(response.status) \(response.bodyText)")
        }
        #expect(answers.count == 1, "one answer whatever the list: \(answers)")
        // Ann's private reminder named by its UID where a body takes one (a parent, an anchor):
        // not found, exactly as a UID that does not exist, and nothing of it told.
        for (method, path, body) in [
            ("POST", "/api/v1/reminders", #"{"title":"Step","list":"\#(setup.groceries)","parent":"\#(setup.thought)"}"#),
            ("PATCH", "/api/v1/reminders/\(setup.milk)", #"{"parent":"\#(setup.thought)"}"#),
            ("POST", "/api/v1/reminders/\(setup.milk)/move", #"{"before":"\#(setup.thought)"}"#),
            ("GET", "/api/v1/reminders/\(setup.thought)", nil),
        ] {
            let response = harness.send(method, path, json: body, as: "bob")
            let missing = harness.send(method, path.replacingOccurrences(of: setup.thought, with: "no-such-uid"),
                                       json: body?.replacingOccurrences(of: setup.thought, with: "no-such-uid"), as: "bob")
            #expect(response.status == 404 && missing.status == 404, "\(method) \(path) \(body ?? "") → \(response.status) \(response.bodyText)")
            #expect(response.bodyText.replacingOccurrences(of: setup.thought, with: "no-such-uid") == missing.bodyText)
            #expect(!response.bodyText.contains("Diary") && !response.bodyText.contains("Private") && !response.bodyText.contains(setup.diary))
        }
        // Bob's own reminder into ann's shared list: the reminders of two owners do not mix;
        // the refusal names the share (the list is one bob sees, so nothing is told).
        let into = harness.send("PATCH", "/api/v1/reminders/\(setup.errand)", json: #"{"list":"\#(setup.groceries)"}"#, as: "bob")
        #expect(into.status == 403 && into.bodyText.contains("the list 'Groceries' is ann's, shared with you"), "\(into.status) \(into.bodyText)")
        // A reminder bob does not have, into the shared list: not found, as before.
        #expect(harness.send("PATCH", "/api/v1/reminders/no-such-uid", json: #"{"list":"\#(setup.groceries)"}"#, as: "bob").status == 404)
        // Only the owner renames, recolors, moves, deletes and shares the list.
        for (method, path, body) in [("PATCH", "/api/v1/lists/\(setup.groceries)", #"{"color":"red"}"#),
                                     ("DELETE", "/api/v1/lists/\(setup.groceries)", nil),
                                     ("PUT", "/api/v1/lists/\(setup.groceries)/shares/cat", #"{"access":"read"}"#)] {
            let response = harness.send(method, path, json: body,
                                        query: method == "DELETE" && !path.contains("/shares/") && path.contains("/lists/") ? ["force": "true"] : [:], as: "bob")
            #expect(response.status == 403, "\(method) \(path) → \(response.status)")
            #expect(response.bodyText.contains("only the owner"))
        }
        #expect(try harness.snapshot() == before)
    }

    @Test("unsharing and leaving end access at once; bad shares are refused with the reason")
    func unshareAndLeave() throws {
        let setup = try setUp(access: "write")
        let harness = setup.harness
        #expect(harness.send("DELETE", "/api/v1/lists/\(setup.groceries)/shares/bob", as: "ann").status == 204)
        #expect(harness.send("DELETE", "/api/v1/lists/\(setup.groceries)/shares/bob", as: "ann").status == 404)
        for (method, path) in [("GET", "/api/v1/lists/\(setup.groceries)"), ("GET", "/api/v1/reminders/\(setup.milk)"),
                               ("PATCH", "/api/v1/reminders/\(setup.milk)")] {
            let response = harness.send(method, path, json: method == "PATCH" ? #"{"title":"x"}"# : nil, as: "bob")
            #expect(response.status == 404, "\(method) \(path) → \(response.status)")
        }
        #expect(Self.sidebar(harness, as: "bob")["Groceries"] == nil)

        // Bob leaves a list shared with him by naming himself.
        #expect(harness.send("PUT", "/api/v1/lists/\(setup.groceries)/shares/bob", json: #"{"access":"read"}"#, as: "ann").status == 201)
        #expect(Self.sidebar(harness, as: "bob")["Groceries"] != nil)
        #expect(harness.send("DELETE", "/api/v1/lists/\(setup.groceries)/shares/Bob", as: "bob").status == 204)
        #expect(Self.sidebar(harness, as: "bob")["Groceries"] == nil)
        #expect(harness.send("GET", "/api/v1/lists/\(setup.groceries)/shares", as: "ann").bodyText == #"{"shares":[]}"#)

        let refusals: [(String, String?, Int, String)] = [
            ("/api/v1/lists/\(setup.groceries)/shares/nobody", #"{"access":"read"}"#, 404, "no user named 'nobody'"),
            ("/api/v1/lists/\(setup.groceries)/shares/ann", #"{"access":"read"}"#, 409, "not shared with its owner"),
            ("/api/v1/lists/\(setup.groceries)/shares/bob", #"{"access":"admin"}"#, 400, "'read' or 'write'"),
            ("/api/v1/lists/\(setup.groceries)/shares/bob", #"{}"#, 400, "'read' or 'write'"),
            ("/api/v1/lists/\(setup.groceries)/shares/bob", #"{"access":"read","extra":1}"#, 400, "extra"),
            ("/api/v1/lists/no-such-list/shares/bob", #"{"access":"read"}"#, 404, "no such list"),
        ]
        let before = try harness.snapshot()
        for (path, body, status, words) in refusals {
            let response = harness.send("PUT", path, json: body, as: "ann")
            #expect(response.status == status, "PUT \(path) \(body ?? "") → \(response.status) \(response.bodyText)")
            #expect(response.bodyText.contains(words), "\(response.bodyText)")
        }
        #expect(try harness.snapshot() == before)
    }

    @Test("a grant is confirmed in the transaction: a store opened before the share ended reads and changes nothing")
    func grantConfirmedInTransaction() throws {
        let setup = try setUp(access: "write")
        let harness = setup.harness
        let connection = try harness.database.connect()
        let ann = try #require(try connection.user(named: "ann")).id
        let bob = try #require(try connection.user(named: "bob")).id
        let grant = ListGrant(member: bob, list: ReminderList.ID(rawValue: setup.groceries), access: .write,
                              reminder: ReminderUID(setup.milk))
        let store = PostgresStore(pool: harness.accounts.pool, user: ann, grant: grant)
        #expect(try store.read { db in try db.list(id: ReminderList.ID(rawValue: setup.groceries))?.name } == "Groceries")
        // The reminder named must be in the list.
        var elsewhere = grant
        elsewhere.reminder = ReminderUID("not-in-the-list")
        #expect(throws: ShareError.notShared) {
            try PostgresStore(pool: harness.accounts.pool, user: ann, grant: elsewhere).read { _ in 0 }
        }
        #expect(harness.send("DELETE", "/api/v1/lists/\(setup.groceries)/shares/bob", as: "ann").status == 204)
        #expect(throws: ShareError.notShared) { try store.read { _ in 0 } }
        #expect(throws: ShareError.notShared) {
            try store.write { db in try db.deleteList(ReminderList.ID(rawValue: setup.groceries)) }
        }
        #expect(try PostgresStore(pool: harness.accounts.pool, user: ann).read { db in try db.reminderCount(inList: ReminderList.ID(rawValue: setup.groceries)) } == 1)
    }

    @Test("Today, Scheduled and Overdue list and count the shared list's dated reminders, never the owner's other lists")
    func smartListsByDate() throws {
        let setup = try setUp(access: "read")
        let harness = setup.harness
        for (title, due, list, user) in [("Milk", "today", setup.groceries, "ann"), ("Bread", "yesterday", setup.groceries, "ann"),
                                         ("Cake", "in 5 days", setup.groceries, "ann"), ("Secret", "today", setup.diary, "ann"),
                                         ("Bob today", "today", setup.bobs, "bob")] {
            let response = harness.send("POST", "/api/v1/reminders", json: #"{"title":"\#(title)","due":"\#(due)","list":"\#(list)"}"#, as: user)
            try #require(response.status == 201, "\(response.bodyText)")
        }
        func titles(_ name: String, limit: Int = 50) -> [String] { Self.smartTitles(harness, name, limit: limit) }
        #expect(Set(titles("today")) == ["Bob today", "Milk", "Bread"])
        #expect(Set(titles("overdue")) == ["Bread"])
        #expect(Set(titles("scheduled")) == ["Bob today", "Milk", "Bread", "Cake"])
        // Page by page, the same rows in the same order.
        for name in ["today", "overdue", "scheduled"] { #expect(titles(name, limit: 1) == titles(name), "\(name)") }
        // Equal dates: bob's own list before the shared one, as in the sidebar.
        #expect(titles("today").firstIndex(of: "Bob today")! < titles("today").firstIndex(of: "Milk")!)
        // The shared list first among ann's own: its page cursor still places it after bob's lists
        // (a cursor keyed by the list's own position skipped "Milk" after "Bob today").
        #expect(harness.send("POST", "/api/v1/lists/\(setup.groceries)/move", json: #"{"position":1}"#, as: "ann").status == 200)
        for name in ["today", "scheduled"] { #expect(titles(name, limit: 1) == titles(name), "\(name)") }
        #expect(titles("today", limit: 1).count == 3)
        let smart = PostgresServiceHarness.object(harness.send("GET", "/api/v1/lists", as: "bob"))["smartLists"] as? [[String: Any]] ?? []
        let counts = Dictionary(smart.map { ($0["id"] as? String ?? "", $0["count"] as? Int ?? -1) }, uniquingKeysWith: { first, _ in first })
        #expect(counts["today"] == 3 && counts["overdue"] == 1 && counts["scheduled"] == 4, "\(counts)")

        #expect(harness.send("DELETE", "/api/v1/lists/\(setup.groceries)/shares/bob", as: "ann").status == 204)
        #expect(titles("today") == ["Bob today"])
        #expect(titles("scheduled") == ["Bob today"])
    }

    @Test("search finds in the lists shared with the user after their own, and in one shared list by ?list; never in the owner's others")
    func search() throws {
        let setup = try setUp(access: "read")
        let harness = setup.harness
        for (title, list, user) in [("Milk chocolate", setup.groceries, "ann"), ("Milk for the diary", setup.diary, "ann"),
                                    ("Milk for bob", setup.bobs, "bob")] {
            try #require(harness.send("POST", "/api/v1/reminders", json: #"{"title":"\#(title)","list":"\#(list)"}"#, as: user).status == 201)
        }
        func found(_ query: [String: String]) -> [String] {
            let page = harness.send("GET", "/api/v1/search", query: query, as: "bob")
            return (PostgresServiceHarness.object(page)["reminders"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        }
        #expect(found(["q": "milk"]) == ["Milk for bob", "Milk", "Milk chocolate"])
        #expect(found(["q": "milk", "list": setup.groceries]) == ["Milk", "Milk chocolate"])
        #expect(found(["q": "milk", "list": setup.bobs]) == ["Milk for bob"])
        #expect(found(["q": "diary"]) == [])
        let other = harness.send("GET", "/api/v1/search", query: ["q": "milk", "list": setup.diary], as: "bob")
        #expect(other.status == 404 && !other.bodyText.contains("Diary"))
        // Page by page: the same rows.
        #expect(found(["q": "milk", "limit": "1"]) == ["Milk for bob"])
        let second = PostgresServiceHarness.object(harness.send("GET", "/api/v1/search", query: ["q": "milk", "limit": "2"], as: "bob"))
        let next = try #require(second["nextCursor"] as? String)
        #expect(found(["q": "milk", "limit": "2", "cursor": next]) == ["Milk chocolate"])
        // Bob completes his own row of that first page: the next page is still after "Milk", in
        // the shared list (by offset it was empty).
        let bobs = (second["reminders"] as? [[String: Any]] ?? []).first { $0["title"] as? String == "Milk for bob" }
        let uid = try #require(bobs?["uid"] as? String)
        #expect(harness.send("POST", "/api/v1/reminders/\(uid)/complete", as: "bob").status == 200)
        #expect(found(["q": "milk", "limit": "2", "cursor": next]) == ["Milk chocolate"])
    }

    @Test("All and Flagged list the shared list's open reminders after the user's own, page by page by key, and count them")
    func allAndFlagged() throws {
        let setup = try setUp(access: "read")
        let harness = setup.harness
        for (title, list, user, flagged) in [("Eggs", setup.groceries, "ann", true), ("Secret flag", setup.diary, "ann", true),
                                             ("Bob flag", setup.bobs, "bob", true), ("Done", setup.groceries, "ann", false)] {
            let response = harness.send("POST", "/api/v1/reminders", json: #"{"title":"\#(title)","list":"\#(list)","flagged":\#(flagged)}"#, as: user)
            try #require(response.status == 201)
            if title == "Done" {
                let uid = try #require(PostgresServiceHarness.object(response)["uid"] as? String)
                try #require(harness.send("POST", "/api/v1/reminders/\(uid)/complete", as: "ann").status == 200)
            }
        }
        func titles(_ name: String, limit: Int) -> [String] { Self.smartTitles(harness, name, limit: limit) }
        for limit in [50, 1, 2, 3] {
            #expect(titles("all", limit: limit) == ["Bob's errand", "Bob flag", "Milk", "Eggs"], "limit \(limit)")
            #expect(titles("flagged", limit: limit) == ["Bob flag", "Eggs"], "limit \(limit)")
        }
        let smart = PostgresServiceHarness.object(harness.send("GET", "/api/v1/lists", as: "bob"))["smartLists"] as? [[String: Any]] ?? []
        let counts = Dictionary(smart.map { ($0["id"] as? String ?? "", $0["count"] as? Int ?? -1) }, uniquingKeysWith: { first, _ in first })
        #expect(counts["all"] == 4 && counts["flagged"] == 2 && counts["completed"] == 1, "\(counts)")  // ann's "Done", in the shared list
        // Ann's view is her own: her lists, not bob's.
        let anns = PostgresServiceHarness.object(harness.send("GET", "/api/v1/smart/all", as: "ann"))["reminders"] as? [[String: Any]] ?? []
        #expect(Set(anns.compactMap { $0["title"] as? String }) == ["Milk", "Eggs", "Private thought", "Secret flag"])
    }

    @Test("Completed merges the shared list's completed reminders with the user's own, latest first, page by page by key")
    func completed() throws {
        let setup = try setUp(access: "read")
        let harness = setup.harness
        // Completed one after the other; the last two at the same instant: the user's own first.
        for (minutes, title, list, user) in [(1, "Bob done 1", setup.bobs, "bob"), (2, "Ann done A", setup.groceries, "ann"),
                                             (3, "Secret done", setup.diary, "ann"), (4, "Ann done B", setup.groceries, "ann"),
                                             (4, "Bob done 2", setup.bobs, "bob")] {
            harness.clock.set(Fixture.now.addingTimeInterval(Double(minutes) * 60))
            let response = harness.send("POST", "/api/v1/reminders", json: #"{"title":"\#(title)","list":"\#(list)"}"#, as: user)
            let uid = try #require(PostgresServiceHarness.object(response)["uid"] as? String)
            try #require(harness.send("POST", "/api/v1/reminders/\(uid)/complete", as: user).status == 200)
        }
        for limit in [50, 1, 2, 3] {
            #expect(Self.smartTitles(harness, "completed", limit: limit) == ["Bob done 2", "Ann done B", "Ann done A", "Bob done 1"],
                    "limit \(limit)")
        }
        let smart = PostgresServiceHarness.object(harness.send("GET", "/api/v1/lists", as: "bob"))["smartLists"] as? [[String: Any]] ?? []
        #expect(smart.first { $0["id"] as? String == "completed" }?["count"] as? Int == 4)
        #expect(Self.titles(harness.send("GET", "/api/v1/smart/completed", as: "ann")) == ["Ann done B", "Secret done", "Ann done A"])
    }
}
