import Foundation
import TickModel
import TickStore
import TickInterchange

/// A reminder after a move, and where it now stands.
public struct MovedReminder: Sendable, Equatable {
    /// The reminder as stored after the move.
    public var reminder: Reminder
    /// Its 1-based place among its open siblings, as a listing shows them: the list's
    /// top-level reminders, or the subtasks of the parent it is shown under; nil for a
    /// completed reminder, or when the caller did not ask for it.
    public var openIndex: Int?
    /// The parent it is shown under (its parent, when open in the same list); nil when it is
    /// shown at the top level, or when the caller did not ask for `openIndex`.
    public var shownUnder: Reminder?
    /// The parent it was shown under before, when the move took it to another level (placed
    /// beside a reminder shown elsewhere); nil when it kept its level or was top-level.
    public var leftParent: Reminder?
}

extension Actions {
    /// Moves a reminder inside its list: to a 1-based place among its open siblings as a
    /// listing shows them (past the end is last) — the list's top-level reminders, or, for a
    /// subtask shown under its parent, that parent's open subtasks (a tester: places counted
    /// the list's hidden flat order, so `--to 3` put a reminder on the sixth row) — or just
    /// before or after another reminder of the same list, at that reminder's level: a
    /// reminder placed beside one shown under another parent (or beside a top-level one)
    /// becomes a subtask of that parent (or top-level) too, as a drag does in Apple Reminders
    /// (a tester: `tick move` of a subtask before a top-level reminder put it first among its
    /// siblings and said so). Moving to another list is an edit
    /// of its list, not a move. A completed reminder moves in the manual order too (it has no
    /// open place, so `openIndex` is nil; it takes that place when reopened).
    /// - Throws: `ActionError.reminderNotFound` for either reminder;
    ///   `.anchorInAnotherList` when the other reminder is in another list;
    ///   `.anchorIsOwnSubtask` when it is one of the reminder's subtasks;
    ///   `.placedRelativeToItself`; `.positionOutOfRange` for a place below 1;
    ///   `StoreError` from SQLite.
    /// - Parameter reportsOpenIndex: whether to count the reminder's place among the open
    ///   ones (`openIndex`), which reads every open reminder before it; the UI, which
    ///   shows the place by its window, does not ask.
    /// - Complexity: O(1) rows written in general, O(list) when its positions are respaced
    ///   or when `reportsOpenIndex` is true.
    public func move(_ number: Reminder.Number, to placement: ReminderPlacement,
                     reportsOpenIndex: Bool = true) throws -> MovedReminder {
        let now = context.now
        return try store.write { db in
            try Actions.move(number, to: placement, reportsOpenIndex: reportsOpenIndex, modifiedAt: now,
                             joinsAnchorLevel: true, in: db)
        }
    }

    /// `move(_:to:reportsOpenIndex:)` inside the caller's write transaction `db`.
    /// - Parameters:
    ///   - modifiedAt: the time the move is made (its `LAST-MODIFIED` when it writes a sort
    ///     order, so that a later move wins a sync's merge over an earlier one on the server);
    ///     nil keeps the modification times.
    ///   - joinsAnchorLevel: whether a reminder placed before or after one shown at another
    ///     level takes that one's parent (what a person asks for: the CLI, the API); false
    ///     places it in the list's flat order only (the terminal UI's undo of a move, whose
    ///     anchor is the flat neighbour it had).
    public static func move(_ number: Reminder.Number, to placement: ReminderPlacement,
                            reportsOpenIndex: Bool = true, modifiedAt: Date? = nil, joinsAnchorLevel: Bool = false,
                            in db: some StoreTransaction) throws -> MovedReminder {
        var reminder = try db.existingReminder(number)
        var leftParent: Reminder?
        switch placement {
        case .before(let other), .after(let other):
            guard other != number else { throw ActionError.placedRelativeToItself(number) }
            let anchor = try db.existingReminder(other)
            guard anchor.listID == reminder.listID else {
                throw ActionError.anchorInAnotherList(reminder: number, anchor: other, listName: try db.list(id: anchor.listID)?.name ?? "")
            }
            if joinsAnchorLevel {
                let before = try shownParent(of: reminder, in: db)
                reminder = try joinLevel(of: anchor, moving: reminder, modifiedAt: modifiedAt, in: db)
                if let before, before.uid != reminder.parentUID { leftParent = before }
            }
        case .index(let index):
            guard index >= 1 else { throw ActionError.positionOutOfRange(index) }
        }
        var moved = reminder
        // Places counted among siblings are the list's own order unless a subtask is shown under
        // its parent there: then (only) the list is read to count them.
        let countsSiblings = try db.hasOpenSubtasksUnderParents(inList: reminder.listID)
        // Where a move to a place among siblings puts it is known from the siblings read to place
        // it: its report reads the list no second time.
        var placedAmongSiblings: (index: Int, parent: Reminder?)?
        if case .index(let index) = placement, countsSiblings {
            let (siblings, parent) = try openSiblings(of: reminder, in: db)
            if let last = siblings.last {
                moved.position = try db.move(number, to: index <= siblings.count ? .before(siblings[index - 1].number) : .after(last.number))
            }
            placedAmongSiblings = (min(index, siblings.count + 1), parent)
        } else {
            moved.position = try db.move(number, to: placement)
        }
        // The moved reminder gets Apple's sort order between its new neighbours', so that the
        // move reaches every CalDAV client: the servers `tick sync` talks to (a change of what
        // it says, so the next sync sends it) and the phones that sync with `tick serve` (its
        // ETag changes), whichever list it is in.
        try placeSortOrder(of: &moved, modifiedAt: modifiedAt, in: db)
        guard reportsOpenIndex else { return MovedReminder(reminder: moved, openIndex: nil, leftParent: leftParent) }
        guard countsSiblings else { return MovedReminder(reminder: moved, openIndex: try db.openIndex(of: number), leftParent: leftParent) }
        if let placed = placedAmongSiblings {
            return MovedReminder(reminder: moved, openIndex: moved.isCompleted ? nil : placed.index, shownUnder: placed.parent,
                                 leftParent: leftParent)
        }
        let (siblings, parent) = try openSiblings(of: moved, in: db)
        let index = moved.isCompleted ? nil : siblings.firstIndex { $0.position > moved.position || ($0.position == moved.position && $0.number.rawValue > moved.number.rawValue) }
            .map { $0 + 1 } ?? siblings.count + 1
        return MovedReminder(reminder: moved, openIndex: index, shownUnder: parent, leftParent: leftParent)
    }

