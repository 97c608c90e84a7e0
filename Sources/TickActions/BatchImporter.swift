import Foundation
import TickModel
import TickStore
import TickInterchange

/// Saves an `ImportBatch`: lists matched by name or created, reminders inserted, or
/// updated in place when their UID (or one of their `formerUIDs`) is already in the
/// database (so importing a file twice never duplicates). Runs inside the caller's write
/// transaction: all or nothing.
///
/// A stored reminder moves to another list only when told so: by `--list`
/// (`fallbackListName`), or by a list the file names for it
/// (`ImportedReminder.isListNamedByFile`). A file that names none (standard input, an
/// iCalendar file without `X-WR-CALNAME`, whose list would be named after the file, a
/// todo.txt line without `+project`, a task without project) leaves it in its list;
/// new reminders from it go to the list named after the file, else the default list.
///
/// A stored reminder changed after the time the file says its copy was last changed
/// (`ImportedReminder.statesModification`: iCalendar `LAST-MODIFIED`, Taskwarrior
/// `modified`, an archive's `modifiedAt`; compared to the second) is left as it is and
/// counted in `keptNewer`; a file that gives no such time wins.
///
/// The engine of `Actions.importBatch`, which front ends call.
struct BatchImporter {
    /// The time stamped on what the import changes.
    let now: Date
    /// Where reminders without a list go: the `--list` option, else the default list.
    let fallbackListName: String?
    /// The user's zone, for the ring time of alarms on all-day and floating dates.
    let zone: TimeZone
    /// Keep numbers (when free) and positions from the file: restoring a Tick archive.
    var restoresArchive = false
    /// How a reminder is saved over the stored one with the same UID.
    var mergeRule = ImportMergeRule.replace
    /// The alarms a date gets when its kind changes in a todo.txt line (which has no alarms).
    var alarmDefaults: AlarmDefaults?

    /// An importer for one batch.
    /// - Parameters:
    ///   - now: the time stamped on what the import changes.
    ///   - fallbackListName: the list named by `--list`, or nil for the default list.
    ///   - zone: the user's time zone.
    ///   - restoresArchive: whether numbers and positions are kept from the file.
    init(now: Date, fallbackListName: String?, zone: TimeZone, restoresArchive: Bool = false) {
        self.now = now
        self.fallbackListName = fallbackListName
        self.zone = zone
        self.restoresArchive = restoresArchive
    }

    /// Leaves out a start date after the due date (RFC 5545 §3.8.2.3: DUE is later than
    /// DTSTART), as `add` and `edit` refuse one, and notes it in `summary` with the line.
    /// Done before comparing with a stored copy, so a re-import of the file is unchanged.
    private func dropStartAfterDue(of reminder: inout Reminder, line: Int, into summary: inout ImportSummary) {
        guard reminder.hasStartAfterDue(in: zone), let start = reminder.start, let due = reminder.due else { return }
        summary.droppedStarts.append(.init(lineNumber: line, start: start, due: due))
        reminder.start = nil
    }

    /// Above this many reminders the search index is rebuilt once instead of row by row.
    static let bulkThreshold = Database.bulkImportThreshold

    /// Saves `batch` in `db`'s transaction and says what it did.
    /// - Parameter more: the reminders that follow `batch.reminders`, a piece at a time,
    ///   nil after the last piece (a file read in pieces); each piece is saved before the
    ///   next is asked for, so only one is held. A piece's `lists` are those whose first
    ///   reminder it holds (an iCalendar file read in pieces), made as the batch's are; the
    ///   lists that only a file's name gives (`ImportedReminder.isListNamedByFile`) are
    ///   worked out from the piece that brings them.
    func apply(_ batch: ImportBatch, followedBy more: () throws -> ImportBatch? = { nil },
               to db: some ImportStore) throws -> ImportSummary {
        try db.importing(count: batch.reminders.count) { try applyRows(batch, followedBy: more, to: db) }
    }

