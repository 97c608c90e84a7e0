import Foundation

/// One completed occurrence of a repeating reminder.
public struct CompletedOccurrence: Hashable, Sendable {
    /// The occurrence's due date (or start date, for a reminder with no due date).
    public var due: Due
    /// When it was completed.
    public var completedAt: Date

    /// An occurrence due `due`, completed at `completedAt`.
    public init(due: Due, completedAt: Date) {
        self.due = due
        self.completedAt = completedAt
    }
}

/// The completed occurrences of repeating reminders a store keeps (see ``ListStore`` for
/// what a conforming value is and how it fails). An occurrence is named by its stored
/// due text: two values of `Due` that are written alike are the same occurrence.
public protocol CompletionHistory {
    /// Records that the occurrence due `due` of reminder `number` was completed at
    /// `completedAt`, replacing an earlier record of the same occurrence.
    func recordCompletedOccurrence(reminder number: Reminder.Number, due: Due, completedAt: Date) throws

    /// The most recently completed occurrence of reminder `number` (latest completion,
    /// then latest due), or nil.
    func lastCompletedOccurrence(reminder number: Reminder.Number) throws -> CompletedOccurrence?

    /// Every completed occurrence of reminder `number`, earliest due first.
    /// - Complexity: O(k log k) for its k occurrences.
    func completedOccurrences(reminder number: Reminder.Number) throws -> [CompletedOccurrence]

    /// Forgets the completion of the occurrence due `due` of reminder `number`.
    func removeCompletedOccurrence(reminder number: Reminder.Number, due: Due) throws

    /// How many occurrences of reminder `number` were completed.
    func completedOccurrenceCount(reminder number: Reminder.Number) throws -> Int
}

/// Everything the actions of the JSON API need from one transaction of a store: lists,
/// reminders with their manual order and pages, and the completion history. The actions
/// take it as a generic parameter (`some StoreTransaction`), so SQLite's calls are direct.
public protocol StoreTransaction: ReminderStore, CompletionHistory {}
