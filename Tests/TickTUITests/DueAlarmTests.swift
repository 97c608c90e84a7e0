import Foundation
import Testing
@testable import TickTUI
import TickModel
import TickStore
import TestSupport

/// A due date set in the UI gets its alarms by the command line's rules
/// (`Actions.changeDates`): the default alarm, re-armed alarms, and none left behind.
@Suite("TUI due dates and alarms")
struct DueAlarmTests {
    @Test("a reminder added with a due date gets the default alarm", arguments: [
        ("tomorrow 9am", Alarm.Trigger.relative(seconds: 0, toStart: false)),
        ("dec 25", Alarm.Trigger.relative(seconds: 9 * 3_600, toStart: false)),
    ])
    func addGetsDefaultAlarm(phrase: String, trigger: Alarm.Trigger) throws {
        let harness = try SessionHarness()
        harness.press(.character("a"))
        harness.type("x")
        harness.press(.tab)
        harness.type(phrase)
        harness.press(.enter)
        let stored = try harness.reminder(1)
        #expect(stored.due != nil)
        #expect(stored.alarms.map(\.trigger) == [trigger])
        #expect(stored.alarms.allSatisfy { $0.firedAt == nil })
    }

    @Test("the configured defaults apply (TICK_DEFAULT_ALARM=-10m, TICK_ALL_DAY_ALARM=none)")
    func configuredDefaults() throws {
        let harness = try SessionHarness(alarmDefaults: AlarmDefaults(timedOffset: AlarmOffset(seconds: -600), allDayOffset: nil))
        harness.press(.character("a"))
        harness.type("timed")
        harness.press(.tab)
        harness.type("tomorrow 9am")
        harness.press(.enter, .character("a"))
        harness.type("all day")
        harness.press(.tab)
        harness.type("tomorrow")
        harness.press(.enter)
        #expect(try harness.reminder(1).alarms.map(\.trigger) == [.relative(seconds: -600, toStart: false)])
        #expect(try harness.reminder(2).alarms.isEmpty)
    }

    @Test("an alarm already past when the due date is set is silenced, as on the command line")
    func pastAlarmSilenced() throws {
        let harness = try SessionHarness()
        harness.press(.character("a"))
        harness.type("late")
        harness.press(.tab)
        harness.type("yesterday")
        harness.press(.enter)
        let alarm = try #require(try harness.reminder(1).alarms.first)
        #expect(alarm.isSilenced)
    }

    @Test("setting, changing and clearing a due date in the detail view follows tick edit --due / --no-due")
    func detailDue() throws {
        let harness = try ConcurrentChangeTests.harness(with: "x")
        harness.press(.character("e"), .down, .down)
        harness.type("tomorrow 9am")
        harness.press(.enter)
        #expect(try harness.reminder(1).alarms.map(\.trigger) == [.relative(seconds: 0, toStart: false)])
        harness.press(.character("e"), .down, .down, .control("u"))
        harness.type("dec 25")
        harness.press(.enter)
        // A day alone: its default alarm (09:00) takes the place of the time's, which would
        // ring at midnight; no second alarm is added.
        #expect(try harness.reminder(1).alarms.map(\.trigger) == [.relative(seconds: 9 * 3_600, toStart: false)])
        harness.press(.character("e"), .down, .down, .control("u"), .enter)
        #expect(try harness.reminder(1).alarms.isEmpty)
        harness.press(.character("u")) // undo of clearing brings the date and its alarm back
        let stored = try harness.reminder(1)
        #expect(stored.due == .allDay(try #require(CalendarDay(year: 2026, month: 12, day: 25))))
        #expect(stored.alarms.map(\.trigger) == [.relative(seconds: 9 * 3_600, toStart: false)])
    }

    @Test("a repeating reminder cannot lose its due date in the detail view; the view says why")
    func repeatingKeepsDue() throws {
        let harness = try SessionHarness { db, list in
            try db.insert(Reminder(listID: list.id, title: "water plants", due: .allDay(TUIFixture.context.today),
                                   recurrence: "FREQ=DAILY", createdAt: Fixture.now))
        }
        harness.press(.character("e"), .down, .down, .control("u"), .enter)
        #expect(harness.session.state.detailEditor?.error?.contains("repeating reminder needs a due date") == true)
        #expect(try harness.reminder(1).due != nil)
    }

    @Test("a repeating reminder's due date is cleared in the detail view by stopping the repeat on its Repeat field; undo brings both back")
    func stopRepeating() throws {
        let due = Due.allDay(try #require(CalendarDay(year: 2026, month: 12, day: 3)))
        let harness = try SessionHarness { db, list in
            _ = try db.insert(Reminder(listID: list.id, title: "Pills", due: due, recurrence: "FREQ=DAILY", createdAt: Fixture.now))
        }
        harness.press(.character("e"), .down, .down, .control("u"), .enter)
        // Refused by the rule, the view stays open and says how to stop the repeat.
        #expect(harness.screen.contains("a repeating reminder needs a due date; stop it repeating first"))
        #expect(try harness.reminder(1).due == due)
        harness.press(.down, .down) // Repeat, past Start
        #expect(harness.screen.contains("Repeat    ‹ Daily ›"))
        harness.press(.control("u"))
        #expect(harness.screen.contains("Repeat    ‹ stops repeating ›"))
        harness.press(.enter)
        var stored = try harness.reminder(1)
        #expect(stored.due == nil && stored.recurrence == nil && stored.alarms.isEmpty)
        harness.press(.character("u"))
        stored = try harness.reminder(1)
        #expect(stored.due == due && stored.recurrence == "FREQ=DAILY")
        // Stopping the repeat alone keeps the date.
        harness.press(.character("e"), .down, .down, .down, .down, .character(" "), .enter)
        stored = try harness.reminder(1)
        #expect(stored.due == due && stored.recurrence == nil)
        // A reminder that does not repeat shows so, and its Repeat field changes nothing.
        harness.press(.character("e"), .down, .down, .down, .down, .control("u"))
        #expect(harness.screen.contains("Repeat    does not repeat"))
        harness.press(.enter)
        #expect(try harness.reminder(1) == stored)
    }
}
