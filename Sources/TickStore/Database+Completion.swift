import Foundation
import TickModel

/// What completing or reopening a reminder did.
public struct CompletionChangeResult: Sendable {
    /// The reminder as saved.
    public var reminder: Reminder
    /// What happened to the occurrence (`.completed` also for a reopened reminder).
    public var outcome: OccurrenceOutcome
    /// Whether anything was written: false when it was already completed (or open),
    /// or when the occurrence asked for is no longer the current one.
    public var changed: Bool
    /// Why the occurrence asked for (`expecting`) was not completed; nil otherwise.
    public var skipped: SkippedOccurrence? = nil
}

/// Why `Database.completeOccurrence(_:expecting:at:in:)` left an occurrence alone.
public enum SkippedOccurrence: Hashable, Sendable {
    /// It is in the history of completed occurrences: nothing to do (idempotent).
    case alreadyDone
    /// It is after the current occurrence: it cannot be completed before that one.
    case notYetDue
    /// It is before the current occurrence and was never completed: not an occurrence
    /// of the series (or one skipped by completing from completion).
    case notAnOccurrence
}

/// Completing and reopening, shared by `tick done`/`undone`/`toggle` and the agent's
/// "Done" action, so that both keep the occurrence history the same way.
///
/// Idempotence: `completeOccurrence(_:expecting:…)` with the occurrence the caller saw
/// (a notification's, or `tick done --occurrence`) does nothing once that occurrence is
/// completed, however often it is repeated, and never completes the next one by
/// mistake. Without `expecting`, each call completes whatever occurrence is current:
/// `tick done 1` twice completes two occurrences, and says so (`tick undone` steps back).
extension Database {
    /// Completes the current occurrence of reminder `number` at `now` (see
    /// `Reminder.completingOccurrence(at:in:)`), records it in the occurrence history,
    /// and saves the reminder.
    ///
    /// - Parameters:
    ///   - expecting: when given, complete only if this names the current occurrence
    ///     (its due date, or start date for a reminder with no due date; a date alone
    ///     names that day's occurrence, see `Due.names(occurrence:in:)`); otherwise change
    ///     nothing and say why in `skipped`.
    ///   - zone: the user's zone.
    /// - Returns: what happened, or nil when there is no such reminder.
    /// - Throws: `StoreError` from SQLite.
    public func completeOccurrence(_ number: Reminder.Number, expecting: Due? = nil, at now: Date,
                                   in zone: TimeZone) throws -> CompletionChangeResult? {
        guard let reminder = try reminder(number: number) else { return nil }
        if reminder.isCompleted { return CompletionChangeResult(reminder: reminder, outcome: .completed, changed: false) }
        if let expecting {
            let current = reminder.due ?? reminder.start
            if current.map({ expecting.names(occurrence: $0, in: zone) }) != true {
                let skipped: SkippedOccurrence
                if try completedOccurrences(reminder: number).contains(where: { expecting.names(occurrence: $0.due, in: zone) }) {
                    skipped = .alreadyDone
                } else if let current, expecting.isAfter(occurrence: current, in: zone) {
                    skipped = .notYetDue
                } else {
                    skipped = .notAnOccurrence
                }
                return CompletionChangeResult(reminder: reminder, outcome: .completed, changed: false, skipped: skipped)
            }
        }
        let (completed, outcome) = reminder.completingOccurrence(at: now, in: zone)
        switch outcome {
        case .advanced(let occurrence, _), .seriesEnded(let occurrence):
            try recordCompletedOccurrence(reminder: number, due: occurrence, completedAt: now)
        case .completed, .unreadableRule:
            break
        }
        try update(completed)
        return CompletionChangeResult(reminder: completed, outcome: outcome, changed: true)
    }

    /// Reopens reminder `number`: a completed reminder is opened again (for a recurring
    /// one whose series ended, its last occurrence leaves the history); an open recurring
    /// reminder steps back to its most recently completed occurrence.
    ///
    /// - Returns: what happened (`changed` false when there was nothing to reopen), or
    ///   nil when there is no such reminder.
    /// - Throws: `StoreError` from SQLite.
    public func reopenOccurrence(_ number: Reminder.Number, at now: Date, in zone: TimeZone) throws -> CompletionChangeResult? {
        guard var reminder = try reminder(number: number) else { return nil }
        if reminder.isCompleted {
            reminder.completedAt = nil
            reminder.modifiedAt = now
            reminder.silenceAlarms(dueBy: now, in: zone)
            if reminder.recurrence != nil, let current = reminder.due ?? reminder.start {
                try removeCompletedOccurrence(reminder: number, due: current)
            }
            try update(reminder)
            return CompletionChangeResult(reminder: reminder, outcome: .completed, changed: true)
        }
        guard reminder.recurrence != nil, let last = try lastCompletedOccurrence(reminder: number) else {
            return CompletionChangeResult(reminder: reminder, outcome: .completed, changed: false)
        }
        let reopened = reminder.reopeningOccurrence(last.due, at: now, in: zone)
        try removeCompletedOccurrence(reminder: number, due: last.due)
        try update(reopened)
        return CompletionChangeResult(reminder: reopened, outcome: .completed, changed: true)
    }
}
