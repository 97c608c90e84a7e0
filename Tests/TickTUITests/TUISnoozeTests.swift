import Foundation
import Testing
@testable import TickTUI
import TickModel
import TickStore
import TestSupport

@Suite("TUI snooze: z and Z, through Actions.snooze, undoable")
struct TUISnoozeTests {
    private static func harness() throws -> SessionHarness {
        try SessionHarness { db, list in
            try db.insert(Reminder(listID: list.id, title: "Call mom",
                                   alarms: [Alarm(trigger: .absolute(Fixture.now), firedAt: Fixture.now)], createdAt: Fixture.now))
            try db.insert(Reminder(listID: list.id, title: "Done", completedAt: Fixture.now, createdAt: Fixture.now))
        }
    }

    private func snoozes(_ harness: SessionHarness) throws -> [Date] {
        try harness.reminder(1).alarms.filter(\.isSnooze).compactMap {
            if case .absolute(let date) = $0.trigger { return date }
            return nil
        }
    }

    @Test("z snoozes the alarm ten minutes, as tick snooze does without WHEN; u takes the snooze away")
    func tenMinutes() throws {
        let harness = try TUISnoozeTests.harness()
        let alarms = try harness.reminder(1).alarms
        harness.press(.character("z"))
        #expect(try snoozes(harness) == [Fixture.now.addingTimeInterval(600)])
        #expect(harness.message.hasPrefix("Snoozed “Call mom” until Today"))
        harness.press(.character("u"))
        #expect(try harness.reminder(1).alarms == alarms)
        #expect(harness.message == "Undid snooze of “Call mom”.")
    }

    @Test("Z asks until when, in tick snooze's words; an unreadable time is refused and nothing changes",
          arguments: [("1h", 3_600.0), ("2h30m", 9_000.0), ("", 600.0), ("tomorrow 9am", 75_600.0)])
    func asks(text: String, seconds: Double) throws {
        let harness = try TUISnoozeTests.harness()
        harness.press(.character("Z"))
        #expect(harness.screen.contains("Snooze until:"))
        harness.type(text)
        harness.press(.enter)
        #expect(try snoozes(harness) == [Fixture.now.addingTimeInterval(seconds)])
        #expect(harness.session.state.mode == .browse)
    }

    @Test("a time the date words do not read keeps the prompt open with the grammar's error")
    func unreadable() throws {
        let harness = try TUISnoozeTests.harness()
        harness.press(.character("Z"))
        harness.type("someday")
        harness.press(.enter)
        #expect(try snoozes(harness).isEmpty)
        guard case .snooze(let prompt) = harness.session.state.mode else {
            Issue.record("the prompt closed")
            return
        }
        #expect(prompt.error?.contains("someday") == true)
        harness.press(.escape)
        #expect(harness.session.state.mode == .browse)
    }

    @Test("a completed reminder is not snoozed")
    func completed() throws {
        let harness = try TUISnoozeTests.harness()
        harness.press(.character("c"), .down, .character("z"))
        #expect(harness.message == "“Done” is completed; reopen it to snooze it.")
        #expect(try harness.reminder(2).alarms.isEmpty)
    }
}
