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
/// scalars. The one visible difference is that a combining mark right after `+` or `@`
/// belongs to the name (`+\u{301}x` is the project `\u{301}x`).
struct TodoTxtToken {
    /// What a token is.
    enum Kind: Equatable {
        /// `+name`: a project. A lone `+` is a word.
        case project(Substring)
        /// `@name`: a context. A lone `@` is a word.
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

    private static func classify(_ text: Substring) -> Kind {
        // Projects and contexts win over key:value: `+a:b` is the project `a:b`. The
        // checks look at scalars and bytes, like the tokenizer: `+`, `@`, `:` and `/` are
        // ASCII, so a byte with their value is always that character's own scalar.
        let bytes = text.utf8
        if let sigil = bytes.first, bytes.count > 1 {
            let name = Substring(text.unicodeScalars.dropFirst())
            if sigil == UInt8(ascii: "+") { return .project(name) }
            if sigil == UInt8(ascii: "@") { return .context(name) }
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return .word }
        let afterColon = bytes.index(after: colon)
        let value = bytes[afterColon...]
        guard colon != bytes.startIndex, !value.isEmpty, !value.contains(UInt8(ascii: ":")),
              !value.starts(with: "//".utf8) else { return .word }
        return .keyValue(key: text[..<colon], value: text[afterColon...])
    }

    /// The tokens of `text`, in order.
    ///
    /// Splits at Unicode White_Space scalars (the property `Character.isWhitespace`
    /// reads); walking scalars rather than grapheme clusters keeps this fast, and a token
    /// can only start mid-cluster after a space carrying a combining mark, which leaves
    /// that mark as the token's first character (a plain word).
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func tokens(in text: Substring) -> [TodoTxtToken] {
        var tokens: [TodoTxtToken] = []
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            guard !isWhiteSpace(scalars[index]) else {
                index = scalars.index(after: index)
                continue
            }
            var end = index
            while end < scalars.endIndex, !isWhiteSpace(scalars[end]) { end = scalars.index(after: end) }
            tokens.append(TodoTxtToken(text[index..<end]))
            index = end
        }
        return tokens
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
