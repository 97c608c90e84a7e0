/// What a search looks for, read from the small query language of `tick search`, the
/// web API's `?q` and the UI's search prompt (one parser for all three).
///
/// ```
/// query   = clause *( "OR" clause )       ; AND binds tighter: a b OR c = (a AND b) OR c
/// clause  = 1*term                        ; every term of a clause must match
/// term    = [ field ":" ] value
/// field   = "title" / "notes" / "tag"     ; ASCII letters, case ignored
/// value   = word / quoted
/// word    = 1*(any character but white space)   ; not starting with a quote
/// quoted  = DQUOTE *( character / "\" DQUOTE / "\\" ) DQUOTE
/// ```
///
/// Terms are separated by white space. A word or phrase without a field matches the
/// title, the notes or a tag anywhere inside them; `title:` and `notes:` narrow that to
/// one of them; `tag:` matches one whole tag (without a leading `#` or `@`). A bare `OR`
/// (upper case) joins clauses; `"OR"` looks for the word. A quote inside a word (`5"`)
/// is an ordinary character. How text is compared (case and accents) is the store's
/// business, not the parser's: values are kept as typed.
///
/// Worked examples: `milk` (one term); `dentist OR doctor` (two clauses); `title:"tax
/// return" 2026` (a title phrase and a word); `tag:"garden work"`; `"say \"hi\""` (the
/// phrase `say "hi"`).
public struct SearchQuery: Hashable, Sendable, CustomStringConvertible {
    /// Where a term looks.
    public enum Field: String, Hashable, Sendable, CaseIterable {
        /// The title, the notes or a tag (a term without a field).
        case anywhere = ""
        /// The title only.
        case title
        /// The notes only.
        case notes
        /// One whole tag.
        case tag
    }

    /// One thing to look for: a word or phrase, and where.
    public struct Term: Hashable, Sendable {
        /// Where it must occur.
        public var field: Field
        /// The text as typed (without quotes and escapes); never empty.
        public var text: String

        /// A term; `text` must not be empty.
        public init(_ field: Field = .anywhere, _ text: String) {
            precondition(!text.isEmpty, "a search term has text")
            self.field = field
            self.text = text
        }
    }

    /// The clauses, any of which may match (`OR`); every term of a clause must match.
    /// Never empty, and no clause is empty.
    public let clauses: [[Term]]

    /// A query of these clauses (each a non-empty list of terms, at least one clause).
    public init(clauses: [[Term]]) {
        precondition(!clauses.isEmpty && clauses.allSatisfy { !$0.isEmpty }, "a search query has terms")
        self.clauses = clauses
    }

    /// Every term of the query, in order.
    public var terms: [Term] { clauses.flatMap { $0 } }

    /// The query written in the language it was read from, each value bare when it can be
    /// and quoted otherwise: `SearchQuery(parsing: q.description) == q` for every query.
    public var description: String {
        clauses.map { clause in clause.map(Self.written).joined(separator: " ") }.joined(separator: " OR ")
    }

    private static func written(_ term: Term) -> String {
        let prefix = term.field == .anywhere ? "" : term.field.rawValue + ":"
        var text = term.text
        // A tag is read with one leading `#` or `@` dropped: give it one to drop.
        if term.field == .tag, text.hasPrefix("#") || text.hasPrefix("@") { text = "#" + text }
        return prefix + (needsQuotes(text) ? quoted(text) : text)
    }

    /// Whether `text` would read back as something else when written bare.
    private static func needsQuotes(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.first == "\"" || text == "OR" || scalars.contains(where: \.properties.isWhitespace)
            || fieldName(of: scalars[...]) != nil
    }

    /// `text` in double quotes, with `"` and `\` escaped by a backslash (as tags are shown).
    public static func quoted(_ text: String) -> String {
        "\"" + text.replacingScalars(["\\": "\\\\", "\"": "\\\""]) + "\""
    }

    /// The name before the colon when `word` starts with ASCII letters and a colon
    /// (`title:`, `due:`): what the parser reads as a field.
    static func fieldName(of word: ArraySlice<Unicode.Scalar>) -> String? {
        guard let colon = word.firstIndex(of: ":"), colon != word.startIndex else { return nil }
        let name = word[..<colon]
        guard name.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) }) else { return nil }
        return String(String.UnicodeScalarView(name))
    }
}

extension SearchQuery {
    /// The most terms a query holds, in all its clauses: each is a condition of the
    /// store's SQL, and SQLite refuses an expression more than 1,000 deep
    /// (`SQLITE_MAX_EXPR_DEPTH`, https://sqlite.org/limits.html): 999 terms joined by `OR`
    /// or side by side reached it (a tester: the API's 500). A person's search has a few.
    public static let maximumTerms = 64

