import Foundation
import Testing
import TestSupport
import TickActions
import TickAccounts
import TickModel
import TickPostgres
@testable import TickServer

/// The JSON API of `tick serve --database` on a real PostgreSQL: the routes the store
/// answers, and signing in (401, 429).
@Suite("The JSON API on PostgreSQL", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresRoutesTests {
    @Test("a page of a smart list by date starts after the last row given, whatever was completed or deleted before it")
    func duePagesByKey() throws {
        let harness = try PostgresServiceHarness()
        ReminderRoutesTests.duePagesByKey(send: { harness.send($0, $1, query: $2) }, add: { fields in
            PostgresServiceHarness.object(harness.send("POST", "/api/v1/reminders", json: fields))["uid"] as? String ?? ""
        })
    }

    @Test("a page of a search starts after the last row given, whatever was completed or deleted before it")
    func searchPagesByKey() throws {
        let harness = try PostgresServiceHarness()
        ReminderRoutesTests.searchPagesByKey(send: { harness.send($0, $1, query: $2) }, add: { fields in
            PostgresServiceHarness.object(harness.send("POST", "/api/v1/reminders", json: fields))["uid"] as? String ?? ""
        })
    }

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
        ReminderRoutesTests.smartListsShowCompleted { harness.send("GET", $0, query: $1) }
        #expect(titles("/api/v1/smart/all", ["completed": "true"]) == ["Oat milk", "Bread", "Step"])
        let own = PostgresServiceHarness.object(harness.send("GET", "/api/v1/lists"))["lists"] as? [[String: Any]] ?? []
        let other = try #require(own.first { $0["id"] as? String != work }?["id"] as? String)
        ReminderRoutesTests.queriesAndCursorsChecked({ harness.send("GET", $0, query: $1) }, list: work, other: other)
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

    /// A tester: `%00` in an id answered 500 ("parameter $2 holds a NUL character") on most
    /// routes of the JSON API and of CalDAV, and in a Basic or login-form name too.
    @Test("A NUL in the path, the query, a form field or the credentials is a 400 that names where, and changes nothing")
    func nulRefused() throws {
        let harness = try PostgresServiceHarness()
        let list = try #require(PostgresServiceHarness.object(harness.send("POST", "/api/v1/lists", json: #"{"name":"Home"}"#))["id"] as? String)
        let before = try harness.snapshot()
        let paths: [(String, String)] = [
            ("GET", "/api/v1/reminders/%00"), ("GET", "/api/v1/lists/%00"), ("GET", "/api/v1/lists/%00/reminders"),
            ("GET", "/api/v1/lists/%00/shares"), ("PATCH", "/api/v1/lists/%00"), ("DELETE", "/api/v1/reminders/%00"),
            ("POST", "/api/v1/reminders/%00/complete"), ("POST", "/api/v1/reminders/%00/move"),
            ("POST", "/api/v1/reminders/%00/restore"), ("POST", "/api/v1/alarms/%00/x/delivered"),
            ("PUT", "/api/v1/lists/\(list)/shares/a%00"), ("DELETE", "/api/v1/lists/\(list)/shares/a%00"),
            ("PROPFIND", "/dav/lists/%00/"), ("GET", "/dav/lists/%00/x.ics"), ("GET", "/dav/lists/\(list)/%00.ics"),
            ("PUT", "/dav/lists/\(list)/%00.ics"), ("DELETE", "/dav/lists/\(list)/%00.ics"), ("MKCALENDAR", "/dav/lists/%00/"),
        ]
        for (method, path) in paths {
            let answer = harness.send(method, path, json: method == "PATCH" || method == "PUT" && path.hasPrefix("/api") ? #"{"access":"read"}"# : nil)
            #expect(answer.status == 400, "\(method) \(path): \(answer.status) \(answer.bodyText)")
            #expect(answer.bodyText.contains("the path holds a NUL character"), "\(method) \(path): \(answer.bodyText)")
        }
        let search = harness.send("GET", "/api/v1/search", query: ["q": "\u{0}"])
        #expect(search.status == 400 && search.bodyText.contains("the query holds a NUL character"), "\(search.status) \(search.bodyText)")
        let basic = harness.send("GET", "/api/v1/lists", as: "a\u{0}nn", password: "x")
        #expect(basic.status == 400 && basic.bodyText.contains("user name or password holds a NUL character"), "\(basic.status) \(basic.bodyText)")
        let form = harness.send("POST", "/login", headers: ["Content-Type": "application/x-www-form-urlencoded"], as: nil,
                                body: "name=a%00&password=x")
        #expect(form.status == 400 && form.bodyText.contains("the form holds a NUL character"), "\(form.status) \(form.bodyText)")
        #expect(try harness.snapshot() == before)
    }

    @Test("No credentials, a wrong password, an unknown user or a bearer token: 401 with a Basic challenge")
    func unauthorized() throws {
        let harness = try PostgresServiceHarness()
        let answers = [harness.send("GET", "/api/v1/lists", as: nil, proving: false),
                       harness.send("GET", "/api/v1/lists", password: "wrong"),
                       harness.send("GET", "/api/v1/lists", as: "nobody"),
                       harness.send("GET", "/api/v1/lists", headers: ["Authorization": "Bearer 0123456789abcdef"], as: nil)]
        for response in answers {
            #expect(response.status == 401)
            #expect(response.header("WWW-Authenticate") == "Basic realm=\"Tick\", charset=\"UTF-8\"")
            #expect(response.header("Content-Type") == "application/problem+json")
        }
        #expect(harness.send("GET", "/api/v1/lists").status == 200)
    }

    /// The web app's requests (`X-Tick-Request`, the session cookie, the event stream) are
    /// challenged to the login form, not to Basic: a browser opens no password prompt over the app.
    @Test("The web app without a session: 401 naming the login form, no Basic challenge")
    func theAppIsSentToTheForm() throws {
        let harness = try PostgresServiceHarness()
        let answers = [harness.send("GET", "/api/v1/lists", as: nil),
                       harness.send("GET", "/api/v1/lists", headers: ["Cookie": "tick_session=" + String(repeating: "0", count: 64)], as: nil,
                                    proving: false),
                       harness.send("GET", "/api/v1/events", headers: ["Accept": "text/event-stream"], as: nil, proving: false)]
        for response in answers {
            #expect(response.status == 401)
            #expect(response.header("WWW-Authenticate") == #"Cookie realm="Tick", form-action="/login", cookie-name="tick_session""#)
            #expect((PostgresServiceHarness.object(response)["detail"] as? String)?.contains("/login") == true)
        }
    }

    @Test("A server without users says at its login form how to add the first one")
    func noUsersYet() throws {
        let empty = try PostgresServiceHarness(users: [])
        let form = empty.send("GET", "/login", as: nil, proving: false)
        #expect(form.status == 200)
        #expect(form.bodyText.contains("no users yet") && form.bodyText.contains("tick users add NAME --database URL"))
        let harness = try PostgresServiceHarness()
        #expect(!harness.send("GET", "/login", as: nil, proving: false).bodyText.contains("no users yet"))
    }

    @Test("The web app is served: its files to anyone, its page with the signed-in user's first answers only")
    func theWebApp() throws {
        let harness = try PostgresServiceHarness()
        _ = harness.send("POST", "/api/v1/reminders", json: #"{"title":"ann's secret"}"#)
        _ = harness.send("POST", "/api/v1/reminders", json: #"{"title":"bob's own"}"#, as: "bob")

        let anonymous = harness.send("GET", "/", as: nil, proving: false)
        #expect(anonymous.status == 200)
        #expect(anonymous.header("Content-Type") == "text/html; charset=utf-8")
        #expect(BootPageTests.boot(anonymous) == nil)
        #expect(!anonymous.bodyText.contains("secret"))
        let script = harness.send("GET", "/app/main.js", as: nil, proving: false)
        #expect(script.status == 200)
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(script.header("Cache-Control") == "no-cache")
        #expect(harness.send("GET", "/app/nope.js", as: nil, proving: false).status == 404)

        let ann = try harness.logIn("ann")
        let page = harness.send("GET", "/", headers: ["Cookie": "tick_session=\(ann)"], as: nil, proving: false)
        #expect(page.status == 200)
        #expect(page.header("Cache-Control") == "no-store")
        let boot = try #require(BootPageTests.boot(page))
        #expect(Set(boot.keys) == ["/lists", "/smart/today?limit=50"])
        let lists = try #require(boot["/lists"] as? [String: Any])
        #expect((lists["user"] as? [String: Any])?["name"] as? String == "ann")
        let listID = try #require((lists["lists"] as? [[String: Any]])?.first?["id"] as? String)
        let view = "/lists/\(listID)/reminders?limit=50"
        let viewCookie = "tick_session=\(ann); tick_view=" + view.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let shown = try #require(BootPageTests.boot(harness.send("GET", "/", headers: ["Cookie": viewCookie], as: nil, proving: false)))
        #expect(((shown[view] as? [String: Any])?["reminders"] as? [[String: Any]])?.map { $0["title"] as? String } == ["ann's secret"])
        #expect(!page.bodyText.contains("bob's own"))

        // Bob's session gets bob's answers; a view cookie naming ann's list gets no rows of hers.
        let bob = try harness.logIn("bob")
        let bobPage = harness.send("GET", "/", headers: ["Cookie": "tick_session=\(bob); tick_view=" + view.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!],
                                   as: nil, proving: false)
        let bobBoot = try #require(BootPageTests.boot(bobPage))
        #expect(((bobBoot["/lists"] as? [String: Any])?["user"] as? [String: Any])?["name"] as? String == "bob")
        #expect(bobBoot[view] == nil)
        #expect(!bobPage.bodyText.contains("secret"))

        // An ended session gets the plain page.
        #expect(harness.send("POST", "/logout", headers: ["Cookie": "tick_session=\(ann)"], as: nil).status == 204)
        #expect(BootPageTests.boot(harness.send("GET", "/", headers: ["Cookie": "tick_session=\(ann)"], as: nil, proving: false)) == nil)
    }

    @Test("reminders with alarms stored before schema step 8 ring once the database is migrated")
    func alarmsOfMigratedRows() throws {
        let database = try PostgresServer.database()
        let connection = try database.connect()
        try PostgresMigrator.migrate(connection, to: Array(PostgresSchema.migrations.prefix(7)))
        let now = Fixture.now
        try connection.execute("INSERT INTO users (id, name, password_hash, created_at) VALUES ('u1', 'ann', 'x', $1)", [now])
        try connection.execute("INSERT INTO lists (id, owner, name, color, position, created_at, modified_at) VALUES ('l1', 'u1', 'Home', '#FF0000', 1, $1, $1)", [now])
        // One alarm at an instant, one 10 minutes before a due date, and none.
        for (number, due, alarms) in [(1, nil, #"[{"at":1795954800000,"uid":"a1"}]"#), (2, "2026-11-29T12:30:00Z", #"[{"offset":-600,"start":false,"uid":"a2"}]"#),
                                      (3, "2026-11-29T12:00:00Z", "[]")] {
            try connection.execute("""
                INSERT INTO reminders (owner, number, uid, list_id, title, position, due, due_time_zone, alarms, created_at, modified_at)
                VALUES ('u1', $1, $2, 'l1', $3, $1, $4, $5, $6::jsonb, $7, $7)
                """, [number, "uid-\(number)", "r\(number)", due, due.map { _ in "UTC" }, alarms, now])
        }
        #expect(try PostgresMigrator.migrate(connection, to: PostgresSchema.migrations) == Array(8...PostgresSchema.migrations.count))
        let keys = try connection.execute("SELECT number, next_alarm FROM reminders ORDER BY number")
            .map { row in try row.decodeIfPresent("next_alarm", as: Date.self) }
        #expect(keys == [Date(timeIntervalSince1970: 1_795_954_800), Date(timeIntervalSince1970: 1_795_954_800), nil])
        let pool = try PostgresPool(url: database.url, capacity: 1)
        let due = try PostgresStore(pool: pool, user: UserID("u1")).read { db in
            try Actions.dueAlarms(in: db, context: ActionContext(dateContext: DateContext(now: Date(timeIntervalSince1970: 1_795_955_000),
                                                                                         timeZone: TimeZone(identifier: "UTC")!,
                                                                                         locale: Locale(identifier: "en_US_POSIX"))))
        }
        #expect(due.map(\.reminder.title) == ["r1", "r2"])
    }

    @Test("Alarms due are listed until the page records their delivery, once, for the user's own reminders")
    func dueAlarmsAreDeliveredOnce() throws {
        let harness = try PostgresServiceHarness()
        let added = harness.send("POST", "/api/v1/reminders", json: #"{"title":"call","due":"2026-11-29 12:10","alarms":["0"]}"#)
        let uid = try #require(PostgresServiceHarness.object(added)["uid"] as? String)
        _ = harness.send("POST", "/api/v1/reminders", json: #"{"title":"bob's call","due":"2026-11-29 12:10","alarms":["0"]}"#, as: "bob")
        func due(_ user: String = "ann") -> [[String: Any]] {
            PostgresServiceHarness.object(harness.send("GET", "/api/v1/alarms/due", as: user))["alarms"] as? [[String: Any]] ?? []
        }
        #expect(due().isEmpty)
        harness.clock.set(Fixture.now.addingTimeInterval(15 * 60))
        let alarms = due()
        #expect(alarms.count == 1)
        #expect((alarms.first?["reminder"] as? [String: Any])?["title"] as? String == "call")
        #expect(alarms.first?["at"] as? String == "2026-11-29T12:10:00Z")
        let alarmUID = try #require(alarms.first?["alarmUID"] as? String)
        // Bob can neither see nor mark ann's alarm.
        #expect(due("bob").compactMap { ($0["reminder"] as? [String: Any])?["title"] as? String } == ["bob's call"])
        #expect(harness.send("POST", "/api/v1/alarms/\(uid)/\(alarmUID)/delivered", as: "bob").status == 404)
        #expect(due().count == 1)

        #expect(harness.send("POST", "/api/v1/alarms/\(uid)/\(alarmUID)/delivered").status == 204)
        #expect(due().isEmpty)
        #expect(harness.send("POST", "/api/v1/alarms/\(uid)/\(alarmUID)/delivered").status == 204)
        #expect(harness.send("POST", "/api/v1/alarms/\(uid)/nope/delivered").status == 404)
        let reminder = PostgresServiceHarness.object(harness.send("GET", "/api/v1/reminders/" + uid))
        #expect(((reminder["alarms"] as? [[String: Any]])?.first?["firedAt"] as? String) != nil)
        let connection = try harness.database.connect()
        let rows = try connection.execute("SELECT channel, fire_at::text AS at FROM alarm_deliveries")
        #expect(rows.map { $0.text("channel") } == ["browser"])
        #expect(due("bob").count == 1)
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
        _ = try harness.accounts.removeUser(named: "ann", deletingTheirData: true)
        #expect(harness.send("GET", "/api/v1/lists", password: newer).status == 401)
        #expect(harness.send("GET", "/api/v1/lists").status == 401)
    }

    @Test("Removing a user who owns reminders or a shared list is refused, changing nothing, unless asked; then it says what went")
    func removingAUserWithData() throws {
        let harness = try PostgresServiceHarness(users: ["ann", "bob", "carol"])
        let collection = "/dav/lists/ann-secret-list/"
        try #require(PostgresDAVTests.dav(harness, "MKCALENDAR", collection, PostgresDAVTests.secretList, as: "ann").status == 201)
        try #require(PostgresDAVTests.dav(harness, "PUT", collection + "plan.ics", ServiceHarness.todo(uid: "plan", summary: "Plan"),
                                          as: "ann").status == 201)
        // bob has lists of his own but nothing in them: nothing to lose.
        #expect(harness.send("GET", "/api/v1/lists", as: "bob").status == 200)
        let bob = try harness.accounts.removeUser(named: "bob")
        #expect(bob.data.reminders == 0 && bob.data.members.isEmpty)

        #expect(throws: AccountError.userOwnsData(user: "ann", UserData(lists: 2, reminders: 1, members: []))) {
            try harness.accounts.removeUser(named: "ann")
        }
        // Shared with carol: she would lose the list, even were it empty of reminders.
        #expect(harness.send("PUT", "/api/v1/lists/ann-secret-list/shares/carol", json: #"{"access":"write"}"#).status == 201)
        #expect(throws: AccountError.userOwnsData(user: "ann", UserData(lists: 2, reminders: 1, members: ["carol"]))) {
            try harness.accounts.removeUser(named: "ANN")
        }
        #expect(AccountError.userOwnsData(user: "ann", UserData(lists: 2, reminders: 1, members: ["carol"])).description
                == "'ann' owns 2 lists with 1 reminder, shared with carol; removing the user deletes them")
        // Nothing changed: ann signs in and has her reminder; carol still sees the list.
        #expect(harness.send("GET", "/api/v1/reminders/plan").status == 200)
        #expect(harness.send("GET", "/api/v1/lists/ann-secret-list", as: "carol").status == 200)

        let removed = try harness.accounts.removeUser(named: "ann", deletingTheirData: true)
        #expect(removed.data == UserData(lists: 2, reminders: 1, members: ["carol"]))
        #expect(harness.send("GET", "/api/v1/lists/ann-secret-list", as: "carol").status == 404)
        let left = try harness.database.connect().execute("SELECT count(*) AS n FROM reminders")[0]
        #expect(try left.decode("n", as: Int.self) == 0)
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
        _ = try harness.accounts.removeUser(named: "bob", deletingTheirData: true)
        #expect(harness.send("GET", "/api/v1/lists", as: "bob", password: phone).status == 401)
        #expect(harness.send("GET", "/api/v1/lists", as: "BOB", password: phone).status == 401)
    }

    /// POSTs the login form; returns the answer.
    static func logIn(_ harness: PostgresServiceHarness, _ name: String, _ password: String) -> HTTPResponse {
        let form = "name=" + (name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name)
            + "&password=" + (password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password)
        return harness.send("POST", "/login", headers: ["Content-Type": "application/x-www-form-urlencoded"], as: nil, body: form)
    }

    /// t77: a form on another site signed the browser in as the attacker's user (login CSRF).
    @Test("The login form signs in only from this server's own page: another site's Origin or Sec-Fetch-Site is 403")
    func loginFromAnotherSiteIsRefused() throws {
        let harness = try PostgresServiceHarness()
        let form = "name=ann&password=" + (PostgresServiceHarness.password(of: "ann").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        func post(_ headers: [String: String]) -> HTTPResponse {
            harness.send("POST", "/login", headers: ["Content-Type": "application/x-www-form-urlencoded"].merging(headers) { $1 }, as: nil, body: form)
        }
        for headers in [["Origin": "http://evil.example"], ["Origin": "null", "Sec-Fetch-Site": "cross-site"], ["Sec-Fetch-Site": "cross-site"],
                        ["Sec-Fetch-Site": "same-site", "Origin": "http://\(PostgresServiceHarness.host)"]] {
            let answer = post(headers)
            #expect(answer.status == 403, "\(headers): \(answer.status)")
            #expect(answer.header("Set-Cookie") == nil, "\(headers)")
        }
        // Chromium sends `Origin: null` from the server's own form (its Referrer-Policy is no-referrer).
        for headers in [["Origin": "http://\(PostgresServiceHarness.host.uppercased())", "Sec-Fetch-Site": "same-origin"],
                        ["Origin": "null", "Sec-Fetch-Site": "same-origin"], [:]] {
            #expect(post(headers).status == 303, "\(headers)")
        }
    }

    @Test("The login form signs in with a name and password and sets a session cookie; logout and removal end it at once")
    func loginFormAndSessions() throws {
        let harness = try PostgresServiceHarness()
        let form = harness.send("GET", "/login", as: nil)
        #expect(form.status == 200)
        #expect(form.bodyText.contains(#"name="name""#) && form.bodyText.contains(#"name="password""#))
        #expect(Self.logIn(harness, "ann", "wrong").status == 401)
        // A field that is not percent-encoded UTF-8 is named, not read as missing.
        let malformed = harness.send("POST", "/login", headers: ["Content-Type": "application/x-www-form-urlencoded"], as: nil,
                                     body: "name=ann&password=%zz")
        #expect(malformed.status == 400 && malformed.bodyText.contains("the form field 'password=%zz'"))
        var query = HTTPRequest(method: "GET", path: "/api/v1/search", query: ["q": "x"], headers: ["Host": PostgresServiceHarness.host])
        query.malformedQueryArgument = "list=%E0"
        let refused = harness.service.respond(to: query)
        #expect(refused.status == 400 && refused.bodyText.contains("the query argument 'list=%E0'"))
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
        #expect(ended.header("WWW-Authenticate")?.hasPrefix("Cookie realm=\"Tick\", form-action=\"/login\"") == true)

        // Removing the user ends their sessions.
        let bob = Self.logIn(harness, "bob", PostgresServiceHarness.password(of: "bob"))
        let bobSession = ["Cookie": String(try #require(bob.header("Set-Cookie")).prefix { $0 != ";" })]
        #expect(harness.send("GET", "/api/v1/lists", headers: bobSession, as: nil).status == 200)
        _ = try harness.accounts.removeUser(named: "bob", deletingTheirData: true)
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
