import Foundation
import TickInterchange
import TickModel
import TickStore

/// What `tick undo` took back: the change, and the reminders and lists it put back.
public struct UndoResult: Sendable, Equatable {
    /// The change undone (with its `undoneAt` set).
    public var change: JournalChange
    /// Reminders the change had deleted, stored again.
    public var restored: [Reminder] = []
    /// Reminders the change had added, deleted again (as they were).
    public var removed: [Reminder] = []
    /// Reminders the change had edited, as they are now with its fields put back.
    public var reverted: [Reminder] = []
    /// Lists the change had deleted, stored again.
    public var listsRestored: [ReminderList] = []
    /// Lists the change had added, deleted again.
    public var listsRemoved: [ReminderList] = []
    /// Lists the change had renamed, recolored or moved, as they are now.
    public var listsReverted: [ReminderList] = []
}

/// A part of a reminder that undo puts back whole, and compares to find a later change.
enum UndoField: String, CaseIterable {
    case title, notes
    case due = "due date"
    case start = "start date"
    case priority, flag, completion
    /// The list and the place in it.
    case place = "list"
    case parent, tags
    case url = "URL"
    case recurrence = "repeat"
    case alarms
    case extras = "iCalendar properties"

    /// Whether `a` and `b` hold the same value of this field. Alarms compare without
    /// their delivery state (which alarm rang), so an alarm ringing since is no conflict.
    func isSame(_ a: Reminder, _ b: Reminder) -> Bool {
        switch self {
        case .title: a.title == b.title
        case .notes: a.notes == b.notes
        case .due: a.due == b.due
        case .start: a.start == b.start
        case .priority: a.priority == b.priority
        case .flag: a.isFlagged == b.isFlagged
        case .completion: a.completedAt == b.completedAt
        case .place: a.listID == b.listID && a.position == b.position
        case .parent: a.parentUID == b.parentUID
        case .tags: a.tags == b.tags
        case .url: a.url == b.url
        case .recurrence: a.recurrence == b.recurrence && a.recurrenceBasis == b.recurrenceBasis
        case .alarms: UndoField.shapes(a.alarms) == UndoField.shapes(b.alarms)
        // Without the stamps every revision moves on (`ICalendarStamps`); `Actions.revert` sets them.
        case .extras: ICalendarStamps.withoutStamps(a.iCalendarExtras) == ICalendarStamps.withoutStamps(b.iCalendarExtras)
        }
    }

    /// Whether `current` still holds the value the change left in `after`. A reminder
    /// moved inside its list since (another reminder's move renumbers its neighbours)
    /// still holds it: only its list counts.
    func isHeld(by current: Reminder, after: Reminder) -> Bool {
        self == .place ? current.listID == after.listID : isSame(current, after)
    }

    /// Writes this field of `source` into `reminder`.
    func copy(from source: Reminder, to reminder: inout Reminder) {
        switch self {
        case .title: reminder.title = source.title
        case .notes: reminder.notes = source.notes
        case .due: reminder.due = source.due
        case .start: reminder.start = source.start
        case .priority: reminder.priority = source.priority
        case .flag: reminder.isFlagged = source.isFlagged
        case .completion: reminder.completedAt = source.completedAt
        case .place:
            reminder.listID = source.listID
            reminder.position = source.position
        case .parent: reminder.parentUID = source.parentUID
        case .tags: reminder.tags = source.tags
        case .url: reminder.url = source.url
        case .recurrence:
            reminder.recurrence = source.recurrence
            reminder.recurrenceBasis = source.recurrenceBasis
        case .alarms: reminder.alarms = source.alarms
        case .extras: reminder.iCalendarExtras = source.iCalendarExtras
        }
    }

    /// A reminder that changed since in a field undo would put back.
    struct Conflict: Error {
        var message: String
    }

