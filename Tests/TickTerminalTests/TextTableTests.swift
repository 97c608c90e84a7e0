import Testing
import TestSupport
import TickModel
import TickTerminal

@Suite("TextTable")
struct TextTableTests {
    /// The columns of a reminder listing: number, title (flexible), due, list.
    static let listing = TextTable(columns: [
        .init("#", alignment: .right),
        .init("Title", minWidth: 5, isFlexible: true),
        .init("Due", minWidth: 3),
        .init("List", maxWidth: 10),
    ])

    static let rows: [[String]] = [
        ["12", "Buy milk", "Today", "Groceries"],
        ["3", "우유 사기", "Tomorrow", "장보기"],
        ["145", "Call Mom 👍", "", "Family"],
    ]

    @Test("a column with compact text shows it when it would be cut, and frees its cells", arguments: [
        (40, ["Pay rent  Dec 1  ↻ Every 3 days", "Milk      Today"]),
        (24, ["Pay rent  Dec 1  ↻", "Milk      Today"]),
        (12, ["Pay…  De…  ↻", "Milk  To…"]),
    ])
    func compactText(width: Int, expected: [String]) {
        let table = TextTable(columns: [
            .init(minWidth: 4, isFlexible: true), .init(), .init(minWidth: 1, isFlexible: true, compactText: "↻"),
        ])
        let rows = [["Pay rent", "Dec 1", "↻ Every 3 days"], ["Milk", "Today", ""]]
        #expect(table.render(rows: rows, totalWidth: width) == expected)
        #expect(table.widths(rows: rows, totalWidth: width)[2] == (width == 40 ? 14 : 1))
    }

    @Test("cells with shorter forms show the longest level with which the column is not cut", arguments: [
        // The title gives up cells first, down to its minimum of 4 (25 cells with the whole date).
        (44, 0, ["Pay rent  Jan 5, 2024 9:30 AM", "Milk      Today", "Bread     Apr 16, 2019"]),
        (25, 0, ["Pay…  Jan 5, 2024 9:30 AM", "Milk  Today", "Bre…  Apr 16, 2019"]),
        (22, 1, ["Pay r…  1/5/24 9:30 AM", "Milk    Today", "Bread   4/16/19"]),
        (18, 2, ["Pay rent  1/5/24", "Milk      Today", "Bread     4/16/19"]),
        (13, 2, ["Pay…  1/5/24", "Milk  Today", "Bre…  4/16/19"]),
        // Even the shortest forms do not fit: they are cut.
        (11, 2, ["Pay…  1/5/…", "Milk  Today", "Bre…  4/16…"]),
    ])
    func shorterForms(width: Int, level: Int, expected: [String]) {
        let table = TextTable(columns: [.init(minWidth: 4, isFlexible: true), .init(maxWidth: 24)])
        var cells = TextTable.Cells()
        cells.append("Pay rent")
        cells.append(TextTable.Cells.Prepared("Jan 5, 2024 9:30 AM", shorter: ["1/5/24 9:30 AM", "1/5/24"]))
        cells.append("Milk")
        cells.append("Today")
        cells.append("Bread")
        // One shorter form only: it stands for every level below.
        cells.append(TextTable.Cells.Prepared("Apr 16, 2019", shorter: ["4/16/19"]))
        let layout = table.layout(cells, totalWidth: width)
        #expect(layout.levels == [0, level])
        #expect(cells.text(ofCell: 5, level: level) == (level == 0 ? "Apr 16, 2019" : "4/16/19"))
        #expect(cells.text(ofCell: 3, level: level) == "Today")
        var output: [UInt8] = []
        table.render(cells, totalWidth: width, into: &output, style: nil)
        #expect(String(decoding: output, as: UTF8.self) == expected.joined(separator: "\n") + "\n")
    }

