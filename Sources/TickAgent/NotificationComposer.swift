import Foundation
import TickModel
import TickTerminal

/// Turns alarms that are ringing into notifications: one per reminder, except that
/// several reminders ringing in the same minute become one notification, and every
/// alarm that was missed (it rang more than `lateness` before it was delivered, while
/// no agent ran) is gathered into one "missed" notification, so a restart after a week
/// away brings one notification, not a storm.
///
/// Texts (the seed app said "It's almost close to deadline!"; Tick says what and when):
///
/// | case | summary | body |
/// | --- | --- | --- |
/// | timed, 10 min ahead | `Standup` | `Due in 10 minutes, Today 9:30 AM` ⏎ `Work` |
/// | timed, now | `Pay rent` | `Due now, Today 9:00 AM` ⏎ `Bills` |
/// | timed, past | `Pay rent` | `Overdue by 2 hours, Today 9:00 AM` ⏎ `Bills` |
/// | all-day | `Water plants` | `Due Today` ⏎ `Home` |
/// | no due date | `Call mom` | `Reminder for Today 6:00 PM` ⏎ `Family` |
/// | coalesced | `3 reminders` | one `• Title, due …` line each (at most 5, then `and 2 more`) |
/// | missed | `2 missed reminders` | the same lines |
///
/// Urgency follows priority: high is critical, low is low, others normal.
struct NotificationComposer {
    let context: DateContext
    /// How late an alarm may be delivered and still count as on time.
    var lateness: TimeInterval = 60

    /// The notifications for `items` ringing at `now`, earliest first.
    func notifications(for items: [AlarmNotification.Item], at now: Date) -> [AlarmNotification] {
        let formatter = DueFormatter(context: DateContext(now: now, timeZone: context.timeZone, locale: context.locale))
        let sorted = items.sorted { ($0.fireDate, $0.reminder.number) < ($1.fireDate, $1.reminder.number) }
        var missed: [AlarmNotification.Item] = []
        var groups: [(Int, [AlarmNotification.Item])] = []
        for item in sorted {
            if now.timeIntervalSince(item.fireDate) > lateness {
                missed.append(item)
                continue
            }
            let minute = Int((item.fireDate.timeIntervalSince1970 / 60).rounded(.down))
            if let last = groups.last, last.0 == minute {
                groups[groups.count - 1].1.append(item)
            } else {
                groups.append((minute, [item]))
            }
        }
        var result: [AlarmNotification] = []
        if !missed.isEmpty { result.append(compose(missed, missed: true, now: now, formatter: formatter)) }
        for (_, group) in groups { result.append(compose(group, missed: false, now: now, formatter: formatter)) }
        return result
    }

    private func compose(_ items: [AlarmNotification.Item], missed: Bool, now: Date, formatter: DueFormatter) -> AlarmNotification {
        let urgency = items.map { NotificationComposer.urgency(of: $0.reminder.priority) }.max() ?? .normal
        if items.count == 1, let item = items.first {
            var body = dueText(item.reminder, now: now, formatter: formatter, alarm: item.fireDate)
            if let list = item.listName { body += "\n" + NotificationComposer.plain(list) }
            return AlarmNotification(items: items, summary: NotificationComposer.plain(item.reminder.title), body: body,
                                     urgency: urgency, isMissed: missed)
        }
        let summary = "\(items.count) " + (missed ? "missed reminders" : "reminders")
        var lines = items.prefix(5).map { "• " + NotificationComposer.plain($0.reminder.title) + ", " + dueText($0.reminder, now: now, formatter: formatter, alarm: $0.fireDate).lowercasedFirstWord }
        if items.count > 5 { lines.append("and \(items.count - 5) more") }
        return AlarmNotification(items: items, summary: summary, body: lines.joined(separator: "\n"), urgency: urgency, isMissed: missed)
    }

    /// `Due in 10 minutes, Today 9:30 AM`, `Due now, …`, `Overdue by 2 hours, …`,
    /// `Due Today` (all-day), `Reminder for Today 6:00 PM` (no due date: the alarm's time).
    func dueText(_ reminder: Reminder, now: Date, formatter: DueFormatter, alarm: Date? = nil) -> String {
        guard let due = reminder.due else { return alarm.map { "Reminder for " + formatter.string(for: $0) } ?? "Reminder" }
        let when = formatter.string(for: due)
        if due.isAllDay {
            return due.isOverdue(at: now, in: context.timeZone) ? "Overdue since \(when)" : "Due \(when)"
        }
        let seconds = due.sortInstant(in: context.timeZone).timeIntervalSince(now)
        if abs(seconds) < 60 { return "Due now, \(when)" }
        return (seconds > 0 ? "Due in " : "Overdue by ") + NotificationComposer.span(abs(seconds)) + ", " + when
    }

    /// `10 minutes`, `1 hour`, `2 hours 5 minutes`, `3 days`.
    static func span(_ seconds: TimeInterval) -> String {
        let minutes = Int((seconds / 60).rounded())
        func unit(_ count: Int, _ name: String) -> String { "\(count) \(name)" + (count == 1 ? "" : "s") }
        if minutes < 60 { return unit(max(1, minutes), "minute") }
        if minutes < 24 * 60 {
            let rest = minutes % 60
            return unit(minutes / 60, "hour") + (rest == 0 ? "" : " " + unit(rest, "minute"))
        }
        return unit(minutes / (24 * 60), "day")
    }

    static func urgency(of priority: Priority) -> AlarmNotification.Urgency {
        switch priority.level {
        case .high: return .critical
        case .low: return .low
        case .medium, .none: return .normal
        }
    }

    /// User text made safe for a notification: control characters and invisible
    /// formatting removed (as for the terminal), one line.
    static func plain(_ text: String) -> String {
        TerminalText.sanitized(text)
    }
}

extension String {
    /// `Due in 10 minutes` → `due in 10 minutes`; `Overdue by…` → `overdue by…`.
    var lowercasedFirstWord: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
