import Foundation
import Testing
import TestSupport

@Suite("tick lists")
struct ListsCommandTests {
    @Test("add, rename, color, move and show lists")
    func lifecycle() throws {
        let cli = CLIHarness()
        #expect(cli.ok("lists", "add", "Groceries", "--color", "green") == "Added list ● Groceries\n")
        cli.ok("lists", "add", "Work", "--color", "#ff9500")
        cli.ok("lists", "rename", "Groceries", "Shopping")
        cli.ok("lists", "color", "Shopping", "purple")
        cli.ok("lists", "move", "Work", "--to", "1")
        let lists = try #require(try cli.json("lists") as? [[String: Any]])
        #expect(lists.map { $0["name"] as? String } == ["Work", "Reminders", "Shopping"])
        #expect(lists.map { $0["color"] as? String } == ["#FF9500", "#007AFF", "#AF52DE"])
        #expect(lists.map { $0["colorName"] as? String } == ["orange", "blue", "purple"])
        // The first list takes new reminders.
        #expect(cli.ok("add", "x") == "Added #1 \"x\" to Work\n")
        let text = cli.ok("lists")
        #expect(text == "● Work       1  orange\n● Reminders  0  blue\n● Shopping   0  purple\n")
    }

    /// A tester: `tick lists add $'a\nb'` made a list that looked exactly like "a b" in every
    /// listing and message, and that "a b" could not name.
    @Test("a list name is one line: white space holding a line break becomes one space")
    func namesAreOneLine() throws {
        let cli = CLIHarness()
        #expect(cli.ok("lists", "add", "a\nb") == "Added list ● a b\n")
        #expect(cli.run("lists", "add", "a b").status == 1)
        cli.ok("add", "Milk", "--list", "a b")
        cli.ok("lists", "add", "Home \r\n\u{2028} Office\tdesk")
        cli.ok("lists", "rename", "Home Office\tdesk", "Garden\u{85}shed")
        let names = try #require(try cli.json("lists") as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(names.contains("a b") && names.contains("Garden shed") && !names.contains { $0.contains("\n") })
    }

    /// A tester: a link with a line break was exported to iCalendar without it, silently.
    @Test("a link with a control character is refused, on add and on edit, and nothing changes")
    func linkIsOneLine() throws {
        let cli = CLIHarness()
        let refused = cli.run("add", "Read", "--url", "http://a/\r\nb c")
        #expect(refused.status == 1)
        #expect(refused.errors.contains("the link holds a control character"))
        #expect(cli.run("list", "--json").output.contains("Read") == false)
        cli.ok("add", "Read", "--url", "https://example.com/a")
        #expect(cli.run("edit", "1", "--url", "https://example.com/\u{7F}").status == 1)
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["url"] as? String == "https://example.com/a")
    }

    @Test("names are unique (ASCII case ignored), trimmed and never blank")
    func names() {
        let cli = CLIHarness()
        #expect(cli.run("lists", "add", "reminders").status == 1)
        #expect(cli.run("lists", "add", "\u{00A0}").status == 1)
        #expect(cli.run("lists", "add", "\u{200B}\u{3000}").errors.contains("list name is empty"))
        cli.ok("lists", "add", "  Groceries  ")
        #expect(cli.run("lists", "rename", "Groceries", "REMINDERS").status == 1)
        #expect(cli.run("lists", "rename", "Groceries", " ").status == 1)
        #expect(cli.ok("list", "groceries").hasPrefix("● Groceries"))
    }

    @Test("colors: palette names and hex; anything else is a usage error", arguments: [
        ("red", "#FF3B30"), ("Orange", "#FF9500"), ("yellow", "#FFCC00"), ("green", "#34C759"), ("blue", "#007AFF"),
        ("purple", "#AF52DE"), ("brown", "#A2845E"), ("gray", "#8E8E93"), ("grey", "#8E8E93"), ("#123abc", "#123ABC"),
        ("123ABC", "#123ABC"), ("#abc", "#AABBCC"),
    ])
    func colors(name: String, hex: String) throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "L", "--color", name)
        let lists = try #require(try cli.json("lists") as? [[String: Any]])
        #expect(lists.last?["color"] as? String == hex)
    }

    @Test("a bad color is a usage error", arguments: ["mauve", "#12345", "#GGGGGG", ""])
    func badColor(name: String) {
        let cli = CLIHarness()
        let result = cli.run("lists", "add", "L", "--color", name)
        #expect(result.status == 64)
        #expect(result.errors.contains("is not a color"))
    }

    @Test("delete refuses a list with reminders unless --force, and never the last list")
    func delete() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Shopping")
        cli.ok("add", "milk", "--list", "Shopping")
        let refused = cli.run("lists", "delete", "Shopping")
        #expect(refused.status == 1)
        #expect(refused.errors.contains("holds 1 reminder"))
        #expect(cli.ok("lists", "delete", "Shopping", "--force") == "Deleted list 'Shopping' and its 1 reminder\n")
        #expect(cli.run("show", "1").status == 1)
        #expect(cli.run("lists", "delete", "Reminders").errors.contains("only list"))
    }

    @Test("a typo of a smart list or a view of days suggests it, not a new list", arguments: [
        ("tday", "today"), ("todya", "today"), ("flaged", "flagged"), ("upcomming", "upcoming"), ("wek", "week"),
    ])
    func smartListTypo(typed: String, meant: String) {
        let cli = CLIHarness()
        let result = cli.run("list", typed)
        #expect(result.status == 1)
        #expect(result.errors.contains("did you mean the smart list '\(meant)'? (tick list \(meant))"), "\(result.errors)")
        #expect(!result.errors.contains("tick lists add"))
        // A list of that name is still found first.
        cli.ok("lists", "add", typed)
        #expect(cli.run("list", typed).status == 0)
    }

    @Test("an unknown list says which lists exist, with a suggestion")
    func unknownList() {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Groceries")
        let result = cli.run("list", "Grocerie")
        #expect(result.status == 1)
        #expect(result.errors.contains("did you mean 'Groceries'?"))
    }
}

