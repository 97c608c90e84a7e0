import Foundation
import TickActions
import TickModel
import TickTerminal
import TickStore
import TickInterchange

/// `tick lists …`: the lists themselves.
struct ListsCommand: Command {
    static let configuration = CommandConfiguration(
        name: "lists",
        abstract: "Show, add, rename, color, reorder and delete lists.",
        discussion: "Colors: red, orange, yellow, green, blue, purple, brown, gray, or #RRGGBB.",
        subcommands: [ListsShowCommand.self, ListsAddCommand.self, ListsRenameCommand.self, ListsColorCommand.self,
                      ListsMoveCommand.self, ListsDeleteCommand.self],
        defaultSubcommand: ListsShowCommand.self)

    init(parsed: ParsedArguments) throws(CommandError) {}
    func run(in context: CommandContext) throws {}
}

/// `tick lists [show]`
struct ListsShowCommand: Command {
    static let configuration = CommandConfiguration(name: "show", abstract: "Show every list with its open count.", aliases: ["list", "ls"])
    static let arguments: [ArgumentDefinition] = [CommonOptions.json]
    let json: Bool
    init(parsed: ParsedArguments) throws(CommandError) { json = parsed.has("json") }

    func run(in context: CommandContext) throws {
        let overview = try context.actions().listsOverview()
        let (lists, counts) = (overview.lists, overview.openCounts)
        if json {
            context.print(JSONValue.array(lists.map { TickJSON.object(for: $0, openCount: counts[$0.id] ?? 0) }).serialized())
            return
        }
        let style = context.style
        let rows = lists.map { ["● " + TerminalText.sanitized($0.name), String(counts[$0.id] ?? 0), $0.color.description] }
        let table = TextTable(columns: [.userText(lineWidth: context.environment.width), TextTable.Column(alignment: .right), TextTable.Column()])
        let lines = table.render(rows: rows, totalWidth: context.environment.width ?? Int.max / 4) { row, column, text in
            guard let row else { return text }
            switch column {
            case 0: return ReminderPrinter.coloringDot(text, color: lists[row].color, style: style)
            case 2: return style.dim(text)
            default: return text
            }
        }
        for line in lines { context.print(line) }
    }
}

/// `tick lists add NAME [--color C]`
struct ListsAddCommand: Command {
    static let configuration = CommandConfiguration(name: "add", abstract: "Add a list.")
    static let arguments: [ArgumentDefinition] = [
        .positional("name", variadic: true, help: "The list's name."),
        .option("color", short: "c", value: "color", help: "Its color (default: blue)."),
    ]
    let name: String
    let color: ListColor
    init(parsed: ParsedArguments) throws(CommandError) {
        name = try ValueReader.words(parsed, "name", missing: "give the name of the new list, e.g. tick lists add Groceries")
        color = try parsed.value("color").map { text throws(CommandError) in try ValueReader.color(text, option: "color") } ?? .defaultColor
    }

    func run(in context: CommandContext) throws {
        let list = try context.actions().addList(named: name, color: color)
        context.print("Added list " + context.style.dot(list.color) + " " + TerminalText.sanitized(list.name))
        ListsAddCommand.noteSmartListName(list.name, in: context)
    }

    /// Tells on standard error how to reach a list named like a smart list (`Today`,
    /// `all` …), which `tick list NAME` takes for the smart list.
    static func noteSmartListName(_ name: String, in context: CommandContext) {
        guard SmartList(rawValue: name.lowercased()) != nil else { return }
        let shown = TerminalText.sanitized(name)
        context.errors.write("tick: note: 'tick list \(shown)' shows the smart list; this list is 'tick list --list \(shown)'\n")
    }
}

