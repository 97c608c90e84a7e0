import Foundation
import Testing
@testable import TickTUI
import TickActions
import TickModel
import TickStore
import TestSupport

/// Another `tick` changes a reminder while the UI has it open or has a step to undo: the
/// UI writes only what its own action changed, to the reminder as stored then.
@Suite("TUI changes and undo against another process's changes")
struct ConcurrentChangeTests {
    static let christmas = Due.allDay(CalendarDay(year: 2026, month: 12, day: 25) ?? TUIFixture.context.today)

    /// What `tick edit 1 --notes "CLI notes" --priority high --due "dec 25"` does.
    static func cliEdit(_ reminder: inout Reminder) throws {
        reminder.notes = "CLI notes"
        reminder.priority = .high
        _ = try Actions.changeDates(of: &reminder, due: .set(christmas), context: ActionContext(dateContext: TUIFixture.context))
    }

    /// A session over a database holding one reminder, #1 `title`.
    static func harness(with title: String) throws -> SessionHarness {
        try SessionHarness { db, list in
            try db.insert(Reminder(listID: list.id, title: title, createdAt: Fixture.now))
        }
    }

    @Test("saving the detail view keeps fields another tick changed while it was open")
    func detailKeepsOtherChanges() throws {
        let harness = try ConcurrentChangeTests.harness(with: "other")
        harness.press(.character("e"))
        try harness.changeElsewhere(1, ConcurrentChangeTests.cliEdit)
        #expect(harness.session.state.detailEditor?.notice == DetailEditor.changedElsewhereNotice)
        #expect(harness.screen.contains("Changed elsewhere while open"))
        harness.press(.control("u"))
        harness.type("renamed")
        harness.press(.enter)
        let stored = try harness.reminder(1)
        #expect(stored.title == "renamed")
        #expect(stored.notes == "CLI notes")
        #expect(stored.priority == .high)
        #expect(stored.due == ConcurrentChangeTests.christmas)
        // The all-day default alarm, and it has its due date to ring at.
        #expect(stored.alarms.map(\.trigger) == [.relative(seconds: 9 * 3_600, toStart: false)])
    }

    @Test("a due date cleared in the detail view wins over one set meanwhile, and takes its alarms with it")
    func detailClearsDueWithAlarms() throws {
        let harness = try SessionHarness { db, list in
            var reminder = Reminder(listID: list.id, title: "other", createdAt: Fixture.now)
            _ = try Actions.changeDates(of: &reminder, due: .set(.allDay(TUIFixture.context.today.adding(days: 3))),
                                        context: ActionContext(dateContext: TUIFixture.context))
            try db.insert(reminder)
        }
        harness.press(.character("e"))
        try harness.changeElsewhere(1) { reminder in
            try ConcurrentChangeTests.cliEdit(&reminder)
            reminder.alarms.append(Alarm(trigger: .relative(seconds: -3_600, toStart: false)))
        }
        harness.press(.down, .down, .control("u"), .enter)
        let stored = try harness.reminder(1)
        #expect(stored.due == nil) // the last writer wins for the field the user changed
        #expect(stored.alarms.isEmpty) // no alarm is left relative to a due date that is gone
        #expect(stored.notes == "CLI notes")
        #expect(stored.priority == .high)
    }

    @Test("undo that would clear the date of a reminder made repeating meanwhile fails in the status line and changes nothing")
    func undoDueRefusedByRepeat() throws {
        let harness = try ConcurrentChangeTests.harness(with: "other")
        harness.press(.character("e"), .down, .down)
        harness.type("dec 25")
        harness.press(.enter)
        #expect(try harness.reminder(1).due == ConcurrentChangeTests.christmas)
        try harness.changeElsewhere(1) { reminder in
            reminder.recurrence = "FREQ=YEARLY"
            reminder.alarms.append(Alarm(trigger: .relative(seconds: -3_600, toStart: false)))
        }
        harness.press(.character("u"))
        #expect(harness.message.contains("a repeating reminder needs a due date"))
        let stored = try harness.reminder(1)
        #expect(stored.due == ConcurrentChangeTests.christmas) // before, the date went and the rule stayed
        #expect(stored.recurrence == "FREQ=YEARLY")
        #expect(stored.alarms.count == 2)
    }

