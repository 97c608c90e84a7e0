import Foundation
import Testing
import TestSupport
import TickCLI

@Suite("tick search syntax and --sort")
struct SearchSortCommandTests {
    static func titles(_ cli: CLIHarness, _ arguments: String...) throws -> [String] {
        let output = cli.ok(arguments + ["--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        return rows.compactMap { $0["title"] as? String }
    }

    @Test("search: accents, phrases, fields, tags and OR from the command line")
    func syntax() throws {
        let cli = CLIHarness()
        cli.ok("add", "Café with Ana", "--tag", "garden work")
        cli.ok("add", "Call the dentist", "--notes", "tax return")
        cli.ok("add", "Doctor visit")
        cli.ok("add", "Résumé", "--tag", "jobs")
        #expect(try Self.titles(cli, "search", "cafe") == ["Café with Ana"])
        #expect(try Self.titles(cli, "search", "resume") == ["Résumé"])
        #expect(try Self.titles(cli, "search", "dentist", "OR", "doctor") == ["Call the dentist", "Doctor visit"])
        #expect(try Self.titles(cli, "search", "notes:\"tax return\"") == ["Call the dentist"])
        #expect(try Self.titles(cli, "search", "title:tax") == [])
        #expect(try Self.titles(cli, "search", "tag:\"Garden Work\"") == ["Café with Ana"])
        #expect(try Self.titles(cli, "search", "jobs") == ["Résumé"])
    }

    @Test("bad search syntax is a usage error naming what and where, with nothing on standard output", arguments: [
        (["search", "a", "\"b"], "cannot read the search at character 3: the quote is not closed"),
        (["search", "OR"], "cannot read the search at character 1: 'OR' has nothing before it"),
        (["search", "due:friday"], "unknown field 'due:'"),
    ])
    func badSyntax(arguments: [String], message: String) {
        let cli = CLIHarness()
        cli.ok("add", "anything")
        let result = cli.run(arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    @Test("--sort and --reverse on list, smart lists and search; --limit after sorting; bad keys refused")
    func sort() throws {
        let cli = CLIHarness()
        cli.ok("add", "banana", "--due", "2026-12-05", "--priority", "low")
        cli.ok("add", "Apple", "--priority", "high")
        cli.ok("add", "cherry", "--due", "2026-12-03")
        #expect(try Self.titles(cli, "list", "--sort", "title") == ["Apple", "banana", "cherry"])
        #expect(try Self.titles(cli, "list", "all", "--sort", "due") == ["cherry", "banana", "Apple"])
        #expect(try Self.titles(cli, "list", "all", "--sort", "due", "--reverse") == ["banana", "cherry", "Apple"])
        #expect(try Self.titles(cli, "list", "all", "--sort", "priority", "--limit", "2") == ["Apple", "banana"])
        #expect(try Self.titles(cli, "list", "scheduled", "--sort", "title", "--reverse") == ["cherry", "banana"])
        // Added at the same instant (the harness's clock): a tie, in manual order both ways.
        #expect(try Self.titles(cli, "list", "all", "--sort", "created", "--reverse", "--limit", "1") == ["banana"])
        #expect(try Self.titles(cli, "search", "an OR ch", "--sort", "title") == ["banana", "cherry"])
        let bad = cli.run("list", "--sort", "titel")
        #expect(bad.status == 64 && bad.output.isEmpty)
        #expect(bad.errors.contains("--sort: 'titel' is not a sort key; use due, priority, title, created or manual (did you mean 'title'?)"), "\(bad.errors)")
        let lone = cli.run("list", "--reverse")
        #expect(lone.status == 64 && lone.errors.contains("--reverse: only with --sort KEY"))
        let week = cli.run("list", "week", "--sort", "title")
        #expect(week.status == 64 && week.errors.contains("--sort: week is grouped by day"))
    }

    @Test("completion offers the sort keys")
    func completion() {
        let cli = CLIHarness()
        let result = cli.ok("completion", "candidates", "--", "list", "--sort", "")
        for key in ["due", "priority", "title", "created", "manual"] {
            #expect(result.contains(key), "\(result)")
        }
    }
}
