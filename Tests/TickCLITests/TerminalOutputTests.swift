import Foundation
import Testing
import TestSupport
import TickModel
import TickTerminal

@Suite("Terminal output: colors, width, control characters")
struct TerminalOutputTests {
    /// The text with ECMA-48 SGR sequences (ESC [ … m) removed.
    static func stripped(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    static func filled() -> CLIHarness {
        let cli = CLIHarness()
        cli.ok("lists", "add", "장보기", "--color", "green")
        cli.ok("add", "우유 사기 그리고 아주 긴 제목이 계속 이어집니다 🥛🍞", "--list", "장보기", "--due", "yesterday", "--flag",
               "--priority", "high")
        cli.ok("add", "Buy a very long list of things for the weekend trip to the mountains", "--due", "tomorrow 9am")
        cli.ok("add", "👨‍👩‍👧 family 🇰🇷 flags e\u{301}", "--tag", "집")
        return cli
    }

    @Test("colors only on a terminal, never with NO_COLOR or TERM=dumb")
    func colors() {
        let cli = Self.filled()
        #expect(!cli.ok("list", "all").contains("\u{1B}"))
        cli.isTerminal = true
        let colored = cli.ok("list", "all")
        #expect(colored.contains("\u{1B}[1;31m")) // the overdue date
        #expect(colored.contains("\u{1B}[38;5;77m●")) // the green list dot, nearest of 256 colors
        cli.variables["COLORTERM"] = "truecolor"
        #expect(cli.ok("list", "all").contains("\u{1B}[38;2;52;199;89m●")) // exact on a truecolor terminal
        cli.variables["COLORTERM"] = nil
        cli.variables["NO_COLOR"] = "1"
        #expect(!cli.ok("list", "all").contains("\u{1B}"))
        cli.variables["NO_COLOR"] = nil
        cli.variables["TERM"] = "dumb"
        #expect(!cli.ok("list", "all").contains("\u{1B}"))
    }

    @Test("no row is wider than the terminal, at any width", arguments: [12, 20, 30, 40, 50, 60, 80, 100, 132])
    func widths(columns: Int) {
        let cli = Self.filled()
        cli.isTerminal = true
        cli.columns = columns
        for command in [["list", "all"], ["list", "장보기"], ["list", "today"], ["search", "a"], ["lists"]] {
            let lines = Self.stripped(cli.ok(command)).split(separator: "\n")
            #expect(!lines.isEmpty)
            for line in lines {
                #expect(TerminalText.width(of: line) <= columns, "'\(line)' is wider than \(columns)")
            }
        }
        // COLUMNS wins over the terminal's own width.
        cli.variables["COLUMNS"] = "30"
        #expect(Self.stripped(cli.ok("list", "all")).split(separator: "\n").allSatisfy { TerminalText.width(of: $0) <= 30 })
    }

    /// A tester: at COLUMNS=40 (no colors) `show` cut the title, the notes and "2 occurrences
    /// done" at the edge; a detail view wraps each value under its start instead.
    @Test("narrow: show wraps every value under its start, losing no word, no line wider than the window",
          arguments: [24, 40, 60])
    func showWraps(columns: Int) {
        let cli = CLIHarness()
        cli.variables["COLUMNS"] = String(columns)
        cli.ok("add", "Water the plants on the balcony every single week", "--due", "2026-11-29", "--repeat", "every week",
               "--notes", "Use the blue can; the cactus only once a month\nsecond line")
        cli.ok("add", "사과 주스 사기 그리고 우유도 사기 아주 긴 제목입니다", "--parent", "1")
        cli.ok("done", "1")
        cli.ok("done", "1")
        let shown = cli.ok("show", "1")
        let lines = shown.split(separator: "\n")
        for line in lines {
            #expect(TerminalText.width(of: line) <= columns, "'\(line)' is wider than \(columns)")
            #expect(!line.hasSuffix(" "), "'\(line)'")
        }
        let words = shown.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        for text in ["Water the plants on the balcony every single week", "2 occurrences done",
                     "Use the blue can; the cactus only once a month", "second line", "사과 주스 사기 그리고 우유도 사기 아주 긴 제목입니다"] {
            #expect(words.contains(text), "\(text) in \(shown)")
        }
        #expect(!shown.contains("…"))
        // A continuation lines up under the value: "  Notes:" is followed by lines of four spaces.
        #expect(lines.contains { $0.hasPrefix("    Use the blue") })
    }

    /// A tester: notes with Windows line breaks (CR LF, one Character) showed on one line.
    @Test("show: notes break at CR LF, CR and U+2028 as at LF")
    func notesLineBreaks() {
        let cli = CLIHarness()
        cli.ok("add", "Notes", "--notes", "one\r\ntwo\rthree\u{2028}four\nfive")
        let shown = cli.ok("show", "1")
        for word in ["one", "two", "three", "four", "five"] {
            #expect(shown.contains("\n    \(word)\n") || shown.hasSuffix("\n    \(word)\n"), "\(word) on a line of its own in:\n\(shown)")
        }
    }

    /// Found in a newcomer's try: at 30 columns a limited listing of a list with a long name
    /// dropped "91 open, showing 6", so it did not say that it was limited.
    /// A tester: `tick lists`, `tick tags` and `tick stats` padded every line to the width of
    /// a 5,000-character name off a terminal, where `tick list` cuts titles at 100 cells.
    @Test("off a terminal, long list names and tags are cut at 100 cells in lists, tags and stats, as titles are in listings")
    func longNamesOffATerminal() {
        let cli = CLIHarness()
        // The longest a list name may be (255 characters; 5,000 before stop 55).
        let name = String(repeating: "L", count: 255)
        cli.ok("lists", "add", name)
        cli.ok("add", "t", "--list", name, "--tag", String(repeating: "g", count: 3_000))
        for command in [["lists"], ["tags"], ["stats"], ["list", "all"]] {
            let lines = cli.ok(command).split(separator: "\n")
            #expect(!lines.isEmpty && lines.allSatisfy { TerminalText.width(of: String($0)) <= 140 },
                    "\(command): \(lines.map { TerminalText.width(of: String($0)) })")
            #expect(lines.contains { $0.contains(String(repeating: "L", count: 90) + "…") || $0.contains(String(repeating: "g", count: 90) + "…") },
                    "\(command): the name is not shown cut")
        }
    }

    @Test("narrow terminals: a list's heading cuts its name before it drops its counts")
    func narrowHeading() {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Groceries for the whole family")
        for title in ["a", "b", "c"] { cli.ok("add", title, "--list", "Groceries for the whole family") }
        cli.isTerminal = true
        cli.columns = 30
        let heading = Self.stripped(cli.ok("list", "Groceries for the whole family", "--limit", "1")).split(separator: "\n")[0]
        #expect(heading == "● Grocerie…  3 open, showing 1", "\(heading)")
        // Too narrow to keep a few cells of the name beside them: the counts go, the name stays.
        cli.columns = 20
        let narrower = Self.stripped(cli.ok("list", "Groceries for the whole family", "--limit", "1")).split(separator: "\n")[0]
        #expect(narrower == "● Groceries for the…", "\(narrower)")
    }

    @Test("narrow terminals: the repeat rule gives way to its marker first, then the title, and the date last")
    func narrowPriorities() {
        let cli = CLIHarness()
        cli.ok("add", "Buy milk", "--due", "tomorrow")
        cli.ok("add", "Pay the rent for the flat", "--due", "2026-12-01 09:00", "--repeat", "monthly")
        cli.isTerminal = true
        cli.columns = 80
        #expect(Self.stripped(cli.ok("list")).contains("Pay the rent for the flat  Dec 1, 2026 9:00 AM  ↻ Monthly"))
        cli.columns = 50
        let narrow = Self.stripped(cli.ok("list")).split(separator: "\n").map(String.init)
        // The whole date, the marker alone, the title cut to what is left.
        #expect(narrow.contains("#2  [ ]  Pay the rent for…  Dec 1, 2026 9:00 AM  ↻"), "\(narrow)")
        #expect(narrow.contains("#1  [ ]  Buy milk           Tomorrow"), "\(narrow)")
        cli.columns = 30
        #expect(Self.stripped(cli.ok("list")).split(separator: "\n").contains { $0.hasSuffix("↻") })
    }

    @Test("a narrow terminal shows a date short rather than cut: 4/16/19, not Apr 16, 19…")
    func narrowDates() {
        let cli = CLIHarness()
        cli.ok("add", "Pay the electricity bill before it is late", "--due", "2019-04-16")
        cli.ok("add", "Short", "--due", "2024-01-05 09:30")
        cli.isTerminal = true
        func rows(_ columns: Int) -> [String] {
            cli.columns = columns
            return Self.stripped(cli.ok("list", "all")).split(separator: "\n").map(String.init)
        }
        #expect(rows(50).contains("#2  [ ]  Short                 Jan 5, 2024 9:30 AM"), "\(rows(50))")
        let forty = rows(40)
        #expect(forty.contains("#1  [ ]  Pay the electr…  4/16/19"), "\(forty)")
        #expect(forty.contains("#2  [ ]  Short            1/5/24 9:30 AM"), "\(forty)")
        let thirty = rows(30)
        #expect(thirty.contains("#2  [ ]  Short         1/5/24"), "\(thirty)")
        #expect(thirty.contains { $0.hasPrefix("#1") && $0.hasSuffix("  4/16/19") }, "\(thirty)")
    }

    @Test("Korean, emoji and combining marks are aligned in cells")
    func alignment() {
        let cli = CLIHarness()
        cli.ok("add", "우유", "--due", "tomorrow")
        cli.ok("add", "milk", "--due", "tomorrow")
        cli.ok("add", "🍞🍞", "--due", "tomorrow")
        cli.ok("add", "e\u{301}e\u{301}e\u{301}e\u{301}", "--due", "tomorrow")
        let rows = cli.ok("list").split(separator: "\n").dropFirst()
        let dueColumns = rows.map { row -> Int in
            let prefix = row[..<(row.range(of: "Tomorrow")?.lowerBound ?? row.endIndex)]
            return TerminalText.width(of: prefix)
        }
        #expect(Set(dueColumns).count == 1, "due dates start in different columns: \(dueColumns)")
    }

    @Test("control characters in titles and notes never reach the terminal raw; one reminder is one row")
    func controlCharacters() throws {
        let cli = CLIHarness()
        cli.ok("add", "evil\u{1B}[2J\u{1B}]0;owned\u{07}title\r\nsecond line\u{9B}31m", "--notes", "a\u{1B}[31mb\nline two")
        cli.isTerminal = true
        for output in [cli.ok("list"), cli.ok("show", "1"), cli.ok("search", "evil")] {
            let raw = Self.stripped(output)
            #expect(!raw.contains("\u{1B}"))
            #expect(!raw.contains("\u{07}"))
            #expect(!raw.contains("\u{9B}"))
            #expect(!raw.contains("\r"))
        }
        let rows = cli.ok("list").split(separator: "\n")
        #expect(rows.count == 2)
        #expect(Self.stripped(String(rows[1])).contains("evil^[[2J^[]0;owned^Gtitle second line"))
        // JSON keeps the exact text, escaped.
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["title"] as? String == "evil\u{1B}[2J\u{1B}]0;owned\u{07}title\r\nsecond line\u{9B}31m")
    }
}

