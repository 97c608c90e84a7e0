import Foundation
import TestSupport
import TickActions
import TickModel
import TickStore

/// A fresh database in a temporary folder with actions over it, at the fixed clock
/// (`Fixture.now`), in UTC unless told otherwise.
final class ActionsHarness {
    let folder = TemporaryFolder()
    let timeZone: TimeZone
    private(set) var actions: Actions

    init(timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .gmt) throws {
        self.timeZone = timeZone
        actions = try ActionsHarness.open(folder.file("tick.sqlite3"), timeZone: timeZone)
    }

    static func open(_ path: String, timeZone: TimeZone) throws -> Actions {
        let context = ActionContext(dateContext: DateContext(now: Fixture.now, timeZone: timeZone,
                                                             locale: Locale(identifier: "en_US")))
        return Actions(store: try Store(path: path, now: Fixture.now), context: context)
    }

    var path: String { folder.file("tick.sqlite3") }
    var store: Store { actions.store }

    /// Adds open reminders with these titles to the list named `listName` (the default
    /// list when nil) and returns them as stored.
    @discardableResult
    func add(_ titles: [String], to listName: String? = nil) throws -> [Reminder] {
        try store.write { db in
            let list = try db.targetList(named: listName)
            return try titles.map { try db.insert(Reminder(listID: list.id, title: $0, createdAt: Fixture.now)) }
        }
    }

    /// Every reminder, lists in order, then manual order.
    func reminders() throws -> [Reminder] { try store.read { db in try db.allReminders() } }

    /// Every list in order.
    func lists() throws -> [ReminderList] { try store.read { db in try db.lists() } }

    /// The database file's bytes with every change checkpointed into it: the store is
    /// closed (its last connection checkpoints the WAL) and opened again.
    func fileBytes() throws -> Data {
        actions = try ActionsHarness.open(folder.file("scratch.sqlite3"), timeZone: timeZone)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        actions = try ActionsHarness.open(path, timeZone: timeZone)
        return bytes
    }
}
