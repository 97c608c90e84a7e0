import Foundation
import TickModel
import TickTerminal
import TickInterchange
import TickStore

/// Lays out reminders for the terminal: one reminder per row, columns measured in cells,
/// cut with `…` to the width, overdue dates in red and list dots in their color when
/// color is allowed.
struct ReminderPrinter {
    let context: CommandContext
    let lists: [ReminderList.ID: ReminderList]
    /// Whether a column with each reminder's list is shown (smart lists, search).
    var showsList: Bool
    let formatter: DueFormatter

    init(context: CommandContext, lists: [ReminderList.ID: ReminderList], showsList: Bool) {
        self.context = context
        self.lists = lists
        self.showsList = showsList
        self.formatter = DueFormatter(context: context.dateContext)
    }

    /// Writes the rows of `reminders` to the output, one line each, in one piece.
    /// - Throws: `StoreError` when a stored value of a row cannot be read.
    func write(_ reminders: [ReminderSummary]) throws {
        var table = ReminderTable(self, capacity: reminders.count)
        for reminder in reminders { try table.append(reminder) }
        write(table)
    }

    /// Writes the rows of `table` to the output, one line each, in pieces of about 256 KiB.
    func write(_ table: consuming ReminderTable) {
        var text: [UInt8] = []
        let output = context.output
        table.render(into: &text) { text in
            output.write(bytes: text)
            text.removeAll(keepingCapacity: true)
        }
        output.write(bytes: text)
    }

    /// The marks a title starts with for its priority: `!!! `, `!! `, `! ` or nothing.
    static func priorityMarks(_ priority: Priority) -> String {
        switch priority.level {
        case .high: return "!!! "
        case .medium: return "!! "
        case .low: return "! "
        case .none: return ""
        }
    }

    /// What the kept `EXDATE`s and `RDATE`s change, for `show`'s Repeats line:
    /// `, except Jan 1, 2027; also Jun 1, 2026`, each list cut to three dates and
    /// `and 2 more`; empty when nothing changes.
    private func dateChanges(of reminder: Reminder) -> String {
        let (exceptions, additions) = reminder.recurrenceDatesInEffect(in: context.dateContext.timeZone)
        func words(_ dues: [Due]) -> String {
            let shown = dues.prefix(3).map { formatter.string(for: $0) }
            let more = dues.count - shown.count
            return more > 0 ? shown.joined(separator: ", ") + " and \(more) more" : shown.joined(separator: ", ")
        }
        var text = ""
        if !exceptions.isEmpty { text += ", except " + words(exceptions) }
        if !additions.isEmpty { text += (text.isEmpty ? ", " : "; ") + "also " + words(additions) }
        return text
    }

    /// `at the due time`, `10 minutes before due`, `1 day 2 hours after start`.
    /// An exact offset (`isExact`, from `-24h`) is said in hours: `24 hours before due`.
    static func offsetWords(_ seconds: Int, toStart: Bool, isExact: Bool = false) -> String {
        let anchor = toStart ? "start" : "due"
        guard seconds != 0 else { return toStart ? "at the start" : "at the due time" }
        var rest = abs(seconds)
        var parts: [String] = []
        let units = [(604_800, "week"), (86_400, "day"), (3_600, "hour"), (60, "minute"), (1, "second")]
        for (size, unit) in units.dropFirst(isExact ? 2 : 0) where rest >= size {
            let count = rest / size
            rest %= size
            parts.append("\(count) \(unit)" + (count == 1 ? "" : "s"))
        }
        return parts.joined(separator: " ") + (seconds < 0 ? " before " : " after ") + anchor
    }

