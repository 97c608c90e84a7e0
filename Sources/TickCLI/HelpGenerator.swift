import TickModel
import TickTerminal

/// Help text in the layout of swift-argument-parser: OVERVIEW, USAGE, ARGUMENTS,
/// OPTIONS, SUBCOMMANDS.
enum HelpGenerator {
    static func usageLine(commandPath: String, definitions: [ArgumentDefinition]) -> String {
        let options = definitions.filter { !$0.isPositional && $0.key != "help" && $0.key != "db" }
        let positionals = definitions.filter(\.isPositional)
        var parts = ["tick", commandPath]
        parts += options.map(\.usage)
        parts += positionals.map(\.usage)
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func help(for command: any Command.Type, commandPath: String) -> String {
        let configuration = command.configuration
        let definitions = allDefinitions(of: command)
        var text = "OVERVIEW: \(configuration.abstract)\n"
        if !configuration.discussion.isEmpty {
            text += "\n" + configuration.discussion + "\n"
        }
        if configuration.subcommands.isEmpty {
            text += "\nUSAGE: " + usageLine(commandPath: commandPath, definitions: definitions) + "\n"
        } else {
            text += "\nUSAGE: tick \(commandPath) <subcommand>\n"
        }
        let positionals = definitions.filter(\.isPositional)
        if !positionals.isEmpty {
            text += "\nARGUMENTS:\n" + rows(positionals.map { ($0.label, $0.help) })
        }
        let options = definitions.filter { !$0.isPositional }
        text += "\nOPTIONS:\n" + rows(options.map { ($0.label, $0.help) })
        if !configuration.subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n" + rows(configuration.subcommands.map { sub in
                let name = sub.configuration.name + (sub == configuration.defaultSubcommand ? " (default)" : "")
                return (name, sub.configuration.abstract)
            })
            text += "\n  See 'tick help \(commandPath.isEmpty ? "" : commandPath + " ")<subcommand>' for detailed help.\n"
        }
        return text
    }

    static func allDefinitions(of command: any Command.Type) -> [ArgumentDefinition] {
        command.arguments + [CommonOptions.db, CommonOptions.help]
    }

    private static func rows(_ rows: [(String, String)]) -> String {
        let labelWidth = min(28, rows.map { TerminalText.width(of: $0.0) }.max() ?? 0)
        return rows.map { label, help in
            let gap = labelWidth + 2 - TerminalText.width(of: label)
            if gap < 2 { return "  \(label)\n" + String(repeating: " ", count: labelWidth + 4) + help + "\n" }
            return "  \(label)" + String(repeating: " ", count: gap) + help + "\n"
        }.joined()
    }
}
