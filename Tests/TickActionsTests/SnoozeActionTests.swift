import Foundation
import Testing
import TickActions
import TickModel
@testable import TickStore
import TestSupport

@Suite("Actions.snooze")
struct SnoozeActionTests {
    @Test("a snooze alarm at the time given replaces one that has not rung; the reminder's own alarms stay")
    func replacesPendingSnooze() throws {
        let fixture = try ActionFixture()
        _ = try fixture.actions.add(NewReminder(title: "Standup", due: ActionFixture.decemberAt(1, 9)))
        let one = Reminder.Number(1)
        _ = try fixture.actions.snooze(one, until: Fixture.now.addingTimeInterval(600))
        let result = try fixture.actions.snooze(one, until: Fixture.now.addingTimeInterval(3_600))
        #expect(result.reminder.alarms.filter(\.isSnooze).map(\.trigger) == [.absolute(Fixture.now.addingTimeInterval(3_600))])
        #expect(result.reminder.alarms.filter { !$0.isSnooze }.count == 1)
        #expect(result.list.name == "Reminders")
        #expect(try fixture.reminder(1) == result.reminder)
    }

    @Test("refusals change nothing: a time not after now, a completed or missing reminder")
    func refusals() throws {
        let fixture = try ActionFixture()
        _ = try fixture.actions.add(NewReminder(title: "a"))
        #expect(throws: ActionError.snoozeNotInFuture(Fixture.now)) { try fixture.actions.snooze(Reminder.Number(1), until: Fixture.now) }
        #expect(throws: ActionError.snoozeNotInFuture(Fixture.now)) { try fixture.actions.snooze(Reminder.Number(9), until: Fixture.now) }
        #expect(throws: ActionError.reminderNotFound(Reminder.Number(9))) {
            try fixture.actions.snooze(Reminder.Number(9), until: Fixture.now.addingTimeInterval(60))
        }
        _ = try fixture.actions.setCompletion([Reminder.Number(1)], .complete)
        #expect(throws: ActionError.reminderCompleted(Reminder.Number(1))) {
            try fixture.actions.snooze(Reminder.Number(1), until: Fixture.now.addingTimeInterval(60))
        }
        #expect(try fixture.reminder(1).alarms.isEmpty)
    }

    @Test("snooze and completion fail on a row whose alarms cannot be read, and write nothing back")
    func unreadableAlarms() throws {
        let fixture = try ActionFixture()
        _ = try fixture.actions.add(NewReminder(title: "a", due: ActionFixture.decemberAt(1, 9)))
        let bad = "[{\"uid\":\"A-1\",\"offset\":-600,\"related\":\"end\"},{\"offset\":"
        try fixture.store.write { db in try db.executeScript("UPDATE reminder SET alarms = '\(bad)' WHERE number = 1") }
        #expect(throws: StoreError.self) { try fixture.actions.snooze(Reminder.Number(1), until: Fixture.now.addingTimeInterval(60)) }
        #expect(throws: StoreError.self) { try fixture.actions.setCompletion([Reminder.Number(1)], .complete) }
        let column = try fixture.store.read { db in try db.scalarText("SELECT alarms || '|' || ifnull(completed_at, '-') FROM reminder") }
        #expect(column == bad + "|-")
    }

    @Test("tick snooze and the notification's Snooze button store the same rows")
    func cliAndAgentAgree() throws {
        let rows = try AgentFrontEnd.compare(setUp: [["add", "Standup", "--due", "2026-12-01 09:30"]],
                                             rings: Date(timeIntervalSince1970: 1_796_085_000), // 09:30 in Seoul
                                             commands: [["snooze", "1", "10m"]]) { agent, now in
            try agent.handle(.snooze(notificationID: 1), at: now)
        }
        #expect(rows.cli.reminders.first?.alarms.filter(\.isSnooze).count == 1)
        #expect(rows.cli == rows.agent)
    }
}
