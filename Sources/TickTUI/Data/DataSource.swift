import Foundation
import TickActions
import TickModel
import TickStore

/// The data layer: performs the state machine's store effects and answers with events.
///
/// Reads only what a window needs. Lists, Flagged, All and Completed are paged by key
/// from the store's indexes (``Database/reminders(in:from:includingAnchor:direction:limit:)``),
/// so a window costs the same in a list of ten reminders as in one of 100,000. Today,
/// Scheduled and search results must be sorted by due instant across time zones (or are
/// capped search hits), so they are read into memory and paged there until the data
/// changes: the first ``memoryChunk`` rows at first (the store reads only the rows that
/// can be among them), then four times as many each time a window reaches past them.
///
/// Not Sendable: it lives on the UI's one thread, like the state it serves.
final class DataSource {
    /// The most search hits read.
    static let searchLimit = 1_000
    /// The rows of a listing by due date read first; more are read when a window needs them.
    static let memoryChunk = 500

    let store: Store
    let clock: @Sendable () -> Date
    let timeZone: TimeZone
    /// The locale dates are shown in.
    let locale: Locale
    /// The default alarm a reminder given a due date gets, as on the command line.
    let alarmDefaults: AlarmDefaults
    /// The ISO weekday weeks begin on, for the date words (`DateContext.weekStart`).
    let weekStart: Int
    private var knownDataVersion: Int64?
    /// A listing read into memory: its scope (with its completed reminders or not), its
    /// first rows (all of them when `isWhole`), valid until the data changes.
    private var memory: (scope: Scope, showsCompleted: Bool, rows: [Reminder], index: [Reminder.Number: Int], isWhole: Bool,
                         isCapped: Bool)?
    /// The order of the listing read whole before the last change, to find where a
    /// reminder that left it used to be.
    private var previousOrder: [Reminder.Number] = []

    /// A data source over `store`; `clock` stamps changes and dates smart lists;
    /// `alarmDefaults` gives reminders that get a due date their alarm.
    init(store: Store, clock: @escaping @Sendable () -> Date, timeZone: TimeZone, locale: Locale = Locale(identifier: "en_US_POSIX"),
         alarmDefaults: AlarmDefaults = AlarmDefaults(), weekStart: Int = 1) {
        self.store = store
        self.weekStart = weekStart
        self.clock = clock
        self.timeZone = timeZone
        self.locale = locale
        self.alarmDefaults = alarmDefaults
    }

    /// How many rows of a listing by due date or of a search are in memory (0 for none).
    var rowsInMemory: Int { memory?.rows.count ?? 0 }

    /// Performs `effect` and returns the event that answers it (nil for none).
    func perform(_ effect: Effect) -> AppEvent? {
        do {
            switch effect {
            case .reloadAll(let request):
                forgetMemory()
                return .loaded(try snapshot(request))
            case .loadWindow(let request):
                return .loadedWindow(try store.read { db in try self.window(request, db) })
            case .apply(let change, let isUndo, let undoing):
                let outcome = try store.write { db in try self.applyJournaled(change, isUndo: isUndo, undoing: undoing, db) }
                forgetMemory()
                return .applied(outcome)
            case .countReminders(let id):
                return .listSize(id, try store.read { db in try db.reminderCount(inList: id) })
            case .checkForChanges:
                let version = try store.read { db in try db.dataVersion }
                defer { knownDataVersion = version }
                guard let known = knownDataVersion, known != version else { return nil }
                forgetMemory()
                return .changedElsewhere
            case .quit:
                return nil
            }
        } catch let error as TUIError {
            return .failed(error.message, isLasting: error.isLasting)
        } catch let error as ActionError {
            switch error {
            case .reminderNotFound, .listGone: return .failed(DataSource.message(for: error), isLasting: true)
            default: return .failed(DataSource.message(for: error))
            }
        } catch let error as StoreError where error.kind == .busy {
            // Said as the command line says it (the status line showed SQLite's "database is
            // locked" during another tick's long undo; a tester).
            return .failed("the database is busy (another tick kept it locked too long: a long import or undo); "
                           + "nothing was changed, try again")
        } catch let error as StoreError {
            return .failed(error.message)
        } catch {
            return .failed("\(error)")
        }
    }