    /// `#12`, as `Reminder.Number.description` writes it.
    static func numberText(_ number: Reminder.Number) -> String {
        var bytes: [UInt8] = []
        appendNumber(number, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `#12`, as `Reminder.Number.description` writes it, without string
    /// interpolation: a listing writes one per row.
    static func appendNumber(_ number: Reminder.Number, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "#"))
        if number.rawValue < 0 { bytes.append(UInt8(ascii: "-")) }
        var value = number.rawValue.magnitude
        var divisor: UInt64 = 1
        while divisor <= value / 10 { divisor *= 10 }
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor))
            value %= divisor
            divisor /= 10
        } while divisor > 0
    }

    /// Colors only the leading `●` of a list cell.
    static func coloringDot(_ text: String, color: ListColor, style: Style) -> String {
        guard let range = text.range(of: "●") else { return text }
        return String(text[..<range.lowerBound]) + style.dot(color) + String(text[range.upperBound...])
    }

    /// Places each reminder whose parent is in the listing right after the parent (and
    /// its earlier children), with its depth; others keep their order at depth 0.
    /// - Parameters:
    ///   - uids: the UID of each reminder of the listing, in its order.
    ///   - parents: the parent's UID of each, nil for none.
    ///   - lists: the list of each, when the listing holds several: a parent link holds
    ///     within one list (a reminder of another list naming a parent is no subtask of it).
    /// - Returns: indices into `uids`, each with its depth.
    /// - Complexity: O(n).
    static func nested(uids: [ReminderUID], parents: [ReminderUID?],
                       lists: [ReminderList.ID]? = nil) -> [(index: Int, depth: Int)] {
        let flat = uids.indices.map { (index: $0, depth: 0) }
        guard parents.contains(where: { $0 != nil }) else { return flat }
        let listed = Dictionary(uids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var children: [ReminderUID: [Int]] = [:]
        var roots: [Int] = []
        for (index, uid) in uids.enumerated() {
            if let parent = parents[index], parent != uid, let place = listed[parent], lists.map({ $0[place] == $0[index] }) ?? true {
                children[parent, default: []].append(index)
            } else {
                roots.append(index)
            }
        }
        guard !children.isEmpty else { return flat }
        var result: [(index: Int, depth: Int)] = []
        result.reserveCapacity(uids.count)
        var visited = Set<ReminderUID>()
        func visit(_ index: Int, depth: Int) {
            let uid = uids[index]
            guard visited.insert(uid).inserted else { return }
            result.append((index, depth))
            for child in children[uid] ?? [] { visit(child, depth: min(depth + 1, 8)) }
        }
        for root in roots { visit(root, depth: 0) }
        // Cycles (a parent chain that loops) have no root; show them flat rather than lose them.
        for index in uids.indices where !visited.contains(uids[index]) { visit(index, depth: 0) }
        return result
    }

    /// A heading line: an optional colored dot, a bold title and a dim detail (a count),
    /// cut to the terminal's width (the detail goes first, then the title is cut).
    func heading(dot color: ListColor?, title: String, detail: String) -> String {
        let style = context.style
        let width = context.environment.width ?? Int.max / 4
        let dotWidth = color == nil ? 0 : 2
        var title = TerminalText.sanitized(title)
        var detail = "  " + detail
        let titleWidth = TerminalText.width(of: title)
        let detailWidth = TerminalText.width(of: detail)
        if dotWidth + titleWidth + detailWidth > width {
            // The counts say whether the listing is whole ("91 open, showing 6"): the title
            // gives way first, down to a few cells, before they go.
            let room = width - dotWidth - detailWidth
            if room >= min(titleWidth, 8) {
                title = TerminalText.truncated(title, toWidth: room)
            } else {
                detail = ""
            }
        }
        if dotWidth + TerminalText.width(of: title) > width { title = TerminalText.truncated(title, toWidth: width - dotWidth) }
        return (color.map { style.dot($0) + " " } ?? "") + style.bold(title) + style.dim(detail)
    }

    /// The heading of a list: its colored dot, name and open count.
    func heading(for list: ReminderList, count: Int) -> String {
        heading(dot: list.color, title: list.name, detail: "\(count) open")
    }

    /// Whether the zone `given` keeps the same clock as `zone` from `instant` on: the same
    /// identifier, or the same offset then and at their next two changes of offset (none for
    /// `UTC`, `GMT`, `Etc/UTC`; `US/Eastern` is `America/New_York`). Tick writes `TZID=GMT`
    /// where the system says GMT, and a server may give it back as UTC: a tester saw "(given
    /// in UTC)" on a UTC machine.
    static func isSameClock(_ given: TimeZoneIdentifier, _ zone: TimeZone, at instant: Date) -> Bool {
        if given == TimeZoneIdentifier(zone) { return true }
        guard let other = TimeZone(identifier: given.rawValue) else { return false }
        var moment: Date? = instant
        for _ in 0..<3 {
            guard let now = moment else { return true }
            guard other.secondsFromGMT(for: now) == zone.secondsFromGMT(for: now) else { return false }
            moment = other.nextDaylightSavingTimeTransition(after: now)
            guard moment == zone.nextDaylightSavingTimeTransition(after: now) else { return false }
        }
        return true
    }

    /// The detail view of one reminder (`tick show`).
    /// `parentElsewhere`: the list of the reminder its parent UID names when that is in
    /// another list (then it is no subtask: a parent link holds within one list).
    func detail(of reminder: Reminder, subtasks: [Reminder], parent: Reminder?, parentElsewhere: ReminderList? = nil,
                completedOccurrences: Int = 0) -> [String] {
        let style = context.style
        // Each line as the part before its value and the value, which a narrow window wraps
        // under itself rather than cuts (a tester: COLUMNS=40 cut the title, the notes and
        // "2 occurrences done" off a detail view).
        var lines: [(lead: String, value: String)] = []
        let mark = reminder.isCompleted ? "[x]" : "[ ]"
        lines.append((style.dim(reminder.number.description) + "  " + mark + "  ", style.bold(TerminalText.sanitized(reminder.title))))
        var fields: [(String, String)] = []
        if let list = lists[reminder.listID] {
            fields.append(("List", style.dot(list.color) + " " + TerminalText.sanitized(list.name)))
        }
        if let due = reminder.due {
            var text = formatter.string(for: due)
            if reminder.isOverdue(at: context.now, in: context.dateContext.timeZone) { text = style.boldRed(text + " (overdue)") }
            if case .timed(let instant, let zone) = due, !Self.isSameClock(zone, context.dateContext.timeZone, at: instant) {
                text += style.dim("  (given in \(zone))")
            }
            fields.append(("Due", text))
        }
        if let start = reminder.start { fields.append(("Starts", formatter.string(for: start))) }
        let zone = context.dateContext.timeZone
        if let rule = reminder.recurrence, let summary = reminder.recurrenceSummary(in: zone) {
            var text = TerminalText.sanitized(summary) + dateChanges(of: reminder)
                + style.dim("  (RRULE:" + TerminalText.sanitized(rule.rruleValue) + ")")
            if completedOccurrences > 0 { text += style.dim(completedOccurrences == 1 ? "; 1 occurrence done" : "; \(completedOccurrences) occurrences done") }
            fields.append(("Repeats", text))
        }
        if reminder.priority != .none { fields.append(("Priority", reminder.priority.level.rawValue)) }
        if reminder.isFlagged { fields.append(("Flagged", style.orange("⚑ yes"))) }
        if !reminder.tags.isEmpty { fields.append(("Tags", reminder.tags.map { TerminalText.sanitized(TagNames.shown($0)) }.joined(separator: " "))) }
        if let url = reminder.url { fields.append(("URL", TerminalText.sanitized(url))) }
        if let parent { fields.append(("Subtask of", "\(parent.number) " + TerminalText.sanitized(parent.title))) }
        else if let parentUID = reminder.parentUID, let elsewhere = parentElsewhere {
            fields.append(("Subtask of", TerminalText.sanitized(parentUID.rawValue)
                           + style.dim(" (in the list '\(TerminalText.sanitized(elsewhere.name))', not this one: no subtask here)")))
        } else if let parentUID = reminder.parentUID { fields.append(("Subtask of", TerminalText.sanitized(parentUID.rawValue) + style.dim(" (not in this database)"))) }
        if let day = TodoTxtDays.completed(reminder) {
            fields.append(("Completed", formatter.string(for: .allDay(day))))
        } else if let completed = reminder.completedAt {
            fields.append(("Completed", formatter.string(for: completed)))
        }
        // A snooze is for the open occurrence; a completed reminder has none to come back.
        for alarm in reminder.alarms where !(alarm.isSnooze && reminder.isCompleted) {
            var text: String
            switch alarm.trigger {
            case .absolute(let date): text = formatter.string(for: date)
            case .relative(let seconds, let related):
                // Worded by what it rings from: a start-related trigger on a reminder with
                // only a due date counts from the due date (and the other way round).
                let toStart = reminder.countsFromStart(alarm) ?? related
                let anchor = toStart ? reminder.start : reminder.due
                if anchor?.isAllDay == true, (0..<86_400).contains(seconds) {
                    text = toStart ? "on the start day" : "on the due day"
                } else {
                    text = ReminderPrinter.offsetWords(seconds, toStart: toStart, isExact: alarm.isExactOffset)
                }
                if let date = reminder.fireDate(of: alarm, in: zone) { text += " (" + formatter.string(for: date) + ")" }
            }
            if alarm.isSnooze { text += style.dim("  snoozed") }
            if alarm.isSilenced {
                text += style.dim("  did not ring (already past)")
            } else if let fired = alarm.firedAt {
                text += style.dim("  rang " + formatter.string(for: fired))
            }
            fields.append(("Alarm", text))
        }
        fields.append(("Created", TodoTxtDays.created(reminder).map { formatter.string(for: .allDay($0)) }
                                     ?? formatter.string(for: reminder.createdAt)))
        fields.append(("Modified", formatter.string(for: reminder.modifiedAt)))
        for (label, value) in fields {
            lines.append(("  " + style.dim(label + ":") + String(repeating: " ", count: max(1, 12 - label.count)), value))
        }
        if !reminder.notes.isEmpty {
            lines.append(("  " + style.dim("Notes:"), ""))
            // By line break of any kind: a CR LF is one Character, not "\n", and notes from
            // Windows or a phone's CalDAV client showed on one line (a tester).
            for line in reminder.notes.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
                lines.append(("    ", TerminalText.sanitized(line)))
            }
        }
        if !subtasks.isEmpty {
            lines.append(("  " + style.dim("Subtasks:"), ""))
            for child in subtasks {
                lines.append(("    \(child.number)  " + (child.isCompleted ? "[x]" : "[ ]") + "  ", TerminalText.sanitized(child.title)))
            }
        }
        // Styled (a terminal), the terminal wraps the lines; plain text is wrapped here.
        guard let width = context.environment.width, !style.isEnabled else { return lines.map { $0.lead + $0.value } }
        return lines.flatMap { line in ReminderPrinter.hanging(line.lead, line.value, width: width) }
    }

    /// `lead` then `value`, on one line when it fits in `width` cells, else `value` wrapped at
    /// spaces onto lines under its start (under a narrower indent when fewer than 12 cells
    /// would be left beside `lead`). Plain text only.
    static func hanging(_ lead: String, _ value: String, width: Int) -> [String] {
        let leadWidth = TerminalText.width(of: lead)
        guard leadWidth + TerminalText.width(of: value) > width else { return [lead + value] }
        let indent = width - leadWidth >= 12 ? leadWidth : min(leadWidth, 4)
        func trailingSpacesDropped(_ text: String) -> String { String(text.reversed().drop { $0 == " " }.reversed()) }
        var pieces = TerminalText.wrapped(value, toWidth: width - indent).map(trailingSpacesDropped)
        // The first piece goes beside `lead` when it fits there, else on a line of its own.
        var lines: [String] = []
        if let first = pieces.first, leadWidth + TerminalText.width(of: first) <= width {
            lines.append(lead + first)
            pieces.removeFirst()
        } else {
            lines.append(trailingSpacesDropped(lead))
        }
        return lines + pieces.map { String(repeating: " ", count: indent) + $0 }
    }
}
