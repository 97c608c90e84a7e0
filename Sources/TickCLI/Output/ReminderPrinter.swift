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
    private let formatter: DueFormatter

    init(context: CommandContext, lists: [ReminderList.ID: ReminderList], showsList: Bool) {
        self.context = context
        self.lists = lists
        self.showsList = showsList
        self.formatter = DueFormatter(context: context.dateContext)
    }

    /// Writes the rows of `reminders` to the output, one line each, in one piece.
    func write(_ reminders: [ReminderSummary]) {
        var text: [UInt8] = []
        render(reminders, into: &text)
        context.output.write(bytes: text)
    }

    /// Appends one line per reminder to `output` as UTF-8, each ending with a line feed;
    /// subtasks are placed (indented) under their parent when the parent is in the
    /// same listing.
    private func render(_ reminders: [ReminderSummary], into output: inout [UInt8]) {
        let width = context.environment.width ?? Int.max / 4
        // On a narrow terminal the title matters most: the list column goes first.
        let showsList = self.showsList && width >= 60
        // Below 30 cells the number and the title matter more than the checkbox.
        let showsBox = width >= 30 || reminders.contains { $0.isCompleted }
        // Indices into `reminders` with their depth: the rows are large, so they are not copied.
        let ordered = ReminderPrinter.nested(reminders)
        let style = context.style
        let now = context.now
        let zone = context.dateContext.timeZone
        let localNow = LocalDateTime(now, in: zone)
        // A repeat column only when something in the listing repeats.
        let repeats = ordered.map { entry -> String? in
            // Read in place: a copy of the row would retain each of its strings.
            guard reminders[entry.index].recurrence != nil else { return nil }
            return reminders[entry.index].recurrenceSummary(in: zone).map { "↻ " + TerminalText.sanitized($0) }
        }
        let showsRepeat = repeats.contains { $0 != nil }
        // The list cell is the same for every row of a list: made and measured once.
        var listCells: [ReminderList.ID: TextTable.Cells.Prepared] = [:]
        if showsList {
            for (id, list) in lists { listCells[id] = TextTable.Cells.Prepared("● " + TerminalText.sanitized(list.name)) }
        }
        let noListCell = TextTable.Cells.Prepared("")
        // Rows come a list at a time: the list cell of the row before is usually this one's.
        var lastList = (id: ReminderList.ID(rawValue: ""), cell: noListCell)
        let completedBox = TextTable.Cells.Prepared("[x]")
        let openBox = TextTable.Cells.Prepared("[ ]")
        let flag = TextTable.Cells.Prepared("⚑")
        var dueCells: [Due: TextTable.Cells.Prepared] = [:]
        // One buffer for all rows' cells: no string per cell.
        let columnCount = 5 + (showsRepeat ? 1 : 0) + (showsList ? 1 : 0)
        var cells = TextTable.Cells(reservingCapacity: ordered.count * columnCount, bytesPerCell: 10)
        var overdue: [Bool] = []
        var completed: [Bool] = []
        overdue.reserveCapacity(ordered.count)
        completed.reserveCapacity(ordered.count)
        // `borrowing`: the row is read where it lies in the array, never copied.
        func appendCells(of reminder: borrowing ReminderSummary, depth: Int, repeat repeatCell: String?) {
            _ = cells.appendPrintableASCII { ReminderPrinter.appendNumber(reminder.number, to: &$0) }
            if showsBox { cells.append(reminder.isCompleted ? completedBox : openBox) } else { cells.appendEmpty() }
            // Most titles and tags are printable ASCII: written in place, nothing to sanitize.
            let isPlain = cells.appendPrintableASCII { bytes in
                for _ in 0..<depth { bytes.append(contentsOf: "  ".utf8) }
                bytes.append(contentsOf: ReminderPrinter.priorityMarks(reminder.priority).utf8)
                bytes.append(contentsOf: reminder.title.utf8)
                for tag in reminder.tags {
                    bytes.append(UInt8(ascii: " "))
                    bytes.append(contentsOf: TagNames.shown(tag).utf8)
                }
            }
            if !isPlain {
                var title = String(repeating: "  ", count: depth) + ReminderPrinter.priorityMarks(reminder.priority)
                title += TerminalText.sanitized(reminder.title)
                for tag in reminder.tags { title += " " + TerminalText.sanitized(TagNames.shown(tag)) }
                cells.append(title)
            }
            if let due = reminder.due {
                // Many rows share a due date: its cell is made and measured once.
                if let cell = dueCells[due] {
                    cells.append(cell)
                } else {
                    let cell = TextTable.Cells.Prepared(formatter.string(for: due))
                    dueCells[due] = cell
                    cells.append(cell)
                }
            } else {
                cells.appendEmpty()
            }
            if showsRepeat {
                if let repeatCell { cells.append(repeatCell) } else { cells.appendEmpty() }
            }
            if showsList {
                if lastList.id != reminder.listID { lastList = (reminder.listID, listCells[reminder.listID] ?? noListCell) }
                cells.append(lastList.cell)
            }
            if reminder.isFlagged { cells.append(flag) } else { cells.appendEmpty() }
            overdue.append(!reminder.isCompleted && (reminder.due?.isOverdue(at: now, localNow: localNow) ?? false))
            completed.append(reminder.isCompleted)
        }
        for (row, (index, depth)) in ordered.enumerated() {
            appendCells(of: reminders[index], depth: depth, repeat: repeats[row])
        }
        var title = TextTable.Column.reminderTitle(lineWidth: width)
        // Off a terminal there is no width to fit: titles are cut at 100 cells so one
        // long title does not pad every row (scripts that need full text use --json).
        if context.environment.width == nil { title.maxWidth = 100 }
        var columns = [TextTable.Column(alignment: .right), TextTable.Column(), title, .reminderDue]
        if showsRepeat { columns.append(.reminderRepeat) }
        if showsList { columns.append(TextTable.Column(minWidth: 6, maxWidth: 20, isFlexible: true)) }
        columns.append(TextTable.Column())
        let listColumn = showsList ? (showsRepeat ? 5 : 4) : -1
        precondition(columns.count == columnCount)
        let table = TextTable(columns: columns)
        // Without color the cells are written as they are (no string per shown cell).
        let styling: ((Int?, Int, String) -> String)? = style.isEnabled ? { row, column, text in
            guard let row else { return text }
            if column == 0 { return style.dim(text) }
            if completed[row] { return style.dim(text) }
            if column == 3 && overdue[row] { return style.boldRed(text) }
            if column == listColumn, let list = lists[reminders[ordered[row].index].listID] {
                return ReminderPrinter.coloringDot(text, color: list.color, style: style)
            }
            if column == columns.count - 1 { return style.orange(text) }
            return text
        } : nil
        table.render(cells, totalWidth: width, into: &output, style: styling)
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
    /// - Returns: indices into `reminders`, each with its depth.
    /// - Complexity: O(n).
    static func nested(_ reminders: [ReminderSummary]) -> [(index: Int, depth: Int)] {
        let flat = reminders.indices.map { (index: $0, depth: 0) }
        guard reminders.contains(where: { $0.parentUID != nil }) else { return flat }
        let uids = Set(reminders.lazy.map(\.uid))
        var children: [ReminderUID: [Int]] = [:]
        var roots: [Int] = []
        for (index, reminder) in reminders.enumerated() {
            if let parent = reminder.parentUID, parent != reminder.uid, uids.contains(parent) {
                children[parent, default: []].append(index)
            } else {
                roots.append(index)
            }
        }
        guard !children.isEmpty else { return flat }
        var result: [(index: Int, depth: Int)] = []
        result.reserveCapacity(reminders.count)
        var visited = Set<ReminderUID>()
        func visit(_ index: Int, depth: Int) {
            let uid = reminders[index].uid
            guard visited.insert(uid).inserted else { return }
            result.append((index, depth))
            for child in children[uid] ?? [] { visit(child, depth: min(depth + 1, 8)) }
        }
        for root in roots { visit(root, depth: 0) }
        // Cycles (a parent chain that loops) have no root; show them flat rather than lose them.
        for index in reminders.indices where !visited.contains(reminders[index].uid) { visit(index, depth: 0) }
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
        if dotWidth + titleWidth + TerminalText.width(of: detail) > width { detail = "" }
        if dotWidth + titleWidth > width { title = TerminalText.truncated(title, toWidth: width - dotWidth) }
        return (color.map { style.dot($0) + " " } ?? "") + style.bold(title) + style.dim(detail)
    }

    /// The heading of a list: its colored dot, name and open count.
    func heading(for list: ReminderList, count: Int) -> String {
        heading(dot: list.color, title: list.name, detail: "\(count) open")
    }

    /// The detail view of one reminder (`tick show`).
    func detail(of reminder: Reminder, subtasks: [Reminder], parent: Reminder?, completedOccurrences: Int = 0) -> [String] {
        let style = context.style
        var lines: [String] = []
        let mark = reminder.isCompleted ? "[x]" : "[ ]"
        lines.append(style.dim(reminder.number.description) + "  " + mark + "  " + style.bold(TerminalText.sanitized(reminder.title)))
        var fields: [(String, String)] = []
        if let list = lists[reminder.listID] {
            fields.append(("List", style.dot(list.color) + " " + TerminalText.sanitized(list.name)))
        }
        if let due = reminder.due {
            var text = formatter.string(for: due)
            if reminder.isOverdue(at: context.now, in: context.dateContext.timeZone) { text = style.boldRed(text + " (overdue)") }
            if case .timed(_, let zone) = due, zone != TimeZoneIdentifier(context.dateContext.timeZone) {
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
        else if let parentUID = reminder.parentUID { fields.append(("Subtask of", TerminalText.sanitized(parentUID.rawValue) + style.dim(" (not in this database)"))) }
        if let completed = reminder.completedAt { fields.append(("Completed", formatter.string(for: completed))) }
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
        fields.append(("Created", formatter.string(for: reminder.createdAt)))
        fields.append(("Modified", formatter.string(for: reminder.modifiedAt)))
        for (label, value) in fields {
            lines.append("  " + style.dim(label + ":") + String(repeating: " ", count: max(1, 12 - label.count)) + value)
        }
        if !reminder.notes.isEmpty {
            lines.append("  " + style.dim("Notes:"))
            for line in reminder.notes.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append("    " + TerminalText.sanitized(line))
            }
        }
        if !subtasks.isEmpty {
            lines.append("  " + style.dim("Subtasks:"))
            for child in subtasks {
                lines.append("    \(child.number)  " + (child.isCompleted ? "[x]" : "[ ]") + "  " + TerminalText.sanitized(child.title))
            }
        }
        if let width = context.environment.width {
            lines = lines.map { TerminalText.width(of: $0) > width && !style.isEnabled ? TerminalText.truncated($0, toWidth: width) : $0 }
        }
        return lines
    }
}