    /// `current` with the fields a change turned from `before` into `after` put back to
    /// their `before` values; a conflict naming the fields when `current` no longer holds
    /// their `after` values (something changed them since).
    static func reverting(_ current: Reminder, from after: Reminder, to before: Reminder) -> Result<Reminder, Conflict> {
        var reverted = current
        var changedSince: [String] = []
        for field in UndoField.allCases where !field.isSame(before, after) {
            // A parent link holds within one list: a subtask moved to another list since is
            // left where it is, not linked back to its old parent (a tester).
            if field == .parent, before.parentUID != nil, current.listID != before.listID { continue }
            if field.isHeld(by: current, after: after) {
                field.copy(from: before, to: &reverted)
            } else {
                changedSince.append(field.rawValue)
            }
        }
        guard changedSince.isEmpty else {
            return .failure(Conflict(message: "\(current.number) \(current.title.quotedForUndo): its \(changedSince.joined(separator: ", ")) changed since"))
        }
        // The same alarms with another delivery state: the change armed them again for a date
        // it set (an edit of the due date, `done` of a repeating reminder). With nothing rung
        // since, their state comes back with the date (a tester: an alarm silenced because its
        // time had passed rang "Overdue" after the undo of an edit that had moved it on).
        if before.alarms != after.alarms, shapes(before.alarms) == shapes(after.alarms), reverted.alarms == after.alarms {
            reverted.alarms = before.alarms
        }
        return .success(reverted)
    }

    private struct AlarmShape: Equatable {
        var uid: String
        var trigger: Alarm.Trigger
        var isSnooze: Bool
        var isExactOffset: Bool
    }

    private static func shapes(_ alarms: [Alarm]) -> [AlarmShape] {
        alarms.map { AlarmShape(uid: $0.uid, trigger: $0.trigger, isSnooze: $0.isSnooze, isExactOffset: $0.isExactOffset) }
    }
}

extension Actions {
    /// The changes `tick undo` can take back, newest first (at most `limit`; with
    /// `includingUndone`, also the ones already undone).
    /// - Throws: `StoreError` from SQLite.
    public func undoableChanges(limit: Int = Int(Database.journalDepth), includingUndone: Bool = false) throws -> [JournalChange] {
        try store.read { db in try db.journalChanges(limit: limit, includingUndone: includingUndone) }
    }

    /// Takes back one journaled change (the newest not yet undone when `id` is nil) in one
    /// transaction: reminders and lists it deleted come back with their numbers, places,
    /// completed occurrences and calendar pairings; the ones it added are deleted; fields
    /// it edited get their values back. A field, reminder or list changed since by anything
    /// else (another command, the UI, sync, the server) is never overwritten: then nothing
    /// is undone and the error names each conflict.
    /// - Throws: `ActionError.nothingToUndo`, `.changeNotFound(id)`, `.changeAlreadyUndone`,
    ///   `.undoConflicts`; `StoreError` from SQLite.
    public func undo(_ id: Int64? = nil) throws -> UndoResult {
        try store.write { db in try Actions.undo(id, context: context, in: db) }
    }

    /// `undo(_:)` inside the caller's write transaction `db`.
    public static func undo(_ id: Int64?, context: ActionContext, in db: some JournalStore) throws -> UndoResult {
        let change: JournalChange
        if let id {
            guard let found = try db.journalChanges(limit: Int(JournalChange.depth), includingUndone: true)
                .first(where: { $0.id == id }) else { throw ActionError.changeNotFound(id) }
            guard found.undoneAt == nil else { throw ActionError.changeAlreadyUndone(id: id, command: found.command) }
            change = found
        } else {
            guard let newest = try db.journalChanges(limit: 1, includingUndone: false).first else { throw ActionError.nothingToUndo }
            change = newest
        }
        var undo = UndoPlan(change: change, context: context)
        try undo.check(lists: try db.journaledLists(of: change.id), reminders: try db.journaledReminders(of: change.id), in: db)
        undo.conflicts += try db.laterChangesToJournaledRecords(of: change.id)
        guard undo.conflicts.isEmpty else {
            throw ActionError.undoConflicts(id: change.id, command: change.command, conflicts: undo.conflicts)
        }
        var result = try undo.apply(in: db)
        try db.markUndone(change.id, at: context.now)
        result.change.undoneAt = context.now
        return result
    }
}

/// The steps of one undo, checked before any is taken.
private struct UndoPlan {
    let change: JournalChange
    let context: ActionContext
    var conflicts: [String] = []

    private var listsToRestore: [ReminderList] = []
    private var listsToRevert: [(current: ReminderList, fields: ReminderList)] = []
    private var listsToRemove: [ReminderList] = []
    private var remindersToRestore: [(Reminder, revision: Int64?)] = []
    private var remindersToRevert: [Reminder] = []
    private var remindersToRemove: [Reminder] = []

    init(change: JournalChange, context: ActionContext) {
        self.change = change
        self.context = context
    }

