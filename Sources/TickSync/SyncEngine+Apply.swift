import Foundation
import TickModel
import TickStore
import TickInterchange
import TickActions

extension SyncEngine {
    /// Reads a fetched item; nil when it holds no to-do (an event in a mixed calendar).
    func read(_ item: (href: String, etag: String, data: String), list: ReminderList) throws -> ServerItem? {
        let reader = ICalendarReader(now: context.now, fileListName: nil)
        let batch = try reader.read(Data(item.data.utf8), source: item.href)
        guard let first = batch.reminders.first(where: { $0.occurrence == nil }) ?? batch.reminders.first else { return nil }
        var reminder = first.reminder
        reminder.listID = list.id
        return ServerItem(href: item.href, etag: item.etag, batch: batch, reminder: reminder,
                          surroundings: ICalendarMerge.surroundings(of: item.data))
    }

    /// One reminder as the iCalendar object Tick writes to the server (`CalendarObject.text`),
    /// with the definitions of zones a client defined (`zones`).
    func render(_ reminder: Reminder, in list: ReminderList, zones: [(tzid: String, lines: [String])] = []) -> String {
        CalendarObject.text(of: reminder, in: list, zones: zones.flatMap(\.lines))
    }

    /// The client-defined zones of `item` and of the last synced text `base` (the server's
    /// first: the newer definition of a `TZID`), for `render`.
    func keptZones(_ item: ServerItem?, base: String?) -> [(tzid: String, lines: [String])] {
        let fromBase = base.map(ICalendarMerge.surroundings) ?? ICalendarMerge.Surroundings()
        return (item?.surroundings ?? ICalendarMerge.Surroundings()).zones(adding: fromBase)
    }

    func url(of href: String, in collection: CalendarCollection) -> URL {
        URL(string: href, relativeTo: collection.url)?.absoluteURL ?? collection.url.appendingPathComponent(href)
    }

    /// Saves `batch` (one server item or a merge) into the list in `db`'s transaction and
    /// returns the reminder as stored.
    func saveLocally(_ batch: ImportBatch, uid: ReminderUID, list: ReminderList, in db: Database) throws
        -> (reminder: Reminder, summary: ImportSummary)? {
        let summary = try Actions.importBatch(ImportRequest(batch: batch, fallbackListName: list.name, mergeRule: .sync),
                                              in: db, context: context)
        return try db.reminder(uid: uid).map { ($0, summary) }
    }

    /// Drops the parent links of `stored` (just saved by the sync) that cannot stand, sends it
    /// unlinked, and reports the link that lost (`RELATED-TO`):
    /// - a link that closed a loop here (two devices linked two reminders each under the
    ///   other), which the import broke (`ImportSummary.brokenParentLoops`; a tester: each device
    ///   kept its own link, unsaid, and the server held both, a loop, for good);
    /// - for a reminder another client moved into this calendar (`movingHere`), a link to a
    ///   parent in another list (a move on one device, a link on another: a tester's subtask
    ///   lived in Home under a parent in Work on every device and the server, unsaid): the move
    ///   stands (`dropLinkIntoAnotherList`). `localLink`: that link was Tick's. Not a link kept
    ///   against the server (`linksKeptAgainstServer`), which is sent as it is.
    /// Its state then holds `serverText` (what the server has, linked) and no revision, so that
    /// it is sent unlinked at the end of the run.
    func dropLinksThatCannotStand(_ stored: Reminder, _ summary: ImportSummary, localLink: Bool, serverText: String,
                                  list: ReminderList, state: inout SyncedItem, in db: Database) throws {
        var lost: (parent: String, loser: String)?
        if let broken = summary.brokenParentLoops.first(where: { $0.number == stored.number }) {
            lost = (try db.reminder(uid: broken.parentUID)?.title ?? broken.parentUID.rawValue, "the server")
        } else if movingHere[stored.uid] != nil, !linksKeptAgainstServer.contains(stored.uid),
                  let parent = try dropLinkIntoAnotherList(stored, in: db) {
            lost = (parent, localLink ? "Tick" : "the server")
        }
        guard let lost else { return }
        state.base = serverText
        state.localRevision = -1
        mergedAfterMove.append(stored.uid)
        try journal([SyncReport.Conflict(listName: list.name, reminderTitle: stored.title, uid: stored.uid, property: "RELATED-TO",
                                         lostValue: lost.parent, loser: lost.loser)], in: db)
    }

