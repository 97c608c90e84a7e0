import Foundation
import TickModel
import TickStore
import TickInterchange
import TickActions

/// How one sync runs.
public struct SyncOptions: Sendable {
    /// Work out and report everything, change nothing on either side.
    public var isDryRun = false
    /// Let the sync delete more than the guard allows (`--allow-deletes`).
    public var allowsDeletes = false
    public init(isDryRun: Bool = false, allowsDeletes: Bool = false) {
        self.isDryRun = isDryRun
        self.allowsDeletes = allowsDeletes
    }
}

/// Two-way sync of Tick lists with the to-do collections of one CalDAV account.
///
/// Each list is paired with one collection (by name on the first sync; lists missing
/// on the server are created there with MKCALENDAR, collections missing here become
/// lists). Per collection, a sync:
///
/// 1. lists what changed on the server (RFC 6578 `sync-collection` from the stored token;
///    without a token, or when the server no longer knows it, every href and ETag, compared
///    with those stored; a collection without sync-collection: its `getctag`, and every
///    href and ETag only when that changed) and fetches it with `calendar-multiget`;
/// 2. sees what changed in Tick (a reminder whose revision differs from the one stored at
///    the last sync; a stored item whose reminder is gone is a deletion; a reminder
///    without a stored item is new), reading only those reminders;
/// 3. checks the deletion guard: more than 20 deletions, or three or more that are over
///    half of the synced reminders of a list, stops the sync before anything is
///    written, unless `allowsDeletes`;
/// 4. applies: a change on one side is copied to the other; a change on both sides is
///    merged property by property (`ICalendarMerge`, the newer side winning a property
///    both changed, reported in `SyncReport.conflicts`); an edit wins over a deletion;
///    writes carry `If-Match` (changes, deletions) or `If-None-Match: *` (new items), and
///    a 412 means fetch, merge and write again (at most 3 times).
///
/// Every item's state (href, ETag, the merged text as the base of the next merge, the
/// reminder's revision) is committed to the database with the change it records,
/// item by item (server items in batches of 200), and the sync token only at the end: a
/// sync killed at any point and run again finds each item either done or still to do,
/// never twice. Server items that are new or moved (`X-APPLE-SORT-ORDER`) are then put in
/// their places in the list (`place(_:in:)`).
public final class SyncEngine {
    public let account: SyncAccount
    let dav: CalDAV
    let store: Store
    let context: ActionContext
    /// Called with a short line as the sync goes ("Groceries: 120 of 2,000"), for progress.
    public var progress: ((String) -> Void)?
    /// The DNS lookups of an account that names only a domain (RFC 6764 SRV and TXT).
    public var serviceLocator = ServiceLocator(resolver: DNSResolver())

    public init(account: SyncAccount, client: DAVClient, store: Store, context: ActionContext) {
        self.account = account
        self.dav = CalDAV(client: client)
        self.store = store
        self.context = context
    }

    var label: String { "account \"\(account.name)\"" }
    /// Deletions in Tick of items gone from a collection, done after every collection was
    /// synced: an item that went to another calendar (a move on the phone) arrives there
    /// first, and is then not deleted.
    var deferredDeletions: [(state: SyncedItem, listID: ReminderList.ID, listName: String)] = []
    /// Items deleted on the server while edited in Tick, written again after every collection
    /// was synced: unless another client moved them to another calendar, whose sync then
    /// brought them to that list with Tick's edit merged in.
    var deferredRecreations: [(state: SyncedItem, pairing: Pairing)] = []
    /// Subtasks whose link the server's copy dropped while their parent, deleted there, is
    /// written again by this run (an edit won over the deletion): taken from the server with
    /// their link kept, their state marked to be sent again (`take`).
    var linksKeptAgainstServer = Set<ReminderUID>()
    /// Old copies of reminders moved in Tick to another synced list, deleted after every
    /// collection was synced, and only when the new copy is on the server by then.
    var deferredMovedDeletions: [(state: SyncedItem, pairing: Pairing)] = []
    /// Reminders moved to another list in Tick whose server copy in the old calendar was merged
    /// into them: their new calendar may have been synced earlier in the run, with the copy
    /// from before the merge (a tester: the phone's edit reached the new calendar a sync late).
    /// Also subtasks linked again to a parent a sync put back (`restoreDeletedHere`). Each is
    /// sent at the end of the run if it changed since its last write.
    var mergedAfterMove: [ReminderUID] = []
    /// The pairing of each list paired in this run (for telling a move between calendars
    /// from a new item, and where a moved reminder's calendar is).
    var pairsByList: [ReminderList.ID: Pairing] = [:]
    /// States of items gone from a calendar on the server while Tick moved them to another
    /// list: kept until the end of the run, for a move on both sides to be seen as one
    /// (`Step.refuseMove`), then forgotten.
    var deferredForgets: [SyncedItem] = []
    /// Reminders moved in Tick to a list from another calendar of the account, sent to their
    /// new calendar once every calendar was synced (see `sync`'s plan).
    var deferredMoveUploads: [(uid: ReminderUID, pairing: Pairing)] = []
    /// Calendars whose sync left work for the end of the run (`deferredDeletions` and the
    /// others): their new sync token and ctag, saved only once that work is done. Saved with
    /// the calendar's sync, a sync killed before the end lost the deletions for good: the
    /// next one started past them (a tester, with `kill -9`).
    var tokensAfterRun: [(url: String, syncToken: String?, ctag: String?)] = []
    /// The hrefs this run wrote (PUT), by calendar, normalized (`CalDAV.normalizedPath`).
    var writtenHrefs: [String: Set<String>] = [:]