    /// The parent `reminder` is shown under in its list's listing: its parent when that is an
    /// open reminder of the same list (as `openSiblings(of:in:)` decides), else nil (top-level).
    static func shownParent(of reminder: Reminder, in db: some StoreTransaction) throws -> Reminder? {
        guard let uid = reminder.parentUID, uid != reminder.uid, let parent = try db.reminder(uid: uid),
              parent.listID == reminder.listID, !parent.isCompleted else { return nil }
        return parent
    }

    /// `reminder` made a sibling of `anchor` as the listing shows them: given `anchor`'s shown
    /// parent (or none) when its own differs; stored, and returned as stored.
    /// - Throws: `ActionError.anchorIsOwnSubtask` when that parent is `reminder` or one of its
    ///   subtasks.
    private static func joinLevel(of anchor: Reminder, moving reminder: Reminder, modifiedAt: Date?,
                                  in db: some StoreTransaction) throws -> Reminder {
        let level = try shownParent(of: anchor, in: db)
        guard level?.uid != (try shownParent(of: reminder, in: db))?.uid else { return reminder }
        if let level {
            do {
                try checkNoCycle(child: reminder, parent: level, in: db)
            } catch ActionError.parentCycle {
                throw ActionError.anchorIsOwnSubtask(reminder: reminder.number, anchor: anchor.number)
            }
        }
        var changed = reminder
        changed.parentUID = level?.uid
        if let modifiedAt { changed.markRevised(at: modifiedAt) }
        try db.update(changed)
        if let former = reminder.parentUID, former != level?.uid {
            try forgetChild(reminder.uid, namedBy: former, inList: reminder.listID, at: modifiedAt ?? reminder.modifiedAt, in: db)
        }
        return try db.existingReminder(reminder.number)
    }

    /// The open reminders shown beside `reminder` in its list's listing, in order, without it:
    /// the subtasks of its parent when that parent is open in the list (a listing nests them
    /// under it), else the reminders shown at the top level; and that parent.
    /// - Complexity: O(n) in the list's open reminders.
    static func openSiblings(of reminder: Reminder, in db: some StoreTransaction) throws -> (siblings: [Reminder], parent: Reminder?) {
        var open: [Reminder] = []
        var anchor: Reminder?
        let scope = PageScope.list(reminder.listID, includesCompleted: false)
        while true {
            // By pages: a store makes room for a page's rows before it reads them.
            let page = try db.reminders(in: scope, from: anchor, includingAnchor: false, direction: .forward, limit: 1_000)
            open += page
            guard page.count == 1_000 else { break }
            anchor = page.last
        }
        let openUIDs = Set(open.map(\.uid))
        func shownParent(_ item: Reminder) -> ReminderUID? {
            guard let parent = item.parentUID, parent != item.uid, openUIDs.contains(parent) else { return nil }
            return parent
        }
        let parent = shownParent(reminder)
        let siblings = open.filter { $0.number != reminder.number && shownParent($0) == parent }
        return (siblings, parent.flatMap { uid in open.first { $0.uid == uid } })
    }
}

