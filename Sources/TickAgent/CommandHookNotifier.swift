import Foundation
import TickModel

/// Runs a shell command for each reminder whose alarm rings (`tick agent --exec CMD`),
/// for users with no desktop: the reminder as JSON on standard input, and as
/// environment variables:
///
/// | variable | value |
/// | --- | --- |
/// | `TICK_NUMBER` | `12` |
/// | `TICK_UID` | the iCalendar UID |
/// | `TICK_TITLE` | the title |
/// | `TICK_LIST` | the list's name |
/// | `TICK_DUE` | ISO 8601 (`2026-12-01T09:00:00+09:00`, `2026-12-01`), empty when none |
/// | `TICK_DUE_TEXT` | `Due in 10 minutes, Today 9:30 AM` |
/// | `TICK_PRIORITY` | `none`, `low`, `medium`, `high` |
/// | `TICK_ALARM_AT` | the instant the alarm rang for, UTC ISO 8601 |
/// | `TICK_MISSED` | `1` when it rang while no agent ran, else `0` |
///
/// The command runs with `/bin/sh -c` in a process group of its own (`HookProcess`); the
/// agent waits up to `timeout` seconds for it and then kills the whole group, so nothing
/// the hook started holds the agent longer. A failing command is reported, not retried:
/// the alarm counts as delivered.
public final class CommandHookNotifier: AlarmNotifier {
    private let command: String
    private let environment: [String: String]
    private let payload: (AlarmNotification.Item) -> String
    private let composer: NotificationComposer
    private let clock: () -> Date
    private let report: (String) -> Void
    private let timeout: TimeInterval

    /// - Parameters:
    ///   - command: the shell command.
    ///   - environment: the environment it runs in (the `TICK_*` variables are added).
    ///   - context: the zone and locale for `TICK_DUE_TEXT`.
    ///   - payload: the JSON text for a reminder (Tick's `--json` shape, from the CLI).
    ///   - report: receives a line when the command fails.
    public init(command: String, environment: [String: String], context: DateContext, clock: @escaping () -> Date,
                timeout: TimeInterval = 10, payload: @escaping (AlarmNotification.Item) -> String,
                report: @escaping (String) -> Void) {
        self.command = command
        self.environment = environment
        self.payload = payload
        self.composer = NotificationComposer(context: context)
        self.clock = clock
        self.report = report
        self.timeout = timeout
    }

    public var channel: String { "exec" }

    public func deliver(_ notification: AlarmNotification, offeringActions: Bool) throws(AgentError) -> UInt32? {
        for item in notification.items { run(for: item, missed: notification.isMissed) }
        return nil
    }

    private func run(for item: AlarmNotification.Item, missed: Bool) {
        let now = clock()
        let formatter = DueFormatter(context: DateContext(now: now, timeZone: composer.context.timeZone, locale: composer.context.locale))
        var variables = environment
        let reminder = item.reminder
        variables["TICK_NUMBER"] = String(reminder.number.rawValue)
        variables["TICK_UID"] = reminder.uid.rawValue
        variables["TICK_TITLE"] = reminder.title
        variables["TICK_LIST"] = item.listName ?? ""
        variables["TICK_DUE"] = reminder.due?.iso8601 ?? ""
        variables["TICK_DUE_TEXT"] = composer.dueText(reminder, now: now, formatter: formatter)
        variables["TICK_PRIORITY"] = reminder.priority.level.rawValue
        variables["TICK_ALARM_AT"] = Due.timed(item.fireDate, timeZone: .utc).iso8601
        variables["TICK_MISSED"] = missed ? "1" : "0"
        let hook = HookProcess(command: command, environment: variables)
        let outcome: HookProcess.Outcome
        do {
            outcome = try hook.run(input: Data((payload(item) + "\n").utf8), limit: timeout)
        } catch {
            report(error.message)
            return
        }
        switch outcome {
        case .exited(0): break
        case .exited(let status): report("the --exec command exited with status \(status)")
        case .signaled(let signal): report("the --exec command was ended by signal \(signal)")
        case .timedOut: report("the --exec command ran longer than \(Int(timeout)) seconds; it and everything it started were stopped")
        }
    }
}
