import Foundation
import Testing
import TestSupport

/// todo.txt through the command line: what a file says comes back in the export, in
/// whatever zone the import and the export run.
@Suite("todo.txt: import and export through tick")
struct TodoTxtRoundTripTests {
    @Test("imported under Asia/Seoul, exported under Europe/Berlin (and back): every day, letter and missing date as in the file",
          arguments: [("Asia/Seoul", "Europe/Berlin"), ("Europe/Berlin", "Asia/Seoul"), ("Pacific/Kiritimati", "Pacific/Pago_Pago")])
    func crossZoneRoundTrip(_ importZone: String, _ exportZone: String) throws {
        let cli = CLIHarness(zone: importZone)
        cli.files["todo.txt"] = Data(TodoTxtSample.file.utf8)
        cli.ok("import", "todo.txt")
        cli.variables["TZ"] = exportZone
        let export = cli.ok("export", "--format", "todotxt")
        #expect(TodoTxtSample.linesWithoutUIDs(export).sorted() == TodoTxtSample.sortedLines)
        // The export imported back in a third zone changes nothing.
        cli.variables["TZ"] = "America/New_York"
        cli.files["back.txt"] = Data(export.utf8)
        #expect(cli.ok("import", "back.txt") == "Imported 6 reminders (6 unchanged) into Reminders.\n")
    }

    @Test("a letter D-Z stays while the priority is low; a priority set in Tick writes its own letter")
    func priorityLetters() throws {
        let cli = CLIHarness()
        cli.files["todo.txt"] = Data("(D) Someday\n(Q) Later\n(Z) Last\n".utf8)
        cli.ok("import", "todo.txt")
        #expect(try #require(try cli.json("show", "1") as? [String: Any])["priority"] as? String == "low")
        #expect(TodoTxtSample.linesWithoutUIDs(cli.ok("export", "--format", "todotxt")) == ["(D) Someday", "(Q) Later", "(Z) Last"])
        cli.ok("edit", "1", "--priority", "high")
        cli.ok("edit", "1", "--priority", "low")
        cli.ok("edit", "2", "--priority", "low")
        #expect(TodoTxtSample.linesWithoutUIDs(cli.ok("export", "--format", "todotxt")) == ["(C) Someday", "(Q) Later", "(Z) Last"])
    }

    /// A tester: `show` said "Completed: Dec 3, 2026 9:00 PM" in Seoul for a line's day (Tick
    /// holds a todo.txt day as its 12:00 UTC).
    @Test("show gives a todo.txt line's creation and completion days as days; a completion made in Tick keeps its time")
    func daysShownAsDays() throws {
        let cli = CLIHarness()   // Asia/Seoul
        cli.variables["TICK_NOW"] = "2026-12-05T03:00:00Z"
        cli.files["todo.txt"] = Data("x 2026-12-03 2026-11-30 Buy milk\n".utf8)
        cli.ok("import", "todo.txt")
        let lines = cli.ok("show", "1").split(separator: "\n").map(String.init)
        let completed = try #require(lines.first { $0.contains("Completed:") })
        let created = try #require(lines.first { $0.contains("Created:") })
        #expect(completed.contains("Dec 3") && !completed.contains("PM") && !completed.contains(":00"), "\(completed)")
        #expect(created.contains("Nov 30") && !created.contains("PM") && !created.contains(":00"), "\(created)")
        cli.ok("undone", "1")
        cli.ok("done", "1")
        let again = try #require(cli.ok("show", "1").split(separator: "\n").first { $0.contains("Completed:") })
        #expect(again.contains("12:00 PM") || again.contains("12:00"), "\(again)")
    }

    @Test("a file with CR-only line ends is one reminder per line")
    func carriageReturnLineEnds() throws {
        let cli = CLIHarness()
        cli.files["mac.txt"] = Data("(A) first\rsecond @home\rx 2026-01-05 third\r".utf8)
        #expect(cli.ok("import", "mac.txt") == "Imported 3 reminders into Reminders.\n")
        let open = try #require(try cli.json("list", "all") as? [[String: Any]])
        #expect(open.compactMap { $0["title"] as? String } == ["first", "second"])
        #expect(open.last?["tags"] as? [String] == ["home"])
    }

    @Test("look-alikes of projects and contexts are words of the title: no list, no tag")
    func lookAlikesStayText() throws {
        let cli = CLIHarness()
        cli.files["todo.txt"] = Data("Call mom @home)\nSee +! and @*\nAsk @(foo)\nReal +Work_Stuff @e-mail\n".utf8)
        #expect(cli.ok("import", "todo.txt") == "Imported 4 reminders into Reminders, Work_Stuff.\nNew lists: Work_Stuff\n")
        let all = try #require(try cli.json("list", "all") as? [[String: Any]])
        #expect(all.compactMap { $0["title"] as? String } == ["Call mom @home)", "See +! and @*", "Ask @(foo)", "Real"])
        #expect(all.map { $0["tags"] as? [String] ?? [] } == [[], [], [], ["e-mail"]])
    }
}
