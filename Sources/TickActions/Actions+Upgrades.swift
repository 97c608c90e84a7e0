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
    ///   are read as alarms (`KeptAudioAlarms.reading`); only reminders whose kept lines
    ///   mention `AUDIO` are read.
    ///
    /// Not journaled (no `tick undo` takes it back): it changes no reminder's meaning, only how
    /// Tick holds what it already had.
    /// - Returns: the number of reminders changed.
    /// - Throws: `StoreError` from SQLite (then nothing is changed and the flags stay).
    @discardableResult
    public static func runPendingUpgrades(_ store: Store) throws -> Int {
        guard try !store.read({ try $0.pendingUpgrades() }).isEmpty else { return 0 }
        return try store.write { database in
            var changed = 0
            // Read again under the write lock: another process may have made them meanwhile.
            for name in try database.pendingUpgrades() {
                switch name {
                case KeptAudioAlarms.upgradeName:
                    for reminder in try database.reminders(keeping: KeptAudioAlarms.marker) {
                        guard let upgraded = KeptAudioAlarms.reading(reminder) else { continue }
                        try database.update(upgraded)
                        changed += 1
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
}
