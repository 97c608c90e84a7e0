import Foundation
import Testing
import TestSupport

/// Every `.ics` file of the corpus, as a user would move it: `tick import` it, `tick
/// export --format ics`, check the export with Python's `icalendar`, and `tick import`
/// the export again, in two time zones. The export must be valid, and its re-import must
/// change nothing and say nothing (issue 10, items 8 and the re-import of Tick's own
/// export): a warning about the original file is not repeated for Tick's copy.
@Suite("iCalendar corpus: import, export, re-import")
struct ICalendarCorpusRoundTripTests {
    static let files = Fixture.corpusFiles("ics")

    @Test("the export is valid for Python's icalendar and its re-import reports nothing changed and no warning",
          .enabled(if: Fixture.needsCorpus()), arguments: files, ["Asia/Seoul", "America/New_York"])
    func roundTrip(path: String, zone: String) throws {
        let name = (path as NSString).lastPathComponent
        let cli = CLIHarness(zone: zone)
        let first = cli.run("import", path)
        #expect(first.status == 0, "\(name): \(first.errors)")
        let exported = cli.ok("export", "--format", "ics")
        try PythonICalendarCheck.expectValid(exported, name: name)
        cli.files["export.ics"] = Data(exported.utf8)
        let again = cli.run("import", "export.ics", "--json")
        #expect(again.status == 0)
        #expect(again.errors == "", "\(name): re-importing Tick's own export warned")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any])
        #expect(summary["updated"] as? Int == 0, "\(name): \(again.output)")
        #expect(summary["added"] as? Int == 0, "\(name): \(again.output)")
        // And the export of the re-import is the same file.
        #expect(cli.ok("export", "--format", "ics") == exported, "\(name): a second export differs")
    }
}

@Suite("iCalendar: control characters across formats")
struct ICalendarControlCharacterTests {
    @Test("a todo.txt title with an ESC, exported as iCalendar and imported back, is unchanged (and stays so)")
    func escapeFromTodoTxt() throws {
        let cli = CLIHarness()
        cli.files["todo.txt"] = Data("Call \u{1B}[31mBob\n".utf8)
        cli.ok("import", "todo.txt")
        let exported = cli.ok("export", "--format", "ics")
        #expect(!exported.contains("\u{1B}"))
        try PythonICalendarCheck.expectValid(exported, name: "todo.txt title")
        cli.files["export.ics"] = Data(exported.utf8)
        for _ in 0..<2 {
            let again = cli.run("import", "export.ics", "--json")
            #expect(again.errors == "")
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any])
            #expect(summary["updated"] as? Int == 0)
            #expect(summary["unchanged"] as? Int == 1)
        }
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["title"] as? String == "Call \u{1B}[31mBob")
    }
}
