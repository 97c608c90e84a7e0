import Foundation
import TickModel
import TickTerminal

/// Runs one `tick` command line: finds the command, parses its arguments, runs it, and
/// turns every failure into a message and an exit status. The executable's `main.swift`
/// only gathers the environment and calls `run`.
public enum TickRunner {
    /// The version printed by `tick --version`.
    public static let version = "0.1.0"

    /// Every top-level command, in help order.
    static let commands: [any Command.Type] = [
        AddCommand.self, ListCommand.self, ShowCommand.self, DoneCommand.self, UndoneCommand.self,
        ToggleCommand.self, EditCommand.self, SnoozeCommand.self, MoveCommand.self, DeleteCommand.self, UndoCommand.self, SearchCommand.self,
        ListsCommand.self, TagsCommand.self, StatsCommand.self, CheckCommand.self, ImportCommand.self, ExportCommand.self, AgentCommand.self, SyncCommand.self, ServeCommand.self, UsersCommand.self, UICommand.self, ShellCompletionCommand.self, HelpCommand.self,
    ]

    /// The commands whose output goes through the pager on a terminal when it is longer
    /// than the screen: the ones that print listings.
    static let pagedCommands: Set<String> = ["list", "search", "show", "lists", "tags", "export", "help"]

    /// The commands whose changes go into the change journal, each as one change that
    /// `tick undo` can take back. The others only read, or keep their own history (the
    /// UI's and the server's undo), or mirror another side (sync), or are the agent's.
    static let journaledCommands: Set<String> = ["add", "done", "undone", "toggle", "edit", "snooze", "move", "delete",
                                                 "lists", "import"]

    /// Runs `arguments` (without the program name).
    ///
    /// - Returns: the exit status: 0 success, 1 runtime failure, 64 usage error.
    public static func run(_ arguments: [String], environment rawEnvironment: TerminalEnvironment,
                           output: any OutputSink, errors: any OutputSink,
                           openFile: @escaping (String) throws -> ImportSource = TickRunner.openFileOnDisk) -> Int32 {
        runReporting(arguments, environment: rawEnvironment, output: output, errors: errors, openFile: openFile).status
    }

    /// What a command did to the database, for `main` to say when its report could not be
    /// written (a tester: `tick add x > /dev/full` said only "cannot write the output", and a
    /// script that tried again added it twice).
    public enum Done: Sendable, Equatable {
        /// It made the change `id` of the change journal.
        case change(Int64)
        /// `tick undo` took back the change `id`.
        case undo(Int64)
    }

    /// `run`'s exit status, with what the command did to the database (nil for nothing).
    public static func runReporting(_ arguments: [String], environment rawEnvironment: TerminalEnvironment,
                                    output: any OutputSink, errors: any OutputSink,
                                    openFile: @escaping (String) throws -> ImportSource = TickRunner.openFileOnDisk)
        -> (status: Int32, done: Done?) {
        let errors: any OutputSink = TerminalOutput(errors)
        // The version, the help and the shell's completion scripts need no settings: a bad
        // setting does not hide them (a tester: `TICK_WEEK_START=xyz tick --version` printed
        // only the setting's error, and `tick completion bash`, sourced by a shell, failed).
        let asksForHelp = arguments.first == "--version" || arguments.first == "help"
            || arguments.prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" }
            || (arguments.first == "completion" && ["bash", "zsh", "fish"].contains(arguments.dropFirst().first ?? ""))
        // The settings file fills in what the environment leaves unset.
        let environment: TerminalEnvironment
        do {
            environment = try TickConfig.applied(to: rawEnvironment)
        } catch where asksForHelp {
            environment = rawEnvironment
        } catch {
            report(error, to: errors)
            return (error.exitCode, nil)
        }
        // The output edge: one sanitizer for every line a person reads (TerminalOutput),
        // and on a terminal the pager for long listings (PagerOutput).
        let pager = environment.isOutputTerminal ? PagerOutput(output, environment: environment) : nil
        defer { pager?.finish() }
        let output: any OutputSink = pager.map { TerminalOutput($0) } ?? output
        var context: CommandContext?
        do {
            context = try CommandContext(environment: environment, output: output, errors: errors, openFile: openFile,
                                         checksSettings: !asksForHelp)
            context?.pager = pager
            if let context { try dispatch(arguments, context: context) }
            return (0, done(by: context))
        } catch let error as CommandError {
            report(error, to: errors)
            return (error.exitCode, done(by: context))
        } catch {
            let wrapped = CommandError.wrapping(error)
            report(wrapped, to: errors)
            return (wrapped.exitCode, done(by: context))
        }
    }

