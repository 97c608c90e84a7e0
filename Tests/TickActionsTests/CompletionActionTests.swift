import Foundation
import Testing
@testable import TickTUI
import TickActions
import TickModel
import TickStore
import TestSupport

@Suite("Actions.setCompletion")
struct CompletionActionTests {
    static let first = ActionFixture.decemberAt(1, 9)

    /// A fixture holding #1 "rent", due 2026-12-01 09:00 Seoul, monthly three times.
    func rent() throws -> ActionFixture {
        let fixture = try ActionFixture()
        _ = try fixture.actions.add(NewReminder(title: "rent", due: Self.first,
                                                schedule: ScheduleEdit(recurrence: .set("FREQ=MONTHLY;COUNT=3"))))
        return fixture
    }

    @Test("completing with an expected occurrence is idempotent; reopening steps back through the history")
    func history() throws {
        let fixture = try rent()
        let one = Reminder.Number(1)
        let done = try #require(try fixture.actions.setCompletion([one], .complete, occurrence: Self.first).first)
        #expect(done.changed)
        #expect(done.reminder.due == ActionFixture.decemberAt(1, 9).adding(months: 1))
        let again = try #require(try fixture.actions.setCompletion([one], .complete, occurrence: Self.first).first)
        #expect(!again.changed)
        #expect(again.skipped == .alreadyDone)
        #expect(try fixture.store.read { db in try db.completedOccurrenceCount(reminder: one) } == 1)
        let back = try #require(try fixture.actions.setCompletion([one], .reopen).first)
        #expect(back.reminder.due == Self.first)
        #expect(back.reminder.recurrence == "FREQ=MONTHLY;COUNT=3")
        #expect(try fixture.store.read { db in try db.completedOccurrenceCount(reminder: one) } == 0)
    }

    /// Found by a tester: the alarm of an occurrence that rang, completed and then reopened
    /// (stepping back to it), showed "did not ring (already past)". It rang: its delivery is
    /// recorded, and it says so; an alarm that never rang is still silenced.
    @Test("reopening steps back to an occurrence whose alarm rang: the alarm is marked rung then, not silenced")
    func reopenedOccurrenceKeepsItsRing() throws {
        let fire = Self.first.deadline(in: ActionFixture.seoul)
        let context = ActionContext(dateContext: DateContext(now: fire.addingTimeInterval(1_800), timeZone: ActionFixture.seoul,
                                                             locale: Locale(identifier: "en_US")))
        let fixture = try ActionFixture(context: context)
        _ = try fixture.actions.add(NewReminder(title: "rent", due: Self.first,
                                                schedule: ScheduleEdit(recurrence: .set("FREQ=WEEKLY"), alarmOffsets: [AlarmOffset(seconds: 0),
                                                                                                                       AlarmOffset(seconds: 600)])))
        let one = Reminder.Number(1)
        // The agent delivered the alarm at the due time (the other, 10 minutes later, never rang).
        try fixture.store.write { db in
            var reminder = try db.existingReminder(one)
            let rang = try #require(reminder.alarms.firstIndex { $0.trigger == .relative(seconds: 0, toStart: false) })
            try db.recordDelivery(reminder: one, alarmUID: reminder.alarms[rang].uid, fireAt: fire, deliveredAt: fire, channel: "stdout")
            reminder.alarms[rang].firedAt = fire
            reminder.alarms[rang].isSilenced = false
            try db.update(reminder)
        }
        _ = try fixture.actions.setCompletion([one], .complete)
        let back = try #require(try fixture.actions.setCompletion([one], .reopen).first).reminder
        #expect(back.due == Self.first)
        let states = back.alarms.map { ($0.trigger, $0.isSilenced, $0.firedAt) }
        #expect(states.count == 2)
        #expect(states.contains { $0.0 == .relative(seconds: 0, toStart: false) && !$0.1 && $0.2 == fire }, "\(states)")
        #expect(states.contains { $0.0 == .relative(seconds: 600, toStart: false) && $0.1 }, "\(states)")
    }

