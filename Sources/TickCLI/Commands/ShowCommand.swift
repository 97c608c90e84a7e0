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
        let now = context.now
        let zone = context.dateContext.timeZone
        let (reminder, lists, subtasks, parent, done) = try context.store().read { db in
            let reminder = try db.existingReminder(number)
            let subtasks = try db.reminders(ReminderFilter(parentUID: reminder.uid, includesCompleted: true), now: now, timeZone: zone)
            let parent = try reminder.parentUID.flatMap { try db.reminder(uid: $0) }
            return (reminder, try db.listsByID(), subtasks, parent, try db.completedOccurrenceCount(reminder: reminder.number))
        }
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
        for line in printer.detail(of: reminder, subtasks: subtasks, parent: parent, completedOccurrences: done) { context.print(line) }
    }
}