    private static func done(by context: CommandContext?) -> Done? {
        if let change = context?.recordedChange { return .change(change) }
        return context?.undoneChange.map(Done.undo)
    }

    /// Writes `error` as `tick: error: …`; its lines may quote what the user typed or
    /// stored, which the output edge (`TerminalOutput`) sanitizes.
    private static func report(_ error: CommandError, to errors: any OutputSink) {
        if case .ended = error { return }
        errors.write("tick: error: \(error.description)\n")
    }

    /// Opens a file to be read until end of file; `-` reads standard input. Pipes, FIFOs
    /// and `/dev/fd/N` paths are read like files (see `ImportSource`).
    ///
    /// - Throws: `CommandError.runtime` whose message is the system's reason
    ///   (`strerror(errno)`), without the path.
    public static func openFileOnDisk(_ path: String) throws -> ImportSource {
        try ImportSource(path: path)
    }

    static func dispatch(_ arguments: [String], context: CommandContext) throws {
        var words = arguments[...]
        // Options before the command name: --db PATH, --help, --version.
        while let first = words.first, first.hasPrefix("-") {
            if first == "--version" {
                context.print("tick \(version)")
                return
            } else if first == "--help" || first == "-h" {
                context.print(rootHelp())
                return
            } else if first == "--db" {
                guard words.count >= 2 else { throw CommandError.usage("'--db' needs a value <path>") }
                context.databaseOverride = try databasePath(words[words.startIndex + 1])
                words = words.dropFirst(2)
            } else if first.hasPrefix("--db=") {
                context.databaseOverride = try databasePath(String(first.dropFirst(5)))
                words = words.dropFirst()
            } else if first == "--no-pager" {
                context.pager = nil
                words = words.dropFirst()
            } else {
                // A near miss of these is named, as after a command (a tester: `tick --verison`).
                var message = "unknown option \(first.singleQuotedForMessage)"
                let name = String(first.prefix { $0 != "=" })
                if let suggestion = Suggestion.closest(to: name, among: ["--version", "--help", "--db", "--no-pager"]) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw CommandError.usage(message + "\nSee 'tick --help'.")
            }
        }
        if let name = words.first, pagedCommands.contains(name) { context.pager?.isEnabled = true }
        if let name = words.first,
           let command = commands.first(where: { $0.configuration.name == name || $0.configuration.aliases.contains(name) }),
           journaledCommands.contains(command.configuration.name) {
            context.journalCommand = (["tick"] + words).map(ShellWords.quoted).joined(separator: " ")
        }
        guard let name = words.first else {
            // Plain `tick` in a terminal opens the UI; in a pipe, a script or a dumb
            // terminal (an editor's shell buffer) it prints help.
            let environment = context.environment
            if environment.isOutputTerminal && environment.isInputTerminal && environment.variables["TERM"] != "dumb" {
                try runCommand(named: UICommand.configuration.name, among: commands, path: "", rest: [], context: context)
            } else {
                context.print(rootHelp())
            }
            return
        }
        try runCommand(named: name, among: commands, path: "", rest: Array(words.dropFirst()), context: context)
    }

    /// Finds `name` among `candidates` and runs it (or its subcommand) with `rest`.
    /// - Parameter unknown: what the candidates name and the words to give (the parent's
    ///   `CommandConfiguration.unknownSubcommand`), for the message of an unknown one.
    static func runCommand(named name: String, among candidates: [any Command.Type], path: String,
                           rest: [String], unknown: (noun: String, choices: String)? = nil, context: CommandContext) throws {
        guard let command = candidates.first(where: { $0.configuration.name == name || $0.configuration.aliases.contains(name) }) else {
            let names = candidates.map { $0.configuration.name }
            var message = "unknown \(unknown?.noun ?? "command") \(name.singleQuotedForMessage)"
            if let unknown {
                // A closed set (the shells): say them all (a tester: "did you mean 'bash'?" for tcsh).
                message += "; give \(unknown.choices)"
            } else if let suggestion = Suggestion.closest(to: name, among: names) {
                message += "; did you mean '\(suggestion)'?"
            }
            throw CommandError.usage(message + "\nSee 'tick \(path.isEmpty ? "" : path + " ")--help'.")
        }
        let commandPath = path.isEmpty ? command.configuration.name : path + " " + command.configuration.name
        let subcommands = command.configuration.subcommands
        if !subcommands.isEmpty {
            var rest = rest
            // `tick lists --db FILE add L`: the database option may come before the subcommand.
            while let first = rest.first, first == "--db" || first.hasPrefix("--db=") {
                if first == "--db" {
                    guard rest.count >= 2 else { throw CommandError.usage("'--db' needs a value <path>") }
                    context.databaseOverride = try databasePath(rest[1])
                    rest.removeFirst(2)
                } else {
                    context.databaseOverride = try databasePath(String(first.dropFirst(5)))
                    rest.removeFirst()
                }
            }
            if let next = rest.first, next == "--help" || next == "-h" {
                context.print(HelpGenerator.help(for: command, commandPath: commandPath))
                return
            }
            if let next = rest.first, !next.hasPrefix("-"),
               !command.configuration.passesUnknownWordsToDefault
                || subcommands.contains(where: { $0.configuration.name == next || $0.configuration.aliases.contains(next) }) {
                try runCommand(named: next, among: subcommands, path: commandPath, rest: Array(rest.dropFirst()),
                               unknown: command.configuration.unknownSubcommand, context: context)
                return
            }
            guard let fallback = command.configuration.defaultSubcommand else {
                context.print(HelpGenerator.help(for: command, commandPath: commandPath))
                return
            }
            try execute(fallback, path: commandPath, words: rest, context: context)
            return
        }
        try execute(command, path: commandPath, words: rest, context: context)
    }