    mutating func check(lists: [JournaledList], reminders: [JournaledReminder], in db: some JournalStore) throws {
        for entry in lists {
            let current = try db.list(id: entry.id)
            switch (entry.before, entry.after) {
            case (nil, let after?):
                guard let current else { continue }
                if current.name != after.name || current.color != after.color {
                    conflicts.append("the list '\(current.name)' was changed since")
                } else {
                    listsToRemove.append(current)
                }
            case (let before?, nil):
                guard current == nil else { continue }
                if let other = try db.list(named: before.name) {
                    conflicts.append("the deleted list '\(before.name)' cannot come back: a list named '\(other.name)' exists now")
                } else {
                    listsToRestore.append(before)
                }
            case (let before?, let after?):
                guard let current else {
                    conflicts.append("the list '\(after.name)' was deleted since")
                    continue
                }
                var reverted = current
                var changed: [String] = []
                if before.name != after.name {
                    if current.name == after.name { reverted.name = before.name } else { changed.append("name") }
                }
                if before.color != after.color {
                    if current.color == after.color { reverted.color = before.color } else { changed.append("color") }
                }
                if before.iCalendarExtras != after.iCalendarExtras {
                    if current.iCalendarExtras == after.iCalendarExtras { reverted.iCalendarExtras = before.iCalendarExtras } else { changed.append("properties") }
                }
                reverted.position = before.position
                if !changed.isEmpty {
                    conflicts.append("the list '\(current.name)': its \(changed.joined(separator: " and ")) changed since")
                } else if reverted != current {
                    if reverted.name != current.name, let other = try db.list(named: reverted.name), other.id != current.id {
                        conflicts.append("the list '\(current.name)' cannot be renamed back: a list named '\(other.name)' exists now")
                    } else {
                        listsToRevert.append((current, reverted))
                    }
                }
            case (nil, nil):
                continue
            }
        }
        for entry in reminders {
            let current = try db.reminder(number: entry.number)
            // A member's undo in a shared list, of a reminder the owner moved to a list not
            // shared with them: it is not gone (an add's undo said "undone" and took nothing
            // back, an edit's said "deleted since"; a tester).
            if current == nil, try db.isOutOfSight(reminder: entry.number) {
                // Named by the title the change saw (an add's is not journaled: its number alone;
                // its title now may be the owner's, in a list of hers).
                let named = ((entry.after ?? entry.before)?.title).map { "\(entry.number) \($0.quotedForUndo)" } ?? "\(entry.number)"
                conflicts.append("\(named) was moved since to another list of the owner's")
                continue
            }
            if let before = entry.before {
                if let after = entry.after {
                    guard let current else {
                        conflicts.append("\(entry.number) \(after.title.quotedForUndo) was deleted since")
                        continue
                    }
                    checkRevert(before: before, after: after, current: current)
                } else if current == nil {
                    if let other = try db.reminder(uid: before.uid) {
                        conflicts.append("\(before.number) \(before.title.quotedForUndo) cannot come back: \(other.number) has its UID now")
                    } else {
                        remindersToRestore.append((before, entry.beforeRevision))
                    }
                }
            } else if entry.existedAfter, let current {
                if try db.revision(uid: current.uid) == entry.afterRevision
                    || isBackAsMade(current, afterRevision: entry.afterRevision, in: db) {
                    remindersToRemove.append(current)
                } else {
                    conflicts.append("\(current.number) \(current.title.quotedForUndo) was changed since")
                }
            }
        }
        let removedLists = Set(listsToRemove.map(\.id))
        let keptLists = Set(listsToRestore.map(\.id))
        for (reminder, _) in remindersToRestore where !keptLists.contains(reminder.listID) {
            if try db.list(id: reminder.listID) == nil || removedLists.contains(reminder.listID) {
                conflicts.append("\(reminder.number) \(reminder.title.quotedForUndo) cannot come back: its list was deleted since")
            }
        }
        for reminder in remindersToRevert {
            let listExists = try db.list(id: reminder.listID) != nil
            if removedLists.contains(reminder.listID) || (!listExists && !keptLists.contains(reminder.listID)) {
                conflicts.append("\(reminder.number) \(reminder.title.quotedForUndo) cannot go back: its list was deleted since")
            }
        }
    }

    /// The later changes' entries of each reminder they touched, oldest change first, with
    /// whether each change was undone: read once per plan, when a reminder the change added
    /// has another revision now.
    private var laterEntries: [Reminder.Number: [(undone: Bool, entry: JournaledReminder)]]?

