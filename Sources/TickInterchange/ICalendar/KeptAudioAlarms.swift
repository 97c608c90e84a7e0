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
    /// is not one of its alarms already read as an alarm, in the order of the blocks (before
    /// the first alarm whose kept block comes after it: an export then writes the VALARMs in
    /// the order they came, as a fresh import of the same file does); nil when it has none.
    ///
    /// The blocks stay where they are, and as they were while the UIDs allow it: a block without
    /// a `UID` gets the one a reader gives it (`<reminder uid>-alarm-<n>`, n counting the VALARMs
    /// without one), so that its text, and a synced copy's, stays the same (a tester: with a
    /// `UID` line added, a phone's change to that alarm after the upgrade was lost to a "changed
    /// on both sides" conflict). When that numbering would give a display alarm after it
    /// another number than it has (an older Tick did not count audio VALARMs), or the UID is
    /// another alarm's, the block gets a `UID:` line of its own (`<reminder uid>-audio-<n>`,
    /// RFC 9074 §4) instead. An `ACKNOWLEDGED` date makes it fired, as an import would.
    /// - Complexity: O(k) libical readings for k kept blocks.
    public static func reading(_ reminder: Reminder) -> Reminder? {
        guard reminder.iCalendarExtras.range(of: marker, options: .caseInsensitive) != nil else { return nil }
        let zones = ICalendarTimeZones()
        // The kept alarm blocks, read as the writer reads them (`natural`: every VALARM without a
        // UID counted) and as an older Tick read them (`older`: display ones alone counted).
        struct Block {
            var item: Int
            var lines: [String]
            var natural: Alarm
            /// The UID an older Tick gave a display one (`natural`'s for an audio one).
            var olderUID: String
            var isNew: Bool
            var isAnonymous: Bool
        }
        let items = ICalendarExtras(reminder.iCalendarExtras).items
        var blocks: [Block] = []
        var counted = 0, countedByOlder = 0
        var numberingHolds = true
        for (index, item) in items.enumerated() {
            guard case .component("VALARM", let lines) = item, let fields = VTodoRecord.ringingAlarm(lines) else { continue }
            let natural = VTodoMapping.alarm(fields, reminderUID: reminder.uid, anonymous: &counted, zones: zones)
            let isAudio = VTodoRecord.ringingAction(lines) == "an audio"
            var olderUID = natural.uid
            if !isAudio {
                olderUID = VTodoMapping.alarm(fields, reminderUID: reminder.uid, anonymous: &countedByOlder, zones: zones).uid
                if fields.uid == nil, olderUID != natural.uid { numberingHolds = false }
            }
            let isNew = isAudio && !reminder.alarms.contains { VTodoWriter.same($0, natural, ignoringFired: true) }
            blocks.append(Block(item: index, lines: lines, natural: natural, olderUID: olderUID, isNew: isNew, isAnonymous: fields.uid == nil))
        }
        guard blocks.contains(where: \.isNew) else { return nil }
        var taken = Set(reminder.alarms.map(\.uid))
        var lines = items.map(\.lines)
        var upgraded = reminder
        var waiting: [Alarm] = []
        for block in blocks {
            guard block.isNew else {
                // An alarm the reminder has: those read before it go in before it.
                if let index = upgraded.alarms.firstIndex(where: { $0.uid == block.olderUID })
                    ?? upgraded.alarms.firstIndex(where: { $0.uid == block.natural.uid }) {
                    upgraded.alarms.insert(contentsOf: waiting, at: index)
                    waiting = []
                }
                continue
            }
            var alarm = block.natural
            if (block.isAnonymous && !numberingHolds) || taken.contains(alarm.uid) {
                var number = 1
                while taken.contains("\(reminder.uid)-audio-\(number)") { number += 1 }
                alarm.uid = "\(reminder.uid)-audio-\(number)"
                lines[block.item] = withUID(alarm.uid, block.lines)
            }
            taken.insert(alarm.uid)
            waiting.append(alarm)
        }
        upgraded.alarms.append(contentsOf: waiting)
        upgraded.iCalendarExtras = lines.flatMap { $0 }.joined(separator: "\n")
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
