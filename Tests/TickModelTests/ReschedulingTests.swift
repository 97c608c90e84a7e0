import Foundation
import Testing
import TickModel
import TestSupport

/// The due-date rules every caller shares (`tick add`, `tick edit`, the UI).
@Suite("Reminder.setDue: alarms and repeats follow the due date")
struct ReschedulingTests {
    static let zone = TimeZone(identifier: "UTC") ?? .gmt
    static let christmas = CalendarDay(year: 2026, month: 12, day: 25).map(Due.allDay)

    @Test("a new due date gets the default alarm once; clearing it removes the alarms relative to it")
    func setAndClear() throws {
        let christmas = try #require(ReschedulingTests.christmas)
        var reminder = Reminder(listID: ReminderList.ID(rawValue: "L"), title: "x", createdAt: Fixture.now)
        reminder.alarms = [Alarm(trigger: .absolute(Fixture.now.addingTimeInterval(86_400)))]
        try reminder.setDue(christmas, defaults: AlarmDefaults(), now: Fixture.now, in: ReschedulingTests.zone)
        #expect(reminder.alarms.count == 1) // it had an alarm: no default added
        reminder.alarms = []
        try reminder.setDue(christmas, defaults: AlarmDefaults(), now: Fixture.now, in: ReschedulingTests.zone)
        #expect(reminder.alarms.map(\.trigger) == [.relative(seconds: 9 * 3_600, toStart: false)])
        let result = try reminder.setDue(nil, defaults: AlarmDefaults(), now: Fixture.now, in: ReschedulingTests.zone)
        #expect(result.removedAlarms == 1)
        #expect(reminder.due == nil)
        #expect(reminder.alarms.isEmpty)
    }

    @Test("a repeating reminder keeps its due date unless the repeat stops too")
    func repeating() throws {
        var reminder = Reminder(listID: ReminderList.ID(rawValue: "L"), title: "x", due: try #require(ReschedulingTests.christmas),
                                recurrence: "FREQ=DAILY", createdAt: Fixture.now)
        #expect(throws: ModelError.repeatNeedsDueDate) {
            try reminder.setDue(nil, defaults: AlarmDefaults(), now: Fixture.now, in: ReschedulingTests.zone)
        }
        #expect(try reminder.removeDue(stopsRepeating: true) == 0)
        #expect(reminder.due == nil)
    }
}
