import Foundation
import Testing
import TestSupport
import TickModel
import TickTerminal

@Suite("tick import and export")
struct InterchangeCommandTests {
    /// Open and completed reminders the corpus todo.txt files hold (non-blank lines).
    static let todoTxtCounts: [String: (open: Int, completed: Int)] = [
        "sleek-e2e-complex.txt": (14, 2),
        "todotxt-cli-t1250-priority-lookalikes.txt": (5, 0),
        "todotxt-cli-t1310-context-edge-cases.txt": (11, 0),
        "todotxt-cli-t1320-projects-spacing-and-dates.txt": (9, 1),
        "todotxt-cli-t1350-listall-mixed-done.txt": (3, 2),
        "todotxt-spec-readme-examples.txt": (17, 2),
        "topydo-list-command-test.txt": (6, 1),
        "topydo-listformat.txt": (5, 1),
        "topydo-sorter-test14-threshold-due.txt": (8, 0),
        "topydo-unicode-tag.txt": (1, 0),
    ]

    @Test("every corpus todo.txt file imports and lists", .enabled(if: Fixture.needsCorpus()), arguments: Fixture.corpusFiles("todotxt"))
    func corpusTodoTxt(path: String) throws {
        let name = (path as NSString).lastPathComponent
        let expected = try #require(Self.todoTxtCounts[name], "a new corpus file: add its counts")
        let cli = CLIHarness()
        let result = cli.run("import", path)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("Imported \(expected.open + expected.completed) reminder"))
        let open = try #require(try cli.json("list", "all") as? [[String: Any]])
        let completed = try #require(try cli.json("list", "completed") as? [[String: Any]])
        #expect(open.count == expected.open)
        #expect(completed.count == expected.completed)
        // Every row of the human listing is one line, even at 40 columns.
        cli.isTerminal = true
        cli.columns = 40
        cli.variables["NO_COLOR"] = "1"
        let lines = cli.ok("list", "all").split(separator: "\n")
        #expect(lines.count == expected.open + 1)
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 40 })
    }

    @Test("todo.txt: +project picks the list, priorities map to levels, dates are kept")
    func todoTxtMapping() throws {
        let cli = CLIHarness()
        cli.files["todo.txt"] = Data("""
            (A) 2026-11-01 Call mom +Family @phone due:2026-12-01
            (B) Buy milk +Groceries
            (D) Someday thing
            x 2026-11-20 2026-11-01 Filed taxes +Admin
            """.utf8)
        let result = cli.run("import", "todo.txt")
        #expect(result.status == 0)
        #expect(result.output.contains("New lists: Family, Groceries, Admin"))
        let all = try #require(try cli.json("list", "all") as? [[String: Any]])
        let call = try #require(all.first { $0["title"] as? String == "Call mom" })
        #expect(call["list"] as? String == "Family")
        #expect(call["priority"] as? String == "high")
        #expect(call["tags"] as? [String] == ["phone"])
        #expect(call["due"] as? String == "2026-12-01")
        #expect(call["dueKind"] as? String == "allDay")
        #expect(all.first { $0["title"] as? String == "Buy milk" }?["priority"] as? String == "medium")
        #expect(all.first { $0["title"] as? String == "Someday thing" }?["priority"] as? String == "low")
        let done = try #require(try cli.json("list", "completed") as? [[String: Any]])
        // A todo.txt date is a day: kept as 12:00 UTC of it, not as midnight in Seoul.
        #expect(done.first?["completedAt"] as? String == "2026-11-20T12:00:00Z")
        #expect(done.first?["createdAt"] as? String == "2026-11-01T12:00:00Z")
    }

    @Test("a bad line is reported with its line number and nothing is imported")
    func badLine() throws {
        let cli = CLIHarness()
        cli.files["bad.txt"] = Data("good one\nanother due:2026-02-30\n".utf8)
        let result = cli.run("import", "bad.txt")
        #expect(result.status == 1)
        #expect(result.errors.contains("line 2"))
        #expect(result.errors.contains("Nothing was imported."))
        let all = try #require(try cli.json("list", "all") as? [Any])
        #expect(all.isEmpty)
        cli.files["latin1.txt"] = Data([0x63, 0x61, 0x66, 0xE9, 0x0A])
        #expect(cli.run("import", "latin1.txt").errors.contains("line 1"))
        #expect(cli.run("import", "missing.txt").status == 1)
    }

    @Test("--dry-run says what would happen and saves nothing")
    func dryRun() throws {
        let cli = CLIHarness()
        cli.files["todo.txt"] = Data("a +Work\nb\n".utf8)
        let output = cli.ok("import", "todo.txt", "--dry-run")
        #expect(output == "Would import 2 reminders into Reminders, Work.\nWould create lists: Work\n")
        #expect(try #require(try cli.json("list", "all") as? [Any]).isEmpty)
        #expect(try #require(try cli.json("lists") as? [Any]).count == 1)
    }

    @Test("the JSON archive restores everything into a fresh database, and re-importing never duplicates")
    func archiveRoundTrip() throws {
        let source = CLIHarness()
        source.ok("lists", "add", "Groceries", "--color", "green")
        source.ok("add", "우유 사기", "--list", "Groceries", "--due", "fri 9am", "--priority", "high", "--notes", "2 cartons",
                  "--tag", "food", "--url", "https://example.org")
        source.ok("add", "Pack", "--due", "2026-12-24")
        source.ok("add", "Socks", "--parent", "2")
        source.ok("delete", "1")
        source.ok("add", "Later")
        source.ok("done", "3")
        source.ok("edit", "2", "--list", "Groceries")
        let archive = source.ok("export")
        let target = CLIHarness()
        target.files["backup.json"] = Data(archive.utf8)
        #expect(target.ok("import", "backup.json") == "Imported 3 reminders into Groceries, Reminders.\nNew lists: Groceries\n")
        // Lists are matched by name: the target's own "Reminders" list keeps its identifier.
        func reminders(_ text: String) throws -> [NSDictionary] {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let rows = try #require(object["reminders"] as? [[String: Any]])
            return rows.map { row in
                var row = row
                row["listID"] = nil
                return row as NSDictionary
            }
        }
        let original = try reminders(archive)
        #expect(original.count == 3)
        #expect(try reminders(target.ok("export")) == original)
        #expect(target.ok("import", "backup.json") == "Imported 3 reminders (3 unchanged) into Groceries, Reminders.\n")
        #expect(try reminders(target.ok("export")) == original)
        #expect(target.ok("add", "new") == "Added #5 \"new\" to Reminders\n")
    }

    @Test("todo.txt export and re-import keep the reminders")
    func todoTxtExport() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Home Office")
        cli.ok("add", "Call mom", "--due", "2026-12-01", "--priority", "high", "--tag", "phone")
        cli.ok("add", "Desk", "--list", "Home Office")
        let text = cli.ok("export", "--format", "todotxt")
        let uids = try #require(try cli.json("list", "all") as? [[String: Any]]).compactMap { $0["uid"] as? String }
        #expect(uids.count == 2)
        #expect(text == "(A) 2026-11-29 Call mom @phone due:2026-12-01 uid:\(uids[0])\n2026-11-29 Desk +Home_Office uid:\(uids[1])\n")
    }

    @Test("export --output writes the file; unknown formats are usage errors")
    func exportErrors() throws {
        let cli = CLIHarness()
        cli.ok("add", "x")
        let result = cli.run("export", "--format", "xml")
        #expect(result.status == 64)
        #expect(result.errors.contains("unknown format 'xml'"))
        let path = cli.folder.file("out.json")
        cli.ok("export", "--output", path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? String == "tick")
        #expect(cli.run("export", "--list", "Nope").status == 1)
    }

    @Test("export --output refuses the database and SQLite's files beside it, by path, link or inode, and changes nothing")
    func exportOverTheDatabase() throws {
        let cli = CLIHarness()
        cli.ok("add", "Keep me")
        let database = cli.databasePath
        let link = cli.folder.file("link.sqlite3")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: database)
        let hardLink = cli.folder.file("hard.sqlite3")
        try FileManager.default.linkItem(atPath: database, toPath: hardLink)
        for path in [database, link, hardLink, database + "-wal", database + "-shm", database + "-journal"] {
            let result = cli.run("export", "-o", path)
            #expect(result.status == 64, "\(path): \(result.errors)")
            #expect(result.errors.contains("the database") || result.errors.contains("a file of the database"), "\(result.errors)")
        }
        #expect(cli.ok("list").contains("Keep me"))
        // A file beside it with another name is fine.
        cli.ok("export", "-o", database + ".json")
    }

    /// A tester: lists and tags whose names end in punctuation (`Errands!`, `phone?`) were
    /// written as `+Errands!` and `@phone?`, which todo.txt reads as title words; at the end of
    /// a line they ended the run of fields, so an export imported back turned titles into
    /// `Task in Work Stuff +Work_Stuff @to_do @phone?` and dropped tags. They are left out of
    /// the lines, said, and kept by the import; the round trip changes nothing.
    @Test("todo.txt: names a +project or @context cannot hold are left out, said, and kept by the round trip")
    func todoTxtUnwritableNames() throws {
        let cli = CLIHarness()
        for list in ["Home (private)", "Errands!", "Work Stuff", "C++"] {
            cli.ok("lists", "add", list)
            cli.ok("add", "Task in \(list)", "--list", list, "--tag", "to do", "--tag", "phone?")
        }
        let before = cli.ok("export", "--format", "json")
        let exported = cli.run("export", "--format", "todotxt", "--output", cli.folder.file("t.txt"))
        #expect(exported.errors.contains("list \"Errands!\"") && exported.errors.contains("tag \"phone?\""), "\(exported.errors)")
        let text = try String(contentsOfFile: cli.folder.file("t.txt"), encoding: .utf8)
        #expect(text.contains("Task in Work Stuff +Work_Stuff @to_do uid:") && !text.contains("@phone?") && !text.contains("+Errands!"), "\(text)")
        #expect(cli.ok("import", cli.folder.file("t.txt")).contains("4 unchanged"))
        func withoutStamp(_ json: String) -> String { json.split(separator: "\n").filter { !$0.contains("exportedAt") }.joined() }
        #expect(withoutStamp(cli.ok("export", "--format", "json")) == withoutStamp(before))
        // A line that changes a tag keeps the ones it cannot hold.
        let edited = text.replacingOccurrences(of: "Task in C++ @to_do", with: "Task in C++ @later")
        cli.files["edited.txt"] = Data(edited.utf8)
        cli.ok("import", "edited.txt")
        #expect(cli.ok("show", "4").contains("#later") && cli.ok("show", "4").contains("#phone?"))
    }

    /// A tester: "Imported 5 reminders … into Q&A, Reminders, Work.." for a list named "Work.".
    @Test("the import's summary ends with one period after a list named with one")
    func summaryAfterAListEndingInAPeriod() {
        let cli = CLIHarness()
        cli.files["w.json"] = Data(##"{"format":"tick","version":1,"lists":[{"id":"L","name":"Work.","color":"#007AFF"}],"reminders":[{"uid":"a","listID":"L","title":"x"}]}"##.utf8)
        #expect(cli.ok("import", "w.json").hasPrefix("Imported 1 reminder into Work.\n"))
    }

    /// A tester: `kill -9` of an export left its 38 MB temporary file beside the target, and
    /// later exports left it there. An export removes those of processes that are gone.
    @Test("export --output removes the temporary files that exports killed before their rename left")
    func abandonedTemporaries() throws {
        let cli = CLIHarness()
        cli.ok("add", "Backed up")
        let target = cli.folder.file("backup.json")
        let abandoned = target + ".tick-4194300.tmp", running = target + ".tick-1.tmp", other = cli.folder.file("other.json.tick-4194300.tmp")
        for path in [abandoned, running, other] { #expect(FileManager.default.createFile(atPath: path, contents: Data("partial".utf8))) }
        cli.ok("export", "--output", target)
        #expect(!FileManager.default.fileExists(atPath: abandoned), "its process is gone")
        #expect(FileManager.default.fileExists(atPath: running), "process 1 runs: an export in flight")
        #expect(FileManager.default.fileExists(atPath: other), "another target's")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("Backed up"))
    }

    /// Found by a tester: `--output` a named pipe or a device (`/dev/stdout`, `/dev/full`)
    /// renamed a temporary file over it and said "Exported": the reader got nothing, and the
    /// device was replaced by a plain file. They are written into as they are.
    @Test("export --output a named pipe writes into the pipe and leaves it a pipe; a folder is refused")
    func exportIntoAPipe() throws {
        let cli = CLIHarness()
        cli.ok("add", "Through the pipe")
        let pipe = cli.folder.file("pipe")
        #expect(mkfifo(pipe, 0o600) == 0)
        // A reader that does not wait for a writer, so that the export's open finds one.
        let reader = open(pipe, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let result = cli.run("export", "--format", "todotxt", "--output", pipe)
        #expect(result.status == 0, "\(result.errors)")
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(reader, &chunk, chunk.count)
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        #expect(String(decoding: received, as: UTF8.self).contains("Through the pipe"))
        var info = stat()
        #expect(stat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a named pipe")
        let folder = cli.folder.file("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let refused = cli.run("export", "--output", folder)
        #expect(refused.status == 1)
        #expect(refused.errors.contains("it is a folder"), "\(refused.errors)")
    }
}

@Suite("Import: idempotence and validation")
struct ImportValidationTests {
    @Test("importing the same todo.txt twice changes nothing the second time")
    func todoTxtTwice() throws {
        let cli = CLIHarness()
        cli.files["todo.txt"] = Data("a +Work\nb\nb\nx 2026-11-01 c\n".utf8)
        #expect(cli.ok("import", "todo.txt").hasPrefix("Imported 4 reminders"))
        #expect(cli.ok("import", "todo.txt").hasPrefix("Imported 4 reminders (4 unchanged)"))
        #expect(try #require(try cli.json("list", "all") as? [Any]).count == 3)
        // A completed line without a creation date was created by its completion.
        let done = try #require(try cli.json("list", "completed") as? [[String: Any]])
        #expect(done.first?["createdAt"] as? String == done.first?["completedAt"] as? String)
    }

    /// Found by a tester: `--list ""` said there is no list named '' and suggested
    /// `tick lists add ""`, which is refused.
    @Test("--list with a blank name is a usage error naming the rule", arguments: ["", "   "])
    func blankList(_ name: String) throws {
        let cli = CLIHarness()
        cli.files["todo.txt"] = Data("c\n".utf8)
        let result = cli.run("import", "todo.txt", "--list", name)
        #expect(result.status == 64)
        #expect(result.errors.contains("--list: the list name is empty or only white space"), "\(result.errors)")
        #expect(!result.errors.contains("lists add"))
    }

    @Test("--list puts everything in one list and keeps the +project in the title")
    func forcedList() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Target")
        cli.files["todo.txt"] = Data("c +y\nd\n".utf8)
        cli.ok("import", "todo.txt", "--list", "Target")
        let all = try #require(try cli.json("list", "Target") as? [[String: Any]])
        #expect(all.map { $0["title"] as? String } == ["c +y", "d"])
        #expect(try #require(try cli.json("lists") as? [Any]).count == 2)
    }

    @Test("an archive with values Tick cannot hold is refused and nothing is imported", arguments: [
        ("\"position\": 9223372036854775807", "\"position\" must be a whole number"),
        ("\"number\": 9223372036854775807", "\"number\" must be a whole number"),
        ("\"number\": -5", "\"number\" must be a whole number"),
        ("\"iCalendarPriority\": 42", "\"iCalendarPriority\" must be a whole number from 0 to 9"),
        ("\"title\": \"\\u3000\"", "the title is empty"),
        // Numbers are not booleans, nor booleans numbers (Foundation on Linux mixes them).
        ("\"flagged\": 1", "\"flagged\" must be true or false"),
        ("\"completed\": 0", "\"completed\" must be true or false"),
        ("\"flagged\": \"yes\"", "\"flagged\" must be true or false"),
        ("\"number\": true", "\"number\" must be a whole number"),
        ("\"position\": false", "\"position\" must be a whole number"),
        ("\"alarms\": [{\"at\": \"2026-12-01T08:00:00Z\", \"snooze\": 1}]", "\"snooze\" must be true or false"),
    ])
    func badArchive(field: String, message: String) throws {
        let cli = CLIHarness()
        let json = """
            {"format": "tick", "version": 1, "lists": [{"id": "L", "name": "Inbox", "color": "#007AFF"}],
             "reminders": [{"uid": "u1", "listID": "L", "title": "ok", "number": 1},
                           {"uid": "u2", "listID": "L", \(field.hasPrefix("\"title\"") ? "" : "\"title\": \"x\", ")\(field)}]}
            """
        cli.files["a.json"] = Data(json.utf8)
        let result = cli.run("import", "a.json")
        #expect(result.status == 1)
        #expect(result.errors.contains("reminders[1]"))
        #expect(result.errors.contains(message))
        #expect(try #require(try cli.json("list", "all") as? [Any]).isEmpty)
    }

    @Test("duplicate UIDs in one archive are refused; so is a reminder that is its own parent (it lost the link without a word)")
    func archiveIdentity() throws {
        let cli = CLIHarness()
        cli.files["dup.json"] = Data("""
            {"format": "tick", "version": 1, "lists": [],
             "reminders": [{"uid": "same", "listID": "L", "title": "a"}, {"uid": "same", "listID": "L", "title": "b"}]}
            """.utf8)
        #expect(cli.run("import", "dup.json").errors.contains("the uid is the same as reminders[0]'s"))
        cli.files["self.json"] = Data("""
            {"format": "tick", "version": 1, "lists": [],
             "reminders": [{"uid": "me", "listID": "L", "title": "a", "parentUID": "me", "completed": true}]}
            """.utf8)
        let refused = cli.run("import", "self.json")
        #expect(refused.status == 1)
        #expect(refused.errors.contains("reminders[0]: \"parentUID\" is the reminder's own uid"), "\(refused.errors)")
        #expect(try #require(try cli.json("list", "all") as? [Any]).isEmpty)
    }
}

@Suite("Archive restore keeps exact places")
struct ArchivePositionTests {
    @Test("a reminder at position 0 (or below) comes back at its place")
    func zeroPosition() throws {
        let cli = CLIHarness()
        cli.files["a.json"] = Data("""
            {"format": "tick", "version": 1, "lists": [{"id": "L", "name": "Reminders", "color": "#007AFF"}],
             "reminders": [{"uid": "b", "listID": "L", "title": "second", "position": 1024},
                           {"uid": "a", "listID": "L", "title": "first", "position": 0},
                           {"uid": "z", "listID": "L", "title": "zeroth", "position": -1024}]}
            """.utf8)
        cli.ok("import", "a.json")
        let rows = try #require(try cli.json("list") as? [[String: Any]])
        #expect(rows.map { $0["title"] as? String } == ["zeroth", "first", "second"])
    }
}

/// Re-importing: a reminder changed here after the file's copy is kept; an unchanged
/// export imported back changes nothing.
@Suite("Re-import: newer here, and unchanged round trips")
struct ReimportTests {
    /// The same reminder (UID `u-1`, title "from file") in each format, with the time
    /// the file says it was last changed, or none.
    static func file(_ format: String, modified: String?) -> (name: String, text: String) {
        switch format {
        case "ics":
            let line = modified.map { "LAST-MODIFIED:" + $0.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "") + "\r\n" } ?? ""
            return ("a.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//T//EN\r\nX-WR-CALNAME:Inbox\r\nBEGIN:VTODO\r\nUID:u-1\r\n"
                + "SUMMARY:from file\r\nCREATED:20261001T000000Z\r\n" + line + "END:VTODO\r\nEND:VCALENDAR\r\n")
        case "taskwarrior":
            let field = modified.map { #","modified":"\#($0.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: ""))""# } ?? ""
            return ("tasks.json", #"[{"uuid":"u-1","description":"from file","status":"pending","project":"Inbox","entry":"20261001T000000Z"\#(field)}]"#)
        default:
            let field = modified.map { #", "modifiedAt": "\#($0)""# } ?? ""
            return ("backup.json", ##"{"format": "tick", "version": 1, "lists": [{"id": "L", "name": "Inbox", "color": "#007AFF"}], "##
                + #""reminders": [{"uid": "u-1", "listID": "L", "title": "from file", "createdAt": "2026-10-01T00:00:00Z"\#(field)}]}"#)
        }
    }

    @Test("a reminder edited here after the file's last change is kept and counted", arguments: ["ics", "taskwarrior", "json"])
    func newerHereIsKept(format: String) throws {
        let cli = CLIHarness()
        let (name, text) = Self.file(format, modified: "2026-11-01T00:00:00Z")
        cli.files[name] = Data(text.utf8)
        cli.ok("import", name)
        cli.ok("edit", "1", "--title", "local")
        let summary = try #require(try cli.json("import", name) as? [String: Any])
        #expect(summary["keptNewer"] as? Int == 1)
        #expect(summary["updated"] as? Int == 0)
        #expect(cli.ok("import", name) == "Imported 1 reminder (1 kept (newer here)) into Inbox.\n")
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["title"] as? String == "local")
    }

    @Test("a file changed after the edit here, or one without a modification time, wins",
          arguments: [("ics", "2026-12-01T00:00:00Z"), ("ics", nil), ("taskwarrior", "2026-12-01T00:00:00Z"),
                      ("taskwarrior", nil), ("json", "2026-12-01T00:00:00Z"), ("json", nil)] as [(String, String?)])
    func fileWins(format: String, modified: String?) throws {
        let cli = CLIHarness()
        let (name, text) = Self.file(format, modified: modified)
        cli.files[name] = Data(text.utf8)
        cli.ok("import", name)
        cli.ok("edit", "1", "--title", "local")
        let summary = try #require(try cli.json("import", name) as? [String: Any])
        #expect(summary["keptNewer"] as? Int == 0)
        #expect(summary["updated"] as? Int == 1)
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["title"] as? String == "from file")
    }

    @Test("importing a fresh export back changes nothing, even when the import time had a fraction of a second", .enabled(if: Fixture.needsCorpus()),
          arguments: ["ics", "json", "todotxt"])
    func unchangedRoundTrip(format: String) throws {
        let cli = CLIHarness()
        cli.variables["TICK_NOW"] = nil
        cli.clock = Fixture.now.addingTimeInterval(0.375)
        for path in Fixture.corpusFiles("ics") + Fixture.corpusFiles("taskwarrior") { cli.ok("import", path) }
        let before = cli.ok("export", "--format", "json")
        let name = "export." + (format == "todotxt" ? "txt" : format)
        cli.files[name] = Data(cli.ok("export", "--format", format).utf8)
        cli.clock = Fixture.now.addingTimeInterval(72_000.5)
        let summary = try #require(try cli.json("import", name) as? [String: Any])
        #expect(summary["updated"] as? Int == 0)
        #expect(summary["added"] as? Int == 0)
        #expect((summary["unchanged"] as? Int ?? 0) > 100)
        // Nothing moved in the database either (the export time aside).
        func withoutStamp(_ text: String) -> [Substring] { text.split(separator: "\n").filter { !$0.contains("\"exportedAt\"") } }
        #expect(withoutStamp(cli.ok("export", "--format", "json")) == withoutStamp(before))
    }
}

@Suite("todo.txt list names with spaces")
struct TodoTxtSpacedListTests {
    @Test("+Home_Office finds the list 'Home Office' instead of making a new one")
    func underscores() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Home Office")
        cli.ok("add", "Desk", "--list", "Home Office")
        cli.files["back.txt"] = Data(cli.ok("export", "--format", "todotxt").utf8)
        cli.ok("import", "back.txt")
        let lists = try #require(try cli.json("lists") as? [[String: Any]])
        #expect(lists.map { $0["name"] as? String } == ["Reminders", "Home Office"])
        #expect(try #require(try cli.json("list", "Home Office") as? [Any]).count == 1)
    }
}
