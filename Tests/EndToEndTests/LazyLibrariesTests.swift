import Foundation
import Testing
import TestSupport
import TickPostgres

/// libpq, libargon2 and libdbus are opened by the commands that need them (LibPQ,
/// LibArgon2, LibDBus), not mapped by the loader when `tick` starts.
@Suite("tick starts without the libraries only some commands need")
struct LazyLibrariesTests {
    /// The sonames `tick` must not name as NEEDED.
    static let lazy = ["libpq.so.5", "libargon2.so.1", "libdbus-1.so.3"]

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
        for name in Self.lazy {
            #expect(!result.output.contains(name), "\(name) is mapped at start-up")
        }
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