    private func applyRows(_ batch: ImportBatch, followedBy more: () throws -> ImportBatch?,
                           to db: some ImportStore) throws -> ImportSummary {
        var summary = ImportSummary()
        var listsByName: [String: ReminderList] = [:]
        // By the name as the file spells it: names alike but for case or width find their
        // list each (`ListStore.list(named:)` prefers the exact name), not all the first one.
        func key(_ name: String) -> String { name.trimmingWhiteSpace() }

        func resolve(_ name: String, template: ReminderList?) throws -> ReminderList {
            if let found = listsByName[key(name)] { return found }
            // todo.txt writes spaces in list names as `_` (`+Home_Office`): find "Home Office".
            let spaced = name.replacingOccurrences(of: "_", with: " ")
            let existingList = try db.list(named: name) ?? (spaced != name ? db.list(named: spaced) : nil)
            if var existing = existingList {
                if let template, !template.iCalendarExtras.isEmpty,
                   !ICalendarKeptLines.sayTheSame(existing.iCalendarExtras, template.iCalendarExtras) {
                    existing.iCalendarExtras = template.iCalendarExtras
                    try db.update(existing)
                }
                listsByName[key(name)] = existing
                return existing
            }
            let validated = try Names.validated(name, as: .listName)
            var list = template ?? ReminderList(name: validated, createdAt: now)
            list.name = validated
            if try db.list(id: list.id) != nil { list.id = .make() }
            let stored = try db.insert(list, keepingPosition: false)
            summary.createdLists.append(stored.name)
            listsByName[key(name)] = stored
            return stored
        }

        let fallback = try db.targetList(named: fallbackListName)
        listsByName[key(fallback.name)] = fallback
        // The lists the file describes, for the reminders that name them.
        var templates: [ReminderList] = []
        /// A list the file only defaults to (an iCalendar file's name) is made when a new
        /// reminder needs it, not for reminders that stay where they are; the lists the
        /// file names, and those it describes without reminders, are made up front — unless
        /// `--list` (or a sync) puts every reminder in one list: then no other list is made.
        func makeUpFront(_ lists: [ReminderList], for reminders: [ImportedReminder]) throws {
            templates += lists
            // Lazily: a filtered copy of the batch was 60 % of an import's heap at its peak.
            let defaultedNames = Set(reminders.lazy.filter { !$0.isListNamedByFile }.compactMap { $0.listName.map(key) })
                .subtracting(reminders.lazy.filter(\.isListNamedByFile).compactMap { $0.listName.map(key) })
            for template in lists where fallbackListName == nil && !defaultedNames.contains(key(template.name)) {
                _ = try resolve(template.name, template: template)
            }
        }
        try makeUpFront(batch.lists, for: batch.reminders)

        // The list of each name met, so that a big batch resolves each name once.
        var listForName: [String: ReminderList] = [:]
        var listNameForID: [ReminderList.ID: String] = [:]
        /// Names the list of a reminder that stays where it is in the summary.
        func noteList(of id: ReminderList.ID) throws {
            if listNameForID[id] == nil { listNameForID[id] = try db.list(id: id)?.name }
            if let name = listNameForID[id] { summary.listNames.insert(name) }
        }
        // The end of each list an archive restores into, as it was before this import: nil
        // for a list that held no reminders (its reminders keep the archive's positions).
        // Into a list that held some, the archive's go after them, in the archive's order
        // (the order of its list; they were put among them by their raw positions).
        var endsBefore: [ReminderList.ID: Int64?] = [:]
        func restoredPosition(_ reminder: Reminder, given: Bool) throws -> (position: Int64, keeps: Bool) {
            if endsBefore[reminder.listID] == nil { endsBefore[reminder.listID] = .some(try db.lastPosition(inList: reminder.listID)) }
            guard case .some(.some(let end)) = endsBefore[reminder.listID] else { return (reminder.position, given) }
            let (next, overflow) = end.addingReportingOverflow(ManualOrder.gap)
            guard !overflow else { return (reminder.position, false) }
            endsBefore[reminder.listID] = .some(next)
            return (next, true)
        }
        var sortKeys = BatchImporter.NewSortKeys()
        // Restored reminders whose number is another's, saved after all the others.
        var renumbered: [(reminder: Reminder, keepsPosition: Bool)] = []
        var claimedNumbers = Set<Int64>()
        // Numbers up to this one were given before this import: none is given again.
        let highestGiven = restoresArchive ? try db.highestNumberGiven() : 0
        var adoption = BatchImporter.Adoption()
        // A restore into a store without reminders finds none of its UIDs stored, in any piece:
        // an archive's UIDs are all different (its readers refuse one given twice), and it
        // gives no former UIDs. Its pieces' look-ups are then skipped (2 s of 38 at 1,000,000).
        let mayFindStored = try !restoresArchive || db.holdsReminders()
        // The completed occurrences a Tick archive gives (by the UID the reminder is saved
        // under), recorded once the piece is saved; those of renumbered reminders wait
        // until the end, when they are.
        var histories: [(uid: ReminderUID, occurrences: [CompletedOccurrence])] = []
        // A batch read whole (an iCalendar, todo.txt or Taskwarrior file) is saved a piece at a
        // time as well, so that the rows being inserted are held for one piece, not for the file.
        var wholeSlices = BatchImporter.pieces(of: batch.reminders)[...]
        var piece = wholeSlices.popFirst().map { Array(batch.reminders[$0]) } ?? []
        while true {
            // New reminders are saved together at the end of the piece, many per statement (see
            // Database.insert(contentsOf:)); a UID met twice in the piece keeps the later one.
            var pending: [Reminder] = []
            var pendingIndex: [ReminderUID: Int] = [:]
            // Restored reminders, saved at the end of the piece so that their numbers can be kept.
            var restoring: [(reminder: Reminder, keepsPosition: Bool)] = []
            pending.reserveCapacity(piece.count)
            pendingIndex.reserveCapacity(piece.count)
            // UIDs (and former UIDs) that are stored, asked for all at once: only these need
            // `db.reminder(uid:)`. Nothing is saved before the loop ends but updates of
            // stored reminders, so the set stays true.
            let storedUIDs = mayFindStored ? try db.storedUIDs(among: piece.flatMap { [$0.reminder.uid] + $0.formerUIDs }) : []
            for item in piece {
                var stored = storedUIDs.contains(item.reminder.uid) ? try db.reminder(uid: item.reminder.uid) : nil
                for uid in item.formerUIDs where stored == nil && storedUIDs.contains(uid) { stored = try db.reminder(uid: uid) }
                let list: ReminderList?
                if fallbackListName != nil {
                    list = fallback
                } else if let stored, !item.isListNamedByFile {
                    // Found by its UID in a file that does not name a list (standard input, a
                    // calendar without X-WR-CALNAME, a todo.txt line without +project): it stays.
                    list = nil
                    try noteList(of: stored.listID)
                } else if let name = item.listName, let known = listForName[name] {
                    list = known
                } else if let name = item.listName, !name.isBlank {
                    let found = try resolve(name, template: templates.first { key($0.name) == key(name) })
                    listForName[name] = found
                    list = found
                } else {
                    list = fallback
                }
                if let occurrence = item.occurrence, var existing = stored,
                   ICalendarOverrides.ownRecurrenceID(existing.iCalendarExtras) != occurrence.recurrenceID {
                    // A changed occurrence (RECURRENCE-ID) of a stored series changes that
                    // occurrence and nothing else: not the rule, due date, title or list.
                    var extras = existing.iCalendarExtras
                    for block in [occurrence.lines] + ICalendarOverrides.occurrences(in: item.reminder.iCalendarExtras) {
                        extras = ICalendarOverrides.attaching(block, to: extras)
                    }
                    try noteList(of: existing.listID)
                    // Completed in the override: the series moves past that occurrence.
                    let (advanced, completed) = BatchImporter.completing(existing, item.completedOverrides, in: zone)
                    if ICalendarKeptLines.sayTheSame(extras, existing.iCalendarExtras), advanced == existing {
                        summary.unchanged += 1
                    } else {
                        existing = advanced
                        existing.iCalendarExtras = extras
                        existing.modifiedAt = now
                        try db.update(existing)
                        summary.updated += 1
                    }
                    if !completed.isEmpty { histories.append((existing.uid, completed)) }
                    continue
                }
                if let list { summary.listNames.insert(list.name) }
                var completedOverrides = item.completedOverrides
                // A completed occurrence stored before its series (imported alone, as a server
                // may send one) moves the series on when it arrives, as in one file (a tester).
                if item.occurrence == nil, let existing = stored, let key = ICalendarOverrides.ownRecurrenceID(existing.iCalendarExtras),
                   !ICalendarOverrides.occurrences(in: item.reminder.iCalendarExtras).contains(where: { ICalendarOverrides.recurrenceID(of: $0) == key }),
                   let done = BatchImporter.completedOccurrence(of: existing, now: now) {
                    completedOverrides.append(done)
                }
                var (reminder, completedHere) = BatchImporter.completing(item.reminder, completedOverrides, in: zone)
                if item.occurrence != nil { completedHere = [] }
                let history = item.completedOccurrences + completedHere
                reminder.listID = list?.id ?? stored?.listID ?? fallback.id
                // A series arriving for a stored occurrence whose series was never imported:
                // the stored occurrence goes into the series, unless the file has its own.
                var replacesOccurrence = false
                if item.occurrence == nil, let existing = stored, ICalendarOverrides.ownRecurrenceID(existing.iCalendarExtras) != nil {
                    replacesOccurrence = true
                    let fileKeys = Set(ICalendarOverrides.occurrences(in: reminder.iCalendarExtras).compactMap(ICalendarOverrides.recurrenceID(of:)))
                    for block in [ICalendarOverrides.vtodoLines(of: existing)] + ICalendarOverrides.occurrences(in: existing.iCalendarExtras)
                    where !fileKeys.contains(ICalendarOverrides.recurrenceID(of: block) ?? "") {
                        reminder.iCalendarExtras = ICalendarOverrides.attaching(block, to: reminder.iCalendarExtras)
                    }
                }
                if var existing = stored {
                    reminder.uid = existing.uid
                    if mergeRule == .todoTxt {
                        let listID = reminder.listID
                        reminder = TodoTxtImport.merged(reminder, onto: existing, timeZone: zone)
                        reminder.listID = listID
                        // A due day changed in the line moves the stored alarms with it, as
                        // `tick edit --due` does (a tester: they stayed silenced, at midnight).
                        if reminder.due != existing.due {
                            reminder.armAlarmsForNewDate(defaults: alarmDefaults, previousDue: existing.due)
                        }
                    }
                    if item.statesModification, mergeRule != .sync, !replacesOccurrence,
                       existing.modifiedAt.isInLaterSecond(than: reminder.modifiedAt) {
                        summary.keptNewer += 1
                        adoption.noteUnchanged(existing.uid)
                        continue
                    }
                    if !history.isEmpty { histories.append((existing.uid, history)) }
                    dropStartAfterDue(of: &reminder, line: item.lineNumber, into: &summary)
                    reminder.number = existing.number
                    reminder.position = existing.position
                    // An older export must not bring back completed occurrences or rung alarms;
                    // a sync or a CalDAV PUT says the schedule it means (both sides merged).
                    reminder = try db.mergingSchedule(of: reminder, into: existing, keepsCompletedSchedule: mergeRule != .sync)
                    // A file that gives no creation or completion date gets the import time from
                    // its reader; on a re-import the stored date stands, and a made-up
                    // modification time alone is no change.
                    if reminder.createdAt == now { reminder.createdAt = existing.createdAt }
                    if reminder.completedAt == now, existing.completedAt != nil { reminder.completedAt = existing.completedAt }
                    var compared = reminder
                    if compared.modifiedAt == now { compared.modifiedAt = existing.modifiedAt }
                    // Files hold times to the second; the stored ones may have a fraction
                    // (the time of an earlier import).
                    if compared.createdAt.isInSameSecond(as: existing.createdAt) { compared.createdAt = existing.createdAt }
                    if compared.modifiedAt.isInSameSecond(as: existing.modifiedAt) { compared.modifiedAt = existing.modifiedAt }
                    if let done = compared.completedAt, let stored = existing.completedAt, done.isInSameSecond(as: stored) {
                        compared.completedAt = stored
                    }
                    // An ACKNOWLEDGED before the alarm's instant is no firing (as stored below): a
                    // file that says so again is no change (a tester: an old archive's audio alarm
                    // restored "updated" every time).
                    BatchImporter.rearmAcknowledgedBeforeRinging(&compared, in: zone)
                    // Whether a fired alarm rang or was silenced is Tick's own note; iCalendar
                    // keeps only that it fired (ACKNOWLEDGED).
                    var storedAlarms: [String: Alarm] = [:]
                    for alarm in existing.alarms where storedAlarms[alarm.uid] == nil { storedAlarms[alarm.uid] = alarm }
                    for index in compared.alarms.indices {
                        guard let stored = storedAlarms[compared.alarms[index].uid],
                              let storedFired = stored.firedAt, let fired = compared.alarms[index].firedAt,
                              storedFired.isInSameSecond(as: fired) else { continue }
                        compared.alarms[index].firedAt = storedFired
                        compared.alarms[index].isSilenced = stored.isSilenced
                    }
                    // What an export adds or reorders (DTSTAMP, SEQUENCE, X-APPLE-SORT-ORDER) is
                    // no change: a fresh export imported back must leave everything as it was.
                    // For a sync, a new X-APPLE-SORT-ORDER is a move on the server: kept (the
                    // sync then puts the reminder in its place).
                    if ICalendarKeptLines.sayTheSame(compared.iCalendarExtras, existing.iCalendarExtras),
                       mergeRule != .sync || ICalendarSortOrder.value(in: compared.iCalendarExtras)
                            == ICalendarSortOrder.value(in: existing.iCalendarExtras) {
                        compared.iCalendarExtras = existing.iCalendarExtras
                    }
                    // Keep the stored position unless the list changed (then update() appends).
                    if compared == existing {
                        summary.unchanged += 1
                        adoption.noteUnchanged(existing.uid)
                        continue
                    }
                    BatchImporter.rearmAcknowledgedBeforeRinging(&reminder, in: zone)
                    BatchImporter.silenceArrivedPast(&reminder, keepingPendingOf: existing, at: now, in: zone)
                    existing = reminder
                    try db.update(existing)
                    summary.updated += 1
                    continue
                }
                dropStartAfterDue(of: &reminder, line: item.lineNumber, into: &summary)
                BatchImporter.rearmAcknowledgedBeforeRinging(&reminder, in: zone)
                BatchImporter.silenceArrivedPast(&reminder, keepingPendingOf: nil, at: now, in: zone)
                if !history.isEmpty { histories.append((reminder.uid, history)) }
                if restoresArchive {
                    let (position, keeps) = try restoredPosition(reminder, given: item.hasPosition)
                    reminder.position = position
                    restoring.append((reminder, keeps))
                    summary.added += 1
                } else if let index = pendingIndex[reminder.uid] {
                    pending[index] = reminder
                } else {
                    pendingIndex[reminder.uid] = pending.count
                    pending.append(reminder)
                    summary.added += 1
                }
            }
            // Not for a sync's or a PUT's reminders (the server's values), nor for an archive's:
            // a restore is Tick's own data, whose values `add` and `move` kept; giving values to
            // the generated archive of bench/generate.py (creation times at random) cost the
            // export of 100,000 to .ics 353 -> 957 ms, every reminder then having kept lines.
            if mergeRule != .sync, !restoresArchive { try sortKeys.key(&pending, in: db) }
            try db.insert(contentsOf: pending)
            try BatchImporter.insertKeepingFreeNumbers(restoring, into: db, above: highestGiven, claimed: &claimedNumbers,
                                                       renumbering: &renumbered)
            adoption.note(piece)
            histories = try BatchImporter.record(histories, in: db, into: &summary)
            if let slice = wholeSlices.popFirst() {
                piece = Array(batch.reminders[slice])
                continue
            }
            guard let next = try more() else { break }
            try makeUpFront(next.lists, for: next.reminders)
            piece = next.reminders
        }
        try db.insert(restoring: renumbered.map(\.reminder), keepingNumbers: false, keepingPositions: renumbered.map(\.keepsPosition))
        histories = try BatchImporter.record(histories, in: db, into: &summary)
        (summary.brokenParentLoops, summary.parentsNotFound) = try adoption.adopt(in: db, at: now)
        return summary
    }

