import Foundation
import TickActions
import TickModel
import TickTerminal

/// The repeat and alarm options shared by `tick add` and `tick edit`, read and checked
/// before any I/O, then applied to a reminder inside the command's transaction.
struct ScheduleOptions {
    static let arguments: [ArgumentDefinition] = [
        .option("repeat", value: "rule", help: "Repeat: daily, weekly, monthly, yearly, weekdays, \"every 3 days\", \"every mon\", or RRULE:…"),
        .option("repeat-from", value: "due|completion", help: "Count the next occurrence from the due date (default) or from completion."),
        .option("alarm", short: "a", value: "offset", repeating: true, help: "An alarm before (-10m, -1h, -1d) or after (+15m) the due time."),
        .option("remind", value: "date", repeating: true, help: "An alarm at a date and time, such as \"tomorrow 18:00\"."),
        .flag("no-alarm", help: "No alarms (on edit: remove them; with --alarm or --remind: replace them)."),
    ]

    /// The rule `--repeat` stands for.
    var rule: RecurrenceRule?
    var basis: RecurrenceBasis?
    /// `--alarm` offsets, relative to the due date.
    var offsets: [AlarmOffset]
    /// `--remind` phrases, read against the clock when the command runs.
    var remindPhrases: [String]
    var removesAlarms: Bool
    /// `--no-repeat` (edit only).
    var clearsRepeat: Bool

    init(parsed: ParsedArguments) throws(CommandError) {
        do {
            rule = try parsed.value("repeat").map { text throws(ModelError) in try RepeatPhrase.rule(text) }
        } catch {
            throw .usage("--repeat: " + error.description)
        }
        do {
            offsets = try parsed.all("alarm").map { text throws(ModelError) in try Alarm.alarmOffset(parsing: text) }
        } catch {
            throw .usage("--alarm: " + error.description)
        }
        if let text = parsed.value("repeat-from") {
            guard let value = RecurrenceBasis(rawValue: text.lowercased()) else {
                throw .usage("--repeat-from: '\(text)' is neither 'due' nor 'completion'")
            }
            basis = value
        }
        remindPhrases = parsed.all("remind")
        removesAlarms = parsed.has("no-alarm")
        clearsRepeat = parsed.has("no-repeat")
        if clearsRepeat && rule != nil { throw .usage("--repeat and --no-repeat contradict each other; give one") }
        if clearsRepeat && basis != nil { throw .usage("--repeat-from has nothing to apply to with --no-repeat") }
    }

    /// The options as the actions take them, with each `--remind` phrase read against
    /// the clock (a date alone at the all-day alarm time).
    /// - Throws: `CommandError.usage` for a phrase that is not a date.
    func edit(defaults: AlarmDefaultsReader, context: CommandContext) throws(CommandError) -> ScheduleEdit {
        var instants: [Date] = []
        for phrase in remindPhrases { instants.append(try defaults.instant(remind: phrase, context: context)) }
        let recurrence: FieldEdit<RecurrenceRule> = clearsRepeat ? .clear : rule.map { .set($0) } ?? .keep
        return ScheduleEdit(recurrence: recurrence, recurrenceBasis: basis, removesAlarms: removesAlarms,
                            alarmOffsets: offsets, alarmInstants: instants)
    }

    /// The command line's words for an action's refusal of these options (usage errors,
    /// naming the option to change); other errors as every command words them.
    /// - Parameters:
    ///   - setsStart: whether the command gave `--start` (a start after the due date is
    ///     then said of `--start`, else of `--due`).
    func commandError(for error: any Error, setsStart: Bool, context: CommandContext) -> CommandError {
        switch error as? ActionError {
        case .startAfterDue(let start, let due)?:
            let formatter = DueFormatter(context: context.dateContext)
            return .usage((setsStart ? "--start" : "--due") + ": the start date (\(formatter.string(for: start))) is after the due date (\(formatter.string(for: due))); a reminder starts on or before its due date")
        case .repeatNeedsDueDate?:
            return .usage("--repeat: a repeating reminder needs a due date; add --due DATE (the first occurrence)")
        case .repeatBasisNeedsRepeat?:
            return .usage("--repeat-from: only a repeating reminder counts its next occurrence from due date or completion; add --repeat")
        case .recurrenceDoesNotFit(let reason)?:
            return .usage((rule != nil ? "--repeat: " : setsStart ? "--start: " : "--due: ") + reason.description)
        case .alarmNeedsDueDate?:
            return .usage("--alarm: an alarm offset counts from the due date; add --due DATE, or give a time with --remind DATE")
        case .dueNeededByRepeat?:
            return .usage("--no-due: a repeating reminder needs a due date; add --no-repeat to stop it repeating")
        default:
            return CommandError.wrapping(error)
        }
    }

