import Foundation
import TickActions
import TickModel
import TickPostgres
import TickStore

/// What the JSON API's handlers ask of a store: a read transaction and a write transaction
/// of any `StoreTransaction`, so that one handler serves SQLite's `Database` (the
/// single-user server) and PostgreSQL's `PostgresDatabase` scoped to the signed-in user.
///
/// A generic parameter, not an existential: the handlers are specialized for each store,
/// and a request on SQLite costs what it cost before the seam.
protocol APIStore {
    /// One open transaction of the store.
    associatedtype Transaction: StoreTransaction

    /// Runs `body` in a read transaction (one snapshot).
    /// - Throws: what `body` throws; the store's error.
    func read<T: Sendable>(_ body: (Transaction) throws -> T) throws -> T

    /// Runs `body` in a write transaction, committed when it returns. On SQLite the change
    /// is one change of the change journal, described as `tick serve: ` and `describe`
    /// of the value; on PostgreSQL `body` may run again when it loses a race, so it must
    /// only touch the database.
    /// - Throws: what `body` throws (then nothing it did is kept); the store's error.
    func write<T>(_ context: ActionContext, describedBy describe: @escaping (T) -> String,
                  _ body: @escaping (Transaction) throws -> T) throws -> T

    /// Runs `body` in a write transaction that is no change of the change journal (what the
    /// user did not do, such as recording that an alarm was shown), committed when it returns.
    /// - Throws: what `body` throws (then nothing it did is kept); the store's error.
    func writeUnjournaled<T>(_ body: @escaping (Transaction) throws -> T) throws -> T
}

/// The single-user server's store: reads from the service's readers in turn, changes
/// through its `WriteBatcher` as changes of the change journal.
struct SQLiteAPIStore: APIStore {
    let service: WebService

    func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try service.reader.read(body)
    }

    func write<T>(_ context: ActionContext, describedBy describe: @escaping (T) -> String,
                  _ body: @escaping (Database) throws -> T) throws -> T {
        try service.journaledWrite(context, describe, body)
    }

    func writeUnjournaled<T>(_ body: @escaping (Database) throws -> T) throws -> T {
        try service.writer.write(body)
    }
}

/// One user's lists and reminders on PostgreSQL: each change one change of the owner's
/// change journal, made by the signed-in user (`PostgresDatabase.recordingChange`).
struct PostgresAPIStore: APIStore {
    let store: PostgresStore

    func read<T: Sendable>(_ body: (PostgresDatabase) throws -> T) throws -> T {
        try store.read(body)
    }

    func write<T>(_ context: ActionContext, describedBy describe: @escaping (T) -> String,
                  _ body: @escaping (PostgresDatabase) throws -> T) throws -> T {
        try store.write { db in
            try db.recordingChange(at: context.now, describedBy: { "tick serve: " + describe($0) }) { try body(db) }.value
        }
    }

    func writeUnjournaled<T>(_ body: @escaping (PostgresDatabase) throws -> T) throws -> T {
        try store.write(body)
    }
}

extension PostgresAPIStore {
    /// Puts back, as a change of the user's (undone like any other), the reminder `uid` that
    /// a member of one of the user's shared lists deleted (`PostgresDatabase.deletionByAnotherUser`):
    /// its number (when free), place and subtasks, as `Actions.restore` does. Nil when no
    /// such deletion (from `list`, when given) is in the user's journal.
    /// - Throws: `ActionError.listGone` when its list was deleted since; the store's error.
    func restoreMembersDeletion(_ uid: String, inList list: ReminderList.ID?, context: ActionContext) throws -> HTTPResponse? {
        let restored = try write(context, describedBy: { (restored: (reminder: Reminder, listName: String?)?) in
            "restore " + WebService.quoted(restored?.reminder.title ?? uid)
        }) { db -> (reminder: Reminder, listName: String?)? in
            guard let deleted = try db.deletionByAnotherUser(uid: ReminderUID(uid)),
                  list.map({ $0 == deleted.reminder.listID }) ?? true else { return nil }
            guard try db.list(id: deleted.reminder.listID) != nil else {
                throw Problem.conflict("the list of \(WebService.quoted(deleted.reminder.title)) was deleted since; undo its deletion "
                                       + "first: nothing was restored")
            }
            let reminder = try Actions.restore(DeletedReminder(reminder: deleted.reminder, subtasks: deleted.subtasks), in: db)
            try db.restoreJournaledRecords(of: deleted.change, reminder: reminder.number)
            return (reminder, try db.list(id: reminder.listID)?.name)
        }
        return restored.map { WebService.reminderResponse($0.reminder, listName: $0.listName, status: 201) }
    }

    /// Why the reminder `uid`, deleted by a member of one of the user's lists, cannot be put
    /// back because another reminder of the user's has its UID now; nil when that is not so.
    func uidTakenSinceMembersDeletion(_ uid: String) throws -> String? {
        try read { db in
            guard let deleted = try db.deletionByAnotherUser(uid: ReminderUID(uid)),
                  let present = try db.reminder(uid: ReminderUID(uid)), present.number != deleted.reminder.number else { return nil }
            return "the reminder with the uid '\(uid)' was deleted, and another reminder (#\(present.number.rawValue)) has that uid now: "
                + "nothing was restored"
        }
    }

    /// `keysetPage(.list(id, includesCompleted:), …)` read in one statement, the list with
    /// its rows (`PostgresDatabase.listPage`): one round trip to PostgreSQL instead of three
    /// (through a share, a transaction that confirms it first). The same answer.
    /// - Throws: `Problem` 400 for a cursor of another listing; `ActionError.listGone` (404)
    ///   for a list that is not there; the store's error.
    func listPage(_ id: ReminderList.ID, includesCompleted: Bool, limit: Int, cursor: PageCursor?) throws -> HTTPResponse {
        let anchor = try PageCursor.keyAnchor(cursor, in: .list(id, includesCompleted: includesCompleted))
        let found = try store.readInOneStatement { db in
            try db.listPage(id: id, includesCompleted: includesCompleted, after: anchor, limit: limit + 1)
        }
        guard let (list, rows) = found else { throw ActionError.listGone(id) }
        return WebService.keyPage(rows, limit: limit, lists: [list.id: list])
    }
}