    /// The pieces (`Actions.importPieceSize` each) in which `reminders`, a batch read whole, is
    /// saved: one range for the whole batch when it is no bigger than a piece, or when two of
    /// its reminders share a UID or a former UID. Only then does saving it in pieces change
    /// nothing: a later piece then never meets a reminder an earlier piece saved, and a UID met
    /// twice keeps the later one as within a piece.
    /// - Complexity: O(n) time; a set of the n UIDs while it runs (their strings are shared).
    static func pieces(of reminders: [ImportedReminder]) -> [Range<Int>] {
        let size = Actions.importPieceSize
        guard reminders.count > size else { return [reminders.indices] }
        var seen = Set<ReminderUID>(minimumCapacity: reminders.count)
        for item in reminders {
            guard seen.insert(item.reminder.uid).inserted else { return [reminders.indices] }
            for uid in item.formerUIDs where !seen.insert(uid).inserted { return [reminders.indices] }
        }
        return stride(from: 0, to: reminders.count, by: size).map { $0..<min($0 + size, reminders.count) }
    }

    /// Reads a parent's `RELATED-TO;RELTYPE=CHILD` (jtx Board writes subtasks that way) as
    /// the child's parent, whichever of the two arrives first: a child named by a parent
    /// in the batch, or a reminder of the batch named by a stored parent, gets that parent
    /// when it has none (a parent the child names itself wins) and it makes no cycle.
    ///
    /// Fed a piece of the batch at a time (`note(_:)`), it keeps only the parents that name
    /// children and a hash of each reminder without a parent, and adopts once every piece
    /// is saved (`adopt(in:at:)`).
    struct Adoption {
        /// The batch's reminders that name children, with those children, in order.
        private var parents: [(uid: ReminderUID, children: [ReminderUID])] = []
        /// Hashes of the UIDs of the batch's reminders without a parent (8 bytes each,
        /// not the UIDs: a batch of a million must not hold a million strings). Two UIDs
        /// with the same 64-bit hash would both count as in the batch; such a collision
        /// among a million reminders has a chance of about 10^-13 per named child.
        private var orphans = Set<Int>()
        /// The batch's reminders that name their parent (subtasks only, so a few).
        private var subtasks: [ReminderUID] = []
        /// Hashes of the UIDs of stored reminders the batch left as they were: a parent still
        /// missing was said when they came (a re-import says nothing new).
        private var unchanged = Set<Int>()