    /// Whether `current`, which this change added and whose revision moved since, is back as
    /// the change left it: every later change that touched it was undone, the first of them
    /// found it as this change left it (the same revision), and its fields are those again.
    /// Found by a tester: `tick add X; tick edit 1 --title Y; tick undo; tick undo` refused the
    /// second undo ("#1 was changed since"), as undoing the edit moves the revision on.
    private mutating func isBackAsMade(_ current: Reminder, afterRevision: Int64?, in db: some JournalStore) throws -> Bool {
        if laterEntries == nil {
            var found: [Reminder.Number: [(undone: Bool, entry: JournaledReminder)]] = [:]
            let later = try db.journalChanges(limit: Int(Database.journalDepth) * 2, includingUndone: true)
                .filter { $0.id > change.id }.sorted { $0.id < $1.id }
            for laterChange in later {
                for entry in try db.journaledReminders(of: laterChange.id) {
                    found[entry.number, default: []].append((laterChange.undoneAt != nil, entry))
                }
            }
            laterEntries = found
        }
        guard let entries = laterEntries?[current.number], let first = entries.first,
              entries.allSatisfy(\.undone), let before = first.entry.before,
              first.entry.beforeRevision == afterRevision else { return false }
        return UndoField.allCases.allSatisfy { $0.isSame(before, current) }
    }

    /// Plans putting back the fields the change wrote (where `before` and `after`
    /// differ), refusing those that changed again since (`current` differs from `after`).
    private mutating func checkRevert(before: Reminder, after: Reminder, current: Reminder) {
        switch UndoField.reverting(current, from: after, to: before) {
        case .success(let reverted):
            if reverted != current { remindersToRevert.append(reverted) }
        case .failure(let conflict):
            conflicts.append(conflict.message)
        }
    }

    func apply(in db: some JournalStore) throws -> UndoResult {
        var result = UndoResult(change: change)
        for list in listsToRestore {
            result.listsRestored.append(try db.insert(list, keepingPosition: true))
        }
        for (current, reverted) in listsToRevert {
            var stored = reverted
            stored.modifiedAt = context.now
            if stored.name != current.name || stored.color != current.color || stored.iCalendarExtras != current.iCalendarExtras {
                try db.update(stored)
            }
            if stored.position != current.position { try db.setPosition(ofList: stored.id, to: stored.position) }
            result.listsReverted.append(stored)
        }
        for (reminder, revision) in remindersToRestore {
            let stored = try db.insert(reminder, keepingNumber: true, keepingPosition: true)
            if let revision { try db.setRevision(ofReminder: stored.number, to: revision) }
            result.restored.append(stored)
        }
        for reminder in remindersToRevert {
            result.reverted.append(try Actions.revert(reminder.number, to: reminder, context: context, in: db))
        }
        for reminder in remindersToRemove {
            try db.deleteReminder(reminder.number)
            result.removed.append(reminder)
        }
        for list in listsToRemove {
            let left = try db.reminderCount(inList: list.id)
            if left > 0 {
                throw ActionError.undoConflicts(id: change.id, command: change.command,
                                                conflicts: ["the list '\(list.name)' holds \(left) reminder\(left == 1 ? "" : "s") added since"])
            }
            try db.deleteList(list.id)
            result.listsRemoved.append(list)
        }
        try db.restoreJournaledRecords(of: change.id)
        return result
    }
}

extension Actions {
    /// Takes back one edit that turned a reminder from `before` into `after` (the undo of
    /// a front end that keeps its own history, as the server does): the fields the edit
    /// wrote get their `before` values, the others keep what is stored now.
    /// - Returns: the reminder as stored.
    /// - Throws: `ActionError.undoConflicts` (with `id` 0 and `command` naming the edit)
    ///   when a field the edit wrote was changed since by anything else; then nothing is
    ///   written. `ActionError.reminderNotFound` when it was deleted since; `.listGone`.
    public static func revertEdit(from before: Reminder, to after: Reminder, named command: String,
                                  context: ActionContext, in db: some StoreTransaction) throws -> Reminder {
        let current = try db.existingReminder(after.number)
        switch UndoField.reverting(current, from: after, to: before) {
        case .success(let reverted):
            guard reverted != current else { return current }
            return try Actions.revert(current.number, to: reverted, context: context, in: db)
        case .failure(let conflict):
            throw ActionError.undoConflicts(id: 0, command: command, conflicts: [conflict.message])
        }
    }
}

extension String {
    /// The title in quotation marks, as undo's messages name a reminder.
    fileprivate var quotedForUndo: String { "“" + self + "”" }
}
