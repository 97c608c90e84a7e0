import Foundation
import TickActions
import TickModel

/// `tick move N --to P | --before M | --after M`: manual order inside a list.
struct MoveCommand: Command {
    static let configuration = CommandConfiguration(
        name: "move",
        abstract: "Reorder a reminder inside its list.",
        discussion: "Positions count open reminders as 'tick list' shows them, from 1, among those at the same level: the list's top-level reminders, or the subtasks of the parent a subtask is shown under. To move a reminder to another list, use 'tick edit N --list NAME'.")

    static let arguments: [ArgumentDefinition] = [
        .positional("number", help: "The reminder to move."),
        .option("to", value: "position", help: "Its new position in the list, or among its parent's subtasks (1 is first)."),
        .option("before", value: "number", help: "Put it just before this reminder."),
        .option("after", value: "number", help: "Put it just after this reminder."),
    ]

    let number: Reminder.Number
    let placement: ReminderPlacement

    init(parsed: ParsedArguments) throws(CommandError) {
        number = try ValueReader.number(parsed.value("number") ?? "")
        let given = ["to", "before", "after"].filter { parsed.value($0) != nil }
        guard given.count == 1 else {
            throw .usage(given.isEmpty ? "say where to move it: --to POSITION, --before N or --after N"
                                       : "give only one of --to, --before and --after")
        }
        if let text = parsed.value("to") {
            placement = .index(try ValueReader.positiveInt(text, option: "to"))
        } else if let text = parsed.value("before") {
            placement = .before(try ValueReader.number(text, option: "before"))
        } else {
            placement = .after(try ValueReader.number(parsed.value("after") ?? "", option: "after"))
        }
        switch placement {
        case .before(let other), .after(let other):
            if other == number { throw .usage("a reminder cannot be moved relative to itself") }
        case .index: break
        }
    }

    func run(in context: CommandContext) throws {
        let moved = try context.actions().move(number, to: placement)
        var message = "Moved \(moved.reminder.number) \(moved.reminder.title.quotedForMessage)"
        if let index = moved.openIndex {
            message += " to position \(index)"
            if let parent = moved.shownUnder { message += " among the subtasks of \(parent.number) \(parent.title.quotedForMessage)" }
            if let left = moved.leftParent { message += " (no longer a subtask of \(left.number) \(left.title.quotedForMessage))" }
        } else if moved.reminder.isCompleted {
            // Positions count open reminders: a completed one has its place, but no number among them.
            message += " (completed: it is in that place when reopened)"
        }
        context.print(message)
    }
}

/// `tick delete N…`
struct DeleteCommand: Command {
    static let configuration = CommandConfiguration(
        name: "delete", abstract: "Delete reminders.",
        discussion: "Their numbers are never given to another reminder. Subtasks of a deleted reminder become top-level reminders. 'tick undo' brings them back.",
        aliases: ["rm"])

    static let arguments: [ArgumentDefinition] = [
        .positional("numbers", variadic: true, help: "One or more reminder numbers."),
    ]

    let numbers: [Reminder.Number]

    init(parsed: ParsedArguments) throws(CommandError) {
        numbers = try ValueReader.numbers(parsed)
    }

    func run(in context: CommandContext) throws {
        let deleted = try context.actions().delete(numbers).map(\.reminder)
        for reminder in deleted {
            context.print("Deleted \(reminder.number) \(reminder.title.quotedForMessage)")
        }
    }
}