    /// Clears the parent link of `stored` when its parent is in another list (a subtask lives in
    /// its parent's list, Apple Reminders; `Actions.edit` refuses otherwise), unless this run
    /// moved that parent: its subtasks follow it instead (`moveSubtasks(of:onlySynced:in:)`).
    /// - Returns: the parent's title when the link went.
    func dropLinkIntoAnotherList(_ stored: Reminder, in db: Database) throws -> String? {
        guard let parentUID = stored.parentUID, !movedThisRun.contains(parentUID),
              let parent = try db.reminder(uid: parentUID), parent.listID != stored.listID else { return nil }
        _ = try Actions.edit(stored.number, ReminderEdit(parent: .clear), context: context, in: db)
        return parent.title
    }

    /// The state of a reminder just saved in `db` (its revision read there).
    func state(_ reminder: Reminder, href: String, etag: String?, base: String, collectionURL: String,
               in db: Database) throws -> SyncedItem {
        SyncedItem(account: account.name, collectionURL: collectionURL, href: href, uid: reminder.uid, etag: etag,
                   base: base, localRevision: try db.revision(uid: reminder.uid) ?? 0)
    }

    func apply(_ step: Step, pairing: Pairing, report: inout SyncReport, list listReport: inout SyncReport.ListReport) throws {
        let list = pairing.list
        let key = pairing.stored.url
        switch step {
        case .take(let item, let state, let restoring):
            try take(item, list: list, key: key, state: state, restoring: restoring)
            if restoring {
                report.conflicts.append(SyncReport.Conflict(listName: list.name, reminderTitle: item.reminder.title, uid: item.reminder.uid,
                                                            property: "deleted", lostValue: "", loser: "Tick"))
            }
            count(step, in: &listReport)

        case .merge(let item, let state, let local):
            try merge(item, state: state, local: local, pairing: pairing, report: &report, list: &listReport)

        case .deleteLocal(let state, _):
            deferredDeletions.append((state, list.id, list.name))

        case .forget(let state):
            try store.write { try $0.deleteSyncedItem(account: account.name, collectionURL: key, href: state.href) }

        case .upload(let local, let state, let recreate):
            try upload(local, state: state, recreate: recreate, pairing: pairing, report: &report, list: &listReport)

        case .recreate(_, let state):
            deferredRecreations.append((state, pairing))

        case .mergeMoved(let item, let state, let local):
            guard let home = try store.read({ try $0.list(id: local.listID) }) else { return }
            try mergeWhereItIs(item, base: state.base, local: local, in: home,
                               localIsNewer: local.modifiedAt.isInLaterSecond(than: item.reminder.modifiedAt), report: &report)
            try deleteLeftCopyLater(item, state: state, pairing: pairing)

        case .refuseMove(let item, let home, let local):
            guard let tickList = try store.read({ try $0.list(id: local.listID) }) else { return }
            // The server's other changes (a title changed with the move) are merged into it where
            // Tick has it; the list is Tick's.
            try mergeWhereItIs(item, base: home.base, local: local, in: tickList, localIsNewer: true,
                               also: [SyncReport.Conflict(listName: tickList.name, reminderTitle: local.title, uid: local.uid,
                                                          property: "list", lostValue: list.name, loser: "the server")],
                               report: &report)
            try deleteLeftCopyLater(item, state: nil, pairing: pairing)

        case .deleteRemote(let state, let moved):
            // Back in this list since the plan (a subtask that followed its parent here, taken
            // earlier in this calendar's steps): its copy here stays.
            if moved, try isBack(state, in: list) { return }
            if moved, try !isOnServerElsewhere(state) {
                // Moved to another list that is synced too: its old copy goes only once the
                // new one is on the server (that list's sync may come later in this run, or
                // its server may refuse the item), never before.
                deferredMovedDeletions.append((state, pairing))
                return
            }
            try deleteOnServer(state, pairing: pairing, report: &report, list: &listReport)
        }
    }

