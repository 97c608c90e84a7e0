import Foundation
import TickModel
import TickStore
import TickInterchange
import TickActions

extension SyncEngine {
    /// A server item as fetched and read through Tick's iCalendar reader.
    struct ServerItem {
        var href: String
        var etag: String
        /// What the reader made of it (the to-do, its overrides kept with it).
        var batch: ImportBatch
        var reminder: Reminder
        /// What the resource holds around its to-do that Tick's writer does not write: its
        /// VCALENDAR's own lines and the zones it defines (`ICalendarMerge.Surroundings`).
        var surroundings = ICalendarMerge.Surroundings()
    }

    /// What one collection's sync will do, worked out before anything is written.
    enum Step {
        /// Copy the server's version into Tick (new there, or changed there only).
        case take(ServerItem, state: SyncedItem?, restoring: Bool)
        /// Both sides changed: merge, save in Tick, write to the server.
        case merge(ServerItem, state: SyncedItem?, local: Reminder)
        /// Deleted on the server, unchanged in Tick: delete it in Tick.
        case deleteLocal(SyncedItem, local: Reminder)
        /// Gone on both sides, or never a to-do: forget the stored state.
        case forget(SyncedItem)
        /// Changed or new in Tick (or deleted on the server while edited here): write it.
        case upload(Reminder, state: SyncedItem?, recreate: Bool)
        /// Moved to another list in Tick while changed on the server: merge the server's
        /// change into it in its new list, then delete it here.
        case mergeMoved(ServerItem, state: SyncedItem, local: Reminder)
        /// New in this calendar because another client moved it here, while Tick moved it to
        /// another list later (`home`: its state where both sides moved it from): Tick's move
        /// wins; the server's other changes are merged into it where it is, and this copy is
        /// deleted on the server.
        case refuseMove(ServerItem, home: SyncedItem, local: Reminder)
        /// Deleted in Tick, or moved to another list (`moved`: then it is no deletion for
        /// the guard, and the other list's sync writes it there): delete it here on the server.
        case deleteRemote(SyncedItem, moved: Bool)
        /// Deleted on the server while edited here: written again as a new item, once every
        /// calendar was synced, unless it turned up in another calendar meanwhile (another
        /// client moved it there: then the edit went with it).
        case recreate(Reminder, state: SyncedItem)

        /// The item a step is about, for errors: the reminder's number and title when Tick
        /// has it, else the server's href.
        var item: String {
            switch self {
            case .upload(let local, _, _), .merge(_, _, let local), .mergeMoved(_, _, let local), .deleteLocal(_, let local),
                 .recreate(let local, _), .refuseMove(_, _, let local):
                return "reminder \(local.number) \"\(local.title)\""
            case .take(let item, _, _):
                return "\(item.href) (\"\(item.reminder.title)\")"
            case .forget(let state), .deleteRemote(let state, _):
                return state.href
            }
        }
    }

