import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickServer

/// The JSON API of `tick serve --database` on a real PostgreSQL: the routes the store
/// answers, the ones it cannot answer yet (501), and signing in (401, 429).
@Suite("The JSON API on PostgreSQL", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresRoutesTests {
    @Test("Lists, reminders and pages work as on SQLite, for the signed-in user")
    func mainRoutes() throws {
        let harness = try PostgresServiceHarness()
        let overview = PostgresServiceHarness.object(harness.send("GET", "/api/v1/lists"))
        let firstLists = try #require(overview["lists"] as? [[String: Any]])
        #expect(firstLists.compactMap { $0["name"] as? String } == ["Reminders"])
        let smart = (overview["smartLists"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(smart == ["today", "scheduled", "flagged", "overdue", "completed", "all"])

        let added = harness.send("POST", "/api/v1/lists", json: ##"{"name":"Work","color":"#FF0000"}"##)
        #expect(added.status == 201)
        let work = try #require(PostgresServiceHarness.object(added)["id"] as? String)
        #expect(added.header("Location") == "/api/v1/lists/" + work)
        #expect(harness.send("PATCH", "/api/v1/lists/" + work, json: #"{"name":"Office"}"#).status == 200)
        #expect(PostgresServiceHarness.object(harness.send("GET", "/api/v1/lists/" + work))["name"] as? String == "Office")
        let moved = PostgresServiceHarness.object(harness.send("POST", "/api/v1/lists/\(work)/move", json: #"{"position":1}"#))
        #expect(moved["position"] as? Int == 1)

        let milk = harness.send("POST", "/api/v1/reminders", json: #"{"title":"Milk","list":"\#(work)","flagged":true,"due":"tomorrow 9am"}"#)
        #expect(milk.status == 201)
        let milkUID = try #require(PostgresServiceHarness.object(milk)["uid"] as? String)
        #expect(PostgresServiceHarness.object(milk)["due"] as? String == "2026-11-30T09:00:00Z")
        let bread = try #require(PostgresServiceHarness.object(harness.send("POST", "/api/v1/reminders",
                                                                          json: #"{"title":"Bread","list":"\#(work)"}"#))["uid"] as? String)
        let step = harness.send("POST", "/api/v1/reminders", json: #"{"title":"Step","parent":"\#(milkUID)"}"#)
        #expect(step.status == 201)

        let detail = harness.send("GET", "/api/v1/reminders/" + milkUID)
        #expect(detail.status == 200)
        #expect((PostgresServiceHarness.object(detail)["subtasks"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Step"])
        let tag = try #require(detail.header("ETag"))
        #expect(harness.send("PATCH", "/api/v1/reminders/" + milkUID, json: #"{"title":"Oat milk"}"#, headers: ["If-Match": "\"0\""]).status == 412)
        let patched = harness.send("PATCH", "/api/v1/reminders/" + milkUID, json: #"{"title":"Oat milk"}"#, headers: ["If-Match": tag])
        #expect(PostgresServiceHarness.object(patched)["title"] as? String == "Oat milk")

        func titles(_ path: String, _ query: [String: String] = [:]) -> [String] {
            let page = PostgresServiceHarness.object(harness.send("GET", path, query: query))
            return (page["reminders"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        }
        #expect(titles("/api/v1/lists/\(work)/reminders") == ["Oat milk", "Bread", "Step"])
        let first = PostgresServiceHarness.object(harness.send("GET", "/api/v1/lists/\(work)/reminders", query: ["limit": "2"]))
        let cursor = try #require(first["nextCursor"] as? String)
        #expect(titles("/api/v1/lists/\(work)/reminders", ["limit": "2", "cursor": cursor]) == ["Step"])
        #expect(titles("/api/v1/smart/flagged") == ["Oat milk"])

        #expect(PostgresServiceHarness.object(harness.send("POST", "/api/v1/reminders/\(bread)/complete"))["completed"] as? Bool == true)
        #expect(titles("/api/v1/smart/completed") == ["Bread"])
        #expect(titles("/api/v1/smart/all") == ["Oat milk", "Step"])
        let counts = PostgresServiceHarness.object(harness.send("GET", "/api/v1/lists"))["smartLists"] as? [[String: Any]] ?? []
        #expect(counts.compactMap { $0["count"] as? Int } == [0, 1, 1, 0, 1, 2])
        #expect(PostgresServiceHarness.object(harness.send("POST", "/api/v1/reminders/\(bread)/reopen"))["completed"] as? Bool == false)
        #expect(harness.send("POST", "/api/v1/reminders/\(bread)/move", json: #"{"before":"\#(milkUID)"}"#).status == 200)
        #expect(titles("/api/v1/lists/\(work)/reminders") == ["Bread", "Oat milk", "Step"])

        let deleted = harness.send("DELETE", "/api/v1/reminders/" + bread)
        #expect(PostgresServiceHarness.object(deleted)["title"] as? String == "Bread")
        #expect(harness.send("GET", "/api/v1/reminders/" + bread).status == 404)
        #expect(harness.send("DELETE", "/api/v1/lists/" + work).status == 409)
        #expect(harness.send("DELETE", "/api/v1/lists/" + work, query: ["force": "true"]).status == 204)
        #expect(harness.send("GET", "/api/v1/lists/" + work).status == 404)
    }

    @Test("What needs the SQLite store yet answers 501 with a problem that says so",
          arguments: [("POST", "/api/v1/undo"),
                      ("GET", "/api/v1/alarms/due"), ("POST", "/api/v1/reminders/x/restore")])
    func notYet(_ method: String, _ target: String) throws {
        let harness = try PostgresServiceHarness()
        let parts = target.split(separator: "?", maxSplits: 1)
        let query = parts.count > 1 ? ["q": String(parts[1].dropFirst(2))] : [:]
        let response = harness.send(method, String(parts[0]), query: query)
        #expect(response.status == 501)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect((PostgresServiceHarness.object(response)["detail"] as? String)?.contains("not yet available on the PostgreSQL server") == true)
    }

    @Test("No credentials, a wrong password, an unknown user or a bearer token: 401 with a Basic challenge")
    func unauthorized() throws {
        let harness = try PostgresServiceHarness()
        let answers = [harness.send("GET", "/api/v1/lists", as: nil),
                       harness.send("GET", "/api/v1/lists", password: "wrong"),
                       harness.send("GET", "/api/v1/lists", as: "nobody"),
                       harness.send("GET", "/api/v1/lists", headers: ["Authorization": "Bearer 0123456789abcdef"], as: nil)]
        for response in answers {
            #expect(response.status == 401)
            #expect(response.header("WWW-Authenticate") == "Basic realm=\"Tick\", charset=\"UTF-8\"")
            #expect(response.header("Content-Type") == "application/problem+json")
        }
        #expect(harness.send("GET", "/api/v1/lists").status == 200)
        #expect(harness.send("GET", "/", as: nil).status == 404)
    }

    @Test("A change signed in with Basic needs X-Tick-Request: 1 (403), as on the single-user server")
    func changesNeedTheRequestHeader() throws {
        let harness = try PostgresServiceHarness()
        let before = try harness.snapshot()
        let response = harness.send("POST", "/api/v1/lists", json: #"{"name":"Work"}"#, headers: ["X-Tick-Request": "0"])
        #expect(response.status == 403)
        #expect(try harness.snapshot() == before)
    }

    @Test("After 5 failures for a name the next try gets 429 with Retry-After, without being checked; later it works")
    func throttled() throws {
        let harness = try PostgresServiceHarness()
        for _ in 0..<5 { #expect(harness.send("GET", "/api/v1/lists", password: "wrong").status == 401) }
        let refused = harness.send("GET", "/api/v1/lists")
        #expect(refused.status == 429)
        #expect(refused.header("Retry-After") == "30")
        #expect(harness.send("GET", "/api/v1/lists", as: "bob").status == 200)
        harness.clock.set(Fixture.now.addingTimeInterval(31))
        #expect(harness.send("GET", "/api/v1/lists").status == 200)
    }

    @Test("An app password signs in; a replaced one and a removed user do not")
    func appPasswords() throws {
        let harness = try PostgresServiceHarness()
        let phone = try harness.accounts.addAppPassword(user: "ann", device: "iPhone", now: Fixture.now).password
        #expect(harness.send("GET", "/api/v1/lists", password: phone).status == 200)
        let newer = try harness.accounts.addAppPassword(user: "ann", device: "iPhone", replacing: true, now: Fixture.now).password
        #expect(harness.send("GET", "/api/v1/lists", password: phone).status == 401)
        #expect(harness.send("GET", "/api/v1/lists", password: newer).status == 200)
        _ = try harness.accounts.removeUser(named: "ann")
        #expect(harness.send("GET", "/api/v1/lists", password: newer).status == 401)
        #expect(harness.send("GET", "/api/v1/lists").status == 401)
    }

    @Test("A remembered credential is confirmed on every request: a changed password or a removed user is refused at once")
    func rememberedCredentials() throws {
        let harness = try PostgresServiceHarness()
        #expect(harness.send("GET", "/api/v1/lists").status == 200)
        #expect(harness.send("GET", "/api/v1/lists", password: "wrong").status == 401)
        #expect(harness.verified.count == 1)
        #expect(harness.send("GET", "/api/v1/lists").status == 200)
        // The password changed behind the server's back: the remembered one no longer signs in.
        let newHash = try PostgresServiceHarness.hasher.hash("the new one")
        _ = try harness.database.connect().execute("UPDATE users SET password_hash = $1 WHERE name = 'ann'", [newHash])
        #expect(harness.send("GET", "/api/v1/lists").status == 401)
        #expect(harness.send("GET", "/api/v1/lists", password: "the new one").status == 200)
        #expect(harness.send("GET", "/api/v1/lists", password: "the new one").status == 200)
        // An app password, remembered, then the user removed.
        let phone = try harness.accounts.addAppPassword(user: "bob", device: "phone", now: Fixture.now).password
        #expect(harness.send("GET", "/api/v1/lists", as: "bob", password: phone).status == 200)
        #expect(harness.send("GET", "/api/v1/lists", as: "BOB", password: phone).status == 200)
        _ = try harness.accounts.removeUser(named: "bob")
        #expect(harness.send("GET", "/api/v1/lists", as: "bob", password: phone).status == 401)
        #expect(harness.send("GET", "/api/v1/lists", as: "BOB", password: phone).status == 401)
    }

    /// POSTs the login form; returns the answer.
    static func logIn(_ harness: PostgresServiceHarness, _ name: String, _ password: String) -> HTTPResponse {
        let form = "name=" + (name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name)
            + "&password=" + (password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password)
        return harness.send("POST", "/login", headers: ["Content-Type": "application/x-www-form-urlencoded"], as: nil, body: form)
    }

    @Test("The login form signs in with a name and password and sets a session cookie; logout and removal end it at once")
    func loginFormAndSessions() throws {
        let harness = try PostgresServiceHarness()
        let form = harness.send("GET", "/login", as: nil)
        #expect(form.status == 200)
        #expect(form.bodyText.contains(#"name="name""#) && form.bodyText.contains(#"name="password""#))
        #expect(Self.logIn(harness, "ann", "wrong").status == 401)
        let answer = Self.logIn(harness, "ann", PostgresServiceHarness.password(of: "ann"))
        #expect(answer.status == 303)
        #expect(answer.header("Location") == "/")
        let cookie = try #require(answer.header("Set-Cookie"))
        #expect(cookie.hasSuffix("; Path=/; HttpOnly; SameSite=Strict"))
        let token = String(cookie.dropFirst("tick_session=".count).prefix { $0 != ";" })
        #expect(token.count == 64)
        let session = ["Cookie": "tick_session=" + token]

        let lists = harness.send("GET", "/api/v1/lists", headers: session, as: nil)
        #expect(lists.status == 200)
        #expect(harness.send("POST", "/api/v1/lists", json: #"{"name":"Work"}"#, headers: session.merging(["X-Tick-Request": "0"]) { $1 },
                             as: nil).status == 403)
        #expect(harness.send("POST", "/api/v1/lists", json: #"{"name":"Work"}"#, headers: session, as: nil).status == 201)
        #expect(harness.send("GET", "/api/v1/lists", headers: ["Cookie": "tick_session=" + String(repeating: "0", count: 64)], as: nil).status == 401)

        // Logout ends the session: the cookie signs in no more.
        #expect(harness.send("POST", "/logout", headers: session.merging(["X-Tick-Request": "0"]) { $1 }, as: nil).status == 403)
        let out = harness.send("POST", "/logout", headers: session, as: nil)
        #expect(out.status == 204)
        #expect(out.header("Set-Cookie")?.contains("Max-Age=0") == true)
        let ended = harness.send("GET", "/api/v1/lists", headers: session, as: nil)
        #expect(ended.status == 401)
        #expect(ended.header("WWW-Authenticate") == "Basic realm=\"Tick\", charset=\"UTF-8\"")

        // Removing the user ends their sessions.
        let bob = Self.logIn(harness, "bob", PostgresServiceHarness.password(of: "bob"))
        let bobSession = ["Cookie": String(try #require(bob.header("Set-Cookie")).prefix { $0 != ";" })]
        #expect(harness.send("GET", "/api/v1/lists", headers: bobSession, as: nil).status == 200)
        _ = try harness.accounts.removeUser(named: "bob")
        #expect(harness.send("GET", "/api/v1/lists", headers: bobSession, as: nil).status == 401)
    }

    @Test("The login form is throttled like Basic: 429 with Retry-After, the password not checked")
    func loginFormThrottled() throws {
        let harness = try PostgresServiceHarness()
        for _ in 0..<5 { #expect(Self.logIn(harness, "ann", "wrong").status == 401) }
        let refused = Self.logIn(harness, "ann", PostgresServiceHarness.password(of: "ann"))
        #expect(refused.status == 429)
        #expect(refused.header("Retry-After") == "30")
        #expect(refused.header("Set-Cookie") == nil)
        #expect(Self.logIn(harness, "ann", "").status == 400)
    }
}
