import TickModel
import TickTerminal

/// What a text field shows in a given number of cells: the part of its text around the
/// cursor (scrolled sideways when longer than the field), sanitized, and the cursor's
/// column, or the placeholder when the field is empty.
struct FieldView {
    /// The text drawn.
    let text: String
    /// Whether `text` is the placeholder.
    let isPlaceholder: Bool
    /// The cursor's column inside the field.
    let cursorColumn: Int
    /// The field's width in cells.
    let width: Int

    /// The view of `field` in `width` cells.
    /// - Complexity: O(n) in the length of the field's text.
    init(_ field: TextField, width: Int, placeholder: String = "") {
        self.width = max(width, 0)
        guard !field.isEmpty else {
            text = placeholder
            isPlaceholder = true
            cursorColumn = 0
            return
        }
        isPlaceholder = false
        // Each character as it is drawn (a control becomes ^X) and its width.
        let pieces = field.text.map { character -> (String, Int) in
            let shown = TerminalText.sanitized(String(character))
            return (shown, TerminalText.width(of: shown))
        }
        // Scroll so that the cursor fits, with one cell for the cursor itself at the end.
        let room = max(self.width - 1, 0)
        var start = 0
        var cursorCells = pieces[..<field.cursor].reduce(0) { $0 + $1.1 }
        while cursorCells > room, start < field.cursor {
            cursorCells -= pieces[start].1
            start += 1
        }
        var shown: [(String, Int)] = []
        var used = 0
        var end = start
        for piece in pieces[start...] {
            guard used + piece.1 <= self.width else { break }
            shown.append(piece)
            used += piece.1
            end += 1
        }
        let cursorColumn = min(cursorCells, max(self.width - 1, 0))
        // Text cut at an edge says so with `…` in the edge's cell, unless the cursor is
        // there (a field of fewer than three cells shows its text alone).
        if self.width >= 3, end < pieces.count, cursorColumn < self.width - 1 {
            while used > self.width - 1, let last = shown.popLast() { used -= last.1 }
            if used > cursorColumn {
                shown.append(("…", 1))
                used += 1
            }
        }
        if self.width >= 3, start > 0, cursorColumn > 1 {
            var cut = 0
            while cut < 1, !shown.isEmpty { cut += shown.removeFirst().1 }
            // A wide character cut leaves its second cell blank, so nothing after it moves.
            shown.insert(("…" + String(repeating: " ", count: cut - 1), cut), at: 0)
        }
        text = shown.map(\.0).joined()
        self.cursorColumn = cursorColumn
    }

    /// Draws the field into `builder` (text then padding, as the field's style).
    func add(to builder: inout RowBuilder, isFocused: Bool = true) {
        builder.add(text, cells: width, style: SpanStyle(role: isPlaceholder ? .dim : .field, isFocused: isFocused))
    }
}
