import Foundation
import TickInterchange
import TickModel
import TickStore

extension Actions {
    /// Makes the changes to stored data that the schema's steps flagged and SQL alone cannot
    /// make (SQLite schema 16, `Database.pendingUpgrades`), all in one write transaction with
    /// the removal of their flags, so that each is made once and wholly or not at all. The
    /// front ends call it right after opening a store, before anything reads reminders.
    ///
    /// - `kept audio alarms`: the `ACTION:AUDIO` VALARMs a Tick before schema 16 kept verbatim
    ///   are read as alarms (`readingKeptAudioAlarms`); only reminders whose kept lines mention
    ///   `AUDIO` are read, and so are their copies in the change journal, so that `tick undo`
    ///   of a change made before puts back the alarms and finds nothing "changed since".
    ///
    /// Not journaled (no `tick undo` takes it back): it changes no reminder's meaning, only how
    /// Tick holds what it already had; for the same reason a reminder's revision stays as it
    /// was, so that `tick sync` sends nothing for it (a tester: every such reminder was sent
    /// again, and those deleted on a phone meanwhile came back as "changed here").
    /// - Parameters:
    ///   - now: the upgrade's time: an alarm already past then is marked fired without ringing,
    ///     as an import marks one.
    ///   - zone: the user's zone, for the instants of floating and all-day alarms.
    /// - Returns: the number of reminders changed.
    /// - Throws: `StoreError` from SQLite (then nothing is changed and the flags stay).
    @discardableResult
    public static func runPendingUpgrades(_ store: Store, now: Date, zone: TimeZone) throws -> Int {
        guard try !store.read({ try $0.pendingUpgrades() }).isEmpty else { return 0 }
        return try store.write { database in
            var changed = 0
            // Read again under the write lock: another process may have made them meanwhile.
            for name in try database.pendingUpgrades() {
                switch name {
                case KeptAudioAlarms.upgradeName:
                    for reminder in try database.reminders(keeping: KeptAudioAlarms.marker) {
                        guard let upgraded = readingKeptAudioAlarms(reminder, now: now, zone: zone) else { continue }
                        let revision = try database.revision(uid: reminder.uid)
                        try database.update(upgraded)
                        if let revision { try database.setRevision(ofReminder: reminder.number, to: revision) }
                        changed += 1
                    }
                    for copy in try database.journaledReminders(keeping: KeptAudioAlarms.marker) {
                        guard let upgraded = readingKeptAudioAlarms(copy.reminder, now: now, zone: zone) else { continue }
                        try database.replaceJournaledAlarms(change: copy.change, phase: copy.phase, with: upgraded)
                    }
                default:
                    // Not this version's: the schema check refuses a newer database, so it is
                    // a name an older step used and no longer needs.
                    break
                }
                try database.finishUpgrade(name)
            }
            return changed
        }
    }

    /// `KeptAudioAlarms.reading(reminder)`, with the fired state of each alarm it read set as
    /// an import sets it (`BatchImporter`): an `ACKNOWLEDGED` earlier than the instant the alarm
    /// rings for does not cover it (RFC 9074 §6; a tester: such an alarm never rang after the
    /// upgrade), and one already due by `now` in `zone` is marked fired then without ringing
    /// (`Alarm.isSilenced`; a tester's upgraded database rang "3 missed reminders" from 1998).
    public static func readingKeptAudioAlarms(_ reminder: Reminder, now: Date, zone: TimeZone) -> Reminder? {
        guard var upgraded = KeptAudioAlarms.reading(reminder) else { return nil }
        let before = Set(reminder.alarms.map(\.uid))
        var read = upgraded
        read.alarms = upgraded.alarms.filter { !before.contains($0.uid) }
        BatchImporter.rearmAcknowledgedBeforeRinging(&read, in: zone)
        BatchImporter.silenceArrivedPast(&read, keepingPendingOf: nil, at: now, in: zone)
        let byUID = Dictionary(read.alarms.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
        for index in upgraded.alarms.indices {
            if let alarm = byUID[upgraded.alarms[index].uid] { upgraded.alarms[index] = alarm }
        }
        return upgraded
    }
}
