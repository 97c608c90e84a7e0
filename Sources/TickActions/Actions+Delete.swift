import Foundation
import TickModel
import TickStore

/// A reminder as it was when it was deleted, with what it takes to put it back.
public struct DeletedReminder: Sendable, Equatable {
    /// The reminder as stored just before it was deleted (number and position included).
    public var reminder: Reminder
    /// Its subtasks, which became top-level reminders when it was deleted.
    public var subtasks: [Reminder.Number]

    /// A deleted reminder and its former subtasks.
    public init(reminder: Reminder, subtasks: [Reminder.Number]) {
        self.reminder = reminder
        self.subtasks = subtasks
    }
}

extension Actions {
    /// Deletes reminders, each once, in the order given, in one transaction. Their
    /// numbers are never given to another reminder; their subtasks become top-level.
    /// - Returns: each deleted reminder with its former subtasks (enough to restore it).
    /// - Throws: `ActionError.reminderNotFound` for a number no reminder has (then
    ///   none is deleted); `StoreError` from SQLite.
    /// - Complexity: O(k log n) for k reminders among n.
    public func delete(_ numbers: [Reminder.Number]) throws -> [DeletedReminder] {
        try store.write { db in try Actions.delete(numbers, in: db) }
    }

    /// `delete(_:)` inside the caller's write transaction `db`.
    public static func delete(_ numbers: [Reminder.Number], in db: some StoreTransaction) throws -> [DeletedReminder] {
        var deleted: [DeletedReminder] = []
        var seen = Set<Reminder.Number>()
        for number in numbers where seen.insert(number).inserted {
            let reminder = try db.existingReminder(number)
            let subtasks = try db.subtaskNumbers(of: reminder)
            try db.deleteReminder(number)
            deleted.append(DeletedReminder(reminder: reminder, subtasks: subtasks))
        }
        return deleted
    }

    /// Puts a deleted reminder back as it was: its own number (when no other reminder
    /// has taken it), its place in its list, and its subtasks that are still top-level in
    /// that list.
    /// - Returns: the reminder as stored again.
    /// - Throws: `ActionError.listGone` when its list was deleted since; `StoreError`
    ///   of kind `.constraint` when its UID was stored again meanwhile (an import).
    public func restore(_ deleted: DeletedReminder) throws -> Reminder {
        try store.write { db in try Actions.restore(deleted, in: db) }
    }

    /// `restore(_:)` inside the caller's write transaction `db`.
    public static func restore(_ deleted: DeletedReminder, in db: some StoreTransaction) throws -> Reminder {
        guard try db.list(id: deleted.reminder.listID) != nil else { throw ActionError.listGone(deleted.reminder.listID) }
        let restored = try db.insert(deleted.reminder, keepingNumber: true, keepingPosition: true)
        for number in deleted.subtasks {
            // Only one still top-level and in its parent's list: a parent link holds within one
            // list (a tester: a subtask moved to another list since was linked back across).
            guard var child = try db.reminder(number: number), child.parentUID == nil, child.listID == restored.listID else { continue }
            child.parentUID = restored.uid
            try db.update(child)
        }
        return restored
    }
}
