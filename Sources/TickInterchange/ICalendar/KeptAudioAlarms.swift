import Foundation
import TickModel

/// Reads the `ACTION:AUDIO` VALARMs (RFC 5545 §3.6.6) that a Tick before 2026-12-06 kept
/// verbatim among a reminder's iCalendar lines into alarms.
///
/// Such a Tick read only display VALARMs as alarms; an audio one stayed a kept block that the
/// export wrote back as it came. The reader now reads both, and the writer writes a kept
/// alarm block only while the reminder still has its alarm: without this upgrade, every
/// audio alarm stored before would be dropped from the next export, because no alarm of the
/// reminder matches it. The stores run it once, on the reminders whose kept lines mention
/// `AUDIO` (`marker`), when their schema step flags the upgrade (SQLite schema 16,
/// PostgreSQL step 15); `Actions.runPendingUpgrades` on SQLite, `tick serve --database` on
/// PostgreSQL.
public enum KeptAudioAlarms {
    /// The name of the upgrade, as the stores flag it.
    public static let upgradeName = "kept audio alarms"

    /// Text every kept audio VALARM holds (compared ignoring ASCII case): a reminder whose
    /// kept lines lack it has nothing to read.
    public static let marker = "AUDIO"

    /// `reminder` with each audio VALARM of its kept lines that has a readable `TRIGGER` and
    /// is not one of its alarms already read as an alarm, appended after its own alarms in
    /// the order of the blocks; nil when it has none. The blocks stay where they are, and stay as they were but for a `UID` line (RFC
    /// 9074 §4) given to a block that has none, or whose `UID` another alarm of the reminder
    /// has: the writer then finds each block's alarm by its UID and writes the block back as
    /// kept, where a reader counting the VALARMs without a UID would otherwise give the
    /// new alarm another's UID. An `ACKNOWLEDGED` date makes it fired, as an import would.
    /// - Complexity: O(k) libical readings for k kept blocks.
    public static func reading(_ reminder: Reminder) -> Reminder? {
        guard reminder.iCalendarExtras.range(of: marker, options: .caseInsensitive) != nil else { return nil }
        var upgraded = reminder
        var taken = Set(reminder.alarms.map(\.uid))
        var items: [[String]] = []
        var changed = false
        // The kept alarm blocks without a UID are numbered as the writer numbers them.
        var anonymous = 0
        for item in ICalendarExtras(reminder.iCalendarExtras).items {
            guard case .component("VALARM", var lines) = item, let fields = VTodoRecord.ringingAlarm(lines) else {
                items.append(item.lines)
                continue
            }
            var alarm = VTodoMapping.alarm(fields, reminderUID: reminder.uid, anonymous: &anonymous, zones: ICalendarTimeZones())
            guard VTodoRecord.ringingAction(lines) == "an audio",
                  !reminder.alarms.contains(where: { VTodoWriter.same($0, alarm, ignoringFired: true) }) else {
                // A display alarm, or an audio one read already (by this version's reader).
                items.append(lines)
                continue
            }
            if fields.uid == nil || taken.contains(alarm.uid) {
                var number = 1
                while taken.contains("\(reminder.uid)-audio-\(number)") { number += 1 }
                alarm.uid = "\(reminder.uid)-audio-\(number)"
                lines = withUID(alarm.uid, lines)
            }
            taken.insert(alarm.uid)
            upgraded.alarms.append(alarm)
            items.append(lines)
            changed = true
        }
        guard changed else { return nil }
        upgraded.iCalendarExtras = items.flatMap { $0 }.joined(separator: "\n")
        return upgraded
    }

    /// A VALARM's lines with its own `UID` lines replaced by `UID:uid`, placed after its
    /// `BEGIN` (its `X-WR-ALARMUID`, Apple's, is left: the `UID` comes first for a reader).
    static func withUID(_ uid: String, _ block: [String]) -> [String] {
        var lines: [String] = []
        var depth = 0
        for line in block {
            let content = ICalendarContentLine(text: line)
            if content.beginName != nil {
                depth += 1
                lines.append(line)
                if depth == 1 { lines.append("UID:" + ICalendarText.escaped(uid)) }
                continue
            }
            if content.endName != nil { depth -= 1 }
            if depth == 1, content.name == "UID" { continue }
            lines.append(line)
        }
        return lines
    }
}
