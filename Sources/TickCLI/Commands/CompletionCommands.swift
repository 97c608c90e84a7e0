import Foundation
import TickActions
import TickModel
import TickTerminal
import TickStore
import TickInterchange

/// The shared body of `done`, `undone` and `toggle`: all numbers in one transaction.
///
/// A recurring reminder is completed one occurrence at a time (see
/// `Actions.setCompletion`): `done` moves it to its next occurrence and keeps a
/// record of the one completed; `undone` steps back to the last completed occurrence.
struct CompletionRunner {
    static let arguments: [ArgumentDefinition] = [
        .positional("numbers", variadic: true, help: "One or more reminder numbers."),
        CommonOptions.json,
    ]

    let numbers: [Reminder.Number]
    let json: Bool
    /// `done --occurrence DATE`: complete only that occurrence.
    var occurrenceText: String?

    init(parsed: ParsedArguments) throws(CommandError) {
        numbers = try ValueReader.numbers(parsed)
        json = parsed.has("json")
        occurrenceText = parsed.value("occurrence")
    }

    func run(_ change: CompletionChange, in context: CommandContext) throws {
        let occurrence = try occurrenceText.map { text throws(CommandError) in try ValueReader.due(text, option: "occurrence", context: context) }
        let actions = try context.actions()
        let results: [CompletionChangeResult]
        do {
            results = try actions.setCompletion(numbers, change, occurrence: occurrence)
        } catch ActionError.occurrenceNotCurrent(let reminder, let skipped) {
            throw CompletionRunner.refusal(skipped, occurrenceText ?? "", of: reminder, context: context)
        }
        if json {
            let lists = try actions.store.read { db in try db.listsByID() }
            context.print(JSONValue.array(results.map { TickJSON.object(for: $0.reminder, listName: lists[$0.reminder.listID]?.name) }).serialized())
            return
        }
        let formatter = DueFormatter(context: context.dateContext)
        for result in results {
            let reminder = result.reminder
            let name = "\(reminder.number) \(reminder.title.quotedForMessage)"
            if !result.changed {
                if occurrence != nil, !reminder.isCompleted {
                    let current = (reminder.due ?? reminder.start).map { formatter.string(for: $0) } ?? "none"
                    context.print("Completed \(name)" + context.style.dim(" (that occurrence is already done; the current one is \(current))"))
                } else {
                    context.print((reminder.isCompleted ? "Completed " : "Reopened ") + name
                                  + context.style.dim(reminder.isCompleted ? " (already completed)" : " (already open)"))
                }
                continue
            }
            switch result.outcome {
            case .advanced(let done, let next):
                context.print("Completed \(name) (\(formatter.string(for: done))); next: \(formatter.string(for: next))")
            case .seriesEnded(let done):
                context.print("Completed \(name) (\(formatter.string(for: done))), the last of its series")
            case .unreadableRule(let reason):
                context.print("Completed \(name)")
                context.warn("its repeat rule cannot be expanded (\(reason)); it will not come back")
            case .completed:
                if reminder.isCompleted {
                    context.print("Completed \(name)")
                } else if reminder.recurrence != nil, let due = reminder.due ?? reminder.start {
                    context.print("Reopened \(name) (back to \(formatter.string(for: due)))")
                } else {
                    context.print("Reopened \(name)")
                }
            }
        }
    }

    /// The error for `done N --occurrence X` when X is not one that can be completed:
    /// later than the current occurrence, or neither current nor in the history.
    static func refusal(_ skipped: SkippedOccurrence, _ text: String, of reminder: Reminder,
                        context: CommandContext) -> CommandError {
        let formatter = DueFormatter(context: context.dateContext)
        let current = (reminder.due ?? reminder.start).map { formatter.string(for: $0) }
        let currentText = current.map { "; the current one is \($0)" } ?? ""
        let name = "\(reminder.number) \(reminder.title.quotedForMessage)"
        let text = text.singleQuotedForMessage
        guard reminder.recurrence != nil else {
            // One occurrence only: its due date (else start), which `text` did not name.
            let only = current.map { "; its one occurrence is \($0)" } ?? " and has no date"
            return .runtime("--occurrence: \(name) does not repeat\(only), not \(text); complete it with 'tick done \(reminder.number.rawValue)'")
        }
        switch skipped {
        case .notYetDue:
            return .runtime("--occurrence: \(name): the occurrence \(text) is not due yet\(currentText) (complete that one first)")
        case .notAnOccurrence, .alreadyDone:
            return .runtime("--occurrence: \(name) has no open or completed occurrence \(text)\(currentText)")
        }
    }
}

/// `tick done N…`
struct DoneCommand: Command {
    static let configuration = CommandConfiguration(
        name: "done", abstract: "Mark reminders as completed.",
        discussion: """
            A repeating reminder moves on to its next occurrence; the one completed is kept in its
            history ('tick undone' steps back). Give --occurrence DATE (the due date you saw) to
            complete only that occurrence: running the same command again then changes nothing.
            A date alone names that day's occurrence. An occurrence after the current one, or a
            date that is neither current nor done, is refused (exit status 1).
            """,
        aliases: ["complete"])
    static var arguments: [ArgumentDefinition] {
        CompletionRunner.arguments + [.option("occurrence", value: "date", help: "Complete only the occurrence due then.")]
    }
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
