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
