import Foundation

/// `tick completion bash|zsh|fish`: the shell completion scripts; `tick completion
/// candidates -- WORD…`: what they ask on each Tab.
struct ShellCompletionCommand: Command {
    static let configuration = CommandConfiguration(
        name: "completion",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            Load it for this shell with 'source <(tick completion bash)' (zsh: 'source <(tick completion zsh)',
            fish: 'tick completion fish | source'); 'make install' puts each where its shell looks.
            The scripts complete commands, options, option values (colors, priorities, repeat words,
            dates) and, from your database, list names and open reminder numbers with their titles.
            """,
        subcommands: [BashScript.self, ZshScript.self, FishScript.self, Candidates.self],
        unknownSubcommand: ("shell", "bash, zsh or fish"))

    init(parsed: ParsedArguments) throws(CommandError) {}
    func run(in context: CommandContext) throws {}

    struct BashScript: Command {
        static let configuration = CommandConfiguration(name: "bash", abstract: "The bash completion script.")
        init(parsed: ParsedArguments) throws(CommandError) {}
        func run(in context: CommandContext) throws { context.output.write(ShellScripts.bash) }
    }

    struct ZshScript: Command {
        static let configuration = CommandConfiguration(name: "zsh", abstract: "The zsh completion script.")
        init(parsed: ParsedArguments) throws(CommandError) {}
        func run(in context: CommandContext) throws { context.output.write(ShellScripts.zsh) }
    }

    struct FishScript: Command {
        static let configuration = CommandConfiguration(name: "fish", abstract: "The fish completion script.")
        init(parsed: ParsedArguments) throws(CommandError) {}
        func run(in context: CommandContext) throws { context.output.write(ShellScripts.fish) }
    }

    /// What the scripts call: one candidate a line (`value<TAB>description`), `:files`
    /// when file names fit. Never creates a database and never fails loudly: a shell
    /// shows nothing rather than an error in the middle of a line.
    struct Candidates: Command {
        static let configuration = CommandConfiguration(
            name: "candidates", abstract: "What the completion scripts offer after the words given (for the scripts).")
        static let arguments: [ArgumentDefinition] = [
            .positional("words", optional: true, variadic: true, help: "The words after 'tick', the last one under the cursor."),
        ]
        let words: [String]
        init(parsed: ParsedArguments) throws(CommandError) { words = parsed.all("words") }

        func run(in context: CommandContext) throws {
            // `--db` on the line being completed names the database to read names from.
            var databaseOverride = context.databaseOverride
            for (index, word) in words.dropLast().enumerated() {
                if word == "--db", index + 1 < words.count - 1 { databaseOverride = words[index + 1] }
                if word.hasPrefix("--db=") { databaseOverride = String(word.dropFirst(5)) }
            }
            let path = context.environment.databasePath(override: databaseOverride)
            let answer = ShellCompletion.answer(for: words.isEmpty ? [""] : words,
                                                live: .database(at: path, now: context.now))
            for line in answer.lines { context.print(line) }
        }
    }
}
