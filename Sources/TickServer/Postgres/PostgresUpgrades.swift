import Foundation
import TickActions
import TickInterchange
import TickModel
import TickPostgres

/// The changes to stored data that PostgreSQL's schema steps flagged and SQL alone cannot
/// make (step 15, `pending_upgrades`), made by `tick serve --database` when it starts: what
/// `Actions.runPendingUpgrades` is for SQLite.
public enum PostgresUpgrades {
    /// Makes every pending change, for every user, in one serializable transaction with the
    /// removal of their flags: made once, wholly or not at all (a second server starting at the
    /// same time finds them made, or loses the race and runs again to find so).
    ///
    /// - `kept audio alarms`: the `ACTION:AUDIO` VALARMs an older Tick kept verbatim become
    ///   alarms (`Actions.readingKeptAudioAlarms`: one already past at `now` in `zone` is
    ///   marked fired without ringing), on the reminders whose kept lines mention `AUDIO`.
    ///
    /// Not journaled: no undo takes it back. The change journals' copies are upgraded the same
    /// way, so that an undo of a change made before puts back the alarms.
    /// - Returns: the number of reminders changed.
    /// - Throws: `PostgresError` from the server (then nothing is changed and the flags stay).
    @discardableResult
    public static func run(_ pool: PostgresPool, now: Date, zone: TimeZone) throws -> Int {
        try pool.withConnection { connection in
            guard try !connection.pendingUpgrades().isEmpty else { return 0 }
            return try connection.transaction(.serializable) { connection in
                var changed = 0
                for name in try connection.pendingUpgrades() {
                    if name == KeptAudioAlarms.upgradeName {
                        for owner in try connection.owners(keeping: KeptAudioAlarms.marker) {
                            let database = PostgresDatabase(connection: connection, user: owner)
                            for reminder in try database.reminders(keeping: KeptAudioAlarms.marker) {
                                guard let upgraded = Actions.readingKeptAudioAlarms(reminder, now: now, zone: zone) else { continue }
                                try database.update(upgraded)
                                changed += 1
                            }
                        }
                        for copy in try connection.journaledReminders(keeping: KeptAudioAlarms.marker) {
                            guard let upgraded = Actions.readingKeptAudioAlarms(copy.reminder, now: now, zone: zone) else { continue }
                            try connection.replaceJournaledAlarms(owner: copy.owner, change: copy.change, phase: copy.phase, with: upgraded)
                        }
                    }
                    try connection.finishUpgrade(name)
                }
                return changed
            }
        }
    }
}