    /// Merges the server's `item` into `local` where Tick has it (`list`: the server's copy is
    /// read as if it were there), over `base`, saves it, and has its new calendar's copy sent
    /// again at the end of the run (`mergedAfterMove`); the conflicts go to `report`.
    /// `also`: conflicts of the same reminder to journal with it (`SyncEngine+Conflicts`).
    func mergeWhereItIs(_ item: ServerItem, base: String, local: Reminder, in list: ReminderList, localIsNewer: Bool,
                        also: [SyncReport.Conflict] = [], report: inout SyncReport) throws {
        let zones = keptZones(item, base: base)
        let merged = ICalendarMerge.merge(base: base, local: render(local, in: list, zones: zones),
                                          server: render(item.reminder, in: list, zones: zones),
                                          localIsNewer: localIsNewer)
        let batch = try ICalendarReader(now: context.now, fileListName: nil).read(Data(merged.text.utf8), source: item.href)
        var conflicts = reported(merged.conflicts, local: local, listName: list.name) + also
        try store.write { db in
            _ = try Actions.importBatch(ImportRequest(batch: batch, fallbackListName: list.name, mergeRule: .sync),
                                        in: db, context: context)
            // The server made it a subtask of a reminder in the list Tick moved it from: a
            // subtask lives in its parent's list, and Tick's move stands, so the link goes,
            // reported (a tester: it named a parent in another list on every side, and one that
            // was gone once the parent was deleted).
            // A parent this run moved (another client's move, taken here) is followed instead, at
            // the run's end (`bringSubtasksAlong`; a tester: the subtask was left in the old list
            // without it, depending on the order the calendars came in).
            if let stored = try db.reminder(uid: local.uid), let parent = try dropLinkIntoAnotherList(stored, in: db) {
                conflicts.append(SyncReport.Conflict(listName: list.name, reminderTitle: local.title, uid: local.uid,
                                                     property: "RELATED-TO", lostValue: parent, loser: "the server"))
            }
            try journal(conflicts, in: db)
            try journalAwaiting(local.uid, in: db)
        }
        mergedAfterMove.append(local.uid)
        report.conflicts += conflicts
    }

    /// Has the server's copy `item` of a reminder Tick has in another list (merged into it)
    /// deleted at the end of the run, once the reminder is stored in its own list's calendar
    /// (`deferredMovedDeletions`), never before: deleted first, a sync stopped before the new
    /// copy's PUT left the server holding it nowhere, and another device's edit then brought it
    /// back into the old list, the move lost (a tester, with `kill -9`). Its state here (`state`,
    /// none when the copy came from another client's move) is saved as the copy is, the server's
    /// text as the base: a sync stopped before the end finds it unchanged, and deletes it then.
    func deleteLeftCopyLater(_ item: ServerItem, state: SyncedItem?, pairing: Pairing) throws {
        let left = SyncedItem(account: account.name, collectionURL: pairing.stored.url, href: item.href, uid: item.reminder.uid,
                              etag: item.etag,
                              base: ICalendarMerge.withFrame(render(item.reminder, in: pairing.list, zones: item.surroundings.zones),
                                                             item.surroundings.frame),
                              localRevision: state?.localRevision ?? -1)
        try store.write { db in
            if let state, CalDAV.normalizedPath(state.href) != CalDAV.normalizedPath(item.href) {
                try db.deleteSyncedItem(account: account.name, collectionURL: state.collectionURL, href: state.href)
            }
            try db.saveSyncedItem(left)
        }
        deferredMovedDeletions.append((left, pairing))
    }

    /// Deletes the server's copy `item` of a reminder Tick has in another list (`If-Match` its
    /// ETag); true when it is gone. A copy changed again meanwhile stays, said in a warning.
    func deleteLeftCopy(_ item: ServerItem, local: Reminder, pairing: Pairing, report: inout SyncReport,
                        list listReport: inout SyncReport.ListReport) throws -> Bool {
        switch try dav.delete(url(of: item.href, in: pairing.collection), ifMatch: item.etag) {
        case .stored, .gone:
            listReport.remoteDeleted += 1
            return true
        case .preconditionFailed:
            report.warnings.append("\(pairing.list.name): \"\(local.title)\" changed again on the server during the sync; it moves next time")
        case .refused(let reason):
            report.warnings.append("\(pairing.list.name): the server refused to delete \(item.href) (\(reason))")
        }
        return false
    }

    /// Whether the reminder of `state`, moved out of `list`, is in it again (a subtask that
    /// followed its parent back there): its copy in that list's calendar stays.
    func isBack(_ state: SyncedItem, in list: ReminderList) throws -> Bool {
        try store.read { try $0.reminder(uid: state.uid) }?.listID == list.id
    }

