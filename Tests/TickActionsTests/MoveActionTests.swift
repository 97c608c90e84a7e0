import Foundation
import Testing
import TestSupport
import TickActions
import TickModel
import TickInterchange
import TickStore

@Suite("Actions: move")
struct MoveActionTests {
    @Test("a reminder moves to a place, before or after another, and its open place is reported",
          arguments: [
              (ReminderPlacement.index(1), ["Three", "One", "Two"], 1),
              (.index(99), ["One", "Two", "Three"], 3),
              (.before(Reminder.Number(2)), ["One", "Three", "Two"], 2),
              (.after(Reminder.Number(1)), ["One", "Three", "Two"], 2),
          ])
    func placements(_ placement: ReminderPlacement, _ order: [String], _ index: Int) throws {
        let harness = try ActionsHarness()
        try harness.add(["One", "Two", "Three"])
        let moved = try harness.actions.move(Reminder.Number(3), to: placement)
        #expect(try harness.reminders().map(\.title) == order)
        #expect(moved.openIndex == index)
        #expect(moved.reminder.position == (try harness.reminders().first { $0.number == Reminder.Number(3) }?.position))
    }

    /// Found by a tester: reminders added in one second in Tick reached a second client in
    /// arrival order (without a sort order, clients order by CREATED, whole seconds).
    /// Every list: a phone syncing with `tick serve` reads any of them.
    @Test("reminders added in one second get sort orders in Tick's order, in a list synced with CalDAV or not")
    func addsInOneSecondKeepTheirOrderForOtherClients() throws {
        let harness = try ActionsHarness()
        let first = try harness.add(["Before sync"])
        let list = first[0].listID
        try harness.store.write { db in
            try db.saveSyncedCollection(SyncedCollection(account: "home", url: "https://dav.example/tasks/", listID: list))
        }
        let added = try ["One", "Two", "Three"].map { try harness.actions.add(NewReminder(title: $0)).reminder }
        let stored = try harness.reminders()
        #expect(stored.map(\.title) == ["Before sync", "One", "Two", "Three"])
        let keys = stored.map(ICalendarSortOrder.key(of:))
        #expect(keys == keys.sorted() && Set(keys).count == keys.count, "\(keys)")
        // The first reminder of a second needs no line: its creation time sorts it already.
        #expect(ICalendarSortOrder.value(in: stored[0].iCalendarExtras) == nil)
        #expect(added.map { ICalendarSortOrder.value(in: $0.iCalendarExtras) } == Array(keys[1...]).map { Optional($0) })
        // A list that is not synced: the same, as `tick serve`'s CalDAV clients read it.
        _ = try harness.actions.addList(named: "Local")
        let local = try ["A", "B"].map { try harness.actions.add(NewReminder(title: $0, list: .named("Local"))).reminder }
        #expect(local.map { ICalendarSortOrder.value(in: $0.iCalendarExtras) == nil } == [true, false])
        #expect(local.map(ICalendarSortOrder.key(of:)) == local.map(ICalendarSortOrder.key(of:)).sorted())
    }

    @Test("a move that does not ask for the open place (the UI's J/K) moves the same and reports none")
    func withoutOpenIndex() throws {
        let harness = try ActionsHarness()
        try harness.add(["One", "Two", "Three"])
        let moved = try harness.actions.move(Reminder.Number(3), to: .before(Reminder.Number(2)), reportsOpenIndex: false)
        #expect(try harness.reminders().map(\.title) == ["One", "Three", "Two"])
        #expect(moved.openIndex == nil)
    }

    @Test("refusals: an anchor in another list names that list; itself; a place below 1; a number that is none")
    func refusals() throws {
        let harness = try ActionsHarness()
        try harness.add(["One", "Two"])
        _ = try harness.actions.addList(named: "Work")
        let other = try harness.add(["Elsewhere"], to: "Work")[0].number
        let before = try harness.reminders()
        #expect(throws: ActionError.anchorInAnotherList(reminder: Reminder.Number(1), anchor: other, listName: "Work")) {
            try harness.actions.move(Reminder.Number(1), to: .before(other))
        }
        #expect(throws: ActionError.placedRelativeToItself(Reminder.Number(1))) {
            try harness.actions.move(Reminder.Number(1), to: .after(Reminder.Number(1)))
        }
        #expect(throws: ActionError.positionOutOfRange(0)) { try harness.actions.move(Reminder.Number(1), to: .index(0)) }
        #expect(throws: ActionError.reminderNotFound(Reminder.Number(42))) {
            try harness.actions.move(Reminder.Number(42), to: .index(1))
        }
        #expect(throws: ActionError.reminderNotFound(Reminder.Number(42))) {
            try harness.actions.move(Reminder.Number(1), to: .after(Reminder.Number(42)))
        }
        #expect(try harness.reminders() == before)
    }

    @Test("a completed reminder moves but has no open place")
    func completed() throws {
        let harness = try ActionsHarness()
        var added = try harness.add(["One", "Two"])
        try harness.store.write { db in
            added[1].completedAt = Fixture.now
            try db.update(added[1])
        }
        let moved = try harness.actions.move(added[1].number, to: .before(added[0].number))
        #expect(moved.openIndex == nil)
        #expect(try harness.reminders().map(\.title) == ["Two", "One"])
    }
}
