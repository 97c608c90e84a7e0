import Foundation
import Testing
import TestSupport
import TickActions
import TickModel
import TickStore

@Suite("Actions: delete and restore")
struct DeleteActionTests {
    @Test("delete removes each reminder once and gives back what it takes to restore it")
    func deleteGivesBackWhatItDeleted() throws {
        let harness = try ActionsHarness()
        let added = try harness.add(["Buy milk", "Call mom", "Pay rent"])
        let deleted = try harness.actions.delete([added[2].number, added[0].number, added[2].number])
        #expect(deleted.map(\.reminder.title) == ["Pay rent", "Buy milk"])
        #expect(deleted.map(\.reminder) == [added[2], added[0]])
        #expect(try harness.reminders().map(\.title) == ["Call mom"])
    }

    @Test("a number that is no reminder refuses the whole delete")
    func unknownNumberDeletesNothing() throws {
        let harness = try ActionsHarness()
        let added = try harness.add(["Buy milk"])
        #expect(throws: ActionError.reminderNotFound(Reminder.Number(99))) {
            try harness.actions.delete([added[0].number, Reminder.Number(99)])
        }
        #expect(try harness.reminders().map(\.title) == ["Buy milk"])
    }

    @Test("subtasks become top-level when their parent is deleted, and come back under it when it is restored")
    func subtasks() throws {
        let harness = try ActionsHarness()
        let added = try harness.add(["Trip", "Pack", "Book hotel"])
        try harness.store.write { db in
            for index in 1...2 {
                var child = added[index]
                child.parentUID = added[0].uid
                try db.update(child)
            }
        }
        let deleted = try #require(try harness.actions.delete([added[0].number]).first)
        #expect(deleted.subtasks == [added[1].number, added[2].number])
        #expect(try harness.reminders().allSatisfy { $0.parentUID == nil })

        let restored = try harness.actions.restore(deleted)
        #expect(restored.number == added[0].number)
        #expect(try harness.reminders() == added.enumerated().map { index, reminder in
            var expected = reminder
            if index > 0 { expected.parentUID = added[0].uid }
            return expected
        })
    }

    @Test("restore puts a reminder back with its number and its place in the list")
    func restoreKeepsNumberAndPlace() throws {
        let harness = try ActionsHarness()
        let added = try harness.add(["One", "Two", "Three"])
        let deleted = try harness.actions.delete([added[1].number])
        _ = try harness.actions.restore(try #require(deleted.first))
        #expect(try harness.reminders() == added)
    }

    @Test("a reminder whose list was deleted since cannot be restored")
    func restoreIntoDeletedList() throws {
        let harness = try ActionsHarness()
        _ = try harness.actions.addList(named: "Errands")
        let added = try harness.add(["Buy stamps"], to: "Errands")
        let deleted = try #require(try harness.actions.delete([added[0].number]).first)
        _ = try harness.actions.deleteList(.named("Errands"), force: false)
        #expect(throws: ActionError.listGone(added[0].listID)) { try harness.actions.restore(deleted) }
        #expect(try harness.reminders().isEmpty)
    }
}
