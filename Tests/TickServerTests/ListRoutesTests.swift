import Foundation
import Testing
@testable import TickServer

/// `/api/v1/lists…`: list, add, get, rename, recolor, move, delete.
@Suite struct ListRoutesTests {
    @Test func addListsAndSeeThemWithCounts() throws {
        let harness = try ServiceHarness()
        let added = harness.send("POST", "/api/v1/lists", json: #"{"name":"  Work ","color":"green"}"#)
        #expect(added.status == 201)
        let list = ServiceHarness.object(added)
        #expect(list["name"] as? String == "Work")
        #expect(list["color"] as? String == "#34C759" || list["colorName"] as? String == "green")
        let id = try #require(list["id"] as? String)
        #expect(added.header("Location") == "/api/v1/lists/" + id)
        harness.add(#"{"title":"one","list":"\#(id)","flagged":true}"#)
        harness.add(#"{"title":"two","list":"\#(id)","due":"2026-11-29"}"#)
        let all = ServiceHarness.object(harness.send("GET", "/api/v1/lists"))
        let lists = try #require(all["lists"] as? [[String: Any]])
        #expect(lists.map { $0["name"] as? String } == ["Reminders", "Work"])
        #expect(lists[1]["openCount"] as? Int == 2)
        let smart = try #require(all["smartLists"] as? [[String: Any]])
        #expect(smart.map { $0["id"] as? String } == ["today", "scheduled", "flagged", "overdue", "completed", "all"])
        #expect(smart.map { $0["count"] as? Int } == [1, 1, 1, 0, 0, 2])
        #expect(ServiceHarness.object(harness.send("GET", "/api/v1/lists/" + id))["openCount"] as? Int == 2)
        // reminderCount: what deleting the list deletes, completed reminders too.
        let done = harness.add(#"{"title":"three","list":"\#(id)"}"#)
        #expect(harness.send("POST", "/api/v1/reminders/\(done)/complete").status == 200)
        let one = ServiceHarness.object(harness.send("GET", "/api/v1/lists/" + id))
        #expect(one["openCount"] as? Int == 2)
        #expect(one["reminderCount"] as? Int == 3)
    }

    @Test(arguments: [
        (#"{"name":"   "}"#, 422), (#"{"name":"\u200B"}"#, 422), (#"{}"#, 422), (#"{"name":"X","color":"teal-ish"}"#, 422),
        (#"{"name":"Reminders"}"#, 409), (#"{"name":"ＲＥＭＩＮＤＥＲＳ"}"#, 409), (#"{"name":"\u2800"}"#, 422),
        (#"{"name":"X","extra":1}"#, 400), (#"{"name":3}"#, 400), (#"[1]"#, 400), ("{", 400),
    ])
    func refusedListsChangeNothing(body: String, status: Int) throws {
        let harness = try ServiceHarness()
        let before = try harness.snapshot()
        let response = harness.send("POST", "/api/v1/lists", json: body)
        #expect(response.status == status)
        #expect(response.header("Content-Type") == "application/problem+json")
        let problem = ServiceHarness.object(response)
        #expect(problem["status"] as? Int == status)
        #expect((problem["detail"] as? String)?.isEmpty == false)
        #expect(try harness.snapshot() == before)
    }

    @Test func blankNameIsWordedAsTheCommandLineWordsIt() throws {
        let harness = try ServiceHarness()
        let problem = ServiceHarness.object(harness.send("POST", "/api/v1/lists", json: #"{"name":" "}"#))
        #expect(problem["detail"] as? String == "the list name is empty or only white space; give it some visible text")
        #expect(problem["type"] as? String == "urn:tick:problem:invalid")
        #expect(problem["title"] as? String == "Unprocessable Content")
    }

    @Test func bodyOfAnotherTypeIs415() throws {
        let harness = try ServiceHarness()
        let response = harness.send("POST", "/api/v1/lists", json: #"{"name":"Work"}"#, headers: ["Content-Type": "text/plain"])
        #expect(response.status == 415)
    }

    /// JSON is UTF-8 (RFC 8259 §8.1): a body said to be in another charset is refused, not
    /// read as UTF-8 without a word (a tester: `charset=latin1` made a list).
    @Test func bodyInAnotherCharsetIs415() throws {
        let harness = try ServiceHarness()
        let before = try harness.snapshot()
        for type in ["application/json; charset=latin1", "application/json;charset=\"ISO-8859-1\"", "application/json; Charset=utf-16"] {
            let response = harness.send("POST", "/api/v1/lists", json: #"{"name":"Work"}"#, headers: ["Content-Type": type])
            #expect(response.status == 415 && response.bodyText.contains("UTF-8"), "\(type): \(response.status) \(response.bodyText)")
        }
        #expect(try harness.snapshot() == before)
        for type in ["application/json; charset=utf-8", "application/json; charset=\"UTF-8\"", "application/json; charset=us-ascii"] {
            let name = "W\(type.count)"
            #expect(harness.send("POST", "/api/v1/lists", json: #"{"name":"\#(name)"}"#, headers: ["Content-Type": type]).status == 201, "\(type)")
        }
    }

    @Test func renameRecolorMoveAndDelete() throws {
        let harness = try ServiceHarness()
        let first = try harness.firstListID()
        let work = ServiceHarness.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"Work"}"#))["id"] as? String ?? ""
        let home = ServiceHarness.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"Home"}"#))["id"] as? String ?? ""
        let renamed = harness.send("PATCH", "/api/v1/lists/" + work, json: ##"{"name":"Office","color":"#abc"}"##)
        #expect(renamed.status == 200)
        #expect(ServiceHarness.object(renamed)["name"] as? String == "Office")
        #expect(ServiceHarness.object(renamed)["color"] as? String == "#AABBCC")
        #expect(harness.send("PATCH", "/api/v1/lists/" + work, json: #"{"name":"Home"}"#).status == 409)
        #expect(harness.send("PATCH", "/api/v1/lists/" + work, json: #"{"color":"nope"}"#).status == 422)
        #expect(harness.send("PATCH", "/api/v1/lists/nope", json: #"{"name":"Y"}"#).status == 404)
        // Said as what it is (a tester met "the list no longer exists" for an id that never was; "'null' is not a color").
        #expect(harness.send("GET", "/api/v1/lists/nope/reminders").bodyText.contains("there is no list with the id 'nope'"))
        let null = harness.send("PATCH", "/api/v1/lists/" + work, json: #"{"color":null}"#)
        #expect(null.status == 422)
        #expect(null.bodyText.contains("a list's color cannot be null"), "\(null.bodyText)")
        // Home before the first list, then Office after Home.
        #expect(harness.send("POST", "/api/v1/lists/\(home)/move", json: #"{"before":"\#(first)"}"#).status == 200)
        #expect(harness.send("POST", "/api/v1/lists/\(work)/move", json: #"{"after":"\#(home)"}"#).status == 200)
        let names = (ServiceHarness.object(harness.send("GET", "/api/v1/lists"))["lists"] as? [[String: Any]] ?? []).map { $0["name"] as? String }
        #expect(names == ["Home", "Office", "Reminders"])
        #expect(harness.send("POST", "/api/v1/lists/\(work)/move", json: #"{"position":0}"#).status == 422)
        #expect(harness.send("POST", "/api/v1/lists/\(work)/move", json: #"{"before":"\#(work)"}"#).status == 409)
        #expect(harness.send("POST", "/api/v1/lists/\(work)/move", json: #"{}"#).status == 400)
        // A list with reminders goes only with force.
        harness.add(#"{"title":"keep","list":"\#(home)"}"#)
        let refused = harness.send("DELETE", "/api/v1/lists/" + home)
        #expect(refused.status == 409)
        #expect((ServiceHarness.object(refused)["detail"] as? String)?.contains("force=true") == true)
        #expect(harness.send("DELETE", "/api/v1/lists/" + home, query: ["force": "yes"]).status == 400)
        #expect(harness.send("DELETE", "/api/v1/lists/" + home, query: ["force": "true"]).status == 204)
        #expect(harness.send("DELETE", "/api/v1/lists/" + work).status == 204)
        #expect(harness.send("DELETE", "/api/v1/lists/" + first).status == 409) // the last list
        #expect(harness.send("GET", "/api/v1/lists/" + home).status == 404)
    }

    /// A tester: a list's PATCH, move and DELETE with a wrong `If-Match` went through (the
    /// DELETE took the list's reminders with it). A list has no ETag: only `*` matches.
    @Test func aListsChangesKeepTheirPreconditions() throws {
        let harness = try ServiceHarness()
        let home = ServiceHarness.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"Home"}"#))["id"] as? String ?? ""
        harness.add(#"{"title":"keep","list":"\#(home)"}"#)
        for headers in [["If-Match": "\"nope\""], ["If-Match": "\"a\", \"b\""], ["If-None-Match": "*"]] {
            let patch = harness.send("PATCH", "/api/v1/lists/" + home, json: #"{"name":"Other"}"#, headers: headers)
            #expect(patch.status == 412, "\(headers)")
            #expect(harness.send("POST", "/api/v1/lists/\(home)/move", json: #"{"position":1}"#, headers: headers).status == 412)
            #expect(harness.send("DELETE", "/api/v1/lists/" + home, query: ["force": "true"], headers: headers).status == 412)
        }
        #expect(harness.send("GET", "/api/v1/lists/" + home).status == 200)
        #expect(ServiceHarness.object(harness.send("GET", "/api/v1/lists/" + home))["name"] as? String == "Home")
        #expect(harness.send("PATCH", "/api/v1/lists/" + home, json: #"{"name":"Other"}"#, headers: ["If-Match": "*"]).status == 200)
        #expect(harness.send("DELETE", "/api/v1/lists/" + home, query: ["force": "true"], headers: ["If-Match": "*"]).status == 204)
    }
}
