import Foundation
import TickModel
import TickStore
import TickInterchange

extension SyncEngine {
    /// Whether a server item is to be put in its place in Tick's list after it is saved:
    /// it is new to the list, or its `X-APPLE-SORT-ORDER` is not the one of the last sync
    /// (another client moved it).
    func needsPlacing(_ item: ServerItem, state: SyncedItem?) -> Bool {
        guard let state else { return true }
        return ICalendarSortOrder.value(in: item.reminder.iCalendarExtras) != SyncEngine.sortOrder(inObject: state.base)
    }

    /// The first `X-APPLE-SORT-ORDER` of an iCalendar object (its to-do's), nil when none.
    static func sortOrder(inObject text: String) -> Int64? {
        guard let range = text.range(of: "\nX-APPLE-SORT-ORDER:") else { return nil }
        let value = text[range.upperBound...].prefix { $0.isNumber || $0 == "-" }
        return Int64(value)
    }

    /// Puts the reminders `uids` of `list` in their places in Apple's order: each goes just
    /// before the first reminder (in Tick's order, the others keeping theirs) that sorts
    /// after it (`ICalendarSortOrder.key(of:)`: the kept `X-APPLE-SORT-ORDER`, else the
    /// creation time; equal keys by UID). Positions are not what a reminder says: nothing is sent back.
    /// - Complexity: O(n + k log k) for k reminders placed in a list of n; nothing is read
    ///   when k is 0.
    func place(_ uids: Set<ReminderUID>, in list: ReminderList) throws {
        guard !uids.isEmpty else { return }
        try store.write { db in
            let all = try db.allReminders(inList: list.id)
            // Each with its place in Apple's order, worked out once (equal keys by UID, as
            // `tick serve` and every other Tick order them: two to-dos given one value on two
            // sides between syncs).
            let keyed = all.map { (number: $0.number, key: ICalendarSortOrder.orderKey(of: $0), placing: uids.contains($0.uid)) }
            let staying = keyed.filter { !$0.placing }
            let placing = keyed.filter(\.placing).sorted { $0.key < $1.key }
            var order: [Reminder.Number] = []
            order.reserveCapacity(all.count)
            var next = placing.startIndex
            for reminder in staying {
                while next < placing.endIndex, placing[next].key < reminder.key {
                    order.append(placing[next].number)
                    next += 1
                }
                order.append(reminder.number)
            }
            order += placing[next...].map(\.number)
            if order != all.map(\.number) { try db.reorder(list: list.id, as: order) }
        }
    }
}