    /// How many pieces of work wait for the end of the run: a calendar's sync that adds to it
    /// saves its token after (`tokensAfterRun`).
    var deferredCount: Int {
        deferredDeletions.count + deferredRecreations.count + deferredMovedDeletions.count + deferredForgets.count
            + deferredMoveUploads.count + mergedAfterMove.count
    }
    /// The revisions of the list being synced, as read when its sync was planned: what an
    /// upload records (a change made during the sync is then seen by the next one).
    var planRevisions: [ReminderUID: Int64] = [:]
    /// Reminders of the list being synced that came from the server new or moved there,
    /// put in their places when its sync ends (`place(_:in:)`).
    var unplaced = Set<ReminderUID>()
    /// Reminders the list being synced takes from another synced list (moved on the server
    /// between calendars by another client), by UID: the name of the list they leave.
    var movingHere: [ReminderUID: String] = [:]
    /// Changes made in Tick that the collection being synced, read-only on the server, does
    /// not take (uploads, deletions, and merges whose result differs from the server's copy):
    /// said once at the end of its sync.
    var keptInTick = 0
    /// Every reminder a list of this run takes from another list (`movingHere` of each).
    var movedThisRun = Set<ReminderUID>()
    /// The conflicts this run wrote into the conflict journal, and their rows' ids
    /// (`SyncEngine+Conflicts`).
    var journaledThisRun: [SyncReport.Conflict] = []
    var journaledIDs = Set<Int64>()
    /// What `queueFollowing` says, added to the report at the run's end.
    var followingWarnings: [String] = []
    /// The calendars this run has synced so far (`moveSubtasks(of:onlySynced:in:)`).
    var calendarsSyncedThisRun = Set<String>()
    /// Reminders this run takes from the server that Tick did not have (for a UID met in two
    /// calendars at once: the newer copy is kept).
    var newThisRun = Set<ReminderUID>()
    /// Calendars that hold a copy of a UID Tick keeps in another (left alone): listed whole at
    /// the next sync, whatever the token says (a phone's move seen halfway). Their tokens are
    /// not saved by their own sync, and are cleared again at the end of the run (one synced
    /// earlier in the run may be found holding one later).
    var listedWholeNextTime = Set<String>()
    /// Conflicts found while planning, written into the journal with the reminder they name
    /// when it is saved (`awaitSave`).
    var conflictsAwaitingSave: [ReminderUID: [SyncReport.Conflict]] = [:]
    /// A dry run's deletions in Tick, counted once every list was planned: a to-do the
    /// server moved to another calendar is no deletion (as in a real run, `deferredDeletions`).
    var dryRunDeletions: [(uid: ReminderUID, collectionURL: String)] = []

    /// Runs one sync of every paired list.
    /// - Returns: what it did; its `conflicts` are the conflict journal's that no report of the
    ///   account showed yet (this run's, and those of runs that stopped before their report):
    ///   once they are shown, `markShown(_:in:)` marks them so.
    /// - Throws: `SyncError` when the account cannot be reached or refuses, or the deletion
    ///   guard stops the sync; `StoreError` from SQLite. What was committed before stays, the
    ///   conflicts found too (`unshownConflicts()`).
    public func run(_ options: SyncOptions = SyncOptions()) throws -> SyncReport {
        var report = SyncReport(account: account.name)
        report.isDryRun = options.isDryRun
        // One sync of this database at a time (`SyncLock`), held to the end of the run.
        let lock = options.isDryRun ? nil : SyncLock.acquire(beside: store.path)
        defer { withExtendedLifetime(lock) {} }
        if let waited = lock?.waited, waited >= 1 {
            report.warnings.append("waited \(Int(waited.rounded())) s for another tick sync of this database to end")
        }
        do {
            try runSyncs(options, report: &report)
        } catch {
            // Stopped on a later list, or the account failed: what this run found is shown by the
            // next report (the caller shows it with the error: `unshownConflicts(account:in:)`).
            if !options.isDryRun { try? journalLeftOver(report) }
            throw error
        }
        // Subtasks that followed a parent in the run's last steps (a calendar synced again).
        report.warnings += followingWarnings
        followingWarnings = []
        if !options.isDryRun { try conflictsFromJournal(into: &report) }
        report.requests = dav.client.requestCount
        return report
    }

