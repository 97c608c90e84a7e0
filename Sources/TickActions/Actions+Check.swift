import Foundation
import TickModel
import TickStore

/// What `Actions.checkIntegrity()` and `Actions.repairDerivedData()` report.
public struct IntegrityReport: Sendable {
    /// What was wrong before a repair, or what is wrong (a check alone).
    public let problems: [IntegrityProblem]
    /// What is still wrong after a repair; nil when no repair was made.
    public let remaining: [IntegrityProblem]?
    /// The reminders and lists the database holds.
    public let reminderCount: Int
    public let listCount: Int
    /// Whether `problems` stopped at the limit asked for (more may be there).
    public let isCut: Bool
}

extension Actions {
    /// The problems of the database (`Database.integrityProblems`), read in a write
    /// transaction that is rolled back: nothing changes.
    /// - Parameter limit: the most problems reported (a damaged file can have thousands).
    /// - Throws: `StoreError` from SQLite when a check cannot run.
    /// - Complexity: O(n log n) in the reminders.
    public func checkIntegrity(limit: Int = 100) throws -> IntegrityReport {
        try store.transaction { db in
            let problems = try db.integrityProblems(limit: limit + 1)
            return .rollback(try Actions.report(problems, remaining: nil, limit: limit, db: db))
        }
    }

    /// Checks the database, then, when something is wrong, makes again what Tick derives
    /// from the reminders and lists (`Database.rebuildDerivedData`: indexes, the search
    /// index, the counts, the tags' rows, the CalDAV resources) and checks again, all in
    /// one write transaction: kept when the rebuild succeeds, rolled back when SQLite finds
    /// a table itself damaged. The reminders and lists are not changed and nothing is
    /// recorded for `tick undo`.
    /// - Throws: `StoreError` from SQLite (`.damaged` when the rebuild meets damage it
    ///   cannot pass; nothing was changed then).
    public func repairDerivedData(limit: Int = 100) throws -> IntegrityReport {
        try store.transaction { db in
            let problems = try db.integrityProblems(limit: limit + 1)
            if problems.isEmpty { return .rollback(try Actions.report(problems, remaining: [], limit: limit, db: db)) }
            try db.rebuildDerivedData()
            let remaining = try db.integrityProblems(limit: limit)
            return .commit(try Actions.report(problems, remaining: remaining, limit: limit, db: db))
        }
    }

    private static func report(_ problems: [IntegrityProblem], remaining: [IntegrityProblem]?, limit: Int,
                               db: Database) throws -> IntegrityReport {
        IntegrityReport(problems: Array(problems.prefix(limit)), remaining: remaining,
                        reminderCount: (try? db.reminderCount()) ?? 0, listCount: (try? db.listCount()) ?? 0,
                        isCut: problems.count > limit)
    }
}
