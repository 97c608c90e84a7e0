import TickModel

/// The table's window onto its listing: the rows read so far (a few screens around the
/// selection, never the whole listing), which one is selected and which is at the top.
struct TableState: Hashable, Sendable {
    /// Which cell of the selected row has the cursor: Enter toggles on the checkbox and
    /// opens the detail view on the title.
    enum Column: Hashable, Sendable { case checkbox, title }

    /// The rows read, in display order.
    var rows: [Reminder] = []
    /// In a list, where each row read sits in its outline (absent: top-level, no subtasks).
    var outline: [Reminder.Number: OutlinePlace] = [:]
    /// In a smart list or search results, the title of each subtask's parent.
    var parentTitles: [Reminder.Number: String] = [:]
    /// Whether the listing has rows before `rows`.
    var hasMoreBefore = false
    /// Whether the listing has rows after `rows`.
    var hasMoreAfter = false
    /// In search results: how many matched (`WindowPage.matchCount`) and whether more did.
    var matchCount: Int?
    var isCapped = false
    /// The selected row, an index in `rows` (0 when empty).
    var selected = 0
    /// The row drawn on the table's first line, an index in `rows`.
    var top = 0
    /// The cell with the cursor.
    var column = Column.checkbox
    /// Whether an extension of the window has been asked for and not yet answered.
    var isExtending = false
    /// Whether the first window has arrived.
    var isLoaded = false

    /// The selected reminder, if any.
    var selectedReminder: Reminder? {
        rows.indices.contains(selected) ? rows[selected] : nil
    }

    /// Where row `index` sits in its list's outline.
    func place(ofRow index: Int) -> OutlinePlace {
        guard rows.indices.contains(index) else { return OutlinePlace(ancestors: [], subtaskCount: 0) }
        return outline[rows[index].number] ?? OutlinePlace(ancestors: [], subtaskCount: 0)
    }

    /// The index of the row next to row `index` at its level under the same parent, above
    /// (`up`) or below it; nil when it has none among the rows read (`.edge` when the rows
    /// read end before it could be told).
    func sibling(ofRow index: Int, up: Bool) -> SiblingSearch {
        let depth = place(ofRow: index).depth
        var other = index + (up ? -1 : 1)
        while rows.indices.contains(other) {
            let otherDepth = place(ofRow: other).depth
            if otherDepth == depth { return .found(other) }
            if otherDepth < depth { return .none }
            other += up ? -1 : 1
        }
        return (up ? hasMoreBefore : hasMoreAfter) ? .edge : .none
    }

    /// The answer of ``sibling(ofRow:up:)``.
    enum SiblingSearch: Hashable, Sendable {
        /// The sibling's index.
        case found(Int)
        /// No sibling that way.
        case none
        /// The rows read end first.
        case edge
    }

    /// The index of the last row of the block row `index` heads (itself and the subtasks
    /// shown under it), among the rows read.
    func blockEnd(ofRow index: Int) -> Int {
        let depth = place(ofRow: index).depth
        var last = index
        while rows.indices.contains(last + 1), place(ofRow: last + 1).depth > depth { last += 1 }
        return last
    }

    /// Moves the selection by `delta` rows within what is read, keeping it on screen.
    mutating func moveSelection(by delta: Int, visibleRows: Int) {
        guard !rows.isEmpty else { return }
        selected = min(max(selected + delta, 0), rows.count - 1)
        scrollToSelection(visibleRows: visibleRows)
    }

    /// Adjusts `top` so that the selected row is on screen.
    mutating func scrollToSelection(visibleRows: Int) {
        let height = max(visibleRows, 1)
        if selected < top { top = selected }
        if selected >= top + height { top = selected - height + 1 }
        top = min(max(top, 0), max(rows.count - 1, 0))
    }

    /// Drops rows far from the screen so that the window stays a few screens long,
    /// keeping `margin` rows on each side of what is visible.
    /// - Parameters:
    ///   - keep: the most rows to keep.
    ///   - margin: rows kept above and below the visible ones.
    ///   - visibleRows: the table's height in rows.
    ///   - fromBackFirst: drop from the end before the start (after rows were added at
    ///     the start, so that they are not dropped again at once).
    mutating func trim(keeping keep: Int, margin: Int, visibleRows: Int, fromBackFirst: Bool = false) {
        guard rows.count > keep else { return }
        var excess = rows.count - keep
        func dropFront() {
            let front = min(excess, max(0, top - margin))
            guard front > 0 else { return }
            rows.removeFirst(front)
            selected -= front
            top -= front
            hasMoreBefore = true
            excess -= front
        }
        func dropBack() {
            let back = min(excess, max(0, rows.count - (top + visibleRows + margin)))
            guard back > 0 else { return }
            rows.removeLast(back)
            hasMoreAfter = true
            excess -= back
        }
        if fromBackFirst {
            dropBack()
            dropFront()
        } else {
            dropFront()
            dropBack()
        }
        if outline.count + parentTitles.count > rows.count {
            let kept = Set(rows.map(\.number))
            outline = outline.filter { kept.contains($0.key) }
            parentTitles = parentTitles.filter { kept.contains($0.key) }
        }
    }
}
