import TickModel

/// `--sort KEY` and `--reverse` of `list` and `search` (the shape of todoman's `--sort`
/// and `--reverse`; Taskwarrior writes `sort:due-`): the order of the rows, applied
/// before `--limit`. The keys and what ties and missing values do are `ReminderOrder`'s.
enum SortOption {
    static let arguments: [ArgumentDefinition] = [
        .option("sort", value: "key",
                help: "Sort by " + keyList + " (ties in manual order; no due date or priority last)."),
        .flag("reverse", help: "With --sort: the other way round (missing values stay last)."),
    ]

    /// "due, priority, title, created or manual".
    private static var keyList: String {
        let keys = ReminderOrder.Key.allCases.map(\.rawValue)
        return keys.dropLast().joined(separator: ", ") + " or " + (keys.last ?? "")
    }

    /// The order `parsed` asks for, nil without `--sort`.
    /// - Throws: `CommandError.usage` for a key that is none, or `--reverse` without `--sort`.
    static func order(_ parsed: ParsedArguments) throws(CommandError) -> ReminderOrder? {
        guard let text = parsed.value("sort") else {
            if parsed.has("reverse") { throw .usage("--reverse: only with --sort KEY") }
            return nil
        }
        guard let key = ReminderOrder.Key(rawValue: text.lowercased()) else {
            var message = "--sort: \(text.singleQuotedForMessage) is not a sort key; use \(keyList)"
            if let suggestion = Suggestion.closest(to: text.lowercased(), among: ReminderOrder.Key.allCases.map(\.rawValue)) {
                message += " (did you mean '\(suggestion)'?)"
            }
            throw .usage(message)
        }
        return ReminderOrder(key, reversed: parsed.has("reverse"))
    }
}
