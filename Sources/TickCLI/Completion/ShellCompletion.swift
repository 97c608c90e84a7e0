import Foundation
import TickModel
import TickStore

/// What the shells offer at a point of a `tick` command line, computed from the same
/// command definitions as the help (the `__complete` protocol of cobra and clap: the
/// shell's script sends the words typed so far and shows what comes back).
///
/// The scripts (`tick completion bash|zsh|fish`) call
/// `tick completion candidates -- WORD… CURRENT` on each Tab; the answer is one candidate a
/// line, `value` or `value<TAB>description`, and a last line `:files` when the shell should
/// offer file names instead.
enum ShellCompletion {
    /// One thing the shell may insert, with a description some shells show beside it.
    struct Candidate: Equatable {
        var value: String
        var description: String = ""
    }

    /// The answer for one Tab.
    struct Answer: Equatable {
        var candidates: [Candidate] = []
        /// The shell should complete file names (`import FILE`, `--output FILE`, `--db`).
        var wantsFiles = false

        /// The lines the scripts read.
        var lines: [String] {
            candidates.map { candidate in
                let value = candidate.value.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
                guard !candidate.description.isEmpty else { return value }
                let description = candidate.description.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
                return value + "\t" + description
            } + (wantsFiles ? [":files"] : [])
        }
    }

    /// What may fill a value: fixed words, live words from the database, or file names.
    enum Source: Equatable {
        case none
        case words([Candidate])
        /// List names.
        case lists
        /// The smart lists and the list names (`tick list …`).
        case listsAndSmartLists
        /// Open reminders' numbers, with their titles.
        case reminders
        case files
    }

    /// Live values, read from the database when there is one (nothing is created).
    struct LiveValues {
        var lists: () -> [Candidate]
        var reminders: (_ numberPrefix: String) -> [Candidate]

        static var none: LiveValues { LiveValues(lists: { [] }, reminders: { _ in [] }) }
    }

    /// The answer for `words`: the words after `tick`, the last one being the word under
    /// the cursor (empty when the cursor follows a space).
    static func answer(for words: [String], live: LiveValues) -> Answer {
        let current = words.last ?? ""
        let typed = Array(words.dropLast())
        var level = TickRunner.commands
        var command: (any Command.Type)?
        var index = 0
        while index < typed.count {
            let word = typed[index]
            if word == "--db" { index += 2; continue }
            if word.hasPrefix("--db=") { index += 1; continue }
            if command == nil || !(command?.configuration.subcommands.isEmpty ?? true),
               let found = level.first(where: { $0.configuration.name == word || $0.configuration.aliases.contains(word) }) {
                command = found
                level = found.configuration.subcommands
                index += 1
                continue
            }
            break
        }
        let arguments = Array(typed[min(index, typed.count)...])
        guard let command else {
            if current.hasPrefix("-") {
                return filtered(Answer(candidates: [Candidate(value: "--db", description: "The database file."),
                                                    Candidate(value: "--help", description: "Show help information."),
                                                    Candidate(value: "--version", description: "Show the version.")]), by: current)
            }
            return filtered(Answer(candidates: commandCandidates(level)), by: current)
        }
        var resolved = command
        if !command.configuration.subcommands.isEmpty {
            if arguments.isEmpty, !current.hasPrefix("-") {
                return filtered(Answer(candidates: commandCandidates(command.configuration.subcommands)), by: current)
            }
            guard let fallback = command.configuration.defaultSubcommand else { return Answer() }
            resolved = fallback
        }
        return filtered(answer(arguments: arguments, current: current, command: resolved,
                               path: commandPath(of: resolved), live: live), by: current)
    }

    /// The answer inside one command's arguments.
    private static func answer(arguments: [String], current: String, command: any Command.Type, path: [String],
                               live: LiveValues) -> Answer {
        let definitions = HelpGenerator.allDefinitions(of: command)
        func option(named word: String) -> ArgumentDefinition? {
            if word.hasPrefix("--") { return definitions.first { !$0.isPositional && "--" + $0.key == word } }
            if word.count == 2, word.hasPrefix("-") { return definitions.first { !$0.isPositional && $0.shortName.map { "-\($0)" } == word } }
            return nil
        }
        // The value of `--option=…` under the cursor.
        if current.hasPrefix("--"), let (name, typed) = current.cut(atFirst: "="),
           let definition = option(named: name), case .option = definition.kind {
            let prefix = name + "="
            var answer = values(of: source(for: definition, path: path), live: live, typed: typed)
            answer.candidates = answer.candidates.map { Candidate(value: prefix + $0.value, description: $0.description) }
            return answer
        }
        // The value of the option just before the cursor.
        var positionalCount = 0
        var used: Set<String> = []
        var afterDashes = false
        var expectsValueOf: ArgumentDefinition?
        for word in arguments {
            if let pending = expectsValueOf {
                expectsValueOf = nil
                _ = pending
                continue
            }
            if afterDashes || !word.hasPrefix("-") || word == "-" {
                positionalCount += 1
                continue
            }
            if word == "--" { afterDashes = true; continue }
            let name = word.cut(atFirst: "=")?.before ?? word
            guard let definition = option(named: name) else { continue }
            used.insert(definition.key)
            if case .option = definition.kind, !word.contains("=") { expectsValueOf = definition }
        }
        if let pending = expectsValueOf {
            return values(of: source(for: pending, path: path), live: live, typed: current)
        }
        if current.hasPrefix("-"), !afterDashes {
            let candidates = definitions.filter { definition in
                guard !definition.isPositional else { return false }
                if case .option(let repeating) = definition.kind, repeating { return true }
                return !used.contains(definition.key)
            }.map { Candidate(value: "--" + $0.key, description: $0.help) }
            return Answer(candidates: candidates)
        }
        let positionals = definitions.filter(\.isPositional)
        guard !positionals.isEmpty else { return Answer() }
        let definition: ArgumentDefinition
        if positionalCount < positionals.count {
            definition = positionals[positionalCount]
        } else if case .positional(_, true) = positionals[positionals.count - 1].kind {
            definition = positionals[positionals.count - 1]
        } else {
            return Answer()
        }
        return values(of: source(for: definition, path: path), live: live, typed: current)
    }

