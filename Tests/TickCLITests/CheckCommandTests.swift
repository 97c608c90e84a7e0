import CSQLite
import Foundation
import Testing
@testable import TickStore
import TestSupport

/// `tick check [--repair] [--json]`: what a person and a script read, and the exit status.
@Suite("tick check")
struct CheckCommandTests {
    /// Writes `sql` into the harness's database behind Tick's back (as the `sqlite3` shell would).
    static func tamper(_ cli: CLIHarness, _ sql: String) throws {
        let store = try Store(path: cli.databasePath, now: Date(timeIntervalSince1970: 0))
        try store.write { db in try db.executeScript(sql) }
    }

    @Test("a sound database: one line, exit 0, and nothing changes")
    func sound() throws {
        let cli = CLIHarness()
        cli.ok("add", "Buy milk", "--tag", "shop")
        cli.ok("lists", "add", "장보기")
        cli.ok("add", "두부 사기", "--list", "장보기")
        let changes = cli.ok("undo", "--list")
        #expect(cli.ok("check") == "Checked \(cli.databasePath) (2 reminders in 2 lists): no problems found.\n")
        let report = try #require(try cli.json("check", "--json") as? [String: Any])
        #expect(report["reminders"] as? Int == 2 && report["lists"] as? Int == 2)
        #expect((report["problems"] as? [Any])?.isEmpty == true && report["more"] as? Bool == false)
        #expect(report["remaining"] is NSNull)
        #expect(cli.ok("check", "--repair").hasSuffix("no problems found.\n"))
        // Nothing for `tick undo` to take back: the changes are the three made before.
        #expect(cli.ok("undo", "--list") == changes)
    }

