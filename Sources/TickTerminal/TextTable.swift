/// Rows of user text laid out in aligned columns measured in terminal cells, never wider
/// than the terminal.
///
/// Every cell is made safe with ``TerminalText/sanitized(_:)``, loses its trailing
/// spaces, and is measured by the width model of ``TerminalText``; a cell wider than its
/// column is cut with `…` as by ``TerminalText/truncated(_:toWidth:)``.
///
/// ## Layout
///
/// 1. Each column wants the width of its widest cell or header, at least
///    ``Column/minWidth`` and at most ``Column/maxWidth``. A column that wants 0 cells
///    (nothing in it, no minimum) is left out, with its gap.
/// 2. When the columns and the gaps between them are wider than `totalWidth`, flexible
///    columns give up cells first, widest first, down to their minimum width; then the
///    other columns do, the same way.
/// 3. A column whose cells have shorter forms (``Cells/Prepared/init(_:shorter:)``: a date
///    without its time, say) that step 2 would cut shows them instead: the first level of
///    forms (each cell's first, a cell without forms its own text) with which the column
///    keeps all its cells when step 2 is done again; the last level, cut, when none does.
/// 4. A column with ``Column/compactText`` that step 2 would still cut takes that text's
///    width instead (each of its non-empty cells shows it), and step 2 is done again.
/// 5. When the minimum widths alone do not fit, the line is cut: columns keep their
///    widths from the left, the column that crosses `totalWidth` is narrowed to what is
///    left, and the columns after it are not shown.
///
/// Lines have no trailing spaces: the last non-empty cell of a line is not padded on its
/// right. No line is wider than `totalWidth` cells, whatever the input (as measured by
/// ``TerminalText``; escape sequences added by a `style` closure are not counted).
///
/// ```swift
/// let table = TextTable(columns: [
///     .init("#", alignment: .right),
///     .init("Title", minWidth: 10, isFlexible: true),
///     .init("Due"),
/// ])
/// table.render(rows: [["12", "Buy milk", "Today"], ["3", "우유 사기", ""]], totalWidth: 80)
/// // [" #  Title       Due",
/// //  "12  Buy milk    Today",
/// //  " 3  우유 사기"]
/// ```
public struct TextTable: Sendable {
    /// One column of a ``TextTable``.
    public struct Column: Sendable, Hashable {
        /// The text of the header line, or `nil` for none. The header line is shown when
        /// at least one column has a header.
        public var header: String?
        /// Where cells sit when they are narrower than the column.
        public var alignment: TerminalText.Alignment
        /// Cells the column keeps before the line is cut, and takes even when its cells
        /// are narrower. Negative values count as 0.
        public var minWidth: Int
        /// Cells the column never exceeds, or `nil` for no limit; wider cells are cut.
        /// A value below ``minWidth`` counts as ``minWidth``.
        public var maxWidth: Int?
        /// Whether the column gives up cells before the others when the line is too wide
        /// (the title of a reminder, say).
        public var isFlexible: Bool
        /// A short text every non-empty cell shows instead when the column would be cut
        /// (`↻` for a repeat rule in words), or nil to cut cells with `…`. The column then
        /// takes only this text's width, and the cells it frees go to the others.
        public var compactText: String?

        /// A column; by default left-aligned, without header, minimum or maximum width,
        /// not flexible and without compact text.
        public init(_ header: String? = nil, alignment: TerminalText.Alignment = .left,
                    minWidth: Int = 0, maxWidth: Int? = nil, isFlexible: Bool = false, compactText: String? = nil) {
            self.header = header
            self.alignment = alignment
            self.minWidth = minWidth
            self.maxWidth = maxWidth
            self.isFlexible = isFlexible
            self.compactText = compactText
        }

        /// What a cell of `width` cells shows of `text` (already sanitized) in a column
        /// `columnWidth` cells wide, and its width: the text when it fits; else, in a column
        /// narrowed below its maximum, the ``compactText`` when there is one and it fits;
        /// else the text cut with `…` (a column at its maximum cuts a longer cell: a tester's
        /// rules of 45 cells and more were the marker alone at any width).
        public func fitted(_ text: String, width: Int, toWidth columnWidth: Int) -> (text: String, width: Int) {
            if width <= columnWidth { return (text, width) }
            if let compactText, !text.isEmpty, columnWidth < (maxWidth ?? Int.max) {
                let compactWidth = TerminalText.width(of: compactText)
                if compactWidth <= columnWidth { return (compactText, compactWidth) }
            }
            return TerminalText.fitted(text[...], toWidth: columnWidth)
        }
    }

    /// The columns, from left to right.
    public var columns: [Column]
    /// Spaces between two columns; values below 1 count as 1, so that a cell can never
    /// join the grapheme cluster that ends the cell before it.
    public var gap: Int

