import Foundation
import TickModel

/// Why an action could not be done. The one public error type of TickActions.
///
/// Carries what a front end needs to word its own message (a number, a name, the names
/// there are), never command-line advice: the CLI says "see 'tick list all'", the web app
/// says something else.
public enum ActionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No reminder has this number (it never existed, or it was deleted).
    case reminderNotFound(Reminder.Number)
    /// No list has this name; `existing` are the names of the lists there are, in order.
    case listNotFound(name: String, existing: [String])

    // MARK: Lists, order, delete and restore

    /// The list (found by identifier) is gone: another process deleted it.
    case listGone(ReminderList.ID)
    /// No list has this name or this name but for case, and several have it but for width
    /// or compatibility forms (lists an older Tick made, before names were compared in NFKC).
    case listNameAmbiguous(name: String, lists: [String])
    /// Another list already has this name (case and normalization ignored);
    /// `existing` is that list's name as it is spelled.
    case listNameTaken(existing: String)
    /// The list holds reminders and deleting it was not forced.
    case listNotEmpty(name: String, reminderCount: Int)
    /// The list is the only one; a database always has one.
    case lastList(name: String)
    /// A position outside `1...` (positions count from 1).
    case positionOutOfRange(Int)
    /// A reminder cannot be placed before or after itself.
    case placedRelativeToItself(Reminder.Number)
    /// The reminder to place `reminder` beside is in another list (`listName`); a move
    /// stays inside the reminder's list.
    case anchorInAnotherList(reminder: Reminder.Number, anchor: Reminder.Number, listName: String)
    /// The reminder to place `reminder` beside is one of its own subtasks (at any depth): it
    /// would have to become a subtask of itself.
    case anchorIsOwnSubtask(reminder: Reminder.Number, anchor: Reminder.Number)
    // MARK: Reminder changes: add, edit, dates and alarms, completion, snooze

    /// A repeat rule was given to a reminder with no due or start date to count from.
    case repeatNeedsDueDate
    /// What the next occurrence counts from was given to a reminder that does not repeat.
    case repeatBasisNeedsRepeat
    /// The repeat rule cannot be used from the reminder's date (the model says why).
    case recurrenceDoesNotFit(ModelError)
    /// An alarm relative to the due date was given to a reminder with no date.
    case alarmNeedsDueDate
    /// The due date of a repeating reminder was cleared without stopping the repeat: a
    /// repeating reminder counts its occurrences from its due date.
    case dueNeededByRepeat
    /// The start date would be after the due date (RFC 5545 §3.8.2.3: DUE is later than
    /// DTSTART); `start` and `due` are the dates the change would have left.
    case startAfterDue(start: Due, due: Due)
    /// A list was named for a subtask that is not its parent's: a subtask lives in its
    /// parent's list (`parent`, in the list `parentListName`).
    case subtaskOutsideParentList(parent: Reminder.Number, parentListName: String)
    /// `parent` is `child` itself or one of its subtasks.
    case parentCycle(child: Reminder.Number, parent: Reminder.Number)
    /// The reminder is completed, so it cannot be snoozed.
    case reminderCompleted(Reminder.Number)
    /// The snooze time is not after the current instant.
    case snoozeNotInFuture(Date)
    /// The occurrence asked for cannot be completed: it is after the current one, or
    /// neither current nor completed. `reminder` is as stored.
    case occurrenceNotCurrent(Reminder, SkippedOccurrence)

    // MARK: Undo

    /// The change journal holds no change that is not undone.
    case nothingToUndo
    /// No change in the journal has this id (it never existed, or it is older than the
    /// journal keeps).
    case changeNotFound(Int64)
    /// The change was undone already.
    case changeAlreadyUndone(id: Int64, command: String)
    /// Undoing `command` would overwrite later changes, each described in `conflicts`;
    /// nothing was undone.
    case undoConflicts(id: Int64, command: String, conflicts: [String])

    public var description: String {
        switch self {
        case .reminderNotFound(let number):
            return "there is no reminder \(number)"
        case .listNotFound(let name, _):
            return "there is no list named '\(name)'"
        case .listGone(let id):
            // An id a client sent that names no list, or one deleted since: the same to say.
            return "there is no list with the id '\(id.rawValue.prefix(80))'"
        case .listNameAmbiguous(let name, let lists):
            return "'\(name)' could be any of the lists " + lists.map { "'\($0)'" }.joined(separator: ", ") + "; give one as it is spelled"
        case .listNameTaken(let existing):
            return "a list named '\(existing)' already exists"
        case .listNotEmpty(let name, let count):
            return "'\(name)' holds \(count) reminder\(count == 1 ? "" : "s")"
        case .lastList(let name):
            return "'\(name)' is the only list"
        case .positionOutOfRange(let position):
            return "\(position) is not a position; positions count from 1"
        case .placedRelativeToItself(let number):
            return "\(number) cannot be placed relative to itself"
        case .anchorInAnotherList(_, let anchor, let listName):
            return "\(anchor) is in another list ('\(listName)')"
        case .anchorIsOwnSubtask(let number, let anchor):
            return "\(anchor) is a subtask of \(number); a reminder cannot be placed among its own subtasks"

        // Reminder changes.
        case .repeatNeedsDueDate:
            return "a repeat rule needs a due date to start from"
        case .repeatBasisNeedsRepeat:
            return "only a repeating reminder counts its next occurrence from due date or completion"
        case .recurrenceDoesNotFit(let error):
            return error.description
        case .alarmNeedsDueDate:
            return "an alarm relative to the due date needs a due date"
        case .dueNeededByRepeat:
            return ModelError.repeatNeedsDueDate.description
        case .startAfterDue:
            return "the start date is after the due date; a reminder starts on or before its due date"
        case .subtaskOutsideParentList(let parent, let listName):
            return "a subtask lives in its parent's list: \(parent) is in '\(listName)'"
        case .parentCycle(let child, let parent):
            return "\(parent) is \(child) itself or one of its subtasks; a reminder cannot be its own parent"
        case .reminderCompleted(let number):
            return "\(number) is completed"
        case .snoozeNotInFuture:
            return "the snooze time is not in the future"
        case .occurrenceNotCurrent(let reminder, let skipped):
            return skipped == .notYetDue ? "\(reminder.number): that occurrence is not due yet"
                                         : "\(reminder.number) has no open or completed occurrence then"
        case .nothingToUndo:
            return "there is nothing to undo"
        case .changeNotFound(let id):
            return "there is no change \(id) in the journal"
        case .changeAlreadyUndone(let id, let command):
            return "change \(id) (\(command)) was undone already"
        case .undoConflicts(let id, let command, let conflicts):
            return "undoing change \(id) (\(command)) would overwrite later changes, so nothing was undone:\n  "
                + conflicts.joined(separator: "\n  ")
        }
    }
}