    /// What the status line says when an action refuses: the UI shows what is on screen,
    /// which another `tick` may have changed meanwhile.
    static func message(for error: ActionError) -> String {
        switch error {
        case .reminderNotFound(let number):
            return "reminder \(number) no longer exists; another tick may have deleted it"
        case .listGone:
            return "that list no longer exists"
        case .dueNeededByRepeat:
            return "a repeating reminder needs a due date; stop it repeating first (Repeat: Ctrl-U)"
        default:
            return error.description
        }
    }

    private func forgetMemory() {
        if let memory { previousOrder = memory.rows.map(\.number) }
        memory = nil
    }

    // MARK: - Reading

    private func snapshot(_ request: WindowRequest) throws -> Snapshot {
        let context = actionContext(at: clock())
        return try store.read { db in
            let lists = try db.lists()
            let counts = SidebarCounts(try Actions.sidebarTotals(in: db, context: context))
            self.knownDataVersion = try db.dataVersion
            return Snapshot(lists: lists, counts: counts, page: try self.window(request, db))
        }
    }

    /// The window `request` asks for.
    func window(_ request: WindowRequest, _ db: Database) throws -> WindowPage {
        var page: WindowPage
        if let scope = request.scope.pageScope(showsCompleted: request.showsCompleted) {
            page = try keysetWindow(request, scope: scope, db)
        } else {
            page = try memoryWindow(request, db)
        }
        if case .list = request.scope { return page }
        // Flat rows: each subtask names its parent (one lookup by UID per parent in the window),
        // a parent of its own list: a link holds within one list (`subtasks(of:)`).
        var parents: [ReminderUID: Reminder?] = [:]
        for row in page.rows {
            guard let uid = row.parentUID else { continue }
            if parents[uid] == nil { parents[uid] = .some(try db.reminder(uid: uid)) }
            if let parent = parents[uid] ?? nil, parent.listID == row.listID { page.parentTitles[row.number] = parent.title }
        }
        return page
    }

    private func keysetWindow(_ request: WindowRequest, scope: PageScope, _ db: Database) throws -> WindowPage {
        var page = WindowPage(request: request, rows: [], selectedIndex: 0, hasMoreBefore: false, hasMoreAfter: false)
        var outline: [Reminder.Number: OutlinePlace] = [:]
        // A list is shown as an outline, each reminder with its subtasks under it; the
        // smart lists are flat.
        var read: (Reminder?, Bool, PageDirection, Int) throws -> [Reminder] = { anchor, including, direction, limit in
            try Actions.page(scope, from: anchor, includingAnchor: including, direction: direction, limit: limit, in: db)
        }
        if case .list(let id, let includesCompleted) = scope {
            read = { anchor, including, direction, limit in
                let rows = try Actions.outline(ofList: id, includesCompleted: includesCompleted, collapsed: request.collapsed,
                                               from: anchor, includingAnchor: including, direction: direction,
                                               limit: limit, in: db)
                for row in rows where row.depth > 0 || row.subtaskCount > 0 {
                    outline[row.reminder.number] = OutlinePlace(ancestors: row.ancestors, subtaskCount: row.subtaskCount)
                }
                return rows.map(\.reminder)
            }
        }
        try fill(&page, scope: scope, read: read, db)
        let shown = Set(page.rows.map(\.number))
        page.outline = outline.filter { shown.contains($0.key) }
        return page
    }

