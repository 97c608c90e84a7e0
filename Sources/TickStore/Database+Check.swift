import CSQLite
import Foundation
import TickModel

/// One thing `Database.integrityProblems(limit:)` found wrong in a database: which part of
/// it, what, and whether `Database.rebuildDerivedData()` can mend it.
public struct IntegrityProblem: Sendable, Equatable, CustomStringConvertible {
    /// The part of the database a problem is in.
    public enum Part: String, Sendable, CaseIterable {
        /// SQLite's own structure: pages, tables and indexes (`PRAGMA integrity_check`).
        case file
        /// A row that refers to a row that is not there (`PRAGMA foreign_key_check`).
        case references
        /// A stored value Tick cannot read (a date, a color, a repeat rule, alarms…).
        case values
        /// The full-text index of titles, notes and tags (FTS5's `integrity-check`).
        case searchIndex
        /// The counts kept per list (`list_count`, schema 7).
        case listCounts
        /// The tags kept one a row (`reminder_tag`) beside each reminder's own.
        case tags
        /// The CalDAV resources of the reminders (`dav_resource`, what `tick serve`'s
        /// collections and sync tokens are made of).
        case calDAV

        /// How a user reads the part's name.
        public var title: String {
            switch self {
            case .file: "file"
            case .references: "references"
            case .values: "values"
            case .searchIndex: "search index"
            case .listCounts: "list counts"
            case .tags: "tags"
            case .calDAV: "CalDAV resources"
            }
        }
    }

    /// Where.
    public let part: Part
    /// What, in words (SQLite's own for `.file`).
    public let detail: String
    /// Whether it lies in what Tick derives from the reminders and lists (an index, the
    /// search index, the counts, the tags' rows, the CalDAV resources), which
    /// `rebuildDerivedData()` makes again; a problem in the reminders or lists themselves
    /// is not.
    public let isDerived: Bool

    public init(part: Part, detail: String, isDerived: Bool) {
        self.part = part
        self.detail = detail
        self.isDerived = isDerived
    }

    public var description: String { "\(part.title): \(detail)" }
}

/// The problems a check has found so far, up to a limit. (A class, and `failure(of:)` below
/// for the typed throws: written as a nested function appending to a local array, and with
/// `catch … where` around the checks, this file crashed the Swift 6.3 compiler in
/// MandatoryAllocBoxToStack.)
private final class FoundProblems {
    let limit: Int
    private(set) var problems: [IntegrityProblem] = []

    init(limit: Int) { self.limit = limit }

    func add(_ part: IntegrityProblem.Part, _ detail: String, derived: Bool) {
        if problems.count < limit { problems.append(IntegrityProblem(part: part, detail: detail, isDerived: derived)) }
    }
}