    func sync(_ pairing: Pairing, options: SyncOptions, report: inout SyncReport,
              list listReport: inout SyncReport.ListReport) throws {
        let deferredBefore = deferredCount
        var collection = pairing.collection
        let key = pairing.stored.url
        // 0. Writes of new items sent by a sync that stopped before their answer came: the
        // server holds them (then they are read as changed there, and merged over the text sent)
        // or not (then they are forgotten here and sent again as new; never taken for a deletion
        // on the server).
        var neverStored = Set<String>()
        let unconfirmed = try store.read { try $0.unconfirmedSyncedItems(account: account.name, collectionURL: key) }
        if !unconfirmed.isEmpty {
            let there = Set(try dav.fetch(unconfirmed.map(\.href), in: collection).map { CalDAV.normalizedPath($0.href) })
            let gone = unconfirmed.filter { !there.contains(CalDAV.normalizedPath($0.href)) }
            neverStored = Set(gone.map { CalDAV.normalizedPath($0.href) })
            if !options.isDryRun, !gone.isEmpty {
                try store.write { db in
                    for state in gone { try db.deleteSyncedItem(account: account.name, collectionURL: key, href: state.href) }
                }
            }
        }
        // 1. What changed on the server: with sync-collection, one REPORT from the stored token
        // (which lists nothing when nothing changed); else the ctag, and only when it changed
        // (or on a first sync) every href and ETag.
        var changed: [(href: String, etag: String)] = []
        var deleted: [String] = []
        var newToken: String?
        var listedAll = false
        let madeHere = listReport.createdCollection && options.isDryRun
        if !madeHere && !collection.supportsSyncCollection {
            collection = try dav.changeTags(of: collection)
        }
        // A server that names sync-collection and then refuses the REPORT is asked as one
        // without it.
        var usesSyncCollection = collection.supportsSyncCollection
        if madeHere {
            listedAll = true
        } else if usesSyncCollection {
            do {
                let result: (changed: [(href: String, etag: String)], deleted: [String], token: String?)
                do {
                    result = try dav.changes(in: collection, since: pairing.stored.syncToken)
                    listedAll = pairing.stored.syncToken == nil
                } catch {
                    guard error == CalDAV.invalidSyncToken else { throw error }
                    report.warnings.append("\(pairing.list.name): the server no longer knows the last sync token; comparing every item")
                    result = try dav.changes(in: collection, since: nil)
                    listedAll = true
                }
                (changed, deleted, newToken) = (result.changed, result.deleted, result.token)
            } catch let error as SyncError where error == CalDAV.syncCollectionRefused {
                usesSyncCollection = false
                collection = try dav.changeTags(of: collection)
            }
        }
        if madeHere || usesSyncCollection {
            // Listed above.
        } else if let ctag = collection.ctag, ctag == pairing.stored.ctag,
                  try store.read({ try $0.syncedItemCount(account: account.name, collectionURL: key) }) > 0 {
            // Unchanged since the last sync: nothing to list.
        } else {
            changed = try dav.etags(in: collection)
            listedAll = true
        }
        // The states of what the server listed: every one after a full listing (what it did
        // not list was deleted there); else only those of the hrefs it reported.
        let states = try serverSideStates(key, listedAll: listedAll, hrefs: changed.map(\.href) + deleted)
        var stateByHref: [String: SyncedItem] = [:]
        for state in states { stateByHref[CalDAV.normalizedPath(state.href)] = state }
        if listedAll {
            let present = Set(changed.map { CalDAV.normalizedPath($0.href) })
            deleted = states.map(\.href).filter { !present.contains(CalDAV.normalizedPath($0)) && !neverStored.contains(CalDAV.normalizedPath($0)) }
        }
        let listedCount = changed.count
        changed = changed.filter { stateByHref[CalDAV.normalizedPath($0.href)]?.etag != $0.etag }
        if !changed.isEmpty { progress?("\(pairing.list.name): fetching \(changed.count) changed on the server") }
        // More than one multiget's worth, and most of what the server holds (a first sync):
        // one query for all of it.
        let fetched = listedAll && changed.count > 100 && changed.count * 2 >= listedCount
            ? try dav.fetchAll(changed.map(\.href), in: collection)
            : try dav.fetch(changed.map(\.href), in: collection)
        var serverItems: [ServerItem] = []
        var unreadable = Set<String>()
        for item in fetched {
            do {
                if let read = try read(item, list: pairing.list) { serverItems.append(read) } else { unreadable.insert(item.href) }
            } catch {
                report.warnings.append("\(pairing.list.name): \(item.href) is not a to-do Tick can read (\(error)); left as it is on the server")
                unreadable.insert(item.href)
            }
        }

        // 2. What changed in Tick, and the plan. Each reminder's revision says whether it
        // changed since the last sync: SQLite compares them with the stored ones, and only
        // what changed on either side becomes values here (nothing when nothing changed), not
        // the whole list and its synced states.
        let (changedHere, unsynced) = try store.read { db in
            (try db.syncedItemsChangedLocally(account: account.name, collectionURL: key, list: pairing.list.id),
             try db.unsyncedReminders(inList: pairing.list.id, account: account.name, collectionURL: key))
        }
        // The revisions of this list's reminders that the plan looks at.
        var revisions: [ReminderUID: Int64] = [:]
        for entry in unsynced { revisions[entry.uid] = entry.revision }
        for entry in changedHere where entry.listID == pairing.list.id { revisions[entry.item.uid] = entry.revision }
        let asked = serverItems.map(\.reminder.uid) + states.map(\.uid)
        let places = try store.read { try $0.listsAndRevisions(of: asked) }
        for (uid, place) in places where place.listID == pairing.list.id { revisions[uid] = place.revision }
        planRevisions = revisions
        var loaded: [ReminderUID: Reminder] = [:]
        /// The reminder of this list with `uid`, read once.
        func local(_ uid: ReminderUID) throws -> Reminder? {
            guard revisions[uid] != nil else { return nil }
            if let known = loaded[uid] { return known }
            let found = try store.read { try $0.reminder(uid: uid) }
            loaded[uid] = found
            return found
        }
        func isChangedHere(_ reminder: Reminder, _ state: SyncedItem) -> Bool {
            revisions[reminder.uid] != state.localRevision
        }
        // Server items not in this list that Tick has in another.
        let storedElsewhere = Set(places.keys.filter { revisions[$0] == nil })
        func elsewhere(_ uid: ReminderUID) throws -> Reminder? {
            storedElsewhere.contains(uid) ? try store.read { try $0.reminder(uid: uid) } : nil
        }
        var steps: [Step] = []
        movingHere = [:]
        var handledUIDs = Set<ReminderUID>()
        var handledHrefs = Set<String>()
        var droppedLinks: [(child: ReminderUID, parent: ReminderUID)] = []
        for item in serverItems {
            let path = CalDAV.normalizedPath(item.href)
            handledHrefs.insert(path)
            let state = stateByHref[path]
            let uid = item.reminder.uid
            handledUIDs.insert(uid)
            if let local = try local(uid) {
                if let state, !isChangedHere(local, state) {
                    if let parent = local.parentUID, item.reminder.parentUID == nil {
                        // Its link dropped on the server: by another client's sync when the parent
                        // was deleted there, which this run may lose (`linksKeptAgainstServer`).
                        droppedLinks.append((uid, parent))
                    }
                    steps.append(.take(item, state: state, restoring: false))
                } else if state == nil,
                          let before = try store.read({ try $0.syncedItems(account: account.name, uid: uid, except: key) }).first {
                    // Moved here in Tick, and by another client too (or that client's move met
                    // Tick's): merged over what was synced in the calendar it left, so that the
                    // other client's changes made with its move are kept. Merged with no base,
                    // every difference was a conflict that Tick's newer move won (a tester: the
                    // phone's new title and alarm were lost, "the server's value lost").
                    steps.append(.merge(item, state: before, local: local))
                } else {
                    steps.append(.merge(item, state: state, local: local))
                }
            } else if let state {
                // Deleted here (or moved to another list) while changed on the server:
                // an edit wins over a deletion, unless it moved to another list.
                if let elsewhere = try elsewhere(uid) {
                    // Moved to another list in Tick while changed on the server: the server's
                    // change is merged into it where it is now, then it leaves this calendar.
                    steps.append(.mergeMoved(item, state: state, local: elsewhere))
                } else {
                    steps.append(.take(item, state: state, restoring: true))
                }
            } else {
                if let elsewhere = try elsewhere(uid) {
                    let listName = (try? store.read { try $0.list(id: elsewhere.listID) })??.name ?? "another list"
                    guard pairsByList[elsewhere.listID] != nil else {
                        report.warnings.append("\(pairing.list.name): \(item.href) has the UID of \(elsewhere.number) in \(listName); left as it is")
                        continue
                    }
                    let others = try store.read { try $0.syncedItems(account: account.name, uid: uid, except: key) }
                    let tickKey = pairsByList[elsewhere.listID]?.stored.url
                    if let tickKey, newThisRun.contains(uid), item.reminder.modifiedAt.isInLaterSecond(than: elsewhere.modifiedAt),
                       others.allSatisfy({ $0.collectionURL == tickKey }) {
                        // New to Tick in this run, taken from another calendar that holds an older
                        // copy of its UID (the server lists that calendar first): the newer copy is
                        // the one kept, this one, and the older is left there (a tester: the device
                        // that first met the UID in two calendars kept the stale copy, its title and
                        // notes, while another device had the newer: apart for good). Nothing of
                        // Tick's is lost: the reminder has not changed here since it was taken.
                        report.warnings.append("\(pairing.list.name): \(item.href) has the UID of \"\(elsewhere.title)\" in \(listName), "
                                               + "in a newer copy; Tick takes this one, and leaves the other on the server")
                        // That calendar is read whole next time, as one holding a copy left alone.
                        listedWholeNextTime.insert(tickKey)
                        steps.append(.take(item, state: nil, restoring: false))
                        continue
                    }
                    if let tickKey, try isStillOnServer(others, tickKey: tickKey) {
                        // Not a move: the server still holds it in the calendar Tick has it in (or
                        // had it in, when Tick moved it since: a tester, the old copy here was
                        // taken for another client's move and merged as an edit, its stale title
                        // and notes over Tick's newer ones, then deleted). A
                        // server may hold one UID in two calendars (RFC 4791 §5.3.2.1 asks it unique
                        // in one; a list shared with the user can hold another user's to-do of the
                        // same UID); Tick holds one reminder per UID and keeps the one it has (a
                        // tester: the user's own to-do left her list as "moved" to the shared one).
                        report.warnings.append("\(pairing.list.name): \(item.href) has the UID of \"\(elsewhere.title)\" in \(listName), "
                                               + "which the server holds too; Tick keeps that one, and leaves this one on the server")
                        // Read again at the next sync, whatever the token says: a client that moves
                        // a to-do by writing it into this calendar before deleting it from the other
                        // (a phone's move, seen in between) leaves this copy the only one, and Tick's,
                        // deleted there, would go with nothing taken here (a tester: the reminder
                        // vanished from that device for good).
                        listedWholeNextTime.insert(key)
                        continue
                    }
                    // Asked only for a copy older than the reminder here (a phone's move keeps its
                    // copy as it was: a move of many unchanged to-dos asks nothing).
                    if let tickKey, !others.contains(where: { $0.collectionURL != tickKey }),
                       elsewhere.modifiedAt.isInLaterSecond(than: item.reminder.modifiedAt),
                       try hasNewerCopy(than: item, uid: uid, besides: [key] + others.map(\.collectionURL)) {
                        // Gone from the calendar Tick had it in, and held in two others: another
                        // client moved it to the other one, and this copy is an older one left
                        // here (a tester: with this calendar read first, the stale copy was taken
                        // as the move, its old title and notes over the newer ones, on one device).
                        report.warnings.append("\(pairing.list.name): \(item.href) has the UID of \"\(elsewhere.title)\", which "
                                               + "another calendar holds in a newer copy; Tick takes that one, and leaves this one on the server")
                        listedWholeNextTime.insert(key)
                        continue
                    }
                    if let tickKey, let home = others.first(where: { $0.collectionURL != tickKey }) {
                        // Moved on both sides, to different lists, since it was synced in `home`'s
                        // calendar (a tester: the server kept a copy in each calendar, every phone
                        // showed it twice, and the two Ticks disagreed for good). The later move wins,
                        // and the other is reported.
                        if elsewhere.modifiedAt.isInLaterSecond(than: item.reminder.modifiedAt) {
                            steps.append(.refuseMove(item, home: home, local: elsewhere))
                            continue
                        }
                        let lost = SyncReport.Conflict(listName: pairing.list.name, reminderTitle: elsewhere.title,
                                                       uid: uid, property: "list", lostValue: listName, loser: "Tick")
                        report.conflicts.append(lost)
                        if !options.isDryRun { awaitSave(lost) }
                        if let copy = others.first(where: { $0.collectionURL == tickKey }), let tickPairing = pairsByList[elsewhere.listID] {
                            // Tick's copy already sent to its calendar (earlier in this run, or
                            // before): it goes once this one is stored here.
                            deferredMovedDeletions.append((copy, tickPairing))
                        }
                    }
                    movingHere[uid] = listName
                    movedThisRun.insert(uid)
                    // Moved here from another synced calendar by another client. Edited in Tick
                    // since its last sync there: both sides' changes are merged over what was
                    // synced there, and it comes to this list.
                    let before = others.first
                    if let before, places[uid]?.revision != before.localRevision {
                        steps.append(.merge(item, state: before, local: elsewhere))
                        continue
                    }
                } else if try store.read({ try $0.changeDeleting(uid: uid) }) != nil {
                    // Deleted in Tick, and new to this calendar: another client moved it here from
                    // another calendar meanwhile. A move is an edit, which wins over a deletion: it
                    // comes back with its number, place and subtasks, and the lost deletion is
                    // reported (a tester: it came back under a new number, without a word, and
                    // `tick undo` could no longer bring back the old one).
                    steps.append(.take(item, state: nil, restoring: true))
                    continue
                }
                if !options.isDryRun { newThisRun.insert(uid) }
                steps.append(.take(item, state: nil, restoring: false))
            }
        }
        for href in deleted {
            let path = CalDAV.normalizedPath(href)
            guard !handledHrefs.contains(path), let state = stateByHref[path] else { continue }
            handledHrefs.insert(path)
            handledUIDs.insert(state.uid)
            if let local = try local(state.uid) {
                steps.append(isChangedHere(local, state) ? .recreate(local, state: state) : .deleteLocal(state, local: local))
            } else if try elsewhere(state.uid) != nil {
                // Gone from here on the server while Tick moved it to another list: its state here
                // stays to the end of the run, where both moves are told apart (the calendar the
                // server moved it to may come later in this run).
                deferredForgets.append(state)
            } else {
                steps.append(.forget(state))
            }
        }
        let recreated = Set(steps.compactMap { step -> ReminderUID? in
            if case .recreate(let local, _) = step { return local.uid }
            return nil
        })
        // The deletion of their parent loses (Tick's edit of it wins): so does what another
        // device's sync did to its subtasks when it took the deletion. Each is taken from the
        // server with its link, and sent again with it (a tester: the subtask stayed top-level
        // on every device, and, when this sync was stopped between the two, for good).
        let keptLinks = Dictionary(droppedLinks.filter { recreated.contains($0.parent) }.map { ($0.child, $0.parent) },
                                   uniquingKeysWith: { first, _ in first })
        if !keptLinks.isEmpty, !options.isDryRun {
            steps = steps.map { step in
                guard case .take(var item, let state, let restoring) = step, let parent = keptLinks[item.reminder.uid] else { return step }
                item.reminder.parentUID = parent
                for index in item.batch.reminders.indices
                where item.batch.reminders[index].reminder.uid == item.reminder.uid && item.batch.reminders[index].occurrence == nil {
                    item.batch.reminders[index].reminder.parentUID = parent
                }
                linksKeptAgainstServer.insert(item.reminder.uid)
                return .take(item, state: state, restoring: restoring)
            }
        }
        // Changed in Tick only: edited (written to the server), or gone from the list (deleted
        // there; a move when the reminder is in another list now).
        for (state, listID, _) in changedHere
        where !handledHrefs.contains(CalDAV.normalizedPath(state.href)) && !unreadable.contains(state.href) {
            handledUIDs.insert(state.uid)
            if revisions[state.uid] != nil {
                if let local = try local(state.uid) { steps.append(.upload(local, state: state, recreate: false)) }
            } else {
                steps.append(.deleteRemote(state, moved: listID != nil))
            }
        }
        // Moved here in Tick from another calendar of the account: sent once every calendar was
        // synced, so that a move of it on the server since (another client's, to a third
        // calendar) is seen first and the two moves settled (`Step.refuseMove`); sent here at
        // once, a server that moves an item on a PUT of its UID (Tick's own) took it back from
        // the other client's calendar without a word (a tester).
        let waiting = unsynced.filter { !handledUIDs.contains($0.uid) }
        let movedHere = try store.read { db in
            try db.uidsSynced(account: account.name, among: waiting.map(\.uid), except: key)
        }
        for entry in waiting {
            if movedHere.contains(entry.uid), !options.isDryRun {
                deferredMoveUploads.append((entry.uid, pairing))
                continue
            }
            if let reminder = try local(entry.uid) { steps.append(.upload(reminder, state: nil, recreate: false)) }
        }

        // A collection the user may only read: Tick's changes stay in Tick, said once per sync
        // (after the merges, which count theirs).
        keptInTick = 0
        if collection.isReadOnly {
            keptInTick = steps.filter { step in
                switch step {
                case .upload, .deleteRemote, .recreate: return true
                default: return false
                }
            }.count
            steps.removeAll { step in
                switch step {
                case .upload, .deleteRemote, .recreate: return true
                default: return false
                }
            }
        }

        // 3. The deletion guard, before anything is written.
        var localDeletions = 0, remoteDeletions = 0
        for step in steps {
            if case .deleteLocal = step { localDeletions += 1 }
            if case .deleteRemote(_, false) = step { remoteDeletions += 1 }
        }
        if !options.allowsDeletes, max(localDeletions, remoteDeletions) > 2 {
            let synced = try listedAll ? states.count : store.read { try $0.syncedItemCount(account: account.name, collectionURL: key) }
            for (count, side) in [(localDeletions, "in Tick"), (remoteDeletions, "on the server")]
            where count > 20 || (count > 2 && count * 2 > max(synced, 1)) {
                throw SyncError.tooManyDeletions("\(label), list \"\(pairing.list.name)\": this sync would delete \(count) of \(synced) reminders \(side); nothing in it was changed. If that is what you want, run it again with --allow-deletes")
            }
        }

        // 4. Apply. Until this sync saves its token, the stored one is cleared: states written
        // after it, by a sync stopped before its end, are newer than the token, and a server
        // that reports the difference of two states (Xandikos) never reports an item that
        // came and went since it, so the item taken here and deleted there stayed for good (a
        // tester, with kill -9). A sync after a stopped one lists the calendar whole.
        if !options.isDryRun, !steps.isEmpty, pairing.stored.syncToken != nil || pairing.stored.ctag != nil {
            var cleared = pairing.stored
            cleared.syncToken = nil
            cleared.ctag = nil
            try store.write { try $0.saveSyncedCollection(cleared) }
        }
        unplaced = []
        var done = 0
        var takes: [(item: ServerItem, state: SyncedItem?, restoring: Bool)] = []
        func flushTakes() throws {
            try take(takes, list: pairing.list, key: key)
            takes.removeAll()
        }
        for step in steps {
            done += 1
            if done % 20 == 0 { progress?("\(pairing.list.name): \(done) of \(steps.count)") }
            if options.isDryRun {
                try foresee(step, pairing: pairing, report: &report, list: &listReport)
                continue
            }
            if case .take(let item, let state, let restoring) = step {
                count(step, in: &listReport)
                if restoring {
                    report.conflicts.append(SyncReport.Conflict(listName: pairing.list.name, reminderTitle: item.reminder.title,
                                                                uid: item.reminder.uid, property: "deleted", lostValue: "", loser: "Tick"))
                }
                takes.append((item, state, restoring))
                if takes.count >= 200 { try flushTakes() }
                continue
            }
            try flushTakes()
            do {
                try apply(step, pairing: pairing, report: &report, list: &listReport)
            } catch let error as SyncError {
                throw error.placed(step.item, after: label)
            }
        }
        try flushTakes()
        if keptInTick > 0 {
            report.warnings.append("\(pairing.list.name) is read-only on the server: \(keptInTick) change\(keptInTick == 1 ? "" : "s") made in Tick stay\(keptInTick == 1 ? "s" : "") in Tick only")
        }
        if !options.isDryRun {
            try place(unplaced, in: pairing.list)
            unplaced = []
            var stored = pairing.stored
            if listedWholeNextTime.contains(key) {
                stored.syncToken = nil
                stored.ctag = nil
            } else if deferredCount > deferredBefore {
                // Work left for the end of the run: the token moves on once it is done (cleared
                // meanwhile, as above).
                tokensAfterRun.append((stored.url, newToken, collection.ctag))
                if !steps.isEmpty {
                    stored.syncToken = nil
                    stored.ctag = nil
                }
            } else {
                stored.syncToken = newToken
                stored.ctag = collection.ctag
            }
            try store.write { try $0.saveSyncedCollection(stored) }
        }
    }

