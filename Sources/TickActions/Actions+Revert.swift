import Foundation
import TickModel
import TickStore

extension Actions {
    /// Puts reminder `number` back to `snapshot`, an earlier state of it that a front
    /// end kept to undo an edit (the UI's undo): every field takes the snapshot's value
    /// but the number, the UID and the creation time, which stay the stored ones, and
    /// `modifiedAt`, which becomes `context.now`. Put back into another list, it takes
    /// the snapshot's place there, not the end.
    ///
    /// The caller decides which fields go back (the UI puts back only those no other
    /// process changed since); the rules of the dates with their alarms are
    /// `changeDates(of:due:start:schedule:context:)`'s, applied by the caller first.
    ///
    /// - Returns: the reminder as stored.
    /// - Throws: `ActionError.reminderNotFound` when it was deleted since,
    ///   `ActionError.listGone` when the snapshot's list was; the store's error.
    public static func revert(_ number: Reminder.Number, to snapshot: Reminder, context: ActionContext,
                              in db: some StoreTransaction) throws -> Reminder {
        let current = try db.existingReminder(number)
        guard try db.list(id: snapshot.listID) != nil else { throw ActionError.listGone(snapshot.listID) }
        var reverted = snapshot
        reverted.number = current.number
        reverted.uid = current.uid
        reverted.createdAt = current.createdAt
        reverted.markRevised(at: context.now, above: current.iCalendarExtras)
        try markRecordedDeliveries(of: &reverted, through: context.now, in: context.timeZone, db: db)
        try db.update(reverted)
        if reverted.listID != current.listID {
            // The first update put it at the end of the list; this one puts it at its place.
            try db.update(reverted)
        }
        return try db.existingReminder(number)
    }
}