    /// Whether the old copy of a reminder moved in Tick to another list may go: its new
    /// list is not synced with any calendar (the move takes it off the server), or its copy
    /// in the new list's calendar is stored (by this account or another).
    func isOnServerElsewhere(_ state: SyncedItem) throws -> Bool {
        try store.read { db in
            guard let reminder = try db.reminder(uid: state.uid), try db.isSyncedWithCalDAV(list: reminder.listID) else { return true }
            return try db.isStoredOnServer(uid: state.uid, inCollectionOf: reminder.listID)
        }
    }

    /// Deletes the item of `state` on the server (Tick deleted it, or moved it to another list).
    func deleteOnServer(_ state: SyncedItem, pairing: Pairing, report: inout SyncReport,
                        list listReport: inout SyncReport.ListReport) throws {
        let list = pairing.list
        let key = pairing.stored.url
        let target = url(of: state.href, in: pairing.collection)
        switch try dav.delete(target, ifMatch: state.conditionalETag) {
        case .stored, .gone:
            try store.write { try $0.deleteSyncedItem(account: account.name, collectionURL: key, href: state.href) }
            listReport.remoteDeleted += 1
        case .preconditionFailed:
            guard let fresh = try fetchOne(state.href, pairing: pairing) else { return }
            if let moved = try store.read({ try $0.reminder(uid: state.uid) }), moved.listID != list.id,
               let home = try store.read({ try $0.list(id: moved.listID) }) {
                // Moved to another list in Tick, and the old copy edited on the server since Tick
                // read it: the edit follows it (merged where it is now, sent to its calendar), and
                // the old copy goes. It was taken back into the old list as if the move were a
                // deletion, and the new copy stayed too: one UID in two calendars (a tester).
                // The merged copy is sent to the new calendar before the old copy goes.
                try mergeWhereItIs(fresh, base: state.base, local: moved, in: home,
                                   localIsNewer: moved.modifiedAt.isInLaterSecond(than: fresh.reminder.modifiedAt), report: &report)
                try uploadIfChanged(moved.uid, pairs: Array(pairsByList.values), report: &report)
                if try deleteLeftCopy(fresh, local: moved, pairing: pairing, report: &report, list: &listReport) {
                    try store.write { try $0.deleteSyncedItem(account: account.name, collectionURL: key, href: state.href) }
                }
                return
            }
            // Changed on the server since: the edit wins over Tick's deletion.
            do {
                try take(fresh, list: list, key: key, state: state, restoring: true)
                report.conflicts.append(SyncReport.Conflict(listName: list.name, reminderTitle: fresh.reminder.title,
                                                            uid: fresh.reminder.uid, property: "deleted", lostValue: "", loser: "Tick"))
                listReport.localAdded += 1
            }
        case .refused(let reason):
            report.warnings.append("\(list.name): the server refused to delete \(state.href) (\(reason))")
        }
    }

    func take(_ item: ServerItem, list: ReminderList, key: String, state: SyncedItem?, restoring: Bool = false) throws {
        try take([(item, state, restoring)], list: list, key: key)
    }