    /// A table with `columns` and `gap` spaces between columns.
    public init(columns: [Column], gap: Int = 2) {
        self.columns = columns
        self.gap = gap
    }

    /// The lines of the table: the header line (when a column has a header), then one
    /// line per row, each at most `totalWidth` cells wide, without trailing spaces and
    /// without line breaks.
    ///
    /// - Parameters:
    ///   - rows: the cells of each row, one string per column from the left; missing
    ///     cells are empty and cells beyond the last column are ignored.
    ///   - totalWidth: the cells available on a line, such as the terminal's width; 0 or
    ///     less gives empty lines.
    /// - Returns: `rows.count` lines, plus one first for the header.
    /// - Complexity: O(n) in the total UTF-8 length of the cells.
    public func render(rows: [[String]], totalWidth: Int) -> [String] {
        render(rows: rows, totalWidth: totalWidth) { _, _, text in text }
    }

    /// The lines of the table, as ``render(rows:totalWidth:)``, with each visible cell
    /// passed through `style` after layout, to wrap it in terminal escape sequences
    /// (colors) that must not count toward the width.
    ///
    /// - Parameters:
    ///   - rows: as for ``render(rows:totalWidth:)``.
    ///   - totalWidth: as for ``render(rows:totalWidth:)``.
    ///   - style: called for every non-empty cell that is shown, with the row's index in
    ///     `rows` (`nil` for the header line), the column's index in ``columns`` and the
    ///     cell's text as it will be shown: sanitized, cut and without padding. It
    ///     returns that text, possibly wrapped in escape sequences; the result is not
    ///     measured or sanitized, so it must take the same cells as the text it was given.
    /// - Complexity: O(n) in the total UTF-8 length of the cells, plus the calls to
    ///   `style`.
    public func render(rows: [[String]], totalWidth: Int,
                       style: (_ row: Int?, _ column: Int, _ text: String) -> String) -> [String] {
        var text: [UInt8] = []
        render(rows: rows, totalWidth: totalWidth, into: &text, style: style)
        // Every line ends with a line feed, and none holds one: cells are sanitized.
        return text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Appends the lines of the table, as ``render(rows:totalWidth:style:)`` makes them,
    /// to `output` as UTF-8, each followed by a line feed: the text a listing writes,
    /// built without a `String` per line.
    ///
    /// - Parameters:
    ///   - rows: as for ``render(rows:totalWidth:)``.
    ///   - totalWidth: as for ``render(rows:totalWidth:)``.
    ///   - output: bytes to append to; what it holds already is kept.
    ///   - style: as for ``render(rows:totalWidth:style:)``.
    /// - Complexity: O(n) in the total UTF-8 length of the cells, plus the calls to
    ///   `style`.
    public func render(rows: [[String]], totalWidth: Int, into output: inout [UInt8],
                       style: (_ row: Int?, _ column: Int, _ text: String) -> String) {
        let columnCount = columns.count
        guard columnCount > 0 else {
            // No columns: one empty line per row, as for any row whose cells are all empty.
            output.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: rows.count))
            return
        }
        var cells: [String] = []
        cells.reserveCapacity(rows.count * columnCount)
        for row in rows {
            for column in 0..<columnCount { cells.append(column < row.count ? row[column] : "") }
        }
        render(cells: cells, totalWidth: totalWidth, into: &output, style: style)
    }

    /// Appends the lines of the table to `output`, as ``render(rows:totalWidth:into:style:)``,
    /// from the cells of all rows in one array: the form a long listing fills without
    /// an array per row.
    ///
    /// - Parameters:
    ///   - cells: the cells row after row, ``columns``.count per row; a last row with
    ///     fewer is completed with empty cells. Empty when there are no columns.
    ///   - totalWidth: as for ``render(rows:totalWidth:)``.
    ///   - output: bytes to append to; what it holds already is kept.
    ///   - style: as for ``render(rows:totalWidth:style:)``, with the row's index
    ///     counted from the first row of `cells`.
    /// - Complexity: O(n) in the total UTF-8 length of the cells, plus the calls to
    ///   `style`.
    public func render(cells: consuming [String], totalWidth: Int, into output: inout [UInt8],
                       style: (_ row: Int?, _ column: Int, _ text: String) -> String) {
        guard !columns.isEmpty else { return }
        var measured = Cells(reservingCapacity: cells.count)
        for text in cells { measured.append(text) }
        withoutActuallyEscaping(style) { style in
            render(measured, totalWidth: totalWidth, into: &output, style: style)
        }
    }
}

// MARK: - Layout

extension TextTable {
    /// A cell's text, sanitized and without trailing spaces, with its width in cells.
    struct Cell {
        var text: String
        var width: Int

        init(text: String, width: Int) {
            self.text = text
            self.width = width
        }