    /// Reads `text` in the query language (see the type's description).
    /// - Throws: `ModelError.invalidSearch` naming what is wrong and the character
    ///   (1-based, as a person counts them) where: an unclosed quote, an `OR` without
    ///   terms on both sides, an unknown field, a field or quotes with nothing in them,
    ///   a closing quote followed by more than white space, more terms than
    ///   `maximumTerms`, or a blank query.
    /// - Complexity: O(n) in the length of `text`.
    public init(parsing text: String) throws(ModelError) {
        var reader = Reader(text: text)
        var clauses: [[Term]] = []
        var clause: [Term] = []
        var lastOR: Int?
        var count = 0
        while let start = reader.skipWhiteSpace() {
            if reader.atBareWord("OR") {
                guard !clause.isEmpty else {
                    throw reader.failure(lastOR == nil ? "'OR' has nothing before it" : "'OR' follows another 'OR'",
                                         at: start, hint: "to look for the word itself, write \"OR\"")
                }
                clauses.append(clause)
                clause = []
                lastOR = start
                reader.skip(count: 2)
                continue
            }
            guard count < SearchQuery.maximumTerms else {
                throw reader.failure("a search holds at most \(SearchQuery.maximumTerms) terms, and this one has more from here", at: start)
            }
            clause.append(try reader.term())
            count += 1
        }
        if let lastOR, clause.isEmpty {
            throw reader.failure("'OR' has nothing after it", at: lastOR, hint: "to look for the word itself, write \"OR\"")
        }
        guard !clause.isEmpty else { throw ModelError.invalidSearch(reason: "say what to look for", position: nil) }
        clauses.append(clause)
        self.init(clauses: clauses)
    }

    static func failure(_ reason: String, at position: Int, hint: String? = nil) -> ModelError {
        .invalidSearch(reason: reason + (hint.map { "; " + $0 } ?? ""), position: position)
    }

    /// A cursor over the query's Unicode scalars (white space, quotes and colons are single
    /// scalars, and a combining mark after a space must not join it: the query is read by
    /// scalar, not by grapheme) that reports where it is in characters, 1-based.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(text: String) { scalars = Array(text.unicodeScalars) }

        /// The 1-based position, in characters as a person counts them, of the character
        /// that holds the scalar at `index`.
        /// - Complexity: O(index); asked only for an error.
        func position(of index: Int) -> Int {
            String(String.UnicodeScalarView(scalars[..<min(index, scalars.count)])).count + 1
        }

        /// The failure `reason` at the scalar `index`.
        func failure(_ reason: String, at index: Int, hint: String? = nil) -> ModelError {
            SearchQuery.failure(reason, at: position(of: index), hint: hint)
        }

        /// Skips white space; the index of the next scalar, or nil at the end.
        mutating func skipWhiteSpace() -> Int? {
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
            return index < scalars.count ? index : nil
        }

        mutating func skip(count: Int) { index += count }

        /// Whether the next word is exactly `word` (followed by white space or the end).
        func atBareWord(_ word: String) -> Bool {
            let letters = Array(word.unicodeScalars)
            guard index + letters.count <= scalars.count, Array(scalars[index..<index + letters.count]) == letters else {
                return false
            }
            return index + letters.count == scalars.count || scalars[index + letters.count].properties.isWhitespace
        }

        /// The scalars from here up to the next white space.
        private func word() -> ArraySlice<Unicode.Scalar> {
            var end = index
            while end < scalars.count, !scalars[end].properties.isWhitespace { end += 1 }
            return scalars[index..<end]
        }

        /// One term, starting at a scalar that is not white space.
        mutating func term() throws(ModelError) -> Term {
            let start = index
            var field = Field.anywhere
            if scalars[index] != "\"", let name = SearchQuery.fieldName(of: word()) {
                guard let known = Field(rawValue: name.lowercased()), known != .anywhere else {
                    let fields = Field.allCases.filter { $0 != .anywhere }.map { $0.rawValue + ":" }
                    throw failure("unknown field '\(name):'", at: start,
                                              hint: "the fields are \(fields.joined(separator: ", ")); to look for the text as it is, put it in quotes")
                }
                field = known
                index += name.unicodeScalars.count + 1
                guard index < scalars.count, !scalars[index].properties.isWhitespace else {
                    throw failure("'\(name):' needs a word or a \"quoted phrase\" after it", at: start)
                }
            }
            var text: String
            if scalars[index] == "\"" {
                text = try quoted()
            } else {
                let bare = word()
                text = String(String.UnicodeScalarView(bare))
                index = bare.endIndex
            }
            if field == .tag {
                guard let tag = TagNames.cleaned(text) else {
                    throw failure("'tag:' needs a tag after it", at: start)
                }
                text = tag
            }
            return Term(field, text)
        }

        /// A quoted phrase starting at its opening quote, without quotes and escapes.
        private mutating func quoted() throws(ModelError) -> String {
            let start = index
            index += 1
            var text = String.UnicodeScalarView()
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "\"" || scalars[index + 1] == "\\" {
                    text.append(scalars[index + 1])
                    index += 2
                    continue
                }
                if scalar == "\"" {
                    let closing = index
                    index += 1
                    guard index == scalars.count || scalars[index].properties.isWhitespace else {
                        throw failure("the phrase closed at character \(position(of: closing)) runs on into more text",
                                      at: start, hint: "put a space after the closing quote")
                    }
                    let phrase = String(text)
                    guard !phrase.isBlank else { throw failure("the quotes hold nothing to look for", at: start) }
                    return phrase
                }
                text.append(scalar)
                index += 1
            }
            throw failure("the quote is not closed", at: start, hint: "end the phrase with \"")
        }
    }
}