        /// Notes a stored reminder the batch left as it was.
        mutating func noteUnchanged(_ uid: ReminderUID) {
            unchanged.insert(uid.hashValue)
        }

        /// Notes the reminders of one piece of the batch.
        mutating func note(_ piece: [ImportedReminder]) {
            for item in piece where item.occurrence == nil {
                let children = ICalendarRelations.childUIDs(in: item.reminder.iCalendarExtras)
                if !children.isEmpty { parents.append((item.reminder.uid, children)) }
                if item.reminder.parentUID == nil { orphans.insert(item.reminder.uid.hashValue) } else { subtasks.append(item.reminder.uid) }
            }
        }

        /// Gives each named child its parent, once the whole batch is saved.
        /// - Complexity: O(n) in the stored reminders' kept lines (one scan) when the batch
        ///   has a reminder without a parent; O(k) lookups for k named children.
        /// - Returns: the reminders made top-level to break a loop, and those whose parent is
        ///   nowhere (kept as given).
        func adopt(in db: some ImportStore, at now: Date) throws
            -> (loops: [ImportSummary.BrokenParentLoop], notFound: [ImportSummary.BrokenParentLoop]) {
            // A file's parent links may loop (A under B, B under A; one under itself): the
            // first reminder of the batch met on a loop is made top-level, as `tick edit
            // --parent` refuses a loop (a tester: `show` said "Subtask of: #1 self").
            var broken: [ImportSummary.BrokenParentLoop] = []
            var notFound: [ImportSummary.BrokenParentLoop] = []
            for uid in subtasks {
                guard var child = try db.reminder(uid: uid), let parentUID = child.parentUID else { continue }
                if try db.reminder(uid: parentUID) == nil {
                    if !unchanged.contains(uid.hashValue) {
                        notFound.append(.init(number: child.number, title: child.title, parentUID: parentUID))
                    }
                    continue
                }
                guard try BatchImporter.isAncestor(uid, of: parentUID, in: db) else { continue }
                child.parentUID = nil
                child.modifiedAt = now
                try db.update(child)
                broken.append(.init(number: child.number, title: child.title, parentUID: parentUID))
            }
            var adopted = Set<ReminderUID>()
            // Only a child of the parent's own list (a parent link holds within one list): a
            // tester's private to-do naming a shared list's reminder as its CHILD gave that
            // reminder a RELATED-TO the list's member saw (with the private UID in it).
            var listOf: [ReminderUID: ReminderList.ID] = [:]
            func adopt(_ childUID: ReminderUID, by parentUID: ReminderUID) throws {
                guard childUID != parentUID, !adopted.contains(childUID), var child = try db.reminder(uid: childUID),
                      child.parentUID == nil else { return }
                if listOf[parentUID] == nil { listOf[parentUID] = try db.reminder(uid: parentUID)?.listID }
                guard listOf[parentUID] == child.listID, try !BatchImporter.isAncestor(childUID, of: parentUID, in: db) else { return }
                child.parentUID = parentUID
                child.modifiedAt = now
                try db.update(child)
                adopted.insert(childUID)
            }
            for parent in parents {
                for childUID in parent.children { try adopt(childUID, by: parent.uid) }
            }
            // A child arriving after its parent: only the children in this batch (a subtask
            // made top-level in Tick is not taken back by an import of something else).
            guard !orphans.isEmpty else { return (broken, notFound) }
            for parent in try db.remindersNamingChildren() {
                for childUID in ICalendarRelations.childUIDs(in: parent.iCalendarExtras) where orphans.contains(childUID.hashValue) {
                    try adopt(childUID, by: parent.uid)
                }
            }
            return (broken, notFound)
        }
    }