extension Database {
    /// What is wrong in the database, read in the caller's transaction (a write transaction
    /// rolled back: FTS5's check is written as an `INSERT`), at most `limit` problems:
    ///
    /// 1. SQLite's `PRAGMA integrity_check` (https://sqlite.org/pragma.html#pragma_integrity_check),
    ///    with Tick's own SQL functions registered (its indexes use `tick_search_text`, so
    ///    the `sqlite3` shell cannot run it on a Tick database); a line naming an index is
    ///    derived, others are not;
    /// 2. `PRAGMA foreign_key_check`;
    /// 3. every reminder and list read as Tick reads it (each one that fails, by number or id);
    /// 4. the full-text index against the reminders (https://sqlite.org/fts5.html#the_integrity_check_command);
    /// 5. each list's kept counts against its reminders;
    /// 6. the tags' rows against each reminder's tags;
    /// 7. one live CalDAV resource for each reminder, in its list, and none for a reminder
    ///    that is not there.
    ///
    /// When the file's structure is damaged (1) other than in an index, the later checks are
    /// not run: they would read through the damage.
    /// - Throws: `StoreError` from SQLite when a check itself cannot run (other than damage,
    ///   which is a problem found).
    /// - Complexity: O(n log n) in the reminders (every table and index is read).
    public func integrityProblems(limit: Int = 100) throws -> [IntegrityProblem] {
        let found = FoundProblems(limit: limit)


        do {
            try forEachRow("PRAGMA integrity_check(\(max(1, limit)))", cached: false) { row in
                let line = row.text(0)
                if line != "ok" { found.add(.file, line, derived: Database.namesAnIndex(line)) }
            }
        } catch {
            guard let damage = error as? StoreError, damage.kind == .damaged else { throw error }
            found.add(.file, damage.message, derived: false)
        }
        if found.problems.contains(where: { !$0.isDerived }) { return found.problems }

        try forEachRow("PRAGMA foreign_key_check", cached: false) { row in
            let rowid = row.isNull(1) ? "a row" : "row \(row.int(1))"
            // A row Tick keeps beside a reminder (its tags' rows) is made again by the repair (t58:
            // an orphan tag row was called damage to the reminders).
            found.add(.references, "\(rowid) of \(row.text(0)) refers to a row of \(row.text(2)) that is not there",
                      derived: Database.derivedTables.contains(row.text(0)))
        }

        try forEachRow("SELECT \(Database.reminderColumns) FROM reminder r ORDER BY r.number", cached: false) { row in
            if let error = Database.failure(of: { () throws(StoreError) in _ = try self.decodeReminder(row) }) {
                found.add(.values, error.message, derived: false)
            }
        }
        try forEachRow("SELECT \(Database.listColumns) FROM list ORDER BY id", cached: false) { row in
            if let error = Database.failure(of: { () throws(StoreError) in _ = try self.decodeList(row) }) {
                found.add(.values, error.message, derived: false)
            }
        }

        if let error = Database.failure(of: { () throws(StoreError) in
            try self.executeScript("INSERT INTO reminder_search(reminder_search, rank) VALUES ('integrity-check', 1)")
        }) {
            guard error.kind == .damaged else { throw error }
            found.add(.searchIndex, "the full-text index does not match the reminders' titles, notes and tags", derived: true)
        }

        try forEachRow(Database.listCountMismatches, cached: false) { row in
            let name = row.optionalText(1).map { "list '\($0)'" } ?? "a list that is not there (id \(row.text(0)))"
            let kept = (2..<6).map { row.int(Int32($0)) }
            let real = (6..<10).map { row.int(Int32($0)) }
            let words = zip(["open", "flagged", "scheduled", "completed"], zip(kept, real))
                .filter { $0.1.0 != $0.1.1 }
                .map { "\($0.0) \($0.1.0) kept, \($0.1.1) counted" }
            found.add(.listCounts, "\(name): " + (row.int(10) == 1 ? "no counts kept" : words.joined(separator: ", ")), derived: true)
        }

        try forEachRow(Database.tagMismatches, cached: false) { row in
            found.add(.tags, "reminder \(row.int(0)): tag '\(row.text(1))' \(row.int(2) == 1 ? "is not kept in its row" : "is kept but the reminder has no such tag")",
                derived: true)
        }

        try forEachRow(Database.davMismatches, cached: false) { row in
            found.add(.calDAV, row.int(2) == 1
                ? "reminder with UID '\(row.text(1))' has no CalDAV resource in its list (id \(row.text(0)))"
                : "a CalDAV resource in list id \(row.text(0)) names UID '\(row.text(1))', which no reminder of that list has",
                derived: true)
        }
        return found.problems
    }

    /// Makes again what Tick derives from the reminders and lists, in the caller's write
    /// transaction: every index (`REINDEX`), the full-text index
    /// (https://sqlite.org/fts5.html#the_rebuild_command), the lists' counts, the tags'
    /// rows, and the CalDAV resources (a missing one is made, one without its reminder
    /// becomes a deletion, each with a new change number, so a CalDAV client that synced
    /// hears of them). The reminders and lists are not touched: nothing a user wrote can be
    /// lost, and nothing is recorded for `tick undo`.
    /// - Throws: `StoreError` from SQLite: `.damaged` when a table itself is damaged (then
    ///   the caller rolls back).
    public func rebuildDerivedData() throws {
        try executeScript("""
            REINDEX;
            INSERT INTO reminder_search(reminder_search) VALUES ('rebuild');
            DELETE FROM list_count;
            INSERT INTO list_count (list_id, open, flagged, scheduled, completed)
                SELECT list_id, sum(completed_at IS NULL), sum(completed_at IS NULL AND flagged = 1),
                       sum(completed_at IS NULL AND due IS NOT NULL), sum(completed_at IS NOT NULL)
                FROM reminder WHERE list_id IN (SELECT id FROM list) GROUP BY list_id;
            INSERT OR IGNORE INTO list_count (list_id) SELECT id FROM list;
            DELETE FROM reminder_tag;
            INSERT OR IGNORE INTO reminder_tag (reminder, tag)
                SELECT r.number, t.value FROM reminder r, json_each(r.tags) t WHERE r.tags <> '[]' AND json_valid(r.tags);
            """)
        var missing: [(list: String, uid: String)] = []
        var orphans: [(list: String, uid: String)] = []
        try forEachRow(Database.davMismatches, cached: false) { row in
            if row.int(2) == 1 { missing.append((row.text(0), row.text(1))) } else { orphans.append((row.text(0), row.text(1))) }
        }
        for (list, uid) in missing {
            try execute("UPDATE dav_sequence SET value = value + 1 WHERE id = 1")
            try execute("""
                INSERT INTO dav_resource (list_id, uid, name, seq) VALUES (?, ?, ? || '.ics', (SELECT value FROM dav_sequence WHERE id = 1))
                    ON CONFLICT (list_id, uid) DO UPDATE SET seq = excluded.seq, deleted = 0
                """, [.text(list), .text(uid), .text(uid)])
        }
        for (list, uid) in orphans {
            try execute("UPDATE dav_sequence SET value = value + 1 WHERE id = 1")
            try execute("UPDATE dav_resource SET deleted = 1, seq = (SELECT value FROM dav_sequence WHERE id = 1) WHERE list_id = ? AND uid = ?",
                        [.text(list), .text(uid)])
        }
    }

