import TickModel

extension TextTable {
    /// The cells of a table's rows, row after row, held as the bytes each cell shows
    /// (sanitized, without trailing spaces) in one buffer, with their widths: what a long
    /// listing fills without a `String` per cell, measured as it is filled.
    ///
    /// A cell is added as text (``append(_:)``, measured by the width model of
    /// ``TerminalText``), as printable ASCII built in place (``appendPrintableASCII(_:)``),
    /// or as a cell prepared once and shown in many rows (``append(_:)-(Prepared)``).
    public struct Cells: Sendable {
        /// The shown bytes of every cell, one after another.
        var bytes: [UInt8] = []
        /// Where each cell's bytes end in `bytes`; a cell starts where the one before ends.
        var ends: [Int] = []
        /// The width of each cell in terminal cells.
        var widths: [Int] = []

        /// A cell made once (its text sanitized, without trailing spaces, and measured)
        /// to be appended to many rows, such as a list's name.
        public struct Prepared: Sendable {
            let bytes: [UInt8]
            let width: Int
            /// What the cell shows instead in a column too narrow for it, from the longer to
            /// the shorter (see "Layout" on ``TextTable``).
            let shorter: [Prepared]

            /// `text` as a cell of a ``TextTable`` shows it, with `shorter` texts for a
            /// column too narrow for it, from the longer to the shorter (a date without its
            /// time, say): a column that would cut such cells shows, in each of them, the
            /// first of these forms with which every cell of the column fits.
            public init(_ text: String, shorter: [String] = []) {
                let cell = Cell(text)
                bytes = Array(cell.text.utf8)
                width = cell.width
                self.shorter = shorter.map { Prepared($0) }
            }
        }

        /// The width of the widest cell of column `column` of rows of `columnCount` cells; 0
        /// when there is none.
        /// - Complexity: O(rows).
        public func widest(inColumn column: Int, of columnCount: Int) -> Int {
            guard columnCount > 0, column >= 0 else { return 0 }
            return stride(from: column, to: widths.count, by: columnCount).reduce(0) { max($0, widths[$1]) }
        }

        /// The shorter forms of the cells that have them (``Prepared/shorter``).
        var forms: [[Prepared]] = []
        /// For each cell, its index in `forms`, or -1; empty until a cell has forms.
        var formOf: [Int32] = []

        /// No cells, with room for `count` cells of about `bytesPerCell` bytes each.
        public init(reservingCapacity count: Int = 0, bytesPerCell: Int = 8) {
            ends.reserveCapacity(count)
            widths.reserveCapacity(count)
            bytes.reserveCapacity(count * bytesPerCell)
        }

        /// The number of cells.
        public var count: Int { widths.count }

        /// The bytes of cell `index`.
        func range(of index: Int) -> Range<Int> {
            (index == 0 ? 0 : ends[index - 1])..<ends[index]
        }

        /// Appends `text` as a cell: sanitized, without trailing spaces, measured in cells.
        /// - Complexity: O(n) in the UTF-8 length of `text`.
        public mutating func append(_ text: String) {
            let cell = Cell(text)
            append(cell)
        }

        mutating func append(_ cell: Cell) {
            bytes.append(contentsOf: cell.text.utf8)
            ends.append(bytes.count)
            widths.append(cell.width)
            noteForm(-1)
        }

        /// Appends a prepared cell, with its shorter forms.
        public mutating func append(_ cell: Prepared) {
            bytes.append(contentsOf: cell.bytes)
            ends.append(bytes.count)
            widths.append(cell.width)
            if cell.shorter.isEmpty {
                noteForm(-1)
            } else {
                noteForm(Int32(forms.count))
                forms.append(cell.shorter)
            }
        }

        /// Records the forms of the cell just appended: `form` indexes `forms`, -1 for none.
        /// `formOf` stays empty until a cell has forms, then holds one entry per cell.
        private mutating func noteForm(_ form: Int32) {
            if form >= 0 && formOf.isEmpty { formOf = Array(repeating: -1, count: widths.count - 1) }
            if !formOf.isEmpty { formOf.append(form) }
        }

        /// The shorter forms of cell `index` (empty for none).
        func shorterForms(of index: Int) -> [Prepared] {
            guard index < formOf.count, formOf[index] >= 0 else { return [] }
            return forms[Int(formOf[index])]
        }

