/// Turns the words after a command's name into `ParsedArguments`, following the
/// conventions of swift-argument-parser: `--name value` and `--name=value`, `-n value`,
/// `--` ends options, a required positional after a variadic one is not supported.
///
/// Values for options are taken verbatim even when they start with `-`, so
/// `--alarm -10m` works, but not when the next word is one of the command's own options
/// (`--notes --db x` is a missing value, not the notes "--db"): such a value is given as
/// `--notes=--db`. Variadic positionals collect every remaining word that is not
/// an option (`tick add Buy oat milk --due fri`).
enum ArgumentParser {
    /// Parses `words` against `definitions`.
    /// - Throws: `CommandError.usage` for an unknown option (with a suggestion when one
    ///   is close), a missing value, a missing required positional, or extra words.
    static func parse(_ words: [String], definitions: [ArgumentDefinition], commandPath: String) throws(CommandError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var positionalWords: [String] = []
        var index = 0
        var optionsEnded = false
        let named = definitions.filter { !$0.isPositional }

        func definition(forLong name: String) -> ArgumentDefinition? { named.first { $0.key == name } }
        func definition(forShort letter: Character) -> ArgumentDefinition? { named.first { $0.shortName == letter } }
        /// Whether `word` reads as one of the command's options (`--db`, `--due=fri`, `-f`,
        /// `-fc`) or as `--`, the end of options.
        func isOptionWord(_ word: String) -> Bool {
            if word == "--" { return true }
            guard word.unicodeScalars.first == "-", !CommandLineSyntax.looksNumeric(word) else { return false }
            if word.utf8.starts(with: "--".utf8) {
                let scalars = word.unicodeScalars.dropFirst(2)
                return definition(forLong: String(scalars.prefix { $0 != "=" })) != nil
            }
            let letters = Array(word.dropFirst())
            if letters.count == 1 { return definition(forShort: letters[0]) != nil }
            return !letters.isEmpty && letters.allSatisfy { definition(forShort: $0)?.kind == .flag }
        }

        while index < words.count {
            let word = words[index]
            index += 1
            // The syntax (`-`, `--`, `=`) is read by Unicode scalars, not by characters: a
            // value may start with a combining mark, which would join the `=` or `-`
            // before it into one character.
            if optionsEnded || word == "-" || word.unicodeScalars.first != "-" || CommandLineSyntax.looksNumeric(word) {
                positionalWords.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            var name: String
            var inlineValue: String?
            let found: ArgumentDefinition?
            if word.utf8.starts(with: "--".utf8) {
                let scalars = word.unicodeScalars.dropFirst(2)
                if let equals = scalars.firstIndex(of: "=") {
                    inlineValue = String(scalars[scalars.index(after: equals)...])
                    name = String(scalars[..<equals])
                } else {
                    name = String(scalars)
                }
                found = definition(forLong: name)
            } else {
                let letters = Array(word.dropFirst())
                name = String(letters)
                if letters.count == 1 {
                    found = definition(forShort: letters[0])
                } else if letters.allSatisfy({ definition(forShort: $0)?.kind == .flag }) {
                    // Combined short flags: -fv.
                    for letter in letters { if let flag = definition(forShort: letter) { parsed.flags.insert(flag.key) } }
                    continue
                } else {
                    found = nil
                }
            }
            guard let found else {
                let candidates = named.map { "--" + $0.key }
                var message = "unknown option \((word.split(separator: "=").first.map(String.init) ?? word).singleQuotedForMessage)"
                if let suggestion = Suggestion.closest(to: "--" + name.trimmingPrefix("-"), among: candidates) {
                    message += "; did you mean \(suggestion.singleQuotedForMessage)?"
                }
                throw .usage(message + "\n" + "See 'tick \(commandPath) --help'.")
            }
            switch found.kind {
            case .flag:
                if inlineValue != nil { throw .usage("'--\(found.key)' takes no value") }
                parsed.flags.insert(found.key)
            case .option(let isRepeating):
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < words.count {
                    // The next word is the value, unless it is one of the command's own options:
                    // `tick add x --notes --db other.sqlite3` took `--db` as the notes and wrote
                    // to the default database.
                    if isOptionWord(words[index]) {
                        throw .usage("'--\(found.key)' needs a value <\(found.valueName)>, not the option "
                                     + "\(words[index].singleQuotedForMessage) (a value that starts with '-': --\(found.key)=VALUE)")
                    }
                    value = words[index]
                    index += 1
                } else {
                    throw .usage("'--\(found.key)' needs a value <\(found.valueName)>")
                }
                if !isRepeating, parsed.values[found.key] != nil {
                    throw .usage("'--\(found.key)' was given more than once")
                }
                parsed.values[found.key, default: []].append(value)
            case .positional:
                break
            }
        }

        let positionals = definitions.filter(\.isPositional)
        var remaining = positionalWords[...]
        for definition in positionals {
            guard case .positional(let isOptional, let isVariadic) = definition.kind else { continue }
            if isVariadic {
                if !remaining.isEmpty { parsed.values[definition.key] = Array(remaining) }
                remaining = []
            } else if let first = remaining.first {
                parsed.values[definition.key] = [first]
                remaining = remaining.dropFirst()
            } else if !isOptional {
                throw .usage("missing <\(definition.valueName)>\nUsage: \(HelpGenerator.usageLine(commandPath: commandPath, definitions: definitions))")
            }
        }
        if let extra = remaining.first {
            throw .usage("unexpected argument '\(extra)'\nUsage: \(HelpGenerator.usageLine(commandPath: commandPath, definitions: definitions))")
        }
        return parsed
    }
}

/// Small lexical rules shared by the parser.
enum CommandLineSyntax {
    /// `-3`, `-2.5` or `-5m` is a value (a negative number or length of time), not an
    /// option: no option name starts with a digit, so the command can say what is wrong
    /// with the value (`tick snooze 1 -5m`) instead of "unknown option".
    static func looksNumeric(_ word: String) -> Bool {
        guard word.hasPrefix("-"), let first = word.dropFirst().first else { return false }
        return first.isASCII && first.isNumber
    }
}

extension String {
    func trimmingPrefix(_ character: Character) -> String {
        String(drop(while: { $0 == character }))
    }
}
