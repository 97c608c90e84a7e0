import Foundation
import TickActions
import TickModel
import TickStore
import TickInterchange

/// `tick show N`: every field of one reminder.
struct ShowCommand: Command {
    static let configuration = CommandConfiguration(name: "show", abstract: "Show every detail of a reminder.")

    static let arguments: [ArgumentDefinition] = [
        .positional("number", help: "The reminder's number (12 or #12)."),
        CommonOptions.json,
    ]

    var number: Reminder.Number
    var json: Bool

    init(parsed: ParsedArguments) throws(CommandError) {
        number = try ValueReader.number(parsed.value("number") ?? "")
        json = parsed.has("json")
    }

    func run(in context: CommandContext) throws {
        let detail = try context.actions().reminderDetail(number)
        let (reminder, lists, subtasks) = (detail.reminder, detail.lists, detail.subtasks)
        if json {
            var object = TickJSON.object(for: reminder, listName: lists[reminder.listID]?.name)
            if case .object(var members) = object {
                members.append(("subtasks", .array(subtasks.map { .int($0.number.rawValue) })))
                object = .object(members)
            }
            context.print(object.serialized())
            return
        }
        let printer = ReminderPrinter(context: context, lists: lists, showsList: false)
        for line in printer.detail(of: reminder, subtasks: subtasks, parent: detail.parent, parentElsewhere: detail.parentElsewhere,
                                   completedOccurrences: detail.completedOccurrences) { context.print(line) }
    }
}
