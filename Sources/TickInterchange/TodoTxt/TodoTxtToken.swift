import TickModel

/// One white-space-separated word of a todo.txt description, classified by the format
/// rules of the todo.txt README (todotxt/todo.txt, "Rule 3" and "Additional File
/// Format Definitions").
///
/// Tokens are slices of the description, so their indices locate them in the line.
/// The only separator is white space (Unicode White_Space scalars); because a
/// description is split at white space, "preceded by a space or at the start" holds for
/// every token by construction, which is what keeps `Not@Context`, `2+2` and
/// `someone@example.com` from being contexts or projects.
///
/// Everything here works on Unicode scalars, not grapheme clusters: it is several times
/// faster, and the structural characters (`+`, `@`, `:`, white space) are single
/// scalars. A combining mark right after `+` or `@` is not the start of a name, so
/// `+\u{301}x` is a word.
struct TodoTxtToken {
    /// What a token is.
    enum Kind: Equatable {
        /// `+name`: a project (`isName`). A lone `+` and look-alikes such as `+!` are words.
        case project(Substring)
        /// `@name`: a context (`isName`). A lone `@` and look-alikes such as `@(foo)` are words.
        case context(Substring)
        /// `key:value` with exactly one colon and text on both sides. Values starting
        /// with `//` are not key:value (`http://example.com` is a link, not a tag).
        case keyValue(key: Substring, value: Substring)
        /// Anything else.
        case word

        /// Whether this is plain text rather than a project, context or key:value.
        var isWord: Bool { self == .word }
    }

    /// The token's text, a slice of the description it came from.
    let text: Substring
    /// How the token reads.
    let kind: Kind

    /// Classifies one token (non-empty, no white space).
    init(_ text: Substring) {
        self.text = text
        self.kind = TodoTxtToken.classify(text)
    }

    private static func classify(_ whole: Substring) -> Kind {
        // Projects and contexts win over key:value: `+a:b` is the project `a:b`. The
        // checks look at scalars and bytes, like the tokenizer: `+`, `@`, `:` and `/` are
        // ASCII, so a byte with their value is always that character's own scalar.
        let text = visibleCore(whole)
        let bytes = text.utf8
        if let sigil = bytes.first, sigil == UInt8(ascii: "+") || sigil == UInt8(ascii: "@") {
            let name = Substring(text.unicodeScalars.dropFirst())
            if isName(name) { return sigil == UInt8(ascii: "+") ? .project(name) : .context(name) }
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return .word }
        let afterColon = bytes.index(after: colon)
        let value = bytes[afterColon...]
        guard colon != bytes.startIndex, !value.isEmpty, !value.contains(UInt8(ascii: ":")),
              !value.starts(with: "//".utf8) else { return .word }
        return .keyValue(key: text[..<colon], value: text[afterColon...])
    }

    /// `text` without the invisible characters at its edges that a title loses when
    /// trimmed (`trimmingWhiteSpace`): leading Default_Ignorable_Code_Point scalars
    /// (U+061C, U+200B, U+FEFF, U+3164 …) and trailing clusters made only of them. A
    /// token is read by what it shows: `<U+061C>@1` or `due:2026-01-05<U+200B>` is the
    /// field it looks like, since at the edge of a title, trimmed and written back, it
    /// would read as that field (found by fuzz/todotxt). An emoji keeps its variation
    /// selector (`+❤<U+FE0F>` names the list `❤<U+FE0F>`).
    ///
    /// - Complexity: O(1) for tokens whose first and last scalars are ASCII; else O(n).
    static func visibleCore(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, !first.isASCII || !last.isASCII else { return text }
        var start = scalars.startIndex
        while start < scalars.endIndex, scalars[start].properties.isDefaultIgnorableCodePoint {
            start = scalars.index(after: start)
        }
        var end = scalars.endIndex
        if start < end, scalars[scalars.index(before: end)].properties.isDefaultIgnorableCodePoint {
            // As the title's trimming does: whole clusters of nothing visible, so that the
            // invisible scalars of the last visible character stay with it.
            let kept = Substring(scalars[start..<end]).trimmingWhiteSpace()
            end = scalars.index(start, offsetBy: kept.unicodeScalars.count)
        }
        return Substring(scalars[start..<end])
    }

