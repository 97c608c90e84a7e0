import Foundation
import Testing
@testable import TickTUI
import TickActions
import TickModel
@testable import TickStore
import TestSupport

/// The UI's data layer applies changes through the actions and words their refusals for
/// a screen that may show what another `tick` changed meanwhile.
@Suite("DataSource: actions and their refusals")
struct DataSourceActionTests {
    static func source() throws -> (TemporaryFolder, Store, DataSource) {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("ui.sqlite3"), now: Fixture.now)
        return (folder, store, DataSource(store: store, clock: { Fixture.now }, timeZone: TUIFixture.context.timeZone))
    }

    static func failure(_ event: AppEvent?) -> String? {
        if case .failed(let message, _)? = event { return message }
        return nil
    }

    /// A tester (t57): an undo whose reminder another tick deleted failed for good; the UI must
    /// know it can never succeed (and drop it), while a busy database is worth asking again.
    @Test("a change whose reminder was deleted meanwhile fails for good; a busy database does not")
    func lastingFailures() throws {
        let (folder, store, source) = try Self.source()
        defer { withExtendedLifetime(folder) {} }
        let list = try store.read { db in try db.defaultList() }
        let milk = try store.write { db in try db.insert(Reminder(listID: list.id, title: "Milk", createdAt: Fixture.now)) }
        try store.write { db in try db.executeScript("DELETE FROM reminder WHERE number = \(milk.number.rawValue)") }
        for change in [Change.delete(milk.number), .toggle(milk.number)] {
            guard case .failed(let message, let isLasting)? = source.perform(.apply(change, isUndo: true)) else {
                Issue.record("\(change) did not fail")
                continue
            }
            #expect(isLasting, "\(change): \(message)")
            #expect(message.contains("no longer exists"))
        }
    }

    /// A tester: during another tick's long undo, Space in the UI showed SQLite's "database is
    /// locked", and the completion was dropped without a word of what to do.
    @Test("a change while another tick holds the database says it is busy, as the command line does")
    func busyDatabase() throws {
        let (folder, store, source) = try Self.source()
        defer { withExtendedLifetime(folder) {} }
        let list = try store.read { db in try db.defaultList() }
        let milk = try store.write { db in try db.insert(Reminder(listID: list.id, title: "Milk", createdAt: Fixture.now)) }
        store.setBusyTimeout(milliseconds: 20)
        let other = try Store(path: store.path, now: Fixture.now)
        try other.write { db in
            _ = try db.insert(Reminder(listID: list.id, title: "held", createdAt: Fixture.now))
            #expect(Self.failure(source.perform(.apply(.delete(milk.number), isUndo: false)))
                    == "the database is busy (another tick kept it locked too long: a long import or undo); nothing was changed, try again")
        }
        #expect(try store.read { db in try db.reminder(number: milk.number) } != nil)
    }

    @Test("deleting or moving a reminder another tick deleted says so")
    func goneReminder() throws {
        let (_, _, source) = try Self.source()
        let missing = Reminder.Number(9)
        let expected = "reminder #9 no longer exists; another tick may have deleted it"
        #expect(Self.failure(source.perform(.apply(.delete(missing), isUndo: false))) == expected)
        #expect(Self.failure(source.perform(.apply(.move(missing, .before(Reminder.Number(1))), isUndo: false))) == expected)
    }

    /// A tester: a reminder deleted in the UI, put back by `tick undo` in a shell, then `u` in
    /// the UI: the status line showed SQLite's "UNIQUE constraint failed: reminder.uid".
    @Test("undoing a delete that another tick already undid says the reminder is back, and changes nothing")
    func restoredElsewhere() throws {
        let (_, store, source) = try Self.source()
        let list = try store.read { db in try db.defaultList() }
        let stamps = try store.write { db in try db.insert(Reminder(listID: list.id, title: "Stamps", createdAt: Fixture.now)) }
        guard case .applied(let deleted)? = source.perform(.apply(.delete(stamps.number), isUndo: false)),
              let restore = deleted.inverse else {
            Issue.record("the reminder was not deleted")
            return
        }
        // Put back elsewhere, as `tick undo` does: its own number and place.
        _ = try store.write { db in try db.insert(stamps, keepingNumber: true, keepingPosition: true) }
        #expect(Self.failure(source.perform(.apply(restore, isUndo: true))) == "“Stamps” is back already (#1): it was put back elsewhere")
        #expect(try store.read { db in try db.allReminders() }.count == 1)
        // A list the same way (it said the name was another list's).
        let green = try #require(ListColor(parsing: "green"))
        guard case .applied(let added)? = source.perform(.apply(.addList(name: "Zed", color: green), isUndo: false)),
              let zed = added.addedList,
              case .applied(let removed)? = source.perform(.apply(.removeList(zed.id), isUndo: false)),
              let restoreList = removed.inverse else {
            Issue.record("the list was not added and removed")
            return
        }
        _ = try store.write { db in try db.insert(zed, keepingPosition: true) }
        #expect(Self.failure(source.perform(.apply(restoreList, isUndo: true))) == "the list “Zed” is back already: it was put back elsewhere")
    }

    @Test("undoing a delete whose list another tick deleted names the reminder; undoing a new list that got reminders refuses")
    func goneList() throws {
        let (_, store, source) = try Self.source()
        let green = try #require(ListColor(parsing: "green"))
        guard case .applied(let added)? = source.perform(.apply(.addList(name: "Errands", color: green), isUndo: false)),
              let list = added.addedList else {
            Issue.record("the list was not added")
            return
        }
        let stamps = try store.write { db in try db.insert(Reminder(listID: list.id, title: "Stamps", createdAt: Fixture.now)) }
        #expect(Self.failure(source.perform(.apply(.deleteList(list.id), isUndo: true)))
                == "the list “Errands” has reminders now; delete it with 'tick lists delete' if you mean to")
        guard case .applied(let deleted)? = source.perform(.apply(.delete(stamps.number), isUndo: false)),
              let restore = deleted.inverse else {
            Issue.record("the reminder was not deleted")
            return
        }
        #expect(source.perform(.apply(.deleteList(list.id), isUndo: true)).map { Self.failure($0) == nil } == true)
        #expect(Self.failure(source.perform(.apply(restore, isUndo: true)))
                == "the list of “Stamps” no longer exists, so it cannot be put back")
        #expect(Self.failure(source.perform(.apply(.deleteList(list.id), isUndo: true))) == "that list no longer exists")
    }

    /// A tester: a reminder deleted in the UI was gone for good once the UI quit (`tick
    /// undo` took back an older command's change instead: the UI journaled nothing).
    @Test("each change of the UI is one change of the journal, which tick undo takes back after the UI quit; the UI's u marks it undone")
    func changesAreJournaled() throws {
        let (_, store, source) = try Self.source()
        let (milk, bread) = try store.write { db in
            let list = try db.defaultList()
            return (try db.insert(Reminder(listID: list.id, title: "Milk", createdAt: Fixture.now)),
                    try db.insert(Reminder(listID: list.id, title: "Bread", createdAt: Fixture.now)))
        }
        guard case .applied(let deleted)? = source.perform(.apply(.delete(milk.number), isUndo: false)),
              let journaled = deleted.journalChange else {
            Issue.record("the delete was not journaled")
            return
        }
        let actions = Actions(store: store, context: ActionContext(dateContext: TUIFixture.context))
        #expect(try actions.undoableChanges().map(\.command) == ["tick ui: delete of \u{201C}Milk\u{201D}"])
        let undone = try actions.undo()
        #expect(undone.change.id == journaled)
        #expect(undone.restored.map(\.number) == [milk.number])

        // Undone in the UI (`u`): marked undone there, so `tick undo` has nothing left of it.
        guard case .applied(let edited)? = source.perform(.apply(.edit(bread.number, ReminderFields(title: "Rye bread")), isUndo: false)),
              let inverse = edited.inverse, let change = edited.journalChange else {
            Issue.record("the edit was not journaled")
            return
        }
        guard case .applied(let reverted)? = source.perform(.apply(inverse, isUndo: true, undoing: change)) else {
            Issue.record("the edit was not undone")
            return
        }
        #expect(reverted.journalChange == nil)
        #expect(try actions.undoableChanges().isEmpty)
        #expect(try store.read { db in try db.reminder(number: bread.number)?.title } == "Bread")
    }

    /// t74: the outdent of a subtask whose parent names it (`RELATED-TO;RELTYPE=CHILD`) took
    /// the line out of the parent, but `tick undo --list` said "1 reminder changed".
    @Test("an outdent that takes the parent's CHILD line out journals both; tick undo puts both back")
    func outdentJournalsTheParent() throws {
        let (_, store, source) = try Self.source()
        let (parent, child) = try store.write { db in
            let list = try db.defaultList()
            var parent = Reminder(listID: list.id, title: "Parent", createdAt: Fixture.now)
            parent.uid = ReminderUID("u-p")
            parent.iCalendarExtras = "RELATED-TO;RELTYPE=CHILD:u-c1\nX-KEPT:yes"
            let storedParent = try db.insert(parent)
            var child = Reminder(listID: list.id, title: "Kid1", createdAt: Fixture.now)
            child.uid = ReminderUID("u-c1")
            child.parentUID = parent.uid
            return (storedParent, try db.insert(child))
        }
        guard case .applied(let outdented)? = source.perform(.apply(.reparent(child.number, .parentsParent), isUndo: false)),
              outdented.journalChange != nil else {
            Issue.record("the outdent was not journaled")
            return
        }
        #expect(try store.read { db in try db.reminder(number: parent.number)?.iCalendarExtras } == "X-KEPT:yes")
        let actions = Actions(store: store, context: ActionContext(dateContext: TUIFixture.context))
        #expect(try actions.undoableChanges().first?.summary.remindersChanged == 2)
        _ = try actions.undo()
        #expect(try store.read { db in try db.reminder(number: parent.number)?.iCalendarExtras } == parent.iCalendarExtras)
        #expect(try store.read { db in try db.reminder(number: child.number)?.parentUID } == parent.uid)
    }

    /// A tester: `u` refused (the title changed elsewhere since: "Did not undo …; kept as it
    /// is now") still marked the UI's change undone, so `tick undo` passed over it and `tick
    /// undo N` said it "was undone already".
    @Test("an undo of the UI that undid nothing (every field changed elsewhere since) leaves its change in the journal to undo")
    func refusedUndoIsNotMarked() throws {
        let (_, store, source) = try Self.source()
        let item = try store.write { db in try db.insert(Reminder(listID: try db.defaultList().id, title: "Item A", createdAt: Fixture.now)) }
        guard case .applied(let edited)? = source.perform(.apply(.edit(item.number, ReminderFields(title: "Item A ui")), isUndo: false)),
              let inverse = edited.inverse, let change = edited.journalChange else {
            Issue.record("the edit was not journaled")
            return
        }
        try store.write { db in
            var changed = try #require(try db.reminder(number: item.number))
            changed.title = "A by cli"
            try db.update(changed)
        }
        guard case .applied(let refused)? = source.perform(.apply(inverse, isUndo: true, undoing: change)) else {
            Issue.record("the undo did not answer")
            return
        }
        #expect(refused.isNoChange && refused.keptFields == [.title])
        let actions = Actions(store: store, context: ActionContext(dateContext: TUIFixture.context))
        #expect(try actions.undoableChanges().map(\.id) == [change])
    }
}