        /// The text cell `index` shows at `level`: 0 its own, 1 its first shorter form, and
        /// so on (its shortest beyond its last); the cell as ``TextTable/layout(_:totalWidth:)``
        /// chose it for a column.
        public func text(ofCell index: Int, level: Int) -> String {
            let forms = shorterForms(of: index)
            if level > 0, !forms.isEmpty { return String(decoding: forms[min(level, forms.count) - 1].bytes, as: UTF8.self) }
            return String(decoding: bytes[range(of: index)], as: UTF8.self)
        }

        /// Appends a cell whose bytes `build` appends to the buffer it is given, when
        /// they are all printable ASCII (U+0020–U+007E): one cell a byte, trailing
        /// spaces dropped, as ``append(_:)-(String)`` would make of the same text.
        /// - Returns: false, with nothing appended, when a byte is not printable ASCII;
        ///   the caller then appends the text with ``append(_:)-(String)``.
        /// - Complexity: O(n) in the number of bytes built.
        public mutating func appendPrintableASCII(_ build: (inout [UInt8]) -> Void) -> Bool {
            let start = bytes.count
            build(&bytes)
            let isPrintable = bytes.withUnsafeBufferPointer { all in
                let built = UnsafeBufferPointer(rebasing: all[start...])
                return TerminalText.printableASCIIPrefix(built) == built.count
            }
            guard isPrintable else {
                bytes.removeSubrange(start...)
                return false
            }
            while bytes.count > start && bytes[bytes.count - 1] == UInt8(ascii: " ") { bytes.removeLast() }
            ends.append(bytes.count)
            widths.append(bytes.count - start)
            noteForm(-1)
            return true
        }

        /// Appends an empty cell.
        public mutating func appendEmpty() {
            ends.append(bytes.count)
            widths.append(0)
            noteForm(-1)
        }

        /// The rows of these cells (``columns``.count = `columnCount` cells each) in the
        /// order of `rows`, each row's cell of column `indented` indented by two spaces a
        /// level of `depth`: the cell is measured again as ``append(_:)-(String)`` measures
        /// the indented text (a cell left empty stays empty).
        /// - Parameter rows: the index of each row to take, with its depth.
        /// - Complexity: O(n) in the size of the cells.
        public func rearranged(_ rows: [(index: Int, depth: Int)], columnCount: Int, indenting indented: Int) -> Cells {
            var result = Cells(reservingCapacity: rows.count * columnCount, bytesPerCell: bytes.count / max(count, 1))
            result.forms = forms
            for (index, depth) in rows {
                for column in 0..<columnCount {
                    let cell = index * columnCount + column
                    if column == indented && depth > 0 {
                        result.append(String(repeating: "  ", count: depth) + String(decoding: bytes[range(of: cell)], as: UTF8.self))
                    } else {
                        result.bytes.append(contentsOf: bytes[range(of: cell)])
                        result.ends.append(result.bytes.count)
                        result.widths.append(widths[cell])
                        result.noteForm(formOf.isEmpty ? -1 : formOf[cell])
                    }
                }
            }
            return result
        }
    }

    /// Appends the lines of the table to `output`, as ``render(cells:totalWidth:into:style:)``
    /// does with the same texts as strings, from cells already measured.
    ///
    /// - Parameters:
    ///   - cells: the cells row after row, ``columns``.count per row; a last row with
    ///     fewer is completed with empty cells.
    ///   - totalWidth: as for ``render(rows:totalWidth:)``.
    ///   - output: bytes to append to; what it holds already is kept.
    ///   - style: as for ``render(rows:totalWidth:style:)``; nil to write cells as they
    ///     are, without making a `String` of each shown cell.
    ///   - flush: called with `output` whenever a line leaves it holding 256 KiB or more,
    ///     to write it out and empty it, so that a long table's lines are never all held at
    ///     once; nil to keep every line in `output`.
    /// - Complexity: O(n) in the total UTF-8 length of the cells, plus the calls to
    ///   `style`.
    public func render(_ cells: consuming Cells, totalWidth: Int, into output: inout [UInt8],
                       style: ((_ row: Int?, _ column: Int, _ text: String) -> String)?,
                       flush: ((inout [UInt8]) -> Void)? = nil) {
        let columnCount = columns.count
        guard columnCount > 0 else { return }
        var header: Cells?
        if columns.contains(where: { $0.header != nil }) {
            var cells = Cells()
            for column in columns { cells.append(column.header ?? "") }
            header = cells
        }
        let rowCount = (cells.count + columnCount - 1) / columnCount
        while cells.count < rowCount * columnCount { cells.appendEmpty() }
        let (widths, levels) = layout(cellWidths: cells.widths, header: header?.widths, shorter: shorterWidths(cells),
                                      totalWidth: totalWidth)
        let spacing = max(gap, 1)
        // The widest a line can be when its text is ASCII; only what is written is touched.
        let chunk = 256 * 1024
        let lineWidth = widths.reduce(spacing * columnCount + 1, +)
        // The lines are written into a buffer appended to by pointer (a dozen appends a row:
        // `Array.append(contentsOf:)` cost some 90 instructions each, a tenth of `tick list
        // all`), then given to `output` whole, or a chunk at a time when it is flushed.
        var lines = ByteBuffer(capacity: flush == nil ? (rowCount + 1) * lineWidth : chunk + 4 * lineWidth)

        // Padding is copied from a line of spaces: a title column pads most rows by dozens.
        let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 256)
        // The buffer is handed to each function as `inout`, not captured: a captured `var` is
        // checked for exclusive access at run time on every append.
        func appendSpaces(_ count: Int, _ lines: inout ByteBuffer) {
            var left = count
            while left > 0 {
                let run = min(left, spaces.count)
                spaces.withUnsafeBufferPointer { lines.append(bytes: UnsafeBufferPointer(rebasing: $0[..<run])) }
                left -= run
            }
        }
        func appendText(_ text: String, _ lines: inout ByteBuffer) {
            var text = text
            text.withUTF8 { lines.append(bytes: $0) }
        }

