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
/// capped search hits), so they are read whole once and paged in memory until the data
/// changes.
///
/// Not Sendable: it lives on the UI's one thread, like the state it serves.
final class DataSource {
    /// The most search hits read.
    static let searchLimit = 1_000

    let store: Store
    let clock: @Sendable () -> Date
    let timeZone: TimeZone
    /// The locale dates are shown in.
    let locale: Locale
    /// The default alarm a reminder given a due date gets, as on the command line.
    let alarmDefaults: AlarmDefaults
    private var knownDataVersion: Int64?
    /// A listing read whole: its scope and rows, valid until the data changes.
    private var memory: (scope: Scope, rows: [Reminder], index: [Reminder.Number: Int])?
    /// The order of the listing read whole before the last change, to find where a
    /// reminder that left it used to be.
    private var previousOrder: [Reminder.Number] = []

    /// A data source over `store`; `clock` stamps changes and dates smart lists;
    /// `alarmDefaults` gives reminders that get a due date their alarm.
    init(store: Store, clock: @escaping @Sendable () -> Date, timeZone: TimeZone, locale: Locale = Locale(identifier: "en_US_POSIX"),
         alarmDefaults: AlarmDefaults = AlarmDefaults()) {
        self.store = store
        self.clock = clock
        self.timeZone = timeZone
        self.locale = locale
        self.alarmDefaults = alarmDefaults
    }

    /// Performs `effect` and returns the event that answers it (nil for none).
    func perform(_ effect: Effect) -> AppEvent? {
        do {
            switch effect {
            case .reloadAll(let request):
                forgetMemory()
                return .loaded(try snapshot(request))
            case .loadWindow(let request):
                return .loadedWindow(try store.read { db in try self.window(request, db) })
            case .apply(let change, let isUndo):
                let outcome = try store.write { db in try self.apply(change, isUndo: isUndo, db) }
                forgetMemory()
                return .applied(outcome)
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
            return .failed(error.message)
        } catch let error as ActionError {
            return .failed(DataSource.message(for: error))
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
        if let scope = request.scope.pageScope(showsCompleted: request.showsCompleted) {
            return try keysetWindow(request, scope: scope, db)
        }
        return try memoryWindow(request, db)
    }

    private func keysetWindow(_ request: WindowRequest, scope: PageScope, _ db: Database) throws -> WindowPage {
        let limit = max(request.limit, 1)
        var page = WindowPage(request: request, rows: [], selectedIndex: 0, hasMoreBefore: false, hasMoreAfter: false)
        switch request.placement {
        case .start:
            let rows = try Actions.page(scope, from: nil, direction: .forward, limit: limit + 1, in: db)
            page.rows = Array(rows.prefix(limit))
            page.hasMoreAfter = rows.count > limit
        case .end:
            let rows = try Actions.page(scope, from: nil, direction: .backward, limit: limit + 1, in: db)
            page.rows = Array(rows.suffix(limit))
            page.hasMoreBefore = rows.count > limit
            page.selectedIndex = max(page.rows.count - 1, 0)
        case .after(let anchor):
            let rows = try Actions.page(scope, from: anchor, direction: .forward, limit: limit + 1, in: db)
            page.rows = Array(rows.prefix(limit))
            page.hasMoreAfter = rows.count > limit
        case .before(let anchor):
            let rows = try Actions.page(scope, from: anchor, direction: .backward, limit: limit + 1, in: db)
            page.rows = Array(rows.suffix(limit))
            page.hasMoreBefore = rows.count > limit
        case .around(let anchors):
            guard let anchor = try resolve(anchors, in: scope, db) else {
                return try keysetWindow(WindowRequest(scope: request.scope, showsCompleted: request.showsCompleted,
                                                      placement: .start, limit: request.limit,
                                                      generation: request.generation), scope: scope, db)
            }
            let beforeCount = limit / 3
            let before = try Actions.page(scope, from: anchor, direction: .backward, limit: beforeCount + 1, in: db)
            let after = try Actions.page(scope, from: anchor, includingAnchor: true, direction: .forward,
                                         limit: limit - beforeCount + 1, in: db)
            let kept = Array(before.suffix(beforeCount))
            page.rows = kept + after.prefix(limit - beforeCount)
            page.hasMoreBefore = before.count > beforeCount
            page.hasMoreAfter = after.count > limit - beforeCount
            page.selectedIndex = after.isEmpty ? max(kept.count - 1, 0) : kept.count
        }
        return page
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
        let (rows, index) = try memoryRows(for: request.scope, db)
        let limit = max(request.limit, 1)
        var page = WindowPage(request: request, rows: [], selectedIndex: 0, hasMoreBefore: false, hasMoreAfter: false)
        func slice(_ lower: Int, _ upper: Int) {
            let lower = max(0, lower), upper = min(rows.count, max(upper, lower))
            page.rows = Array(rows[lower..<upper])
            page.hasMoreBefore = lower > 0
            page.hasMoreAfter = upper < rows.count
        }
        switch request.placement {
        case .start:
            slice(0, limit)
        case .end:
            slice(rows.count - limit, rows.count)
            page.selectedIndex = max(page.rows.count - 1, 0)
        case .after(let anchor):
            guard let at = index[anchor.number] else { break }
            slice(at + 1, at + 1 + limit)
            page.hasMoreBefore = true
        case .before(let anchor):
            guard let at = index[anchor.number] else { break }
            slice(at - limit, at)
            page.hasMoreAfter = true
        case .around(let anchors):
            let at = place(of: anchors, index: index, count: rows.count)
            let lower = max(0, min(at - limit / 3, rows.count - limit))
            slice(lower, lower + limit)
            page.selectedIndex = min(max(at - lower, 0), max(page.rows.count - 1, 0))
        }
        return page
    }

    /// Where to select in a listing read whole: the first anchor still in it; else the
    /// first row, in the order before the change, that followed the first anchor and is
    /// still in it; else the end.
    private func place(of anchors: [Reminder], index: [Reminder.Number: Int], count: Int) -> Int {
        for anchor in anchors {
            if let at = index[anchor.number] { return at }
        }
        if let first = anchors.first, let old = previousOrder.firstIndex(of: first.number) {
            for number in previousOrder[old...] {
                if let at = index[number] { return at }
            }
        }
        return max(count - 1, 0)
    }

    private func memoryRows(for scope: Scope, _ db: Database) throws -> ([Reminder], [Reminder.Number: Int]) {
        if let memory, memory.scope == scope { return (memory.rows, memory.index) }
        if memory != nil { forgetMemory() }
        let request: ListingRequest
        switch scope {
        case .search(let text):
            request = ListingRequest(source: .everyList, text: text, includesCompleted: true,
                                     limit: DataSource.searchLimit, detail: .full)
        case .smart(let smart):
            request = ListingRequest(source: .smartList(smart), detail: .full)
        case .list(let id):
            request = ListingRequest(source: .listID(id), includesCompleted: true, detail: .full)
        }
        guard case .full(let rows) = try Actions.listing(request, in: db, context: actionContext(at: clock())).rows else {
            preconditionFailure("a .full listing gives full rows")
        }
        var index: [Reminder.Number: Int] = [:]
        index.reserveCapacity(rows.count)
        for (offset, reminder) in rows.enumerated() { index[reminder.number] = offset }
        memory = (scope, rows, index)
        return (rows, index)
    }
}