    @Test("derived problems: listed, exit 1 with what to run; --repair mends them, exit 0, and the reminders stay")
    func derived() throws {
        let cli = CLIHarness()
        cli.ok("add", "Buy milk", "--tag", "shop")
        cli.ok("add", "Call mom", "--flag")
        let listing = cli.ok("list", "all")
        try Self.tamper(cli, "UPDATE list_count SET open = 7; DELETE FROM reminder_tag;")

        let found = cli.run("check")
        #expect(found.status == 1)
        #expect(found.output == """
            Checked \(cli.databasePath) (2 reminders in 1 list): 2 problems:
              list counts: list 'Reminders': open 7 kept, 2 counted
              tags: reminder 1: tag 'shop' is not kept in its row

            """)
        #expect(found.errors == "tick: error: the database has 2 problems in what Tick derives from the reminders "
                + "(no reminder or list is damaged); 'tick check --repair' rebuilds it\n")
        let json = cli.run("check", "--json")
        #expect(json.status == 1 && json.output.contains("\"part\": \"listCounts\""), "\(json.output)")

        let repaired = cli.run("check", "--repair")
        #expect(repaired.status == 0, "\(repaired.errors)")
        #expect(repaired.output.hasSuffix("Rebuilt the indexes, the search index, the counts, the tags' rows and the CalDAV resources: no problems left.\n"))
        #expect(cli.ok("check").hasSuffix("no problems found.\n"))
        #expect(cli.ok("list", "all") == listing)
        #expect(cli.ok("lists").contains("2"))
        #expect(cli.ok("list", "--tag", "shop").contains("Buy milk"))
    }

    /// t58: 1,801 problems were said as "the database has 100 problems".
    @Test("more problems than the 100 listed: said so, in the list and in the error")
    func moreThanListed() throws {
        let cli = CLIHarness()
        for index in 1...120 { cli.ok("add", "Task \(index)", "--tag", "tagged") }
        try Self.tamper(cli, "DELETE FROM reminder_tag")
        let found = cli.run("check")
        #expect(found.status == 1)
        #expect(found.output.contains("100 problems (the first 100; there are more):"), "\(found.output.prefix(300))")
        #expect(found.errors.contains("the database has more than 100 problems in what Tick derives"), "\(found.errors)")
        #expect(cli.run("check", "--repair").status == 0)
    }

    /// t58: the export `tick check` advises left out, without a word, a reminder whose list is
    /// not in the database.
    @Test("a reminder whose list is not there: check names the reference; an export says it is left out")
    func reminderWithoutItsList() throws {
        let cli = CLIHarness()
        cli.ok("add", "Kept")
        cli.ok("lists", "add", "Gone")
        cli.ok("add", "Orphan", "--list", "Gone")
        var handle: OpaquePointer?
        #expect(sqlite3_open(cli.databasePath, &handle) == SQLITE_OK)
        #expect(sqlite3_exec(handle, "DELETE FROM list WHERE name = 'Gone'", nil, nil, nil) == SQLITE_OK)
        sqlite3_close(handle)
        let found = cli.run("check")
        #expect(found.status == 1)
        #expect(found.output.contains("references: ") && found.output.contains("refers to a row of list that is not there"), "\(found.output)")
        let export = cli.run("export", "--format", "json")
        #expect(export.status == 0)
        #expect(export.output.contains("\"Kept\"") && !export.output.contains("Orphan"))
        #expect(export.errors.contains("1 reminder is not in this export: its list is not in the database"), "\(export.errors)")
        #expect(cli.run("export", "--format", "json", "--list", "Reminders").errors.isEmpty)
    }

    /// t58: `tick check` advised "what can still be read comes out with tick export", which
    /// stopped at the first value it could not read, and left out a reminder whose list was gone.
    @Test("export --salvage writes every reminder, a value it cannot read left out and named; importing it makes a sound database")
    func salvage() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Work")
        cli.ok("add", "Dentist", "--due", "2026-12-09", "--tag", "health")
        cli.ok("add", "Report", "--list", "Work", "--alarm", "-1h", "--due", "2026-12-10 09:00")
        cli.ok("add", "Orphan", "--list", "Work")
        try Self.tamper(cli, "UPDATE reminder SET created_at = 'yesterday' WHERE title = 'Dentist'; "
                           + "UPDATE reminder SET alarms = 'not json' WHERE title = 'Report'")
        var handle: OpaquePointer?
        #expect(sqlite3_open(cli.databasePath, &handle) == SQLITE_OK)
        #expect(sqlite3_exec(handle, "UPDATE reminder SET list_id = 'gone' WHERE title = 'Orphan'", nil, nil, nil) == SQLITE_OK)
        sqlite3_close(handle)
        #expect(cli.run("export", "--format", "json").status == 1)

        let salvaged = cli.run("export", "--salvage")
        #expect(salvaged.status == 0, "\(salvaged.errors)")
        #expect(salvaged.errors.contains("left out: reminder number 1: the column created_at cannot be read"), "\(salvaged.errors)")
        #expect(salvaged.errors.contains("left out: reminder number 2: the column alarms cannot be read"), "\(salvaged.errors)")
        #expect(salvaged.errors.hasSuffix("tick: warning: 2 values that could not be read were left out\n"), "\(salvaged.errors)")
        let archive = try #require(try JSONSerialization.jsonObject(with: Data(salvaged.output.utf8)) as? [String: Any])
        let titles = (archive["reminders"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }.sorted()
        #expect(titles == ["Dentist", "Orphan", "Report"])

        let fresh = CLIHarness()
        fresh.files["salvaged.json"] = Data(salvaged.output.utf8)
        fresh.ok("import", "salvaged.json")
        #expect(fresh.ok("check").hasSuffix("no problems found.\n"))
        let dentist = try #require(try fresh.json("search", "Dentist", "--json") as? [[String: Any]]).first
        #expect((dentist?["tags"] as? [String]) == ["health"] && (dentist?["due"] as? String)?.hasPrefix("2026-12-09") == true, "\(dentist ?? [:])")
        #expect(cli.run("export", "--salvage", "--format", "ics").status == 64)
        #expect(cli.run("export", "--salvage", "--list", "Work").status == 64)
    }

    @Test("a value Tick cannot read is not derived: the error says to export what can be read, also after --repair")
    func notDerived() throws {
        let cli = CLIHarness()
        cli.ok("add", "Dentist", "--due", "2026-12-09")
        try Self.tamper(cli, "UPDATE reminder SET created_at = 'yesterday'")
        let found = cli.run("check")
        #expect(found.status == 1)
        #expect(found.output.contains("  values: ") && found.output.contains("created_at"), "\(found.output)")
        #expect(found.errors.contains("the reminders or lists themselves are damaged") && found.errors.contains("tick export --salvage"))
        let repaired = cli.run("check", "--repair")
        #expect(repaired.status == 1)
        #expect(repaired.output.contains("1 problem left:"))
        #expect(repaired.errors.contains("that rebuilding did not mend"))
    }
}