/// `tick lists rename OLD NEW`
struct ListsRenameCommand: Command {
    static let configuration = CommandConfiguration(name: "rename", abstract: "Rename a list.")
    static let arguments: [ArgumentDefinition] = [
        .positional("name", help: "The list's current name."),
        .positional("new-name", variadic: true, help: "Its new name."),
    ]
    let old: String
    let new: String
    init(parsed: ParsedArguments) throws(CommandError) {
        old = parsed.value("name") ?? ""
        new = try ValueReader.words(parsed, "new-name", missing: "give the list's new name, e.g. tick lists rename Groceries Shopping")
    }

    func run(in context: CommandContext) throws {
        let renamed = try ActionErrorMessage.changingNamedList { try context.actions().renameList(.named(old), to: new) }
        guard renamed.oldName != renamed.list.name else {
            // `Actions.renameList` changed nothing: say so rather than "Renamed 'X' to 'X'" (a tester).
            context.print("List '\(TerminalText.sanitized(renamed.oldName))' has that name already; nothing was changed")
            return
        }
        context.print("Renamed list '\(TerminalText.sanitized(renamed.oldName))' to '\(TerminalText.sanitized(renamed.list.name))'")
        ListsAddCommand.noteSmartListName(renamed.list.name, in: context)
    }
}

/// `tick lists color NAME COLOR`
struct ListsColorCommand: Command {
    static let configuration = CommandConfiguration(name: "color", abstract: "Change a list's color.")
    static let arguments: [ArgumentDefinition] = [
        .positional("name", help: "The list."),
        .positional("color", help: "red, orange, yellow, green, blue, purple, brown, gray or #RRGGBB."),
    ]
    let name: String
    let color: ListColor
    init(parsed: ParsedArguments) throws(CommandError) {
        name = parsed.value("name") ?? ""
        color = try ValueReader.color(parsed.value("color") ?? "")
    }

    func run(in context: CommandContext) throws {
        let list = try ActionErrorMessage.changingNamedList { try context.actions().recolorList(.named(name), to: color) }
        context.print("List " + context.style.dot(list.color) + " " + TerminalText.sanitized(list.name) + " is now \(list.color)")
    }
}

/// `tick lists move NAME --to P`
struct ListsMoveCommand: Command {
    static let configuration = CommandConfiguration(name: "move", abstract: "Reorder a list among the lists.")
    static let arguments: [ArgumentDefinition] = [
        .positional("name", help: "The list."),
        .option("to", value: "position", help: "Its new position (1 is first; the first list takes new reminders)."),
    ]
    let name: String
    let position: Int
    init(parsed: ParsedArguments) throws(CommandError) {
        name = parsed.value("name") ?? ""
        guard let text = parsed.value("to") else { throw .usage("say where: --to POSITION (1 is first)") }
        position = try ValueReader.positiveInt(text, option: "to")
    }

    func run(in context: CommandContext) throws {
        let moved = try ActionErrorMessage.changingNamedList { try context.actions().moveList(.named(name), to: position) }
        context.print("Moved list '\(TerminalText.sanitized(moved.list.name))' to position \(moved.index)")
    }
}

/// `tick lists delete NAME [--force]`
struct ListsDeleteCommand: Command {
    static let configuration = CommandConfiguration(
        name: "delete", abstract: "Delete a list.",
        discussion: "A list that holds reminders is deleted only with --force, and its reminders with it. The last list cannot be deleted.",
        aliases: ["rm"])
    static let arguments: [ArgumentDefinition] = [
        .positional("name", variadic: true, help: "The list."),
        .flag("force", help: "Delete it even though it holds reminders, with them."),
    ]
    let name: String
    let force: Bool
    init(parsed: ParsedArguments) throws(CommandError) {
        name = try ValueReader.words(parsed, "name", missing: "give the list to delete")
        force = parsed.has("force")
    }

    func run(in context: CommandContext) throws {
        let deleted = try ActionErrorMessage.changingNamedList { try context.actions().deleteList(.named(name), force: force) }
        let count = deleted.reminderCount
        context.print("Deleted list '\(TerminalText.sanitized(deleted.list.name))'" + (count > 0 ? " and its \(count) reminder\(count == 1 ? "" : "s")" : ""))
    }
}
