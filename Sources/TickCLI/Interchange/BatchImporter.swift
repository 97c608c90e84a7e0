import Foundation
import TickModel
import TickStore
import TickInterchange

/// Saves an `ImportBatch`: lists matched by name or created, reminders inserted, or
/// updated in place when their UID is already in the database (so importing a file
/// twice never duplicates). Runs inside the caller's write transaction: all or nothing.
///
/// A stored reminder changed after the time the file says its copy was last changed
/// (`ImportedReminder.statesModification`: iCalendar `LAST-MODIFIED`, Taskwarrior
/// `modified`, an archive's `modifiedAt`; compared to the second) is left as it is and
/// counted in `keptNewer`; a file that gives no such time wins.
struct BatchImporter {
    /// What an import did.
    struct Summary: Sendable {
        var added = 0
        var updated = 0
        var unchanged = 0
        /// Reminders left as stored because they changed after the file's copy.
        var keptNewer = 0
        var createdLists: [String] = []
        var listNames: Set<String> = []
    }

    let now: Date
    /// Where reminders without a list go: the `--list` option, else the default list.
    let fallbackListName: String?
    /// The user's zone, for the ring time of alarms on all-day and floating dates.
    let zone: TimeZone
    /// Keep numbers (when free) and positions from the file: restoring a Tick archive.
    var restoresArchive = false

    /// Above this many reminders the search index is rebuilt once instead of row by row.
    static let bulkThreshold = 5_000

    func apply(_ batch: ImportBatch, to db: Database) throws -> Summary {
        if batch.reminders.count >= BatchImporter.bulkThreshold {
            // Index pages are touched all over the file: keep them in memory for the import.
            try db.setCacheSize(mebibytes: 64)
            return try db.deferringSearchIndex { try applyRows(batch, to: db) }
        }
        return try applyRows(batch, to: db)
    }

    private func applyRows(_ batch: ImportBatch, to db: Database) throws -> Summary {
        var summary = Summary()
        var listsByName: [String: ReminderList] = [:]
        func key(_ name: String) -> String { name.trimmingWhiteSpace().lowercased() }

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
            let stored = try db.insert(list)
            summary.createdLists.append(stored.name)
            listsByName[key(name)] = stored
            return stored
        }

        let fallback = try db.targetList(named: fallbackListName)
        listsByName[key(fallback.name)] = fallback
        for template in batch.lists { _ = try resolve(template.name, template: template) }