extension Actions {
    /// Gives `reminder` (stored, at its place in its list) Apple's sort order
    /// (`X-APPLE-SORT-ORDER`) between its neighbours' keys (`ICalendarSortOrder.key(of:)`),
    /// unless its key already sorts it there: CalDAV clients then order the list as Tick
    /// does. When the neighbours' keys leave no integer between them (adjacent or equal), it
    /// takes the lower one plus 1 and the keys after it that would not sort after the one
    /// before them take that one's plus 1, when that is a run of up to 16; a longer run, the
    /// keys around it are spread instead, a window at a time on both sides, or from the place
    /// to the nearer end of the list once a window reaches one (`ManualOrder.respace`), until
    /// one has room: no two keys tie, so every client and
    /// every syncing Tick reach the same order (a tester: a move wrote its upper neighbour's
    /// own key, and two Ticks then showed the two in opposite orders for good). Keys saturate
    /// at Int64's ends instead of wrapping. Each reminder written gets `modifiedAt` when given.
    ///
    /// (A tester: shifting only the keys after it, one by one, rewrote every reminder after
    /// the moved one in a list of reminders added in one second or imported without a creation
    /// time: 2.2 s a move at 20,000, and each a CalDAV change for the phones.)
    /// - Complexity: O(1) rows written in general; O(w) for a window of w around it (the
    ///   distance to the nearest room: once, in a run of consecutive keys). Where all keys tie,
    ///   the first move writes those between the place and the nearer end: no order that keeps
    ///   the moved reminder strictly between its neighbours writes fewer.
    static func placeSortOrder(of reminder: inout Reminder, modifiedAt: Date?, in db: some StoreTransaction) throws {
        let (before, after) = try db.neighbours(of: reminder.number)
        let key = ICalendarSortOrder.key(of: reminder)
        let lower = before.map(ICalendarSortOrder.key(of:))
        let upper = after.map(ICalendarSortOrder.key(of:))
        if (lower.map { $0 < key } ?? true) && (upper.map { key < $0 } ?? true) { return }
        func written(_ value: Int64, into target: inout Reminder) throws {
            target.iCalendarExtras = ICalendarSortOrder.settingValue(value, in: target.iCalendarExtras)
            if let modifiedAt { target.modifiedAt = modifiedAt }
            try db.update(target)
        }
        let value = ICalendarSortOrder.between(lower, upper)
        if (lower.map { $0 < value } ?? true) && (upper.map { value < $0 } ?? true) {
            try written(value, into: &reminder)
            return
        }
        let scope = PageScope.list(reminder.listID, includesCompleted: true)
        // A short run of keys after it: each takes the one before it plus 1, up to the first
        // that sorts after that already (the fewest keys written).
        let limit = 2 * (ManualOrder.respacingWindows.first ?? 8)
        let following = try db.reminders(in: scope, from: reminder, includingAnchor: false, direction: .forward, limit: limit + 1)
        var run: [Int64] = []
        for next in following {
            let previous = run.last ?? value
            guard ICalendarSortOrder.key(of: next) <= previous, previous < .max else { break }
            run.append(previous + 1)
        }
        if run.count < following.count || following.count <= limit, run.count <= limit {
            try written(value, into: &reminder)
            for (index, shifted) in run.enumerated() {
                var next = following[index]
                try written(shifted, into: &next)
            }
            return
        }
        // A longer run: the keys around it are spread instead.
        var read: [Int64: Reminder] = [:]
        let anchor = reminder
        // Spread by at least 1 between two keys, by the gap toward an end of the list: a
        // list of consecutive keys pays for one wide window, then has room.
        // Keys are seconds, and a to-do a phone adds without one sorts by its creation time: the
        // spread stays at or below now's key, or the last key already there (a tester: keys spread
        // weeks ahead put a phone's new to-do in the middle of the list), but for up to an hour
        // past it rather than rewriting a list many times longer before the place (a tester).
        let now = ICalendarSortOrder.key(extras: "", createdAt: modifiedAt ?? reminder.modifiedAt)
        let spread = try ManualOrder.respace(spacing: 1, top: now, beyondTop: 3_600, rows: { isBefore, limit in
            let page = try db.reminders(in: scope, from: anchor, includingAnchor: false, direction: isBefore ? .backward : .forward, limit: limit)
            // A page is in the list's order; `respace` reads nearest first.
            let rows = isBefore ? Array(page.reversed()) : page
            for row in rows { read[row.number.rawValue] = row }
            return rows.map { ($0.number.rawValue, ICalendarSortOrder.key(of: $0)) }
        }, write: { number, value in
            guard var row = read[number] else { return }
            try written(value, into: &row)
        })
        try written(spread ?? value, into: &reminder)
    }
}
