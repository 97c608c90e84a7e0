import Foundation
import Testing
import TestSupport
import TickModel

/// Messages as the issue of a newcomer's pass asked (issue 10, item 23): one wording for
/// times of day, the option first in every rule's error, names as they are spelled, and
/// defined answers for `done --occurrence` and `move` where there was none.
@Suite("Message wording")
struct MessageWordingTests {
    @Test("every refused time of day says the same range, from --due, --start, --remind and TICK_ALL_DAY_ALARM", arguments: [
        (["add", "x", "--due", "25:00"], "--due: cannot read '25:00' as a date: '25:00' is not a time of day"),
        (["add", "x", "--due", "2026-12-03T24:00"], "--due: cannot read '2026-12-03T24:00' as a date: '24:00' is not a time of day"),
        (["add", "x", "--start", "tomorrow 13pm"], "--start: cannot read 'tomorrow 13pm' as a date: '13pm' is not a time of day"),
        (["add", "x", "--remind", "0am"], "--remind: cannot read '0am' as a date: '0am' is not a time of day"),
    ])
    func hourRange(arguments: [String], prefix: String) {
        let cli = CLIHarness()
        let result = cli.run(arguments)
        #expect(result.status == 64)
        #expect(result.errors == "tick: error: \(prefix) (hours 0 to 23, or 1 to 12 with am/pm; minutes 00 to 59)\n")
        let environment = CLIHarness()
        environment.variables["TICK_ALL_DAY_ALARM"] = "25:00"
        #expect(environment.run("add", "y", "--due", "tomorrow").errors
                == "tick: warning: TICK_ALL_DAY_ALARM: '25:00' is not a time of day such as 09:00 or 8am (hours 0 to 23, or 1 to 12 with am/pm; minutes 00 to 59; or say none); using 09:00\n")
    }

    @Test("TICK_ALL_DAY_ALARM takes a time as --due does: 8am, 8:30pm, noon, 07:15", arguments: [
        ("8am", "Dec 1, 2026 8:00 AM"), ("8:30 pm", "Dec 1, 2026 8:30 PM"), ("noon", "Dec 1, 2026 12:00 PM"), ("07:15", "Dec 1, 2026 7:15 AM"),
    ])
    func allDayAlarmTime(value: String, shown: String) {
        let cli = CLIHarness(zone: "UTC")
        cli.variables["TICK_ALL_DAY_ALARM"] = value
        let result = cli.run("add", "x", "--due", "2026-12-01")
        #expect(result.errors == "")
        #expect(cli.ok("show", "1").contains("Alarm:       on the due day (\(shown))"))
    }

    @Test("lists add and rename say the existing list's own spelling")
    func existingSpelling() {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Groceries")
        cli.ok("lists", "add", "Work")
        #expect(cli.run("lists", "add", "GROCERIES").errors == "tick: error: a list named 'Groceries' already exists\n")
        #expect(cli.run("lists", "rename", "work", "groceries").errors == "tick: error: a list named 'Groceries' already exists\n")
    }

    @Test("move before a reminder of another list names that list")
    func crossListMove() {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Home Office")
        cli.ok("add", "a")
        cli.ok("add", "b", "--list", "Home Office")
        let result = cli.run("move", "1", "--before", "2")
        #expect(result.status == 1)
        #expect(result.errors == "tick: error: #2 is in another list, 'Home Office'; move #1 there first with 'tick edit 1 --list \"Home Office\"'\n")
    }

    /// Found by a tester: the commands the hints suggest named a list as typed, so `tick lists
    /// delete My Stuff --force` deleted nothing (two words), and `it's` left the shell waiting
    /// for a quote. What is between the message's quotes runs as shown.
    @Test("a hint's command quotes a list name the shell would split or read", arguments: [
        ("My Stuff", "\"My Stuff\""), ("it's", "\"it's\""), ("장보기 🛒", "\"장보기 🛒\""), ("병원", "병원"),
        ("a\"b$c", "\"a\\\"b\\$c\""), ("Wow!", "'Wow!'"), ("Home-Office_2", "Home-Office_2"),
    ])
    func hintsQuoteNames(name: String, shown: String) throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", name)
        cli.ok("add", "x", "--list", name)
        let delete = cli.run("lists", "delete", name)
        #expect(delete.errors.contains("delete them too with 'tick lists delete \(shown) --force'"), "\(delete.errors)")
        let deleteCommand = try #require(delete.errors.components(separatedBy: "with 'tick ").last?.components(separatedBy: "'").dropLast().joined(separator: "'"))
        #expect(try Self.shellWords(deleteCommand.replacingOccurrences(of: " --force", with: "")) == ["lists", "delete", name])
        let missing = cli.run("list", "--list", name + "2")
        let create = try #require(missing.errors.components(separatedBy: "Create it with 'tick ").last)
        #expect(try Self.shellWords(String(create.dropLast(3))) == ["lists", "add", name + "2"], "\(missing.errors)")
    }

    /// The words a POSIX shell makes of `command`.
    static func shellWords(_ command: String) throws -> [String] {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "for word in " + command + "; do printf '%s\\n' \"$word\"; done"]
        let pipe = Pipe()
        shell.standardOutput = pipe
        try shell.run()
        shell.waitUntilExit()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("done --occurrence on a reminder that does not repeat says so; its due date completes it once")
    func occurrenceWithoutRepeat() {
        let cli = CLIHarness(zone: "UTC")
        cli.ok("add", "a", "--due", "2026-12-03")
        cli.ok("add", "b")
        var result = cli.run("done", "1", "--occurrence", "2026-12-01")
        #expect(result.status == 1)
        #expect(result.errors == "tick: error: --occurrence: #1 \"a\" does not repeat; its one occurrence is Dec 3, 2026, not '2026-12-01'; complete it with 'tick done 1'\n")
        result = cli.run("done", "2", "--occurrence", "today")
        #expect(result.errors == "tick: error: --occurrence: #2 \"b\" does not repeat and has no date, not 'today'; complete it with 'tick done 2'\n")
        #expect(cli.ok("done", "1", "--occurrence", "2026-12-03").hasPrefix("Completed #1"))
        #expect(cli.run("done", "1", "--occurrence", "2026-12-03").status == 0)
    }

    @Test("a completed reminder moves in the manual order, is there when reopened, and move says it has no open position")
    func moveCompleted() throws {
        let cli = CLIHarness()
        cli.ok("add", "a")
        cli.ok("add", "b")
        cli.ok("add", "c")
        cli.ok("done", "3")
        #expect(cli.ok("move", "3", "--to", "1") == "Moved #3 \"c\" (completed: it is in that place when reopened)\n")
        #expect(cli.ok("move", "2", "--after", "3") == "Moved #2 \"b\" to position 1\n")
        cli.ok("undone", "3")
        let open = try #require(try cli.json("list") as? [[String: Any]])
        #expect(open.compactMap { $0["number"] as? Int } == [3, 2, 1])
    }

    @Test("#RGB is read as #RRGGBB, as documented; other short forms are refused", arguments: [
        ("#abc", "#AABBCC"), ("#ABC", "#AABBCC"), ("#a1b2c3", "#A1B2C3"),
    ])
    func shortColors(given: String, stored: String) throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Work", "--color", given)
        let lists = try #require(try cli.json("lists") as? [[String: Any]])
        #expect(lists.last?["color"] as? String == stored)
        #expect(cli.run("lists", "add", "Home", "--color", "#abcd").status == 64)
    }

    @Test("option values that are not a number or a color begin with the option", arguments: [
        (["add", "x", "--parent", "abc"], "tick: error: --parent: 'abc' is not a reminder number; numbers look like 12 or #12\n"),
        (["lists", "add", "Work", "--color", "mauve"], "tick: error: --color: 'mauve' is not a color"),
        (["move", "1", "--before", "x"], "tick: error: --before: 'x' is not a reminder number"),
    ])
    func optionValuePrefix(arguments: [String], prefix: String) {
        let cli = CLIHarness()
        cli.ok("add", "a")
        let result = cli.run(arguments)
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix(prefix), "\(result.errors)")
    }

    @Test("--parent that would make a cycle names the option")
    func parentCycle() {
        let cli = CLIHarness()
        cli.ok("add", "a")
        cli.ok("add", "b", "--parent", "1")
        #expect(cli.run("edit", "1", "--parent", "2").errors.hasPrefix("tick: error: --parent: #2 is #1 itself or one of its subtasks"))
    }
}
