import Foundation
import TickModel
import TickStore

/// The conflict journal (table `sync_conflict`): each conflict a sync finds is written in the
/// transaction that saves what won over it, so that its notice, with the value that lost, is
/// never lost with the run (a tester: a sync killed after merging a phone's edit, and before
/// its report was printed, left the losing value nowhere). A report shows the conflicts of
/// its account that no report showed yet, those of an earlier run that stopped too; the
/// caller marks them shown once it has shown them (`markShown(_:)`).
extension SyncEngine {
    /// The journal's row of `conflict`, found by this run.
    func record(_ conflict: SyncReport.Conflict) -> SyncConflictRecord {
        SyncConflictRecord(account: account.name, foundAt: context.now, listName: conflict.listName, title: conflict.reminderTitle,
                           uid: conflict.uid, property: conflict.property, lostValue: conflict.lostValue,
                           localLost: conflict.loser == "Tick")
    }

    /// Writes `conflicts` into the journal in `db`'s transaction (the one that saves what won),
    /// with those waiting for the reminders they name (`conflictsAwaitingSave`).
    /// - Returns: the ids of the rows it made (a conflict there unshown already makes none).
    @discardableResult
    func journal(_ conflicts: [SyncReport.Conflict], in db: Database) throws -> [Int64] {
        var made: [Int64] = []
        for conflict in conflicts {
            let (id, isNew) = try db.recordSyncConflict(record(conflict))
            journaledIDs.insert(id)
            journaledThisRun.append(conflict)
            if isNew { made.append(id) }
        }
        return made
    }

    /// Writes `conflicts` into the journal before the write to the server that makes them
    /// final (a merge's PUT): a sync killed once the server stored it, before Tick saved the
    /// merge, would otherwise lose them, as the next merge finds both sides alike (a tester).
    /// - Returns: the rows made, for `unjournal` when the write does not happen.
    func journalBeforeWriting(_ conflicts: [SyncReport.Conflict]) throws -> [Int64] {
        guard !conflicts.isEmpty else { return [] }
        return try store.write { db in try journal(conflicts, in: db) }
    }

    /// Takes out the rows `journalBeforeWriting` made for a write that did not happen.
    func unjournal(_ ids: [Int64], _ conflicts: [SyncReport.Conflict]) throws {
        guard !ids.isEmpty else { return }
        try store.write { try $0.forgetSyncConflicts(ids) }
        journaledIDs.subtract(ids)
        journaledThisRun.removeAll { conflicts.contains($0) }
    }

    /// Writes the conflicts waiting for the reminder `uid` to be saved (`conflictsAwaitingSave`)
    /// into the journal in `db`'s transaction, the one that saves it.
    func journalAwaiting(_ uid: ReminderUID, in db: Database) throws {
        guard let waiting = conflictsAwaitingSave.removeValue(forKey: uid) else { return }
        try journal(waiting, in: db)
    }

    /// Notes `conflict` to be written with the reminder it names when it is saved (a move
    /// that lost, found while planning; the reminder is taken or merged later in the run).
    func awaitSave(_ conflict: SyncReport.Conflict) {
        guard let uid = conflict.uid else { return }
        conflictsAwaitingSave[uid, default: []].append(conflict)
    }

    /// The end of a run: every conflict of `report` not journaled yet (one whose save failed,
    /// or that no save follows) is written now, and the report's conflicts become the
    /// journal's unshown ones of the account: this run's, and those of earlier runs that
    /// stopped before their report was shown (`SyncReport.Conflict.foundEarlier`).
    func conflictsFromJournal(into report: inout SyncReport) throws {
        try journalLeftOver(report)
        let rows = try store.read { try $0.unreportedSyncConflicts(account: account.name) }
        report.conflicts = rows.map { SyncEngine.conflict($0, foundThisRun: journaledIDs.contains($0.id)) }
        report.conflictsJournaledThrough = rows.last?.id
    }

    /// Writes the conflicts of `report` this run has not journaled yet.
    func journalLeftOver(_ report: SyncReport) throws {
        let left = report.conflicts.filter { conflict in !journaledThisRun.contains(conflict) }
        conflictsAwaitingSave = [:]
        guard !left.isEmpty else { return }
        try store.write { db in try journal(left, in: db) }
    }

    /// A journal row as a report's conflict: `foundEarlier` set unless this run found it.
    public static func conflict(_ row: SyncConflictRecord, foundThisRun: Bool) -> SyncReport.Conflict {
        SyncReport.Conflict(listName: row.listName, reminderTitle: row.title, uid: row.uid, property: row.property,
                            lostValue: row.lostValue, loser: row.localLost ? "Tick" : "the server",
                            foundEarlier: foundThisRun ? nil : row.foundAt)
    }

    /// Marks the conflicts of `report` shown (`SyncReport.conflictsJournaledThrough`): call it
    /// once they are printed or logged; until then, every report of the account shows them.
    /// - Throws: `StoreError` from SQLite.
    public static func markShown(_ report: SyncReport, in store: Store) throws {
        guard let last = report.conflictsJournaledThrough else { return }
        try store.write { try $0.markSyncConflictsReported(account: report.account, through: last) }
    }

    /// The conflicts of `account` that no report showed yet (its sync failed after finding
    /// them), as a report holds them, with `SyncReport.conflictsJournaledThrough` set for
    /// `markShown(_:in:)`.
    /// - Throws: `StoreError` from SQLite.
    public static func unshownConflicts(account: String, in store: Store) throws -> SyncReport {
        try unshownConflicts(account: account, in: store, foundThisRun: [])
    }

    /// The conflicts of this engine's account that no report showed yet, after a run that
    /// failed: those it found itself without `foundEarlier`.
    /// - Throws: `StoreError` from SQLite.
    public func unshownConflicts() throws -> SyncReport {
        try SyncEngine.unshownConflicts(account: account.name, in: store, foundThisRun: journaledIDs)
    }

    private static func unshownConflicts(account: String, in store: Store, foundThisRun: Set<Int64>) throws -> SyncReport {
        var report = SyncReport(account: account)
        let rows = try store.read { try $0.unreportedSyncConflicts(account: account) }
        report.conflicts = rows.map { conflict($0, foundThisRun: foundThisRun.contains($0.id)) }
        report.conflictsJournaledThrough = rows.last?.id
        return report
    }
}
