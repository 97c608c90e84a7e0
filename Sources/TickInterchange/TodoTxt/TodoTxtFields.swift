import TickModel

/// The Tick fields a todo.txt description carries, and the text left once the words that
/// became fields are taken out. The one reading of a description shared by
/// `TodoTxtImport` (to build reminders) and `TodoTxtWriter` (to check that what it
/// writes reads back the same), so the two cannot drift apart.
///
/// Which words become fields:
/// - the first `+project` whose name is not blank names the list;
/// - every `@context` whose name is not blank becomes a tag (repeats once);
/// - the last `due:` and the last `t:` whose value is a real `YYYY-MM-DD` day give the
///   due and start dates; other `due:`/`t:` words stay in the text. "Last" because a
///   writer appends: an exported line's own `due:` wins over one quoted in the title;
/// - on completed lines only, the last `pri:X` with an uppercase letter gives the priority
///   (todo.txt-cli keeps the priority of a finished task that way).
///
/// A `+project` or `@context` in the middle of the text (`call +mom about the trip`)
/// still names the list or a tag but also stays in the title, so the sentence reads the
/// same; only the ones in the leading or trailing run of projects, contexts and
/// key:value words (`@phone call mom +Family due:…`) are taken out. Every other word
/// stays, verbatim and in place.
struct TodoTxtFields: Equatable {
    var listName: String?
    var tags: [String] = []
    var due: CalendarDay?
    var start: CalendarDay?
    /// From `pri:X`, read only on completed lines.
    var completedPriority: Character?
    /// The first `due:`/`t:` word with an impossible date (`due:2026-02-30`), which the
    /// parser refuses; nil when there is none.
    var invalidDateField: Substring?
    /// The description without the words taken as fields: each taken word goes with the
    /// white space after it, so no double spaces are left behind. Not trimmed.
    var remainder: String

    /// Reads `description`.
    ///
    /// - Complexity: O(n) in the length of `description`; besides the fields and the
    ///   remainder, memory holds no more than one token at a time (three passes over
    ///   the tokens, which are not stored).
    init(description: String, isCompleted: Bool) {
        let tokens = TodoTxtToken.tokens(in: description[...])
        // The leading and trailing runs of non-words: projects and contexts between them
        // are part of the sentence and stay in the text.
        let sentence = tokens.sentence
        var listToken: TodoTxtToken?
        var isListAtAnEdge = false
        var tags: [String] = []
        var seenTags: Set<String> = []
        var dueToken: TodoTxtToken?
        var startToken: TodoTxtToken?
        var priorityToken: TodoTxtToken?
        var invalidDateField: Substring?

        for token in tokens {
            switch token.kind {
            case .project(let name):
                // The list: the first project at an edge (taken out of the text); when
                // every project is inside the sentence, the first of those (left in it).
                let isAtAnEdge = token.isAtAnEdge(of: sentence)
                guard !isListAtAnEdge, listToken == nil || isAtAnEdge,
                      (try? Names.validated(String(name), as: .listName)) != nil else { break }
                listToken = token
                isListAtAnEdge = isAtAnEdge
            case .context(let name):
                let tag = name.trimmingWhiteSpace()
                if !tag.isEmpty, seenTags.insert(tag).inserted { tags.append(tag) }
            case .keyValue(let key, let value):
                if invalidDateField == nil, token.isInvalidDateField { invalidDateField = token.text }
                if key == "due", TodoTxtFields.day(value) != nil { dueToken = token }
                if key == "t", TodoTxtFields.day(value) != nil { startToken = token }
                if key == "pri", isCompleted, TodoTxtFields.priorityLetter(value) != nil { priorityToken = token }
            case .word:
                break
            }
        }
        func value(of token: TodoTxtToken?) -> Substring? {
            guard let token, case .keyValue(_, let value) = token.kind else { return nil }
            return value
        }
        self.invalidDateField = invalidDateField
        if let listToken, case .project(let name) = listToken.kind {
            self.listName = try? Names.validated(String(name), as: .listName)
        }
        self.tags = tags
        self.due = value(of: dueToken).flatMap(TodoTxtFields.day)
        self.start = value(of: startToken).flatMap(TodoTxtFields.day)
        self.completedPriority = value(of: priorityToken).flatMap(TodoTxtFields.priorityLetter)

        // The words taken out: the list's project and the contexts when at an edge, the
        // due, start and priority words wherever they are. Tokens are told apart by where
        // they start.
        let takenKeyValues: Set<Substring.Index> = Set([dueToken, startToken, priorityToken].compactMap { $0?.text.startIndex })
        func isTaken(_ token: TodoTxtToken) -> Bool {
            switch token.kind {
            case .project:
                return isListAtAnEdge && token.text.startIndex == listToken?.text.startIndex
            case .context(let name):
                return token.isAtAnEdge(of: sentence) && !name.trimmingWhiteSpace().isEmpty
            case .keyValue:
                return takenKeyValues.contains(token.text.startIndex)
            case .word:
                return false
            }
        }
        // Scalar indices, as the tokenizer uses: a token ends at a White_Space scalar.
        let scalars = description.unicodeScalars
        var remainder = ""
        var cursor = scalars.startIndex
        for token in tokens where isTaken(token) {
            remainder += description[cursor..<token.text.startIndex]
            cursor = token.text.endIndex
            while cursor < scalars.endIndex, TodoTxtToken.isWhiteSpace(scalars[cursor]) {
                cursor = scalars.index(after: cursor)
            }
        }
        remainder += description[cursor...]
        self.remainder = remainder
    }

    /// A strict `YYYY-MM-DD` day (the shape todo.txt dates have), or nil.
    static func day(_ text: Substring) -> CalendarDay? {
        TodoTxtToken.isDateShaped(text) ? CalendarDay(text) : nil
    }

    /// The letter of a `pri:` value that is one uppercase ASCII letter, or nil.
    static func priorityLetter(_ text: Substring) -> Character? {
        guard text.count == 1, let letter = text.first, isPriorityLetter(letter) else { return nil }
        return letter
    }

    /// Whether `letter` is a todo.txt priority, `A`…`Z`.
    static func isPriorityLetter(_ letter: Character) -> Bool {
        guard let ascii = letter.asciiValue else { return false }
        return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(ascii)
    }

    /// Tick's priority for a todo.txt letter: `A` high, `B` medium, `C`…`Z` low.
    static func priority(forLetter letter: Character) -> Priority {
        switch letter {
        case "A": return .high
        case "B": return .medium
        default: return .low
        }
    }

    /// The todo.txt letter for a priority: high `A`, medium `B`, low `C`, none nil.
    /// The level decides, so an imported iCalendar 3 (high) is written as `A`.
    static func letter(for priority: Priority) -> Character? {
        switch priority.level {
        case .high: return "A"
        case .medium: return "B"
        case .low: return "C"
        case .none: return nil
        }
    }

    /// `text` with the characters that would end or break a todo.txt line (LF, CR, NUL)
    /// replaced by spaces. Titles and written lines go through this, so what is written
    /// reads back as one line with the same words.
    static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\0" }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar == "\n" || scalar == "\r" || scalar == "\0" ? " " : scalar
        }))
    }
}