    /// Fills `page` with the window its request asks for, its rows read by `read`
    /// (anchor, including the anchor, direction, limit), one more than the window on each
    /// side that has an edge, to tell whether more rows lie beyond.
    private func fill(_ page: inout WindowPage, scope: PageScope,
                      read: (Reminder?, Bool, PageDirection, Int) throws -> [Reminder], _ db: Database) throws {
        let request = page.request
        let limit = max(request.limit, 1)
        switch request.placement {
        case .start:
            let rows = try read(nil, false, .forward, limit + 1)
            page.rows = Array(rows.prefix(limit))
            page.hasMoreAfter = rows.count > limit
        case .end:
            let rows = try read(nil, false, .backward, limit + 1)
            page.rows = Array(rows.suffix(limit))
            page.hasMoreBefore = rows.count > limit
            page.selectedIndex = max(page.rows.count - 1, 0)
        case .after(let anchor):
            let rows = try read(anchor, false, .forward, limit + 1)
            page.rows = Array(rows.prefix(limit))
            page.hasMoreAfter = rows.count > limit
        case .before(let anchor):
            let rows = try read(anchor, false, .backward, limit + 1)
            page.rows = Array(rows.suffix(limit))
            page.hasMoreBefore = rows.count > limit
        case .around(let anchors):
            guard let anchor = try resolve(anchors, in: scope, db) else {
                page.request.placement = .start
                try fill(&page, scope: scope, read: read, db)
                page.request = request
                return
            }
            let beforeCount = limit / 3
            let before = try read(anchor, false, .backward, beforeCount + 1)
            let after = try read(anchor, true, .forward, limit - beforeCount + 1)
            let kept = Array(before.suffix(beforeCount))
            page.rows = kept + after.prefix(limit - beforeCount)
            page.hasMoreBefore = before.count > beforeCount
            page.hasMoreAfter = after.count > limit - beforeCount
            page.selectedIndex = after.isEmpty ? max(kept.count - 1, 0) : kept.count
        }
    }

    /// The anchor to read around: the first anchor that is in the listing now (as it is
    /// now), else the first whose last-seen copy was in it (its place, by key).
    private func resolve(_ anchors: [Reminder], in scope: PageScope, _ db: Database) throws -> Reminder? {
        for anchor in anchors {
            if let current = try db.reminder(number: anchor.number), scope.contains(current) { return current }
        }
        return anchors.first { scope.contains($0) }
    }

    private func memoryWindow(_ request: WindowRequest, _ db: Database) throws -> WindowPage {
        var wanted = DataSource.memoryChunk
        while true {
            let (rows, index, isWhole) = try memoryRows(for: request.scope, showsCompleted: request.showsCompleted, atLeast: wanted, db)
            if let page = try memorySlice(request, rows: rows, index: index, isWhole: isWhole, db) { return page }
            wanted = wanted > Int.max / 8 ? Int.max : wanted * 4
        }
    }

    /// The window `request` asks for from the first rows of a listing, or nil when it
    /// reaches past them (or its anchor is not among them) and more must be read.
    private func memorySlice(_ request: WindowRequest, rows: [Reminder], index: [Reminder.Number: Int],
                             isWhole: Bool, _ db: Database) throws -> WindowPage? {
        let limit = max(request.limit, 1)
        // Whether rows up to `upper` (exclusive) are known, with one more to tell if there are more.
        func known(_ upper: Int) -> Bool { isWhole || upper < rows.count }
        var page = WindowPage(request: request, rows: [], selectedIndex: 0, hasMoreBefore: false, hasMoreAfter: false)
        if case .search = request.scope {
            // The whole result is in memory (a tester: "63+ found" counted the rows of the window,
            // and the 1,000 cap was not said).
            page.matchCount = rows.count
            page.isCapped = memory?.isCapped ?? false
        }
        func slice(_ lower: Int, _ upper: Int) {
            let lower = max(0, lower), upper = min(rows.count, max(upper, lower))
            page.rows = Array(rows[lower..<upper])
            page.hasMoreBefore = lower > 0
            page.hasMoreAfter = upper < rows.count
        }
        switch request.placement {
        case .start:
            guard known(limit) else { return nil }
            slice(0, limit)
        case .end:
            guard isWhole else { return nil }
            slice(rows.count - limit, rows.count)
            page.selectedIndex = max(page.rows.count - 1, 0)
        case .after(let anchor):
            guard let at = index[anchor.number] else { return isWhole ? page : nil }
            guard known(at + 1 + limit) else { return nil }
            slice(at + 1, at + 1 + limit)
            page.hasMoreBefore = true
        case .before(let anchor):
            guard let at = index[anchor.number] else { return isWhole ? page : nil }
            slice(at - limit, at)
            page.hasMoreAfter = true
        case .around(let anchors):
            guard let at = try place(of: anchors, index: index, count: rows.count, isWhole: isWhole, scope: request.scope,
                                     showsCompleted: request.showsCompleted, db),
                  known(at + limit) else { return nil }
            let lower = max(0, min(at - limit / 3, rows.count - limit))
            slice(lower, lower + limit)
            page.selectedIndex = min(max(at - lower, 0), max(page.rows.count - 1, 0))
        }
        return page
    }

