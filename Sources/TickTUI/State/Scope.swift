import TickModel
import TickStore

/// What the table shows: a smart list, one of the user's lists, or search results.
enum Scope: Hashable, Sendable {
    /// A smart list computed from every list (Today, Scheduled, Flagged, All, Completed).
    case smart(SmartList)
    /// One list of the user's, in manual order.
    case list(ReminderList.ID)
    /// Reminders that match a search (typed at the `/` prompt).
    case search(SearchQuery)

    /// The smart lists the sidebar shows, in order (Apple Reminders' set; `overdue` is
    /// part of Today).
    static let sidebarSmartLists: [SmartList] = [.today, .scheduled, .flagged, .all, .completed]

    /// The store listing that pages this scope by key, or nil when the scope must be read
    /// whole and sorted in memory (due-date order and search results).
    func pageScope(showsCompleted: Bool) -> PageScope? {
        switch self {
        case .list(let id): return .list(id, includesCompleted: showsCompleted)
        case .smart(.all): return showsCompleted ? .every : .open
        case .smart(.flagged): return showsCompleted ? .everyFlagged : .flagged
        case .smart(.completed): return .completed
        case .smart, .search: return nil
        }
    }

    /// Whether `c` (Apple's Show Completed) adds the completed reminders: a list and the
    /// smart lists Today, Scheduled, Flagged and All (as `tick list … --completed`); not
    /// Completed (nothing else to add), Overdue or a search (which finds them already).
    var takesShowCompleted: Bool {
        switch self {
        case .list: return true
        case .smart(let smart): return [.today, .scheduled, .flagged, .all].contains(smart)
        case .search: return false
        }
    }

    /// Whether the rows are in a list's manual order, so that J/K can reorder them.
    var isManuallyOrdered: Bool {
        if case .list = self { return true }
        return false
    }

    /// Whether rows come from several lists, so each row shows its list's color dot.
    var showsListOfEachRow: Bool {
        if case .list = self { return false }
        return true
    }
}

/// One entry of the sidebar.
enum SidebarItem: Hashable, Sendable {
    /// A smart list.
    case smart(SmartList)
    /// A list of the user's.
    case list(ReminderList.ID)

    /// The scope the table shows when this entry is selected.
    var scope: Scope {
        switch self {
        case .smart(let smart): return .smart(smart)
        case .list(let id): return .list(id)
        }
    }
}