    /// `reminder` moved past each of its occurrences that `completed` names (a changed
    /// occurrence completed in another app: Thunderbird and eM Client write `STATUS:COMPLETED`
    /// under a `RECURRENCE-ID` and leave the series where it was), as `tick done` would
    /// have moved it at each completion's time; its modification time stays the file's.
    /// Unchanged when it does not repeat, is completed, or its occurrence is not named. A
    /// `RECURRENCE-ID` names an occurrence by its start (RFC 5545 §3.8.4.4), so either the
    /// occurrence's start or its due date may match.
    /// - Returns: the reminder, and the occurrences it was moved past, each by its due date
    ///   (else start), as Tick names an occurrence in its history.
    /// - Complexity: O(k²) for k completed occurrences (each moves it at most once).
    static func completing(_ reminder: Reminder, _ completed: [CompletedOccurrence],
                           in zone: TimeZone) -> (Reminder, [CompletedOccurrence]) {
        guard !completed.isEmpty else { return (reminder, []) }
        var current = reminder
        var passed: [CompletedOccurrence] = []
        for _ in completed.indices {
            guard current.recurrence != nil, !current.isCompleted, let anchor = current.due ?? current.start,
                  let done = completed.first(where: { done in
                      [current.start, current.due].contains { $0.map { done.due.names(occurrence: $0, in: zone) } ?? false }
                  }) else { break }
            passed.append(CompletedOccurrence(due: anchor, completedAt: done.completedAt))
            current = current.completingOccurrence(at: done.completedAt, in: zone).reminder
        }
        current.modifiedAt = reminder.modifiedAt
        return (current, passed)
    }

