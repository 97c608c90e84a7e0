import Foundation
import TickModel
import TickStore

/// The rows a change writes, read from a store in a form two databases can be compared
/// in: identifiers chosen at random when a row is made (UIDs, list and alarm IDs) are
/// replaced by what a user sees (the reminder's number, the list's name), so the same
/// change made through two front ends on two fresh databases gives equal values.
public struct StoredRows: Equatable, CustomStringConvertible {
    /// Every reminder, open and completed, in number order, with its UID replaced by its
    /// number, its list ID by the list's name, its parent's UID by the parent's number,
    /// and each alarm's UID emptied.
    public var reminders: [Reminder]
    /// Each list's name, color and position, in order.
    public var lists: [String]
    /// The completed occurrences of every reminder: number, due date, completion instant.
    public var completedOccurrences: [String]

    /// Reads the rows of `store`.
    /// - Throws: `StoreError` from SQLite.
    public init(_ store: Store) throws {
        (reminders, lists, completedOccurrences) = try store.read { db in
            let lists = try db.lists()
            let names = Dictionary(lists.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            let all = try db.allReminders().sorted { $0.number < $1.number }
            let numbers = Dictionary(all.map { ($0.uid, $0.number.rawValue) }, uniquingKeysWith: { first, _ in first })
            var history: [String] = []
            let reminders = try all.map { reminder in
                for occurrence in try db.completedOccurrences(reminder: reminder.number) {
                    history.append("\(reminder.number) \(occurrence.due) \(occurrence.completedAt.timeIntervalSince1970)")
                }
                var row = reminder
                row.uid = ReminderUID(reminder.number.description)
                row.listID = ReminderList.ID(rawValue: names[reminder.listID] ?? "?")
                row.parentUID = reminder.parentUID.map { uid in numbers[uid].map { ReminderUID("#\($0)") } ?? uid }
                for index in row.alarms.indices { row.alarms[index].uid = "" }
                return row
            }
            return (reminders, lists.map { "\($0.name) \($0.color) \($0.position)" }, history)
        }
    }

    public var description: String {
        (reminders.map { "\($0)" } + lists + completedOccurrences).joined(separator: "\n")
    }
}
