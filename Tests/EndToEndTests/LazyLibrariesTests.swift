import Foundation
import Testing
import TestSupport
import TickPostgres

/// The C libraries only some commands need are opened by those commands (`SharedLibrary`:
/// LibICal, LibCurses, LibCurl, LibXML2, LibMicroHTTPD, LibPQ, LibArgon2, LibDBus), not
/// mapped by the loader when `tick` starts (issue 14's start-up).
@Suite("tick starts without the libraries only some commands need")
struct LazyLibrariesTests {
    /// The sonames `tick` must not name as NEEDED.
    static let lazy = ["libical.so.3", "libncursesw.so.6", "libcurl.so.4", "libxml2.so.2", "libmicrohttpd.so.12",
                       "libpq.so.5", "libargon2.so.1", "libdbus-1.so.3"]
    /// What those bring with them: terminfo, TLS, Kerberos, ICU, systemd.
    static let brought = ["libtinfo.so", "libssl.so", "libgnutls.so", "libkrb5.so", "libicuuc.so", "libsystemd.so"]

    /// A folder holding an empty file under each lazy soname: on `LD_LIBRARY_PATH` it is
    /// found before the real library and cannot be loaded ("file too short"), as if the
    /// package were missing.
    static func brokenLibraries() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for name in lazy {
            try #require(FileManager.default.createFile(atPath: folder.file(name), contents: Data()))
        }
        return folder
    }

    @Test("the dynamic loader maps none of them when tick starts")
    func notMapped() throws {
        var tick = BinaryRunner(database: TemporaryFolder().file("tick.db"))
        // glibc's loader lists what it mapped and exits, running nothing (what ldd does).
        tick.environment["LD_TRACE_LOADED_OBJECTS"] = "1"
        let result = try tick.run("--version")
        #expect(result.status == 0)
        #expect(result.output.contains("libsqlite3.so"), "the loader did not list the libraries: \(result.output)")
        for name in Self.lazy + Self.brought {
            #expect(!result.output.contains(name), "\(name) is mapped at start-up")
        }
    }

    @Test("a command that needs libical opens it: an iCalendar file imports, and exports with the VTIMEZONE libical gives")
    func libicalOpensWhenNeeded() throws {
        let folder = TemporaryFolder()
        let tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        let file = folder.file("Errands.ics")
        try Data("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Example//EN\r
            BEGIN:VTODO\r
            UID:startup-1\r
            SUMMARY:Pick up 우유\r
            DUE;TZID=Europe/Paris:20261204T090000\r
            END:VTODO\r
            END:VCALENDAR\r

            """.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try tick.run("import", file)
        #expect(imported.status == 0, "\(imported.errors)")
        let exported = try tick.run("export", "--format", "ics", "--list", "Errands")
        #expect(exported.status == 0, "\(exported.errors)")
        #expect(exported.output.contains("SUMMARY:Pick up 우유"))
        #expect(exported.output.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Paris\r\n"))
    }

    @Test("tick import of an iCalendar file with no loadable libical stops with an error naming libical3 and imports nothing; an iCalendar export too")
    func importWithoutLibical() throws {
        let broken = try Self.brokenLibraries()
        let folder = TemporaryFolder()
        var tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        tick.environment["LD_LIBRARY_PATH"] = broken.path
        #expect(try tick.run("add", "Pay rent").status == 0)
        let file = folder.file("Errands.ics")
        try Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:A\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
            .write(to: URL(fileURLWithPath: file))
        let imported = try tick.run("import", file)
        #expect(imported.status == 1)
        #expect(imported.errors.contains("libical.so.3") && imported.errors.contains("libical3"), "\(imported.errors)")
        let exported = try tick.run("export", "--format", "ics")
        #expect(exported.status == 1)
        #expect(exported.errors.contains("libical3"), "\(exported.errors)")
        let listed = try tick.run("list", "--json")
        let titles = (try? JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])?.compactMap { $0["title"] as? String }
        #expect(titles == ["Pay rent"])
    }

    @Test("with none of them loadable, the other commands work")
    func othersWork() throws {
        let broken = try Self.brokenLibraries()
        var tick = BinaryRunner(database: TemporaryFolder().file("tick.db"))
        tick.environment["LD_LIBRARY_PATH"] = broken.path
        #expect(try tick.run("--version").status == 0)
        let added = try tick.run("add", "Pay rent")
        #expect(added.status == 0, "\(added.errors)")
        #expect(try tick.run("list").output.contains("Pay rent"))
    }

    @Test("tick users with no loadable libpq stops with an error naming libpq5")
    func usersWithoutLibPQ() throws {
        let broken = try Self.brokenLibraries()
        var tick = BinaryRunner(database: TemporaryFolder().file("tick.db"))
        tick.environment["LD_LIBRARY_PATH"] = broken.path
        let result = try tick.run("users", "list", "--database", "postgresql://ann@localhost/tick")
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("tick: error: this command needs libpq.so.5, which could not be loaded ("))
        #expect(result.errors.hasSuffix("on Debian it comes with the package libpq5\n"))
    }

    @Test("tick agent with no loadable libdbus says so once and writes to standard output")
    func agentWithoutLibDBus() throws {
        let broken = try Self.brokenLibraries()
        let database = TemporaryFolder().file("tick.db")
        var tick = BinaryRunner(database: database)
        tick.environment["LD_LIBRARY_PATH"] = broken.path
        tick.environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + broken.file("bus")
        #expect(try tick.run("add", "Pay rent", "--remind", "2026-11-29 12:05").status == 0)
        tick.environment["TICK_NOW"] = "2026-11-29T12:05:00Z"
        let result = try tick.run("agent", "--once")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("this command needs libdbus-1.so.3, which could not be loaded ("))
        #expect(result.errors.contains("on Debian it comes with the package libdbus-1-3; writing notifications to standard output instead"))
        #expect(result.output == "2026-11-29 12:05  Pay rent — Reminder for Today 12:05 PM · Reminders\n")
    }

    @Test("tick users add with no loadable libargon2 stops with an error naming libargon2-1 and adds nobody",
          .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
    func usersWithoutLibArgon2() throws {
        let database = try PostgresServer.database()
        defer { withExtendedLifetime(database) {} }
        let broken = TemporaryFolder()
        try #require(FileManager.default.createFile(atPath: broken.file("libargon2.so.1"), contents: Data()))
        let added = UsersEndToEndTests.finish(try UsersEndToEndTests.start(["users", "add", "ann"], input: "password of ann\n",
                                                                           url: database.url, libraryPath: broken.path))
        #expect(added.status == 1)
        #expect(added.errors.hasPrefix("tick: error: this command needs libargon2.so.1, which could not be loaded ("))
        #expect(added.errors.hasSuffix("on Debian it comes with the package libargon2-1\n"))
        let list = UsersEndToEndTests.finish(try UsersEndToEndTests.start(["users", "list", "--json"], input: "", url: database.url))
        #expect(list.status == 0)
        #expect(list.output.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }
}
