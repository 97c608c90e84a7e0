import Foundation
import Testing
import TestSupport
import TickModel
import TickCLI

/// Re-importing what was imported or exported before finds the same reminders: no
/// duplicates, no moves to another list.
@Suite("Import: identity of re-imported reminders")
struct ImportIdentityTests {
    /// The titles of every reminder, open and completed, sorted.
    static func titles(_ cli: CLIHarness) throws -> [String] {
        let open = try #require(try cli.json("list", "all") as? [[String: Any]])
        let done = try #require(try cli.json("list", "completed") as? [[String: Any]])
        return (open + done).compactMap { $0["title"] as? String }.sorted()
    }

    @Test("todo.txt: importing Tick's own export back updates instead of duplicating")
    func todoTxtExportBack() throws {
        let cli = CLIHarness()
        cli.files["todo.txt"] = Data("(A) Call Mom +Family @phone\nBuy milk\n".utf8)
        cli.ok("import", "todo.txt")
        let export = cli.ok("export", "--format", "todotxt")
        #expect(export.split(separator: "\n").allSatisfy { $0.contains(" uid:") })
        cli.files["out.txt"] = Data(export.utf8)
        #expect(cli.ok("import", "out.txt") == "Imported 2 reminders (2 unchanged) into Family, Reminders.\n")
        #expect(try Self.titles(cli) == ["Buy milk", "Call Mom"])
        // The original file is recognised too, even after the export was imported.
        #expect(cli.ok("import", "todo.txt") == "Imported 2 reminders (2 unchanged) into Family, Reminders.\n")
        #expect(cli.ok("export", "--format", "todotxt") == export)
    }