    @Test("an occurrence after the current one, or never one, is refused and nothing of the batch is kept")
    func refusedOccurrence() throws {
        let fixture = try rent()
        _ = try fixture.actions.add(NewReminder(title: "rent 2", due: ActionFixture.decemberAt(2, 9),
                                                schedule: ScheduleEdit(recurrence: .set("FREQ=MONTHLY"))))
        // #1 is due then and would be completed; #2 is not, so neither is.
        #expect(throws: ActionError.occurrenceNotCurrent(try fixture.reminder(2), .notAnOccurrence)) {
            try fixture.actions.setCompletion([Reminder.Number(1), Reminder.Number(2)], .complete, occurrence: Self.first)
        }
        #expect(try fixture.reminder(1).due == Self.first)
        #expect(try fixture.store.read { db in try db.completedOccurrenceCount(reminder: Reminder.Number(1)) } == 0)
        #expect(throws: ActionError.occurrenceNotCurrent(try fixture.reminder(1), .notYetDue)) {
            try fixture.actions.setCompletion([Reminder.Number(1)], .complete, occurrence: ActionFixture.december(2))
        }
    }

    @Test("toggle completes an open reminder and reopens a completed one; a missing number changes nothing")
    func toggle() throws {
        let fixture = try ActionFixture()
        _ = try fixture.actions.add(NewReminder(title: "a"))
        #expect(try fixture.actions.setCompletion([Reminder.Number(1)], .toggle).first?.reminder.completedAt == Fixture.now)
        #expect(throws: ActionError.reminderNotFound(Reminder.Number(9))) {
            try fixture.actions.setCompletion([Reminder.Number(1), Reminder.Number(9)], .toggle)
        }
        #expect(try fixture.reminder(1).isCompleted)
        #expect(try fixture.actions.setCompletion([Reminder.Number(1)], .toggle).first?.reminder.isCompleted == false)
        #expect(try fixture.actions.setCompletion([Reminder.Number(1)], .reopen).first?.changed == false)
    }

    @Test("tick done / undone and the UI's toggle and undo store the same rows")
    func cliAndUIAgree() throws {
        let cli = CLIHarness()
        cli.ok("add", "rent", "--due", "2026-12-01 09:00", "--repeat", "monthly")
        cli.ok("add", "milk")
        cli.ok("done", "1", "2")
        cli.ok("done", "1")
        cli.ok("undone", "1")

        let ui = try TUIFrontEnd(cli.folder)
        let home = try ui.defaultList().id
        ui.apply(.add(ReminderDraft(title: "rent", due: Self.first, listID: home)))
        try ui.store.write { db in
            var rent = try #require(try db.reminder(number: Reminder.Number(1)))
            rent.recurrence = "FREQ=MONTHLY"
            try db.update(rent)
        }
        ui.apply(.add(ReminderDraft(title: "milk", listID: home)))
        ui.apply(.toggle(Reminder.Number(1)))
        ui.apply(.toggle(Reminder.Number(2)))
        ui.apply(.toggle(Reminder.Number(1)))
        ui.apply(.stepBack(Reminder.Number(1)))

        let fromCLI = try StoredRows(Store(path: cli.databasePath, now: Fixture.now))
        let fromUI = try StoredRows(ui.store)
        #expect(fromCLI.completedOccurrences.count == 1)
        #expect(fromCLI == fromUI)
    }

    @Test("tick done --occurrence and the notification's Done button store the same rows, also when pressed twice")
    func cliAndAgentAgree() throws {
        let done = ["done", "1", "--occurrence", "2026-12-01 09:00"]
        let rows = try AgentFrontEnd.compare(setUp: [["add", "rent", "--due", "2026-12-01 09:00", "--repeat", "monthly"]],
                                             rings: Date(timeIntervalSince1970: 1_796_083_200), // 09:00 in Seoul
                                             commands: [done, done]) { agent, now in
            try agent.handle(.done(notificationID: 1), at: now)
            try agent.handle(.done(notificationID: 1), at: now)
        }
        #expect(rows.cli.reminders.first?.due == ActionFixture.decemberAt(1, 9).adding(months: 1))
        #expect(rows.cli.completedOccurrences.count == 1)
        #expect(rows.cli == rows.agent)
    }
}

extension Due {
    /// This timed date `months` later at the same wall-clock time in its zone.
    func adding(months: Int) -> Due {
        guard case .timed(let instant, let identifier) = self, let zone = identifier.timeZone else { return self }
        var calendar = Foundation.Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return .timed(calendar.date(byAdding: .month, value: months, to: instant) ?? instant, timeZone: identifier)
    }
}
