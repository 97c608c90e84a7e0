/// The values found on a command line, by key, before a command interprets them.
public struct ParsedArguments: Sendable, Equatable {
    /// Values by key, in the order given (positionals and options).
    public var values: [String: [String]] = [:]
    /// Flags that were present.
    public var flags: Set<String> = []

    public init() {}

    /// The single value of `key`, or nil when absent. For repeated options, the last one.
    public func value(_ key: String) -> String? { values[key]?.last }

    /// Every value given for `key`, in order.
    public func all(_ key: String) -> [String] { values[key] ?? [] }

    /// Whether the flag `key` was present.
    public func has(_ key: String) -> Bool { flags.contains(key) }

    /// Whether `key` was given at all (flag or value).
    public func isPresent(_ key: String) -> Bool { flags.contains(key) || values[key] != nil }
}