    private func runSyncs(_ options: SyncOptions, report: inout SyncReport) throws {
        progress?("finding the calendars")
        let found = try discover()
        // Apple's calendar-order (absent: last, as found): the order lists made here are made in.
        let collections = found.collections.enumerated()
            .sorted { ($0.element.order ?? Int.max, $0.offset) < ($1.element.order ?? Int.max, $1.offset) }.map(\.element)
        var pairs = try pair(collections, home: found.home, options: options, report: &report)
        pairsByList = Dictionary(pairs.map { ($0.list.id, $0) }, uniquingKeysWith: { first, _ in first })
        clearDeferredWork()
        movedThisRun = []
        writtenHrefs = [:]
        journaledThisRun = []
        journaledIDs = []
        followingWarnings = []
        calendarsSyncedThisRun = []
        newThisRun = []
        listedWholeNextTime = []
        conflictsAwaitingSave = [:]
        // A list whose sync would delete too many reminders here is synced again after the
        // others, once: reminders another client moved from it to another calendar of the
        // account are then in the list they were moved to, and no deletion (a tester: moving 3
        // of 4 reminders on a phone stopped the next sync of every list, "would delete 3 of 4").
        var postponed: [Pairing] = []
        // The pairings as this run leaves them (a list renamed from its calendar's name): what
        // the end of the run works with (a tester: a calendar synced again there under the
        // list's old name failed, "there is no list named …").
        for index in pairs.indices {
            var pairing = pairs[index]
            progress?("\(pairing.list.name) (\(index + 1) of \(pairs.count))")
            try SyncEngine.updatingReport(of: pairing, in: &report) { report, listReport in
                try syncListProperties(&pairing, options: options, report: &report, list: &listReport)
            }
            pairs[index] = pairing
            pairsByList[pairing.list.id] = pairing
            do {
                try syncCollection(pairing, options: options, report: &report)
            } catch SyncError.tooManyDeletions where index < pairs.count - 1 {
                postponed.append(pairing)
            }
        }
        for pairing in postponed {
            try syncCollection(pairing, options: options, report: &report)
        }
        try finishRun(pairs: pairs, options: options, report: &report)
        if !options.isDryRun { try advanceTokensPastOwnWrites(pairs: pairs, options: options, report: &report) }
        if !options.isDryRun, !listedWholeNextTime.isEmpty {
            try store.write { db in
                for var collection in try db.syncedCollections(account: account.name) where listedWholeNextTime.contains(collection.url) {
                    collection.syncToken = nil
                    collection.ctag = nil
                    try db.saveSyncedCollection(collection)
                }
            }
        }
    }

    /// The reminders of `pairing`'s calendar synced (`sync(_:options:report:list:)`), its
    /// errors placed under the list's name.
    private func syncCollection(_ pairing: Pairing, options: SyncOptions, report: inout SyncReport) throws {
        try SyncEngine.updatingReport(of: pairing, in: &report) { report, listReport in
            do {
                try sync(pairing, options: options, report: &report, list: &listReport)
            } catch let error as SyncError {
                throw error.placed("list \"\(pairing.list.name)\"", after: label)
            }
        }
        calendarsSyncedThisRun.insert(pairing.stored.url)
    }

    /// Moves to their parent's list the subtasks a parent left in this run: another client
    /// moved the parent to another calendar, and the run took it to that list, while a subtask
    /// of it in Tick (linked here only, so not moved with it there) stayed in the old one. A
    /// subtask lives in its parent's list (Apple Reminders; `Actions.edit` refuses otherwise),
    /// so it follows, here and on the server in the same run (its copy sent to the new
    /// calendar, then the old one deleted: `deferredMoveUploads`, `deferredMovedDeletions`),
    /// and the run says so (a tester: the link pointed into another list on every side, and
    /// `tick show` said "no subtask here").
    ///
    /// The subtasks are moved in the transaction that takes the parent (`moveSubtasks(of:in:)`,
    /// from `take` and `merge`), so that a sync stopped before the run's end leaves none behind
    /// (a tester, with `kill -9`: the next run had no record of the parent's move, and the
    /// subtask stayed in the old list for good); this end of the run moves any left and says so.
    private func bringSubtasksAlong(report: inout SyncReport) throws {
        for parentUID in movedThisRun.sorted(by: { $0.rawValue < $1.rawValue }) {
            queueFollowing(try store.write { db in try moveSubtasks(of: parentUID, onlySynced: false, in: db) })
        }
        report.warnings += followingWarnings
        followingWarnings = []
    }

    /// A subtask moved to its parent's list by the sync (`moveSubtasks(of:in:)`).
    typealias FollowingSubtask = (title: String, uid: ReminderUID, from: Pairing, to: Pairing, state: SyncedItem?, isThere: Bool)

    /// Moves the subtasks of `parentUID` that are in another list than it (both lists paired)
    /// to its list, in `db`'s transaction; `queueFollowing` then has their copies moved on the
    /// server. `onlySynced`: only those whose list's calendar this run has synced already (the
    /// server may have unlinked or moved the others: a tester's subtask, unlinked and moved
    /// back by another device, was taken along with its former parent before its own calendar
    /// said so); the end of the run moves the rest.
    func moveSubtasks(of parentUID: ReminderUID, onlySynced: Bool, in db: Database) throws -> [FollowingSubtask] {
        guard let parent = try db.reminder(uid: parentUID), let to = pairsByList[parent.listID] else { return [] }
        let children = try db.reminders(ReminderFilter(parentUID: parentUID, includesCompleted: true),
                                        now: context.now, timeZone: context.timeZone)
        var moved: [FollowingSubtask] = []
        for child in children where child.listID != parent.listID {
            guard let from = pairsByList[child.listID], !onlySynced || calendarsSyncedThisRun.contains(from.stored.url) else { continue }
            let states = try db.syncedItems(account: account.name, uid: child.uid, except: "")
            do {
                _ = try Actions.edit(child.number, ReminderEdit(list: .id(parent.listID)), context: context, in: db)
            } catch is ActionError {
                continue
            }
            moved.append((child.title, child.uid, from, to, states.first { $0.collectionURL == from.stored.url },
                          states.contains { $0.collectionURL == to.stored.url }))
        }
        return moved
    }

