import Foundation
import Testing
import TestSupport

@Suite("The tick binary, as separate processes", .serialized)
struct EndToEndTests {
    @Test("data survives across processes")
    func persistence() throws {
        let folder = TemporaryFolder()
        let tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        #expect(try tick.run("lists", "add", "Groceries", "--color", "green").status == 0)
        #expect(try tick.run("add", "우유 사기", "--list", "Groceries", "--due", "2026-12-04 09:00", "--priority", "high").status == 0)
        #expect(try tick.run("done", "1").status == 0)
        let shown = try tick.run("show", "1", "--json")
        #expect(shown.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "우유 사기")
        #expect(object["list"] as? String == "Groceries")
        #expect(object["completed"] as? Bool == true)
        #expect(object["due"] as? String == "2026-12-04T09:00:00Z")
    }

    @Test("4 processes adding 200 reminders each at once leave exactly 800 with 800 distinct numbers")
    func concurrentWriters() throws {
        let folder = TemporaryFolder()
        let tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        #expect(try tick.run("lists").status == 0) // create the database first
        // Each writer is a shell loop of 200 separate tick processes.
        let script = """
            i=0; failures=0
            while [ $i -lt 200 ]; do
              "$TICK" add "writer $1 item $i" >/dev/null || failures=$((failures+1))
              i=$((i+1))
            done
            exit $failures
            """
        var writers: [Process] = []
        for writer in 1...4 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script, "sh", String(writer)]
            var environment = tick.environment
            environment["TICK"] = try #require(BinaryRunner.executable)
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            writers.append(process)
        }
        for process in writers {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "a writer had failed adds")
        }
        let listed = try tick.run("list", "all", "--json")
        let reminders = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        #expect(reminders.count == 800)
        let numbers = Set(reminders.compactMap { $0["number"] as? Int })
        #expect(numbers.count == 800)
        #expect(numbers == Set(1...800))
        let titles = Set(reminders.compactMap { $0["title"] as? String })
        #expect(titles.count == 800)
    }

    @Test("a damaged database file is refused with exit 1 and not modified")
    func damagedDatabase() throws {
        let folder = TemporaryFolder()
        let path = folder.file("tick.sqlite3")
        let tick = BinaryRunner(database: path)
        #expect(try tick.run("add", "precious").status == 0)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes.replaceSubrange(0..<16, with: Data("This is damaged!".utf8))
        try bytes.write(to: URL(fileURLWithPath: path))
        let result = try tick.run("list")
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("tick: error: "))
        #expect(result.errors.contains("not a Tick database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try tick.run("add", "more").status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test("a text file given as the database is refused and not modified")
    func notADatabase() throws {
        let folder = TemporaryFolder()
        let path = folder.file("notes.txt")
        let text = Data("my notes\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        let tick = BinaryRunner(database: path)
        let result = try tick.run("add", "x")
        #expect(result.status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
    }

    @Test("exit statuses: 0 success, 1 runtime failure, 64 usage error")
    func exitStatuses() throws {
        let folder = TemporaryFolder()
        let tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        #expect(try tick.run("list").status == 0)
        #expect(try tick.run("show", "42").status == 1)
        #expect(try tick.run("frobnicate").status == 64)
        let version = try tick.run("--version")
        #expect(version.output.hasPrefix("tick "))
    }

    /// ICU reads LC_ALL, LC_MESSAGES and LANG itself for a formatter made without a locale,
    /// and crashed on a long one-word value (a tester: `LANG=abcdefghijklm tick list` ended
    /// with SIGSEGV, exit 139): tick gives ICU the POSIX locale instead, and formats as for any
    /// name it does not know (`Locale(posixName:)`).
    @Test("a locale variable ICU cannot read does not crash a listing of dates", arguments: [
        ("LANG", "abcdefghijklm"), ("LC_ALL", "xxxxxxxxxxxx"), ("LC_MESSAGES", "abcdefghijklmnopqrstuvwxyz"),
        ("LANG", "ko_KR.UTF-8"),
    ])
    func unreadableLocale(name: String, value: String) throws {
        let folder = TemporaryFolder()
        var tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        #expect(try tick.run("add", "dentist", "--due", "2027-03-04 10am").status == 0)
        tick.environment[name] = value
        for arguments in [["list", "all"], ["show", "1"], ["search", "dentist"]] {
            let result = try tick.run(arguments)
            #expect(result.status == 0, "\(name)=\(value) \(arguments): \(result.status) \(result.errors)")
            let expected = value.hasPrefix("ko") ? "2027. 3. 4." : "Mar 4, 2027"
            #expect(result.output.contains(expected), "\(name)=\(value) \(arguments): \(result.output)")
        }
    }

    @Test("the database file is private (0600)")
    func permissions() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/data/tick/tick.sqlite3"
        let tick = BinaryRunner(database: path)
        #expect(try tick.run("add", "x").status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
