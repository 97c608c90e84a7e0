import TickModel

/// One white-space-separated word of a todo.txt description, classified by the format
/// rules of the todo.txt README (todotxt/todo.txt, "Rule 3" and "Additional File
/// Format Definitions").
///
/// Tokens are slices of the description, so their indices locate them in the line.
/// The only separator is white space (Unicode White_Space, as `Character.isWhitespace`
/// defines it); because a description is split at white space, "preceded by a space or
/// at the start" holds for every token by construction, which is what keeps `Not@Context`,
/// `2+2` and `someone@example.com` from being contexts or projects.
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
        // Projects and contexts win over key:value: `+a:b` is the project `a:b`.
        if text.count > 1, let sigil = text.first {
            if sigil == "+" { return .project(text.dropFirst()) }
            if sigil == "@" { return .context(text.dropFirst()) }
        }
        guard let colon = text.firstIndex(of: ":") else { return .word }
        let key = text[..<colon]
        let value = text[text.index(after: colon)...]
        guard !key.isEmpty, !value.isEmpty, !value.contains(":"), !value.hasPrefix("//") else { return .word }
        return .keyValue(key: key, value: value)
    }

    /// The tokens of `text`, in order.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func tokens(in text: Substring) -> [TodoTxtToken] {
        var tokens: [TodoTxtToken] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard !text[index].isWhitespace else {
                index = text.index(after: index)
                continue
            }
            var end = index
            while end < text.endIndex, !text[end].isWhitespace { end = text.index(after: end) }
            tokens.append(TodoTxtToken(text[index..<end]))
            index = end
        }
        return tokens
    }

    /// The keys whose values Tick reads as dates (`due:` due date, `t:` start or
    /// "threshold" date, as topydo and sleek write them). Keys are case-sensitive.
    static let dateKeys: Set<Substring> = ["due", "t"]

    /// The first `due:`/`t:` token whose value has the shape `YYYY-MM-DD` but names no
    /// real day (`due:2026-02-30`); nil when there is none. Values of other shapes
    /// (`due:soon`) are ordinary text, not errors.
    static func firstInvalidDateField(in tokens: [TodoTxtToken]) -> TodoTxtToken? {
        tokens.first { token in
            guard case .keyValue(let key, let value) = token.kind, dateKeys.contains(key) else { return false }
            return isDateShaped(value) && CalendarDay(value) == nil
        }
    }

    /// Whether `text` is exactly `NNNN-NN-NN` in ASCII digits: the shape todo.txt gives
    /// every date. Whether the day exists is a separate question.
    static func isDateShaped(_ text: some StringProtocol) -> Bool {
        let bytes = Array(text.utf8)
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