    /// The completed occurrence that `stored`, a changed occurrence saved without its series
    /// (`RECURRENCE-ID`), stands for when it is completed: its `RECURRENCE-ID` read as a file
    /// reads it (`ImportedReminder.completedOverrides`); nil when it is open or unreadable.
    static func completedOccurrence(of stored: Reminder, now: Date) -> CompletedOccurrence? {
        guard stored.completedAt != nil else { return nil }
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0"] + ICalendarOverrides.vtodoLines(of: stored) + ["END:VCALENDAR"]
        let read = try? ICalendarReader(now: now, fileListName: nil).read(Data(lines.joined(separator: "\r\n").utf8), source: nil)
        return read?.reminders.first?.completedOverrides.first
    }

    /// Records the completed occurrences of `histories` whose reminders are saved, each one
    /// the store does not have yet (a completion it has keeps its time), and counts them in
    /// `summary`.
    /// - Returns: the histories of reminders not saved yet (restored ones that wait for a
    ///   number).
    static func record(_ histories: [(uid: ReminderUID, occurrences: [CompletedOccurrence])], in db: some ImportStore,
                       into summary: inout ImportSummary) throws -> [(uid: ReminderUID, occurrences: [CompletedOccurrence])] {
        var waiting: [(uid: ReminderUID, occurrences: [CompletedOccurrence])] = []
        for history in histories {
            guard let reminder = try db.reminder(uid: history.uid) else {
                waiting.append(history)
                continue
            }
            for occurrence in history.occurrences
            where !(try db.isOccurrenceCompleted(reminder: reminder.number, due: occurrence.due)) {
                try db.recordCompletedOccurrence(reminder: reminder.number, due: occurrence.due, completedAt: occurrence.completedAt)
                summary.completedOccurrences += 1
            }
        }
        return waiting
    }