    /// Where to select in a listing in memory: the first anchor still in it; else the
    /// first row, in the order before the change, that followed the first anchor and is
    /// still in it; else the end. Nil when that cannot be told from the first rows alone
    /// (an anchor still in the listing, or the row that followed, is past them).
    private func place(of anchors: [Reminder], index: [Reminder.Number: Int], count: Int, isWhole: Bool,
                       scope: Scope, showsCompleted: Bool, _ db: Database) throws -> Int? {
        for anchor in anchors {
            if let at = index[anchor.number] { return at }
            if !isWhole, case .smart(let smart) = scope, let current = try db.reminder(number: anchor.number),
               isIn(smart, current, showsCompleted: showsCompleted) {
                return nil
            }
        }
        if let first = anchors.first, let old = previousOrder.firstIndex(of: first.number) {
            for number in previousOrder[old...] {
                if let at = index[number] { return at }
            }
        }
        return isWhole ? max(count - 1, 0) : nil
    }

    /// Whether `reminder` is in the smart list `smart` now (the rules of the store's listing;
    /// with `showsCompleted`, Apple's Show Completed: a completed one due today is in Today).
    private func isIn(_ smart: SmartList, _ reminder: Reminder, showsCompleted: Bool) -> Bool {
        let now = clock()
        if reminder.isCompleted {
            guard showsCompleted, Scope.smart(smart).takesShowCompleted else { return smart == .completed }
            switch smart {
            case .today: return reminder.due.map { $0.day(in: timeZone) == LocalDateTime(now, in: timeZone).day } ?? false
            case .scheduled: return reminder.due != nil
            case .flagged: return reminder.isFlagged
            default: return true
            }
        }
        switch smart {
        case .today: return reminder.due.map { SidebarCounts.isDueToday($0, today: LocalDateTime(now, in: timeZone).day, zone: timeZone) } ?? false
        case .overdue: return reminder.isOverdue(at: now, in: timeZone)
        case .scheduled: return reminder.due != nil
        case .flagged: return reminder.isFlagged
        case .all: return true
        case .completed: return false
        }
    }

    /// The listing of `scope` in memory with at least `wanted` rows when it has that many.
    private func memoryRows(for scope: Scope, showsCompleted: Bool, atLeast wanted: Int,
                            _ db: Database) throws -> ([Reminder], [Reminder.Number: Int], Bool) {
        let showsCompleted = showsCompleted && scope.takesShowCompleted
        if let memory, memory.scope == scope, memory.showsCompleted == showsCompleted {
            if memory.isWhole || memory.rows.count >= wanted { return (memory.rows, memory.index, memory.isWhole) }
            // More of the same rows: the order before the last change stays what it was.
            self.memory = nil
        }
        if memory != nil { forgetMemory() }
        let request: ListingRequest
        var limit: Int?
        switch scope {
        case .search(let query):
            // One more than shown, to tell "1,000 found" from "more match" (a tester).
            request = ListingRequest(source: .everyList, search: query, includesCompleted: true,
                                     limit: DataSource.searchLimit + 1, detail: .full)
        case .smart(let smart):
            limit = wanted == Int.max ? nil : wanted
            request = ListingRequest(source: .smartList(smart), includesCompleted: showsCompleted, limit: limit, detail: .full)
        case .list(let id):
            request = ListingRequest(source: .listID(id), includesCompleted: true, detail: .full)
        }
        guard case .full(var rows) = try Actions.listing(request, in: db, context: actionContext(at: clock())).rows else {
            preconditionFailure("a .full listing gives full rows")
        }
        var isCapped = false
        if case .search = scope, rows.count > DataSource.searchLimit {
            rows.removeLast(rows.count - DataSource.searchLimit)
            isCapped = true
        }
        var index: [Reminder.Number: Int] = [:]
        index.reserveCapacity(rows.count)
        for (offset, reminder) in rows.enumerated() { index[reminder.number] = offset }
        let isWhole = limit.map { rows.count < $0 } ?? true
        memory = (scope, showsCompleted, rows, index, isWhole, isCapped)
        return (rows, index, isWhole)
    }
}
