import Foundation
import TickModel
import TickStore
import TickInterchange

/// What `done`, `undone` and `toggle` do to each reminder.
enum CompletionChange {
    case complete, reopen, toggle

    func apply(to reminder: inout Reminder, at now: Date) -> Bool {
        let wasCompleted = reminder.isCompleted
        switch self {
        case .complete: if !wasCompleted { reminder.completedAt = now }
        case .reopen: reminder.completedAt = nil
        case .toggle: reminder.completedAt = wasCompleted ? nil : now
        }
        let changed = wasCompleted != reminder.isCompleted
        if changed { reminder.modifiedAt = now }
        return changed
    }
}

/// The shared body of `done`, `undone` and `toggle`: all numbers in one transaction.
struct CompletionRunner {
    static let arguments: [ArgumentDefinition] = [
        .positional("numbers", variadic: true, help: "One or more reminder numbers."),
        CommonOptions.json,
    ]

    let numbers: [Reminder.Number]
    let json: Bool

    init(parsed: ParsedArguments) throws(CommandError) {
        var numbers: [Reminder.Number] = []
        for text in parsed.all("numbers") {
            let number = try ValueReader.number(text, option: "numbers")
            if !numbers.contains(number) { numbers.append(number) }
        }
        guard !numbers.isEmpty else { throw .usage("missing <numbers>: give one or more reminder numbers") }
        self.numbers = numbers
        json = parsed.has("json")
    }

    func run(_ change: CompletionChange, in context: CommandContext) throws {
        let now = context.now
        let results = try context.store().write { db in
            var results: [(Reminder, Bool, String?)] = []
            let lists = try db.listsByID()
            for number in numbers {
                var reminder = try db.existingReminder(number)
                let changed = change.apply(to: &reminder, at: now)
                if changed { try db.update(reminder) }
                results.append((reminder, changed, lists[reminder.listID]?.name))
            }
            return results
        }
        if json {
            context.print(JSONValue.array(results.map { TickJSON.object(for: $0.0, listName: $0.2) }).serialized())
            return
        }
        for (reminder, changed, _) in results {
            let verb = reminder.isCompleted ? "Completed" : "Reopened"
            let note = changed ? "" : context.style.dim(reminder.isCompleted ? " (already completed)" : " (already open)")
            context.print("\(verb) \(reminder.number) \(reminder.title.quotedForMessage)" + note)
        }
    }
}

/// `tick done N…`
struct DoneCommand: Command {
    static let configuration = CommandConfiguration(name: "done", abstract: "Mark reminders as completed.",
                                                    aliases: ["complete"])
    static var arguments: [ArgumentDefinition] { CompletionRunner.arguments }
    let runner: CompletionRunner
    init(parsed: ParsedArguments) throws(CommandError) { runner = try CompletionRunner(parsed: parsed) }
    func run(in context: CommandContext) throws { try runner.run(.complete, in: context) }
}

/// `tick undone N…`
struct UndoneCommand: Command {
    static let configuration = CommandConfiguration(name: "undone", abstract: "Mark completed reminders as open again.",
                                                    aliases: ["reopen"])
    static var arguments: [ArgumentDefinition] { CompletionRunner.arguments }
    let runner: CompletionRunner
    init(parsed: ParsedArguments) throws(CommandError) { runner = try CompletionRunner(parsed: parsed) }
    func run(in context: CommandContext) throws { try runner.run(.reopen, in: context) }
}

/// `tick toggle N…`
struct ToggleCommand: Command {
    static let configuration = CommandConfiguration(name: "toggle", abstract: "Complete open reminders and reopen completed ones.")
    static var arguments: [ArgumentDefinition] { CompletionRunner.arguments }
    let runner: CompletionRunner
    init(parsed: ParsedArguments) throws(CommandError) { runner = try CompletionRunner(parsed: parsed) }
    func run(in context: CommandContext) throws { try runner.run(.toggle, in: context) }
}