    /// The stored states of a collection's items the server reported: every one after a
    /// full listing; else those of `hrefs` (looked up as stored, then, for any not found that
    /// way, among every stored href compared percent-decoded: a server may spell one href
    /// two ways).
    func serverSideStates(_ key: String, listedAll: Bool, hrefs: [String]) throws -> [SyncedItem] {
        if listedAll { return try store.read { try $0.syncedItems(account: account.name, collectionURL: key) } }
        guard !hrefs.isEmpty else { return [] }
        return try store.read { db in
            var found = try db.syncedItems(account: account.name, collectionURL: key, hrefs: hrefs)
            let known = Set(found.map { CalDAV.normalizedPath($0.href) })
            let missing = Set(hrefs.map(CalDAV.normalizedPath).filter { !known.contains($0) })
            guard !missing.isEmpty else { return found }
            let spelledOtherwise = try db.syncedHrefs(account: account.name, collectionURL: key)
                .filter { missing.contains(CalDAV.normalizedPath($0)) && !hrefs.contains($0) }
            if !spelledOtherwise.isEmpty {
                found += try db.syncedItems(account: account.name, collectionURL: key, hrefs: spelledOtherwise)
            }
            return found
        }
    }

    /// Whether a copy of a reminder, found in another calendar than Tick's, leaves Tick's own
    /// copy where it was (one UID in two calendars, not another client's move, which deletes the
    /// copy it moves): the copy of `others` (its states in the account's other calendars)
    /// synced before this run is still on the server. Those in the calendar Tick has it in now
    /// (`tickKey`) count only when there are no others: there, this run may have just sent it
    /// (Tick's own move).
    func isStillOnServer(_ others: [SyncedItem], tickKey: String) throws -> Bool {
        let before = others.filter { $0.collectionURL != tickKey }
        for copy in before.isEmpty ? others : before {
            guard let pairing = pairsByList.values.first(where: { $0.stored.url == copy.collectionURL }) else { continue }
            if try dav.fetch([copy.href], in: pairing.collection).first != nil { return true }
        }
        return false
    }