    /// A tester: a line copied and reworded keeps its `uid:`, and the copy overwrote the first
    /// line's reminder without a word ("Imported 2 reminders (1 updated, 1 unchanged)").
    @Test("todo.txt: a line with the uid: of an earlier line is a reminder of its own, with a warning naming both lines; importing again adds nothing")
    func todoTxtRepeatedUID() throws {
        let cli = CLIHarness()
        cli.ok("add", "Call dentist", "--due", "2026-12-10")
        let export = cli.ok("export", "--format", "todotxt")
        cli.files["dup.txt"] = Data((export + export.replacingOccurrences(of: "Call dentist", with: "Call plumber")).utf8)
        // Refused for its --list: the error alone, not the warnings of an import that did not happen (a tester).
        let refused = cli.run("import", "dup.txt", "--list", "Nowhere")
        #expect(refused.status == 1 && refused.errors.hasPrefix("tick: error: there is no list named 'Nowhere'"), "\(refused.errors)")
        #expect(!refused.errors.contains("warning"), "\(refused.errors)")
        let result = cli.run("import", "dup.txt")
        #expect(result.status == 0)
        #expect(result.output == "Imported 2 reminders (1 new, 1 unchanged) into Reminders.\n")
        let uid = try #require(export.split(separator: " ").first { $0.hasPrefix("uid:") }).dropFirst(4).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(result.errors == "tick: warning: dup.txt line 2: the uid:\(uid) of line 1 again; this line was imported as a reminder "
                + "of its own ('Call plumber'), with a uid of its own\n")
        #expect(try Self.titles(cli) == ["Call dentist", "Call plumber"])
        // The same file again: both found, nothing added.
        #expect(cli.run("import", "dup.txt").output == "Imported 2 reminders (2 unchanged) into Reminders.\n")
        #expect(try Self.titles(cli) == ["Call dentist", "Call plumber"])
    }

    /// A tester: a 300 MB sparse file was read whole (950 MB, 15 s; 2 minutes as todo.txt)
    /// before "line 1" was refused, and /dev/zero as a Tick archive took memory without end.
    @Test("a file with a NUL byte near its start is refused at once, naming where, whatever its format; nothing is imported",
          arguments: [("zeros.txt", nil), ("zeros.json", nil), ("zeros.ics", "ics"), ("zeros", "json")] as [(String, String?)])
    func binaryFileRefused(name: String, format: String?) throws {
        let cli = CLIHarness()
        cli.files[name] = Data(Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX".utf8) + [UInt8](repeating: 0, count: 3_000_000))
        let result = cli.run(["import", name] + (format.map { ["--format", $0] } ?? []))
        #expect(result.status == 1)
        #expect(result.errors == "tick: error: \(name) line 3, column 2: a NUL byte; this is not a text file (Tick imports iCalendar, "
                + "todo.txt, Taskwarrior JSON and its own archives, all text)\nNothing was imported.\n", "\(result.errors)")
        #expect(cli.ok("list", "all").contains("No open reminders"))
        // Lines end at CR too, as the todo.txt reader takes them (a verifying tester: "line 1, column 11").
        cli.files["cr.txt"] = Data("one\rtwo\r\nth\u{0}ree\r".utf8)
        #expect(cli.run("import", "cr.txt").errors.hasPrefix("tick: error: cr.txt line 3, column 3: a NUL byte"))
    }

    /// t72: a UTF-16 file was "a NUL byte; this is not a text file"; `import <(cat todo.txt)`
    /// could not tell the format that standard input's bytes told.
    @Test("a UTF-16 file is said to be UTF-16; a pipe given by its path is read as standard input is")
    func utf16AndPipes() throws {
        let cli = CLIHarness()
        for (name, bytes) in [("u.ics", [0xFF, 0xFE, 0x42, 0x00, 0x45, 0x00]), ("k.txt", [0xFE, 0xFF, 0xD5, 0x5C])] as [(String, [UInt8])] {
            cli.files[name] = Data(bytes)
            let result = cli.run("import", name)
            #expect(result.status == 1)
            #expect(result.errors.hasPrefix("tick: error: \(name) is UTF-16 text (it begins with the byte order mark \(bytes[0] == 0xFF ? "FF FE" : "FE FF")); "
                                            + "Tick reads UTF-8"), "\(result.errors)")
        }
        // Without a byte order mark (t74): every other byte is NUL.
        cli.files["le.ics"] = Data("BEGIN:VCALENDAR\r\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(cli.run("import", "le.ics").errors.hasPrefix("tick: error: le.ics looks like UTF-16LE text without a byte order mark"))
        cli.files["be.txt"] = Data("Buy milk +Groceries\n".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        #expect(cli.run("import", "be.txt").errors.hasPrefix("tick: error: be.txt looks like UTF-16BE text without a byte order mark"))
        #expect(cli.ok("list", "all").contains("No open reminders"))
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data("Call mom +Family\n".utf8))
        try pipe.fileHandleForWriting.close()
        // The child does not inherit the descriptor: it opens this process's by its path.
        let result = cli.run("import", "/proc/\(ProcessInfo.processInfo.processIdentifier)/fd/\(pipe.fileHandleForReading.fileDescriptor)")
        #expect(result.status == 0, "\(result.errors)")
        #expect(cli.ok("list", "all").contains("Call mom"))
        // An iCalendar file so given names no list (t74: it made a list named "63").
        let ics = Pipe()
        ics.fileHandleForWriting.write(Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VTODO\r\nUID:p1\r\nSUMMARY:Piped\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8))
        try ics.fileHandleForWriting.close()
        let piped = cli.run("import", "/proc/\(ProcessInfo.processInfo.processIdentifier)/fd/\(ics.fileHandleForReading.fileDescriptor)")
        #expect(piped.output == "Imported 1 reminder into Reminders.\n", "\(piped.output) \(piped.errors)")
    }

    @Test("todo.txt: a line edited in a text editor (done, priority, dates, project, tags) is the same reminder")
    func todoTxtEdited() throws {
        let cli = CLIHarness()
        cli.files["todo.txt"] = Data("(A) Call Mom +Family @phone\nBuy milk\nBuy milk\n".utf8)
        cli.ok("import", "todo.txt")
        cli.files["todo.txt"] = Data("x 2026-11-30 2026-11-01 Call Mom +Home @home due:2026-12-02 pri:B\nBuy milk\n(C) Buy milk\n".utf8)
        #expect(cli.ok("import", "todo.txt") == "Imported 3 reminders (2 updated, 1 unchanged) into Home, Reminders.\nNew lists: Home\n")
        #expect(try Self.titles(cli) == ["Buy milk", "Buy milk", "Call Mom"])
        let call = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(call["priority"] as? String == "medium")
        #expect(call["due"] as? String == "2026-12-02")
        #expect(call["tags"] as? [String] == ["home"])
        #expect(call["list"] as? String == "Home")
        #expect(call["completedAt"] is String)
        // Its own export, edited by hand (a due date added after the uid: word), too.
        let edited = cli.ok("export", "--format", "todotxt").replacingOccurrences(of: "\n", with: " due:2027-01-01\n")
        cli.files["edited.txt"] = Data(edited.utf8)
        #expect(cli.ok("import", "edited.txt").hasPrefix("Imported 3 reminders (3 updated)"))
        #expect(try Self.titles(cli).count == 3)
    }

    @Test("todo.txt: what the line cannot say (times, notes, exact priority, multi-line title) survives a re-import")
    func todoTxtKeepsWhatLinesCannotHold() throws {
        let cli = CLIHarness()
        cli.ok("add", "Two\nlines", "--due", "2026-12-01 09:30", "--notes", "n", "--flag", "--url", "https://example.org")
        cli.ok("done", "1")
        let before = try #require(try cli.json("show", "1") as? NSDictionary)
        cli.files["back.txt"] = Data(cli.ok("export", "--format", "todotxt").utf8)
        #expect(cli.ok("import", "back.txt") == "Imported 1 reminder (1 unchanged) into Reminders.\n")
        #expect(try #require(try cli.json("show", "1") as? NSDictionary) == before)
    }

    @Test("todo.txt: every corpus file imported, exported and imported back stays the same size and text", .enabled(if: Fixture.needsCorpus()),
          arguments: Fixture.corpusFiles("todotxt"))
    func todoTxtCorpusRoundTrip(path: String) throws {
        let cli = CLIHarness()
        cli.ok("import", path)
        let count = try Self.titles(cli).count
        let export = cli.ok("export", "--format", "todotxt")
        cli.files["out.txt"] = Data(export.utf8)
        let summary = try #require(try cli.json("import", "out.txt") as? [String: Any])
        #expect(summary["added"] as? Int == 0)
        #expect(summary["updated"] as? Int == 0)
        #expect(summary["unchanged"] as? Int == count)
        #expect(try Self.titles(cli).count == count)
        #expect(cli.ok("export", "--format", "todotxt") == export)
        // The source file again (no uid: words) finds the same reminders.
        cli.ok("import", path)
        #expect(try Self.titles(cli).count == count)
    }

    @Test("todo.txt: UIDs with spaces, colons, slashes and % travel in the uid: word")
    func todoTxtOddUIDs() throws {
        let cli = CLIHarness()
        cli.files["odd.ics"] = Data("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//test//EN\r
            BEGIN:VTODO\r
            UID:urn:a b/c%20d\r
            SUMMARY:odd\r
            END:VTODO\r
            END:VCALENDAR\r

            """.utf8)
        cli.ok("import", "odd.ics")
        let export = cli.ok("export", "--format", "todotxt")
        #expect(export.contains(" uid:urn%3Aa%20b%2Fc%2520d\n"))
        cli.files["back.txt"] = Data(export.utf8)
        #expect(cli.ok("import", "back.txt").hasPrefix("Imported 1 reminder (1 unchanged)"))
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["uid"] as? String == "urn:a b/c%20d")
        #expect(shown["title"] as? String == "odd")
    }

    @Test("iCalendar: the same calendar from standard input, or under another file name, stays in its list", .enabled(if: Fixture.needsCorpus()),
          arguments: ["-", "renamed.ics"])
    func icsWithoutNameStays(source: String) throws {
        let cli = CLIHarness()
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixture.corpus + "/ics/ical4android-utf8.ics"))
        cli.files["ical4android-utf8.ics"] = data
        cli.files[source] = data
        cli.ok("import", "ical4android-utf8.ics")
        let result = cli.run("import", "--format", "ics", source)
        #expect(result.status == 0)
        #expect(result.output == "Imported 1 reminder (1 unchanged) into ical4android-utf8.\n")
        let lists = try #require(try cli.json("lists") as? [[String: Any]])
        #expect(lists.map { $0["name"] as? String } == ["Reminders", "ical4android-utf8"])
    }

    @Test("iCalendar: an X-WR-CALNAME that differs, or --list, moves the reminder; a new one goes where the file says")
    func icsNamedListMoves() throws {
        let cli = CLIHarness()
        func calendar(_ name: String?, uids: [String]) -> Data {
            var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
            if let name { text += "X-WR-CALNAME:\(name)\r\n" }
            for uid in uids { text += "BEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(uid)\r\nEND:VTODO\r\n" }
            return Data((text + "END:VCALENDAR\r\n").utf8)
        }
        cli.files["a.ics"] = calendar("Work", uids: ["one"])
        cli.ok("import", "a.ics")
        cli.files["b.ics"] = calendar(nil, uids: ["one", "two"])
        #expect(cli.ok("import", "b.ics") == "Imported 2 reminders (1 new, 1 unchanged) into Work, b.\nNew lists: b\n")
        cli.files["c.ics"] = calendar("Home", uids: ["one"])
        #expect(cli.ok("import", "c.ics") == "Imported 1 reminder (1 updated) into Home.\nNew lists: Home\n")
        #expect(cli.ok("import", "b.ics", "--list", "Work") == "Imported 2 reminders (2 updated) into Work.\n")
    }

    @Test("todo.txt and Taskwarrior: a re-imported item without a project stays in the list it was moved to",
          arguments: ["todotxt", "taskwarrior"])
    func noProjectStays(format: String) throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Errands")
        let text = format == "todotxt" ? "Buy milk\n" : #"{"uuid":"1a2b","description":"Buy milk","status":"pending"}"# + "\n"
        cli.files["in"] = Data(text.utf8)
        cli.ok("import", "--format", format, "in")
        cli.ok("edit", "1", "--list", "Errands")
        #expect(cli.ok("import", "--format", format, "in").hasSuffix("into Errands.\n"))
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["list"] as? String == "Errands")
    }
}

@Suite("Import: sources and archive numbers")
struct ImportSourceTests {
    @Test("a FIFO (like a pipe or <(…)) is read to its end")
    func fifo() throws {
        let cli = CLIHarness()
        let path = cli.folder.file("calendar.pipe")
        #expect(mkfifo(path, 0o600) == 0)
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:p\r\nSUMMARY:piped\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        // The writer blocks in open(2) until the import opens the other end.
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            handle.write(Data(text.utf8))
            try? handle.close()
        }
        writer.start()
        let result = cli.run("import", "--format", "ics", path)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "Imported 1 reminder into calendar.\nNew lists: calendar\n")
    }

    /// A tester (t90): a file read in pieces that had to be read whole was opened again by its
    /// path, which then named no file (removed during the import) or another one.
    @Test("a file read to its end is read again from its first byte by rewind(), even once its path names no file; a pipe cannot be")
    func rewindTheFileOpened() throws {
        let cli = CLIHarness()
        let path = cli.folder.file("gone.ics")
        let bytes = Data((0..<300_000).map { UInt8(0x41 + $0 % 26) })
        try bytes.write(to: URL(fileURLWithPath: path))
        let source = try ImportSource(path: path)
        _ = try source.peek(10)
        #expect(try source.readToEnd() == bytes)
        try FileManager.default.removeItem(atPath: path)
        try source.rewind()
        #expect(try source.readToEnd() == bytes)
        let memory = ImportSource(data: Data("abc".utf8), pieceSize: 1)
        #expect(try memory.readToEnd() == Data("abc".utf8))
        try memory.rewind()
        #expect(try memory.readToEnd() == Data("abc".utf8))
        let pipe = Pipe()
        let piped = try ImportSource(path: "/proc/self/fd/\(pipe.fileHandleForReading.fileDescriptor)")
        #expect(throws: CommandError.self) { try piped.rewind() }
    }

    @Test("a file that cannot be read says the system's reason")
    func missing() {
        let cli = CLIHarness()
        let result = cli.run("import", "--format", "ics", "nowhere.ics")
        #expect(result.status == 1)
        #expect(result.errors == "tick: error: cannot read nowhere.ics: No such file or directory\n")
    }

    @Test("restoring an archive keeps every number that is free; only a taken one is renumbered")
    func freeNumbersKept() throws {
        let source = CLIHarness()
        for title in ["one", "two", "three"] { source.ok("add", title) }
        let target = CLIHarness()
        target.files["backup.json"] = Data(source.ok("export").utf8)
        target.ok("add", "occupies #1")
        target.ok("import", "backup.json")
        let rows = try #require(try target.json("list", "all") as? [[String: Any]])
        let numbers = Dictionary(uniqueKeysWithValues: rows.compactMap { row in
            (row["title"] as? String).map { ($0, row["number"] as? Int ?? 0) }
        })
        #expect(numbers == ["occupies #1": 1, "two": 2, "three": 3, "one": 4])
        #expect(target.ok("add", "next") == "Added #5 \"next\" to Reminders\n")
    }
}

@Suite("Import: empty files")
struct EmptyImportTests {
    @Test("an empty or blank .json file is refused, like an empty .ics; [] is an export of nothing",
          arguments: ["", " \n\t\n", "\u{FEFF}"])
    func emptyJSON(text: String) {
        let cli = CLIHarness()
        cli.files["tasks.json"] = Data(text.utf8)
        let result = cli.run("import", "tasks.json")
        #expect(result.status == 1)
        #expect(result.errors == "tick: error: tasks.json: the file is empty; 'task export' writes at least [] (an empty array)\nNothing was imported.\n")
        cli.files["none.json"] = Data("[]\n".utf8)
        #expect(cli.ok("import", "none.json") == "Imported 0 reminders.\n")
    }
}

@Suite("Import: Taskwarrior values Tick does not know")
struct TaskwarriorUnknownValueTests {
    @Test("an unknown status or priority is warned about with its line and kept as X-TASKWARRIOR-…", arguments: [
        (#""status":"bogus""#, "status 'bogus'", "X-TASKWARRIOR-STATUS:bogus"),
        (#""status":7"#, "status '7'", "X-TASKWARRIOR-STATUS:7"),
        (#""status":"pending","priority":"X""#, "priority 'X'", "X-TASKWARRIOR-PRIORITY:X"),
        (#""status":"pending","priority":2"#, "priority '2'", "X-TASKWARRIOR-PRIORITY:2"),
    ])
    func unknownValue(fields: String, said: String, kept: String) throws {
        let cli = CLIHarness()
        cli.files["tasks.json"] = Data(("{\"uuid\":\"ok\",\"description\":\"fine\",\"status\":\"pending\"}\n"
            + "{\"uuid\":\"u1\",\"description\":\"odd\",\(fields)}\n").utf8)
        let result = cli.run("import", "tasks.json")
        #expect(result.status == 0)
        #expect(result.errors.contains("tick: warning: tasks.json line 2: the \(said)"))
        #expect(result.errors.split(separator: "\n").count == 1)
        let shown = try #require(try cli.json("show", "2") as? [String: Any])
        #expect((shown["iCalendarExtras"] as? String)?.split(separator: "\n").contains(Substring(kept)) == true)
        #expect(shown["completedAt"] is NSNull)
    }
}

@Suite("Import: iCalendar values read leniently")
struct LenientICalendarValueTests {
    @Test("a value libical reads leniently is warned about and exported in valid form", arguments: [
        ("DUE:2026-12-01", "DUE", "DUE;VALUE=DATE:20261201"),
        ("DTSTART:2026-12-01", "DTSTART", "DTSTART;VALUE=DATE:20261201"),
        ("PRIORITY:42", "PRIORITY", "PRIORITY:9"),
    ])
    func lenientValue(line: String, name: String, written: String) throws {
        let cli = CLIHarness()
        cli.files["bad.ics"] = Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:x1\r\n"
            + "SUMMARY:s\r\n\(line)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n").utf8)
        let result = cli.run("import", "bad.ics")
        #expect(result.status == 0)
        #expect(result.errors == "tick: warning: bad.ics line 7: this \(name) value is not valid RFC 5545; it was read as well "
                + "as it could be and will be exported in valid form\n")
        let export = cli.ok("export", "--format", "ics")
        let lines = export.split(separator: "\r\n").map(String.init)
        #expect(lines.contains(written))
        #expect(!lines.contains(line))
        // The valid form reads back as the same reminder, without a warning.
        cli.files["out.ics"] = Data(export.utf8)
        let again = cli.run("import", "out.ics")
        #expect(again.errors == "")
        #expect(again.output.hasPrefix("Imported 1 reminder (1 unchanged)"))
    }
}

/// Nothing through a pipe is refused, not imported as an empty todo.txt.
struct EmptyStandardInputTests {
    @Test("an empty standard input is an error that changes nothing; an empty named file or --format todotxt still imports none")
    func emptyPipeIsRefused() {
        let cli = CLIHarness()
        cli.ok("add", "stays")
        cli.files["-"] = Data()
        let refused = cli.run("import", "-")
        #expect(refused.status != 0)
        #expect(refused.errors.contains("standard input is empty: nothing to import"), "\(refused.errors)")
        #expect(refused.errors.contains("Nothing was imported."))
        #expect(refused.output.isEmpty)
        #expect(cli.ok("list").contains("stays"))
        cli.files["-"] = Data("\n  \r\n\t\n".utf8)
        let blank = cli.run("import", "-")
        #expect(blank.status != 0 && blank.errors.contains("standard input is only blank lines: nothing to import"), "\(blank.errors)")
        #expect(cli.ok("import", "--format", "todotxt", "-").hasPrefix("Imported 0 reminders"))
        cli.files["empty.txt"] = Data()
        #expect(cli.ok("import", "empty.txt").hasPrefix("Imported 0 reminders"))
    }
}
