import Foundation
import TickActions
import TickModel
import TickTerminal
import TickStore
import TickInterchange

/// `tick add TITLE…`: adds a reminder at the end of a list.
struct AddCommand: Command {
    static let configuration = CommandConfiguration(
        name: "add",
        abstract: "Add a reminder.",
        discussion: """
            The title is every word that is not an option: tick add Buy oat milk --due fri
            Dates: 2026-12-03, 2026-12-03 17:30, today, tomorrow, fri, next fri, in 3 days,
            end of month, dec 14, with a time: tomorrow 9am, fri 17:00. A date alone is all-day.
            A time on another zone's clock: 2026-12-03T09:00[America/New_York] (RFC 9557).
            A reminder with a due date gets an alarm at the due time (all-day: 09:00), unless
            --alarm, --remind or --no-alarm say otherwise; TICK_DEFAULT_ALARM and
            TICK_ALL_DAY_ALARM change the defaults (see README "Alarms").
            Repeating: --repeat monthly, --repeat "every 3 days" --repeat-from completion.
            """)

    static let arguments: [ArgumentDefinition] = [
        .positional("title", variadic: true, help: "The reminder's title."),
        .option("list", short: "l", value: "name", help: "The list to add to (default: TICK_DEFAULT_LIST, else the first list)."),
        .option("due", short: "d", value: "date", help: "When it is due."),
        .option("start", value: "date", help: "When work can start."),
        .option("priority", short: "p", value: "level", help: "none, low, medium or high."),
        .option("notes", short: "n", value: "text", help: "Notes."),
        .flag("flag", short: "f", help: "Flag it."),
        .option("tag", short: "t", value: "tag", repeating: true, help: "A tag (repeat, or separate with commas)."),
        .option("url", value: "url", help: "A link."),
        .option("parent", value: "number", help: "Make it a subtask of this reminder."),
    ] + ScheduleOptions.arguments + [
        CommonOptions.json,
    ]

    var title: String
    var listName: String?
    var dueText: String?
    var startText: String?
    var priority: Priority
    var notes: String
    var isFlagged: Bool
    var tags: [String]
    var url: String?
    var parent: Reminder.Number?
    var schedule: ScheduleOptions
    var json: Bool

    init(parsed: ParsedArguments) throws(CommandError) {
        title = try ValueReader.words(parsed, "title", missing: "say what to be reminded of, e.g. tick add Buy milk")
        listName = parsed.value("list")
        dueText = parsed.value("due")
        startText = parsed.value("start")
        priority = try parsed.value("priority").map(ValueReader.priority) ?? .none
        notes = parsed.value("notes") ?? ""
        isFlagged = parsed.has("flag")
        tags = try ValueReader.tags(parsed.all("tag"))
        url = parsed.value("url").map { $0.trimmingWhiteSpace() }.flatMap { $0.isEmpty ? nil : $0 }
        parent = try parsed.value("parent").map { text throws(CommandError) in try ValueReader.number(text, option: "parent") }
        schedule = try ScheduleOptions(parsed: parsed)
        // On edit, --no-alarm with --alarm replaces the alarms; a new reminder has none to replace.
        if schedule.removesAlarms && (!schedule.offsets.isEmpty || !schedule.remindPhrases.isEmpty) {
            throw .usage("--no-alarm and --\(schedule.offsets.isEmpty ? "remind" : "alarm") contradict each other; give one")
        }
        json = parsed.has("json")
    }

    func run(in context: CommandContext) throws {
        let title = try ValueReader.name(self.title, as: .reminderTitle)
        let due = try dueText.map { text throws(CommandError) in try ValueReader.due(text, option: "due", context: context) }
        let start = try startText.map { text throws(CommandError) in try ValueReader.due(text, option: "start", context: context) }
        let defaults = AlarmDefaultsReader(environment: context.environment)
        for warning in defaults.warnings { context.warn(warning) }
        // Without --list (and --parent, whose list a subtask takes), TICK_DEFAULT_LIST or
        // the settings file's default-list names the list; else the first list.
        let defaultList = listName == nil && parent == nil ? context.environment["TICK_DEFAULT_LIST"] : nil
        let request = NewReminder(title: title, list: (listName ?? defaultList).map { .named($0) }, notes: notes, due: due, start: start,
                                  priority: priority, isFlagged: isFlagged, tags: tags, url: url, parent: parent,
                                  schedule: try schedule.edit(defaults: defaults, context: context))
        let result: ReminderChangeResult
        do {
            result = try context.actions().add(request)
        } catch ActionError.listNotFound(let name, let existing) where defaultList != nil {
            throw CommandError.runtime("the default list \(name.quotedForMessage) (TICK_DEFAULT_LIST, or default-list in "
                                       + "\(TickConfig.path(in: context.environment))) does not exist; the lists are "
                                       + existing.map(\.quotedForMessage).joined(separator: ", "))
        } catch ModelError.blankName(.listName) where defaultList != nil {
            // Traced to where it was set, as a missing one is (a tester).
            throw CommandError.runtime("the default list (TICK_DEFAULT_LIST, or default-list in "
                                       + "\(TickConfig.path(in: context.environment))) is empty or only white space; give a list's name")
        } catch {
            throw schedule.commandError(for: error, setsStart: startText != nil, context: context)
        }
        let (reminder, list) = (result.reminder, result.list)
        for note in result.notes { context.warn(ScheduleOptions.text(for: note, context: context)) }
        if json {
            context.print(TickJSON.object(for: reminder, listName: list.name).serialized())
            return
        }
        var message = "Added \(reminder.number) \(reminder.title.quotedForMessage) to \(TerminalText.sanitized(list.name))"
        if let due = reminder.due { message += ", due " + DueFormatter(context: context.dateContext).string(for: due) }
        if let summary = reminder.recurrenceSummary(in: context.dateContext.timeZone) { message += ", repeating " + summary.lowercasedFirst }
        context.print(message)
    }
}
