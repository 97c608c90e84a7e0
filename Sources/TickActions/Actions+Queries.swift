import Foundation
import TickModel
import TickStore

/// How much of each reminder a listing reads.
public enum ListingDetail: Sendable, Equatable {
    /// What a table shows (`ReminderSummary`): several times cheaper per row.
    case summaries
    /// Every field (`Reminder`): for JSON and editing.
    case full
}

/// The rows of a listing, in the form asked for, in the order they are shown.
public enum ListingRows: Sendable {
    /// Whole reminders (`ListingDetail.full`).
    case full([Reminder])
    /// Summaries (`ListingDetail.summaries`).
    case summaries([ReminderSummary])
    /// Rows handed one at a time to the closure of `Actions.listing(_:visiting:)`, as
    /// they were read; only their number is kept.
    case visited(count: Int)

    /// The number of rows.
    public var count: Int {
        switch self {
        case .full(let rows): return rows.count
        case .summaries(let rows): return rows.count
        case .visited(let count): return count
        }
    }
}

/// Where the reminders of a listing come from.
public enum ListingSource: Sendable, Equatable {
    /// One list by name (case and normalization ignored), or the default list for nil.
    case list(named: String?)
    /// One list by identifier (a list a front end showed).
    case listID(ReminderList.ID)
    /// A smart list (today, scheduled, flagged, overdue, completed, all), by its own
    /// rules of completion and order.
    case smartList(SmartList)
    /// A smart list narrowed to one list, by name (`tick list today --list Work`).
    case smartListInList(SmartList, listNamed: String)
    /// Every list, in the lists' order (with a tag or words that narrow it).
    case everyList
}

/// What a listing shows: a list, a smart list or a search, narrowed by tag and words.
public struct ListingRequest: Sendable, Equatable {
    /// Where the reminders come from.
    public var source: ListingSource
    /// Only reminders with this tag (ASCII case ignored).
    public var tag: String?
    /// Only reminders that match this search.
    public var search: SearchQuery?
    /// Include completed reminders: a list's all; a smart list's as Apple's Show Completed
    /// (`ReminderFilter.includesCompleted`; `overdue` and `completed` decide for themselves).
    public var includesCompleted: Bool
    /// At most this many rows (counted after sorting).
    public var limit: Int?
    /// The order asked for (`--sort`); nil for the listing's own.
    public var order: ReminderOrder?
    /// Summaries for a table, whole reminders for JSON.
    public var detail: ListingDetail

    /// A listing request.
    public init(source: ListingSource, tag: String? = nil, search: SearchQuery? = nil, includesCompleted: Bool = false,
                limit: Int? = nil, order: ReminderOrder? = nil, detail: ListingDetail = .summaries) {
        self.source = source
        self.tag = tag
        self.search = search
        self.includesCompleted = includesCompleted
        self.limit = limit
        self.order = order
        self.detail = detail
    }
}

/// A listing as a front end shows it.
public struct ListingResult: Sendable {
    /// The rows.
    public var rows: ListingRows
    /// The list shown, when the source is one list.
    public var list: ReminderList?
    /// The list a smart list was narrowed to (`ListingSource.smartListInList`).
    public var narrowedTo: ReminderList?
    /// The open reminders of the list shown (all of them, whatever the limit), else the
    /// number of rows.
    public var openCount: Int
    /// Every list by identifier, for the names and colors beside the rows.
    public var lists: [ReminderList.ID: ReminderList]
}

/// One reminder with what its detail view shows around it.
public struct ReminderDetail: Sendable {
    /// The reminder.
    public var reminder: Reminder
    /// Its list.
    public var list: ReminderList?
    /// Every list by identifier.
    public var lists: [ReminderList.ID: ReminderList]
    /// Its direct subtasks, open and completed, in their list's order.
    public var subtasks: [Reminder]
    /// The reminder it is a subtask of, if any: one of its own list (a parent link holds
    /// within one list).
    public var parent: Reminder?
    /// The list of the reminder its parent UID names when that is in another list (an
    /// import's or a CalDAV client's link, which makes no subtask); nil otherwise.
    public var parentElsewhere: ReminderList?
    /// How many occurrences of a repeating reminder were completed.
    public var completedOccurrences: Int
}

