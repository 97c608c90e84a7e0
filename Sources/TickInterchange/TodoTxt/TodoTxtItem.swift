import TickModel

/// One task line of a todo.txt file, read by the rules of the todo.txt format
/// (todotxt/todo.txt README, "Incomplete Tasks: 3 Format Rules" and "Complete Tasks:
/// 2 Format Rules").
///
/// A line is `[x COMPLETION [CREATION]] | [(P) ][CREATION ]` followed by the description:
///
///     x 2011-03-02 2011-03-01 Review Tim's pull request +TodoTxtTouch @github
///     (A) 2011-03-02 Call Mom +Family @phone due:2011-03-04
///
/// Projects, contexts and key:value tags are read from the description on demand, so
/// they always agree with it.
public struct TodoTxtItem: Hashable, Sendable {
    /// A `key:value` pair from the description (`due:2026-12-31`, `rec:1w`, `pri:A`).
    ///
    /// Both sides are non-empty and free of white space, and there is exactly one colon,
    /// as the todo.txt README asks. A value starting with `//` is not taken as a
    /// key:value pair, so links such as `http://example.com` stay plain words (the
    /// README's rule alone would read them as key `http`); a link with a port
    /// (`http://host:8080/`) has two colons and fails the rule anyway.
    public struct KeyValue: Hashable, Sendable {
        /// The key, before the colon (case-sensitive).
        public var key: String
        /// The value, after the colon.
        public var value: String

        /// Creates a pair.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The 1-based line number in the file; blank lines count.
    public var lineNumber: Int
    /// Whether the line starts with a lowercase `x` and a space, at the very first
    /// character (`X 2012-01-01 …`, `xylophone lesson` and ` x …` are not complete).
    public var isCompleted: Bool
    /// The date right after `x `, on completed lines.
    public var completionDate: CalendarDay?
    /// The priority letter, `A`…`Z` uppercase, from `(A) ` at the very start of an
    /// incomplete line. Completed lines have none here; clients keep it as `pri:A` in
    /// the description (see `tags`).
    public var priority: Character?
    /// The creation date: right after the priority (or at the start) on incomplete
    /// lines, right after the completion date on completed ones.
    public var creationDate: CalendarDay?
    /// The rest of the line, verbatim (including any leading or trailing spaces).
    public var description: String

    /// Creates an item from its parts. The parser is the usual way to get one.
    public init(lineNumber: Int, isCompleted: Bool = false, completionDate: CalendarDay? = nil,
                priority: Character? = nil, creationDate: CalendarDay? = nil, description: String) {
        self.lineNumber = lineNumber
        self.isCompleted = isCompleted
        self.completionDate = completionDate
        self.priority = priority
        self.creationDate = creationDate
        self.description = description
    }

    /// The projects of the description, without `+`, in order of appearance (repeats
    /// kept): every white-space-separated word that starts with `+` followed by a name
    /// (see `contexts`). `2+2`, a lone `+` and `+!` are not projects; `+a+b` is the
    /// project `a+b`.
    ///
    /// - Complexity: O(n) in the length of the description.
    public var projects: [String] {
        tokens.compactMap { token in
            if case .project(let name) = token.kind { return String(name) }
            return nil
        }
    }

    /// The contexts of the description, without `@`, in order of appearance (repeats
    /// kept): words that start with `@` followed by a name (`TodoTxtToken.isName`: it
    /// starts with a letter, digit, `_` or non-ASCII symbol and ends with one of those).
    /// E-mail addresses, `Not@Context`, `w:@Someone`, a lone `@` and look-alikes such as
    /// `@*`, `@(foo)` and `@home)` are not contexts (todo.txt-cli would list the last
    /// three).
    ///
    /// - Complexity: O(n) in the length of the description.
    public var contexts: [String] {
        tokens.compactMap { token in
            if case .context(let name) = token.kind { return String(name) }
            return nil
        }
    }

    /// The `key:value` pairs of the description, in order of appearance (see
    /// `KeyValue` for what counts). Words that are projects or contexts are not pairs.
    ///
    /// - Complexity: O(n) in the length of the description.
    public var tags: [KeyValue] {
        tokens.compactMap { token in
            if case .keyValue(let key, let value) = token.kind { return KeyValue(key: String(key), value: String(value)) }
            return nil
        }
    }

    var tokens: TodoTxtToken.Sequence { TodoTxtToken.tokens(in: description[...]) }
}
