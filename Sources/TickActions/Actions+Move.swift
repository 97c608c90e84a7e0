import Foundation
import TickModel
import TickStore
import TickInterchange

/// A reminder after a move, and where it now stands.
public struct MovedReminder: Sendable, Equatable {
    /// The reminder as stored after the move.
    public var reminder: Reminder
    /// Its 1-based place among its list's open reminders, as a listing shows them; nil
    /// for a completed reminder, or when the caller did not ask for it.
    public var openIndex: Int?
}

extension Actions {
    /// Moves a reminder inside its list: to a 1-based place among the list's open
    /// reminders (past the end is last), or just before or after another reminder of
    /// the same list. Moving to another list is an edit of its list, not a move. A
    /// completed reminder moves in the manual order too (it has no open place, so
    /// `openIndex` is nil; it takes that place when reopened).
    /// - Throws: `ActionError.reminderNotFound` for either reminder;
    ///   `.anchorInAnotherList` when the other reminder is in another list;
    ///   `.placedRelativeToItself`; `.positionOutOfRange` for a place below 1;
    ///   `StoreError` from SQLite.
    /// - Parameter reportsOpenIndex: whether to count the reminder's place among the open
    ///   ones (`openIndex`), which reads every open reminder before it; the UI, which
    ///   shows the place by its window, does not ask.
    /// - Complexity: O(1) rows written in general, O(list) when its positions are respaced
    ///   or when `reportsOpenIndex` is true.
    public func move(_ number: Reminder.Number, to placement: ReminderPlacement,
                     reportsOpenIndex: Bool = true) throws -> MovedReminder {
        try store.write { db in try Actions.move(number, to: placement, reportsOpenIndex: reportsOpenIndex, in: db) }
    }

    /// `move(_:to:reportsOpenIndex:)` inside the caller's write transaction `db`.
    public static func move(_ number: Reminder.Number, to placement: ReminderPlacement,
                            reportsOpenIndex: Bool = true, in db: some StoreTransaction) throws -> MovedReminder {
        let reminder = try db.existingReminder(number)
        switch placement {
        case .before(let other), .after(let other):
            guard other != number else { throw ActionError.placedRelativeToItself(number) }
            let anchor = try db.existingReminder(other)
            guard anchor.listID == reminder.listID else {
                throw ActionError.anchorInAnotherList(reminder: number, anchor: other, listName: try db.list(id: anchor.listID)?.name ?? "")
            }
        case .index(let index):
            guard index >= 1 else { throw ActionError.positionOutOfRange(index) }
        }
        var moved = reminder
        moved.position = try db.move(number, to: placement)
        // The moved reminder (and only it) gets Apple's sort order between its new
        // neighbours', so that the move reaches every CalDAV client: the servers `tick sync`
        // talks to (a change of what it says, so the next sync sends it) and the phones that
        // sync with `tick serve` (its ETag changes), whichever list it is in.
        let (before, after) = try db.neighbours(of: number)
        let value = ICalendarSortOrder.between(before.map(ICalendarSortOrder.key(of:)), after.map(ICalendarSortOrder.key(of:)))
        if value != ICalendarSortOrder.value(in: moved.iCalendarExtras) {
            moved.iCalendarExtras = ICalendarSortOrder.settingValue(value, in: moved.iCalendarExtras)
            try db.update(moved)
        }
        return MovedReminder(reminder: moved, openIndex: reportsOpenIndex ? try db.openIndex(of: number) : nil)
    }
}
