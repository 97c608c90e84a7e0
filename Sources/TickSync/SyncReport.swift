import Foundation
import TickModel

/// What one sync did, per list, and what it could not do.
public struct SyncReport: Sendable, Equatable {
    /// One list's counts.
    public struct ListReport: Sendable, Equatable {
        public var listName: String
        public var collectionURL: String
        /// Reminders added, changed and deleted in Tick by the server's changes.
        public var localAdded = 0, localUpdated = 0, localDeleted = 0
        /// Reminders added, changed and deleted on the server by Tick's changes.
        public var remoteAdded = 0, remoteUpdated = 0, remoteDeleted = 0
        /// Reminders that another client moved on the server from another synced calendar
        /// into this one, moved here from their list in Tick (same reminder, same number):
        /// neither added here nor deleted there.
        public var localMovedIn = 0
        /// The names of the lists those reminders came from, each once, in the order met.
        public var movedInFrom: [String] = []
        /// Whether the list or the collection was made by this sync.
        public var createdList = false, createdCollection = false
        /// Whether this sync gave the list the collection's `displayname` or
        /// `calendar-color` (changed on the server), or gave the collection the list's
        /// (changed in Tick; PROPPATCH).
        public var renamedHere = false, recoloredHere = false, renamedOnServer = false, recoloredOnServer = false
        /// The name the renamed side had before (the list's here, the collection's on the server).
        public var formerName: String?

        /// Counts one reminder moved here from the list named `from`.
        mutating func countMoveIn(from: String) {
            localMovedIn += 1
            if !movedInFrom.contains(from) { movedInFrom.append(from) }
        }

        public init(listName: String, collectionURL: String) {
            self.listName = listName
            self.collectionURL = collectionURL
        }

        public var changed: Bool {
            localAdded + localUpdated + localDeleted + localMovedIn + remoteAdded + remoteUpdated + remoteDeleted > 0 || createdList || createdCollection
                || renamedHere || recoloredHere || renamedOnServer || recoloredOnServer
        }
    }

    /// A value both sides changed; the newer change won and this one lost.
    public struct Conflict: Sendable, Equatable {
        public var listName: String
        public var reminderTitle: String
        /// The reminder's UID; nil for a conflict over a list's name or color.
        public var uid: ReminderUID?
        /// `SUMMARY`, `DUE`, `VALARM`, … or `deleted` (an edit won over a deletion).
        public var property: String
        /// The value that lost, as iCalendar content lines.
        public var lostValue: String
        /// Which side's value lost: "Tick" or "the server".
        public var loser: String
        /// When a sync before this one found it (it stopped before its report was shown:
        /// killed, or failed on a later list); nil when this run found it.
        public var foundEarlier: Date? = nil
    }

    public var account: String
    public var lists: [ListReport] = []
    public var conflicts: [Conflict] = []
    /// Items that could not be synced and why (the sync went on with the others).
    public var warnings: [String] = []
    /// Lists paired with a calendar that the account's `lists` no longer names: not synced,
    /// their pairing kept for when they are named again (`SyncAccount.keeps`).
    public var leftOut: [String] = []
    /// The conflict journal's last row among `conflicts` (table `sync_conflict`): once the
    /// report is shown, `SyncEngine.markShown(_:)` marks them up to it, so that the next
    /// report does not show them again. Nil for a dry run, or when there were none.
    public var conflictsJournaledThrough: Int64?
    /// HTTP requests sent.
    public var requests = 0
    public var isDryRun = false

    public init(account: String) { self.account = account }
}
