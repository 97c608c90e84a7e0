import Foundation
import TickModel
import TickTerminal
import TickStore

/// The table of a listing, filled a reminder at a time (``append(_:)``) as the rows are
/// read, then laid out once every row is in (``render(into:)``): column widths need them
/// all. Each row's cells go into one byte buffer (`TextTable.Cells`) with their widths,
/// beside two flags a row; a row read in place from SQLite (`SummaryRow`) leaves no
/// `String` behind, so a listing of 80,000 rows holds a few megabytes of bytes instead
/// of 80,000 summaries.
///
/// Columns: number, box, title (with priority marks and tags), due, repeat, list (when
/// shown), flag. The box and repeat columns are decided once every row is in (the box
/// shows on a narrow line only when a row is completed, the repeat column only when a
/// row repeats): their cells are always made, and the column is hidden (0 cells wide,
/// with its gap, as an empty column is) when it is not shown.
struct ReminderTable {
    private let printer: ReminderPrinter
    private let width: Int
    private let showsList: Bool
    private let zone: TimeZone
    private let now: Date
    private let localNow: LocalDateTime
    private let formatter: DueFormatter
    /// Whether due cells carry shorter forms (`1/5/24` for `Jan 5, 2024 9:30 AM`): on a
    /// terminal narrow enough to cut them.
    private let dueHasShorterForms: Bool

    private var cells: TextTable.Cells
    /// Whether each row is open and past its due date, and whether it is completed.
    private var overdue: [Bool] = []
    private var completed: [Bool] = []
    /// Each row's list, as an index into `rowLists`.
    private var listIndices: [Int] = []
    private var rowLists: [ReminderList.ID] = []
    /// The UTF-8 bytes of every row's UID, one after another, and where each ends: what
    /// places subtasks under their parent once every row is in.
    private var uids: [UInt8] = []
    private var uidEnds: [Int] = []
    /// The rows that are subtasks, with their parent's UID.
    private var parents: [Int: ReminderUID] = [:]
    private var showsRepeat = false

    /// The list cell of each list, made and measured once.
    private var listCells: [ReminderList.ID: TextTable.Cells.Prepared] = [:]
    /// The list cell of the last row's list.
    private var listCell = noListCell
    /// One cell per distinct due date: many rows share one.
    private var dueCells: [Due: TextTable.Cells.Prepared] = [:]
    private static let noListCell = TextTable.Cells.Prepared("")
    private static let completedBox = TextTable.Cells.Prepared("[x]")
    private static let openBox = TextTable.Cells.Prepared("[ ]")
    private static let flag = TextTable.Cells.Prepared("⚑")

    /// The number of columns: see the type's description.
    private var columnCount: Int { showsList ? 7 : 6 }

    /// An empty table laid out for `printer`'s terminal, room made for about `capacity` rows.
    init(_ printer: ReminderPrinter, capacity: Int = 0) {
        self.printer = printer
        let context = printer.context
        width = context.environment.width ?? Int.max / 4
        // On a narrow terminal the title matters most: the list column goes first.
        showsList = printer.showsList && width >= 60
        // The due column is cut only when the others are at their minimum and it still
        // does not fit: number (up to 7), box (3), title (16), due (24), repeat (1), list
        // (6) and their gaps take 67 cells. Below 80 its cells carry shorter forms.
        dueHasShorterForms = width < 80
        zone = context.dateContext.timeZone
        now = context.now
        localNow = LocalDateTime(now, in: zone)
        formatter = printer.formatter
        // Room made at once: an array that grows by doubling touches about twice the memory it ends with.
        cells = TextTable.Cells(reservingCapacity: capacity * (showsList ? 7 : 6), bytesPerCell: 12)
        overdue.reserveCapacity(capacity)
        completed.reserveCapacity(capacity)
        listIndices.reserveCapacity(capacity)
        uids.reserveCapacity(capacity * 36)
        uidEnds.reserveCapacity(capacity)
        if showsList {
            for (id, list) in printer.lists { listCells[id] = TextTable.Cells.Prepared("● " + TerminalText.sanitized(list.name)) }
        }
    }

    /// The number of rows.
    var count: Int { completed.count }