    @Test("shorter forms survive rows rearranged under their parents")
    func shorterFormsRearranged() {
        let table = TextTable(columns: [.init(minWidth: 4, isFlexible: true), .init()])
        var cells = TextTable.Cells()
        cells.append("Parent")
        cells.appendEmpty()
        cells.append("Child")
        cells.append(TextTable.Cells.Prepared("Jan 5, 2024 9:30 AM", shorter: ["1/5/24"]))
        let nested = cells.rearranged([(index: 0, depth: 0), (index: 1, depth: 1)], columnCount: 2, indenting: 0)
        var output: [UInt8] = []
        table.render(nested, totalWidth: 16, into: &output, style: nil)
        #expect(String(decoding: output, as: UTF8.self) == "Parent\n  Child  1/5/24\n")
    }

    /// Found by a tester: the repeat column kept its 28 cells for "↻ Every 3 days after
    /// completion" (30), drew only `↻` in them, and cut the titles beside it. Another: a rule
    /// longer than the column's maximum (44) was the marker alone at any width.
    @Test("a cell wider than its column's maximum is cut there with …, and is the compact text when the line has no room")
    func compactAboveTheMaximum() {
        let table = TextTable(columns: [.init(minWidth: 4, isFlexible: true), .reminderRepeat])
        let long = "↻ Every 2 weeks on Monday, Wednesday, Friday and Sunday"
        #expect(table.render(rows: [["A title that wants room", long]], totalWidth: 40) == ["A title that wants room  ↻"])
        #expect(table.render(rows: [["Water", long], ["Milk", "↻ Daily"]], totalWidth: 80)
                == ["Water  ↻ Every 2 weeks on Monday, Wednesday, Frida…", "Milk   ↻ Daily"])
        #expect(table.widths(rows: [["Water", long]], totalWidth: 80) == [5, 44])
        #expect(table.widths(rows: [["A title that wants room", long]], totalWidth: 40) == [23, 1])
    }

    /// A tester: a rule of 29 to 44 cells was always the marker alone (the column's maximum
    /// was 28), even in a pipe or at 200 columns, though `tick show` says it in words.
    @Test("a rule up to 44 cells is shown in words when the line has room, the marker alone when it has not")
    func ruleInWordsWhenThereIsRoom() {
        let table = TextTable(columns: [.init(minWidth: 4, isFlexible: true), .reminderRepeat])
        let rule = "↻ Every 3 days after completion"
        #expect(table.render(rows: [["Water", rule]], totalWidth: 80) == ["Water  " + rule])
        #expect(table.render(rows: [["A title that wants room", rule]], totalWidth: 40) == ["A title that wants room  ↻"])
    }

    @Test("lays out aligned columns with a header")
    func layout() {
        let lines = Self.listing.render(rows: Self.rows, totalWidth: 80)
        #expect(lines == [
            "  #  Title        Due       List",
            " 12  Buy milk     Today     Groceries",
            "  3  우유 사기    Tomorrow  장보기",
            "145  Call Mom 👍            Family",
        ])
    }

    @Test("rendering into bytes appends the same lines, each ending with a line feed", arguments: [80, 31, 24, 3, 0])
    func renderIntoBytes(totalWidth: Int) {
        let rows = Self.rows + [["7", "Ctrl\u{1B}[31m e\u{301}\u{200D}", "", "\t"], [], ["8", "", "", ""]]
        var bytes = Array("kept\n".utf8)
        Self.listing.render(rows: rows, totalWidth: totalWidth, into: &bytes) { row, column, text in
            "<\(row ?? -1).\(column)>" + text
        }
        let lines = Self.listing.render(rows: rows, totalWidth: totalWidth) { row, column, text in
            "<\(row ?? -1).\(column)>" + text
        }
        #expect(lines.count == rows.count + 1)
        #expect(String(decoding: bytes, as: UTF8.self) == "kept\n" + lines.map { $0 + "\n" }.joined())
    }

    @Test("cells given in one array, a short last row completed, lay out as rows do", arguments: [80, 24])
    func flatCells(totalWidth: Int) {
        let rows = Self.rows + [["9", "우유\u{1B}[1m"]]
        var fromRows: [UInt8] = []
        Self.listing.render(rows: rows, totalWidth: totalWidth, into: &fromRows) { _, _, text in text }
        var fromCells: [UInt8] = []
        Self.listing.render(cells: rows.flatMap { $0 }, totalWidth: totalWidth, into: &fromCells) { _, _, text in text }
        #expect(fromCells == fromRows)
        #expect(String(decoding: fromCells, as: UTF8.self).split(separator: "\n").count == rows.count + 1)
    }

    @Test("a cell that repeats the one above it is laid out the same")
    func repeatedCells() {
        let table = TextTable(columns: [.init(), .init(maxWidth: 6)])
        let lines = table.render(rows: [
            ["a", "● 장보기"], ["b", "● 장보기"], ["c", "x\u{7}"], ["d", "x\u{7}"], ["e", "● 장보기 목록"], ["f", "● 장보기"],
        ], totalWidth: 80)
        #expect(lines == ["a  ● 장…", "b  ● 장…", "c  x^G", "d  x^G", "e  ● 장…", "f  ● 장…"])
    }

    @Test("the example in the documentation")
    func documentedExample() {
        let table = TextTable(columns: [
            .init("#", alignment: .right),
            .init("Title", minWidth: 10, isFlexible: true),
            .init("Due"),
        ])
        let lines = table.render(rows: [["12", "Buy milk", "Today"], ["3", "우유 사기", ""]], totalWidth: 80)
        #expect(lines == [" #  Title       Due", "12  Buy milk    Today", " 3  우유 사기"])
    }

    @Test("the flexible column gives up cells first")
    func flexibleFirst() {
        let lines = Self.listing.render(rows: Self.rows, totalWidth: 31)
        #expect(lines == [
            "  #  Title  Due       List",
            " 12  Buy …  Today     Groceries",
            "  3  우유…  Tomorrow  장보기",
            "145  Call…            Family",
        ])
        for line in lines { #expect(TerminalText.width(of: line) <= 31) }
    }

    @Test("then the other columns, widest first, down to their minimum")
    func thenFixedColumns() {
        let lines = Self.listing.render(rows: Self.rows, totalWidth: 24)
        #expect(lines == [
            "  #  Title  Due    List",
            " 12  Buy …  Today  Groc…",
            "  3  우유…  Tomo…  장보…",
            "145  Call…         Fami…",
        ])
        for line in lines { #expect(TerminalText.width(of: line) <= 24) }
    }

    @Test("finally the line is cut, keeping the columns on the left", arguments: [1, 2, 5, 9, 10, 14, 19])
    func cutLine(totalWidth: Int) {
        let table = TextTable(columns: [
            .init(minWidth: 4), .init(minWidth: 6, isFlexible: true), .init(minWidth: 8),
        ])
        let lines = table.render(rows: [["abcdefgh", "우유 사기 우유", "Tomorrow!"]], totalWidth: totalWidth)
        #expect(lines.count == 1)
        let line = lines[0]
        #expect(TerminalText.width(of: line) <= totalWidth)
        #expect(!line.hasSuffix(" "))
        #expect(line.hasPrefix(String("abc…".prefix(totalWidth))) || totalWidth < 4)
    }

    @Test("the cut line", arguments: [
        (17, "abc…  우유 …  To…"), (14, "abc…  우유 …"), (10, "abc…  우…"), (5, "abc…"), (3, "ab…"),
    ])
    func cutLineExactly(totalWidth: Int, expected: String) {
        let table = TextTable(columns: [
            .init(minWidth: 4), .init(minWidth: 6, isFlexible: true), .init(minWidth: 8),
        ])
        #expect(table.render(rows: [["abcdefgh", "우유 사기 우유", "Tomorrow!"]], totalWidth: totalWidth) == [expected])
    }

    @Test("cells are sanitized and lose trailing spaces")
    func sanitizedCells() {
        let table = TextTable(columns: [.init(), .init()])
        let lines = table.render(rows: [
            ["\u{1B}[31mred\u{1B}[0m", "x"],
            ["two\nlines", "y"],
            ["bidi \u{202E}txet", "z"],
            ["tail   ", ""],
            ["C1 \u{9B}", "w\t"],
        ], totalWidth: 80)
        #expect(lines == [
            "^[[31mred^[[0m  x",
            "two lines       y",
            "bidi txet       z",
            "tail",
            "C1 <U+009B>     w",
        ])
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test("missing cells are empty, extra cells ignored, empty columns hidden")
    func raggedRows() {
        let table = TextTable(columns: [.init(), .init(), .init(alignment: .right)], gap: 1)
        let lines = table.render(rows: [["a"], ["b", "", "3"], ["c", "", "45", "ignored"]], totalWidth: 80)
        #expect(lines == ["a", "b  3", "c 45"])
    }

    @Test("a gap below 1 counts as 1")
    func smallGap() {
        let table = TextTable(columns: [.init(), .init()], gap: 0)
        #expect(table.render(rows: [["©", "\u{FE0F}x"]], totalWidth: 80) == ["© \u{FE0F}x"])
    }

    @Test("maxWidth cuts a column even when there is room")
    func maxWidth() {
        let table = TextTable(columns: [.init(maxWidth: 4), .init()])
        #expect(table.render(rows: [["Groceries", "x"]], totalWidth: 80) == ["Gro…  x"])
    }

    @Test("no room gives empty lines, one per row and the header", arguments: [0, -5])
    func noRoom(totalWidth: Int) {
        let lines = Self.listing.render(rows: Self.rows, totalWidth: totalWidth)
        #expect(lines == ["", "", "", ""])
    }

    @Test("styling wraps the shown cells without changing the layout")
    func styling() {
        var calls: [String] = []
        let styled = Self.listing.render(rows: Self.rows, totalWidth: 31) { row, column, text in
            calls.append("\(row.map(String.init) ?? "h"):\(column)")
            return "\u{1B}[1m" + text + "\u{1B}[0m"
        }
        let plain = Self.listing.render(rows: Self.rows, totalWidth: 31)
        let unstyled = styled.map { line in
            line.replacingAll("\u{1B}[1m", with: "").replacingAll("\u{1B}[0m", with: "")
        }
        #expect(unstyled == plain)
        #expect(styled[2] == "  \u{1B}[1m3\u{1B}[0m  \u{1B}[1m우유…\u{1B}[0m  \u{1B}[1mTomorrow\u{1B}[0m  \u{1B}[1m장보기\u{1B}[0m")
        // The empty due date of row 2 is not styled.
        #expect(calls.count == 4 * 4 - 1)
        #expect(calls.first == "h:0")
        #expect(!calls.contains("2:2"))
    }

    @Test("no line is ever wider than the total width nor ends in a space", arguments: 0..<12)
    func neverTooWide(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 5_000)
        let columnCount = Int.random(in: 1...6, using: &generator)
        let columns = (0..<columnCount).map { _ in
            TextTable.Column(
                Bool.random(using: &generator) ? TextSamples.randomText(using: &generator, maxPieces: 2) : nil,
                alignment: Bool.random(using: &generator) ? .left : .right,
                minWidth: Int.random(in: -2...12, using: &generator),
                maxWidth: Bool.random(using: &generator) ? Int.random(in: 0...30, using: &generator) : nil,
                isFlexible: Bool.random(using: &generator))
        }
        let table = TextTable(columns: columns, gap: Int.random(in: 0...3, using: &generator))
        let rows = (0..<20).map { _ in
            (0..<Int.random(in: 0...columnCount + 1, using: &generator)).map { _ in
                TextSamples.randomText(using: &generator, maxPieces: 8)
            }
        }
        for totalWidth in 10...120 {
            let lines = table.render(rows: rows, totalWidth: totalWidth)
            #expect(lines.count == rows.count + (columns.contains { $0.header != nil } ? 1 : 0))
            for line in lines {
                #expect(TerminalText.width(of: line) <= totalWidth, "seed \(seed) width \(totalWidth): \(line)")
                #expect(!line.hasSuffix(" "))
                #expect(TerminalText.sanitized(line) == line)
            }
        }
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
