import Foundation
import TickActions
import TickModel
import TickTerminal
import TickStore
import TickInterchange

/// `tick edit N…`: sets or clears any field of one reminder, or makes the same change to
/// several in one transaction.
struct EditCommand: Command {
    static let configuration = CommandConfiguration(
        name: "edit",
        abstract: "Change any field of a reminder (or the same fields of several).",
        discussion: """
            Every field can be set and cleared: --due DATE / --no-due, --notes TEXT / --no-notes,
            --flag / --no-flag, --priority none, --tag TAG (adds) / --untag TAG / --no-tags …
            Moving to another list with --list puts the reminder at the end of that list.
            Repeat: --repeat RULE / --no-repeat, --repeat-from due|completion. Alarms: --alarm and
            --remind add one; --no-alarm removes them all (together with --alarm or --remind: replaces).
            Several numbers get the same change in one transaction (tick edit 4 7 9 --flag --due fri):
            all of them change, or none when one is refused. --title takes one number.
            """)

    static let arguments: [ArgumentDefinition] = [
        .positional("numbers", variadic: true, help: "One or more reminder numbers."),
        .option("title", value: "text", help: "A new title."),
        .option("notes", short: "n", value: "text", help: "New notes (replacing the old ones)."),
        .flag("no-notes", help: "Clear the notes."),
        .option("due", short: "d", value: "date", help: "A new due date."),
        .flag("no-due", help: "Clear the due date."),
        .option("start", value: "date", help: "A new start date."),
        .flag("no-start", help: "Clear the start date."),
        .option("priority", short: "p", value: "level", help: "none, low, medium or high."),
        .flag("flag", short: "f", help: "Flag it."),
        .flag("no-flag", help: "Remove the flag."),
        .option("list", short: "l", value: "name", help: "Move it to the end of another list."),
        .option("tag", short: "t", value: "tag", repeating: true, help: "Add a tag."),
        .option("untag", value: "tag", repeating: true, help: "Remove a tag."),
        .flag("no-tags", help: "Remove every tag."),
        .option("url", value: "url", help: "A new link."),
        .flag("no-url", help: "Clear the link."),
        .option("parent", value: "number", help: "Make it a subtask of this reminder."),
        .flag("no-parent", help: "Make it a top-level reminder."),
        .flag("no-repeat", help: "Stop repeating."),
    ] + ScheduleOptions.arguments + [
        CommonOptions.json,
    ]

    let numbers: [Reminder.Number]
    let parsed: ParsedArguments
    let priority: Priority?
    let addedTags: [String]
    let removedTags: [String]
    let parent: Reminder.Number?
    let schedule: ScheduleOptions

    init(parsed: ParsedArguments) throws(CommandError) {
        numbers = try ValueReader.numbers(parsed)
        self.parsed = parsed
        for (set, clear) in [("notes", "no-notes"), ("due", "no-due"), ("start", "no-start"), ("flag", "no-flag"),
                             ("url", "no-url"), ("parent", "no-parent")] where parsed.isPresent(set) && parsed.isPresent(clear) {
            throw .usage("--\(set) and --\(clear) contradict each other; give one")
        }
        priority = try parsed.value("priority").map(ValueReader.priority)
        addedTags = try ValueReader.tags(parsed.all("tag"))
        removedTags = try ValueReader.tags(parsed.all("untag"))
        parent = try parsed.value("parent").map { text throws(CommandError) in try ValueReader.number(text, option: "parent") }
        schedule = try ScheduleOptions(parsed: parsed)
        let changes = Self.arguments.map(\.key).filter { $0 != "numbers" && $0 != "json" && parsed.isPresent($0) }
        if changes.isEmpty {
            throw .usage("nothing to change; give at least one option such as --title, --due or --no-due\nSee 'tick edit --help'.")
        }
        if numbers.count > 1, parsed.isPresent("title") {
            throw .usage("--title changes one reminder; give one number (\(numbers.count) given)")
        }
    }

    func run(in context: CommandContext) throws {
        let title = try parsed.value("title").map { text throws(CommandError) in try ValueReader.name(text, as: .reminderTitle) }
        let due = try parsed.value("due").map { text throws(CommandError) in try ValueReader.due(text, option: "due", context: context) }
        let start = try parsed.value("start").map { text throws(CommandError) in try ValueReader.due(text, option: "start", context: context) }
        let defaults = AlarmDefaultsReader(environment: context.environment)
        for warning in defaults.warnings { context.warn(warning) }
        let edit = ReminderEdit(
            title: title,
            notes: EditCommand.change(parsed.value("notes"), clears: parsed.has("no-notes")),
            due: EditCommand.change(due, clears: parsed.has("no-due")),
            start: EditCommand.change(start, clears: parsed.has("no-start")),
            priority: priority,
            isFlagged: parsed.has("flag") ? true : parsed.has("no-flag") ? false : nil,
            list: parsed.value("list").map { .named($0) },
            tags: TagEdit(removesAll: parsed.has("no-tags"), added: addedTags, removed: removedTags),
            url: EditCommand.change(parsed.value("url"), clears: parsed.has("no-url")),
            parent: EditCommand.change(parent, clears: parsed.has("no-parent")),
            schedule: try schedule.edit(defaults: defaults, context: context))
        let results: [ReminderChangeResult]
        do { results = try context.actions().edit(numbers, edit) } catch { throw schedule.commandError(for: error, setsStart: parsed.isPresent("start") || parsed.has("no-start"), context: context) }
        for result in results {
            for note in result.notes { context.warn(ScheduleOptions.text(for: note, context: context)) }
        }
        if parsed.has("json") {
            // One number: the reminder's object, as always; several: an array of them.
            let objects = results.map { TickJSON.object(for: $0.reminder, listName: $0.list.name) }
            context.print((objects.count == 1 ? objects[0] : JSONValue.array(objects)).serialized())
            return
        }
        for result in results {
            context.print("Updated \(result.reminder.number) \(result.reminder.title.quotedForMessage)")
        }
    }

    /// An option pair's change: `--X VALUE` sets, `--no-X` clears (the parser refused both).
    static func change<Value: Hashable & Sendable>(_ value: Value?, clears: Bool) -> FieldEdit<Value> {
        if let value { return .set(value) }
        return clears ? .clear : .keep
    }
}
