import Foundation
import Testing
@testable import TickTUI
import TickActions
import TickModel
import TickStore
import TestSupport

@Suite("Actions.add")
struct AddActionTests {
    @Test("adds at the end of the first list, with the due date's default alarm, stamped with the context's clock")
    func addsWithDefaults() throws {
        let fixture = try ActionFixture()
        let result = try fixture.actions.add(NewReminder(title: "  Buy milk ", due: ActionFixture.december(3), url: "  "))
        #expect(result.reminder.number == Reminder.Number(1))
        #expect(result.reminder.title == "Buy milk")
        #expect(result.reminder.url == nil)
        #expect(result.reminder.createdAt == Fixture.now)
        #expect(result.list == (try fixture.defaultList()))
        #expect(result.reminder.alarms.map(\.trigger) == [.relative(seconds: 9 * 3_600, toStart: false)])
        #expect(result.notes.isEmpty)
    }

    @Test("a subtask goes to its parent's list; another list named for it is refused, the parent's list is taken")
    func subtaskList() throws {
        let fixture = try ActionFixture()
        let work = try fixture.store.write { db in try db.insert(ReminderList(name: "Work", createdAt: Fixture.now)) }
        let parent = try fixture.actions.add(NewReminder(title: "Project", list: .named("work"))).reminder
        let child = try fixture.actions.add(NewReminder(title: "Step", parent: parent.number))
        #expect(child.list.id == work.id)
        #expect(child.reminder.parentUID == parent.uid)
        #expect(throws: ActionError.subtaskOutsideParentList(parent: parent.number, parentListName: "Work")) {
            try fixture.actions.add(NewReminder(title: "Other", list: .named("Reminders"), parent: parent.number))
        }
        let named = try fixture.actions.add(NewReminder(title: "Named", list: .named("WORK"), parent: parent.number))
        #expect(named.list.id == work.id)
        #expect(try fixture.store.read { db in try db.allReminders() }.map(\.title) == ["Project", "Step", "Named"])
    }

    @Test("refusals store nothing: a blank title, a missing list or parent, a rule without a date")
    func refusals() throws {
        let fixture = try ActionFixture()
        #expect(throws: ModelError.blankName(.reminderTitle)) { try fixture.actions.add(NewReminder(title: " \u{3000}\u{200B}")) }
        #expect(throws: ActionError.listNotFound(name: "Nope", existing: ["Reminders"])) {
            try fixture.actions.add(NewReminder(title: "x", list: .named("Nope")))
        }
        #expect(throws: ActionError.reminderNotFound(Reminder.Number(7))) {
            try fixture.actions.add(NewReminder(title: "x", parent: Reminder.Number(7)))
        }
        #expect(throws: ActionError.repeatNeedsDueDate) {
            try fixture.actions.add(NewReminder(title: "x", schedule: ScheduleEdit(recurrence: .set("FREQ=DAILY"))))
        }
        #expect(try StoredRows(fixture.store).reminders.isEmpty)
    }

    @Test("tick add and the UI's add dialog store the same rows")
    func cliAndUIAgree() throws {
        let cli = CLIHarness()
        cli.ok("add", "Pay rent", "--due", "2026-12-01 09:00", "--notes", "by transfer", "--priority", "high", "--flag")
        cli.ok("add", "Buy milk", "--due", "2026-12-03")
        let ui = try TUIFrontEnd(cli.folder)
        let list = try ui.defaultList().id
        ui.apply(.add(ReminderDraft(title: "Pay rent", notes: "by transfer", due: ActionFixture.decemberAt(1, 9), listID: list,
                                    priority: .high, isFlagged: true)))
        ui.apply(.add(ReminderDraft(title: "Buy milk", due: ActionFixture.december(3), listID: list)))
        let fromCLI = try StoredRows(Store(path: cli.databasePath, now: Fixture.now))
        let fromUI = try StoredRows(ui.store)
        #expect(fromCLI.reminders.count == 2)
        #expect(fromCLI == fromUI)
    }
}
