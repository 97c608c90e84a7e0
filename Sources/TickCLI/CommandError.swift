import TickActions
import TickModel
import TickStore
import TickSync
import TickTerminal

/// Why a command failed. The one public error type of TickCLI; the executable prints it
/// as `tick: error: …` and exits with `exitCode`.
public enum CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The command line itself is wrong: unknown command or option, missing or bad value.
    /// Exit status 64 (EX_USAGE, sysexits.h).
    case usage(String)
    /// The command was understood but could not be done: not found, invalid data, a
    /// database problem. Exit status 1.
    case runtime(String)
    /// A signal ended the command after it put things in order (`tick ui` on SIGTERM, SIGHUP
    /// or Ctrl-C: the terminal restored). Exit status 128 + the signal's number, as a shell
    /// gives a process the signal ended (143 for SIGTERM); nothing is printed.
    case ended(bySignal: Int32)

    /// 64 for usage errors, 1 for runtime failures, 128 + N after signal N.
    public var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .runtime: return 1
        case .ended(let signal): return 128 + signal
        }
    }

    public var description: String {
        switch self {
        case .usage(let message), .runtime(let message): return message
        case .ended(let signal): return "ended by signal \(signal)"
        }
    }

    /// Wraps any error from the layers below as a runtime failure with its message.
    static func wrapping(_ error: any Error) -> CommandError {
        switch error {
        case let error as CommandError: return error
        case let error as ActionError: return .runtime(ActionErrorMessage.text(for: error))
        case let error as ModelError: return .runtime(error.description)
        case let error as StoreError: return .runtime(StoreErrorMessage.text(for: error))
        case let error as SyncError: return .runtime(TerminalText.sanitized(error.description))
        default: return .runtime(String(describing: error))
        }
    }
}

/// What a user reads for a store failure.
enum StoreErrorMessage {
    static func text(for error: StoreError) -> String {
        switch error.kind {
        case .busy:
            return "the database is busy (another tick kept it locked too long); try again"
        case .damaged:
            // Not "sqlite3 FILE 'PRAGMA integrity_check'": Tick's indexes use Tick's own
            // functions, which sqlite3 does not have, so it fails on every Tick database (a tester).
            return "the database is damaged (\(error.message)); nothing was changed. 'tick check' says where; when it is only in "
                + "what Tick derives from the reminders (indexes, search, counts), 'tick check --repair' rebuilds it. Otherwise keep a "
                + "copy of the file; what can still be read comes out with 'tick export --salvage' (read the copy with --db), "
                + "and 'tick import' of it, or of a backup, into a new database restores it"
        case .diskFull:
            return error.message + "; nothing was changed"
        case .notFound, .unreadableValue:
            return error.message
        default:
            return "database: \(error)"
        }
    }
}

/// What a user of the command line reads when an action refuses: the action's words and
/// the command to run next.
enum ActionErrorMessage {
    /// The most lists an unknown list's error names one by one.
    static let listsNamedInFull = 8

    /// "there is no list named 'X'" with a near name, or the lists (a few) or their count.
    static func listNotFound(_ name: String, among names: [String]) -> String {
        var message = "there is no list named \(name.singleQuotedForMessage)"
        if let suggestion = Suggestion.closest(to: name, among: names) {
            message += "; did you mean \(suggestion.singleQuotedForMessage)?"
        } else if names.count > ActionErrorMessage.listsNamedInFull {
            // Imported calendars can make dozens: a line of a thousand characters helps no one.
            message += "; there are \(names.count) lists: see 'tick lists'"
        } else if !names.isEmpty {
            message += "; the lists are: " + names.map { TerminalText.sanitized($0) }.joined(separator: ", ")
        }
        return message
    }

    /// `body`, a command that changes the list it names: an unknown one is said without
    /// "Create it with 'tick lists add …'", which reads oddly after a rename or a delete (a tester).
    static func changingNamedList<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch ActionError.listNotFound(let name, let names) {
            throw CommandError.runtime(listNotFound(name, among: names))
        }
    }

    static func text(for error: ActionError) -> String {
        switch error {
        case .reminderNotFound(let number):
            return "there is no reminder \(number); see 'tick list all' for numbers"
        case .listNotFound(let name, let names):
            return listNotFound(name, among: names) + "\nCreate it with 'tick lists add \(ShellWords.inMessage(TerminalText.sanitized(name)))'."

        // Lists, order, delete and restore.
        case .listGone:
            return "that list no longer exists; another tick may have deleted it"
        case .listNameAmbiguous(let name, let lists):
            return "'\(TerminalText.sanitized(name))' could be any of the lists "
                + lists.map { "'\(TerminalText.sanitized($0))'" }.joined(separator: ", ") + "; give one as it is spelled"
        case .listNameTaken(let existing):
            return "a list named '\(TerminalText.sanitized(existing))' already exists"
        case .listNotEmpty(let name, let count):
            return "'\(TerminalText.sanitized(name))' holds \(count) reminder\(count == 1 ? "" : "s"); delete them too with 'tick lists delete \(ShellWords.inMessage(TerminalText.sanitized(name))) --force', or move them first"
        case .lastList(let name):
            return "'\(TerminalText.sanitized(name))' is the only list; add another before deleting it"
        case .positionOutOfRange(let position):
            return "position \(position) is out of range; positions count from 1"
        case .placedRelativeToItself:
            return "a reminder cannot be moved relative to itself"
        case .anchorInAnotherList(let number, let anchor, let listName):
            let name = TerminalText.sanitized(listName)
            return "\(anchor) is in another list, '\(name)'; move \(number) there first with 'tick edit \(number.rawValue) --list \(ShellWords.inMessage(name))'"
        case .anchorIsOwnSubtask(let number, let anchor):
            return "\(anchor) is a subtask of \(number); a reminder cannot be placed among its own subtasks"

        // Reminder changes (the date rules' refusals are worded by ScheduleOptions, which
        // names the option; these words are for callers without one).
        case .parentCycle(let child, let parent):
            return "--parent: \(parent) is \(child) itself or one of its subtasks; a reminder cannot be its own parent"
        case .reminderCompleted(let number):
            return "\(number) is completed; reopen it with 'tick undone \(number.rawValue)' first"
        case .subtaskOutsideParentList(let parent, let listName):
            return "--list: a subtask lives in its parent's list, and its parent \(parent) is in \(listName.singleQuotedForMessage); move the parent instead ('tick edit \(parent.rawValue) --list NAME' takes its subtasks along), or make it a top-level reminder"
        case .repeatNeedsDueDate, .repeatBasisNeedsRepeat, .startAfterDue, .recurrenceDoesNotFit, .alarmNeedsDueDate,
             .dueNeededByRepeat, .snoozeNotInFuture, .occurrenceNotCurrent:
            return error.description

        // Undo.
        case .nothingToUndo:
            return "there is nothing to undo (see 'tick undo --list --all' for what was undone)"
        case .changeNotFound(let id):
            return "there is no change \(id) in the journal; see 'tick undo --list' (the journal keeps the last \(Database.journalDepth) changes)"
        case .changeAlreadyUndone:
            return TerminalText.sanitized(error.description)
        case .undoConflicts(let id, let command, let conflicts):
            // One line for each conflict; each sanitized on its own (a title may hold a line break).
            return "undoing change \(id) (\(TerminalText.sanitized(command))) would overwrite later changes, so nothing was undone:\n  "
                + conflicts.map { TerminalText.sanitized($0) }.joined(separator: "\n  ")
        }
    }
}
