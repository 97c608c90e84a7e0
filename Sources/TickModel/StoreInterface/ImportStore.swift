/// What saving an import batch (`Actions.importBatch`: a file, a sync, a CalDAV PUT) asks
/// of a store inside one write transaction, besides `StoreTransaction`: lookups and inserts
/// of many reminders at once. Errors are the store's (see ``ListStore``).
public protocol ImportStore: StoreTransaction {
    /// Which of `uids` name a stored reminder (repeats allowed).
    /// - Complexity: O(n log m) for n UIDs among m stored reminders.
    func storedUIDs(among uids: [ReminderUID]) throws -> Set<ReminderUID>

    /// Whether any reminder is stored (on PostgreSQL, of the user's).
    /// - Complexity: O(1) (the first row of an index).
    func holdsReminders() throws -> Bool

    /// Which of `numbers` are stored reminders' numbers.
    /// - Complexity: O(n log m) for n numbers among m stored reminders.
    func takenNumbers(among numbers: [Reminder.Number]) throws -> Set<Int64>

    /// Saves new reminders in order, each with a new number at the end of its list, as
    /// `insert(_:keepingNumber:keepingPosition:)` would one by one.
    /// - Throws: the store's constraint error when a UID exists or a list does not.
    func insert(contentsOf reminders: [Reminder]) throws

    /// Saves restored reminders in order: each keeps its number when `keepingNumbers` (the
    /// caller found them free), and its position when its flag in `keepingPositions` is set.
    /// - Throws: the store's constraint error when a UID or number exists or a list does not.
    func insert(restoring reminders: [Reminder], keepingNumbers: Bool, keepingPositions: [Bool]) throws

    /// The highest reminder number ever given in this store (to the user), 0 before the first:
    /// a number at or below it is, or was, another reminder's, and is never given again, even
    /// when that reminder was deleted (README: an undo of the deletion brings it back under it).
    func highestNumberGiven() throws -> Int64

    /// The highest position among the reminders of the list `id`, nil when it has none.
    /// - Complexity: O(log n), from the index on list and position.
    func lastPosition(inList id: ReminderList.ID) throws -> Int64?

    /// Every reminder whose kept iCalendar lines hold `RELTYPE=CHILD` (`ICalendarRelations.childMarker`,
    /// RFC 5545 §3.2.15), ASCII case ignored: the few that name their subtasks.
    /// - Complexity: O(k) for the k found (a partial index in both stores).
    func remindersNamingChildren() throws -> [Reminder]

    /// Whether the occurrence due `due` of reminder `number` is recorded as completed.
    func isOccurrenceCompleted(reminder number: Reminder.Number, due: Due) throws -> Bool

    /// Runs `body`, a batch of `count` reminders being saved, with what makes a big batch
    /// faster on this store (SQLite: a bigger page cache and the search index rebuilt once).
    /// - Throws: what `body` throws; the store's error.
    func importing<T>(count: Int, _ body: () throws -> T) throws -> T
}

extension ImportStore {
    /// `incoming` (a reminder read from an import, same UID as `existing`) with what the
    /// database knows about the schedule kept, so that re-importing an older export never
    /// brings back an occurrence already completed or an alarm already rung:
    ///
    /// - When `existing` repeats and `incoming`'s occurrence (due date, else start date)
    ///   is recorded as completed, the schedule stays as stored: due and start dates,
    ///   completion, rule (with its `COUNT`), basis and alarms. Other fields (title,
    ///   notes, tags …) come from `incoming`.
    /// - Otherwise, an alarm of `incoming` with the UID and trigger of a stored alarm
    ///   that has rung keeps its fired state.
    ///
    /// Example: a monthly reminder exported when due Dec 1, then completed (now due
    /// Jan 1); importing that export again leaves it due Jan 1.
    ///
    /// `keepsCompletedSchedule` false leaves out the first rule: a CalDAV PUT and `tick
    /// sync` store the schedule they send, a due date moved back onto an occurrence done
    /// already included (a tester: a PUT setting the due date back and the rule to weekly
    /// was answered 204 and kept neither).
    /// - Throws: the store's error.
    public func mergingSchedule(of incoming: Reminder, into existing: Reminder, keepsCompletedSchedule: Bool = true) throws -> Reminder {
        var merged = incoming
        if keepsCompletedSchedule, existing.recurrence != nil, let occurrence = incoming.due ?? incoming.start,
           occurrence != (existing.due ?? existing.start),
           try isOccurrenceCompleted(reminder: existing.number, due: occurrence) {
            merged.due = existing.due
            merged.start = existing.start
            merged.completedAt = existing.completedAt
            merged.recurrence = existing.recurrence
            merged.recurrenceBasis = existing.recurrenceBasis
            merged.alarms = existing.alarms
            return merged
        }
        // The first stored alarm of each UID and trigger, found by hashing: a reminder
        // may have thousands of alarms, and a search per alarm would cost O(n²).
        var storedByKey: [AlarmKey: Alarm] = [:]
        for alarm in existing.alarms where storedByKey[AlarmKey(alarm)] == nil { storedByKey[AlarmKey(alarm)] = alarm }
        for index in merged.alarms.indices where merged.alarms[index].firedAt == nil {
            if let stored = storedByKey[AlarmKey(merged.alarms[index])] {
                merged.alarms[index].firedAt = stored.firedAt
                merged.alarms[index].isSilenced = stored.isSilenced
            }
        }
        return merged
    }
}

/// What makes two alarms the same one across an import: UID and trigger.
private struct AlarmKey: Hashable {
    let uid: String
    let trigger: Alarm.Trigger

    init(_ alarm: Alarm) {
        uid = alarm.uid
        trigger = alarm.trigger
    }
}
