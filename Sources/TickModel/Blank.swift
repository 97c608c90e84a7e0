extension Unicode.Scalar {
    /// Whether a scalar is invisible for the purpose of blank-name checks: Unicode
    /// White_Space (U+0020, U+00A0, U+3000 …) or Default_Ignorable_Code_Point
    /// (U+200B, U+2060, U+FEFF …), per DESIGN.md "Blank", or U+2800 BRAILLE PATTERN
    /// BLANK (a symbol of no dots, drawn as an empty cell; neither of those properties,
    /// so a title of it alone passed as visible: a tester).
    var isBlankForNames: Bool { properties.isWhitespace || properties.isDefaultIgnorableCodePoint || value == 0x2800 }

    /// Whether the scalar breaks a line: LF, VT, FF, CR, NEL, U+2028, U+2029 (Unicode's
    /// mandatory breaks, UAX #14 BK, CR, LF, NL).
    var isLineBreak: Bool { (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029 }
}

extension StringProtocol {
    /// Whether nothing is left after removing white space and invisible characters
    /// (Unicode White_Space and Default_Ignorable_Code_Point).
    ///
    /// - Complexity: O(n) in the number of scalars.
    public var isBlank: Bool {
        // Fast path: any visible ASCII character settles it.
        if utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
        return unicodeScalars.allSatisfy { $0.isBlankForNames }
    }

    /// The text with leading and trailing white space and invisible characters removed.
    ///
    /// At the end, whole characters (grapheme clusters) go: an invisible scalar that belongs
    /// to the last visible character stays with it, so `❤️` keeps its VARIATION SELECTOR-16
    /// (without it the heart is drawn as text), a subdivision flag its tag characters and an
    /// emoji sequence its ZERO WIDTH JOINER, while a trailing U+200B or U+FEFF, a character of
    /// its own, is removed. White space itself always goes, scalar by scalar, even when it
    /// shares a cluster with the character before it: a prepended concatenation mark
    /// (U+0600…U+0605, Grapheme_Cluster_Break=Prepend) joins the space after it, so
    /// `"x\u{0602} "` is trimmed to `"x\u{0602}"`, as the same title is when nothing follows.
    ///
    /// - Complexity: O(n) in the number of scalars.
    public func trimmingWhiteSpace() -> String {
        // Fast path: text that starts and ends with a visible ASCII character is already trimmed.
        var text = String(self)
        if let first = text.utf8.first, let last = text.utf8.last,
           first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return text
        }
        guard let first = text.unicodeScalars.firstIndex(where: { !$0.isBlankForNames }) else { return "" }
        if first != text.startIndex { text = String(String.UnicodeScalarView(text.unicodeScalars[first...])) }
        // The first scalar is visible, so each round that does not return takes something
        // off the end and the loop ends. A second round happens only when white space
        // was inside the last cluster.
        while true {
            let scalars = text.unicodeScalars
            var scalarEnd = scalars.endIndex
            while scalarEnd > scalars.startIndex, scalars[scalars.index(before: scalarEnd)].properties.isWhitespace {
                scalarEnd = scalars.index(before: scalarEnd)
            }
            if scalarEnd != scalars.endIndex { text = String(String.UnicodeScalarView(scalars[..<scalarEnd])) }
            var end = text.endIndex
            while end > text.startIndex {
                let previous = text.index(before: end)
                guard text[previous].unicodeScalars.allSatisfy({ $0.isBlankForNames }) else { break }
                end = previous
            }
            if end == text.endIndex { return text }
            text = String(text[..<end])
        }
    }
}

/// Validation of user-entered names, shared by every way in (command line, UI, import).
public enum Names {
    /// Trims `text` and returns it, or throws when it is blank.
    ///
    /// - Parameter kind: what is being named, for the message (`.reminderTitle`, `.listName`).
    /// - Throws: `ModelError.blankName` when nothing visible is left after trimming:
    ///   also when what is left is only combining marks with nothing to sit on
    ///   (General_Category Mn, Me: a lone U+0301 draws nothing) or control characters;
    ///   `.nameTooLong` for a list name of more than `longestListName` characters.
    /// - Complexity: O(n) in the number of scalars.
    ///
    /// A list name is one line: white space holding a line break becomes one space (a tester:
    /// `a⏎b` was a second list that looked exactly like `a b` and could not be named).
    public static func validated(_ text: String, as kind: ModelError.NameKind) throws(ModelError) -> String {
        let trimmed = text.trimmingWhiteSpace()
        guard !trimmed.isEmpty, hasVisibleBase(trimmed) else { throw .blankName(kind) }
        guard kind == .listName else { return trimmed }
        // Counted in scalars (at most 4 UTF-8 bytes each): a name is kept in PostgreSQL's
        // indexes, whose entries hold at most 2,704 bytes (a tester: a 2,800-character name
        // was a 500 naming the index).
        guard trimmed.unicodeScalars.count <= longestListName else { throw .nameTooLong(kind, limit: longestListName) }
        return oneLine(trimmed)
    }

    /// The most characters (Unicode scalars) a list name holds.
    public static let longestListName = 255

    /// A list name another program gave (a calendar's name), as `validated` keeps it, cut to
    /// `longestListName` characters when longer; nil when it is blank.
    public static func listName(given text: String) -> String? {
        let trimmed = text.trimmingWhiteSpace()
        let cut = trimmed.unicodeScalars.count > longestListName
            ? String(String.UnicodeScalarView(trimmed.unicodeScalars.prefix(longestListName))) : trimmed
        return try? validated(cut, as: .listName)
    }

    /// `text` with each run of white space that holds a line break (LF, CR, VT, FF, NEL,
    /// U+2028, U+2029) as one space; `text` itself when it has none.
    /// - Complexity: O(n) in the number of scalars.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: \.isLineBreak) else { return text }
        var scalars = String.UnicodeScalarView()
        var run: [Unicode.Scalar] = []
        var runBreaks = false
        func endRun() {
            if runBreaks { scalars.append(" ") } else { scalars.append(contentsOf: run) }
            run.removeAll()
            runBreaks = false
        }
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                run.append(scalar)
                runBreaks = runBreaks || scalar.isLineBreak
            } else {
                endRun()
                scalars.append(scalar)
            }
        }
        endRun()
        return String(scalars)
    }

    /// A link as given (`url`), trimmed; nil when blank.
    /// - Throws: `ModelError.invalidLink` when it holds a C0 control character or DEL (a
    ///   line break, a tab): an iCalendar `URL` or a todo.txt line has no place for one
    ///   (a tester: a link with a line break was exported without it, and nothing said so).
    public static func link(_ text: String?) throws(ModelError) -> String? {
        guard let trimmed = text?.trimmingWhiteSpace(), !trimmed.isEmpty else { return nil }
        guard !trimmed.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { throw .invalidLink }
        return trimmed
    }

    /// Whether `text` has a scalar that draws on its own: not white space, not
    /// invisible (`isBlankForNames`), not a combining mark, not a control character.
    private static func hasVisibleBase(_ text: String) -> Bool {
        if text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return true }
        return text.unicodeScalars.contains { scalar in
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .control: return false
            default: return !scalar.isBlankForNames
            }
        }
    }
}