    @Test("undo of a flag reverts the flag only; title, notes and due date set meanwhile stay")
    func undoFlagKeepsOtherChanges() throws {
        let harness = try ConcurrentChangeTests.harness(with: "other")
        harness.press(.character("f"))
        #expect(try harness.reminder(1).isFlagged)
        try harness.changeElsewhere(1) { reminder in
            reminder.title = "CLI title"
            try ConcurrentChangeTests.cliEdit(&reminder)
        }
        #expect(harness.screen.contains("CLI title"))
        harness.press(.character("u"))
        let stored = try harness.reminder(1)
        #expect(!stored.isFlagged)
        #expect(stored.title == "CLI title")
        #expect(stored.notes == "CLI notes")
        #expect(stored.due == ConcurrentChangeTests.christmas)
        #expect(stored.alarms.count == 1)
        #expect(harness.message.hasPrefix("Undid edit of"))
    }

    @Test("undo leaves a field alone that someone else changed since, and says so")
    func undoDoesNotClobber() throws {
        let harness = try ConcurrentChangeTests.harness(with: "Buy milk")
        harness.press(.character("e"), .control("u"))
        harness.type("Buy oat milk")
        harness.press(.down)
        harness.type("2 liters")
        harness.press(.enter)
        try harness.changeElsewhere(1) { $0.notes = "3 liters" }
        harness.press(.character("u"))
        var stored = try harness.reminder(1)
        #expect(stored.title == "Buy milk") // the UI's own change, undone
        #expect(stored.notes == "3 liters") // someone else's, kept
        #expect(harness.message.contains("kept its notes"))

        harness.press(.character("f"))
        try harness.changeElsewhere(1) { $0.isFlagged = false }
        harness.press(.character("u"))
        stored = try harness.reminder(1)
        #expect(!stored.isFlagged)
        #expect(stored.title == "Buy milk")
        #expect(harness.message.contains("Did not undo"))
        #expect(harness.message.contains("flag"))
    }

    @Test("undo of completing reopens it without touching fields changed since; a reopen elsewhere is respected")
    func undoToggle() throws {
        let harness = try ConcurrentChangeTests.harness(with: "other")
        harness.press(.character(" "))
        #expect(try harness.reminder(1).isCompleted)
        try harness.changeElsewhere(1) { $0.title = "CLI title" }
        harness.press(.character("u"))
        var stored = try harness.reminder(1)
        #expect(!stored.isCompleted)
        #expect(stored.title == "CLI title")

        harness.press(.character(" "))
        try harness.changeElsewhere(1) { $0.completedAt = nil }
        try harness.changeElsewhere(1) { $0.notes = "new" }
        harness.press(.character("u"))
        stored = try harness.reminder(1)
        #expect(!stored.isCompleted)
        #expect(stored.notes == "new")
        #expect(harness.message.contains("Did not undo"))
    }

    @Test("undo of a move to another list puts it back in its place, keeping a title changed since")
    func undoListMove() throws {
        let harness = try SessionHarness { db, list in
            try db.insert(Reminder(listID: list.id, title: "A", createdAt: Fixture.now))
            try db.insert(Reminder(listID: list.id, title: "B", createdAt: Fixture.now))
            try db.insert(ReminderList(name: "Work", createdAt: Fixture.now))
        }
        harness.press(.character("e"), .down, .down, .down, .down, .down, .right, .enter) // A → Work (past Start and Repeat)
        #expect(try harness.reminder(1).listID != harness.reminder(2).listID)
        try harness.changeElsewhere(1) { $0.title = "A2" }
        harness.press(.character("u"))
        #expect(try harness.reminders().map(\.title) == ["A2", "B"])
    }
}
