import TickActions
import TickModel

/// The changes to reminders made through this server, newest last, for `POST /api/v1/undo`,
/// and the reminders it deleted, for `restore`.
struct UndoHistory: Sendable {
    /// One change and what it takes to take it back.
    enum Step: Sendable {
        /// A reminder was added: undo deletes it.
        case added(uid: ReminderUID)
        /// A reminder was changed (an edit or a move) from `before` to `after`: undo puts
        /// back the fields the change wrote, unless one changed again since.
        case edited(before: Reminder, after: Reminder, kind: String)
        /// A reminder was completed: undo reopens it.
        case completed(uid: ReminderUID)
        /// A reminder was reopened: undo completes it.
        case reopened(uid: ReminderUID)
        /// A reminder was deleted: undo restores it.
        case deleted(DeletedReminder)

        /// The word `undone` says.
        var name: String {
            switch self {
            case .added: return "add"
            case .edited(_, _, let kind): return kind
            case .completed: return "complete"
            case .reopened: return "reopen"
            case .deleted: return "delete"
            }
        }
    }

    /// How many steps are kept.
    static let depth = 100

    private(set) var steps: [Step] = []
    /// Reminders deleted through this server, by uid.
    private(set) var deleted: [ReminderUID: DeletedReminder] = [:]

    mutating func record(_ step: Step) {
        steps.append(step)
        if steps.count > UndoHistory.depth { steps.removeFirst(steps.count - UndoHistory.depth) }
        if case .deleted(let reminder) = step {
            deleted[reminder.reminder.uid] = reminder
            if deleted.count > UndoHistory.depth * 10 { deleted.removeAll() }
        }
    }

    /// Keeps `reminder` to restore again (a restore that failed), without an undo step.
    mutating func keepDeleted(_ reminder: DeletedReminder) { deleted[reminder.reminder.uid] = reminder }

    mutating func popLast() -> Step? { steps.popLast() }

    /// The deleted reminder `uid`, taken out with its step (it is being restored, so
    /// there is no delete left to undo).
    mutating func takeDeleted(_ uid: ReminderUID) -> DeletedReminder? {
        steps.removeAll { step in
            if case .deleted(let reminder) = step { return reminder.reminder.uid == uid }
            return false
        }
        return deleted.removeValue(forKey: uid)
    }
}
