import Foundation
import Testing
import TestSupport
import TickCLI

/// Problems a first user found, each kept as a test with the right value.
@Suite("Regressions from first use")
struct RegressionTests {
    @Test("a write that fails (not a closed pipe) is remembered, so the command can fail")
    func outputFailure() throws {
        let readOnly = open("/dev/null", O_RDONLY)
        #expect(readOnly >= 0)
        defer { close(readOnly) }
        let output = FileDescriptorOutput(descriptor: readOnly)
        output.write("text")
        output.flush()
        #expect(output.failure == EBADF)

        // As in the executable: a closed pipe is an EPIPE error, not a fatal signal.
        signal(SIGPIPE, SIG_IGN)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[0]) // the reader left: `tick list | head -1`
        defer { close(fds[1]) }
        let piped = FileDescriptorOutput(descriptor: fds[1])
        piped.write("text")
        piped.flush()
        #expect(piped.failure == nil)
    }

    /// Found by fuzz/arguments: `--tag=` followed by a value that starts with a combining
    /// mark was an unknown option, because the mark joined the `=` into one character.
    @Test("an option's value may start with a combining mark, after = or as the next word")
    func combiningMarkValue() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "\u{301}Home")
        cli.ok("add", "Accent", "--tag=\u{301}x", "-t", "\u{35D}y", "--list=\u{301}Home")
        let shown = cli.ok("show", "1")
        #expect(shown.contains("#\u{301}x"))
        #expect(shown.contains("#\u{35D}y"))
        #expect(shown.contains("\u{301}Home"))
        // A word that starts with a dash is an option, a mark after the dash or not; after
        // `--` it is a title.
        #expect(cli.run("add", "-\u{301}x").errors.contains("unknown option"))
        cli.ok("add", "--", "-\u{301}x")
        #expect(cli.ok("show", "2").contains("-\u{301}x"))
    }

    @Test("list names are unique up to case and Unicode normalization, in any script")
    func unicodeNames() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Wörk")
        #expect(cli.run("lists", "add", "WÖRK").status == 1)
        #expect(cli.run("lists", "add", "Wo\u{308}rk").status == 1) // decomposed
        #expect(cli.ok("list", "wo\u{308}RK").hasPrefix("● Wörk"))
        cli.ok("lists", "add", "école")
        #expect(cli.run("lists", "rename", "Wörk", "ÉCOLE").errors.contains("already exists"))
    }

    @Test("only files that say they are todo.txt are read as todo.txt")
    func formatDetection() {
        let cli = CLIHarness()
        cli.files["notes.ics"] = Data("BEGIN:VCALENDAR\nEND:VCALENDAR\n".utf8)
        cli.files["passwd"] = Data("root:x:0:0\n".utf8)
        cli.files["todo"] = Data("a\n".utf8)
        #expect(cli.run("import", "passwd").status == 64)
        #expect(cli.run("import", "passwd").errors.contains("give --format"))
        #expect(cli.ok("import", "todo").hasPrefix("Imported 1 reminder"))
        #expect(cli.ok("import", "passwd", "--format", "todotxt").hasPrefix("Imported 1 reminder"))
        #expect(cli.run("import", cli.folder.path).errors.contains("is a folder"))
    }

    @Test("--db needs a path; a folder is not a database")
    func databaseOption() {
        let cli = CLIHarness()
        // Every spelling of an empty path is refused, and nothing is written (a tester: `tick
        // --db= add x` added to the default database).
        for arguments in [["--db", "", "list"], ["list", "--db", ""], ["--db=", "add", "x"], ["add", "x", "--db="],
                          ["lists", "--db=", "add", "L"], ["lists", "--db", "", "add", "L"]] {
            let result = cli.run(arguments)
            #expect(result.status == 64 && result.errors.contains("'--db' needs a path, not an empty value"), "\(arguments): \(result.errors)")
        }
        #expect(cli.ok("list", "all").contains("No open reminders"))
        // Text that starts with '-' and holds a space is no option: the error says how to give it.
        let dashed = cli.run("add", "-fix the sink")
        #expect(dashed.status == 64 && dashed.errors.contains("put '--' before it: tick add -- '-fix the sink'"), "\(dashed.errors)")
        for arguments in [["lists", "add", "-Groceries"], ["search", "-milk"]] {
            let result = cli.run(arguments)
            #expect(result.status == 64 && result.errors.contains("put '--' before it"), "\(arguments): \(result.errors)")
        }
        cli.ok("add", "--", "-fix the sink")
        #expect(cli.ok("list", "all").contains("-fix the sink"))
        // A near miss of an option before the command is named, as after one.
        for (typed, meant) in [("--verison", "--version"), ("--hlep", "--help"), ("--no-pagr", "--no-pager"), ("--bd=x", "--db")] {
            let result = cli.run(typed, "list")
            #expect(result.status == 64 && result.errors.contains("did you mean '\(meant)'?"), "\(typed): \(result.errors)")
        }
        // A device is no database (a tester: TICK_DB=/dev/null said "disk I/O error" and left /dev/null-journal).
        let device = cli.run("--db", "/dev/null", "add", "x")
        #expect(device.status == 1 && device.errors.contains("/dev/null is not a regular file"), "\(device.errors)")
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
        let folder = cli.run("--db", cli.folder.path, "list")
        #expect(folder.status == 1)
        #expect(folder.errors.contains("is a folder"))
        // The option may come before a subcommand of a group.
        cli.ok("lists", "--db", cli.folder.file("other.sqlite3"), "add", "Elsewhere")
        #expect(FileManager.default.fileExists(atPath: cli.folder.file("other.sqlite3")))
    }

    @Test("export --output keeps the file private and writes through a link; - is standard output")
    func exportOutput() throws {
        let cli = CLIHarness()
        cli.ok("add", "x")
        let path = cli.folder.file("backup.json")
        cli.ok("export", "--output", path)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        let link = cli.folder.file("link.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        cli.ok("add", "y")
        cli.ok("export", "--output", link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == path)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"y\""))
        #expect(cli.ok("export", "--output", "-").hasPrefix("{"))
    }

    @Test("add without a title is a usage error; a subtask goes to its parent's list")
    func addRules() throws {
        let cli = CLIHarness()
        #expect(cli.run("add").status == 64)
        #expect(cli.run("add", "--due", "today").status == 64)
        cli.ok("lists", "add", "Trip")
        cli.ok("add", "Pack", "--list", "Trip")
        #expect(cli.ok("add", "Socks", "--parent", "1") == "Added #2 \"Socks\" to Trip\n")
    }

    @Test("error messages never carry raw control characters from names")
    func sanitizedErrors() {
        let cli = CLIHarness()
        let result = cli.run("list", "x\u{1B}]0;pwn\u{07}")
        #expect(result.status == 1)
        #expect(!result.errors.contains("\u{1B}"))
        #expect(!result.errors.contains("\u{07}"))
    }

    @Test("TICK_NOW must name a real instant; an unknown TZ is said, not silently replaced")
    func environment() {
        let cli = CLIHarness()
        cli.variables["TICK_NOW"] = "2026-02-29T00:00:00Z"
        #expect(cli.run("list").status == 64)
        cli.variables["TICK_NOW"] = "2026-11-29T12:00:00+09:00"
        #expect(cli.run("list").status == 0)
        cli.variables["TZ"] = "Mars/Olympus"
        #expect(cli.run("list").errors.contains("TZ='Mars/Olympus' is not a time zone name"))
    }

    @Test("TZ: IANA names, and POSIX offsets west of UTC as date(1) reads them", arguments: [
        ("UTC+9", -32_400), ("JST-9", 32_400), (":Asia/Seoul", 32_400), ("EST5", -18_000), ("<+0530>-5:30", 19_800),
        ("UTC", 0), ("GMT+0", 0), ("Etc/GMT+9", -32_400),
    ])
    func posixZones(tz: String, secondsEast: Int) throws {
        let zone = try #require(TerminalEnvironment.zone(fromTZ: tz))
        #expect(zone.secondsFromGMT(for: Fixture.now) == secondsEast)
        let cli = CLIHarness()
        cli.variables["TZ"] = tz
        let result = cli.run("add", "x", "--due", "tomorrow 9am", "--json")
        #expect(result.errors == "")
        let due = try #require((try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])?["due"] as? String)
        let hours = abs(secondsEast) / 3_600, minutes = abs(secondsEast) % 3_600 / 60
        let offset = secondsEast == 0 ? "Z" : String(format: "%@%02d:%02d", secondsEast < 0 ? "-" : "+", hours, minutes)
        #expect(due.hasSuffix("T09:00:00" + offset))
    }

    @Test("the same alarm given twice, or again on edit, rings once")
    func duplicateAlarms() throws {
        let cli = CLIHarness()
        cli.ok("add", "a", "--due", "tomorrow 9am", "--alarm", "-1h", "--alarm", "-1h", "--alarm", "-60m", "--alarm", "-1d")
        cli.ok("edit", "1", "--alarm", "-1h")
        let alarms = try #require((try cli.json("show", "1") as? [String: Any])?["alarms"] as? [[String: Any]])
        #expect(alarms.compactMap { $0["trigger"] as? String } == ["-PT1H", "-P1D"])
        cli.ok("edit", "1", "--alarm", "-24h")
        let again = try #require((try cli.json("show", "1") as? [String: Any])?["alarms"] as? [[String: Any]])
        #expect(again.count == 3, "-24h (exact hours) is not -1d (a wall-clock day)")
    }

    @Test("moving a reminder to another list takes its subtasks along, at any depth; a subtask cannot be put elsewhere")
    func subtasksMoveAlong() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Other")
        cli.ok("lists", "add", "Third")
        cli.ok("add", "P")
        cli.ok("add", "C", "--parent", "1")
        cli.ok("add", "G", "--parent", "2")
        #expect(cli.run("add", "Elsewhere", "--parent", "1", "--list", "Third").status == 1)
        let result = cli.run("edit", "1", "--list", "Other")
        #expect(result.status == 0)
        #expect(result.errors.contains("moved 2 subtasks along to Other"))
        func list(_ number: String) throws -> String? { (try cli.json("show", number) as? [String: Any])?["list"] as? String }
        #expect(try list("1") == "Other")
        #expect(try list("2") == "Other")
        #expect(try list("3") == "Other")
        #expect(cli.run("show", "4").status == 1)
    }

    @Test("a list named like a smart list: creating or renaming to it says how to reach it")
    func smartListNames() {
        let cli = CLIHarness()
        let added = cli.run("lists", "add", "Today")
        #expect(added.status == 0)
        #expect(added.errors == "tick: note: 'tick list Today' shows the smart list; this list is 'tick list --list Today'\n")
        cli.ok("lists", "add", "Home")
        #expect(cli.run("lists", "rename", "Home", "all").errors.contains("'tick list --list all'"))
        #expect(cli.run("lists", "add", "Todays").errors == "")
        cli.ok("add", "x", "--list", "Today")
        #expect(cli.ok("list", "--list", "Today").contains("x"))
    }

    /// todo.txt has no escape: a title word that looks like a field is read back as one (found
    /// by a tester: "pay $5 +tip to @bob due:2020-01-01" came back in a list "tip", tagged, due
    /// in 2020). The export says so, naming the first such reminder; the file is as before.
    @Test("a todo.txt export warns of titles whose words read back as fields, and of nothing else")
    func todoTxtFieldsInTitles() throws {
        let cli = CLIHarness()
        cli.ok("add", "pay $5 +tip to @bob due:2020-01-01")
        cli.ok("add", "see http://example.com at 9:30")
        cli.ok("add", "우유 사기", "--tag", "home")
        let result = cli.run("export", "--format", "todotxt")
        #expect(result.status == 0)
        #expect(result.errors == "tick: warning: 1 title holds words that todo.txt reads as fields (+project, @context, key:value) "
                + "and cannot write as text; imported again, it changes: #1 \"pay $5 +tip to @bob due:2020-01-01\"\n")
        #expect(result.output.contains("pay $5 +tip to @bob due:2020-01-01"))
        // What a todo.txt import made exports without a warning: it reads back the same.
        let other = CLIHarness()
        other.files["todo.txt"] = Data("(A) call mom +family @phone due:2026-12-05\nx 2026-11-30 water plants\n".utf8)
        other.ok("import", "todo.txt")
        #expect(other.run("export", "--format", "todotxt").errors == "")
    }

    /// Found by a tester: Radicale refused a to-do whose notes held a CR (pasted text) with
    /// 400, as its parser fails on `X-TICK-NOTES;VALUE=BINARY;ENCODING=BASE64`; the exact text
    /// is now a plain value of the base64 alphabet. Files with the old form still read.
    @Test("exact notes and title are written as a plain base64 value and read back; the older VALUE=BINARY form still reads")
    func exactTextPlainValue() throws {
        let cli = CLIHarness()
        cli.ok("add", "bell\u{07}title", "--notes", "line one\r\nline two")
        let ics = cli.ok("export", "--format", "ics")
        let notesLine = try #require(ics.components(separatedBy: "\r\n").first { $0.hasPrefix("X-TICK-NOTES") })
        #expect(notesLine == "X-TICK-NOTES:" + Data("line one\r\nline two".utf8).base64EncodedString())
        #expect(ics.contains("X-TICK-TITLE:" + Data("bell\u{07}title".utf8).base64EncodedString()))
        #expect(!ics.contains("VALUE=BINARY"))
        let older = ics.replacingOccurrences(of: "X-TICK-NOTES:", with: "X-TICK-NOTES;VALUE=BINARY;ENCODING=BASE64:")
            .replacingOccurrences(of: "X-TICK-TITLE:", with: "X-TICK-TITLE;VALUE=BINARY;ENCODING=BASE64:")
        for text in [ics, older] {
            let other = CLIHarness()
            other.files["pasted.ics"] = Data(text.utf8)
            other.ok("import", "pasted.ics")
            let shown = try #require(try other.json("list", "--list", "Reminders") as? [[String: Any]])
            #expect(shown.map { $0["notes"] as? String } == ["line one\r\nline two"])
            #expect(shown.map { $0["title"] as? String } == ["bell\u{07}title"])
        }
    }

    /// Found by a tester: control characters in an .ics export. A title's and notes' are
    /// written exactly in X-TICK-TITLE / X-TICK-NOTES (Tick reads them back); a tag's and a
    /// URL's were lost unseen (RFC 5545 TEXT has no place for them). The export says so,
    /// naming the first; a Tick archive keeps them.
    @Test("an iCalendar export warns of control characters it leaves out of tags and URLs, and of nothing else")
    func icsDroppedControls() throws {
        let cli = CLIHarness()
        cli.ok("add", "a\u{01}b", "--notes", "bell\u{07}")
        cli.ok("add", "tab\tkept", "--notes", "two\nlines")
        #expect(cli.run("export", "--format", "ics").errors == "")
        cli.ok("add", "Tagged", "--tag", "t\u{01}g")
        let result = cli.run("export", "--format", "ics")
        #expect(result.status == 0)
        #expect(result.errors == "tick: warning: 1 reminder holds control characters in a URL or tag, which iCalendar text cannot "
                + "carry (RFC 5545 §3.3.11); they were left out: #3 \"Tagged\". A Tick archive (--format json) keeps them\n")
        #expect(result.output.contains("CATEGORIES:tg\r\n"))
        #expect(cli.run("export", "--format", "json").errors == "")
    }

    /// Found by a tester: a yearly series due 9998-12-31, completed, moved to 9999-12-31, past
    /// the dates Tick holds (years 2 to 9998), then said "the last of its series" with no
    /// end in its rule, and its alarm showed the wrong day. The series ends at 9998 instead.
    @Test("a series whose next occurrence would be after 9998 ends there")
    func seriesEndsAtTheLastSupportedYear() {
        let cli = CLIHarness()
        cli.ok("add", "edge", "--due", "9997-12-31", "--repeat", "yearly", "--no-alarm")
        #expect(cli.ok("done", "1").contains("next: Dec 31, 9998"))
        #expect(cli.ok("done", "1").contains("the last of its series"))
        let shown = cli.ok("show", "1")
        #expect(shown.contains("Due:         Dec 31, 9998"), "\(shown)")
        #expect(!shown.contains("9999"))
    }

    @Test("a database path is made absolute without its '.' segments ('tick serve' printed /folder/./t.db); '..' and '~/' as before",
          arguments: [
              ("./t.db", "/folder/t.db"), ("t.db", "/folder/t.db"), ("a/./b/.", "/folder/a/b"), ("../t.db", "/folder/../t.db"),
              ("/x/./y.db", "/x/y.db"), ("/.", "/"), ("~/./t.db", "/home/ann/t.db"), (".", "/folder"), ("/plain", "/plain"),
          ])
    func databasePaths(given: String, shown: String) {
        let environment = TerminalEnvironment(variables: [:], clock: Fixture.now, isOutputTerminal: false, homeDirectory: "/home/ann",
                                              currentDirectory: "/folder", systemTimeZone: TimeZone(identifier: "UTC") ?? .gmt)
        #expect(environment.databasePath(override: given) == shown)
        #expect(TerminalEnvironment(variables: ["TICK_DB": given], clock: Fixture.now, isOutputTerminal: false, homeDirectory: "/home/ann",
                                    currentDirectory: "/folder", systemTimeZone: TimeZone(identifier: "UTC") ?? .gmt)
            .databasePath(override: nil) == shown)
    }

    @Test("TZ with a daylight-saving rule or nonsense is said, and the system zone used", arguments: [
        "CET-1CEST,M3.5.0,M10.5.0/3", "UTC+99", "AB+1", "<+09-9",
    ])
    func unreadableZones(tz: String) {
        #expect(TerminalEnvironment.zone(fromTZ: tz) == nil)
        let cli = CLIHarness()
        cli.variables["TZ"] = tz
        #expect(cli.run("list").errors.contains("is not a time zone name Tick knows"))
    }

    @Test("repeated numbers are done once; --limit says that rows are hidden; --limt suggests --limit")
    func smallThings() {
        let cli = CLIHarness()
        for title in ["a", "b", "c"] { cli.ok("add", title) }
        #expect(cli.ok("done", "1", "1", "#1") == "Completed #1 \"a\"\n")
        #expect(cli.ok("list", "--limit", "1").hasPrefix("● Reminders  2 open, showing 1\n"))
        #expect(cli.run("list", "--limt", "1").errors.contains("did you mean '--limit'?"))
    }
}