    /// Whether a paired calendar other than those of `besides` (this one, and those Tick has
    /// the reminder synced in) holds a copy of `uid` changed later than `item` (`LAST-MODIFIED`),
    /// asked with a `calendar-query` on the UID; false when none does or the server does not say.
    func hasNewerCopy(than item: ServerItem, uid: ReminderUID, besides: [String]) throws -> Bool {
        for pairing in pairsByList.values where !besides.contains(pairing.stored.url) {
            for found in try dav.items(namingUID: uid.rawValue, in: pairing.collection) ?? [] {
                guard let copy = try? read(found, list: pairing.list), copy.reminder.uid == uid else { continue }
                if copy.reminder.modifiedAt > item.reminder.modifiedAt { return true }
            }
        }
        return false
    }

    /// What a dry run says of `step`: counted as the sync would count it, with the conflicts
    /// it would report (a tester: `--dry-run` said nothing of a title or a deletion that
    /// would lose, and counted an upload where Tick's side lost). A merge is worked out as the
    /// sync would, from the texts both sides have now, and writes nothing; one that a 412 or a
    /// change during the sync would make again may come out otherwise.
    func foresee(_ step: Step, pairing: Pairing, report: inout SyncReport, list listReport: inout SyncReport.ListReport) throws {
        let list = pairing.list
        switch step {
        case .take(let item, _, true):
            count(step, in: &listReport)
            report.conflicts.append(SyncReport.Conflict(listName: list.name, reminderTitle: item.reminder.title, uid: item.reminder.uid,
                                                        property: "deleted", lostValue: "", loser: "Tick"))
        case .merge(let item, let state, let local):
            let (merged, localText, serverText) = foreseenMerge(item, base: state?.base, local: local, in: list)
            if !ICalendarMerge.sameValues(merged.text, serverText) {
                if pairing.collection.isReadOnly { keptInTick += 1 } else { listReport.remoteUpdated += 1 }
            }
            // Counted as the merge counts: here only when it changes something here.
            if let from = movingHere[local.uid] {
                listReport.countMoveIn(from: from)
            } else if !ICalendarMerge.sameValues(merged.text, localText) {
                listReport.localUpdated += 1
            }
            report.conflicts += reported(merged.conflicts, local: local, listName: list.name)
        case .upload(let local, _, true), .recreate(let local, _):
            // Deleted on the server, changed here: the change is sent again (a tester: the dry
            // run said nothing of it).
            count(step, in: &listReport)
            report.conflicts.append(SyncReport.Conflict(listName: list.name, reminderTitle: local.title, uid: local.uid,
                                                        property: "deleted", lostValue: "", loser: "the server"))
        case .mergeMoved(let item, let state, let local):
            count(step, in: &listReport)
            guard let home = try store.read({ try $0.list(id: local.listID) }) else { return }
            let merged = foreseenMerge(item, base: state.base, local: local, in: home).merged
            report.conflicts += reported(merged.conflicts, local: local, listName: home.name)
        default:
            count(step, in: &listReport)
        }
    }

