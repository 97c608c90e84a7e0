import Foundation
import Testing
import TestSupport
import TickModel
import TickPostgres
@testable import TickServer

/// `GET /api/v1/events` on PostgreSQL: a change made through one `tick serve --database`
/// (or by any client of the database) reaches the pages of that user open on another, and
/// no other user's.
@Suite("Live changes across servers on PostgreSQL (LISTEN/NOTIFY)", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresEventsTests {
    /// The event stream of `user` on `harness`, its opening lines read.
    static func open(_ harness: PostgresServiceHarness, as user: String) throws -> EventStream {
        let response = harness.send("GET", "/api/v1/events", as: user)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/event-stream")
        guard case .stream(let stream) = response.body else { throw Failure("not a stream") }
        #expect(stream.takePending().hasPrefix("retry: 2000"))
        return stream
    }

    /// What `stream` received within `seconds`, as soon as it holds `event: change`.
    static func received(_ stream: EventStream, within seconds: TimeInterval) -> (text: String, after: TimeInterval) {
        let start = Date()
        var text = ""
        while Date().timeIntervalSince(start) < seconds {
            text += stream.takePending()
            if text.contains("event: change") { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return (text, Date().timeIntervalSince(start))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// t77: one user's 256 event streams took every connection of the server.
    @Test("one user holds at most 32 event streams on a server; the next is 429 with Retry-After, another user's is served")
    func streamsPerUser() throws {
        let harness = try PostgresServiceHarness()
        for user in ["ann", "bob"] { _ = harness.send("GET", "/api/v1/lists", as: user) }
        let streams = try (0..<PostgresChangeFeed.streamsPerUser).map { _ in try Self.open(harness, as: "ann") }
        let refused = harness.send("GET", "/api/v1/events", as: "ann")
        #expect(refused.status == 429)
        #expect(refused.header("Retry-After") == "30")
        #expect(refused.bodyText.contains("32 event streams open"), "\(refused.bodyText)")
        _ = try Self.open(harness, as: "bob")
        // One closed by its page: room for another.
        streams[0].release()
        _ = try Self.open(harness, as: "ann")
    }

    @Test("a change through the other server reaches the user's pages, and no one else's")
    func acrossServers() throws {
        let first = try PostgresServiceHarness()
        let second = try PostgresServiceHarness(sharing: first)
        // Each user's first request gives them a first list (a change they would hear of).
        for user in ["ann", "bob"] { _ = first.send("GET", "/api/v1/lists", as: user) }
        let ann = try Self.open(first, as: "ann")
        let annAgain = try Self.open(first, as: "ann")
        let bob = try Self.open(first, as: "bob")
        #expect(first.service.changes.streamCount == 3)
        // The listener connects in its own thread: the first change waits for its LISTEN
        // (a fixed pause was too short on a loaded machine).
        #expect(first.service.changes.waitUntilListening(timeout: 10))

        #expect(second.send("POST", "/api/v1/reminders", json: #"{"title":"Milk"}"#).status == 201)
        // Waited for up to 5 s, so that a starved thread on a loaded machine is no failure:
        // how soon it arrives is a speed, not a rule (a tenth of a second here, unloaded).
        let (text, after) = Self.received(ann, within: 5)
        #expect(text.contains("event: change\ndata: {\"version\":"), "ann's page heard nothing in \(after) s")
        #expect(Self.received(annAgain, within: 5).text.contains("event: change"))
        #expect(!Self.received(bob, within: 0.3).text.contains("event: change"), "bob's page heard of ann's change")

        // Any client of the database: a change in SQL is heard as well.
        let connection = try first.database.connect()
        try connection.execute("UPDATE reminders SET title = 'Oat milk'")
        #expect(Self.received(ann, within: 5).text.contains("event: change"))

        // bob's change reaches bob only, numbered among his own: ann's changes before it are
        // not counted in it (a tester: one number for everyone told bob how many changes, and
        // when, every other user made).
        #expect(second.send("POST", "/api/v1/reminders", json: #"{"title":"Bread"}"#, as: "bob").status == 201)
        let bobs = Self.received(bob, within: 5).text
        #expect(bobs.contains("event: change\ndata: {\"version\":1}\n"), "\(bobs)")
        #expect(!Self.received(ann, within: 0.3).text.contains("event: change"), "ann's page heard of bob's change")
    }

    /// A tester: after `POST /logout`, the stream the session had opened went on telling of
    /// every change until the client went away.
    @Test("a stream ends, with nothing more sent, once its sign-in ends: a logout on the other server, a replaced app password")
    func endsWithItsSignIn() throws {
        let first = try PostgresServiceHarness()
        let second = try PostgresServiceHarness(sharing: first)
        _ = first.send("GET", "/api/v1/lists")
        let session = try first.logIn("ann")
        let cookie = ["Cookie": "tick_session=\(session)", "Accept": "text/event-stream"]
        let response = first.send("GET", "/api/v1/events", headers: cookie, as: nil)
        guard case .stream(let byCookie) = response.body else { throw Failure("not a stream: \(response.status) \(response.bodyText)") }
        _ = byCookie.takePending()
        let phone = try first.accounts.addAppPassword(user: "ann", device: "phone", now: Fixture.now).password
        let byPhone = try #require({ () -> EventStream? in
            let answer = first.send("GET", "/api/v1/events", as: "ann", password: phone)
            guard case .stream(let stream) = answer.body else { return nil }
            return stream
        }())
        _ = byPhone.takePending()
        #expect(first.service.changes.waitUntilListening(timeout: 10))
        #expect(second.send("POST", "/api/v1/reminders", json: #"{"title":"Milk"}"#).status == 201)
        #expect(Self.received(byCookie, within: 5).text.contains("event: change"))
        #expect(Self.received(byPhone, within: 5).text.contains("event: change"))

        #expect(second.send("POST", "/logout", headers: ["Cookie": "tick_session=\(session)"], as: nil).status == 204)
        _ = try first.accounts.addAppPassword(user: "ann", device: "phone", replacing: true, now: Fixture.now)
        #expect(second.send("POST", "/api/v1/reminders", json: #"{"title":"Bread"}"#).status == 201)
        let deadline = Date().addingTimeInterval(5)
        while !(byCookie.isFinished && byPhone.isFinished), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(byCookie.isFinished, "the logged-out session's stream is still open")
        #expect(byPhone.isFinished, "the replaced app password's stream is still open")
        #expect(!byCookie.takePending().contains("event: change"), "the logged-out session's stream heard of a change")
        #expect(!byPhone.takePending().contains("event: change"), "the replaced app password's stream heard of a change")
    }

    @Test("a list shared with bob: its changes, and the share itself, reach bob's page on the other server; ann's other lists do not")
    func sharedList() throws {
        let first = try PostgresServiceHarness(users: ["ann", "bob", "cat"])
        let second = try PostgresServiceHarness(sharing: first)
        let shared = second.send("POST", "/api/v1/lists", json: #"{"name":"Groceries"}"#)
        let list = try #require(PostgresServiceHarness.object(shared)["id"] as? String)
        for user in ["bob", "cat"] { _ = first.send("GET", "/api/v1/lists", as: user) }
        let bob = try Self.open(first, as: "bob")
        let cat = try Self.open(first, as: "cat")
        #expect(first.service.changes.waitUntilListening(timeout: 10))

        #expect(second.send("PUT", "/api/v1/lists/\(list)/shares/bob", json: #"{"access":"write"}"#).status == 201)
        #expect(Self.received(bob, within: 5).text.contains("event: change"), "bob's page did not hear of the share")
        #expect(second.send("POST", "/api/v1/reminders", json: #"{"title":"Milk","list":"\#(list)"}"#).status == 201)
        #expect(Self.received(bob, within: 5).text.contains("event: change"), "bob's page did not hear of ann's change")
        // A change in ann's own list "Reminders", shared with nobody.
        #expect(second.send("POST", "/api/v1/reminders", json: #"{"title":"Diary"}"#).status == 201)
        #expect(!Self.received(bob, within: 0.3).text.contains("event: change"), "bob heard of a list not shared with him")
        #expect(second.send("DELETE", "/api/v1/lists/\(list)/shares/bob").status == 204)
        #expect(Self.received(bob, within: 5).text.contains("event: change"), "bob's page did not hear the share end")
        #expect(!Self.received(cat, within: 0.3).text.contains("event: change"), "cat heard of a list not shared with her")
    }

    @Test("a page that goes away leaves the feed; stopping the service closes the rest")
    func releaseAndStop() throws {
        let harness = try PostgresServiceHarness()
        let gone = try Self.open(harness, as: "ann")
        let kept = try Self.open(harness, as: "bob")
        gone.release()
        #expect(harness.service.changes.streamCount == 1)
        harness.service.stop()
        #expect(!kept.send("x"))
        let late = harness.send("GET", "/api/v1/events")
        guard case .stream(let stream) = late.body else { throw Failure("not a stream") }
        #expect(!stream.send("x"))
    }
}
