// What the argument parser's sources (Sources/TickCLI/Parsing) use from the rest of
// TickCLI, for the `arguments` fuzz target, which compiles those sources alone: the error
// type, the usage line of messages and the quoting of a word in a message. Each stands in
// for the TickCLI declaration of the same name and does what it does to the text, without
// the layers behind it (store and action errors, terminal sanitizing).

enum CommandError: Error, Equatable {
    case usage(String)
    case runtime(String)
}

enum HelpGenerator {
    static func usageLine(commandPath: String, definitions: [ArgumentDefinition]) -> String {
        (["tick", commandPath] + definitions.map(\.usage)).joined(separator: " ")
    }
}

extension String {
    var singleQuotedForMessage: String { "'" + self + "'" }
}
