/// One argument, option or flag a command accepts, declared as data so that parsing,
/// validation and help come from one place (the shape of swift-argument-parser's
/// `@Argument`, `@Option` and `@Flag`, without property wrappers).
public struct ArgumentDefinition: Sendable {
    /// What kind of argument this is.
    public enum Kind: Sendable, Equatable {
        /// A value by position. `isVariadic` collects every remaining word.
        case positional(isOptional: Bool, isVariadic: Bool)
        /// `--name VALUE` or `--name=VALUE`; `isRepeating` allows it several times.
        case option(isRepeating: Bool)
        /// `--name`, present or not.
        case flag
    }

    public var kind: Kind
    /// The key the parsed value is found under: the long name without dashes, or the
    /// positional's name.
    public var key: String
    /// A one-letter short name (`-l`), for options and flags.
    public var shortName: Character?
    /// The placeholder in help (`<date>`).
    public var valueName: String
    /// One short sentence for help.
    public var help: String

    /// A positional argument.
    public static func positional(_ key: String, optional: Bool = false, variadic: Bool = false,
                                  help: String) -> ArgumentDefinition {
        ArgumentDefinition(kind: .positional(isOptional: optional, isVariadic: variadic), key: key,
                           shortName: nil, valueName: key, help: help)
    }

    /// An option that takes a value.
    public static func option(_ key: String, short: Character? = nil, value: String, repeating: Bool = false,
                              help: String) -> ArgumentDefinition {
        ArgumentDefinition(kind: .option(isRepeating: repeating), key: key, shortName: short, valueName: value, help: help)
    }

    /// A flag.
    public static func flag(_ key: String, short: Character? = nil, help: String) -> ArgumentDefinition {
        ArgumentDefinition(kind: .flag, key: key, shortName: short, valueName: "", help: help)
    }

    var isPositional: Bool {
        if case .positional = kind { return true }
        return false
    }

    /// How the argument is written in usage lines: `<title> ...`, `[--due <date>]`.
    var usage: String {
        switch kind {
        case .positional(let isOptional, let isVariadic):
            let body = "<\(valueName)>" + (isVariadic ? " ..." : "")
            return isOptional ? "[\(body)]" : body
        case .option(let isRepeating):
            return "[--\(key) <\(valueName)>]" + (isRepeating ? " ..." : "")
        case .flag:
            return "[--\(key)]"
        }
    }

    /// The left column of help: `-l, --list <name>`.
    var label: String {
        switch kind {
        case .positional: return "<\(valueName)>"
        case .option: return (shortName.map { "-\($0), " } ?? "") + "--\(key) <\(valueName)>"
        case .flag: return (shortName.map { "-\($0), " } ?? "") + "--\(key)"
        }
    }
}