    /// Has the server's copies of subtasks `moveSubtasks(of:in:)` moved follow them (sent to the
    /// new calendar, then the old copy deleted, at the run's end), and the run say so.
    func queueFollowing(_ moved: [FollowingSubtask]) {
        for child in moved {
            followingWarnings.append("\(child.to.list.name): \"\(child.title)\" moved here from \(child.from.list.name) with its parent")
            if child.isThere {
                // Back in the list whose calendar holds it (Tick had moved it out to the
                // parent's old list, this run): the deletion of that copy planned for the
                // move goes, and the copy is sent again with its link (a tester: it was
                // deleted from the server, and from the other devices at their next sync).
                deferredMovedDeletions.removeAll { $0.state.uid == child.uid && $0.state.collectionURL == child.to.stored.url }
                mergedAfterMove.append(child.uid)
            } else {
                deferredMoveUploads.append((child.uid, child.to))
            }
            if let state = child.state { deferredMovedDeletions.append((state, child.from)) }
        }
    }

    /// Moves the sync token of every calendar this run wrote to past its writes.
    ///
    /// A calendar's token is the one the server gave before Tick's uploads and deletions of
    /// the run. A server that answers `sync-collection` with the difference between two states
    /// of the collection rather than from a log of changes (Xandikos, over its Git history)
    /// reports nothing, at the next sync, for a to-do Tick added in this run and another client
    /// deleted since: absent then, absent now. That deletion was never seen, and Tick's copy
    /// went back to the server at its next edit (a tester). So once the run is done, the changes
    /// since the stored token are asked for again: when they are all Tick's own (the ETags it
    /// stored, and hrefs it deleted), the new token is stored; otherwise another client wrote
    /// meanwhile, and the calendar is synced once more (its own writes again recognised by their
    /// ETags), which stores a token after them. A server that cannot answer keeps the old token,
    /// as before.
    private func advanceTokensPastOwnWrites(pairs: [Pairing], options: SyncOptions, report: inout SyncReport) throws {
        let written = Set(report.lists.filter { $0.remoteAdded + $0.remoteUpdated + $0.remoteDeleted > 0 }.map(\.collectionURL))
        guard !written.isEmpty else { return }
        let stored = try store.read { try $0.syncedCollections(account: account.name) }
        var syncedAgain = false
        for var collection in stored where written.contains(collection.url) {
            guard let token = collection.syncToken,
                  let pairing = pairs.first(where: { $0.stored.url == collection.url }) else { continue }
            let since: (changed: [(href: String, etag: String)], deleted: [String], token: String?)
            do {
                since = try dav.changes(in: pairing.collection, since: token)
            } catch {
                continue
            }
            let states = try serverSideStates(collection.url, listedAll: false, hrefs: since.changed.map(\.href) + since.deleted)
            var etags: [String: String?] = [:]
            for state in states { etags[CalDAV.normalizedPath(state.href)] = .some(state.etag) }
            let allOwn = since.changed.allSatisfy { etags[CalDAV.normalizedPath($0.href)] == .some(.some($0.etag)) }
                && since.deleted.allSatisfy { etags[CalDAV.normalizedPath($0)] == nil }
            // Every item Tick wrote must be among the changes: one missing was deleted by another
            // client right after Tick's write, which a server that diffs two states (Xandikos)
            // never reports, from the token before the write or after it (a tester's phone
            // deleted it in that moment). The calendar is then listed whole.
            let reported = Set(since.changed.map { CalDAV.normalizedPath($0.href) })
            let unseen = (writtenHrefs[collection.url] ?? []).contains { !reported.contains($0) }
            if unseen { collection.syncToken = nil }
            if allOwn, !unseen {
                guard let newToken = since.token, newToken != token else { continue }
                collection.syncToken = newToken
                try store.write { try $0.saveSyncedCollection(collection) }
            } else {
                var again = pairing
                again.stored = collection
                try syncCollection(again, options: options, report: &report)
                syncedAgain = true
            }
        }
        // What the calendars synced again left for the end (a deletion there of a to-do Tick
        // had just sent: a tester's phone deleted it in that moment, and it stayed here for good).
        if syncedAgain { try finishRun(pairs: pairs, options: options, report: &report) }
    }

