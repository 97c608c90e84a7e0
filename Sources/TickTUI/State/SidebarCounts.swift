import Foundation
import TickActions
import TickModel

/// The numbers the sidebar shows next to each smart list and list.
///
/// Read in full when the UI opens and when another process changed the database (that
/// costs a count over the indexes, O(reminders)); after the UI's own changes they are
/// updated from the reminder before and after the change, in O(1), with the same rules
/// the store's smart-list queries use.
struct SidebarCounts: Hashable, Sendable {
    /// Open reminders due today or earlier.
    var today = 0
    /// Open reminders with a due date.
    var scheduled = 0
    /// Open flagged reminders.
    var flagged = 0
    /// Open reminders.
    var all = 0
    /// Completed reminders.
    var completed = 0
    /// Open reminders per list; lists without any are absent.
    var lists: [ReminderList.ID: Int] = [:]

    /// The count shown for a sidebar entry.
    subscript(item: SidebarItem) -> Int {
        switch item {
        case .smart(.today), .smart(.overdue): return today
        case .smart(.scheduled): return scheduled
        case .smart(.flagged): return flagged
        case .smart(.all): return all
        case .smart(.completed): return completed
        case .list(let id): return lists[id] ?? 0
        }
    }

    /// Counts the change from `old` to `new` (nil for a reminder that did not exist
    /// before, or no longer exists).
    /// - Parameters:
    ///   - today: the current day in `zone`, for the Today rule.
    ///   - zone: the user's time zone.
    mutating func apply(replacing old: Reminder?, with new: Reminder?, today day: CalendarDay, zone: TimeZone) {
        if let old { add(old, sign: -1, today: day, zone: zone) }
        if let new { add(new, sign: 1, today: day, zone: zone) }
    }

    private mutating func add(_ reminder: Reminder, sign: Int, today day: CalendarDay, zone: TimeZone) {
        guard !reminder.isCompleted else {
            completed += sign
            return
        }
        all += sign
        lists[reminder.listID, default: 0] += sign
        if reminder.isFlagged { flagged += sign }
        if let due = reminder.due {
            scheduled += sign
            if SidebarCounts.isDueToday(due, today: day, zone: zone) { today += sign }
        }
    }

    /// The Today rule of the store's smart list: due on or before today, read in `zone`.
    static func isDueToday(_ due: Due, today: CalendarDay, zone: TimeZone) -> Bool {
        due.day(in: zone) <= today
    }
}

extension SidebarCounts {
    /// Counts as read from the store (an extension, so the memberwise initializer stays).
    init(_ totals: SidebarTotals) {
        self.init(today: totals.today, scheduled: totals.scheduled, flagged: totals.flagged, all: totals.all,
                  completed: totals.completed, lists: totals.openCounts)
    }
}
