import Foundation
import Testing
import TestSupport

/// `tick completion candidates`: what the bash, zsh and fish scripts offer, from the same
/// command definitions as the help and, for names and numbers, from the database.
@Suite("Shell completion candidates")
struct ShellCompletionTests {
    /// The candidates' values (descriptions dropped) for the words after `tick`.
    static func values(_ cli: CLIHarness, _ words: String...) -> [String] {
        cli.ok(["completion", "candidates", "--"] + words).split(separator: "\n")
            .map { String($0.split(separator: "\t", maxSplits: 1).first ?? "") }
    }

    @Test("commands, subcommands and options come from the command definitions")
    func commandsAndOptions() {
        let cli = CLIHarness()
        #expect(Self.values(cli, "") .contains("add") && Self.values(cli, "").contains("completion"))
        #expect(Self.values(cli, "li") == ["list", "lists"])
        #expect(Self.values(cli, "lists", "") == ["show", "add", "rename", "color", "move", "delete"])
        #expect(Self.values(cli, "add", "x", "--pri") == ["--priority"])
        #expect(Self.values(cli, "-") == ["--db", "--help", "--version"])
        // An option already given is not offered again; a repeating one is.
        #expect(!Self.values(cli, "add", "x", "--flag", "--").contains("--flag"))
        #expect(Self.values(cli, "add", "x", "--alarm", "-1h", "--al").contains("--alarm"))
        // The descriptions are the help's sentences.
        #expect(cli.ok("completion", "candidates", "--", "add", "x", "--pri") == "--priority\tnone, low, medium or high.\n")
    }

    /// A tester: `tick completion tcsh` said "unknown command 'tcsh'; did you mean 'bash'?".
    @Test("a shell Tick has no script for is named as a shell, with the shells it has")
    func unknownShell() {
        let result = CLIHarness().run("completion", "tcsh")
        #expect(result.status == 64)
        #expect(result.errors == "tick: error: unknown shell 'tcsh'; give bash, zsh or fish\nSee 'tick completion --help'.\n")
        #expect(CLIHarness().run("lists", "ad").errors.hasPrefix("tick: error: unknown command 'ad'; did you mean 'add'?"))
    }

    @Test("option values: colors, priorities, formats, date words, and `--option=value`")
    func optionValues() {
        let cli = CLIHarness()
        #expect(Self.values(cli, "lists", "add", "Home", "--color", "") == ["red", "orange", "yellow", "green", "blue", "purple", "brown", "gray"])
        #expect(Self.values(cli, "add", "x", "--priority", "") == ["none", "low", "medium", "high"])
        #expect(Self.values(cli, "add", "x", "-p", "h") == ["high"])
        #expect(Self.values(cli, "export", "--format", "") == ["json", "ics", "todotxt"])
        #expect(Self.values(cli, "import", "--format", "t") == ["taskwarrior", "todotxt"])
        #expect(Self.values(cli, "add", "x", "--due", "to") == ["today", "tomorrow"])
        #expect(Self.values(cli, "add", "x", "--due=to") == ["--due=today", "--due=tomorrow"])
        #expect(Self.values(cli, "edit", "1", "--repeat-from", "") == ["due", "completion"])
        #expect(cli.ok("completion", "candidates", "--", "import", "") == ":files\n")
        #expect(cli.ok("completion", "candidates", "--", "export", "--output", "") == ":files\n")
    }

    @Test("list names and open reminders come from the database, numbers by their leading digits")
    func liveValues() {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Work Stuff")
        cli.ok("lists", "add", "우리 집")
        for index in 1...150 { cli.ok("add", "Task \(index)") }
        cli.ok("done", "12")
        #expect(Self.values(cli, "lists", "color", "") == ["Reminders", "Work Stuff", "우리 집"])
        #expect(Self.values(cli, "add", "x", "--list", "w") == ["Work Stuff"])
        #expect(Self.values(cli, "list", "").prefix(9) == ["today", "scheduled", "flagged", "overdue", "completed", "all", "week", "upcoming", "Reminders"])
        // 1, 10–19 and 100–150, without the completed 12, in ascending order.
        let ones = Self.values(cli, "done", "1")
        let expected: [Int] = [1] + (10...19).filter { $0 != 12 } + Array(100...150)
        #expect(ones == expected.map { String($0) })
        #expect(Self.values(cli, "show", "149") == ["149"])
        #expect(Self.values(cli, "done", "0").isEmpty)
        #expect(Self.values(cli, "done", "x").isEmpty)
        #expect(cli.ok("completion", "candidates", "--", "edit", "99") == "99\tTask 99\n")
        // Every number is offered (up to 200) when nothing is typed.
        #expect(Self.values(cli, "delete", "").count == 149)
        #expect(Self.values(cli, "delete", "").first == "1")
    }

    @Test("a completion never creates a database, and reads the one --db names on the line")
    func noDatabaseCreated() throws {
        let cli = CLIHarness()
        let other = cli.folder.file("other.sqlite3")
        #expect(Self.values(cli, "lists", "color", "").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        cli.ok("--db", other, "lists", "add", "Elsewhere")
        #expect(Self.values(cli, "--db", other, "lists", "color", "E") == ["Elsewhere"])
        #expect(Self.values(cli, "lists", "--db", other, "delete", "E") == ["Elsewhere"])
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test("the scripts call tick back with the words typed", arguments: ["bash", "zsh", "fish"])
    func scripts(shell: String) {
        let cli = CLIHarness()
        let script = cli.ok("completion", shell)
        #expect(script.contains("tick completion candidates --"))
        #expect(cli.run("completion", "tcsh").status == 64)
    }
}
