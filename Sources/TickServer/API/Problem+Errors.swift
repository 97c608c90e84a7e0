import Foundation
import TickActions
import TickModel
import TickPostgres
import TickStore

/// The problem for an error of the layers below, kept apart from `Problem` itself so that
/// what reads request bodies builds without the store modules (fuzz/apibody).
extension Problem {
    /// The problem for an error of the layers below: an action's refusal, a value the
    /// model refuses, or the database.
    static func from(_ error: any Error) -> Problem {
        switch error {
        case let problem as Problem: return problem
        case let unknown as UnknownQueryParameter: return .badRequest(unknown.detail)
        case let error as ActionError: return from(error)
        case let error as ModelError: return .invalid(error.description)
        case let error as ShareError: return from(error)
        case let error as StoreError:
            if error.kind == .busy {
                return Problem(status: 503, name: "busy", detail: "the database is busy (another tick kept it locked too long); try again",
                               headers: [("Retry-After", "1")])
            }
            // The SQLite message, never the values bound to the statement (user text).
            return Problem(status: 500, name: "internal", detail: "database: \(error.message)")
        case let error as PostgresError:
            if error.isUniqueViolation {
                // A value that must be unique is taken: by a list or reminder the request
                // could not see (another list of a shared list's owner), or by a race.
                return .conflict("a list or reminder with the same identity exists already")
            }
            if error.isLockNotAvailable {
                // A lock another request held too long (a sign-in's, of a process stopped while
                // checking): answered in bounded time, to be tried again (a tester: 500 after 60 s).
                return Problem(status: 503, name: "busy", detail: "\(error.message); try again", headers: [("Retry-After", "1")])
            }
            if error.isRetryable {
                return Problem(status: 503, name: "busy", detail: "the database kept refusing the change for another's; try again",
                               headers: [("Retry-After", "1")])
            }
            // PostgreSQL stopped, restarting or out of reach, or every connection taken: the
            // request may be tried again (a tester: 500 while it restarted). 57P01–57P03: shut
            // down by an administrator, a crash of another backend, not accepting connections yet.
            if [.connection, .poolTimeout].contains(error.kind) || ["57P01", "57P02", "57P03"].contains(error.sqlState ?? "") {
                return Problem(status: 503, name: "unavailable", detail: "the database cannot be reached now (\(error.message)); try again",
                               headers: [("Retry-After", "5")])
            }
            // The server's message, never the statement's values or its detail (which may quote them).
            return Problem(status: 500, name: "internal", detail: "database: \(error.message)")
        default:
            return Problem(status: 500, name: "internal", detail: String(describing: type(of: error)))
        }
    }

    private static func from(_ error: ShareError) -> Problem {
        switch error {
        case .notShared, .noSuchUser: return .notFound(error.description)
        case .readOnly, .ownerOnly, .outsideSharedList, .betweenOwners: return .forbidden(error.description)
        case .sharedWithOwner, .uidSeenElsewhere: return .conflict(error.description)
        }
    }

    private static func from(_ error: ActionError) -> Problem {
        switch error {
        case .reminderNotFound, .listNotFound, .listGone, .changeNotFound:
            return .notFound(error.description)
        case .listNotEmpty:
            return .conflict(error.description + "; delete it with ?force=true to delete them too")
        case .listNameTaken, .listNameAmbiguous, .lastList, .placedRelativeToItself, .anchorInAnotherList, .anchorIsOwnSubtask, .subtaskOutsideParentList,
             .parentCycle, .reminderCompleted, .occurrenceNotCurrent, .changeAlreadyUndone, .undoConflicts, .nothingToUndo:
            return .conflict(error.description)
        case .positionOutOfRange, .repeatNeedsDueDate, .repeatBasisNeedsRepeat, .recurrenceDoesNotFit, .alarmNeedsDueDate,
             .dueNeededByRepeat, .startAfterDue, .snoozeNotInFuture:
            return .invalid(error.description)
        }
    }
}
