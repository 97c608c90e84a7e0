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
        /// Deleted in Tick, or moved to another list (`moved`: then it is no deletion for
        /// the guard, and the other list's sync writes it there): delete it here on the server.
        case deleteRemote(SyncedItem, moved: Bool)
    }

    func sync(_ pairing: Pairing, options: SyncOptions, report: inout SyncReport,
              list listReport: inout SyncReport.ListReport) throws {
        let collection = pairing.collection
        let key = pairing.stored.url
        let states = try store.read { try $0.syncedItems(account: account.name, collectionURL: key) }
        var stateByHref: [String: SyncedItem] = [:]
        for state in states { stateByHref[CalDAV.normalizedPath(state.href)] = state }

        // 1. What changed on the server.
        var changed: [(href: String, etag: String)] = []
        var deleted: [String] = []
        var newToken: String?
        var listedAll = false
        let madeHere = listReport.createdCollection && options.isDryRun
        let unchangedToken = collection.syncToken != nil && collection.syncToken == pairing.stored.syncToken
        let unchangedTag = collection.ctag != nil && collection.ctag == pairing.stored.ctag
        if madeHere {
            listedAll = true
        } else if !states.isEmpty && (unchangedToken || (!collection.supportsSyncCollection && unchangedTag)) {
            // The discovery's PROPFIND already says nothing changed on the server.
            newToken = pairing.stored.syncToken
        } else if collection.supportsSyncCollection {
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
        } else {
            changed = try dav.etags(in: collection)
            listedAll = true
        }
        if listedAll {
            let present = Set(changed.map { CalDAV.normalizedPath($0.href) })
            deleted = states.map(\.href).filter { !present.contains(CalDAV.normalizedPath($0)) }
        }
        changed = changed.filter { stateByHref[CalDAV.normalizedPath($0.href)]?.etag != $0.etag }
        let fetched = try dav.fetch(changed.map(\.href), in: collection)
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

        // 2. What changed in Tick, and the plan.
        let (locals, revisions) = try store.read { db in
            (try db.allReminders(inList: pairing.list.id), try db.revisions(inList: pairing.list.id))
        }
        planRevisions = revisions
        var localByUID: [ReminderUID: Reminder] = [:]
        for reminder in locals { localByUID[reminder.uid] = reminder }
        func changedHere(_ reminder: Reminder, _ state: SyncedItem) -> Bool {
            revisions[reminder.uid] != state.localRevision
        }
        // Server items not in this list: which of them Tick has in another (one query, not one
        // per item: on a first sync every item is such a one).
        let storedElsewhere = try store.read { db in
            try db.storedUIDs(among: serverItems.map(\.reminder.uid).filter { localByUID[$0] == nil })
        }
        func elsewhere(_ uid: ReminderUID) throws -> Reminder? {
            storedElsewhere.contains(uid) ? try store.read { try $0.reminder(uid: uid) } : nil
        }
        var steps: [Step] = []
        var handledUIDs = Set<ReminderUID>()
        var handledHrefs = Set<String>()
        for item in serverItems {
            let path = CalDAV.normalizedPath(item.href)
            handledHrefs.insert(path)
            let state = stateByHref[path]
            let uid = item.reminder.uid
            handledUIDs.insert(uid)
            if let local = localByUID[uid] {
                if let state, !changedHere(local, state) {
                    steps.append(.take(item, state: state, restoring: false))
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
                if let elsewhere = try elsewhere(uid), !pairedListIDs.contains(elsewhere.listID) {
                    let listName = (try? store.read { try $0.list(id: elsewhere.listID) })??.name ?? "another list"
                    report.warnings.append("\(pairing.list.name): \(item.href) has the UID of \(elsewhere.number) in \(listName); left as it is")
                    continue
                }
                steps.append(.take(item, state: nil, restoring: false))
            }
        }
        for href in deleted {
            let path = CalDAV.normalizedPath(href)
            guard !handledHrefs.contains(path), let state = stateByHref[path] else { continue }
            handledHrefs.insert(path)
            handledUIDs.insert(state.uid)
            if let local = localByUID[state.uid] {
                steps.append(changedHere(local, state) ? .upload(local, state: state, recreate: true) : .deleteLocal(state, local: local))
            } else {
                steps.append(.forget(state))
            }
        }
        let gone = states.filter { localByUID[$0.uid] == nil }.map(\.uid)
        let movedAway = try store.read { try $0.storedUIDs(among: gone) }
        for state in states where !handledHrefs.contains(CalDAV.normalizedPath(state.href)) && !unreadable.contains(state.href) {
            handledUIDs.insert(state.uid)
            if let local = localByUID[state.uid] {
                if changedHere(local, state) { steps.append(.upload(local, state: state, recreate: false)) }
            } else {
                steps.append(.deleteRemote(state, moved: movedAway.contains(state.uid)))
            }
        }
        for reminder in locals where !handledUIDs.contains(reminder.uid) {
            steps.append(.upload(reminder, state: nil, recreate: false))
        }

        // A collection the user may only read: Tick's changes stay in Tick, said once per sync.
        if collection.isReadOnly {
            let kept = steps.filter { step in
                switch step {
                case .upload, .deleteRemote: return true
                default: return false
                }
            }.count
            if kept > 0 {
                report.warnings.append("\(pairing.list.name) is read-only on the server: \(kept) change\(kept == 1 ? "" : "s") made in Tick stay\(kept == 1 ? "s" : "") in Tick only")
            }
            steps.removeAll { step in
                switch step {
                case .upload, .deleteRemote: return true
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
        let synced = max(states.count, 1)
        for (count, side) in [(localDeletions, "in Tick"), (remoteDeletions, "on the server")] where !options.allowsDeletes {
            if count > 20 || (count > 2 && count * 2 > synced) {
                throw SyncError.tooManyDeletions("\(label), list \"\(pairing.list.name)\": this sync would delete \(count) of \(states.count) reminders \(side); nothing was changed. If that is what you want, run it again with --allow-deletes")
            }
        }

        // 4. Apply.
        var done = 0
        var takes: [(item: ServerItem, state: SyncedItem?)] = []
        func flushTakes() throws {
            try take(takes, list: pairing.list, key: key)
            takes.removeAll()
        }
        for step in steps {
            done += 1
            if done % 200 == 0 { progress?("\(pairing.list.name): \(done) of \(steps.count)") }
            if options.isDryRun {
                count(step, in: &listReport)
                continue
            }
            if case .take(let item, let state, let restoring) = step {
                count(step, in: &listReport)
                if restoring {
                    report.conflicts.append(SyncReport.Conflict(listName: pairing.list.name, reminderTitle: item.reminder.title,
                                                                uid: item.reminder.uid, property: "deleted", lostValue: "", loser: "Tick"))
                }
                takes.append((item, state))
                if takes.count >= 200 { try flushTakes() }
                continue
            }
            try flushTakes()
            try apply(step, pairing: pairing, report: &report, list: &listReport)
        }
        try flushTakes()
        if !options.isDryRun {
            var stored = pairing.stored
            stored.syncToken = newToken
            stored.ctag = collection.ctag
            try store.write { try $0.saveSyncedCollection(stored) }
        }
    }

    func count(_ step: Step, in listReport: inout SyncReport.ListReport) {
        switch step {
        case .take(_, let state, let restoring):
            if state == nil || restoring { listReport.localAdded += 1 } else { listReport.localUpdated += 1 }
        case .merge: listReport.localUpdated += 1; listReport.remoteUpdated += 1
        case .deleteLocal: listReport.localDeleted += 1
        case .forget: break
        case .upload(_, let state, let recreate):
            if state == nil || recreate { listReport.remoteAdded += 1 } else { listReport.remoteUpdated += 1 }
        case .deleteRemote, .mergeMoved: listReport.remoteDeleted += 1
        }
    }
}