    /// Appends the row of `reminder`.
    /// - Throws: `StoreError` when a value of a row read in place cannot be read.
    /// - Complexity: O(n) in the UTF-8 length of the row's text.
    mutating func append(_ reminder: some ListedReminder) throws {
        _ = cells.appendPrintableASCII { ReminderPrinter.appendNumber(reminder.number, to: &$0) }
        cells.append(reminder.isCompleted ? Self.completedBox : Self.openBox)
        // Most tags are stored plainly and shown as `#` and themselves: ` #a #b` made from
        // their stored bytes (visible ASCII, nothing to sanitize); the others as strings.
        var shownTags: [UInt8] = []
        var isEveryTagShown = true
        let areTagsPlain = reminder.forEachPlainTagUTF8 { tag in
            shownTags.append(UInt8(ascii: " "))
            if !TagNames.appendShown(utf8: tag, to: &shownTags) { isEveryTagShown = false }
        }
        var tags: [String] = []
        if !areTagsPlain || !isEveryTagShown {
            shownTags = []
            tags = try reminder.storedTags()
        }
        // Most titles and tags are printable ASCII: written in place, nothing to sanitize.
        let isPlain = cells.appendPrintableASCII { bytes in
            bytes.append(contentsOf: ReminderPrinter.priorityMarks(reminder.priority).utf8)
            reminder.withTitleUTF8 { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: shownTags)
            for tag in tags {
                bytes.append(UInt8(ascii: " "))
                bytes.append(contentsOf: TagNames.shown(tag).utf8)
            }
        }
        if !isPlain {
            var title = ReminderPrinter.priorityMarks(reminder.priority) + TerminalText.sanitized(reminder.title)
            title += String(decoding: shownTags, as: UTF8.self)
            for tag in tags { title += " " + TerminalText.sanitized(TagNames.shown(tag)) }
            cells.append(title)
        }
        if let due = reminder.due {
            if let cell = dueCells[due] {
                cells.append(cell)
            } else {
                let cell = TextTable.Cells.Prepared(formatter.string(for: due),
                                                    shorter: dueHasShorterForms ? formatter.shorterStrings(for: due) : [])
                dueCells[due] = cell
                cells.append(cell)
            }
        } else {
            cells.appendEmpty()
        }
        if let summary = reminder.recurrenceSummary(in: zone) {
            cells.append("↻ " + TerminalText.sanitized(summary))
            showsRepeat = true
        } else {
            cells.appendEmpty()
        }
        // Rows come a list at a time: the list of the row before is usually this one's.
        if rowLists.isEmpty || !reminder.isInList(rowLists[rowLists.count - 1]) {
            let list = reminder.listID
            rowLists.append(list)
            listCell = showsList ? listCells[list] ?? Self.noListCell : Self.noListCell
        }
        listIndices.append(rowLists.count - 1)
        if showsList { cells.append(listCell) }
        if reminder.isFlagged { cells.append(Self.flag) } else { cells.appendEmpty() }
        overdue.append(!reminder.isCompleted && (reminder.due?.isOverdue(at: now, localNow: localNow) ?? false))
        completed.append(reminder.isCompleted)
        reminder.withUIDUTF8 { uids.append(contentsOf: $0) }
        uidEnds.append(uids.count)
        if reminder.hasParent, let parent = reminder.parentUID { parents[count - 1] = parent }
    }

    /// Appends one line per row to `output` as UTF-8, each ending with a line feed, cut
    /// to the terminal's width; subtasks are placed (indented) under their parent when
    /// the parent is in the same listing.
    /// - Parameter flush: as for `TextTable.render(_:totalWidth:into:style:flush:)`.
    /// - Complexity: O(n) in the size of the cells.
    consuming func render(into output: inout [UInt8], flush: ((inout [UInt8]) -> Void)? = nil) {
        let columnCount = self.columnCount
        if !parents.isEmpty { nest() }
        var title = TextTable.Column.reminderTitle(lineWidth: width)
        // A listing of short titles keeps no more cells than its widest title (a tester: "Pay
        // rent" kept 16, and the repeat rule beside it lost its words on 80 columns).
        title.minWidth = min(title.minWidth, cells.widest(inColumn: 2, of: columnCount))
        // Off a terminal there is no width to fit: titles are cut at 100 cells so one
        // long title does not pad every row (scripts that need full text use --json).
        if printer.context.environment.width == nil { title.maxWidth = TextTable.Column.offTerminalTextWidth }
        let hidden = TextTable.Column(maxWidth: 0)
        // Below 30 cells the number and the title matter more than the checkbox.
        let showsBox = width >= 30 || completed.contains(true)
        var columns = [TextTable.Column(alignment: .right), showsBox ? TextTable.Column() : hidden, title, .reminderDue,
                       showsRepeat ? .reminderRepeat : hidden]
        if showsList { columns.append(TextTable.Column(minWidth: 6, maxWidth: 20, isFlexible: true)) }
        columns.append(TextTable.Column())
        precondition(columns.count == columnCount)
        let listColumn = showsList ? 5 : -1
        let table = TextTable(columns: columns)
        let style = printer.context.style
        let lists = printer.lists
        let (overdue, completed, listIndices, rowLists) = (overdue, completed, listIndices, rowLists)
        // Without color the cells are written as they are (no string per shown cell).
        let styling: ((Int?, Int, String) -> String)? = style.isEnabled ? { row, column, text in
            guard let row else { return text }
            if column == 0 { return style.dim(text) }
            if completed[row] { return style.dim(text) }
            if column == 3 && overdue[row] { return style.boldRed(text) }
            if column == listColumn, let list = lists[rowLists[listIndices[row]]] {
                return ReminderPrinter.coloringDot(text, color: list.color, style: style)
            }
            if column == columns.count - 1 { return style.orange(text) }
            return text
        } : nil
        table.render(cells, totalWidth: width, into: &output, style: styling, flush: flush)
    }

    /// Puts each subtask whose parent is listed right after it (see `ReminderPrinter.nested`),
    /// its title indented by two spaces a level.
    private mutating func nest() {
        var uidList: [ReminderUID] = []
        uidList.reserveCapacity(count)
        var start = 0
        for end in uidEnds {
            uidList.append(ReminderUID(String(decoding: uids[start..<end], as: UTF8.self)))
            start = end
        }
        let ordered = ReminderPrinter.nested(uids: uidList, parents: (0..<count).map { parents[$0] },
                                             lists: listIndices.map { rowLists[$0] })
        guard ordered.contains(where: { $0.depth > 0 }) else { return }
        cells = cells.rearranged(ordered, columnCount: columnCount, indenting: 2)
        overdue = ordered.map { overdue[$0.index] }
        completed = ordered.map { completed[$0.index] }
        listIndices = ordered.map { listIndices[$0.index] }
    }
}