    /// Saves server items in Tick with their states, all in one transaction (one import of
    /// all their to-dos), so a first sync of thousands of items is a few commits, not one
    /// per item.
    /// `restoring`: deleted in Tick and taken back from the server (`restoreDeletedHere`).
    func take(_ items: [(item: ServerItem, state: SyncedItem?, restoring: Bool)], list: ReminderList, key: String) throws {
        guard !items.isEmpty else { return }
        var combined = ImportBatch()
        for (item, _, _) in items {
            combined.reminders += item.batch.reminders
            combined.warnings += item.batch.warnings
        }
        var following: [FollowingSubtask] = []
        try store.write { db in
            following = []
            for (item, _, restoring) in items where restoring { try restoreDeletedHere(item.reminder.uid, in: db) }
            let summary = try Actions.importBatch(ImportRequest(batch: combined, fallbackListName: list.name, mergeRule: .sync),
                                                  in: db, context: context)
            for (item, state, _) in items {
                let confirming = state
                guard let stored = try db.reminder(uid: item.reminder.uid) else { continue }
                if needsPlacing(item, state: state) { unplaced.insert(stored.uid) }
                if let state, CalDAV.normalizedPath(state.href) != CalDAV.normalizedPath(item.href) {
                    try db.deleteSyncedItem(account: account.name, collectionURL: key, href: state.href)
                }
                var state = try self.state(stored, href: item.href, etag: item.etag,
                                           base: ICalendarMerge.withFrame(render(stored, in: list, zones: item.surroundings.zones), item.surroundings.frame),
                                           collectionURL: key, in: db)
                // An occurrence completed the way Thunderbird does it (a changed occurrence with
                // STATUS:COMPLETED) moves the series on here; the server's to-do still says the
                // old due date, which clients that read only the series show open. The state then
                // holds the server's text and no revision, so that the next sync sends Tick's
                // (a tester: the server kept the old date through two more syncs).
                let server = render(item.reminder, in: list, zones: item.surroundings.zones)
                if item.batch.reminders.contains(where: { !$0.completedOverrides.isEmpty }), !ICalendarMerge.sameValues(state.base, server) {
                    state.base = server
                    state.localRevision = -1
                }
                try dropLinksThatCannotStand(stored, summary, localLink: false,
                                             serverText: ICalendarMerge.withFrame(server, item.surroundings.frame),
                                             list: list, state: &state, in: db)
                // Taken with the link the server's copy had lost (`linksKeptAgainstServer`): the
                // state holds the server's text without it and no revision, so that this run's
                // end, or the next sync if this one stops first, sends it linked.
                if linksKeptAgainstServer.contains(stored.uid) {
                    var unlinked = stored
                    unlinked.parentUID = nil
                    state.base = ICalendarMerge.withFrame(render(unlinked, in: list, zones: item.surroundings.zones), item.surroundings.frame)
                    state.localRevision = -1
                    mergedAfterMove.append(stored.uid)
                }
                try db.saveSyncedItem(state)
                // Moved here from another calendar of the account: it is no longer synced there.
                if confirming?.isUnconfirmed == true { try deleteOldCopiesLater(of: stored.uid, except: key, in: db) }
                try db.forgetSyncedUID(stored.uid, account: account.name, except: key)
                try journalAwaiting(stored.uid, in: db)
                if movingHere[stored.uid] != nil { following += try moveSubtasks(of: stored.uid, onlySynced: true, in: db) }
            }
            // Deleted here and changed on the server: the change won, written with the reminder it brings back.
            try journal(items.filter(\.restoring).map { entry in
                SyncReport.Conflict(listName: list.name, reminderTitle: entry.item.reminder.title, uid: entry.item.reminder.uid,
                                    property: "deleted", lostValue: "", loser: "Tick")
            }, in: db)
        }
        queueFollowing(following)
    }

    /// Tick's own write to this calendar, sent by a sync that stopped before its answer came
    /// and found stored on the server now (`SyncedItem.isUnconfirmed`): when it was a move, the
    /// copies in the calendars the reminder left are deleted at the end of the run, not only
    /// forgotten (a tester: a sync killed while the new copy's answer was on its way left the
    /// old copy on the server for good, the UID in two calendars, and another device kept it
    /// there). Deleted with `If-Match`: one another client changed meanwhile is merged into
    /// the reminder first (`deleteOnServer`).
    func deleteOldCopiesLater(of uid: ReminderUID, except key: String, in db: Database) throws {
        for other in try db.syncedItems(account: account.name, uid: uid, except: key) {
            guard let pairing = pairsByList.values.first(where: { $0.stored.url == other.collectionURL }) else { continue }
            deferredMovedDeletions.append((other, pairing))
        }
    }

    /// A synced reminder deleted in Tick that the sync takes from the server again (an edit
    /// there wins over the deletion): put back first as the change journal has it (its
    /// number, its place, its subtasks that are still top-level, `Actions.restore`), so that
    /// the import then updates it there instead of adding it under a new number. When the
    /// change deleted nothing else, it is taken back whole: its other rows put back and the
    /// change marked undone, so that `tick undo` goes on to the change before it. Nothing
    /// when it exists, when no change in the journal deleted it (the terminal UI does not
    /// journal deletions), or when its list is gone.
    func restoreDeletedHere(_ uid: ReminderUID, in db: Database) throws {
        guard try db.reminder(uid: uid) == nil, let change = try db.changeDeleting(uid: uid) else { return }
        let touched = try db.journaledReminders(of: change)
        guard let deleted = touched.first(where: { $0.before?.uid == uid && !$0.existedAfter })?.before,
              try db.list(id: deleted.listID) != nil else { return }
        let subtasks = touched.filter { $0.before?.parentUID == uid && $0.existedAfter && $0.after?.parentUID == nil }
        _ = try Actions.restore(DeletedReminder(reminder: deleted, subtasks: subtasks.map(\.number)), in: db)
        let relinked = try subtasks.allSatisfy { try db.reminder(number: $0.number)?.parentUID == uid }
        // Their copies on the server may have been sent top-level earlier in this run: sent
        // again at its end, linked (a tester: the server's subtask had no RELATED-TO until the
        // next sync).
        for entry in subtasks { if let child = try db.reminder(number: entry.number) { mergedAfterMove.append(child.uid) } }
        if touched.count == subtasks.count + 1, relinked, try db.journaledLists(of: change).isEmpty {
            try db.restoreJournaledRecords(of: change)
            try db.markUndone(change, at: context.now)
        }
    }