/// Everything in the database, or in one list: what an export writes.
public struct ExportContents: Sendable {
    /// The lists, in the user's order (the one list when one was named).
    public var lists: [ReminderList]
    /// Their reminders, lists in order, then manual order.
    public var reminders: [Reminder]
}

/// What an export reads, a reminder at a time, inside one read transaction: the lists
/// and a way to walk their reminders without holding them all. Valid only inside the
/// closure of `Actions.export(of:_:)`.
public struct ExportSource {
    fileprivate let db: Database
    /// The lists, in the user's order (the one list when one was named).
    public let lists: [ReminderList]
    /// The one list exported, nil for everything.
    fileprivate let listID: ReminderList.ID?
    /// Set for `Actions.salvage`: what cannot be read is noted here and left out.
    fileprivate var salvage: SalvageLog? = nil

    /// How many reminders of the database an export of everything leaves out because their
    /// list is not there (a damaged file, or rows written with foreign keys off): 0 for one
    /// list's export.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(n log n) in the reminders.
    public func remindersWithoutTheirList() throws -> Int {
        listID == nil && salvage == nil ? try db.remindersWithoutTheirList() : 0
    }

    /// How many reminders the export holds.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(n), counted from an index.
    public func reminderCount() throws -> Int {
        if let listID { return try db.reminderCount(inList: listID) }
        return try db.reminderCount()
    }

    /// How many reminders `list` holds (0: an iCalendar export leaves it out).
    /// - Throws: `StoreError` from SQLite.
    public func reminderCount(inList list: ReminderList.ID) throws -> Int {
        try db.reminderCount(inList: list)
    }

    /// Calls `body` with the due and start dates and kept iCalendar lines of each reminder
    /// of `list` that has a time zone or kept lines, in manual order (for the zones an
    /// iCalendar header names), without reading the rest of the reminders.
    /// - Throws: `StoreError` from SQLite, or what `body` throws.
    public func forEachZoneUse(inList list: ReminderList.ID,
                               _ body: (_ due: Due?, _ start: Due?, _ extras: String) throws -> Void) throws {
        try db.forEachZoneUse(inList: list, body)
    }

    /// Calls `body` with each reminder exported (or only `list`'s), lists in order, then
    /// manual order: the order of `ExportContents.reminders`.
    /// - Throws: `StoreError` from SQLite, or what `body` throws.
    /// - Complexity: O(n); holds one reminder at a time.
    public func forEachReminder(inList list: ReminderList.ID? = nil, _ body: (Reminder) throws -> Void) throws {
        try db.forEachReminder(inList: list ?? listID, body)
    }

    /// Calls `body` with each reminder exported (or only `list`'s) read in place, in the
    /// order of `forEachReminder(inList:_:)`: what a JSON archive is written from.
    /// - Throws: `StoreError` from SQLite, or what `body` throws.
    /// - Complexity: O(n); holds one row at a time.
    public func forEachArchiveRow(inList list: ReminderList.ID? = nil, _ body: (ArchiveRow) throws -> Void) throws {
        if let salvage {
            try db.forEachSalvagedArchiveRow(unreadable: { salvage.note($0) }, body)
            return
        }
        try db.forEachArchiveRow(inList: list ?? listID, body)
    }

    /// The numbers of the reminders with completed occurrences (only these need
    /// `completedOccurrences(reminder:)`): a repeating reminder's history is in the archive.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(k) for the k completed occurrences stored.
    public func remindersWithCompletedOccurrences() throws -> Set<Int64> {
        guard let salvage else { return try db.remindersWithCompletedOccurrences() }
        do { return try db.remindersWithCompletedOccurrences() } catch let error as StoreError {
            salvage.note(error)
            return []
        }
    }