        init(_ raw: String) {
            // Printable ASCII, by far the most common cell, in one pass: nothing to
            // sanitize, one cell per byte, only trailing spaces to drop.
            let ascii = TerminalText.withUTF8(raw) { bytes -> (width: Int, isWhole: Bool)? in
                guard TerminalText.printableASCIIPrefix(bytes) == bytes.count else { return nil }
                var end = bytes.count
                while end > 0 && bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
                return (end, end == bytes.count)
            }
            if let ascii {
                text = ascii.isWhole ? raw : String(decoding: raw.utf8.prefix(ascii.width), as: UTF8.self)
                width = ascii.width
                return
            }
            var text = TerminalText.sanitizedIfChanged(raw[...]) ?? raw
            if text.utf8.last == UInt8(ascii: " ") {
                while text.utf8.last == UInt8(ascii: " ") { text.unicodeScalars.removeLast() }
            }
            self.text = text
            width = TerminalText.width(ofSubstring: text[...])
        }
    }

    /// The width each column gets for `rows` on a line of `totalWidth` cells, 0 for a
    /// column not shown: the layout ``render(rows:totalWidth:)`` uses, for callers that
    /// draw the cells themselves (the terminal UI).
    /// - Complexity: O(n) in the total UTF-8 length of the cells.
    public func widths(rows: [[String]], totalWidth: Int) -> [Int] {
        var cellWidths: [Int] = []
        cellWidths.reserveCapacity(rows.count * columns.count)
        for row in rows {
            for column in columns.indices { cellWidths.append(column < row.count ? Cell(row[column]).width : 0) }
        }
        return columnWidths(cellWidths: cellWidths, header: nil, totalWidth: totalWidth)
    }

    /// The width of each column, 0 for a column not shown (see "Layout" on
    /// ``TextTable``); the shown columns and the gaps between them fit in `totalWidth`.
    /// - Parameters:
    ///   - cellWidths: the width of every cell, row after row, `columns.count` per row.
    ///   - header: the width of each header cell, nil without a header line.
    func columnWidths(cellWidths: [Int], header: [Int]?, totalWidth: Int) -> [Int] {
        layout(cellWidths: cellWidths, header: header, shorter: Array(repeating: [], count: columns.count),
               totalWidth: totalWidth).widths
    }

    /// How ``render(_:totalWidth:into:style:flush:)`` lays out `cells` on a line of
    /// `totalWidth` cells, for callers that draw the cells themselves (the terminal UI):
    /// the width of each column (0 for a column not shown) and the level of shorter forms
    /// each shows (0 for the cells' own texts; ``Cells/text(ofCell:level:)`` gives a cell's
    /// text at a level).
    /// - Complexity: O(n) in the number of cells.
    public func layout(_ cells: Cells, totalWidth: Int) -> (widths: [Int], levels: [Int]) {
        var widths = cells.widths
        let rowCount = (widths.count + columns.count - 1) / max(columns.count, 1)
        while widths.count < rowCount * columns.count { widths.append(0) }
        return layout(cellWidths: widths, header: nil, shorter: shorterWidths(cells), totalWidth: totalWidth)
    }

    /// For each column, the width it wants at each level of shorter forms (1, 2, …): its
    /// widest cell at that level, where a cell shows its shorter form of that level (its
    /// last one when it has fewer) and a cell without forms its own text. Empty for a column
    /// none of whose cells has shorter forms.
    /// - Complexity: O(n) in the number of cells.
    func shorterWidths(_ cells: Cells) -> [[Int]] {
        let count = columns.count
        var result = Array(repeating: [Int](), count: count)
        guard count > 0, !cells.formOf.isEmpty else { return result }
        var levels = Array(repeating: 0, count: count)
        for (index, form) in cells.formOf.enumerated() where form >= 0 {
            levels[index % count] = max(levels[index % count], cells.forms[Int(form)].count)
        }
        for column in 0..<count where levels[column] > 0 {
            var widths = Array(repeating: 0, count: levels[column])
            var index = column
            while index < cells.count {
                let form = cells.formOf[index]
                if form < 0 {
                    let width = cells.widths[index]
                    for level in widths.indices where widths[level] < width { widths[level] = width }
                } else {
                    let forms = cells.forms[Int(form)]
                    for level in widths.indices {
                        widths[level] = max(widths[level], forms[min(level, forms.count - 1)].width)
                    }
                }
                index += count
            }
            result[column] = widths
        }
        return result
    }