    /// The merge `merge(_:state:local:…)` would make of `item` and `local` now, with both texts.
    private func foreseenMerge(_ item: ServerItem, base: String?, local: Reminder, in list: ReminderList)
        -> (merged: (text: String, conflicts: [ICalendarMerge.Conflict]), localText: String, serverText: String) {
        let zones = keptZones(item, base: base)
        let localText = render(local, in: list, zones: zones)
        let serverText = render(item.reminder, in: list, zones: zones)
        let merged = ICalendarMerge.merge(base: base, local: localText, server: serverText,
                                          localIsNewer: local.modifiedAt.isInLaterSecond(than: item.reminder.modifiedAt))
        return (merged, localText, serverText)
    }

    /// A merge's conflicts as the sync reports them, of `local` in the list `listName`
    /// (a dry run's and a sync's alike).
    func reported(_ conflicts: [ICalendarMerge.Conflict], local: Reminder, listName: String) -> [SyncReport.Conflict] {
        conflicts.map { conflict in
            SyncReport.Conflict(listName: listName, reminderTitle: local.title, uid: local.uid, property: conflict.property,
                                lostValue: conflict.lostValue, loser: conflict.localLost ? "Tick" : "the server")
        }
    }

    func count(_ step: Step, in listReport: inout SyncReport.ListReport) {
        switch step {
        case .take(let item, let state, let restoring):
            if let from = movingHere[item.reminder.uid], state == nil {
                listReport.countMoveIn(from: from)
            } else if state == nil || restoring {
                listReport.localAdded += 1
            } else {
                listReport.localUpdated += 1
            }
        case .merge(_, _, let local):
            if let from = movingHere[local.uid] { listReport.countMoveIn(from: from) } else { listReport.localUpdated += 1 }
            listReport.remoteUpdated += 1
        case .deleteLocal(let state, _):
            // Only a dry run counts here (a real one counts when the deferred deletion is done).
            dryRunDeletions.append((state.uid, listReport.collectionURL))
        case .forget: break
        case .upload(_, let state, let recreate):
            if state == nil || recreate { listReport.remoteAdded += 1 } else { listReport.remoteUpdated += 1 }
        case .recreate: listReport.remoteAdded += 1
        case .deleteRemote, .mergeMoved, .refuseMove: listReport.remoteDeleted += 1
        }
    }
}
