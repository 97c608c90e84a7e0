import Foundation
import TickActions
import TickModel
import TickTerminal
import TickStore
import TickInterchange

/// `tick snooze N [WHEN]`: the reminder's alarm comes back later.
struct SnoozeCommand: Command {
    static let configuration = CommandConfiguration(
        name: "snooze",
        abstract: "Ring a reminder's alarm again later.",
        discussion: """
            WHEN is a length of time from now (15m, 1h, 2h30m, 1d; default 10m) or a date and time
            (tomorrow 9am, fri 17:00; a date alone means its all-day alarm time, 09:00).
            A newer snooze replaces one that has not rung yet; completing the reminder drops it.
            """)

    static let arguments: [ArgumentDefinition] = [
        .positional("number", help: "The reminder's number."),
        .positional("when", optional: true, variadic: true, help: "How long (15m) or until when (tomorrow 9am)."),
        CommonOptions.json,
    ]

    let number: Reminder.Number
    let when: String
    let json: Bool

    init(parsed: ParsedArguments) throws(CommandError) {
        number = try ValueReader.number(parsed.value("number") ?? "")
        when = parsed.values["when"].map { $0.joined(separator: " ") } ?? "10m"
        json = parsed.has("json")
    }

    func run(in context: CommandContext) throws {
        let now = context.now
        let until: Date
        let trimmed = when.trimmingWhiteSpace()
        if let seconds = Alarm.positiveSeconds(parsing: trimmed) {
            until = now.addingTimeInterval(TimeInterval(seconds))
        } else if Alarm.isTooLongLength(trimmed), !trimmed.hasPrefix("-") {
            throw CommandError.usage("snooze: '\(trimmed)' is too long: \(Alarm.tooLongReason); give a date and time such as \"2030-01-01 9am\"")
        } else if trimmed.hasPrefix("-") || trimmed.hasPrefix("+") || Alarm.positiveSeconds(parsing: trimmed + "1s") != nil
                    || trimmed.allSatisfy({ $0.isNumber }) {
            // A length that is zero, negative, signed or without a unit: say so, not "cannot read a date".
            throw CommandError.usage("snooze: '\(trimmed)' is not a length of time after now; give one such as 10m, 1h or 2h30m, or a date and time such as \"tomorrow 9am\"")
        } else {
            let defaults = AlarmDefaultsReader(environment: context.environment)
            for warning in defaults.warnings { context.warn(warning) }
            until = try defaults.instant(remind: when, option: nil, context: context)
        }
        let result: ReminderChangeResult
        do {
            result = try context.actions().snooze(number, until: until)
        } catch ActionError.snoozeNotInFuture(let until) {
            throw CommandError.usage("snooze until \(DueFormatter(context: context.dateContext).string(for: until))? That is not in the future")
        }
        let reminder = result.reminder
        if json {
            context.print(TickJSON.object(for: reminder, listName: result.list.name).serialized())
            return
        }
        context.print("Snoozed \(reminder.number) \(reminder.title.quotedForMessage) until "
                      + DueFormatter(context: context.dateContext).string(for: until))
    }
}