    /// The width of each column and its level of shorter forms (see "Layout" on
    /// ``TextTable``).
    /// - Parameters:
    ///   - cellWidths: the width of every cell, row after row, `columns.count` per row.
    ///   - header: the width of each header cell, nil without a header line.
    ///   - shorter: for each column, its widths at each level of shorter forms
    ///     (``shorterWidths(_:)``).
    func layout(cellWidths: [Int], header: [Int]?, shorter: [[Int]], totalWidth: Int) -> (widths: [Int], levels: [Int]) {
        let count = columns.count
        var levels = Array(repeating: 0, count: count)
        guard count > 0, totalWidth > 0 else { return (Array(repeating: 0, count: count), levels) }
        let floors = columns.map { max($0.minWidth, 0) }
        var widths = header ?? Array(repeating: 0, count: count)
        // A cell wider than its column's maximum asks for the maximum and is cut there with
        // `…`; when the line has no room for that, the column shows its compact text (step 4).
        var index = 0
        while index + count <= cellWidths.count {
            for column in 0..<count where cellWidths[index + column] > widths[column] {
                widths[column] = cellWidths[index + column]
            }
            index += count
        }
        for column in 0..<count {
            widths[column] = max(widths[column], floors[column])
            if let limit = columns[column].maxWidth {
                widths[column] = min(widths[column], max(limit, floors[column]))
            }
        }
        var fitted = fit(widths, floors: floors, totalWidth: totalWidth)
        var wanted = widths
        // A column whose cells have shorter forms and that would be cut takes the first
        // level with which it keeps its cells whole, and the line is laid out again.
        for column in 0..<count where fitted[column] < wanted[column] && !shorter[column].isEmpty {
            for (offset, levelWidth) in shorter[column].enumerated() {
                var width = max(levelWidth, floors[column], header?[column] ?? 0)
                if let limit = columns[column].maxWidth { width = min(width, max(limit, floors[column])) }
                wanted[column] = min(wanted[column], width)
                levels[column] = offset + 1
                fitted = fit(wanted, floors: floors, totalWidth: totalWidth)
                if fitted[column] >= wanted[column] { break }
            }
        }
        // A column with compact text that would be cut takes the compact text's width
        // instead, and the line is laid out again with the cells it frees.
        var isCompacted = false
        for column in 0..<count where fitted[column] < wanted[column] {
            guard let compact = columns[column].compactText else { continue }
            wanted[column] = min(wanted[column], max(TerminalText.width(of: compact), floors[column]))
            isCompacted = true
        }
        return (isCompacted ? fit(wanted, floors: floors, totalWidth: totalWidth) : fitted, levels)
    }

    /// `widths` (what each column wants) brought within `totalWidth`: flexible columns
    /// give up cells first, then the others, none below its floor; then the line is cut.
    /// - Complexity: O(c log w), c the number of columns and w the widest column.
    private func fit(_ wanted: [Int], floors: [Int], totalWidth: Int) -> [Int] {
        var widths = wanted
        let count = columns.count
        let spacing = max(gap, 1)
        let shownCount = widths.count { $0 > 0 }
        var excess = widths.reduce(0, +) + spacing * max(shownCount - 1, 0) - totalWidth
        guard excess > 0 else { return widths }
        let flexible = (0..<count).filter { columns[$0].isFlexible }
        let fixed = (0..<count).filter { !columns[$0].isFlexible }
        excess -= Self.narrow(&widths, columns: flexible, floors: floors, by: excess)
        excess -= Self.narrow(&widths, columns: fixed, floors: floors, by: excess)
        guard excess > 0 else { return widths }

        // Cut the line: keep widths from the left while there is room.
        var remaining = totalWidth
        for column in 0..<count where widths[column] > 0 {
            widths[column] = max(min(widths[column], remaining), 0)
            remaining -= widths[column] + spacing
        }
        return widths
    }

    /// Takes up to `amount` cells in total from `columns`, widest first, none below its
    /// floor, and returns the number of cells taken.
    ///
    /// The widest columns are brought down to a common level, found by binary search;
    /// cells still owed are taken one each from the rightmost columns at that level.
    ///
    /// - Complexity: O(c log w), c the number of columns and w the widest column.
    static func narrow(_ widths: inout [Int], columns: [Int], floors: [Int], by amount: Int) -> Int {
        guard amount > 0 else { return 0 }
        func taken(atLevel level: Int) -> Int {
            columns.reduce(0) { $0 + max(0, widths[$1] - max(level, floors[$1])) }
        }
        let available = taken(atLevel: 0)
        if available <= amount {
            for column in columns { widths[column] = min(widths[column], floors[column]) }
            return available
        }
        // taken(atLevel: low) >= amount > taken(atLevel: high)
        var low = 0
        var high = columns.map { widths[$0] }.max() ?? 0
        while high - low > 1 {
            let middle = (low + high) / 2
            if taken(atLevel: middle) >= amount { low = middle } else { high = middle }
        }
        var owed = amount - taken(atLevel: high)
        for column in columns {
            widths[column] = max(floors[column], min(widths[column], high))
        }
        for column in columns.reversed() where owed > 0 && widths[column] == high && floors[column] < high {
            widths[column] -= 1
            owed -= 1
        }
        return amount
    }
}
