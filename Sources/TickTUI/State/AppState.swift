import Foundation
import TickActions
import TickModel
import TickStore

/// Everything the UI shows and remembers, as a value. ``AppState/update(_:_:)`` is the
/// only way it changes.
struct AppState: Sendable {
    /// Which pane has the keyboard in browse mode.
    enum Focus: Hashable, Sendable { case sidebar, table }

    /// The terminal size.
    var size: ScreenSize
    /// The clock reading, time zone and locale for dates.
    var dateContext: DateContext
    /// Every list, in the user's order.
    var lists: [ReminderList] = []
    /// The sidebar's counts.
    var counts = SidebarCounts()
    /// The selected sidebar entry.
    var sidebarItem: SidebarItem = .list(ReminderList.ID(rawValue: ""))
    /// What the table shows.
    var scope: Scope = .smart(.today)
    /// The scope to go back to when a search is left.
    var scopeBeforeSearch: Scope?
    /// The lists and smart lists that show their completed reminders (`c`), each its own, as
    /// Apple Reminders' Show Completed is (a tester: `c` in one list showed them in all).
    var completedShownIn: Set<Scope> = []
    /// Whether the table's scope shows its completed reminders (dimmed, checked). Hidden at
    /// first, as `tick list` and Apple Reminders hide them; `c` shows them.
    var showsCompleted: Bool {
        get { completedShownIn.contains(scope) }
        set { if newValue { completedShownIn.insert(scope) } else { completedShownIn.remove(scope) } }
    }
    /// The table's window.
    var table = TableState()
    /// The parents whose subtasks are hidden, in every list (kept across reloads).
    var collapsed = CollapsedParents()
    /// Which pane has the keyboard.
    var focus = Focus.table
    /// The dialog, if any.
    var mode = Mode.browse
    /// The feedback line.
    var message: StatusMessage?
    /// Steps `u` can take back, the latest last.
    var undoStack: [UndoEntry] = []
    /// Counts window requests, so that a late answer to an old one is dropped.
    var generation = 0
    /// The screen line (0 is the table's first) where the selected row should stay when
    /// the next window arrives; nil keeps it where it is.
    var preferredLine: Int?
    /// Whether the UI asked to quit.
    var isQuitting = false
    /// The undo step being applied; put back on the stack if applying it fails.
    var undoInFlight: UndoEntry?
    /// Whether the first list was opened after the first read.
    var hasOpenedFirstList = false

    /// The most undo steps remembered.
    static let undoLimit = 100

    /// A state before anything is read: the table opens on the first list once loaded.
    init(size: ScreenSize, dateContext: DateContext) {
        self.size = size
        self.dateContext = dateContext
    }

    /// The screen's layout.
    var layout: Layout { Layout(size) }

    /// The table's height in rows.
    var visibleRows: Int { layout.contentHeight }

    /// How many rows a window holds: the screen and two more screens around it.
    var windowSize: Int { max(visibleRows * 3, 30) }

    /// Rows kept read beyond each edge of the screen before more are asked for.
    var margin: Int { max(visibleRows, 10) }

    /// The sidebar's entries: the smart lists, then the user's lists.
    var sidebarItems: [SidebarItem] {
        Scope.sidebarSmartLists.map(SidebarItem.smart) + lists.map { .list($0.id) }
    }

    /// The list with `id`, if it exists.
    func list(_ id: ReminderList.ID) -> ReminderList? {
        lists.first { $0.id == id }
    }

    /// The list new reminders go to: the one shown, else the first.
    var targetListID: ReminderList.ID? {
        if case .list(let id) = scope, list(id) != nil { return id }
        return lists.first?.id
    }
}