    /// The words that may fill `definition` in the command at `path` (`["lists", "color"]`).
    ///
    /// Decided by the argument's key and placeholder, the same everywhere they appear:
    /// `--list <name>` is a list, a reminder `<number>` an open reminder, `<date>` the
    /// date words, `<file>` and `<path>` file names; a positional `<name>` is a list
    /// under `lists` (except the new name of `lists add`) and a list or smart list under
    /// `list`.
    static func source(for definition: ArgumentDefinition, path: [String]) -> Source {
        switch (definition.key, definition.valueName) {
        case ("list", _): return .lists
        case ("name", _) where path == ["list"]: return .listsAndSmartLists
        case ("name", _) where path.first == "lists" && path != ["lists", "add"]: return .lists
        case ("number", _), ("numbers", _), (_, "number"): return .reminders
        case ("color", _): return .words(ListColor.palette.map { Candidate(value: $0.name) })
        case ("priority", _):
            return .words(["none", "low", "medium", "high"].map { Candidate(value: $0) })
        case ("repeat", _):
            return .words(["daily", "weekly", "monthly", "yearly", "weekdays", "weekends", "every 2 weeks", "every monday"]
                .map { Candidate(value: $0) })
        case ("repeat-from", _): return .words([Candidate(value: "due"), Candidate(value: "completion")])
        case ("sort", _): return .words(ReminderOrder.Key.allCases.map { Candidate(value: $0.rawValue, description: $0.summary) })
        case ("format", _):
            return path == ["import"] ? .words(["ics", "taskwarrior", "todotxt", "json"].map { Candidate(value: $0) })
                                      : .words(["json", "ics", "todotxt"].map { Candidate(value: $0) })
        case ("alarm", _): return .words(["-10m", "-30m", "-1h", "-1d", "0"].map { Candidate(value: $0) })
        case (_, "date"), ("when", _):
            return .words(dateWords.map { Candidate(value: $0) })
        case (_, "file"), (_, "path"): return .files
        default: return .none
        }
    }

    /// Date words offered for `<date>`: the day words, weekdays and a few phrases of the
    /// grammar (README, "Dates").
    static let dateWords = ["today", "tomorrow", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                            "sunday", "next week", "next month", "end of month", "in 1 hour", "in 3 days", "noon"]

    private static func values(of source: Source, live: LiveValues, typed: String) -> Answer {
        switch source {
        case .none: return Answer()
        case .words(let words): return Answer(candidates: words)
        case .lists: return Answer(candidates: live.lists())
        case .listsAndSmartLists:
            let views = [ListCommand.DayView.week, .upcoming].map { Candidate(value: $0.rawValue, description: "by day") }
            return Answer(candidates: SmartList.allCases.map { Candidate(value: $0.rawValue, description: "smart list") } + views + live.lists())
        case .reminders:
            // The store offers nothing for a prefix that is not digits.
            return Answer(candidates: live.reminders(typed))
        case .files: return Answer(wantsFiles: true)
        }
    }

    private static func commandCandidates(_ commands: [any Command.Type]) -> [Candidate] {
        commands.map { Candidate(value: $0.configuration.name, description: $0.configuration.abstract) }
    }

    /// Keeps the candidates that begin with `current`, ignoring case (list names are
    /// matched so by `tick` itself).
    private static func filtered(_ answer: Answer, by current: String) -> Answer {
        guard !current.isEmpty else { return answer }
        var answer = answer
        let folded = current.lowercased()
        answer.candidates = answer.candidates.filter { $0.value.lowercased().hasPrefix(folded) }
        return answer
    }

    /// The names from the root to `command` (`["lists", "color"]`).
    static func commandPath(of command: any Command.Type) -> [String] {
        func search(_ level: [any Command.Type], _ path: [String]) -> [String]? {
            for candidate in level {
                let here = path + [candidate.configuration.name]
                if candidate == command { return here }
                if let found = search(candidate.configuration.subcommands, here) { return found }
            }
            return nil
        }
        return search(TickRunner.commands, []) ?? []
    }
}

extension ShellCompletion.LiveValues {
    /// Values from the database at `path`, or none when there is no database there (a
    /// completion never creates one) or it cannot be read.
    static func database(at path: String, now: Date) -> ShellCompletion.LiveValues {
        guard FileManager.default.fileExists(atPath: path) else { return .none }
        let store = Result { try Store(path: path, now: now) }
        guard case .success(let store) = store else { return .none }
        return ShellCompletion.LiveValues(
            lists: {
                let read = try? store.read { db in (try db.lists(), try db.openCounts()) }
                guard let (lists, counts) = read else { return [] }
                return lists.map { ShellCompletion.Candidate(value: $0.name, description: "\(counts[$0.id] ?? 0) open") }
            },
            reminders: { prefix in
                let rows = try? store.read { db in try db.openReminderTitles(numberPrefix: prefix, limit: 200) }
                return (rows ?? []).map { ShellCompletion.Candidate(value: String($0.number.rawValue), description: $0.title) }
            })
    }
}