    /// Whether the text after `+` or `@` is a project or context name.
    ///
    /// The todo.txt README lets a name hold any non-white-space character, and
    /// todo.txt-cli lists every such word; but then sentence punctuation makes names of
    /// look-alikes (`+!`, `@*`, `(see @(foo))`, `call @home)`, `@phone,`). Tick follows
    /// the narrower reading other clients use (topydo, for one, wants a name to end in a
    /// word character): a name starts with a letter, a digit, `_` or a non-ASCII symbol
    /// (an emoji), and ends with one of those or a combining mark (an emoji's variation
    /// selector); between them, anything but white space. So `+Home_Office`, `@e-mail`,
    /// `@2026`, `+a:b`, `+🏠` are names, and the look-alikes stay words of the title.
    ///
    /// - Complexity: O(1): only the first and last scalars are looked at.
    static func isName(_ name: Substring) -> Bool {
        let scalars = name.unicodeScalars
        // Format characters at the end are not looked at. The invisible ones (U+061C,
        // U+200B) are already gone (`visibleCore`: a title loses them when trimmed); this
        // leaves a visible one (a prepended mark such as U+0600) out of the name's edge.
        guard let first = scalars.first, let last = scalars.last(where: { $0.properties.generalCategory != .format }) else {
            return false
        }
        return isNameEdge(first) && (isNameEdge(last) || isMark(last))
    }

    private static func isNameEdge(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// The tokens of `text`, in order, read as they are iterated: nothing is stored, so
    /// a line with millions of words costs no memory beyond the line.
    ///
    /// Splits at Unicode White_Space scalars (the property `Character.isWhitespace`
    /// reads); walking scalars rather than grapheme clusters keeps this fast, and a token
    /// can only start mid-cluster after a space carrying a combining mark, which leaves
    /// that mark as the token's first character (a plain word).
    ///
    /// - Complexity: O(n) in the length of `text` for a whole iteration.
    static func tokens(in text: Substring) -> Sequence {
        Sequence(text: text)
    }

    /// The tokens of a text (`tokens(in:)`).
    struct Sequence: Swift.Sequence {
        let text: Substring

        func makeIterator() -> Iterator { Iterator(text: text, index: text.unicodeScalars.startIndex) }

        /// Where the words of the sentence begin and end: the first word token starts at
        /// `lowerBound`, the last one ends at `upperBound` (both `text.endIndex` when there
        /// is no word). A token outside (`isAtAnEdge`) is in the leading or trailing run of
        /// projects, contexts and key:values.
        ///
        /// - Complexity: O(n) in the length of the text.
        var sentence: Range<Substring.Index> {
            var lower: Substring.Index?
            var upper = text.endIndex
            // A word of nothing visible (U+061C, U+200B) is no part of the sentence: a title
            // loses it when trimmed, and a field beside it would then stand at the edge when
            // written back (found by fuzz/todotxt: `… @1+f <U+061C>` kept `@1+f` in the title,
            // then lost it on the second read).
            for token in self where token.kind.isWord && !token.text.isBlank {
                if lower == nil { lower = token.text.startIndex }
                upper = token.text.endIndex
            }
            return (lower ?? text.endIndex)..<upper
        }

        struct Iterator: IteratorProtocol {
            let text: Substring
            var index: Substring.UnicodeScalarView.Index

            mutating func next() -> TodoTxtToken? {
                let scalars = text.unicodeScalars
                while index < scalars.endIndex, isWhiteSpace(scalars[index]) { index = scalars.index(after: index) }
                guard index < scalars.endIndex else { return nil }
                var end = index
                while end < scalars.endIndex, !isWhiteSpace(scalars[end]) { end = scalars.index(after: end) }
                defer { index = end }
                return TodoTxtToken(text[index..<end])
            }
        }
    }

    /// Whether this token lies outside `sentence` (`Sequence.sentence`): in the leading
    /// or trailing run of non-words.
    func isAtAnEdge(of sentence: Range<Substring.Index>) -> Bool {
        text.startIndex < sentence.lowerBound || text.startIndex >= sentence.upperBound
    }

    /// Whether `scalar` separates words: Unicode White_Space. ASCII is answered without
    /// the property table, which is most of the cost of reading a line otherwise.
    @inline(__always)
    static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            // TAB, LF, VT, FF, CR and SPACE are the ASCII White_Space characters.
            return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value)
        }
        return scalar.properties.isWhitespace
    }

    /// The keys whose values Tick reads as dates (`due:` due date, `t:` start or
    /// "threshold" date, as topydo and sleek write them). Keys are case-sensitive.
    static let dateKeys: Set<Substring> = ["due", "t"]

    /// Whether this is a `due:`/`t:` token whose value has the shape `YYYY-MM-DD` but
    /// names no real day (`due:2026-02-30`). Values of other shapes (`due:soon`) are
    /// ordinary text, not errors.
    var isInvalidDateField: Bool {
        guard case .keyValue(let key, let value) = kind, TodoTxtToken.dateKeys.contains(key) else { return false }
        return TodoTxtToken.isDateShaped(value) && CalendarDay(value) == nil
    }

    /// Whether `text` is exactly `NNNN-NN-NN` in ASCII digits: the shape todo.txt gives
    /// every date. Whether the day exists is a separate question.
    static func isDateShaped(_ text: some StringProtocol) -> Bool {
        let bytes = text.utf8
        guard bytes.count == 10 else { return false }
        for (offset, byte) in bytes.enumerated() {
            let isDash = offset == 4 || offset == 7
            guard isDash ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                return false
            }
        }
        return true
    }
}
