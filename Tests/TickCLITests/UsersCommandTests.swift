import Foundation
import Testing
import TestSupport
import TickAccounts
import TickModel
import TickPostgres

@Suite("tick users: accounts on PostgreSQL through the command line", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct UsersCommandTests {
    /// A harness whose TICK_DATABASE_URL is a fresh database (dropped when the value is
    /// released: a test keeps it to its end).
    static func harness() throws -> (CLIHarness, PostgresTestDatabase) {
        let database = try PostgresServer.database()
        let cli = CLIHarness()
        cli.variables["TICK_DATABASE_URL"] = database.url
        return (cli, database)
    }

    @Test("add reads the password from standard input; list shows users, dates and devices; remove revokes")
    func lifecycle() throws {
        let (cli, database) = try Self.harness()
        defer { withExtendedLifetime(database) {} }
        cli.files["-"] = Data("open sesame\n".utf8)
        #expect(cli.ok("users", "add", "ann") == "Added user ann\n")
        cli.files["-"] = Data("hunter2\r\n".utf8)
        #expect(cli.ok("users", "add", "bob") == "Added user bob\n")

        let made = cli.run("users", "app-password", "ann", "iPhone", "15")
        #expect(made.status == 0)
        let password = made.output.trimmingCharacters(in: .newlines)
        #expect(Secrets.appPasswordLookup(password) != nil)
        #expect(made.errors == "tick: note: the app password of 'iPhone 15' for ann; it is shown only this once\n")

        #expect(cli.ok("users", "list") == """
            USER  ADDED          APP PASSWORDS
            ann   Today 9:00 PM  iPhone 15
            bob   Today 9:00 PM  -

            """)
        let json = try #require(try cli.json("users", "list") as? [[String: Any]])
        #expect(json.map { $0["name"] as? String } == ["ann", "bob"])
        #expect(json[0]["createdAt"] as? String == "2026-11-29T12:00:00Z")
        let devices = try #require(json[0]["appPasswords"] as? [[String: Any]])
        #expect(devices.map { $0["device"] as? String } == ["iPhone 15"])
        #expect((json[0]["id"] as? String)?.count == 32)

        // What the command printed signs in; so does the password from standard input.
        let accounts = Accounts(pool: try PostgresPool(url: database.url, capacity: 1))
        guard case .signedIn(let user, let device) = try accounts.signIn(name: "ann", password: password, clientAddress: "192.0.2.1", now: Fixture.now) else {
            Issue.record("the app password does not sign in")
            return
        }
        #expect(user.name == "ann" && device == "iPhone 15")
        guard case .signedIn = try accounts.signIn(name: "bob", password: "hunter2", clientAddress: "192.0.2.1", now: Fixture.now) else {
            Issue.record("the password read from standard input (without its CR LF) does not sign in")
            return
        }
        let session = try accounts.startSession(for: user.id, now: Fixture.now)

        #expect(cli.ok("users", "remove", "ann") == "Removed user ann (1 app password and 1 session revoked)\n")
        #expect(try accounts.sessionUser(token: session, now: Fixture.now) == nil)
        #expect(try accounts.signIn(name: "ann", password: password, clientAddress: "192.0.2.1", now: Fixture.now) == .refused)
        #expect(cli.ok("users") == "USER  ADDED          APP PASSWORDS\nbob   Today 9:00 PM  -\n")
    }

    @Test("remove refuses a user who owns reminders, saying what and how, and changes nothing; --force removes and says what went")
    func removeWithData() throws {
        let (cli, database) = try Self.harness()
        defer { withExtendedLifetime(database) {} }
        cli.files["-"] = Data("open sesame\n".utf8)
        #expect(cli.ok("users", "add", "ann") == "Added user ann\n")
        let accounts = Accounts(pool: try PostgresPool(url: database.url, capacity: 1))
        let ann = try #require(try accounts.users().first?.user)
        let store = PostgresStore(pool: try PostgresPool(url: database.url, capacity: 1), user: ann.id)
        let list = try store.write { db in
            let list = try db.ensureFirstList(createdAt: Fixture.now)
            for title in ["Milk", "Bread"] {
                try db.insert(Reminder(listID: list.id, title: title, createdAt: Fixture.now), keepingNumber: false, keepingPosition: false)
            }
            return list
        }

        let refused = cli.run("users", "remove", "ann")
        #expect(refused.status == 1)
        #expect(refused.errors == "tick: error: 'ann' owns 1 list with 2 reminders; nothing was removed. "
                + "'tick users remove ann --force' removes the user and deletes them\n")
        #expect(cli.ok("users", "list", "--json").contains("\"ann\""))
        #expect(try store.read { db in try db.reminderCount(inList: list.id) } == 2)

        #expect(cli.ok("users", "remove", "ann", "--force")
                == "Removed user ann (0 app passwords and 0 sessions revoked); deleted 1 list with 2 reminders\n")
        #expect(cli.ok("users", "list", "--json") == "[]\n")
    }

    @Test("an empty, blank or multi-line password is refused, saying why, and adds nothing", arguments: [
        ("", "the password is empty"), ("\n", "the password is empty"), ("  \t\n", "the password is only white space"),
        ("one\ntwo\n", "standard input holds more than one line"), ("one\r\n\r\n", "standard input holds more than one line"),
        ("\r\n", "the password is empty"),
    ])
    func badPassword(input: String, reason: String) throws {
        let (cli, database) = try Self.harness()
        defer { withExtendedLifetime(database) {} }
        cli.files["-"] = Data(input.utf8)
        let result = cli.run("users", "add", "ann")
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("tick: error: " + reason))
        #expect(result.errors.contains("nothing was changed"))
        #expect(cli.ok("users", "list", "--json") == "[]\n")
    }

    @Test("refusals name what to fix", arguments: [
        (["users", "add", "ann lee"], Int32(64), "tick: error: the user name may hold only the letters A to Z, digits and . _ - @ +; 'U+20' is not allowed\n"),
        (["users", "remove", "nobody"], 1, "tick: error: there is no user named 'nobody'; see 'tick users list'\n"),
        (["users", "app-password", "nobody", "phone"], 1, "tick: error: there is no user named 'nobody'; see 'tick users list'\n"),
        (["users", "app-password", "ann"], 64, "tick: error: missing <device>: name the device, e.g. tick users app-password ann iPhone\n"),
    ])
    func refusals(arguments: [String], status: Int32, message: String) throws {
        let (cli, database) = try Self.harness()
        defer { withExtendedLifetime(database) {} }
        let result = cli.run(arguments)
        #expect(result.status == status)
        #expect(result.errors == message)
    }

    @Test("a second app password for a device is refused unless replaced; the old one then stops working")
    func replace() throws {
        let (cli, database) = try Self.harness()
        defer { withExtendedLifetime(database) {} }
        cli.files["-"] = Data("open sesame".utf8)
        cli.ok("users", "add", "ann")
        let first = cli.ok("users", "app-password", "ann", "phone").trimmingCharacters(in: .newlines)
        let again = cli.run("users", "app-password", "ann", "phone")
        #expect(again.status == 1)
        #expect(again.errors == "tick: error: 'ann' already has an app password for 'phone'; replace it with 'tick users app-password ann phone --replace'\n")
        let second = cli.ok("users", "app-password", "ann", "phone", "--replace").trimmingCharacters(in: .newlines)
        #expect(second != first)
        let accounts = Accounts(pool: try PostgresPool(url: database.url, capacity: 1))
        #expect(try accounts.signIn(name: "ann", password: first, clientAddress: "192.0.2.1", now: Fixture.now) == .refused)
    }

    /// A tester: no command changed a password or revoked one device's app password.
    @Test("password changes a user's password and ends their sessions; app-password --revoke ends one device's at once")
    func passwordAndRevoke() throws {
        let (cli, database) = try Self.harness()
        defer { withExtendedLifetime(database) {} }
        cli.files["-"] = Data("open sesame\n".utf8)
        cli.ok("users", "add", "ann")
        let phone = cli.ok("users", "app-password", "ann", "phone").trimmingCharacters(in: .newlines)
        let accounts = Accounts(pool: try PostgresPool(url: database.url, capacity: 1))
        let ann = try #require(try accounts.users().first?.user)
        let session = try accounts.startSession(for: ann.id, now: Fixture.now)

        cli.files["-"] = Data("a new one\n".utf8)
        #expect(cli.ok("users", "password", "ann") == "Changed the password of ann (1 session ended)\n")
        #expect(try accounts.sessionUser(token: session, now: Fixture.now) == nil)
        #expect(try accounts.signIn(name: "ann", password: "open sesame", clientAddress: "192.0.2.1", now: Fixture.now) == .refused)
        if case .signedIn = try accounts.signIn(name: "ann", password: "a new one", clientAddress: "192.0.2.1", now: Fixture.now) {} else {
            Issue.record("the new password does not sign in")
        }
        if case .signedIn = try accounts.signIn(name: "ann", password: phone, clientAddress: "192.0.2.1", now: Fixture.now) {} else {
            Issue.record("the app password stopped working with the password change")
        }
        cli.files["-"] = Data(" \n".utf8)
        let blank = cli.run("users", "password", "ann")
        #expect(blank.status == 1 && blank.errors.contains("nothing was changed"))
        cli.files["-"] = Data("x\n".utf8)
        #expect(cli.run("users", "password", "nobody").errors == "tick: error: there is no user named 'nobody'; see 'tick users list'\n")

        #expect(cli.ok("users", "app-password", "ann", "phone", "--revoke") == "Revoked the app password of 'phone' for ann\n")
        #expect(try accounts.signIn(name: "ann", password: phone, clientAddress: "192.0.2.2", now: Fixture.now) == .refused)
        let again = cli.run("users", "app-password", "ann", "phone", "--revoke")
        #expect(again.status == 1 && again.errors == "tick: error: 'ann' has no app password for 'phone'; see 'tick users list'\n")
        #expect(cli.run("users", "app-password", "ann", "phone", "--revoke", "--replace").status == 64)
    }

    @Test("a name taken regardless of case is refused")
    func nameTaken() throws {
        let (cli, database) = try Self.harness()
        defer { withExtendedLifetime(database) {} }
        cli.files["-"] = Data("open sesame".utf8)
        cli.ok("users", "add", "Ann")
        let result = cli.run("users", "add", "ann")
        #expect(result.status == 1)
        #expect(result.errors == "tick: error: a user named 'Ann' already exists\n")
    }

    @Test("--database wins over TICK_DATABASE_URL")
    func databaseOption() throws {
        let (cli, database) = try Self.harness()
        defer { withExtendedLifetime(database) {} }
        let other = try PostgresServer.database()
        cli.files["-"] = Data("open sesame".utf8)
        cli.ok("users", "add", "ann", "--database", other.url)
        #expect(cli.ok("users", "list", "--json") == "[]\n")
        #expect(cli.ok("users", "list", "--database", other.url).contains("ann"))
    }
}

@Suite("tick users without a database")
struct UsersCommandDatabaseTests {
    @Test("without --database or TICK_DATABASE_URL: a usage error saying what to give")
    func missing() {
        let cli = CLIHarness()
        let result = cli.run("users", "list")
        #expect(result.status == 64)
        #expect(result.errors == "tick: error: tick users needs a PostgreSQL database: give --database postgresql://USER@HOST/DB, or set TICK_DATABASE_URL\n")
    }

    @Test("something that is not a PostgreSQL URL is refused, without its password")
    func notAURL() {
        let cli = CLIHarness()
        cli.variables["TICK_DATABASE_URL"] = "mysql://ann:s3cret@db/tick"
        let result = cli.run("users", "list")
        #expect(result.status == 64)
        #expect(result.errors == "tick: error: TICK_DATABASE_URL: 'mysql://ann:***@db/tick' is not a PostgreSQL URL such as postgresql://USER@HOST/DB\n")
    }

    @Test("a server that cannot be reached is a runtime error naming it, without the password")
    func unreachable() throws {
        let cli = CLIHarness()
        let port = try CalDAVServer.freePort()
        let result = cli.run("users", "list", "--database", "postgresql://ann:s3cret@127.0.0.1:\(port)/tick?connect_timeout=5")
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("tick: error: cannot connect to PostgreSQL at postgresql://ann:***@127.0.0.1:\(port)/tick"))
        #expect(!result.errors.contains("s3cret"))
    }

    @Test("help lists the subcommands")
    func help() {
        let cli = CLIHarness()
        let text = cli.ok("users", "--help")
        for word in ["add", "app-password", "list", "remove", "TICK_DATABASE_URL"] { #expect(text.contains(word)) }
    }
}