    /// What a run does once every calendar was synced: recreations, moves' uploads and old
    /// copies, deletions here.
    private func finishRun(pairs: [Pairing], options: SyncOptions, report: inout SyncReport) throws {
        if !options.isDryRun { try bringSubtasksAlong(report: &report) }
        for (state, pairing) in deferredRecreations {
            // Still in its list, and still synced with the calendar it was deleted from:
            // nobody moved it, so Tick's edit wins over the deletion, as a new item.
            let still = try store.read { db -> (Reminder, Int64)? in
                guard let reminder = try db.reminder(uid: state.uid), reminder.listID == pairing.list.id,
                      !(try db.syncedItems(account: account.name, collectionURL: state.collectionURL, hrefs: [state.href]).isEmpty)
                else { return nil }
                return (reminder, try db.revision(uid: state.uid) ?? 0)
            }
            guard let (reminder, revision) = still else { continue }
            planRevisions = [state.uid: revision]
            try SyncEngine.updatingReport(of: pairing, in: &report) { report, listReport in
                try upload(reminder, state: state, recreate: true, pairing: pairing, report: &report, list: &listReport)
            }
        }
        // Gone from their old calendar on the server while Tick moved them (`deferredForgets`).
        let goneFromOldCalendar = Set(deferredForgets.map(\.uid))
        for (uid, pairing) in deferredMoveUploads {
            // Still in that list (the server's later move may have taken it elsewhere meanwhile)
            // and not sent there by now.
            let still = try store.read { db -> (Reminder, Int64)? in
                guard let reminder = try db.reminder(uid: uid), reminder.listID == pairing.list.id,
                      !(try db.isStoredOnServer(uid: uid, inCollectionOf: pairing.list.id)) else { return nil }
                return (reminder, try db.revision(uid: uid) ?? 0)
            }
            guard let (reminder, revision) = still else { continue }
            if goneFromOldCalendar.contains(uid), !report.conflicts.contains(where: { $0.uid == uid && $0.property == "list" }) {
                // Deleted on the server while Tick moved it: the move wins, as an edit does, and
                // is reported as one (a tester: it came back unsaid). Moved on the server to a
                // third calendar instead, it is a conflict of lists, reported already.
                let lost = SyncReport.Conflict(listName: pairing.list.name, reminderTitle: reminder.title, uid: uid,
                                               property: "deleted", lostValue: "", loser: "the server")
                report.conflicts.append(lost)
                awaitSave(lost)
            }
            planRevisions = [uid: revision]
            try SyncEngine.updatingReport(of: pairing, in: &report) { report, listReport in
                try upload(reminder, state: nil, recreate: false, pairing: pairing, report: &report, list: &listReport)
            }
        }
        for uid in mergedAfterMove {
            // Its new calendar's copy, if that calendar was synced before the merge: sent again.
            try uploadIfChanged(uid, pairs: pairs, report: &report)
        }
        for (state, pairing) in deferredMovedDeletions {
            if try isBack(state, in: pairing.list) { continue }
            guard try isOnServerElsewhere(state) else {
                let title = (try? store.read { try $0.reminder(uid: state.uid) })??.title ?? state.uid.rawValue
                report.warnings.append("\(pairing.list.name): \"\(title)\" was moved to another list in Tick, but the server "
                                       + "does not hold it there yet; the server keeps its copy in this list's calendar until it does")
                continue
            }
            try SyncEngine.updatingReport(of: pairing, in: &report) { report, listReport in
                try deleteOnServer(state, pairing: pairing, report: &report, list: &listReport)
            }
        }
        if !options.isDryRun {
            try store.write { db in
                for state in deferredForgets {
                    try db.deleteSyncedItem(account: account.name, collectionURL: state.collectionURL, href: state.href)
                }
            }
        }
        var unlinked: [ReminderUID] = []
        for deletion in deferredDeletions {
            let deleted: [DeletedReminder] = try store.write { db in
                try db.deleteSyncedItem(account: account.name, collectionURL: deletion.state.collectionURL, href: deletion.state.href)
                guard let reminder = try db.reminder(uid: deletion.state.uid), reminder.listID == deletion.listID else { return [] }
                let deleted = try Actions.delete([reminder.number], in: db)
                // Its subtasks are top-level now (their RELATED-TO goes): their UIDs, for below.
                for number in deleted.flatMap(\.subtasks) {
                    if let child = try db.reminder(number: number) { unlinked.append(child.uid) }
                }
                return deleted
            }
            if !deleted.isEmpty, let index = report.lists.firstIndex(where: { $0.collectionURL == deletion.state.collectionURL }) {
                report.lists[index].localDeleted += 1
            }
        }
        for uid in unlinked {
            // A parent deleted on the server left its subtasks top-level here: sent in this sync,
            // not the next (a tester: a second sync rewrote the child the phone never touched).
            try uploadIfChanged(uid, pairs: pairs, report: &report)
        }
        for deletion in dryRunDeletions where !movedThisRun.contains(deletion.uid) {
            if let index = report.lists.firstIndex(where: { $0.collectionURL == deletion.collectionURL }) {
                report.lists[index].localDeleted += 1
            }
        }
        if !options.isDryRun {
            // The work the calendars left is done: their tokens move on.
            try store.write { db in
                let stored = try db.syncedCollections(account: account.name)
                for pending in tokensAfterRun {
                    guard var collection = stored.first(where: { $0.url == pending.url }) else { continue }
                    collection.syncToken = pending.syncToken
                    collection.ctag = pending.ctag
                    try db.saveSyncedCollection(collection)
                }
            }
        }
        clearDeferredWork()
    }

    /// Forgets the work left for the end of a run (done, or a run beginning).
    private func clearDeferredWork() {
        tokensAfterRun = []
        deferredDeletions = []
        deferredRecreations = []
        deferredMovedDeletions = []
        deferredForgets = []
        deferredMoveUploads = []
        mergedAfterMove = []
        linksKeptAgainstServer = []
        dryRunDeletions = []
    }

    /// Sends the reminder `uid` to its list's calendar when it changed here since it was last
    /// synced there (a merge after a move, a subtask unlinked by a deletion during this run).
    func uploadIfChanged(_ uid: ReminderUID, pairs: [Pairing], report: inout SyncReport) throws {
        let found = try store.read { db -> (Reminder, Int64, SyncedItem, Pairing)? in
            guard let reminder = try db.reminder(uid: uid), let pairing = pairs.first(where: { $0.list.id == reminder.listID }),
                  let state = try db.syncedItems(account: account.name, uid: uid, except: "")
                    .first(where: { $0.collectionURL == pairing.stored.url }) else { return nil }
            return (reminder, try db.revision(uid: uid) ?? 0, state, pairing)
        }
        guard let (reminder, revision, state, pairing) = found, revision != state.localRevision else { return }
        planRevisions = [uid: revision]
        try SyncEngine.updatingReport(of: pairing, in: &report) { report, listReport in
            try upload(reminder, state: state, recreate: false, pairing: pairing, report: &report, list: &listReport)
        }
    }

