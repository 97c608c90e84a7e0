/// A one-line text field: the text and a cursor between grapheme clusters.
///
/// Keys: text inserts at the cursor; ←/→, Home/End (also Ctrl-A, Ctrl-E) move;
/// Backspace and Delete erase; Ctrl-U clears the field, Ctrl-K erases to the end,
/// Ctrl-W erases the word before the cursor; pasted text (`Key.paste`) is inserted with its
/// line breaks and tabs as spaces (`insert(pasted:keepingLineBreaks:)` keeps line breaks, for
/// the notes, with tabs). Text is kept as typed, line breaks of notes included; only drawing sanitizes it.
struct TextField: Hashable, Sendable {
    /// The text.
    private(set) var text: String
    /// The cursor, in grapheme clusters from the start (0...text.count).
    private(set) var cursor: Int

    /// A field holding `text` with the cursor at its end.
    init(_ text: String = "") {
        self.text = text
        self.cursor = text.count
    }

    /// A field holding `text` with the cursor after `cursor` characters (clamped).
    init(_ text: String, cursor: Int) {
        self.text = text
        self.cursor = min(max(cursor, 0), text.count)
    }

    /// The lines of the text (split at line breaks), and the cursor's line and its
    /// place in that line, in characters.
    /// - Complexity: O(n) in the length of the text.
    var lines: (lines: [String], cursorLine: Int, cursorColumn: Int) {
        var lines: [String] = [""]
        var cursorLine = 0, cursorColumn = 0
        for (offset, character) in text.enumerated() {
            if offset == cursor { (cursorLine, cursorColumn) = (lines.count - 1, lines[lines.count - 1].count) }
            if character.isNewline { lines.append("") } else { lines[lines.count - 1].append(character) }
        }
        if cursor >= text.count { (cursorLine, cursorColumn) = (lines.count - 1, lines[lines.count - 1].count) }
        return (lines, cursorLine, cursorColumn)
    }

    /// Whether the field holds no characters.
    var isEmpty: Bool { text.isEmpty }

    /// Applies an editing key.
    /// - Returns: whether the key was an editing key (others are left to the caller).
    /// - Complexity: O(n) in the length of the text.
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            insert(character)
        case .paste(let text, _):
            insert(pasted: text, keepingLineBreaks: false)
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(text.count, cursor + 1)
        case .home, .control("a"):
            cursor = 0
        case .end, .control("e"):
            cursor = text.count
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            replace(from: cursor - 1, to: cursor, with: "")
        case .delete, .control("d"):
            guard cursor < text.count else { return true }
            replace(from: cursor, to: cursor + 1, with: "")
        case .control("u"):
            text = ""
            cursor = 0
        case .control("k"):
            replace(from: cursor, to: text.count, with: "")
        case .control("w"):
            let characters = Array(text)
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            replace(from: start, to: cursor, with: "")
        default:
            return false
        }
        return true
    }

    /// Moves the cursor to the line above (`up`) or below, at the same place in it or its end;
    /// false, and nothing moved, on the first line going up or the last going down (the caller
    /// goes to the field before or after).
    /// - Complexity: O(n) in the length of the text.
    mutating func moveLine(up: Bool) -> Bool {
        let (lines, line, column) = self.lines
        let target = up ? line - 1 : line + 1
        guard lines.indices.contains(target) else { return false }
        // Characters before the target line: every line before it and its line break.
        let before = lines[..<target].reduce(0) { $0 + $1.count + 1 }
        cursor = before + min(column, lines[target].count)
        return true
    }

    /// Inserts text at the cursor. A combining mark joins the character before it, so the
    /// cursor is recounted from the text rather than advanced by one.
    mutating func insert(_ character: Character) {
        replace(from: cursor, to: cursor, with: String(character))
    }

    /// Inserts pasted text at the cursor: with `keepingLineBreaks` (the notes), a line break
    /// (CR LF, CR, LF, or Unicode's) is a line break and a tab a tab; otherwise each is a space.
    /// Other control characters (the terminal's own sequences inside a paste) are left out.
    /// - Complexity: O(n + m) in the lengths of the field and the pasted text.
    mutating func insert(pasted text: String, keepingLineBreaks: Bool) {
        var cleaned = ""
        for character in text {
            if character.isNewline {
                cleaned.append(keepingLineBreaks ? "\n" : " ")
            } else if character == "\t" {
                cleaned.append(keepingLineBreaks ? "\t" : " ")
            } else if !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                cleaned.append(character)
            }
        }
        replace(from: cursor, to: cursor, with: cleaned)
    }

    /// Replaces the characters `start..<end` with `replacement` and puts the cursor after it.
    private mutating func replace(from start: Int, to end: Int, with replacement: String) {
        let prefix = String(text.prefix(start)) + replacement
        let suffix = text.dropFirst(end)
        text = prefix + suffix
        // Joining can merge clusters across the seam (a combining mark typed after a
        // letter); never let the cursor point past the text.
        cursor = min(prefix.count, text.count)
    }
}