    /// Every completed occurrence of reminder `number`, earliest due first.
    /// - Throws: `StoreError` from SQLite.
    public func completedOccurrences(reminder number: Reminder.Number) throws -> [CompletedOccurrence] {
        guard let salvage else { return try db.completedOccurrences(reminder: number) }
        do { return try db.completedOccurrences(reminder: number) } catch let error as StoreError {
            salvage.note(error)
            return []
        }
    }
}

/// The lists in their order with their open counts (`tick lists`).
public struct ListsOverview: Sendable, Equatable {
    /// Every list, in the user's order.
    public var lists: [ReminderList]
    /// The number of open reminders in each list; lists with none are absent.
    public var openCounts: [ReminderList.ID: Int]
}

/// The counts a sidebar shows beside each list and smart list.
public struct SidebarTotals: Sendable, Equatable {
    /// Open reminders in each list; lists with none are absent.
    public var openCounts: [ReminderList.ID: Int] = [:]
    /// Every open reminder (`all`).
    public var all = 0
    /// Open reminders due today or earlier (`today`).
    public var today = 0
    /// Open reminders past their due date (`overdue`).
    public var overdue = 0
    /// Open reminders with a due date (`scheduled`).
    public var scheduled = 0
    /// Open flagged reminders (`flagged`).
    public var flagged = 0
    /// Completed reminders (`completed`).
    public var completed = 0

    /// Zero everywhere.
    public init() {}
}

extension Actions {
    /// The reminders a list, a smart list or a search shows, in display order.
    /// - Throws: `ActionError.listNotFound` for a list name that is none; `StoreError`
    ///   from SQLite.
    /// - Complexity: reads only the rows it returns, from indexes (see
    ///   `Database.reminders(_:now:timeZone:)`), plus the lists.
    public func listing(_ request: ListingRequest) throws -> ListingResult {
        try store.read { db in try Actions.listing(request, in: db, context: context) }
    }

    /// `listing(_:)` of summaries for a table that is laid out as the rows are read: the
    /// lists go to `start` first (for the cells beside the rows), with the number of open
    /// reminders the listing reads from (at most the limit; a hint to make room for the
    /// rows, not their count); then, when SQL gives the
    /// rows in display order (see `Database.forEachSummary`), each row goes to `body` in
    /// that order and the result's rows are `.visited`; otherwise `body` is not called and
    /// the rows are `.summaries`, as from `listing(_:)`. `request.detail` is ignored.
    /// - Throws: as `listing(_:)`, or what `start` or `body` throws.
    /// - Complexity: as `listing(_:)`; holds no row when they are visited.
    public func listing(_ request: ListingRequest, start: (_ lists: [ReminderList.ID: ReminderList], _ openCount: Int) throws -> Void,
                        visiting body: (SummaryRow) throws -> Void) throws -> ListingResult {
        // The optional parameter below is escaping by type; the closure does not outlive this call.
        try withoutActuallyEscaping(body) { body in
            try store.read { db in try Actions.listing(request, in: db, context: context, start: start, visiting: body) }
        }
    }

