/// The name, help and subcommands of a command (swift-argument-parser's
/// `CommandConfiguration`).
public struct CommandConfiguration: Sendable {
    /// The word that selects the command (`add`).
    public var name: String
    /// One line for the overview and the parent's SUBCOMMANDS list.
    public var abstract: String
    /// Longer help: rules, examples. May be empty.
    public var discussion: String
    /// Subcommands, for a command that groups others (`lists`).
    public var subcommands: [any Command.Type]
    /// The subcommand run when none is named.
    public var defaultSubcommand: (any Command.Type)?
    /// Other names that select the command (`rm` for `delete`).
    public var aliases: [String]
    /// Whether a first word that names no subcommand is an argument of the default one
    /// (`tick sync home` runs `tick sync run home`); else it is an unknown subcommand.
    public var passesUnknownWordsToDefault: Bool
    /// What a subcommand names and the words to give, for the message of one that is not
    /// there (`tick completion tcsh`: "unknown shell 'tcsh'; give bash, zsh or fish"); nil
    /// for "unknown command" and the closest command's name.
    public var unknownSubcommand: (noun: String, choices: String)?

    public init(name: String, abstract: String, discussion: String = "", subcommands: [any Command.Type] = [],
                defaultSubcommand: (any Command.Type)? = nil, aliases: [String] = [], passesUnknownWordsToDefault: Bool = false,
                unknownSubcommand: (noun: String, choices: String)? = nil) {
        self.unknownSubcommand = unknownSubcommand
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.aliases = aliases
        self.passesUnknownWordsToDefault = passesUnknownWordsToDefault
    }
}

/// A command of `tick`: a type with a configuration, declared arguments, validation in
/// `init(parsed:)` and the work in `run(in:)`.
public protocol Command: Sendable {
    static var configuration: CommandConfiguration { get }
    /// The arguments, options and flags, in help order.
    static var arguments: [ArgumentDefinition] { get }
    /// Reads and validates the parsed values; no I/O happens here.
    /// - Throws: `CommandError.usage` for a bad value.
    init(parsed: ParsedArguments) throws(CommandError)
    /// Does the work, writing results to the context's output.
    /// - Throws: `CommandError`, or errors from the layers below (wrapped by the runner).
    func run(in context: CommandContext) throws
}

extension Command {
    public static var arguments: [ArgumentDefinition] { [] }
}

/// Options every command accepts.
enum CommonOptions {
    static let db = ArgumentDefinition.option("db", value: "path", help: "The database file (default: $TICK_DB, else the XDG data folder).")
    static let help = ArgumentDefinition.flag("help", short: "h", help: "Show help information.")
    static let json = ArgumentDefinition.flag("json", help: "Write JSON for scripts (see README, 'JSON output').")
}