    func fetchOne(_ href: String, pairing: Pairing) throws -> ServerItem? {
        guard let found = try dav.fetch([href], in: pairing.collection).first else { return nil }
        return try read(found, list: pairing.list)
    }

    /// The ETag of the item a PUT stored at `href` when the server's answer carried none
    /// (RFC 4791 §5.3.4: the server changed the text it was sent). The item is fetched; its
    /// ETag is kept only when it holds the values of `sent`, else nil: the next sync then
    /// fetches the server's text and merges it. (A tester: Tick's own server kept another due
    /// date than the one sent, the client noted its own text under the server's ETag, and the
    /// two sides stayed different, every later sync "nothing to do".)
    func etagOfPut(_ sent: String, at href: String, pairing: Pairing) throws -> String? {
        guard let fresh = try fetchOne(href, pairing: pairing) else { return nil }
        return ICalendarMerge.sameValues(render(fresh.reminder, in: pairing.list, zones: fresh.surroundings.zones), sent) ? fresh.etag : nil
    }

    /// Merges both sides' changes, writes the result to the server (again after a 412, at
    /// most 3 times), then saves it in Tick with its state.
    func merge(_ first: ServerItem, state: SyncedItem?, local: Reminder, pairing: Pairing, report: inout SyncReport,
               list listReport: inout SyncReport.ListReport) throws {
        let list = pairing.list
        let key = pairing.stored.url
        var item = first
        for _ in 0..<3 {
            let localIsNewer = local.modifiedAt.isInLaterSecond(than: item.reminder.modifiedAt)
            let zones = keptZones(item, base: state?.base)
            let localText = render(local, in: list, zones: zones)
            // The server's version written back by Tick's writer: comparable with Tick's own texts.
            let serverText = render(item.reminder, in: list, zones: zones)
            var merged = ICalendarMerge.merge(base: state?.base, local: localText, server: serverText, localIsNewer: localIsNewer)
            merged.text = ICalendarMerge.withFrame(merged.text, item.surroundings.frame)
            let batch = try ICalendarReader(now: context.now, fileListName: nil).read(Data(merged.text.utf8), source: item.href)
            let target = url(of: item.href, in: pairing.collection)
            let sameAsServer = ICalendarMerge.sameValues(merged.text, serverText)
            var etag: String? = item.etag
            if !sameAsServer && pairing.collection.isReadOnly { keptInTick += 1 }
            if !sameAsServer && !pairing.collection.isReadOnly {
                let conflicts = reported(merged.conflicts, local: local, listName: list.name)
                let journaled = try journalBeforeWriting(conflicts)
                switch try dav.put(merged.text, to: target, ifMatch: item.etag) {
                case .stored(let newTag):
                    etag = try newTag ?? etagOfPut(merged.text, at: item.href, pairing: pairing)
                    listReport.remoteUpdated += 1
                    writtenHrefs[key, default: []].insert(CalDAV.normalizedPath(item.href))
                case .preconditionFailed:
                    let fresh = try fetchOne(item.href, pairing: pairing)
                    // The server holding the merge is this write stored, its answer lost (the
                    // request sent again was refused): its conflicts stand.
                    if fresh.map({ !ICalendarMerge.sameValues(render($0.reminder, in: list, zones: zones), merged.text) }) ?? true {
                        try unjournal(journaled, conflicts)
                    }
                    guard let fresh else { return }
                    item = fresh
                    continue
                case .gone:
                    try unjournal(journaled, conflicts)
                    report.warnings.append("\(list.name): \"\(local.title)\" was deleted on the server during the sync; it stays in Tick and is sent again next time")
                    return
                case .refused(let reason):
                    try unjournal(journaled, conflicts)
                    report.warnings.append("\(list.name): the server refused \"\(local.title)\" (\(reason)); it stays as it is in Tick")
                    return
                }
            }
            if SyncEngine.sortOrder(inObject: merged.text) != state.flatMap({ SyncEngine.sortOrder(inObject: $0.base) }) {
                unplaced.insert(local.uid)
            }
            var following: [FollowingSubtask] = []
            try store.write { db in
                guard let (stored, summary) = try saveLocally(batch, uid: local.uid, list: list, in: db) else { return }
                if let state, CalDAV.normalizedPath(state.href) != CalDAV.normalizedPath(item.href) {
                    try db.deleteSyncedItem(account: account.name, collectionURL: key, href: state.href)
                }
                var saved = try self.state(stored, href: item.href, etag: etag,
                                           base: ICalendarMerge.withFrame(render(stored, in: list, zones: zones), item.surroundings.frame),
                                           collectionURL: key, in: db)
                // An occurrence completed in an override moved the series on here, past what the
                // server holds (the merged text): the state holds the server's text and no
                // revision, so that the next sync sends Tick's, as when the server's copy is
                // taken (a tester: the server kept the completed occurrence's date for good).
                if batch.reminders.contains(where: { !$0.completedOverrides.isEmpty }), !ICalendarMerge.sameValues(saved.base, merged.text) {
                    saved.base = merged.text
                    saved.localRevision = -1
                }
                // Not sent (the collection is read-only): the state holds the server's copy and
                // no revision, so that Tick's side is sent once the collection may be written (a
                // tester: after the share became read-write, the edit merged here never reached
                // the server, and the two copies stayed apart for good).
                if !sameAsServer, pairing.collection.isReadOnly {
                    saved.base = ICalendarMerge.withFrame(serverText, item.surroundings.frame)
                    saved.localRevision = -1
                }
                // What the server holds now: the merge when it was sent, else its own copy.
                let held = sameAsServer || pairing.collection.isReadOnly
                    ? ICalendarMerge.withFrame(serverText, item.surroundings.frame) : merged.text
                try dropLinksThatCannotStand(stored, summary, localLink: stored.parentUID != nil && stored.parentUID == local.parentUID,
                                             serverText: held, list: list, state: &saved, in: db)
                try db.saveSyncedItem(saved)
                // Moved here from another calendar of the account (`state` was synced there): no longer synced there.
                if state?.isUnconfirmed == true { try deleteOldCopiesLater(of: stored.uid, except: key, in: db) }
                try db.forgetSyncedUID(stored.uid, account: account.name, except: key)
                try journal(reported(merged.conflicts, local: local, listName: list.name), in: db)
                try journalAwaiting(stored.uid, in: db)
                if movingHere[stored.uid] != nil { following = try moveSubtasks(of: stored.uid, onlySynced: true, in: db) }
            }
            queueFollowing(following)
            // "Changed here" only when the merge changed something here (Tick's value winning
            // changed nothing: a tester read "here: 1 changed" beside "the server's value lost").
            if let from = movingHere[local.uid] {
                listReport.countMoveIn(from: from)
            } else if !ICalendarMerge.sameValues(merged.text, localText) {
                listReport.localUpdated += 1
            }
            report.conflicts += reported(merged.conflicts, local: local, listName: list.name)
            return
        }
        report.warnings.append("\(list.name): \"\(local.title)\" kept changing on the server during the sync; it is merged next time")
    }

