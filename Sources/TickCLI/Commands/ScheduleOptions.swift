import Foundation
import TickModel

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

    /// The rule text `--repeat` stands for.
    var rule: String?
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
            offsets = try parsed.all("alarm").map { text throws(ModelError) in try Alarm.alarmOffset(parsing: text) }
        } catch {
            throw .usage(error.description)
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

    /// Applies the options to `reminder`.
    ///
    /// - Parameters:
    ///   - dueChanged: whether the due or start date was just set (a new reminder with a
    ///     due date, or `edit --due`): then the default alarm is added when the reminder
    ///     has none, relative alarms are re-armed, and a repeating due date is moved onto
    ///     its rule.
    /// - Returns: warnings to print (an alarm in the past, a due date moved onto the rule).
    /// - Throws: `CommandError.usage` for an option that needs a due date it lacks.
    func apply(to reminder: inout Reminder, dueChanged: Bool, defaults: AlarmDefaultsReader,
               context: CommandContext) throws(CommandError) -> [String] {
        let now = context.now
        let zone = context.dateContext.timeZone
        var notes: [String] = []
        if clearsRepeat {
            reminder.recurrence = nil
            reminder.recurrenceBasis = .due
        }
        if let rule {
            guard reminder.due ?? reminder.start != nil else {
                throw .usage("--repeat needs a due date: add --due DATE (the first occurrence)")
            }
            reminder.recurrence = rule
        }
        if let basis {
            guard reminder.recurrence != nil else { throw .usage("--repeat-from needs a repeating reminder; add --repeat") }
            reminder.recurrenceBasis = basis
        }
        if reminder.recurrence != nil, rule != nil || dueChanged {
            do {
                let (checked, untilChange) = try reminder.checkingRecurrence(in: zone)
                reminder = checked
                if let untilChange {
                    notes.append("changed UNTIL=\(untilChange.old) to UNTIL=\(untilChange.new) to match the due date (RFC 5545: UNTIL has the due date's type)")
                }
            } catch {
                throw .usage((rule != nil ? "--repeat: " : "") + error.description)
            }
            let before = reminder.due ?? reminder.start
            reminder = reminder.synchronizedWithRecurrence(in: zone)
            if let after = reminder.due ?? reminder.start, after != before {
                notes.append("moved the due date to \(DueFormatter(context: context.dateContext).string(for: after)), the first day of its repeat rule")
            }
        }
        if removesAlarms { reminder.alarms = [] }
        if !offsets.isEmpty && reminder.due ?? reminder.start == nil {
            throw .usage("--alarm counts from the due date; add --due DATE, or give a time with --remind DATE")
        }
        var added: [Alarm] = offsets.map { $0.alarm() }
        for phrase in remindPhrases {
            added.append(Alarm(trigger: .absolute(try defaults.instant(remind: phrase, context: context))))
        }
        if dueChanged {
            reminder.armAlarmsForNewDate(defaults: added.isEmpty && !removesAlarms ? defaults.values : nil)
        }
        let formatter = DueFormatter(context: context.dateContext)
        for (index, alarm) in added.enumerated() where !added[..<index].contains(where: { ScheduleOptions.sameRing($0, alarm) }) {
            if let date = reminder.fireDate(of: alarm, in: zone), date <= now {
                notes.append("the alarm at \(formatter.string(for: date)) is in the past; it will not ring")
            }
        }
        // The same alarm twice (`--alarm -1h --alarm -60m`, or one the reminder has) rings once.
        for alarm in added where !reminder.alarms.contains(where: { ScheduleOptions.sameRing($0, alarm) }) {
            reminder.alarms.append(alarm)
        }
        reminder.silenceAlarms(dueBy: now, in: zone)
        return notes
    }

    /// Whether two alarms ring at the same moment by the same rule: the same trigger
    /// (offset and what it counts from, or instant) and exactness; snooze alarms never
    /// count as the same as the user's own.
    static func sameRing(_ a: Alarm, _ b: Alarm) -> Bool {
        a.trigger == b.trigger && a.isExactOffset == b.isExactOffset && !a.isSnooze && !b.isSnooze
    }
}

/// The default alarms, from the environment (see README "Alarms"):
/// - `TICK_DEFAULT_ALARM`: the offset of the alarm a timed due date gets (default `0`,
///   at the due time; `-10m` rings ten minutes before; `none` for no default alarm).
/// - `TICK_ALL_DAY_ALARM`: the time of day an all-day due date rings (default `09:00`;
///   `none` for no default alarm).
struct AlarmDefaultsReader {
    /// The defaults read; the rules that use them are the model's (``AlarmDefaults``).
    var values = AlarmDefaults()
    /// Seconds after midnight for an all-day due date, or nil for none.
    var allDayOffset: Int? { values.allDayOffset }

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
            if text.lowercased() == "none" { values.allDayOffset = nil } else if let (time, _) = PhraseClock.parse(text) {
                values.allDayOffset = time
            } else {
                warnings.append("TICK_ALL_DAY_ALARM: '\(text)' is not a time of day such as 09:00 (or say none); using 09:00")
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
        switch due {
        case .timed(let instant, _): return instant
        case .floating(let local): return local.instant(in: zone)
        case .allDay(let day):
            let seconds = allDayOffset ?? Alarm.defaultAllDayOffset
            let local = LocalDateTime(day: day, hour: seconds / 3_600, minute: seconds % 3_600 / 60)
            return local.map { $0.instant(in: zone) } ?? Due.allDay(day).sortInstant(in: zone)
        }
    }
}

/// Reads `HH:MM` (24-hour) as seconds after midnight.
enum PhraseClock {
    static func parse(_ text: String) -> (Int, String)? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0...23).contains(hour), (0...59).contains(minute), parts[1].count == 2 else { return nil }
        return (hour * 3_600 + minute * 60, text)
    }
}

extension String {
    /// The text with its first letter in lower case: `Every 3 days` → `every 3 days`.
    var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