    private static func execute(_ command: any Command.Type, path: String, words: [String], context: CommandContext) throws {
        let definitions = HelpGenerator.allDefinitions(of: command)
        // Help wins over everything else on the line, even missing or bad arguments.
        let optionWords = words.prefix { $0 != "--" }
        if optionWords.contains("--help") || optionWords.contains("-h") {
            context.print(HelpGenerator.help(for: command, commandPath: path))
            return
        }
        let parsed = try withTextAfterDashHint(words: Array(optionWords), path: path) {
            try ArgumentParser.parse(words, definitions: definitions, commandPath: path)
        }
        if parsed.has("help") {
            context.print(HelpGenerator.help(for: command, commandPath: path))
            return
        }
        if let db = parsed.value("db") { context.databaseOverride = try databasePath(db) }
        let instance = try command.init(parsed: parsed)
        try instance.run(in: context)
    }

    /// `parse()`, whose "unknown option" error also says how to give text that starts with
    /// `-` when one of `words` (those before `--`) does and holds a space, as no option does:
    /// `tick add "-fix the sink"` said only "unknown option" (a tester).
    /// - Throws: what `parse` throws, that error's message told so.
    static func withTextAfterDashHint<T>(words: [String], path: String, _ parse: () throws -> T) throws -> T {
        do {
            return try parse()
        } catch let error as CommandError {
            guard case .usage(let message) = error, message.hasPrefix("unknown option "),
                  let text = words.first(where: { word in
                      // Text, not an option: a space in it, or one dash before a word (Tick's short options are one letter).
                      word.hasPrefix("-") && (word.contains(where: \.isWhitespace) || (!word.hasPrefix("--") && word.count > 2
                          && word.dropFirst().allSatisfy { !$0.isNumber }))
                  }) else { throw error }
            var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.insert("A word that starts with '-' is read as an option; to give it as text, put '--' before it: "
                         + "tick \(path) -- \(ShellWords.quoted(text))", at: min(1, lines.count))
            throw CommandError.usage(lines.joined(separator: "\n"))
        }
    }

    /// The value of `--db`, refused when empty: `tick --db="$DB" …` with `DB` unset used the
    /// default database, wherever `--db=` was written (a tester).
    /// - Throws: `CommandError.usage`.
    static func databasePath(_ value: String) throws -> String {
        guard !value.isEmpty else { throw CommandError.usage("'--db' needs a path, not an empty value") }
        return value
    }

    static func rootHelp() -> String {
        var text = """
            OVERVIEW: Tick keeps your reminders: lists, due dates, priorities and flags, in a local SQLite database.

            USAGE: tick [--db <path>] <command> [<arguments>] [<options>]

            OPTIONS:
              --db <path>             The database file (default: $TICK_DB, else $XDG_DATA_HOME/tick/tick.sqlite3).
              --no-pager              Do not page long listings on a terminal (else $TICK_PAGER, $PAGER or less -FRX).
              --version               Show the version.
              -h, --help              Show help information.

            COMMANDS:

            """
        let width = commands.map { $0.configuration.name.count }.max() ?? 8
        for command in commands {
            let name = command.configuration.name
            text += "  " + name + String(repeating: " ", count: width + 4 - name.count) + command.configuration.abstract + "\n"
        }
        text += "\n  See 'tick help <command>' for detailed help."
        return text
    }
}
