import Foundation
import Synchronization
import Testing
import TestSupport
import TickModel
import TickPostgres
@testable import TickServer

/// Undo and restore on `tick serve --database`: the change journal of schema step 9, read by
/// the same `Actions.undo` as on SQLite, each user's own changes only.
@Suite("Undo on PostgreSQL", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresUndoTests {
    static func object(_ response: HTTPResponse) -> [String: Any] { PostgresServiceHarness.object(response) }

    static func add(_ harness: PostgresServiceHarness, _ json: String, as user: String = "ann") throws -> String {
        let response = harness.send("POST", "/api/v1/reminders", json: json, as: user)
        try #require(response.status == 201, "\(response.status) \(response.bodyText)")
        return try #require(object(response)["uid"] as? String)
    }

    @Test("delete, restore and undo as on SQLite: the same answers, numbers and places")
    func deleteRestoreAndUndo() throws {
        let harness = try PostgresServiceHarness()
        _ = try Self.add(harness, #"{"title":"first"}"#)
        let parent = try Self.add(harness, #"{"title":"parent"}"#)
        let child = try Self.add(harness, #"{"title":"child","parent":"\#(parent)"}"#)
        let before = Self.object(harness.send("GET", "/api/v1/reminders/" + parent))
        let deleted = harness.send("DELETE", "/api/v1/reminders/" + parent)
        #expect(deleted.status == 200)
        #expect(harness.send("GET", "/api/v1/reminders/" + parent).status == 404)
        let restored = harness.send("POST", "/api/v1/reminders/\(parent)/restore")
        #expect(restored.status == 201)
        #expect(Self.object(restored)["number"] as? Int == 2)
        #expect(Self.object(restored)["position"] as? Int == before["position"] as? Int)
        #expect(Self.object(harness.send("GET", "/api/v1/reminders/" + child))["parentUID"] as? String == parent)
        #expect(harness.send("POST", "/api/v1/reminders/\(parent)/restore").status == 409)

        // Undo, newest first: the completion, the edit; then the add of the child. On SQLite
        // that is refused (its revision counted the changes since); on PostgreSQL the revision
        // is what the reminder holds, and the child holds again what it held when added.
        _ = harness.send("PATCH", "/api/v1/reminders/" + child, json: #"{"title":"renamed"}"#)
        _ = harness.send("POST", "/api/v1/reminders/\(child)/complete")
        let undoneComplete = Self.object(harness.send("POST", "/api/v1/undo"))
        #expect(undoneComplete["undone"] as? String == "tick serve: complete \u{201C}renamed\u{201D}")
        #expect((undoneComplete["reminder"] as? [String: Any])?["completed"] as? Bool == false)
        let undoneEdit = Self.object(harness.send("POST", "/api/v1/undo"))
        #expect(undoneEdit["undone"] as? String == "tick serve: edit \u{201C}renamed\u{201D}")
        #expect((undoneEdit["reminder"] as? [String: Any])?["title"] as? String == "child")
        let undoneAdd = Self.object(harness.send("POST", "/api/v1/undo"))
        #expect(undoneAdd["undone"] as? String == "tick serve: add \u{201C}child\u{201D}")
        #expect(harness.send("GET", "/api/v1/reminders/" + child).status == 404)
        // A change since refuses it: the parent renamed in SQL, its add is not undone.
        let connection = try harness.database.connect()
        try connection.execute("UPDATE reminders SET title = 'renamed in SQL' WHERE uid = $1", [parent])
        let refused = harness.send("POST", "/api/v1/undo")
        #expect(refused.status == 409)
        #expect(refused.bodyText.contains("tick serve: add \u{201C}parent\u{201D}"))
        #expect(harness.send("GET", "/api/v1/reminders/" + parent).status == 200)
    }

    @Test("a list added, renamed and deleted with its reminders comes back step by step")
    func listsComeBack() throws {
        let harness = try PostgresServiceHarness()
        let added = harness.send("POST", "/api/v1/lists", json: #"{"name":"Work","color":"orange"}"#)
        let list = try #require(Self.object(added)["id"] as? String)
        let task = try Self.add(harness, #"{"title":"report","list":"\#(list)"}"#)
        #expect(harness.send("PATCH", "/api/v1/lists/" + list, json: #"{"name":"Office"}"#).status == 200)
        #expect(harness.send("DELETE", "/api/v1/lists/" + list, query: ["force": "true"]).status == 204)
        #expect(harness.send("GET", "/api/v1/reminders/" + task).status == 404)

        let back = Self.object(harness.send("POST", "/api/v1/undo"))
        #expect((back["lists"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Office"])
        #expect(Self.object(harness.send("GET", "/api/v1/reminders/" + task))["list"] as? String == "Office")
        let renamed = Self.object(harness.send("POST", "/api/v1/undo"))
        #expect((renamed["lists"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Work"])
        _ = harness.send("POST", "/api/v1/undo")  // the reminder's add
        _ = harness.send("POST", "/api/v1/undo")  // the list's add
        #expect(harness.send("GET", "/api/v1/lists/" + list).status == 404)
        #expect(harness.send("POST", "/api/v1/undo").status == 409)  // nothing left: the first list was made by the server
    }

    @Test("a repeating reminder's completion is undone with its completed occurrence")
    func repeatingCompletion() throws {
        let harness = try PostgresServiceHarness()
        let uid = try Self.add(harness, #"{"title":"water the plants","due":"2026-11-29","repeat":"daily"}"#)
        let completed = Self.object(harness.send("POST", "/api/v1/reminders/\(uid)/complete"))
        #expect(completed["due"] as? String == "2026-11-30")
        let connection = try harness.database.connect()
        #expect(try connection.execute("SELECT due FROM completed_occurrences").map { $0.text("due") } == ["2026-11-29"])
        let undone = Self.object(harness.send("POST", "/api/v1/undo"))
        #expect((undone["reminder"] as? [String: Any])?["due"] as? String == "2026-11-29")
        #expect(try connection.execute("SELECT due FROM completed_occurrences").isEmpty)
    }

    @Test("an edit made since by another client is never overwritten: 409 naming it, nothing written")
    func laterChangesWin() throws {
        let harness = try PostgresServiceHarness()
        let uid = try Self.add(harness, #"{"title":"draft","priority":"low"}"#)
        _ = harness.send("PATCH", "/api/v1/reminders/" + uid, json: #"{"title":"final"}"#)
        // Another client of the database raises the priority: undoing the title keeps it.
        let connection = try harness.database.connect()
        try connection.execute("UPDATE reminders SET priority = 1")
        let undone = Self.object(harness.send("POST", "/api/v1/undo"))
        #expect((undone["reminder"] as? [String: Any])?["title"] as? String == "draft")
        #expect((undone["reminder"] as? [String: Any])?["priority"] as? String == "high")

        _ = harness.send("PATCH", "/api/v1/reminders/" + uid, json: #"{"title":"second"}"#)
        try connection.execute("UPDATE reminders SET title = 'changed in SQL'")
        let before = try harness.snapshot()
        let refused = harness.send("POST", "/api/v1/undo")
        #expect(refused.status == 409)
        #expect(refused.bodyText.contains("title"))
        #expect(try harness.snapshot() == before)
    }

    @Test("each user undoes and restores their own changes only, also in a list shared with the other")
    func ownChangesOnly() throws {
        let harness = try PostgresServiceHarness()
        let mine = try Self.add(harness, #"{"title":"ann's"}"#)
        #expect(harness.send("DELETE", "/api/v1/reminders/" + mine).status == 200)
        // bob can neither restore it nor undo ann's change by its id.
        let connection = try harness.database.connect()
        let annChange = try #require(try connection.execute("SELECT max(id) AS id FROM journal_changes").first?.decode("id", as: Int64.self))
        _ = harness.send("GET", "/api/v1/lists", as: "bob")  // bob's first request gives him his first list
        let before = try harness.snapshot()
        #expect(harness.send("POST", "/api/v1/reminders/\(mine)/restore", as: "bob").status == 404)
        #expect(harness.send("POST", "/api/v1/undo", json: #"{"change":\#(annChange)}"#, as: "bob").status == 404)
        let nothing = harness.send("POST", "/api/v1/undo", as: "bob")
        #expect(nothing.status == 409)
        #expect(!nothing.bodyText.contains("ann's"))
        #expect(try harness.snapshot() == before)

        // A list of ann's shared with bob to edit: bob's change there is his, not ann's to undo.
        let lists = Self.object(harness.send("GET", "/api/v1/lists"))["lists"] as? [[String: Any]] ?? []
        let list = try #require(lists.first?["id"] as? String), name = try #require(lists.first?["name"] as? String)
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        let bobs = try Self.add(harness, #"{"title":"bob's in ann's list","list":"\#(list)"}"#, as: "bob")
        // ann's newest change is the share (a change like any other), never bob's reminder.
        let undoneByAnn = Self.object(harness.send("POST", "/api/v1/undo"))
        #expect(undoneByAnn["undone"] as? String == "tick serve: share \u{201C}\(name)\u{201D} with \u{201C}bob\u{201D} to edit")
        #expect(harness.send("GET", "/api/v1/reminders/" + bobs).status == 200)
        let undoneDelete = Self.object(harness.send("POST", "/api/v1/undo"))
        #expect(undoneDelete["undone"] as? String == "tick serve: delete \u{201C}ann's\u{201D}")
        #expect(harness.send("GET", "/api/v1/reminders/" + mine).status == 200)
        #expect(harness.send("GET", "/api/v1/reminders/" + bobs).status == 200)
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        // bob's change is in ann's journal (the rows are hers), made by bob; his undo takes back his own lists' changes only.
        let newest = try connection.execute("""
            SELECT o.name AS owner, a.name AS actor FROM journal_changes c JOIN users o ON o.id = c.owner JOIN users a ON a.id = c.actor
            WHERE a.name = 'bob' ORDER BY c.id DESC LIMIT 1
            """).first
        #expect(newest?.text("owner") == "ann" && newest?.text("actor") == "bob")

        // bob undoes and restores his own changes in ann's list, through the share.
        #expect(harness.send("DELETE", "/api/v1/reminders/" + bobs, as: "bob").status == 200)
        let restored = harness.send("POST", "/api/v1/reminders/\(bobs)/restore", as: "bob")
        #expect(restored.status == 201)
        #expect(Self.object(restored)["listID"] as? String == list)
        let bobsOwn = try Self.add(harness, #"{"title":"bob's own"}"#, as: "bob")
        let undoneOwn = Self.object(harness.send("POST", "/api/v1/undo", as: "bob"))
        #expect(undoneOwn["undone"] as? String == "tick serve: add \u{201C}bob's own\u{201D}")
        #expect(harness.send("GET", "/api/v1/reminders/" + bobsOwn, as: "bob").status == 404)
        // Next newest of bob's: the restore was an undo (not a change); then the delete was taken back; then his add in ann's list.
        let undoneShared = Self.object(harness.send("POST", "/api/v1/undo", as: "bob"))
        #expect(undoneShared["undone"] as? String == "tick serve: add \u{201C}bob's in ann's list\u{201D}")
        #expect(harness.send("GET", "/api/v1/reminders/" + bobs).status == 404)
        #expect(harness.send("POST", "/api/v1/undo", as: "bob").status == 409)
        let third = try Self.add(harness, #"{"title":"bob again","list":"\#(list)"}"#, as: "bob")
        // A share to read only: bob's change there cannot be undone (403), nothing written.
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"read"}"#).status == 200)
        let readOnly = harness.send("POST", "/api/v1/undo", as: "bob")
        #expect(readOnly.status == 403)
        #expect(harness.send("GET", "/api/v1/reminders/" + third).status == 200)
    }

    @Test("a member's undo skips their changes in a list no longer shared with them, not their newer ones in a list still shared")
    func unsharedListSkipped() throws {
        let harness = try PostgresServiceHarness()
        _ = harness.send("GET", "/api/v1/lists", as: "bob")  // bob's first request gives him his first list
        var lists: [String] = []
        for name in ["Kept", "Unshared"] {
            let list = try #require(Self.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"\#(name)"}"#))["id"] as? String)
            #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"write"}"#).status == 201)
            lists.append(list)
        }
        let own = try Self.add(harness, #"{"title":"bob's own"}"#, as: "bob")
        let kept = try Self.add(harness, #"{"title":"in Kept","list":"\#(lists[0])"}"#, as: "bob")
        _ = try Self.add(harness, #"{"title":"in Unshared","list":"\#(lists[1])"}"#, as: "bob")
        #expect(harness.send("DELETE", "/api/v1/lists/\(lists[1])/shares/bob").status == 204)

        let undone = Self.object(harness.send("POST", "/api/v1/undo", as: "bob"))
        #expect(undone["undone"] as? String == "tick serve: add \u{201C}in Kept\u{201D}")
        #expect(harness.send("GET", "/api/v1/reminders/" + kept).status == 404)
        #expect(harness.send("GET", "/api/v1/reminders/" + own, as: "bob").status == 200)
        let next = Self.object(harness.send("POST", "/api/v1/undo", as: "bob"))
        #expect(next["undone"] as? String == "tick serve: add \u{201C}bob's own\u{201D}")
        #expect(harness.send("POST", "/api/v1/undo", as: "bob").status == 409)
    }

    @Test("a user's changes to undo are listed newest first, in their own lists and in lists shared with them, never another's")
    func changesListed() throws {
        let harness = try PostgresServiceHarness()
        _ = harness.send("GET", "/api/v1/lists", as: "bob")  // bob's first request gives him his first list
        func changes(_ user: String, all: Bool = false) throws -> [[String: Any]] {
            let response = harness.send("GET", "/api/v1/changes", query: all ? ["all": "true"] : [:], as: user)
            try #require(response.status == 200, "\(response.status) \(response.bodyText)")
            return try #require(Self.object(response)["changes"] as? [[String: Any]])
        }
        let list = try #require(Self.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"Groceries"}"#))["id"] as? String)
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        let own = try Self.add(harness, #"{"title":"bob's own"}"#, as: "bob")
        let shared = try Self.add(harness, #"{"title":"milk","list":"\#(list)"}"#, as: "bob")
        _ = try Self.add(harness, #"{"title":"ann's bread","list":"\#(list)"}"#)

        let bobs = try changes("bob")
        #expect(bobs.map { $0["command"] as? String } == ["tick serve: add \u{201C}milk\u{201D}", "tick serve: add \u{201C}bob's own\u{201D}"])
        #expect(bobs.map { ($0["reminders"] as? [String: Any])?["added"] as? Int } == [1, 1])
        let ids = bobs.compactMap { $0["id"] as? Int }
        let anns = try changes("ann")
        #expect(anns.map { $0["command"] as? String } == ["tick serve: add \u{201C}ann's bread\u{201D}",
                                                        "tick serve: share \u{201C}Groceries\u{201D} with \u{201C}bob\u{201D} to edit",
                                                        "tick serve: create the list \u{201C}Groceries\u{201D}"])
        #expect(Set(anns.compactMap { $0["id"] as? Int }).isDisjoint(with: ids))

        // Shared to view only now: bob's newest undo is refused, and his older change is still his to undo by id.
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"read"}"#).status == 200)
        #expect(try changes("ann").first?["command"] as? String == "tick serve: let \u{201C}bob\u{201D} only view \u{201C}Groceries\u{201D}")
        #expect(try changes("bob").compactMap { $0["id"] as? Int } == ids)
        #expect(harness.send("POST", "/api/v1/undo", as: "bob").status == 403)
        #expect(harness.send("POST", "/api/v1/undo", json: #"{"change":\#(ids[0])}"#, as: "bob").status == 403)
        let undone = harness.send("POST", "/api/v1/undo", json: #"{"change":\#(ids[1])}"#, as: "bob")
        #expect(undone.status == 200, "\(undone.bodyText)")
        #expect(harness.send("GET", "/api/v1/reminders/" + own, as: "bob").status == 404)
        #expect(harness.send("GET", "/api/v1/reminders/" + shared).status == 200)
        #expect(try changes("bob").compactMap { $0["id"] as? Int } == [ids[0]])
        #expect(try changes("bob", all: true).last?["undoneAt"] as? String != nil)

        // No longer shared: his change there is no longer listed (nor his to undo).
        #expect(harness.send("DELETE", "/api/v1/lists/\(list)/shares/bob").status == 204)
        #expect(try changes("bob").isEmpty)
        #expect(try changes("bob", all: true).compactMap { $0["id"] as? Int } == [ids[1]])
    }

    @Test("requests of one user racing each other (serializable, the losers run again) record one change each, no more")
    func racingWrites() throws {
        let harness = try PostgresServiceHarness()
        let uids = try (0..<4).map { try Self.add(harness, #"{"title":"\#($0)"}"#) }
        // The rounds each request of a reminder was answered 200; a 503 (ten lost races in a row,
        // seen once on a loaded machine) must have kept nothing, and a 200 exactly one change.
        let kept = Mutex<[[Int]]>(Array(repeating: [], count: uids.count))
        DispatchQueue.concurrentPerform(iterations: uids.count) { index in
            for round in 1...10 {
                let answer = harness.send("PATCH", "/api/v1/reminders/" + uids[index], json: #"{"title":"\#(index) \#(round)"}"#)
                #expect(answer.status == 200 || answer.status == 503 && answer.header("Retry-After") != nil, "\(answer.bodyText)")
                if answer.status == 200 { kept.withLock { $0[index].append(round) } }
            }
        }
        let rounds = kept.withLock { $0 }
        #expect(rounds.joined().count >= 20, "most requests go through: \(rounds)")
        let connection = try harness.database.connect()
        let changes = try connection.execute("""
            SELECT c.command, (SELECT count(*) FROM journal_reminders j WHERE j.owner = c.owner AND j.change = c.id) AS copies
            FROM journal_changes c ORDER BY c.id
            """)
        let commands = try changes.map { try $0.decode("command", as: String.self) }
        let expected = (0..<4).map { "tick serve: add \u{201C}\($0)\u{201D}" }
            + rounds.enumerated().flatMap { index, rounds in rounds.map { "tick serve: edit \u{201C}\(index) \($0)\u{201D}" } }
        #expect(commands.sorted() == expected.sorted())
        #expect(try changes.allSatisfy { try $0.decode("copies", as: Int64.self) == 2 })  // before and after, of one reminder
        // The newest change is the last request kept of one of the four: undone, that reminder
        // is as the request kept before it left it.
        let undone = Self.object(harness.send("POST", "/api/v1/undo"))
        let title = try #require((undone["reminder"] as? [String: Any])?["title"] as? String)
        let index = try #require(title.split(separator: " ").first.flatMap { Int($0) })
        let last = try #require(rounds[index].last)
        let before = rounds[index].dropLast().last.map { "\(index) \($0)" } ?? "\(index)"
        #expect(title == before && undone["undone"] as? String == "tick serve: edit \u{201C}\(index) \(last)\u{201D}")
    }

    @Test("a change that touched nothing leaves no entry; the journal keeps the newest 100 to 115 changes a user")
    func depth() throws {
        let harness = try PostgresServiceHarness()
        let connection = try harness.database.connect()
        func count() throws -> Int64 { try connection.execute("SELECT count(*) AS n FROM journal_changes").first?.decode("n", as: Int64.self) ?? -1 }
        #expect(harness.send("PUT", "/api/v1/lists/nope/shares/bob", json: #"{"access":"write"}"#).status == 404)
        _ = harness.send("GET", "/api/v1/lists")
        #expect(try count() == 0)
        let uid = try Self.add(harness, #"{"title":"0"}"#)
        for index in 1...130 {
            #expect(harness.send("PATCH", "/api/v1/reminders/" + uid, json: #"{"title":"\#(index)"}"#).status == 200)
        }
        #expect((100...115).contains(try count()))
        var titles: [String] = []
        for _ in 0..<3 {
            titles.append((Self.object(harness.send("POST", "/api/v1/undo"))["reminder"] as? [String: Any])?["title"] as? String ?? "")
        }
        #expect(titles == ["129", "128", "127"])
    }

    /// A tester: 110 changes by a member in a shared list, and the owner's restore of her own
    /// deleted reminder was 404, her undo "nothing to undo" (the journal's depth was counted
    /// over everyone writing her lists).
    @Test("a member's changes never push the owner's own out of her journal, nor hers his: each keeps their newest 100 to 115")
    func depthPerActor() throws {
        let harness = try PostgresServiceHarness()
        let connection = try harness.database.connect()
        let list = try #require(Self.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"Family"}"#))["id"] as? String)
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        _ = try Self.add(harness, #"{"title":"kept"}"#)
        let gone = try Self.add(harness, #"{"title":"gone"}"#)
        #expect(harness.send("DELETE", "/api/v1/reminders/" + gone).status == 200)
        let extra = Int(JournalChange.depth) + 20
        for index in 0..<extra {
            #expect(harness.send("POST", "/api/v1/reminders", json: #"{"title":"b\#(index)","list":"\#(list)"}"#, as: "bob").status == 201)
        }
        func count(_ actor: String) throws -> Int64 {
            try connection.execute("""
                SELECT count(*) AS n FROM journal_changes c JOIN users o ON o.id = c.owner JOIN users a ON a.id = c.actor
                WHERE o.name = 'ann' AND a.name = $1
                """, [actor]).first?.decode("n", as: Int64.self) ?? -1
        }
        #expect(try count("ann") == 5)
        #expect((100...115).contains(try count("bob")))

        let restored = harness.send("POST", "/api/v1/reminders/\(gone)/restore")
        #expect(restored.status == 201, "\(restored.status) \(restored.bodyText)")
        #expect(Self.object(harness.send("POST", "/api/v1/undo"))["undone"] as? String == "tick serve: add \u{201C}gone\u{201D}")
        #expect(Self.object(harness.send("POST", "/api/v1/undo"))["undone"] as? String == "tick serve: add \u{201C}kept\u{201D}")
        // And ann's changes, however many, leave bob's newest in her journal.
        for index in 0..<extra {
            #expect(harness.send("POST", "/api/v1/reminders", json: #"{"title":"a\#(index)"}"#).status == 201)
        }
        #expect((100...115).contains(try count("ann")))
        #expect((100...115).contains(try count("bob")))
        let bobs = Self.object(harness.send("POST", "/api/v1/undo", as: "bob"))
        #expect(bobs["undone"] as? String == "tick serve: add \u{201C}b\(extra - 1)\u{201D}")
    }

    /// A tester: once a member's edits had been dropped from the owner's journal, every undo
    /// of a share there was refused as "changed too much since", shares nobody touched too.
    @Test("a member's many edits do not block the owner's undo of her share: only dropped share changes do")
    func editsDroppedDoNotBlockShares() throws {
        let harness = try PostgresServiceHarness()
        let list = try #require(Self.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"Family"}"#))["id"] as? String)
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        let uid = try Self.add(harness, #"{"title":"0","list":"\#(list)"}"#, as: "bob")
        for index in 1...Int(JournalChange.depth) + 20 {
            #expect(harness.send("PATCH", "/api/v1/reminders/" + uid, json: #"{"title":"\#(index)"}"#, as: "bob").status == 200)
        }
        let undone = harness.send("POST", "/api/v1/undo")
        #expect(undone.status == 200, "\(undone.status) \(undone.bodyText)")
        #expect(Self.object(undone)["undone"] as? String == "tick serve: share \u{201C}Family\u{201D} with \u{201C}bob\u{201D} to edit")
    }

    /// The owner's share changes of one list, dropped from her journal, blocked a member's undo
    /// of leaving another list: the horizon was the owner's, now it is each list's.
    @Test("share changes dropped from one list's history block the undos of that list's shares only")
    func droppedShareChangesBlockTheirListOnly() throws {
        let harness = try PostgresServiceHarness()
        func list(_ name: String) throws -> String {
            try #require(Self.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"\#(name)"}"#))["id"] as? String)
        }
        let left = try list("Left"), other = try list("Other")
        #expect(harness.send("PUT", "/api/v1/lists/\(left)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        #expect(harness.send("PUT", "/api/v1/lists/\(other)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        #expect(harness.send("DELETE", "/api/v1/lists/\(left)/shares/bob", as: "bob").status == 204)
        // ann changes the other list's share after bob left, then enough else for all of it to be dropped.
        #expect(harness.send("PUT", "/api/v1/lists/\(other)/shares/bob", json: #"{"access":"read"}"#).status == 200)
        for index in 0..<Int(JournalChange.depth) + 20 {
            #expect(harness.send("POST", "/api/v1/reminders", json: #"{"title":"r\#(index)"}"#).status == 201)
        }
        // Nothing about "Left" was dropped since bob left it: his undo puts him back.
        let undone = harness.send("POST", "/api/v1/undo", as: "bob")
        #expect(undone.status == 200, "\(undone.status) \(undone.bodyText)")
        let lists = Self.object(harness.send("GET", "/api/v1/lists", as: "bob"))["lists"] as? [[String: Any]] ?? []
        #expect(lists.contains { $0["id"] as? String == left })
    }

    /// A tester: what a member deleted from a shared list, its owner could not put back, and
    /// after the member's share ended nobody could.
    @Test("the owner restores what a member deleted from her list, also once the share ended; her restore is her change to undo")
    func ownerRestoresMembersDeletion() throws {
        let harness = try PostgresServiceHarness()
        let list = try #require(Self.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"Family"}"#))["id"] as? String)
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        let shopping = try Self.add(harness, #"{"title":"Shopping","list":"\#(list)"}"#)
        let milk = try Self.add(harness, #"{"title":"Milk","parent":"\#(shopping)"}"#)
        let eggs = try Self.add(harness, #"{"title":"Eggs","list":"\#(list)"}"#)
        let number = Self.object(harness.send("GET", "/api/v1/reminders/" + shopping))["number"] as? Int
        #expect(harness.send("DELETE", "/api/v1/reminders/" + shopping, as: "bob").status == 200)
        #expect(Self.object(harness.send("GET", "/api/v1/reminders/" + milk))["parentUID"] is NSNull)

        let restored = harness.send("POST", "/api/v1/reminders/\(shopping)/restore")
        try #require(restored.status == 201, "\(restored.status) \(restored.bodyText)")
        #expect(Self.object(restored)["number"] as? Int == number)
        #expect(Self.object(restored)["listID"] as? String == list)
        #expect(Self.object(harness.send("GET", "/api/v1/reminders/" + milk))["parentUID"] as? String == shopping)
        // bob's own restore finds it back, and says so.
        let again = harness.send("POST", "/api/v1/reminders/\(shopping)/restore", as: "bob")
        #expect(again.status == 409)
        #expect(again.bodyText.contains("is not deleted (restored already?)"), "\(again.bodyText)")
        let snapshot = try harness.snapshot()
        let bobsUndo = harness.send("POST", "/api/v1/undo", as: "bob")
        #expect(bobsUndo.status == 409, "\(bobsUndo.status) \(bobsUndo.bodyText)")
        #expect(try harness.snapshot() == snapshot)
        // ann's restore is a change of hers.
        #expect(Self.object(harness.send("POST", "/api/v1/undo"))["undone"] as? String == "tick serve: restore \u{201C}Shopping\u{201D}")
        #expect(harness.send("GET", "/api/v1/reminders/" + shopping).status == 404)
        #expect(harness.send("POST", "/api/v1/reminders/\(shopping)/restore").status == 201)

        // Once the share has ended, the owner still puts back what the member deleted.
        #expect(harness.send("DELETE", "/api/v1/reminders/" + eggs, as: "bob").status == 200)
        #expect(harness.send("DELETE", "/api/v1/lists/\(list)/shares/bob").status == 204)
        #expect(harness.send("POST", "/api/v1/reminders/\(eggs)/restore", as: "bob").status == 404)
        #expect(harness.send("POST", "/api/v1/reminders/\(eggs)/restore").status == 201)

        // What bob deleted from his own list is his alone to put back.
        let bobs = try Self.add(harness, #"{"title":"bob's"}"#, as: "bob")
        #expect(harness.send("DELETE", "/api/v1/reminders/" + bobs, as: "bob").status == 200)
        let before = try harness.snapshot()
        let refused = harness.send("POST", "/api/v1/reminders/\(bobs)/restore")
        #expect(refused.status == 404)
        #expect(!refused.bodyText.contains("bob's"))
        #expect(try harness.snapshot() == before)
        #expect(harness.send("POST", "/api/v1/reminders/\(bobs)/restore", as: "bob").status == 201)
    }

    /// The tester again, on the owner's restore of a member's deletion: a repeating
    /// reminder came back without its completed occurrences; a subtask moved to another list
    /// since was linked back across lists; a taken uid, a deleted list and the member's own
    /// restore afterwards were answered with a store's words or the wrong ones.
    @Test("the owner's restore of a member's deletion: its history back, a subtask moved away left alone, refusals in words")
    func ownersRestoreDetails() throws {
        let harness = try PostgresServiceHarness()
        func newList(_ name: String) throws -> String {
            try #require(Self.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"\#(name)"}"#))["id"] as? String)
        }
        let family = try newList("Family"), own = try newList("Own"), temp = try newList("Temp")
        for list in [family, temp] {
            #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        }
        let connection = try harness.database.connect()
        func occurrences() throws -> Int64 {
            try connection.execute("SELECT count(*) AS n FROM completed_occurrences").first?.decode("n", as: Int64.self) ?? -1
        }
        // A daily reminder completed twice comes back with both completions.
        let water = try Self.add(harness, #"{"title":"Water","list":"\#(family)","due":"2026-11-20","repeat":"daily"}"#)
        for _ in 0..<2 { #expect(harness.send("POST", "/api/v1/reminders/\(water)/complete").status == 200) }
        #expect(try occurrences() == 2)
        #expect(harness.send("DELETE", "/api/v1/reminders/" + water, as: "bob").status == 200)
        #expect(harness.send("POST", "/api/v1/reminders/\(water)/restore").status == 201)
        #expect(try occurrences() == 2)

        // A subtask moved to another list since stays top-level there.
        let parent = try Self.add(harness, #"{"title":"Trip","list":"\#(family)"}"#)
        let child = try Self.add(harness, #"{"title":"Tickets","parent":"\#(parent)"}"#)
        #expect(harness.send("DELETE", "/api/v1/reminders/" + parent, as: "bob").status == 200)
        #expect(harness.send("PATCH", "/api/v1/reminders/" + child, json: #"{"list":"\#(own)"}"#).status == 200)
        #expect(harness.send("POST", "/api/v1/reminders/\(parent)/restore").status == 201)
        let tickets = Self.object(harness.send("GET", "/api/v1/reminders/" + child))
        #expect(tickets["listID"] as? String == own && tickets["parentUID"] is NSNull, "\(tickets)")

        // Restored by ann and moved to her own list: bob's restore and undo say so in words.
        let milk = try Self.add(harness, #"{"title":"Milk","list":"\#(family)"}"#)
        #expect(harness.send("DELETE", "/api/v1/reminders/" + milk, as: "bob").status == 200)
        #expect(harness.send("POST", "/api/v1/reminders/\(milk)/restore").status == 201)
        #expect(harness.send("PATCH", "/api/v1/reminders/" + milk, json: #"{"list":"\#(own)"}"#).status == 200)
        for (method, path) in [("POST", "/api/v1/reminders/\(milk)/restore"), ("POST", "/api/v1/undo")] {
            let refused = harness.send(method, path, as: "bob")
            #expect(refused.status == 409, "\(path): \(refused.status) \(refused.bodyText)")
            #expect(!refused.bodyText.contains("same identity") && refused.bodyText.contains("nothing was"), "\(path): \(refused.bodyText)")
        }

        // The uid taken by another reminder of ann's since; the list deleted since.
        let eggs = try Self.add(harness, #"{"title":"Eggs","list":"\#(family)"}"#)
        #expect(harness.send("DELETE", "/api/v1/reminders/" + eggs, as: "bob").status == 200)
        let put = PostgresDAVTests.dav(harness, "PUT", "/dav/lists/\(own)/eggs.ics", ServiceHarness.todo(uid: eggs, summary: "Other eggs"),
                                       as: "ann")
        #expect(put.status == 201, "\(put.status) \(put.bodyText)")
        let taken = harness.send("POST", "/api/v1/reminders/\(eggs)/restore")
        #expect(taken.status == 409 && taken.bodyText.contains("another reminder (#"), "\(taken.bodyText)")
        let flour = try Self.add(harness, #"{"title":"Flour","list":"\#(temp)"}"#)
        #expect(harness.send("DELETE", "/api/v1/reminders/" + flour, as: "bob").status == 200)
        #expect(harness.send("DELETE", "/api/v1/lists/" + temp, query: ["force": "true"]).status == 204)
        let gone = harness.send("POST", "/api/v1/reminders/\(flour)/restore")
        #expect(gone.status == 409 && gone.bodyText.contains("\u{201C}Flour\u{201D} was deleted since"), "\(gone.status) \(gone.bodyText)")
    }

    /// A verifying tester: of two restores at once of what a member deleted, the later got
    /// the store's words ("a list or reminder with the same identity exists already").
    @Test("two restores at once of a member's deletion: one 201, the other 201 or 409 in words, one reminder")
    func racingRestores() async throws {
        let harness = try PostgresServiceHarness()
        let list = try #require(Self.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"Family"}"#))["id"] as? String)
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        for round in 0..<5 {
            let uid = try Self.add(harness, #"{"title":"Milk \#(round)","list":"\#(list)"}"#)
            #expect(harness.send("DELETE", "/api/v1/reminders/" + uid, as: "bob").status == 200)
            let answers = await withTaskGroup(of: HTTPResponse.self) { group in
                for _ in 0..<3 { group.addTask { harness.send("POST", "/api/v1/reminders/\(uid)/restore") } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.contains { $0.status == 201 })
            for answer in answers where answer.status != 201 {
                #expect(answer.status == 409 && !answer.bodyText.contains("same identity"), "\(answer.status) \(answer.bodyText)")
            }
            let all = Self.object(harness.send("GET", "/api/v1/lists/\(list)/reminders"))["reminders"] as? [[String: Any]] ?? []
            #expect(all.filter { $0["uid"] as? String == uid }.count == 1)
        }
    }

    @Test("shares come back with an undo: of a list deleted while shared, of an unshare, of a change of access; a share's undo ends it")
    func sharesComeBack() throws {
        let harness = try PostgresServiceHarness()
        let list = try #require(Self.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"Family"}"#))["id"] as? String)
        func bobs() -> String? {
            let lists = Self.object(harness.send("GET", "/api/v1/lists", as: "bob"))["lists"] as? [[String: Any]] ?? []
            return lists.first { $0["id"] as? String == list }?["access"] as? String
        }
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        #expect(bobs() == "write")
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"read"}"#).status == 200)
        #expect(harness.send("DELETE", "/api/v1/lists/\(list)/shares/bob").status == 204)
        #expect(bobs() == nil)
        let unshare = Self.object(harness.send("POST", "/api/v1/undo"))
        #expect(unshare["undone"] as? String == "tick serve: stop sharing \u{201C}Family\u{201D} with \u{201C}bob\u{201D}")
        #expect(bobs() == "read")
        let madeViewOnly = Self.object(harness.send("POST", "/api/v1/undo"))
        #expect(madeViewOnly["undone"] as? String == "tick serve: let \u{201C}bob\u{201D} only view \u{201C}Family\u{201D}")
        #expect(bobs() == "write")

        #expect(harness.send("DELETE", "/api/v1/lists/" + list, query: ["force": "true"]).status == 204)
        #expect(bobs() == nil)
        let deleted = Self.object(harness.send("POST", "/api/v1/undo"))
        #expect((deleted["lists"] as? [[String: Any]])?.first?["name"] as? String == "Family")
        #expect(bobs() == "write")

        let share = Self.object(harness.send("POST", "/api/v1/undo"))
        #expect(share["undone"] as? String == "tick serve: share \u{201C}Family\u{201D} with \u{201C}bob\u{201D} to edit")
        #expect(bobs() == nil)
        // bob leaves a list shared with him, and takes it back.
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"read"}"#).status == 201)
        #expect(harness.send("DELETE", "/api/v1/lists/\(list)/shares/bob", as: "bob").status == 204)
        #expect(bobs() == nil)
        let left = harness.send("POST", "/api/v1/undo", as: "bob")
        #expect(left.status == 200)
        #expect(Self.object(left)["undone"] as? String == "tick serve: leave the shared list \u{201C}Family\u{201D}")
        #expect(bobs() == "read")
    }

    /// A tester: bob left a list shared with him, ann shared it again and then stopped; bob's
    /// undo of his leave answered 200 and gave him write access back to a list its owner had
    /// taken from him.
    @Test("a member's undo of leaving a list is refused once its owner shared or unshared it since")
    func leaveUndoneAfterOwnerChangedIt() throws {
        let harness = try PostgresServiceHarness()
        let list = try #require(Self.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"Family"}"#))["id"] as? String)
        func bobs() -> String? {
            let lists = Self.object(harness.send("GET", "/api/v1/lists", as: "bob"))["lists"] as? [[String: Any]] ?? []
            return lists.first { $0["id"] as? String == list }?["access"] as? String
        }
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        #expect(harness.send("DELETE", "/api/v1/lists/\(list)/shares/bob", as: "bob").status == 204)
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"read"}"#).status == 201)
        #expect(harness.send("DELETE", "/api/v1/lists/\(list)/shares/bob").status == 204)
        let refused = harness.send("POST", "/api/v1/undo", as: "bob")
        #expect(refused.status == 409, "\(refused.status) \(refused.bodyText)")
        #expect(refused.bodyText.contains("the list 'Family' was shared or unshared with bob since"))
        #expect(bobs() == nil)
        let shares = Self.object(harness.send("GET", "/api/v1/lists/\(list)/shares"))["shares"] as? [[String: Any]]
        #expect(shares?.isEmpty == true)

        // Once the owner undoes both of her later changes, bob's leave is again the last change
        // to the share that stands: his undo gives him back what he had.
        _ = harness.send("POST", "/api/v1/undo")
        _ = harness.send("POST", "/api/v1/undo")
        #expect(bobs() == nil)
        #expect(harness.send("POST", "/api/v1/undo", as: "bob").status == 200)
        #expect(bobs() == "write")
    }

    /// The tester again: once the owner had made about 110 more changes, her journal no longer
    /// held her unshare, and the member's undo of his leave gave him write access back.
    @Test("a member's undo of leaving is refused once the owner's journal no longer reaches back to it")
    func leaveUndoneAfterTheOwnersJournalMovedOn() throws {
        let harness = try PostgresServiceHarness()
        let list = try #require(Self.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"Family"}"#))["id"] as? String)
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        #expect(harness.send("DELETE", "/api/v1/lists/\(list)/shares/bob", as: "bob").status == 204)
        #expect(harness.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"read"}"#).status == 201)
        #expect(harness.send("DELETE", "/api/v1/lists/\(list)/shares/bob").status == 204)
        for index in 0..<Int(JournalChange.depth) + 20 {
            #expect(harness.send("POST", "/api/v1/reminders", json: #"{"title":"r\#(index)"}"#).status == 201)
        }
        let refused = harness.send("POST", "/api/v1/undo", as: "bob")
        #expect(refused.status == 409, "\(refused.status) \(refused.bodyText)")
        #expect(refused.bodyText.contains("has changed too much since to tell"), "\(refused.bodyText)")
        let lists = Self.object(harness.send("GET", "/api/v1/lists", as: "bob"))["lists"] as? [[String: Any]] ?? []
        #expect(!lists.contains { $0["id"] as? String == list })
    }
}

extension PostgresUndoTests {
    @Test("a member's undo of a change to a reminder the owner moved since to a list not shared with them: 409 saying so, nothing changed",
          arguments: ["add", "edit", "complete"])
    func undoOfReminderMovedAway(change: String) throws {
        let harness = try PostgresServiceHarness()
        _ = harness.send("GET", "/api/v1/lists", as: "bob")
        let shared = try #require(Self.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"Shared"}"#))["id"] as? String)
        let privateList = try #require(Self.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"Private"}"#))["id"] as? String)
        #expect(harness.send("PUT", "/api/v1/lists/\(shared)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        let uid: String
        switch change {
        case "add":
            uid = try Self.add(harness, #"{"title":"milk","list":"\#(shared)"}"#, as: "bob")
        case "edit":
            uid = try Self.add(harness, #"{"title":"milk","list":"\#(shared)"}"#)
            #expect(harness.send("PATCH", "/api/v1/reminders/" + uid, json: #"{"title":"oat milk"}"#, as: "bob").status == 200)
        default:
            uid = try Self.add(harness, #"{"title":"milk","list":"\#(shared)"}"#)
            #expect(harness.send("POST", "/api/v1/reminders/\(uid)/complete", as: "bob").status == 200)
        }
        #expect(harness.send("PATCH", "/api/v1/reminders/" + uid, json: #"{"list":"\#(privateList)"}"#).status == 200)
        let before = try harness.snapshot()
        let undo = harness.send("POST", "/api/v1/undo", as: "bob")
        defer {
            // Back in the shared list, the undo goes through.
            #expect(harness.send("PATCH", "/api/v1/reminders/" + uid, json: #"{"list":"\#(shared)"}"#).status == 200)
            #expect(harness.send("POST", "/api/v1/undo", as: "bob").status == 200)
        }
        #expect(undo.status == 409, "\(undo.status) \(undo.bodyText)")
        #expect(undo.bodyText.contains("was moved since to another list of the owner") && !undo.bodyText.contains("Private"),
                "\(undo.bodyText)")
        // Named by the title the change saw; an add's by its number alone (no “”).
        #expect(!undo.bodyText.contains("\u{201C}\u{201D}"), "\(undo.bodyText)")
        #expect(change == "add" || undo.bodyText.contains("\u{201C}"), "\(undo.bodyText)")
        #expect(try harness.snapshot() == before)
    }
}