    /// The command line's words for what an action did beyond what was asked.
    static func text(for note: ActionNote, context: CommandContext) -> String {
        let formatter = DueFormatter(context: context.dateContext)
        switch note {
        case .alarmInPast(let date):
            return "the alarm at \(formatter.string(for: date)) is in the past; it will not ring"
        case .dueMovedOntoRule(let due):
            return "moved the due date to \(formatter.string(for: due)), the first day of its repeat rule"
        case .dueTimeMovedOntoRule(let due):
            return "moved the due time to \(formatter.string(for: due)), the time of day its repeat rule gives"
        case .untilChanged(let old, let new):
            return "changed UNTIL=\(old) to UNTIL=\(new) to match the due date (RFC 5545: UNTIL has the due date's type)"
        case .subtasksMoved(let count, let listName):
            return "moved \(count) subtask\(count == 1 ? "" : "s") along to \(TerminalText.sanitized(listName))"
        case .movedToParentList(let listName):
            return "moved it to \(listName.singleQuotedForMessage), its parent's list: a subtask lives in its parent's list"
        case .dueAlarmsRemoved(let count):
            return "removed \(count) alarm\(count == 1 ? "" : "s") relative to the due date; add one with --remind DATE"
        case .ruleKeptAsWritten(let rule, let reason):
            return "the repeat rule \(TerminalText.sanitized(rule)) is kept as written, but Tick cannot expand it (\(reason)): "
                + "completing it completes it for good; --repeat gives it a rule Tick can follow, --no-repeat stops it repeating"
        }
    }
}

/// The default alarms, from the environment (see README "Alarms"):
/// - `TICK_DEFAULT_ALARM`: the offset of the alarm a timed due date gets (default `0`,
///   at the due time; `-10m` rings ten minutes before; `none` for no default alarm).
/// - `TICK_ALL_DAY_ALARM`: the time of day an all-day due date rings, in the words
///   `--due` takes for a time (default `09:00`; `8am`, `8:30pm`; `none` for no default alarm).
struct AlarmDefaultsReader {
    /// The defaults read; the rules that use them are the model's (``AlarmDefaults``).
    var values = AlarmDefaults()
    /// What to warn about: a variable that cannot be read is ignored (its built-in
    /// default is used), so a typo in the environment never blocks a command.
    var warnings: [String] = []

    /// Reads the variables; a value that cannot be read is left out, with a warning.
    init(environment: TerminalEnvironment) {
        if let text = environment["TICK_DEFAULT_ALARM"] {
            if text.lowercased() == "none" { values.timedOffset = nil } else {
                do { values.timedOffset = try Alarm.alarmOffset(parsing: text) } catch {
                    warnings.append("TICK_DEFAULT_ALARM: \(error.description) (or say none); using the default, at the due time")
                }
            }
        }
        if let text = environment["TICK_ALL_DAY_ALARM"] {
            if text.lowercased() == "none" { values.allDayOffset = nil } else {
                // A time of day as `--due` reads one: 09:00, 8am, 8:30pm, noon.
                do { values.allDayOffset = try DateGrammar.secondsAfterMidnight(parsing: text) } catch {
                    warnings.append("TICK_ALL_DAY_ALARM: '\(text)' is not a time of day such as 09:00 or 8am (\(DateGrammar.timeOfDayRange); or say none); using 09:00")
                }
            }
        }
    }

    /// The instant a `--remind` phrase names: a date and time as given; a date alone at
    /// the all-day alarm time (09:00 unless configured) in the user's zone.
    /// - Parameter option: the option named in an error (`remind`), or nil for the
    ///   `WHEN` of `tick snooze N WHEN`.
    func instant(remind phrase: String, option: String? = "remind", context: CommandContext) throws(CommandError) -> Date {
        let zone = context.dateContext.timeZone
        let due: Due
        if let option {
            due = try ValueReader.due(phrase, option: option, context: context)
        } else {
            do { due = try DateGrammar.parse(phrase, in: context.dateContext) } catch { throw .usage("snooze: " + error.description) }
        }
        return values.ringInstant(for: due, in: zone)
    }
}

extension String {
    /// The text with its first letter in lower case: `Every 3 days` → `every 3 days`.
    var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