        /// One line: the cells from `base` in `cells`, whose bytes are `bytes`.
        func line(_ cells: borrowing Cells, _ bytes: UnsafeBufferPointer<UInt8>, base: Int, row: Int?, _ lines: inout ByteBuffer) {
            defer { lines.append(UInt8(ascii: "\n")) }
            // The last column whose cell is shown and not empty: nothing is written after it.
            var last = -1
            for column in stride(from: columnCount - 1, through: 0, by: -1)
            where widths[column] > 0 && cells.widths[base + column] > 0 {
                last = column
                break
            }
            guard last >= 0 else { return }
            var isFirst = true
            for column in 0...last where widths[column] > 0 {
                if !isFirst { appendSpaces(spacing, &lines) }
                isFirst = false
                if levels[column] > 0, case let forms = cells.shorterForms(of: base + column), !forms.isEmpty {
                    let form = forms[min(levels[column], forms.count) - 1]
                    form.bytes.withUnsafeBufferPointer { write($0, width: form.width, column: column, last: last, row: row, &lines) }
                } else {
                    write(UnsafeBufferPointer(rebasing: bytes[cells.range(of: base + column)]), width: cells.widths[base + column],
                          column: column, last: last, row: row, &lines)
                }
            }
        }

        /// One cell of `cellWidth` cells, in `column`, padded or cut to the column's width.
        func write(_ cell: UnsafeBufferPointer<UInt8>, width cellWidth: Int, column: Int, last: Int, row: Int?,
                   _ lines: inout ByteBuffer) {
            let width = widths[column]
            let alignment = columns[column].alignment
            if cellWidth <= width && (style == nil || cell.isEmpty) {
                // Fits and is not styled: the bytes as they are.
                if alignment == .right { appendSpaces(width - cellWidth, &lines) }
                lines.append(bytes: cell)
                if alignment == .left && column != last { appendSpaces(width - cellWidth, &lines) }
                return
            }
            let text = String(decoding: cell, as: UTF8.self)
            let fit = columns[column].fitted(text, width: cellWidth, toWidth: width)
            let shown = fit.text.isEmpty || style == nil ? fit.text : style?(row, column, fit.text) ?? fit.text
            let padding = width - fit.width
            switch alignment {
            case .left:
                appendText(shown, &lines)
                if column != last { appendSpaces(padding, &lines) }
            case .right:
                appendSpaces(padding, &lines)
                appendText(shown, &lines)
            }
        }

        /// Gives `output` the lines written so far.
        func hand(_ lines: inout ByteBuffer) {
            lines.withUnsafeBytes { output.append(contentsOf: $0) }
            lines.removeAll()
        }

        if let header {
            header.bytes.withUnsafeBufferPointer { line(header, $0, base: 0, row: nil, &lines) }
        }
        cells.bytes.withUnsafeBufferPointer { bytes in
            for row in 0..<rowCount {
                line(cells, bytes, base: row * columnCount, row: row, &lines)
                if let flush, output.count + lines.count >= chunk {
                    hand(&lines)
                    flush(&output)
                }
            }
        }
        hand(&lines)
    }
}