        // New reminders are saved together at the end, many per statement (see
        // Database.insert(contentsOf:)); a UID met twice in the batch keeps the later one.
        var pending: [Reminder] = []
        var pendingIndex: [String: Int] = [:]
        pending.reserveCapacity(batch.reminders.count)
        pendingIndex.reserveCapacity(batch.reminders.count)
        // The list of each name met, so that a big batch resolves each name once.
        var listForName: [String: ReminderList] = [:]
        // UIDs that may be stored: asked for all at once, then grown by what is saved
        // below, so only these need `db.reminder(uid:)`.
        var storedUIDs = try db.storedUIDs(among: batch.reminders.map(\.reminder.uid))
        for item in batch.reminders {
            let list: ReminderList
            if let name = item.listName, fallbackListName == nil, let known = listForName[name] {
                list = known
            } else if let name = item.listName, !name.isBlank, fallbackListName == nil {
                list = try resolve(name, template: batch.lists.first { key($0.name) == key(name) })
                listForName[name] = list
            } else {
                list = fallback
            }
            summary.listNames.insert(list.name)
            var reminder = item.reminder
            reminder.listID = list.id
            if storedUIDs.contains(reminder.uid), var existing = try db.reminder(uid: reminder.uid) {
                if item.statesModification, BatchImporter.wholeSeconds(existing.modifiedAt) > BatchImporter.wholeSeconds(reminder.modifiedAt) {
                    summary.keptNewer += 1
                    continue
                }
                reminder.number = existing.number
                reminder.position = existing.position
                // An older export must not bring back completed occurrences or rung alarms.
                reminder = try db.mergingSchedule(of: reminder, into: existing)
                // A file that gives no creation or completion date gets the import time from
                // its reader; on a re-import the stored date stands, and a made-up
                // modification time alone is no change.
                if reminder.createdAt == now { reminder.createdAt = existing.createdAt }
                if reminder.completedAt == now, existing.completedAt != nil { reminder.completedAt = existing.completedAt }
                var compared = reminder
                if compared.modifiedAt == now { compared.modifiedAt = existing.modifiedAt }
                // Files hold times to the second; the stored ones may have a fraction
                // (the time of an earlier import).
                if BatchImporter.sameSecond(compared.createdAt, existing.createdAt) { compared.createdAt = existing.createdAt }
                if BatchImporter.sameSecond(compared.modifiedAt, existing.modifiedAt) { compared.modifiedAt = existing.modifiedAt }
                if let done = compared.completedAt, let stored = existing.completedAt, BatchImporter.sameSecond(done, stored) {
                    compared.completedAt = stored
                }
                // Whether a fired alarm rang or was silenced is Tick's own note; iCalendar
                // keeps only that it fired (ACKNOWLEDGED).
                for index in compared.alarms.indices {
                    guard let stored = existing.alarms.first(where: { $0.uid == compared.alarms[index].uid }),
                          let storedFired = stored.firedAt, let fired = compared.alarms[index].firedAt,
                          BatchImporter.sameSecond(storedFired, fired) else { continue }
                    compared.alarms[index].firedAt = storedFired
                    compared.alarms[index].isSilenced = stored.isSilenced
                }
                // What an export adds or reorders (DTSTAMP, SEQUENCE, X-APPLE-SORT-ORDER) is
                // no change: a fresh export imported back must leave everything as it was.
                if ICalendarKeptLines.sayTheSame(compared.iCalendarExtras, existing.iCalendarExtras) {
                    compared.iCalendarExtras = existing.iCalendarExtras
                }
                // Keep the stored position unless the list changed (then update() appends).
                if compared == existing {
                    summary.unchanged += 1
                    continue
                }
                BatchImporter.silenceArrivedPast(&reminder, keepingPendingOf: existing, at: now, in: zone)
                existing = reminder
                try db.update(existing)
                summary.updated += 1
                continue
            }
            BatchImporter.silenceArrivedPast(&reminder, keepingPendingOf: nil, at: now, in: zone)
            if restoresArchive {
                try db.insert(reminder, keepingNumber: true, keepingPosition: item.hasPosition)
                storedUIDs.insert(reminder.uid)
                summary.added += 1
            } else if let index = pendingIndex[reminder.uid] {
                pending[index] = reminder
            } else {
                pendingIndex[reminder.uid] = pending.count
                pending.append(reminder)
                summary.added += 1
            }
        }
        try db.insert(contentsOf: pending)
        return summary
    }

    /// Seconds since 1970, rounded down: files hold modification times to the second.
    static func wholeSeconds(_ date: Date) -> Double { date.timeIntervalSince1970.rounded(.down) }

    /// Whether two times fall in the same second.
    static func sameSecond(_ a: Date, _ b: Date) -> Bool { wholeSeconds(a) == wholeSeconds(b) }

    /// Marks the alarms of an imported reminder whose ring time is already past as
    /// fired without ringing, as `tick add` does: an alarm that was due before the
    /// reminder arrived does not ring (an export from years ago must not bring a pile of
    /// "missed" alarms). An alarm `existing` already had pending at the same instant was
    /// missed while the reminder was here, so it stays pending for the agent.
    static func silenceArrivedPast(_ reminder: inout Reminder, keepingPendingOf existing: Reminder?,
                                   at now: Date, in zone: TimeZone) {
        let known = existing.map { stored in
            stored.pendingAlarms(in: zone).map { (uid: $0.alarm.uid, date: $0.date) }
        } ?? []
        for index in reminder.alarms.indices where reminder.alarms[index].firedAt == nil {
            guard let date = reminder.fireDate(of: reminder.alarms[index], in: zone), date <= now else { continue }
            let uid = reminder.alarms[index].uid
            if known.contains(where: { $0.uid == uid && $0.date == date }) { continue }
            reminder.alarms[index].firedAt = now
            reminder.alarms[index].isSilenced = true
        }
    }
}