@Suite("The output edge: one sanitizer for every line")
struct OutputEdgeTests {
    static let osc52 = "\u{1B}]52;c;cHduZWQ=\u{07}"

    @Test("import warnings quoting a file's values reach standard error with their controls shown, on a terminal and off it",
          arguments: [true, false])
    func importWarnings(isTerminal: Bool) throws {
        let cli = CLIHarness()
        cli.isTerminal = isTerminal
        cli.files["task.json"] = Data("""
            [{"uuid":"6f1d3c1e-3a5b-4c4e-9f0e-2b8f6a1d7c11","description":"Tw","status":"\\u001b[2Jodd","priority":"\\u001b]52;c;eA==\\u0007"}]
            """.utf8)
        let result = cli.run("import", "task.json")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("tick: warning:"))
        #expect(result.errors.contains("^[[2Jodd"), "\(result.errors)")
        #expect(!result.errors.contains("\u{1B}"))
        #expect(!result.errors.contains("\u{07}"))
    }

    @Test("an unknown list names the lists when there are a few, and points to 'tick lists' when there are many")
    func unknownListAmongMany() throws {
        let cli = CLIHarness()
        for name in ["집", "회사"] { cli.ok("lists", "add", name) }
        #expect(cli.run("list", "--list", "병원").errors
                == "tick: error: there is no list named '병원'; the lists are: Reminders, 집, 회사\nCreate it with 'tick lists add 병원'.\n")
        // A calendar import of many files made 44 lists; the error was one line of 1,056 bytes.
        for index in 1...10 { cli.ok("lists", "add", "Imported \(index)") }
        #expect(cli.run("list", "--list", "병원").errors
                == "tick: error: there is no list named '병원'; there are 13 lists: see 'tick lists'\nCreate it with 'tick lists add 병원'.\n")
        // A command that changes the list it names does not offer to create it (a tester).
        for command in [["lists", "rename", "병원", "X"], ["lists", "delete", "병원"], ["lists", "color", "병원", "red"],
                        ["lists", "move", "병원", "--to", "1"]] {
            let result = cli.run(command)
            #expect(result.status == 1 && result.errors == "tick: error: there is no list named '병원'; there are 13 lists: see 'tick lists'\n",
                    "\(command): \(result.errors)")
        }
    }

    @Test("errors and results quoting user text: no control, no extra line; Tick's own colors still there")
    func errorsAndResults() throws {
        let cli = CLIHarness()
        cli.isTerminal = true
        cli.ok("lists", "add", "Work\nLate")
        let missing = cli.run("list", "--list", "Wrk\nLate")
        #expect(missing.status == 1)
        #expect(missing.errors == "tick: error: there is no list named 'Wrk Late'; did you mean 'Work Late'?\n"
                + "Create it with 'tick lists add \"Wrk Late\"'.\n")
        let unknown = cli.run("lst\n" + Self.osc52)
        #expect(unknown.status == 64)
        #expect(unknown.errors.split(separator: "\n").count == 2, "\(unknown.errors)")
        #expect(!unknown.errors.contains("\u{1B}"))
        let added = cli.ok("add", Self.osc52 + "Pay rent", "--list", "Work\nLate")
        #expect(added.contains("^[]52;c;cHduZWQ=^GPay rent"))
        #expect(!added.contains("\u{1B}]"))
        let listed = cli.ok("list", "--list", "Work\nLate")
        #expect(listed.contains("\u{1B}[1m"), "the heading is bold: \(listed)")
        #expect(!listed.unicodeScalars.contains { $0.value == 0xFDD0 }, "no style mark leaks")
        #expect(!listed.contains("\u{1B}]"))
    }

    @Test("the agent's lines and log on a terminal: controls shown, never written")
    func agentLines() {
        let cli = CLIHarness()
        cli.isTerminal = true
        cli.ok("add", Self.osc52 + "Pay rent", "--due", "2026-11-30 09:00")
        cli.variables["TICK_NOW"] = "2026-11-30T00:00:00Z"
        let result = cli.run("agent", "--once", "--stdout")
        #expect(result.output.contains("^[]52;c;cHduZWQ=^GPay rent — Due now"), "\(result.output)")
        #expect(!result.output.contains("\u{1B}"))
    }

    @Test("user text holding the internal style marks gets at most a select graphic rendition, never another sequence")
    func styleMarksInUserText() {
        let open = String(decoding: [0xEF, 0xB7, 0x90], as: UTF8.self), close = String(decoding: [0xEF, 0xB7, 0x91], as: UTF8.self)
        #expect(TerminalText.forTerminal("a" + open + "1;31" + close + "b") == "a\u{1B}[1;31mb")
        #expect(TerminalText.forTerminal("a" + open + "]52;c" + close + "b" + close + "c" + open) == "a]52;cbc")
        #expect(TerminalText.forTerminal("one\r\ntwo\rthree\u{1B}[2J\u{9B}x\u{202E}") == "one\ntwo three^[[2J<U+009B>x")
        #expect(TerminalText.forTerminal(TerminalText.styled("x", sgr: "38;5;77")) == "\u{1B}[38;5;77mx\u{1B}[0m")
    }
}

@Suite("Smart lists narrowed to one list")
struct SmartListByListTests {
    @Test("'tick list today --list L' shows only L's part of today; two lists are still refused")
    func todayInList() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Work")
        cli.ok("add", "Report", "--list", "Work", "--due", "today")
        cli.ok("add", "Milk", "--due", "today")
        cli.ok("add", "Later", "--list", "Work", "--due", "2026-12-20")
        cli.ok("add", "Flag", "--list", "Work", "--flag")
        #expect(cli.ok("list", "today").contains("Milk"))
        let work = cli.ok("list", "today", "--list", "Work")
        #expect(work.split(separator: "\n").first?.contains("Today in Work") == true, "\(work)")
        #expect(work.contains("Report"))
        #expect(!work.contains("Milk"))
        #expect(!work.contains("Later"))
        let flagged = try #require(try cli.json("list", "flagged", "--list", "Work") as? [[String: Any]])
        #expect(flagged.map { $0["title"] as? String } == ["Flag"])
        #expect(cli.run("list", "today", "--list", "Nowhere").status == 1)
        #expect(cli.run("list", "Reminders", "--list", "Work").status == 64)
    }
}
