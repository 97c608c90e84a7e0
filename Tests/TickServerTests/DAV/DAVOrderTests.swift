import Foundation
import Testing
import TestSupport
import TickServer

/// The manual order through `tick serve`'s CalDAV, on both servers (`StoreKind`): Apple's
/// `X-APPLE-SORT-ORDER` (seconds since 2001, ascending; a to-do without one sorts by its
/// `CREATED`), which Apple Reminders writes when a to-do is dragged and reads to order a list.
@Suite struct DAVOrderTests {
    /// The titles of the first list, in its manual order (`GET /api/v1/lists/ID/reminders`).
    static func order(_ harness: any DAVTestServer) throws -> [String] {
        let page = ServiceHarness.object(harness.api("GET", "/api/v1/lists/\(try harness.firstListID())/reminders", json: nil))
        return (page["reminders"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    static func todo(_ uid: String, sortOrder: Int64?, created: String = "20260101T000000Z") -> String {
        ServiceHarness.todo(uid: uid, summary: uid, extra: ["CREATED:\(created)"] + (sortOrder.map { ["X-APPLE-SORT-ORDER:\($0)"] } ?? []))
    }

    /// A to-do the phone dragged (a PUT with a new value) takes its place among the others,
    /// as it does in a new PUT; the others keep theirs and their ETags.
    @Test(arguments: StoreKind.available) func aPutWithAnotherSortOrderMovesTheReminder(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let collection = try harness.firstCollection()
        for (uid, order) in [("a", 100), ("b", 200), ("c", 300)] {
            #expect(harness.dav("PUT", collection + "\(uid).ics", Self.todo(uid, sortOrder: Int64(order))).status == 201)
        }
        #expect(try Self.order(harness) == ["a", "b", "c"])
        let etagB = harness.dav("GET", collection + "b.ics").header("ETag")
        // Dragged to the top on the phone.
        #expect(harness.dav("PUT", collection + "c.ics", Self.todo("c", sortOrder: 99)).status == 204)
        #expect(try Self.order(harness) == ["c", "a", "b"])
        #expect(harness.dav("GET", collection + "b.ics").header("ETag") == etagB)
        // Between a and b; then a new one put in the middle, and one put with no value,
        // created before the others (2025), which sorts first by Apple's rule.
        #expect(harness.dav("PUT", collection + "c.ics", Self.todo("c", sortOrder: 150)).status == 204)
        #expect(try Self.order(harness) == ["a", "c", "b"])
        #expect(harness.dav("PUT", collection + "d.ics", Self.todo("d", sortOrder: 120)).status == 201)
        #expect(try Self.order(harness) == ["a", "d", "c", "b"])
        // The same value again (an edit of the title) moves nothing, even after a move in Tick.
        let uidOfA = "a"
        _ = harness.api("POST", "/api/v1/reminders/\(uidOfA)/move", json: #"{"position": 4}"#)
        let moved = try Self.order(harness)
        #expect(moved == ["d", "c", "b", "a"])
        let text = harness.dav("GET", collection + "a.ics").bodyText
        #expect(harness.dav("PUT", collection + "a.ics", text.replacingOccurrences(of: "SUMMARY:a", with: "SUMMARY:a")).status == 204)
        #expect(try Self.order(harness) == moved)
    }

    /// A move in Tick (the JSON API here; the CLI and the UI call the same action) gives the
    /// moved reminder, and only it, a value between its new neighbours', so its ETag changes
    /// and the phone reads the new order; the others' ETags stay.
    @Test(arguments: StoreKind.available) func aMoveInTickReachesThePhones(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let collection = try harness.firstCollection()
        for (uid, order) in [("a", 100), ("b", 200), ("c", 300)] {
            #expect(harness.dav("PUT", collection + "\(uid).ics", Self.todo(uid, sortOrder: Int64(order))).status == 201)
        }
        let before = Dictionary(uniqueKeysWithValues: ["a", "b", "c"].map { ($0, harness.dav("GET", collection + "\($0).ics").header("ETag")) })
        let move = harness.api("POST", "/api/v1/reminders/c/move", json: #"{"before": "a"}"#)
        #expect(move.status == 200)
        #expect(try Self.order(harness) == ["c", "a", "b"])
        let c = harness.dav("GET", collection + "c.ics")
        #expect(c.header("ETag") != before["c"])
        #expect(c.bodyText.contains("X-APPLE-SORT-ORDER:99\r\n"), "\(c.bodyText)")
        #expect(harness.dav("GET", collection + "a.ics").header("ETag") == before["a"])
        #expect(harness.dav("GET", collection + "b.ics").header("ETag") == before["b"])
        // A reminder made in Tick with none sorts by its creation time: moved between two
        // that have one, it gets one (and a client ordering by Apple's rule agrees with Tick).
        let added = harness.add(#"{"title": "new"}"#)
        let moveNew = harness.api("POST", "/api/v1/reminders/\(added)/move", json: #"{"after": "a"}"#)
        #expect(moveNew.status == 200)
        #expect(try Self.order(harness) == ["c", "a", "new", "b"])
        #expect(harness.dav("GET", collection + "\(added).ics").bodyText.contains("X-APPLE-SORT-ORDER:199\r\n"))
    }

    /// Found by a tester: a to-do a client PUT without `X-APPLE-SORT-ORDER` went last in Tick
    /// while clients (and `tick sync`) put it by its `CREATED`; one whose value was taken away
    /// stayed where the value had put it. Equal keys sort by UID everywhere.
    @Test(arguments: StoreKind.available) func withoutASortOrderAReminderGoesByItsCreationTime(_ kind: StoreKind) throws {
        let harness = try kind.davServer()
        let collection = try harness.firstCollection()
        for (uid, order) in [("b", 800_000_000), ("c", 800_000_100)] {
            #expect(harness.dav("PUT", collection + "\(uid).ics", Self.todo(uid, sortOrder: Int64(order))).status == 201)
        }
        // Created in 2024: 725,846,400 seconds since 2001, before both.
        #expect(harness.dav("PUT", collection + "a.ics", Self.todo("a", sortOrder: nil, created: "20240101T000000Z")).status == 201)
        #expect(try Self.order(harness) == ["a", "b", "c"])
        // c's value taken away: it sorts by its CREATED (2026-01-01: 788,918,400), before b.
        #expect(harness.dav("PUT", collection + "c.ics", Self.todo("c", sortOrder: 1)).status == 204)
        #expect(try Self.order(harness) == ["c", "a", "b"])
        #expect(harness.dav("PUT", collection + "c.ics", Self.todo("c", sortOrder: nil)).status == 204)
        #expect(try Self.order(harness) == ["a", "c", "b"])
        // The same value as b's: after b, its UID being higher; before it with a lower one.
        #expect(harness.dav("PUT", collection + "d.ics", Self.todo("d", sortOrder: 800_000_000)).status == 201)
        #expect(harness.dav("PUT", collection + "0.ics", Self.todo("0", sortOrder: 800_000_000)).status == 201)
        #expect(try Self.order(harness) == ["a", "c", "0", "b", "d"])
    }
}
