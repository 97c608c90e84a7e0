import Foundation
import TickActions
import TickModel
import TickTerminal
import TickStore
import TickInterchange

/// `tick search QUERY…`: reminders that match a query (`SearchQuery`).
struct SearchCommand: Command {
    static let configuration = CommandConfiguration(
        name: "search", abstract: "Find reminders by words in their title, notes or tags.",
        discussion: """
            Every word must occur in the title, the notes or a tag; case and accents are
            ignored, and parts of words match too: 'mil' finds 'milk', 'cafe' finds 'Café'.
            "a phrase" in quotes is looked for as it is; title:WORD and notes:WORD look in one
            place; tag:NAME (tag:"garden work") is one whole tag; OR between words finds
            either side (AND binds tighter: a b OR c is (a and b) or c). Quote a shell's
            quotes: tick search 'title:"tax return" OR dentist'.
            """,
        aliases: ["find"])

    static let arguments: [ArgumentDefinition] = [
        .positional("words", variadic: true, help: "What to look for (words, \"phrases\", title:, notes:, tag:, OR)."),
        .option("list", short: "l", value: "name", help: "Only in this list."),
        .flag("completed", short: "c", help: "Include completed reminders."),
        .option("limit", value: "count", help: "Show at most this many (after sorting)."),
    ] + SortOption.arguments + DueRange.arguments + [
        CommonOptions.json,
    ]

    let parsed: ParsedArguments
    let text: String
    let query: SearchQuery
    let listName: String?
    let includesCompleted: Bool
    let limit: Int?
    let order: ReminderOrder?
    let json: Bool

    init(parsed: ParsedArguments) throws(CommandError) {
        self.parsed = parsed
        text = parsed.all("words").joined(separator: " ")
        guard !text.isBlank else { throw .usage("missing <words>: say what to look for") }
        do {
            query = try SearchQuery(parsing: text)
        } catch {
            throw .usage(error.description + " (in \(text.singleQuotedForMessage))")
        }
        listName = parsed.value("list")
        includesCompleted = parsed.has("completed")
        limit = try parsed.value("limit").map { text throws(CommandError) in try ValueReader.positiveInt(text, option: "limit") }
        order = try SortOption.order(parsed)
        json = parsed.has("json")
    }

    func run(in context: CommandContext) throws {
        let range = try DueRange(parsed: parsed, context: context)
        let (listing, table) = try context.listingTable(ListingRequest(
            source: listName.map { .list(named: $0) } ?? .everyList, search: query, includesCompleted: includesCompleted,
            limit: range.isActive ? nil : limit, order: order, detail: .forOutput(json: json)),
            range: range, limit: limit, showsList: listName == nil)
        guard let table else { return }
        if table.count == 0 {
            context.print(context.style.dim("No reminders match \(text.quotedForMessage)" + (includesCompleted ? "." : " (add --completed to look in completed ones too).")))
            return
        }
        ReminderPrinter(context: context, lists: listing.lists, showsList: listName == nil).write(table)
    }
}

/// `tick help [COMMAND…]`
struct HelpCommand: Command {
    static let configuration = CommandConfiguration(name: "help", abstract: "Show help for tick or one of its commands.")
    static let arguments: [ArgumentDefinition] = [
        .positional("command", optional: true, variadic: true, help: "A command, e.g. 'add' or 'lists rename'."),
        .flag("man", help: "Write the manual page tick(1) in roff (man -l - reads it) instead."),
        .option("readme", value: "file", help: "With --man: take the Dates, JSON output and Environment sections from this README."),
    ]

    let path: [String]
    let man: Bool
    let readme: String?

    init(parsed: ParsedArguments) throws(CommandError) {
        path = parsed.all("command")
        man = parsed.has("man")
        readme = parsed.value("readme")
        if readme != nil, !man { throw .usage("--readme: only with --man") }
        if man, !path.isEmpty { throw .usage("--man writes the whole manual; give no command with it") }
    }

    func run(in context: CommandContext) throws {
        if man {
            var text: String?
            if let readme {
                do {
                    text = String(decoding: try context.readFile(readme), as: UTF8.self)
                } catch {
                    throw CommandError.runtime("--readme: cannot read \(readme): \(error.localizedDescription)")
                }
            }
            context.output.write(ManPage.page(readme: text))
            return
        }
        guard !path.isEmpty else {
            context.print(TickRunner.rootHelp())
            return
        }
        var candidates = TickRunner.commands
        var command: (any Command.Type)?
        var names: [String] = []
        for word in path {
            guard let found = candidates.first(where: { $0.configuration.name == word || $0.configuration.aliases.contains(word) }) else {
                var message = "unknown command \((names + [word]).joined(separator: " ").singleQuotedForMessage)"
                if let suggestion = Suggestion.closest(to: word, among: candidates.map { $0.configuration.name }) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw CommandError.usage(message)
            }
            command = found
            names.append(found.configuration.name)
            candidates = found.configuration.subcommands
        }
        if let command { context.print(HelpGenerator.help(for: command, commandPath: names.joined(separator: " "))) }
    }
}
