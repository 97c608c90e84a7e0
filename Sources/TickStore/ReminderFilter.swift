import Foundation
import TickModel

/// Which reminders a listing shows. Every condition set must hold.
public struct ReminderFilter: Sendable, Equatable {
    /// Only this list.
    public var listID: ReminderList.ID?
    /// Only this smart list (its own rules for completion and order apply).
    public var smartList: SmartList?
    /// Only reminders with this tag (ASCII case ignored).
    public var tag: String?
    /// Only reminders that match this search (see `Database.searchCondition`).
    public var search: SearchQuery?
    /// Only direct subtasks of the reminder with this UID.
    public var parentUID: ReminderUID?
    /// Include completed reminders. In a smart list, Apple Reminders' "Show Completed":
    /// `today` adds the completed ones due today (not those due before: done, they are not
    /// overdue), `scheduled` and `flagged` every completed one of theirs, `all` every one;
    /// `overdue` and `completed` ignore it (the one holds open reminders only, the other
    /// completed ones only).
    public var includesCompleted: Bool
    /// At most this many reminders (counted after sorting).
    public var limit: Int?
    /// The order asked for; nil for the listing's own (see `Database.reminders(_:now:timeZone:)`).
    public var order: ReminderOrder?
    /// Only reminders without a value for this key (no due date, no priority): the part
    /// of a sorted listing that comes after the sorted part, in manual order.
    var lacking: ReminderOrder.Key?
    /// Only these reminders, in place of `search`: the matches of a search that can be
    /// among the rows shown (`Database.narrowedSearch(_:)`).
    var numbers: [Int64]?

    public init(listID: ReminderList.ID? = nil, smartList: SmartList? = nil, tag: String? = nil,
                search: SearchQuery? = nil, parentUID: ReminderUID? = nil, includesCompleted: Bool = false,
                limit: Int? = nil, order: ReminderOrder? = nil) {
        self.listID = listID
        self.smartList = smartList
        self.tag = tag
        self.search = search
        self.parentUID = parentUID
        self.includesCompleted = includesCompleted
        self.limit = limit
        self.order = order
    }
}
