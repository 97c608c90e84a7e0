import Foundation

/// One change in the journal: one command that changed data.
public struct JournalChange: Sendable, Equatable {
    /// Its id (grows with every change).
    public var id: Int64
    /// When the command ran.
    public var madeAt: Date
    /// The command line (`tick delete 3 4`).
    public var command: String
    /// When it was undone, or nil.
    public var undoneAt: Date?
    /// What it did, counted.
    public var summary: JournalSummary

    /// How many changes a store's journal keeps (the newest ones).
    public static let depth: Int64 = 100

    public init(id: Int64, madeAt: Date, command: String, undoneAt: Date?, summary: JournalSummary) {
        self.id = id
        self.madeAt = madeAt
        self.command = command
        self.undoneAt = undoneAt
        self.summary = summary
    }
}

/// What one journaled change did, counted by kind: reminders and lists it added,
/// deleted and changed.
public struct JournalSummary: Sendable, Equatable {
    public var remindersAdded = 0
    public var remindersDeleted = 0
    public var remindersChanged = 0
    public var listsAdded = 0
    public var listsDeleted = 0
    public var listsChanged = 0

    public init() {}
}

/// A reminder one change touched: as it was before the change and as it was when the
/// change ended.
public struct JournaledReminder: Sendable, Equatable {
    public var number: Reminder.Number
    /// As it was before; nil when the change created it.
    public var before: Reminder?
    /// Its `revision` before (with `before`).
    public var beforeRevision: Int64?
    /// As it was when the change ended; nil when the change deleted it, and when the
    /// change created it (then only `afterRevision` is kept).
    public var after: Reminder?
    /// Whether it existed when the change ended.
    public var existedAfter: Bool
    /// Its `revision` when the change ended, when it existed.
    public var afterRevision: Int64?

    public init(number: Reminder.Number, before: Reminder?, beforeRevision: Int64?, after: Reminder?, existedAfter: Bool,
                afterRevision: Int64?) {
        self.number = number
        self.before = before
        self.beforeRevision = beforeRevision
        self.after = after
        self.existedAfter = existedAfter
        self.afterRevision = afterRevision
    }
}

/// A list one change touched, before and after the change (nil where it did not exist).
public struct JournaledList: Sendable, Equatable {
    public var id: ReminderList.ID
    public var before: ReminderList?
    public var after: ReminderList?

    public init(id: ReminderList.ID, before: ReminderList?, after: ReminderList?) {
        self.id = id
        self.before = before
        self.after = after
    }
}

/// What undo (`Actions.undo`) asks of a store besides its lists and reminders: the change
/// journal, in which each change a person made (a command, a request of `tick serve`) is
/// one entry with the first state of every row it touched and the state it left it in.
/// SQLite's `Database` (one file's journal) and PostgreSQL's `PostgresDatabase` (one user's
/// journal: the changes that user made in their own lists) conform.
public protocol JournalStore: StoreTransaction {
    /// The newest `limit` changes, newest first; undone ones only when `includingUndone`.
    func journalChanges(limit: Int, includingUndone: Bool) throws -> [JournalChange]
    /// The reminders change `change` touched, by number.
    func journaledReminders(of change: Int64) throws -> [JournaledReminder]
    /// The lists change `change` touched.
    func journaledLists(of change: Int64) throws -> [JournaledList]
    /// The newest change not undone that deleted the reminder `uid` (what puts it back).
    func changeDeleting(uid: ReminderUID) throws -> Int64?
    /// The reminder's revision: a number that changes with every change of it that a
    /// calendar client sees (not its place alone), compared by undo with the one the change
    /// left, so that a later change is never overwritten.
    func revision(uid: ReminderUID) throws -> Int64?
    /// Gives a reminder put back by undo the revision it had, where the store keeps one.
    func setRevision(ofReminder number: Reminder.Number, to revision: Int64) throws
    /// Puts the list `id` back at `position` exactly (undo), the others keeping theirs.
    func setPosition(ofList id: ReminderList.ID, to position: Int) throws
    /// Puts back the rows of `change` that are not reminders or lists (completed
    /// occurrences, alarm deliveries, calendar pairings), deleting the ones it added.
    func restoreJournaledRecords(of change: Int64) throws
    /// Marks `change` undone at `date`.
    func markUndone(_ change: Int64, at date: Date) throws
    /// Why the rows of `change` that are not reminders or lists cannot be put back: one
    /// sentence for each that a later change, not undone, touched again (a share the owner
    /// changed or ended after a member left the list), whoever made it. Empty when none did.
    func laterChangesToJournaledRecords(of change: Int64) throws -> [String]
    /// Whether the reminder `number` exists but lies out of this transaction's sight (in
    /// another list of the owner's than the shared one the member undoes through, shared with
    /// them or not): undo must refuse, not take it for deleted. Always false where a
    /// transaction sees every list.
    func isOutOfSight(reminder number: Reminder.Number) throws -> Bool
}

extension JournalStore {
    /// None: a store whose other rows (completed occurrences, alarm deliveries) follow their
    /// reminder, which undo checks itself.
    public func laterChangesToJournaledRecords(of change: Int64) throws -> [String] { [] }

    /// False: the transaction sees every list.
    public func isOutOfSight(reminder number: Reminder.Number) throws -> Bool { false }
}