    /// Whether `uid` is `start` or one of its ancestors (following `parentUID`).
    static func isAncestor(_ uid: ReminderUID, of start: ReminderUID, in db: some ReminderStore) throws -> Bool {
        var current: ReminderUID? = start
        var seen = Set<ReminderUID>()
        while let here = current, seen.insert(here).inserted {
            if here == uid { return true }
            current = try db.reminder(uid: here)?.parentUID
        }
        return false
    }

    /// Apple's order (`X-APPLE-SORT-ORDER`, else the creation time, then the UID:
    /// `ICalendarSortOrder.orderKey(of:)`) for the new reminders of an import, as Tick orders
    /// them: after the list's last reminder before the import, in the file's order. A piece's
    /// new reminders of a list whose keys already rise that way keep them; else they get rising
    /// values of their own, ending at the latest key among them when there is room after the
    /// reminder before them (a value later than now would put what a phone adds meanwhile
    /// among them), else right after it. (A tester: 2,500 todo.txt lines imported in one second
    /// had one creation time, so phones and a second Tick ordered them by UID, at random.)
    /// A sync's or a CalDAV PUT's reminders have the server's keys, and an archive's are Tick's
    /// own: not this.
    struct NewSortKeys {
        /// The key of the last reminder of each list so far (nil: the list had none).
        private var tails: [ReminderList.ID: (Int64, String)?] = [:]

