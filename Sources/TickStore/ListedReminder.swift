import Foundation
import TickModel

/// What a table of reminders lays out of one reminder, whether it was decoded into a
/// `ReminderSummary` or is read in place from a query's row (`SummaryRow`): the text a
/// listing copies into its cells is offered as UTF-8 bytes, so that a long listing need
/// not make a `String` of each title.
public protocol ListedReminder {
    /// The reminder's stable number.
    var number: Reminder.Number { get }
    /// Its priority.
    var priority: Priority { get }
    /// Whether it is flagged.
    var isFlagged: Bool { get }
    /// Whether it is done.
    var isCompleted: Bool { get }
    /// Its due date, nil for none.
    var due: Due? { get }
    /// Its iCalendar UID.
    var uid: ReminderUID { get }
    /// The UID of the reminder it is a subtask of, nil for none.
    var parentUID: ReminderUID? { get }
    /// Whether it is a subtask (of a reminder that may or may not be listed).
    var hasParent: Bool { get }
    /// Its list.
    var listID: ReminderList.ID { get }
    /// Its title (a listing asks for it only when the bytes are not printable ASCII).
    var title: String { get }
    /// Its tags, in their stored order.
    /// - Throws: `StoreError` (`.unreadableValue`) when a row's stored tags cannot be read.
    func storedTags() throws(StoreError) -> [String]
    /// Calls `body` with the UTF-8 bytes of each tag, in order, and returns true, when the
    /// tags are at hand as bytes: stored as a plain array (`["a","b"]`, what Tick writes for
    /// tags without a quote, a backslash or a control character). Returns false, without
    /// calling `body`, otherwise: read them with `storedTags()`.
    func forEachPlainTagUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool
    /// How it repeats, in words (see `Reminder.recurrenceSummary(in:)`), nil when it does not.
    func recurrenceSummary(in zone: TimeZone) -> String?
    /// Whether it belongs to list `id`, compared without making a `String`.
    func isInList(_ id: ReminderList.ID) -> Bool
    /// Calls `body` with the UTF-8 bytes of its title, valid only inside `body`.
    func withTitleUTF8<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T
    /// Calls `body` with the UTF-8 bytes of its UID, valid only inside `body`.
    func withUIDUTF8<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T
}

extension ReminderSummary: ListedReminder {
    public var hasParent: Bool { parentUID != nil }

    public func storedTags() -> [String] { tags }

    /// False: a summary's tags are strings already.
    public func forEachPlainTagUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool { false }

    public func isInList(_ id: ReminderList.ID) -> Bool { listID == id }

    public func withTitleUTF8<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        var text = title
        return try text.withUTF8(body)
    }

    public func withUIDUTF8<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        var text = uid.rawValue
        return try text.withUTF8(body)
    }
}