    /// The error `body` throws, nil when it throws none.
    private static func failure(of body: () throws(StoreError) -> Void) -> StoreError? {
        do { try body() } catch { return error }
        return nil
    }

    /// The tables `rebuildDerivedData()` makes again whole from the reminders and lists.
    static let derivedTables: Set<String> = ["reminder_tag", "list_count", "reminder_search"]

    /// The number of reminders whose list is not there: rows every listing and export leaves
    /// out (they join the list).
    /// - Throws: `StoreError` from SQLite.
    public func remindersWithoutTheirList() throws -> Int {
        Int(try scalarInt("SELECT count(*) FROM reminder WHERE list_id NOT IN (SELECT id FROM list)") ?? 0)
    }

    /// The number of lists (not read as lists: a check counts them even when one cannot be read).
    /// - Throws: `StoreError` from SQLite.
    public func listCount() throws -> Int {
        Int(try scalarInt("SELECT count(*) FROM list") ?? 0)
    }

    /// Whether a line of `PRAGMA integrity_check` is about an index (`row 5 missing from
    /// index reminder_open_due`, `wrong # of entries in index list_name`,
    /// `non-unique entry in index …`): what `REINDEX` builds again.
    static func namesAnIndex(_ line: String) -> Bool {
        line.contains(" index ")
    }

    /// Each list whose kept counts differ from its reminders' (or that has none kept), and
    /// each kept row of a list that is not there: its id, name (NULL when not there), the
    /// four kept counts, then the four counted, and whether it has no counts kept at all.
    static let listCountMismatches = """
        WITH real AS (
            SELECT l.id AS list_id,
                   count(r.number) FILTER (WHERE r.completed_at IS NULL) AS open,
                   count(r.number) FILTER (WHERE r.completed_at IS NULL AND r.flagged = 1) AS flagged,
                   count(r.number) FILTER (WHERE r.completed_at IS NULL AND r.due IS NOT NULL) AS scheduled,
                   count(r.number) FILTER (WHERE r.completed_at IS NOT NULL) AS completed
            FROM list l LEFT JOIN reminder r ON r.list_id = l.id GROUP BY l.id
        )
        SELECT real.list_id, l.name, c.open, c.flagged, c.scheduled, c.completed,
               real.open, real.flagged, real.scheduled, real.completed, c.list_id IS NULL
        FROM real JOIN list l ON l.id = real.list_id LEFT JOIN list_count c ON c.list_id = real.list_id
        WHERE c.list_id IS NULL OR c.open <> real.open OR c.flagged <> real.flagged
              OR c.scheduled <> real.scheduled OR c.completed <> real.completed
        UNION ALL
        SELECT c.list_id, NULL, c.open, c.flagged, c.scheduled, c.completed, 0, 0, 0, 0, 0
        FROM list_count c WHERE c.list_id NOT IN (SELECT id FROM list)
        """

    /// Each tag of a reminder's own tags with no row in `reminder_tag` (1), and each row
    /// there that its reminder does not have (0): the reminder's number, the tag, which.
    /// Tags compare as `reminder_tag` does (`NOCASE`).
    static let tagMismatches = """
        SELECT r.number, t.value, 1 FROM reminder r, json_each(r.tags) t
        WHERE r.tags <> '[]' AND json_valid(r.tags)
          AND NOT EXISTS (SELECT 1 FROM reminder_tag k WHERE k.reminder = r.number AND k.tag = t.value)
        UNION ALL
        SELECT k.reminder, k.tag, 0 FROM reminder_tag k
        WHERE NOT EXISTS (SELECT 1 FROM reminder r, json_each(r.tags) t
                          WHERE r.number = k.reminder AND json_valid(r.tags) AND t.value = k.tag COLLATE NOCASE)
        """

    /// Each reminder with no live CalDAV resource in its list (1), and each live resource
    /// whose list has no reminder of its UID (0): the list's id, the UID, which.
    static let davMismatches = """
        SELECT r.list_id, r.uid, 1 FROM reminder r
        WHERE NOT EXISTS (SELECT 1 FROM dav_resource d WHERE d.list_id = r.list_id AND d.uid = r.uid AND d.deleted = 0)
        UNION ALL
        SELECT d.list_id, d.uid, 0 FROM dav_resource d
        WHERE d.deleted = 0 AND NOT EXISTS (SELECT 1 FROM reminder r WHERE r.list_id = d.list_id AND r.uid = d.uid)
        """
}