    /// `listing(_:)` inside the caller's transaction `db`; with `body`, as
    /// `listing(_:start:visiting:)`.
    public static func listing(_ request: ListingRequest, in db: Database, context: ActionContext,
                               start: (_ lists: [ReminderList.ID: ReminderList], _ openCount: Int) throws -> Void = { _, _ in },
                               visiting body: ((SummaryRow) throws -> Void)? = nil) throws -> ListingResult {
        let lists = try db.listsByID()
        var filter = ReminderFilter(tag: request.tag, search: request.search, includesCompleted: request.includesCompleted,
                                    limit: request.limit, order: request.order)
        var list: ReminderList?
        var narrowedTo: ReminderList?
        switch request.source {
        case .list(let name):
            let found = try db.targetList(named: name)
            filter.listID = found.id
            list = found
        case .listID(let id):
            guard let found = lists[id] else { throw ActionError.listGone(id) }
            filter.listID = id
            list = found
        case .smartList(let smartList):
            filter.smartList = smartList
        case .smartListInList(let smartList, let name):
            filter.smartList = smartList
            narrowedTo = try db.targetList(named: name)
            filter.listID = narrowedTo?.id
        case .everyList:
            break
        }
        if body != nil {
            let open = try filter.listID.map { try db.openCount(inList: $0) } ?? db.openCounts().values.reduce(0, +)
            try start(lists, min(open, request.limit ?? open))
        }
        let rows: ListingRows
        if let limit = request.limit, let listID = filter.listID, filter.smartList == nil, request.search == nil,
           request.tag == nil, request.order == nil,
           try db.hasOpenSubtasksUnderParents(inList: listID) {
            // A list whose subtasks are shown under their parents: its first rows are the
            // outline's, not the first of its flat order (a tester: `--limit 5` showed a parent
            // without the subtasks under it, and rows that come after them).
            let outline = try db.outline(ofList: listID, includesCompleted: request.includesCompleted, collapsed: CollapsedParents(),
                                         from: nil, direction: .forward, limit: limit).map(\.reminder)
            rows = body != nil || request.detail == .summaries ? .summaries(outline.map(ReminderSummary.init)) : .full(outline)
        } else if let body, let count = try db.forEachSummary(filter, now: context.now, timeZone: context.timeZone, body) {
            rows = .visited(count: count)
        } else if body != nil || request.detail == .summaries {
            rows = .summaries(try db.summaries(filter, now: context.now, timeZone: context.timeZone))
        } else {
            rows = .full(try db.reminders(filter, now: context.now, timeZone: context.timeZone))
        }
        let openCount = try list.map { try db.openCount(inList: $0.id) } ?? rows.count
        return ListingResult(rows: rows, list: list, narrowedTo: narrowedTo, openCount: openCount, lists: lists)
    }

    /// One reminder with its list, subtasks, parent and completed occurrences.
    /// - Throws: `ActionError.reminderNotFound`; `StoreError` from SQLite.
    /// - Complexity: O(subtasks + lists).
    public func reminderDetail(_ number: Reminder.Number) throws -> ReminderDetail {
        try store.read { db in try Actions.reminderDetail(number, in: db, context: context) }
    }

    /// `reminderDetail(_:)` inside the caller's transaction `db`.
    public static func reminderDetail(_ number: Reminder.Number, in db: some StoreTransaction,
                                      context: ActionContext) throws -> ReminderDetail {
        let reminder = try db.existingReminder(number)
        let subtasks = try db.subtasks(of: reminder)
        // A parent link holds within one list (`subtasks(of:)`).
        let named = try reminder.parentUID.flatMap { try db.reminder(uid: $0) }
        let lists = try db.listsByID()
        return ReminderDetail(reminder: reminder, list: lists[reminder.listID], lists: lists, subtasks: subtasks,
                              parent: named?.listID == reminder.listID ? named : nil,
                              parentElsewhere: named.flatMap { $0.listID == reminder.listID ? nil : lists[$0.listID] },
                              completedOccurrences: try db.completedOccurrenceCount(reminder: number))
    }

    /// Up to `limit` reminders of a paged listing next to `anchor`, in display order:
    /// what an interactive view shows a window at a time (see
    /// `Database.reminders(in:from:includingAnchor:direction:limit:)`).
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(limit + lists) rows read through indexes, whatever the listing's size.
    public static func page(_ scope: PageScope, from anchor: Reminder?, includingAnchor: Bool = false,
                            direction: PageDirection, limit: Int, in db: some ReminderStore) throws -> [Reminder] {
        try db.reminders(in: scope, from: anchor, includingAnchor: includingAnchor, direction: direction, limit: limit)
    }