@Suite("Command-line errors and help")
struct UsageTests {
    @Test("unknown commands and options exit 64 with a suggestion", arguments: [
        (["lsit"], "did you mean 'list'?"),
        (["ad", "x"], "did you mean 'add'?"),
        (["add", "x", "--dew", "today"], "did you mean '--due'?"),
        (["list", "--completd"], "did you mean '--completed'?"),
        (["lists", "renam", "a", "b"], "did you mean 'rename'?"),
        (["add", "x", "--due"], "'--due' needs a value"),
        (["add", "x", "--priority", "urgent"], "is not a priority"),
        (["show"], "missing <number>"),
        (["list", "--limit", "0"], "is not a positive whole number"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let cli = CLIHarness()
        let result = cli.run(arguments)
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("tick: error: "))
        #expect(result.errors.contains(message))
        #expect(result.output.isEmpty)
    }

    @Test("an option followed by another of the command's options is a missing value: nothing is written, to either database",
          arguments: [["--notes", "--db"], ["--list", "--db"], ["--tag", "--flag", "--db"], ["--notes", "-f", "--db"],
                      ["--notes", "--due=fri", "--db"], ["--notes", "--", "--db"]])
    func optionAsValue(words: [String]) throws {
        let cli = CLIHarness()
        let other = cli.folder.file("other.sqlite3")
        let result = cli.run(["add", "Call mom"] + words + [other])
        #expect(result.status == 64, "\(result.output)")
        #expect(result.errors.contains("'\(words[0])' needs a value"), "\(result.errors)")
        #expect(result.errors.contains("--\(words[0].dropFirst(2))=VALUE"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: other))
        #expect(!FileManager.default.fileExists(atPath: cli.variables["TICK_DB"] ?? ""))
    }

    /// A tester: "tomorow" is the most common first-hour typo and got no hint.
    @Test("a date with a typo suggests the corrected date, only when that reads", arguments: [
        ("tomorow", "did you mean 'tomorrow'?"), ("tommorow 9am", "did you mean 'tomorrow 9am'?"),
        ("wendesday", "did you mean 'wednesday'?"), ("next wek", "did you mean 'next week'?"),
        ("in 3 dyas", "did you mean 'in 3 days'?"), ("blorp", nil), ("31 feburary", nil),
    ] as [(String, String?)])
    func dateTypo(typed: String, hint: String?) {
        let cli = CLIHarness()
        let result = cli.run("add", "x", "--due", typed)
        #expect(result.status == 64)
        if let hint {
            #expect(result.errors.contains(hint), "\(result.errors)")
        } else {
            #expect(!result.errors.contains("did you mean"), "\(result.errors)")
        }
        #expect(cli.run("list", "all").output.contains("x") == false)
    }

    @Test("a value that starts with '-' is still taken: a negative time, an unknown word, or written with '='")
    func dashedValues() {
        let cli = CLIHarness()
        cli.ok("add", "a", "--notes", "-not-an-option")
        cli.ok("add", "b", "--notes=--db")
        #expect(cli.ok("show", "1", "--json").contains("\"notes\": \"-not-an-option\""))
        #expect(cli.ok("show", "2", "--json").contains("\"notes\": \"--db\""))
        cli.ok("add", "c", "--due", "tomorrow 9am", "--alarm", "-10m")
    }

    @Test("every command has help with OVERVIEW, USAGE and OPTIONS", arguments: [
        "add", "list", "show", "done", "undone", "toggle", "edit", "move", "delete", "search", "lists",
        "import", "export", "help",
    ])
    func help(command: String) {
        let cli = CLIHarness()
        let text = cli.ok(command, "--help")
        #expect(text.hasPrefix("OVERVIEW: "))
        #expect(text.contains("USAGE: tick \(command)"))
        #expect(text.contains("OPTIONS:"))
        #expect(cli.ok("help", command) == text)
    }

    @Test("subcommand help", arguments: ["add", "rename", "color", "delete", "move", "show"])
    func subcommandHelp(sub: String) {
        let cli = CLIHarness()
        #expect(cli.ok("lists", sub, "--help").contains("USAGE: tick lists \(sub)"))
    }

    @Test("the root help lists every command")
    func rootHelp() {
        let cli = CLIHarness()
        let text = cli.ok("--help")
        for command in ["add", "list", "show", "done", "edit", "move", "delete", "search", "lists", "import", "export"] {
            #expect(text.contains("\n  \(command) "))
        }
    }

    @Test("a bad TICK_NOW is a usage error")
    func badNow() {
        let cli = CLIHarness()
        cli.variables["TICK_NOW"] = "yesterday"
        #expect(cli.run("list").status == 64)
    }
}