    /// Runs `body` with the report of `pairing`'s list (a new one when the run has none yet),
    /// which then goes last in `report.lists`.
    static func updatingReport(of pairing: Pairing, in report: inout SyncReport,
                               _ body: (inout SyncReport, inout SyncReport.ListReport) throws -> Void) throws {
        let url = pairing.collection.url.absoluteString
        var listReport = report.lists.first { $0.collectionURL == url } ?? SyncReport.ListReport(listName: pairing.list.name, collectionURL: url)
        try body(&report, &listReport)
        report.lists.removeAll { $0.collectionURL == url }
        report.lists.append(listReport)
    }

    /// The calendar home and to-do collections of the account: discovery from its URL, or,
    /// for a URL that names only a domain, from where the domain's SRV records point (each
    /// target in turn while they cannot be reached).
    /// - Throws: `SyncError` from discovery; for a domain, naming the domain and what was
    ///   looked up.
    func discover() throws(SyncError) -> (home: URL?, collections: [CalendarCollection]) {
        guard let domain = ServiceLocator.Domain(accountURL: account.url) else {
            guard let url = URL(string: account.url), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                throw .configuration("\(label): \(account.url) is not an http:// or https:// URL or a domain")
            }
            return try dav.discover(url)
        }
        var generator = SystemRandomNumberGenerator()
        let located: ServiceLocator.Located
        do {
            located = try serviceLocator.locate(domain, using: &generator)
        } catch {
            throw SyncError.retold(error, "\(label): ")
        }
        var failure: SyncError?
        for url in located.urls {
            do {
                return try dav.discover(url)
            } catch .unauthorized(let text) {
                throw .unauthorized(text)
            } catch {
                failure = error
            }
        }
        let looked = located.lookups.joined(separator: "; ") + "; tried " + located.urls.map(\.absoluteString).joined(separator: ", ")
        let reason = failure.map { ": " + ($0.description.hasPrefix(label + ": ") ? String($0.description.dropFirst(label.count + 2)) : $0.description) } ?? ""
        throw SyncError.retold(failure ?? .protocolError(""),
                               "\(label): no CalDAV server found for \(domain.name) (\(looked))\(reason)", replacing: true)
    }

    struct Pairing {
        var collection: CalendarCollection
        var list: ReminderList
        var stored: SyncedCollection
    }

    // MARK: Pairing lists and collections

    func wanted(_ name: String) -> Bool {
        account.lists.isEmpty || account.entry(naming: name) != nil
    }

    func pair(_ collections: [CalendarCollection], home: URL?, options: SyncOptions,
              report: inout SyncReport) throws -> [Pairing] {
        try restoreDeletedLists(collections, options: options, report: &report)
        let stored = try store.read { try $0.syncedCollections(account: account.name) }
        var lists = try store.read { try $0.lists() }
        if stored.isEmpty { try checkNamedLists(collections, home: home, lists: lists) }
        var pairs: [Pairing] = []
        // The lists of pairings kept from earlier syncs are not taken by a new calendar,
        // whichever the server lists first.
        let present = Set(collections.map(\.url.absoluteString))
        var pairedLists = Set(stored.filter { present.contains($0.url) }.map(\.listID))
        // A list waits for the calendar whose name is nearest its own (a tester: with calendars
        // "ＣＨＯＲＥＳ" and "Chores", the fullwidth one, listed first, took the list "Chores",
        // renamed itself to it and the other calendar to "Chores (2)").
        let storedURLs = Set(stored.map(\.url))
        let newNames = collections.filter { !storedURLs.contains($0.url.absoluteString) }.map { $0.displayName ?? $0.pathName }
        for collection in collections {
            let key = collection.url.absoluteString
            if let pairing = stored.first(where: { $0.url == key }), let list = lists.first(where: { $0.id == pairing.listID }) {
                // A pairing the account no longer names is left alone, and kept for when it
                // is named again.
                guard let kept = account.keeps(pairing, listName: list.name,
                                               calendarName: collection.displayName ?? collection.pathName) else {
                    report.leftOut.append(list.name)
                    continue
                }
                if kept != pairing, !options.isDryRun { try store.write { try $0.saveSyncedCollection(kept) } }
                pairs.append(Pairing(collection: collection, list: list, stored: kept))
                pairedLists.insert(list.id)
                continue
            }
            let name = collection.displayName ?? collection.pathName
            guard wanted(name) else { continue }
            var listReport = SyncReport.ListReport(listName: name, collectionURL: key)
            var list: ReminderList
            // Nearest first (`ReminderList.closeness`, as `ListStore.list(named:)` looks); a list
            // another new calendar is nearer to is left to it.
            let free = lists.compactMap { list -> (list: ReminderList, closeness: Int)? in
                guard !pairedLists.contains(list.id), let closeness = ReminderList.closeness(list.name, name),
                      !newNames.contains(where: { other in ReminderList.closeness(list.name, other).map { $0 < closeness } ?? false })
                else { return nil }
                return (list, closeness)
            }
            if let existing = free.min(by: { $0.closeness < $1.closeness })?.list {
                list = existing
            } else if options.isDryRun {
                list = ReminderList(name: name, color: collection.color.flatMap { ListColor(parsing: $0) } ?? .defaultColor,
                                    createdAt: context.now)
                listReport.createdList = true
            } else {
                let color = collection.color.flatMap { ListColor(parsing: $0) } ?? .defaultColor
                list = try Actions(store: store, context: context).addList(named: uniqueName(name, among: lists), color: color)
                lists.append(list)
                listReport.createdList = true
            }
            report.lists.append(listReport)
            let pairing = SyncedCollection(account: account.name, url: key, listID: list.id, chosenAs: account.entry(naming: name))
            if !options.isDryRun { try store.write { try $0.saveSyncedCollection(pairing) } }
            pairs.append(Pairing(collection: collection, list: list, stored: pairing))
            pairedLists.insert(list.id)
        }
        // Pairings whose calendar is gone from the server: said, never re-made silently.
        for pairing in stored where !present.contains(pairing.url) {
            let name = lists.first { $0.id == pairing.listID }?.name ?? "a list"
            guard account.keeps(pairing, listName: name, calendarName: nil) != nil else { continue }
            report.warnings.append("\(name): its calendar \(pairing.url) is gone from the server (or hidden from this account); the list and its reminders stay in Tick. To make it again there: tick sync remove \(account.name), then add the account again")
        }
        // Tick lists not on the server: made there, when the account has a calendar home.
        guard let home else { return pairs }
        let onServer = Set(collections.map { ($0.displayName ?? $0.pathName).lowercased() })
        for list in lists where !pairedLists.contains(list.id) && wanted(list.name)
            && !stored.contains(where: { $0.listID == list.id }) && !onServer.contains(list.name.lowercased()) {
            let url = home.appendingPathComponent(SyncEngine.pathSegment(for: list.id.rawValue), isDirectory: true)
            var listReport = SyncReport.ListReport(listName: list.name, collectionURL: url.absoluteString)
            listReport.createdCollection = true
            report.lists.append(listReport)
            let collection = CalendarCollection(url: url, displayName: list.name, color: list.color.hex, order: nil,
                                                ctag: nil, syncToken: nil, supportsSyncCollection: false,
                                                isReadOnly: false, holdsToDos: true)
            if options.isDryRun {
                pairs.append(Pairing(collection: collection, list: list,
                                     stored: SyncedCollection(account: account.name, url: url.absoluteString, listID: list.id,
                                                              chosenAs: account.entry(naming: list.name))))
                continue
            }
            do {
                try dav.makeCalendar(at: url, displayName: list.name, color: list.color.hex)
            } catch {
                report.lists.removeAll { $0.collectionURL == url.absoluteString }
                report.warnings.append("\(list.name): the server refused to make a calendar for it (\(error.description)); it stays in Tick only. Name the account's lists (--list) to stop trying")
                continue
            }
            let made = (try? dav.collection(at: url)) ?? collection
            let pairing = SyncedCollection(account: account.name, url: made.url.absoluteString, listID: list.id,
                                           chosenAs: account.entry(naming: list.name))
            try store.write { try $0.saveSyncedCollection(pairing) }
            pairs.append(Pairing(collection: made, list: list, stored: pairing))
        }
        return pairs
    }

    /// Before the first sync of an account that names its lists (`--list`): each name must
    /// be a calendar found on the server, or, when the account has a calendar home to make
    /// calendars in, a list in Tick. (Later a name may be gone for good reason: a list
    /// renamed on either side stays paired.)
    /// - Throws: `SyncError.configuration` naming the first name that is neither, before
    ///   anything is changed.
    func checkNamedLists(_ collections: [CalendarCollection], home: URL?, lists: [ReminderList]) throws {
        let calendars = collections.map { $0.displayName ?? $0.pathName }
        for name in account.lists where !calendars.contains(where: { SyncEngine.sameName($0, name) }) {
            if home != nil, lists.contains(where: { SyncEngine.sameName($0.name, name) }) { continue }
            let there = calendars.isEmpty ? "none" : calendars.map { "\"\($0)\"" }.joined(separator: ", ")
            let what = home == nil
                ? "is not the calendar at \(account.url) (its name: \(there))"
                : "is neither a list in Tick nor a calendar of to-dos on the server (calendars there: \(there))"
            throw SyncError.configuration("\(label): --list \"\(name)\" \(what); nothing was changed. To name other lists: tick sync remove \(account.name), then add the account again")
        }
    }

    /// Synced lists deleted in Tick whose calendars are still on the server come back as they
    /// were, by the undo of their deletion (`tick undo`): the same list, its reminders with
    /// their numbers and places, and their sync states, so that the sync finds nothing changed
    /// (a tester: made anew from the calendar, each reminder was a "deleted here, changed on the
    /// server" conflict, under a new number, and the deletion's undo could no longer pass).
    /// Said in a warning. A deletion the undo refuses (a list of that name made since) leaves
    /// the list to be made anew from the calendar, as before. Nothing on a dry run.
    private func restoreDeletedLists(_ collections: [CalendarCollection], options: SyncOptions,
                                     report: inout SyncReport) throws {
        guard !options.isDryRun else { return }
        let paired = Set(try store.read { try $0.syncedCollections(account: account.name) }.map(\.url))
        for collection in collections where !paired.contains(collection.url.absoluteString) {
            guard let change = try store.read({
                try $0.changeDeletingSyncedCollection(account: account.name, url: collection.url.absoluteString)
            }) else { continue }
            guard let result = try? Actions(store: store, context: context).undo(change) else { continue }
            let name = result.listsRestored.first?.name ?? collection.displayName ?? collection.pathName
            report.warnings.append("\(name) was deleted in Tick, but its calendar is still on the server: the list is back as it was, "
                                   + "with its reminders. Delete the calendar on the server, or leave the list out of the account, to be rid of it")
        }
    }

    /// `name` as Tick keeps a list's name (`Names.validated`, cut to `Names.longestListName`
    /// characters), or as it is when Tick would refuse it.
    static func listName(_ name: String) -> String {
        Names.listName(given: name) ?? name
    }

    /// List names match as the store matches them (`ReminderList.nameKey`): case, width
    /// and normalization aside.
    static func sameName(_ a: String, _ b: String) -> Bool {
        ReminderList.nameKey(a) == ReminderList.nameKey(b)
    }

    func uniqueName(_ name: String, among lists: [ReminderList]) -> String {
        var candidate = name, counter = 2
        while lists.contains(where: { SyncEngine.sameName($0.name, candidate) }) {
            candidate = "\(name) (\(counter))"
            counter += 1
        }
        return candidate
    }

    /// A path segment made of unreserved characters only (RFC 3986 §2.3), for new hrefs.
    static func pathSegment(for text: String) -> String {
        // A UID that would need any escaping (a `/` escaped as %2F is refused by Radicale)
        // gets a fresh name: the href is only a name, the UID inside identifies the item.
        let unreserved = !text.isEmpty && text.utf8.count <= 200 && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
        }
        return unreserved ? text : RandomUUID.string()
    }

    /// Keeps the list's name and color and the collection's `displayname` and
    /// `calendar-color` in step: a side that differs from the values of the last sync
    /// changed them, and the other side takes them (PROPPATCH, or a rename or recolor in
    /// Tick). When both changed, Tick's values win and the server's are reported. A name
    /// another Tick list has already is left as it is, with a warning.
    func syncListProperties(_ pairing: inout Pairing, options: SyncOptions, report: inout SyncReport,
                            list listReport: inout SyncReport.ListReport) throws {
        let collection = pairing.collection
        // The server's name as a list's name is kept (trimmed, one line): compared raw, a name
        // Tick trims differently was renamed here at every sync (a tester: `⠀Job⠀`).
        let serverName = SyncEngine.listName(collection.displayName ?? collection.pathName)
        let serverColor = collection.color
        let lastName = pairing.stored.name ?? serverName
        let lastColor = pairing.stored.color ?? serverColor
        var list = pairing.list
        var patch: [(XMLName, String)] = []
        let actions = Actions(store: store, context: context)

        if list.name != lastName, serverName == lastName || serverName == list.name {
            patch.append((.d("displayname"), list.name))
        } else if serverName != lastName, list.name == lastName {
            if options.isDryRun {
                listReport.renamedHere = true
                listReport.formerName = list.name
            } else {
                do {
                    listReport.formerName = list.name
                    list = try actions.renameList(.id(list.id), to: serverName).list
                    listReport.renamedHere = true
                } catch ActionError.listNameTaken {
                    report.warnings.append("\(list.name): the server renamed it to \"\(serverName)\", the name of another list here; left as it is")
                }
            }
        } else if serverName != lastName, list.name != serverName {
            let lost = SyncReport.Conflict(listName: list.name, reminderTitle: "", uid: nil, property: "list name",
                                           lostValue: serverName, loser: "the server")
            report.conflicts.append(lost)
            if !options.isDryRun { try store.write { db in try journal([lost], in: db) } }
            patch.append((.d("displayname"), list.name))
        }
        let localColor = list.color.hex
        if localColor != lastColor, serverColor == lastColor || serverColor == localColor {
            if serverColor != localColor { patch.append((XMLName(XMLName.appleICal, "calendar-color"), localColor)) }
        } else if let serverColor, serverColor != lastColor, localColor == lastColor, let color = ListColor(parsing: serverColor) {
            if !options.isDryRun { list = try actions.recolorList(.id(list.id), to: color) }
            listReport.recoloredHere = true
        } else if let serverColor, serverColor != lastColor, serverColor != localColor {
            let lost = SyncReport.Conflict(listName: list.name, reminderTitle: "", uid: nil, property: "list color",
                                           lostValue: serverColor, loser: "the server")
            report.conflicts.append(lost)
            if !options.isDryRun { try store.write { db in try journal([lost], in: db) } }
            patch.append((XMLName(XMLName.appleICal, "calendar-color"), localColor))
        }
        if !patch.isEmpty, collection.isReadOnly {
            if !options.isDryRun {
                report.warnings.append("\(list.name) is read-only on the server: its new name or color stays in Tick only")
            }
        } else if !patch.isEmpty {
            if !options.isDryRun { try dav.setProperties(of: collection.url, patch) }
            listReport.renamedOnServer = patch.contains { $0.0 == .d("displayname") }
            if listReport.renamedOnServer { listReport.formerName = serverName }
            listReport.recoloredOnServer = patch.contains { $0.0 != .d("displayname") }
        }
        listReport.listName = list.name
        pairing.list = list
        pairing.stored.name = list.name
        pairing.stored.color = list.color.hex
    }
}
