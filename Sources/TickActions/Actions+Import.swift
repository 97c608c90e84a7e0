import Foundation
import TickModel
import TickStore
import TickInterchange

/// How a reminder from a file is saved over the stored one with the same UID.
public enum ImportMergeRule: Sendable, Equatable {
    /// The file's reminder replaces the stored one (iCalendar, Taskwarrior, Tick JSON:
    /// formats that carry every field).
    case replace
    /// The file carries only part of a reminder (todo.txt): the fields it has are laid
    /// over the stored reminder, the rest kept (`TodoTxtImport.merged(_:onto:timeZone:)`).
    case todoTxt
    /// The file's reminder replaces the stored one whatever modification times either
    /// states: `tick sync` has already merged both sides (`ICalendarMerge`), so the
    /// "kept (newer here)" rule does not apply.
    case sync
}

/// One import-merge: a batch of reminders read from a file, and how to save it.
public struct ImportRequest: Sendable {
    /// What the file holds, as a reader of `TickInterchange` gave it.
    public var batch: ImportBatch
    /// The list every reminder goes to (`tick import --list`); nil lets the file name
    /// the lists, with the default list for reminders it puts in none.
    public var fallbackListName: String?
    /// Keep numbers (when free) and positions from the file: restoring a Tick archive.
    public var restoresArchive: Bool
    /// How a reminder with a stored UID is merged.
    public var mergeRule: ImportMergeRule
    /// Work out and report everything, then keep nothing (`--dry-run`): the transaction
    /// is rolled back, so the counts are exactly those of a real run.
    public var isDryRun: Bool

    /// A request to import `batch`.
    public init(batch: ImportBatch, fallbackListName: String? = nil, restoresArchive: Bool = false,
                mergeRule: ImportMergeRule = .replace, isDryRun: Bool = false) {
        self.batch = batch
        self.fallbackListName = fallbackListName
        self.restoresArchive = restoresArchive
        self.mergeRule = mergeRule
        self.isDryRun = isDryRun
    }
}

/// What an import did (or, for a dry run, would have done).
public struct ImportSummary: Sendable, Equatable {
    /// Reminders added.
    public var added = 0
    /// Stored reminders changed by the file.
    public var updated = 0
    /// Stored reminders the file holds as they are.
    public var unchanged = 0
    /// Stored reminders left as they are because they changed after the file's copy.
    public var keptNewer = 0
    /// Completed occurrences of repeating reminders recorded from the file (a Tick
    /// archive's history), not counting those the store already had.
    public var completedOccurrences = 0
    /// Lists made for the import, in the order they were made.
    public var createdLists: [String] = []
    /// The lists the imported reminders are in.
    public var listNames: Set<String> = []
    /// Reminders whose start date was after their due date (RFC 5545 §3.8.2.3 asks DUE
    /// to be later than DTSTART): imported without the start date, which is given here
    /// with the due date and the line of the file, for a warning.
    public var droppedStarts: [DroppedStart] = []
    /// Reminders of the file whose parent link closed a loop (A a subtask of B, B of A, or
    /// one of itself): saved as top-level reminders, as `tick edit --parent` refuses a loop.
    public var brokenParentLoops: [BrokenParentLoop] = []
    /// Reminders of the file whose parent is neither in the file nor in the database (a
    /// list exported alone, its subtask's parent in another): saved with the link as given
    /// (`show` says the parent is not in this database), for a warning.
    public var parentsNotFound: [BrokenParentLoop] = []

    /// A reminder of the file, as saved, and the parent the file gave it.
    public struct BrokenParentLoop: Sendable, Equatable {
        /// The reminder, as saved.
        public var number: Reminder.Number
        /// Its title.
        public var title: String
        /// The parent the file named.
        public var parentUID: ReminderUID
    }

    /// A start date left out because it was after the due date.
    public struct DroppedStart: Sendable, Equatable {
        /// The 1-based line of the file the reminder came from.
        public var lineNumber: Int
        /// The start date the file gave.
        public var start: Due
        /// The due date, which is kept.
        public var due: Due

        /// A dropped start date, from line `lineNumber`.
        public init(lineNumber: Int, start: Due, due: Due) {
            self.lineNumber = lineNumber
            self.start = start
            self.due = due
        }
    }

    /// An empty summary.
    public init() {}
}

extension Actions {
    /// Imports a batch of reminders in one transaction: lists matched by name or made,
    /// reminders added, or updated in place when their UID is stored (see the rules of
    /// `BatchImporter`). A dry run does the same work and rolls it back. A start date
    /// after the due date is left out (`ImportSummary.droppedStarts`), as `add` and `edit`
    /// refuse one.
    /// - Returns: the counts, the same for a dry run as for the real run.
    /// - Throws: `ActionError.listNotFound` for a `fallbackListName` that is not a list;
    ///   `ModelError` for a list name the model refuses; `StoreError` from SQLite. Then
    ///   nothing is kept.
    /// - Parameter more: the reminders that follow `request.batch.reminders` when a file
    ///   is read a piece at a time (`importPieceSize` each), nil after the last: each piece
    ///   is saved before the next is asked for, all in the one transaction, so that a file
    ///   of any size needs the memory of a piece. What it throws rolls everything back.
    /// - Complexity: O(n log m) for n reminders in the batch among m stored.
    public func importBatch(_ request: ImportRequest,
                            followedBy more: () throws -> ImportBatch? = { nil }) throws -> ImportSummary {
        // A batch saved in bulk has its references checked once at the end (no statement journals).
        let isBulk = request.batch.reminders.count >= Database.bulkImportThreshold
        return try store.transaction(checkingForeignKeysAtTheEnd: isBulk) { db in
            let summary = try Actions.importBatch(request, followedBy: more, in: db, context: context)
            return request.isDryRun ? .rollback(summary) : .commit(summary)
        }
    }

    /// How many reminders a piece of a file read a piece at a time holds (see
    /// `importBatch(_:followedBy:)`): a first piece this big saves the batch in bulk.
    public static let importPieceSize = BatchImporter.bulkThreshold

    /// `importBatch(_:)` inside the caller's write transaction `db`. `isDryRun` is the
    /// caller's to honour: this form saves what it is given.
    /// - Throws: as `importBatch(_:)`; the caller's transaction must then be rolled back.
    public static func importBatch(_ request: ImportRequest, followedBy more: () throws -> ImportBatch? = { nil },
                                   in db: Database, context: ActionContext) throws -> ImportSummary {
        try importBatch(request, followedBy: more, into: db, context: context)
    }

    /// `importBatch(_:followedBy:in:context:)` on any store that saves imports (the
    /// PostgreSQL store, one user's transaction). The SQLite form above stays concrete, so
    /// that its callers in other modules run code specialized for `Database`.
    /// - Throws: as `importBatch(_:)`, with the store's error; the caller's transaction
    ///   must then be rolled back.
    public static func importBatch(_ request: ImportRequest, followedBy more: () throws -> ImportBatch? = { nil },
                                   in db: some ImportStore, context: ActionContext) throws -> ImportSummary {
        try importBatch(request, followedBy: more, into: db, context: context)
    }

    private static func importBatch(_ request: ImportRequest, followedBy more: () throws -> ImportBatch?,
                                    into db: some ImportStore, context: ActionContext) throws -> ImportSummary {
        var importer = BatchImporter(now: context.now, fallbackListName: request.fallbackListName,
                                     zone: context.timeZone, restoresArchive: request.restoresArchive)
        importer.mergeRule = request.mergeRule
        importer.alarmDefaults = context.alarmDefaults
        return try importer.apply(request.batch, followedBy: more, to: db)
    }
}