    /// Writes a reminder changed or made in Tick to the server.
    func upload(_ local: Reminder, state: SyncedItem?, recreate: Bool, pairing: Pairing, report: inout SyncReport,
                list listReport: inout SyncReport.ListReport) throws {
        let list = pairing.list
        let key = pairing.stored.url
        // The calendar's own lines another client wrote on this resource, kept (`base` has them).
        let kept = state.map { ICalendarMerge.surroundings(of: $0.base) } ?? ICalendarMerge.Surroundings()
        let text = ICalendarMerge.withFrame(render(local, in: list, zones: kept.zones), kept.frame)
        var href = state?.href ?? (pairing.collection.url.path.hasSuffix("/") ? pairing.collection.url.path : pairing.collection.url.path + "/")
            + SyncEngine.pathSegment(for: local.uid.rawValue) + ".ics"
        if let state, !recreate, state.conditionalETag == nil {
            // The ETag of the last write never came (or its answer): fetch the item and merge
            // with it; not there, it is sent as new.
            if let fresh = try fetchOne(state.href, pairing: pairing) {
                return try merge(fresh, state: state, local: local, pairing: pairing, report: &report, list: &listReport)
            }
        }
        var ifMatch = recreate ? nil : state?.conditionalETag
        // A new item's state is saved before its PUT, as sent and unconfirmed: a sync stopped
        // before the answer comes merges the next time over the text sent, not over nothing (a
        // tester: after `kill -9` there, a phone's next change was a conflict Tick won, though
        // Tick never changed that field).
        /// The state of a new item at `href` as sent and unconfirmed, saved.
        func saveUnconfirmed() throws -> SyncedItem? {
            guard state == nil else { return nil }
            let sent = SyncedItem(account: account.name, collectionURL: key, href: href, uid: local.uid,
                                  etag: SyncedItem.unconfirmedETag, base: text, localRevision: planRevisions[local.uid] ?? 0)
            try store.write { try $0.saveSyncedItem(sent) }
            return sent
        }
        var sent = try saveUnconfirmed()
        // A deletion on the server that Tick's edit wins over: written with the state of the write.
        var lostDeletion: SyncReport.Conflict? = recreate
            ? SyncReport.Conflict(listName: list.name, reminderTitle: local.title, uid: local.uid,
                                  property: "deleted", lostValue: "", loser: "the server")
            : nil
        /// The unconfirmed state of a new item whose write did not happen, forgotten.
        func forgetUnsent() throws {
            guard state == nil else { return }
            try store.write { try $0.deleteSyncedItem(account: account.name, collectionURL: key, href: href) }
        }
        // Written before the PUT that makes it final (`journalBeforeWriting`), taken out when
        // none does.
        var journaled: [Int64] = []
        func unjournalLostDeletion() throws {
            if let lostDeletion { try unjournal(journaled, [lostDeletion]) }
            journaled = []
        }
        for attempt in 0..<3 {
            let target = url(of: href, in: pairing.collection)
            if let lostDeletion, journaled.isEmpty { journaled = try journalBeforeWriting([lostDeletion]) }
            switch try dav.put(text, to: target, ifMatch: ifMatch) {
            case .stored(var etag):
                if etag == nil { etag = try etagOfPut(text, at: href, pairing: pairing) }
                try store.write { db in
                    if let state, state.href != href {
                        try db.deleteSyncedItem(account: account.name, collectionURL: key, href: state.href)
                    }
                    try db.saveSyncedItem(SyncedItem(account: account.name, collectionURL: key, href: href, uid: local.uid,
                                                     etag: etag, base: text, localRevision: planRevisions[local.uid] ?? 0))
                    try journal(lostDeletion.map { [$0] } ?? [], in: db)
                    try journalAwaiting(local.uid, in: db)
                }
                if ifMatch == nil { listReport.remoteAdded += 1 } else { listReport.remoteUpdated += 1 }
                writtenHrefs[key, default: []].insert(CalDAV.normalizedPath(href))
                if let lostDeletion { report.conflicts.append(lostDeletion) }
                return
            case .preconditionFailed:
                if let fresh = try fetchOne(href, pairing: pairing) {
                    if fresh.reminder.uid == local.uid {
                        // Changed on the server since, or Tick's own earlier write whose answer was lost
                        // (then merged over the text sent).
                        try unjournalLostDeletion()
                        return try merge(fresh, state: state ?? sent, local: local, pairing: pairing, report: &report, list: &listReport)
                    }
                    // The name is taken by another item: a fresh name.
                    try forgetUnsent()
                    href = (pairing.collection.url.path.hasSuffix("/") ? pairing.collection.url.path : pairing.collection.url.path + "/")
                        + RandomUUID.string() + ".ics"
                    ifMatch = nil
                    sent = try saveUnconfirmed()
                } else if attempt > 0 {
                    break
                } else {
                    ifMatch = nil
                }
            case .gone:
                // Deleted on the server while edited here: the edit wins, as a new item.
                ifMatch = nil
                lostDeletion = SyncReport.Conflict(listName: list.name, reminderTitle: local.title, uid: local.uid,
                                                   property: "deleted", lostValue: "", loser: "the server")
            case .refused(let reason):
                try forgetUnsent()
                try unjournalLostDeletion()
                report.warnings.append("\(list.name): the server refused \(local.number) \"\(local.title)\" (\(reason)); it stays in Tick only")
                return
            }
        }
        try forgetUnsent()
        try unjournalLostDeletion()
        report.warnings.append("\(list.name): could not write \(local.number) \"\(local.title)\" to the server; it is tried again next sync")
    }
}
