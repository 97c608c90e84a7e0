import Foundation
import TickModel

/// What completing or reopening one reminder did.
public struct CompletionChangeResult: Hashable, Sendable {
    /// The reminder as saved.
    public var reminder: Reminder
    /// What happened to the occurrence (`.completed` also for a reopened reminder).
    public var outcome: OccurrenceOutcome
    /// Whether anything was written: false when it was already completed (or open),
    /// or when the occurrence asked for is already completed.
    public var changed: Bool
    /// Why the occurrence asked for was not completed: only `.alreadyDone` comes back
    /// here (the others are refused with `ActionError.occurrenceNotCurrent`).
    public var skipped: SkippedOccurrence?

    /// A result; `skipped` nil unless given.
    public init(reminder: Reminder, outcome: OccurrenceOutcome, changed: Bool, skipped: SkippedOccurrence? = nil) {
        self.reminder = reminder
        self.outcome = outcome
        self.changed = changed
        self.skipped = skipped
    }
}

/// Why an occurrence a caller named was not completed.
public enum SkippedOccurrence: Hashable, Sendable {
    /// It is in the history of completed occurrences: nothing to do (idempotent).
    case alreadyDone
    /// It is after the current occurrence: it cannot be completed before that one.
    case notYetDue
    /// It is before the current occurrence and was never completed: not an occurrence
    /// of the series (or one skipped by completing from completion).
    case notAnOccurrence
}

/// What a completion action does to each reminder.
public enum CompletionChange: Hashable, Sendable {
    /// Complete it (a repeating one: its current occurrence, moving on to the next).
    case complete
    /// Reopen it (an open repeating one: step back to its last completed occurrence).
    case reopen
    /// Complete it when open, reopen it when completed.
    case toggle
}