        /// Gives `reminders` (new, in the order they are saved) their keys, list by list.
        /// - Complexity: O(n log n) for n reminders, one query for each list met the first time.
        mutating func key(_ reminders: inout [Reminder], in db: some ImportStore) throws {
            guard !reminders.isEmpty else { return }
            var byList: [ReminderList.ID: [Int]] = [:]
            var lists: [ReminderList.ID] = []
            for (index, reminder) in reminders.enumerated() {
                if byList[reminder.listID] == nil { lists.append(reminder.listID) }
                byList[reminder.listID, default: []].append(index)
            }
            for list in lists {
                let indices = byList[list] ?? []
                if tails[list] == nil {
                    let last = try db.reminders(in: .list(list, includesCompleted: true), from: nil, includingAnchor: false,
                                                direction: .backward, limit: 1).first
                    tails[list] = .some(last.map(ICalendarSortOrder.orderKey(of:)))
                }
                let previous = tails[list] ?? nil
                let keys = indices.map { ICalendarSortOrder.orderKey(of: reminders[$0]) }
                let rises = zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 } && previous.map { $0 < keys[0] } ?? true
                if rises {
                    tails[list] = .some(keys.last)
                    continue
                }
                let count = Int64(indices.count)
                let latest = keys.map(\.0).max() ?? 0
                let (lowest, lowOverflow) = (previous?.0 ?? Int64.min / 4).addingReportingOverflow(1)
                let (fromLatest, latestOverflow) = latest.subtractingReportingOverflow(count - 1)
                guard !lowOverflow, !latestOverflow else { continue }
                let start = fromLatest >= lowest ? fromLatest : lowest
                guard start.addingReportingOverflow(count).overflow == false else { continue }
                for (offset, index) in indices.enumerated() {
                    reminders[index].iCalendarExtras = ICalendarSortOrder.settingValue(start + Int64(offset),
                                                                                       in: reminders[index].iCalendarExtras)
                }
                tails[list] = .some((start + count - 1, reminders[indices[indices.count - 1]].uid.rawValue))
            }
        }
    }

    /// Inserts restored reminders, each keeping its number when it is free: above `highest`,
    /// the highest number the store gave before this import, and no other reminder's. A
    /// number a deleted reminder had is not free (a tester: an archive's #3 took the number
    /// of a deleted #3, and the undo of that deletion then restored nothing while saying it
    /// had; README: a number is never reused).
    ///
    /// Those whose number is free are saved here; those whose number is taken are added to
    /// `renumbered`, for the caller to save after all the others with new numbers, the
    /// next after the highest ever given: saved before them, one would take the number of
    /// a later one (#1 taken: "one" would become #2, pushing "two" to #3 …). Within the
    /// archive, the first reminder with a number keeps it (`claimed`: the numbers kept so far).
    ///
    /// - Complexity: O(n log m) for n reminders among m stored, O(n / 500) statements.
    static func insertKeepingFreeNumbers(_ restoring: [(reminder: Reminder, keepsPosition: Bool)], into db: some ImportStore,
                                         above highest: Int64, claimed: inout Set<Int64>,
                                         renumbering renumbered: inout [(reminder: Reminder, keepsPosition: Bool)]) throws {
        let taken = try db.takenNumbers(among: restoring.map(\.reminder.number).filter { $0 != .unassigned })
        var keeping: [(reminder: Reminder, keepsPosition: Bool)] = []
        keeping.reserveCapacity(restoring.count)
        for entry in restoring {
            let number = entry.reminder.number
            if number != .unassigned, number.rawValue > highest, claimed.insert(number.rawValue).inserted,
               !taken.contains(number.rawValue) {
                keeping.append(entry)
            } else {
                renumbered.append(entry)
            }
        }
        try db.insert(restoring: keeping.map(\.reminder), keepingNumbers: true, keepingPositions: keeping.map(\.keepsPosition))
    }

    /// An alarm waiting to ring: its UID and ring time.
    private struct PendingAlarm: Hashable {
        var uid: String
        var date: Date
    }

    /// Makes pending again each alarm of an imported reminder marked fired before the instant
    /// it rings for now: an acknowledgement earlier than the trigger time does not cover it
    /// (RFC 9074 §6). A newer version of a to-do that moved its date into the future kept the
    /// old date's fired or silenced alarm, whether from the file (`ACKNOWLEDGED`) or carried
    /// over from the stored one, and it never rang (a tester).
    static func rearmAcknowledgedBeforeRinging(_ reminder: inout Reminder, in zone: TimeZone) {
        for index in reminder.alarms.indices {
            guard let fired = reminder.alarms[index].firedAt,
                  let date = reminder.fireDate(of: reminder.alarms[index], in: zone), fired < date else { continue }
            reminder.alarms[index].firedAt = nil
        }
    }

    /// Marks the alarms of an imported reminder whose ring time is already past as
    /// fired without ringing, as `tick add` does: an alarm that was due before the
    /// reminder arrived does not ring (an export from years ago must not bring a pile of
    /// "missed" alarms). An alarm `existing` already had pending at the same instant was
    /// missed while the reminder was here, so it stays pending for the agent.
    static func silenceArrivedPast(_ reminder: inout Reminder, keepingPendingOf existing: Reminder?,
                                   at now: Date, in zone: TimeZone) {
        // Hashed, not searched: a reminder may have thousands of alarms.
        let known = Set(existing.map { stored in
            stored.pendingAlarms(in: zone).map { PendingAlarm(uid: $0.alarm.uid, date: $0.date) }
        } ?? [])
        for index in reminder.alarms.indices where reminder.alarms[index].firedAt == nil {
            guard let date = reminder.fireDate(of: reminder.alarms[index], in: zone), date <= now else { continue }
            if known.contains(PendingAlarm(uid: reminder.alarms[index].uid, date: date)) { continue }
            reminder.alarms[index].firedAt = now
            reminder.alarms[index].isSilenced = true
        }
    }
}
