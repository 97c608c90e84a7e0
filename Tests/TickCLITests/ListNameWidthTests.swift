import Foundation
import Testing
import TestSupport
@testable import TickStore

/// Since list names are compared in NFKC, `Chores` and `ＣＨＯＲＥＳ` are one name; a database an
/// older Tick wrote may hold both as lists of their own. Each keeps its reminders: a name finds
/// the list of that exact name first, then one the same but for case (`ｃｈｏｒｅｓ`: `ＣＨＯＲＥＳ`)
/// (a tester: an import naming both put everything into the first, and the database's own
/// archive could not be restored).
@Suite("Lists alike but for width, made by an older Tick")
struct ListNameWidthTests {
    static let stamp = "'2026-11-29T12:00:00.000Z'"

    /// A database with the lists Chores (P) and ＣＨＯＲＥＳ (F), one reminder each.
    static func olderDatabase() throws -> CLIHarness {
        let cli = CLIHarness()
        cli.ok("lists")
        let db = try Store.open(path: cli.databasePath)
        try db.executeScript("""
            INSERT INTO list (id, name, color, position, created_at, modified_at) VALUES
                ('P', 'Chores', '#007AFF', 1, \(stamp), \(stamp)),
                ('F', 'ＣＨＯＲＥＳ', '#FF0000', 2, \(stamp), \(stamp));
            """)
        for (title, list) in [("plain", "Chores"), ("wide", "ＣＨＯＲＥＳ")] {
            cli.ok("add", title, "--list", list)
        }
        return cli
    }

    static func titles(_ cli: CLIHarness, _ list: String) throws -> Set<String> {
        let rows = try JSONSerialization.jsonObject(with: Data(cli.ok("list", list, "--json").utf8)) as? [[String: Any]]
        return Set((rows ?? []).compactMap { $0["title"] as? String })
    }

    @Test("each name finds its own list, in commands and in an import naming both")
    func eachFindsItsOwn() throws {
        let cli = try Self.olderDatabase()
        #expect(try Self.titles(cli, "ＣＨＯＲＥＳ") == ["wide"])
        let file = cli.folder.file("mix.txt")
        try Data("ta +Chores\ntb +ＣＨＯＲＥＳ\ntc +ｃｈｏｒｅｓ\ntd +chores\n".utf8).write(to: URL(fileURLWithPath: file))
        cli.ok("import", file)
        #expect(try Self.titles(cli, "Chores") == ["plain", "ta", "td"])
        #expect(try Self.titles(cli, "ＣＨＯＲＥＳ") == ["wide", "tb", "tc"])
    }

    /// A tester: `tick lists delete` of a name alike but for width to several lists, none of
    /// them spelled so or but for case, took the first.
    @Test("a name alike but for width to several lists, and to none but for case, is refused as ambiguous")
    func ambiguous() throws {
        let cli = try Self.olderDatabase()
        for arguments in [["add", "x", "--list", "Ｃhores"], ["lists", "delete", "Ｃhores", "--force"], ["list", "Ｃhores"]] {
            let result = cli.run(arguments)
            #expect(result.status != 0 && result.errors.contains("could be any of the lists 'Chores', 'ＣＨＯＲＥＳ'"),
                    "\(arguments): \(result.errors)")
        }
        #expect(try Self.titles(cli, "Chores") == ["plain"])
        #expect(try Self.titles(cli, "ＣＨＯＲＥＳ") == ["wide"])
    }

    @Test("renaming a list to its own name says nothing changed")
    func sameName() throws {
        let cli = try Self.olderDatabase()
        #expect(cli.ok("lists", "rename", "ＣＨＯＲＥＳ", "ＣＨＯＲＥＳ") == "List 'ＣＨＯＲＥＳ' has that name already; nothing was changed\n")
        #expect(cli.ok("lists", "rename", "chores", "CHORES") == "Renamed list 'Chores' to 'CHORES'\n")
    }

    @Test("the database's archive imports again: into it unchanged, into a new database as one list")
    func archiveRestores() throws {
        let cli = try Self.olderDatabase()
        let archive = cli.folder.file("backup.json")
        cli.ok("export", "--output", archive)
        cli.ok("import", archive)
        #expect(try Self.titles(cli, "ＣＨＯＲＥＳ") == ["wide"])
        #expect(try Self.titles(cli, "Chores") == ["plain"])

        let fresh = CLIHarness()
        fresh.ok("import", archive)
        #expect(try Self.titles(fresh, "Chores") == ["plain", "wide"])
    }
}