    /// Up to `limit` rows of one list shown as an outline (each reminder with its subtasks
    /// under it, unless `collapsed` hides them) next to `anchor`, in display order: what
    /// the terminal UI shows of a list a window at a time (see
    /// `Database.outline(ofList:includesCompleted:collapsed:from:includingAnchor:direction:limit:)`).
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(limit) rows read through indexes, whatever the list's size.
    public static func outline(ofList id: ReminderList.ID, includesCompleted: Bool, collapsed: CollapsedParents,
                               from anchor: Reminder?, includingAnchor: Bool = false, direction: PageDirection,
                               limit: Int, in db: Database) throws -> [OutlineRow] {
        try db.outline(ofList: id, includesCompleted: includesCompleted, collapsed: collapsed, from: anchor,
                       includingAnchor: includingAnchor, direction: direction, limit: limit)
    }

    /// Every list and reminder, or one list's, for an export or a backup.
    /// - Parameter list: the list to export, or nil for everything.
    /// - Throws: `ActionError.listNotFound` / `.listGone`; `StoreError` from SQLite.
    /// - Complexity: O(n) in the reminders exported.
    public func exportContents(of list: ListReference?) throws -> ExportContents {
        try store.read { db in
            if let list {
                let found = try Actions.existingList(list, in: db)
                return ExportContents(lists: [found], reminders: try db.allReminders(inList: found.id))
            }
            return ExportContents(lists: try db.lists(), reminders: try db.allReminders())
        }
    }

    /// `export(of: nil, _:)` of a damaged database (`tick export --salvage`): the lists and the
    /// reminders read from their tables alone (a damaged index stops nothing), those whose list
    /// is not there included, each value or list that cannot be read left out and noted in
    /// `log`, and a reminder's completed occurrences left out when they cannot be read. Only the
    /// JSON archive is written this way (`forEachArchiveRow`).
    /// - Throws: `StoreError` when a table itself cannot be read; what `body` throws.
    public func salvage<T: Sendable>(into log: SalvageLog, _ body: (ExportSource) throws -> T) throws -> T {
        try store.read { db in
            var source = ExportSource(db: db, lists: try db.salvagedLists(unreadable: { log.note($0) }), listID: nil)
            source.salvage = log
            return try body(source)
        }
    }

    /// Runs `body` with every list and a way to read their reminders one at a time
    /// (or one list's), in one read transaction: an export of any size that never holds
    /// every reminder at once.
    /// - Parameter list: the list to export, or nil for everything.
    /// - Throws: `ActionError.listNotFound` / `.listGone`; `StoreError` from SQLite; what `body` throws.
    public func export<T: Sendable>(of list: ListReference?, _ body: (ExportSource) throws -> T) throws -> T {
        try store.read { db in
            if let list {
                let found = try Actions.existingList(list, in: db)
                return try body(ExportSource(db: db, lists: [found], listID: found.id))
            }
            return try body(ExportSource(db: db, lists: try db.lists(), listID: nil))
        }
    }

    /// Every list in order with its open count.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(lists), from the counts the store keeps.
    public func listsOverview() throws -> ListsOverview {
        try store.read { db in try Actions.listsOverview(in: db) }
    }

    /// `listsOverview()` inside the caller's transaction `db`.
    public static func listsOverview(in db: Database) throws -> ListsOverview {
        ListsOverview(lists: try db.lists(), openCounts: try db.openCounts())
    }

    /// The counts beside every list and smart list.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(lists) from the counts the store keeps, plus the reminders due
    ///   today or earlier counted over an index range (see `Database.dueCounts`).
    public static func sidebarTotals(in db: Database, context: ActionContext) throws -> SidebarTotals {
        var totals = SidebarTotals()
        totals.openCounts = try db.openCounts()
        totals.all = totals.openCounts.values.reduce(0, +)
        totals.flagged = try db.count(in: .flagged)
        totals.completed = try db.count(in: .completed)
        totals.scheduled = try db.scheduledCount()
        let due = try db.dueCounts(now: context.now, timeZone: context.timeZone)
        totals.today = due.today
        totals.overdue = due.overdue
        return totals
    }
}

/// What `Actions.salvage` could not read: each value or list, as the store words it.
public final class SalvageLog {
    public private(set) var unreadable: [StoreError] = []
    public init() {}
    func note(_ error: StoreError) { unreadable.append(error) }
}
