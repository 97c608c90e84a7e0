import Foundation
import Testing
import TickActions
import TickModel
import TestSupport

/// The one place a due date's alarms and repeat rule are put together (`changeDates`).
@Suite("Actions.changeDates: alarms and repeats follow the due date")
struct ScheduleActionTests {
    static let context = ActionFixture.context
    static let christmas = ActionFixture.december(25)

    func reminder(due: Due? = nil, recurrence: RecurrenceRule? = nil, alarms: [Alarm] = []) -> Reminder {
        Reminder(listID: ReminderList.ID(rawValue: "L"), title: "x", due: due, recurrence: recurrence, alarms: alarms,
                 createdAt: Fixture.now)
    }

    @Test("a new due date gets the default alarm once; clearing it removes the alarms relative to it, with a note")
    func setAndClear() throws {
        var reminder = reminder(alarms: [Alarm(trigger: .absolute(Fixture.now.addingTimeInterval(86_400)))])
        _ = try Actions.changeDates(of: &reminder, due: .set(Self.christmas), context: Self.context)
        #expect(reminder.alarms.count == 1) // it had an alarm: no default added
        reminder.alarms = []
        _ = try Actions.changeDates(of: &reminder, due: .set(Self.christmas), context: Self.context)
        #expect(reminder.alarms.map(\.trigger) == [.relative(seconds: 9 * 3_600, toStart: false)])
        let notes = try Actions.changeDates(of: &reminder, due: .clear, context: Self.context)
        #expect(notes == [.dueAlarmsRemoved(1)])
        #expect(reminder.due == nil)
        #expect(reminder.alarms.isEmpty)
    }

    @Test("defect: the default alarm of an all-day date rang 9 hours after a time given later (and a time's at midnight of a day)")
    func defaultAlarmFollowsTheKindOfDate() throws {
        let nine = Alarm.Trigger.relative(seconds: 9 * 3_600, toStart: false)
        let atTime = Alarm.Trigger.relative(seconds: 0, toStart: false)
        var reminder = reminder()
        _ = try Actions.changeDates(of: &reminder, due: .set(Self.christmas), context: Self.context)
        #expect(reminder.alarms.map(\.trigger) == [nine])
        // A time on the same day: the default alarm of a time, at 15:00, not 09:00 after it.
        _ = try Actions.changeDates(of: &reminder, due: .set(ActionFixture.decemberAt(25, 15)), context: Self.context)
        #expect(reminder.alarms.map(\.trigger) == [atTime])
        #expect(reminder.fireDate(of: reminder.alarms[0], in: ActionFixture.seoul) == reminder.due?.deadline(in: ActionFixture.seoul))
        // Another time: the alarm stays (the same kind of date).
        let uid = reminder.alarms[0].uid
        _ = try Actions.changeDates(of: &reminder, due: .set(ActionFixture.decemberAt(26, 10)), context: Self.context)
        #expect(reminder.alarms.map(\.uid) == [uid])
        // Back to a day alone: 09:00 that day, not midnight.
        _ = try Actions.changeDates(of: &reminder, due: .set(ActionFixture.december(27)), context: Self.context)
        #expect(reminder.alarms.map(\.trigger) == [nine])

        // An alarm the user chose stays whatever the date becomes; so do two alarms.
        var chosen = self.reminder(due: Self.christmas, alarms: [Alarm(trigger: .relative(seconds: -3_600, toStart: false))])
        _ = try Actions.changeDates(of: &chosen, due: .set(ActionFixture.decemberAt(25, 15)), context: Self.context)
        #expect(chosen.alarms.map(\.trigger) == [.relative(seconds: -3_600, toStart: false)])
        var two = self.reminder(due: Self.christmas, alarms: [Alarm(trigger: nine), Alarm(trigger: .relative(seconds: -86_400, toStart: false))])
        _ = try Actions.changeDates(of: &two, due: .set(ActionFixture.decemberAt(25, 15)), context: Self.context)
        #expect(two.alarms.map(\.trigger) == [nine, .relative(seconds: -86_400, toStart: false)])
        // Alarms given with the change are the ones it gets.
        var given = self.reminder(due: Self.christmas, alarms: [Alarm(trigger: nine)])
        _ = try Actions.changeDates(of: &given, due: .set(ActionFixture.decemberAt(25, 15)),
                                    schedule: ScheduleEdit(alarmOffsets: [AlarmOffset(seconds: -600)]), context: Self.context)
        #expect(given.alarms.map(\.trigger) == [nine, .relative(seconds: -600, toStart: false)])
    }

    @Test("defect: an edit from all-day to a time kept the all-day date's 09:00 alarm (tick edit, the API, the UI)")
    func editFollowsTheKindOfDate() throws {
        let fixture = try ActionFixture()
        _ = try fixture.actions.add(NewReminder(title: "Dentist", due: ActionFixture.december(10)))
        let edited = try fixture.actions.edit(Reminder.Number(1), ReminderEdit(due: .set(ActionFixture.decemberAt(10, 15))))
        #expect(edited.reminder.alarms.map(\.trigger) == [.relative(seconds: 0, toStart: false)])
        #expect(try fixture.reminder(1).alarms.map(\.trigger) == [.relative(seconds: 0, toStart: false)])
    }

    @Test("the defaults of the context are the ones given: none for all-day dates means no alarm")
    func configuredDefaults() throws {
        let context = ActionContext(dateContext: ActionFixture.dates, alarmDefaults: AlarmDefaults(allDayOffset: nil))
        var reminder = reminder()
        _ = try Actions.changeDates(of: &reminder, due: .set(Self.christmas), context: context)
        #expect(reminder.alarms.isEmpty)
    }

    @Test("a repeating reminder keeps its due date unless the repeat stops too")
    func repeatingKeepsDate() throws {
        var reminder = reminder(due: Self.christmas, recurrence: "FREQ=DAILY")
        #expect(throws: ActionError.dueNeededByRepeat) {
            try Actions.changeDates(of: &reminder, due: .clear, context: Self.context)
        }
        _ = try Actions.changeDates(of: &reminder, due: .clear, schedule: ScheduleEdit(recurrence: .clear), context: Self.context)
        #expect(reminder.due == nil)
        #expect(reminder.recurrence == nil)
    }

    /// t72: `tick edit 1 --due …` of a to-do imported with `FREQ=HOURLY` said "--due: cannot
    /// repeat 'FREQ=HOURLY;INTERVAL=2'" (exit 64, no --repeat given).
    @Test("a new date under a rule Tick cannot expand keeps the rule as written, with a note")
    func newDateUnderUnreadableRule() throws {
        var reminder = reminder(due: Self.christmas, recurrence: "FREQ=HOURLY;INTERVAL=2")
        let newYear = try #require(CalendarDay(year: 2027, month: 1, day: 1))
        let notes = try Actions.changeDates(of: &reminder, due: .set(.allDay(newYear)), context: Self.context)
        #expect(reminder.due == .allDay(newYear))
        #expect(reminder.recurrence?.rruleValue == "FREQ=HOURLY;INTERVAL=2")
        #expect(notes.contains(.ruleKeptAsWritten(rule: "FREQ=HOURLY;INTERVAL=2",
                                                  reason: "FREQ=HOURLY is not supported; use DAILY, WEEKLY, MONTHLY or YEARLY")), "\(notes)")
        // A rule given with the date is still checked.
        #expect(throws: ActionError.self) {
            try Actions.changeDates(of: &reminder, due: .set(Self.christmas),
                                    schedule: ScheduleEdit(recurrence: .set("FREQ=HOURLY")), context: Self.context)
        }
    }

    /// t74: a rule that moved only the time on the due date's day said "the first day of its rule".
    @Test("a rule's time on the due date's day moves only the time, and the note says so")
    func timeMovedOntoRule() throws {
        var reminder = reminder()
        let nine = Due.timed(Date(timeIntervalSince1970: 1_796_601_600), timeZone: TimeZoneIdentifier("Asia/Seoul")) // Mon 2026-12-07 09:00 KST
        let notes = try Actions.changeDates(of: &reminder, due: .set(nine),
                                            schedule: ScheduleEdit(recurrence: .set("FREQ=WEEKLY;BYDAY=MO;BYHOUR=6;BYMINUTE=55")),
                                            context: Self.context)
        let fiveToSeven = Due.timed(Date(timeIntervalSince1970: 1_796_601_600 - 7_500), timeZone: TimeZoneIdentifier("Asia/Seoul"))
        #expect(reminder.due == fiveToSeven)
        #expect(notes.contains(.dueTimeMovedOntoRule(fiveToSeven)), "\(notes)")
        #expect(!notes.contains { if case .dueMovedOntoRule = $0 { return true } else { return false } })
    }

    @Test("refusals: a rule, a basis or a relative alarm without a date to count from")
    func refusals() {
        var reminder = reminder()
        #expect(throws: ActionError.repeatNeedsDueDate) {
            try Actions.changeDates(of: &reminder, due: .keep, schedule: ScheduleEdit(recurrence: .set("FREQ=DAILY")),
                                    context: Self.context)
        }
        #expect(throws: ActionError.repeatBasisNeedsRepeat) {
            try Actions.changeDates(of: &reminder, due: .keep, schedule: ScheduleEdit(recurrenceBasis: .completion),
                                    context: Self.context)
        }
        #expect(throws: ActionError.alarmNeedsDueDate) {
            try Actions.changeDates(of: &reminder, due: .keep, schedule: ScheduleEdit(alarmOffsets: [AlarmOffset(seconds: -600)]),
                                    context: Self.context)
        }
        #expect(reminder.recurrence == nil && reminder.alarms.isEmpty)
    }

    @Test("a rule with no day from the date is refused with the model's reason")
    func ruleWithoutDay() {
        var reminder = reminder()
        #expect {
            try Actions.changeDates(of: &reminder, due: .set(Self.christmas),
                                    schedule: ScheduleEdit(recurrence: .set("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30")),
                                    context: Self.context)
        } throws: { error in
            guard case .recurrenceDoesNotFit(let reason)? = error as? ActionError else { return false }
            return reason.description.contains("no day on which it occurs")
        }
    }

    @Test("notes: the date moved onto the rule's first day, UNTIL given the date's type")
    func ruleNotes() throws {
        // 2026-12-01 is a Tuesday; every Friday starts on Friday 2026-12-04.
        var reminder = reminder()
        let notes = try Actions.changeDates(of: &reminder, due: .set(ActionFixture.december(1)),
                                            schedule: ScheduleEdit(recurrence: .set("FREQ=WEEKLY;BYDAY=FR;UNTIL=20261231T120000Z")),
                                            context: Self.context)
        #expect(notes == [.untilChanged(old: "20261231T120000Z", new: "20261231"), .dueMovedOntoRule(ActionFixture.december(4))])
        #expect(reminder.due == ActionFixture.december(4))
        #expect(reminder.recurrence == "FREQ=WEEKLY;BYDAY=FR;UNTIL=20261231")
    }

    @Test("an alarm asked for in the past is noted once and silenced; the same alarm twice is kept once")
    func pastAndDuplicateAlarms() throws {
        var reminder = reminder()
        let past = Fixture.now.addingTimeInterval(-3_600)
        let notes = try Actions.changeDates(of: &reminder, due: .set(ActionFixture.decemberAt(1, 9)),
                                            schedule: ScheduleEdit(alarmOffsets: [AlarmOffset(seconds: -3_600), AlarmOffset(seconds: -3_600)],
                                                                   alarmInstants: [past]),
                                            context: Self.context)
        #expect(notes == [.alarmInPast(past)])
        #expect(reminder.alarms.count == 2) // no default: alarms were given
        #expect(reminder.alarms.last?.isSilenced == true)
        #expect(reminder.alarms.first?.firedAt == nil)
    }

    @Test("the default alarm, or an alarm re-armed for a new date, already past is noted like one asked for")
    func pastDefaultAlarm() throws {
        // Fixture.now is 2026-11-29 21:00 in Seoul: today's 09:00 default alarm is past.
        let today = Due.allDay(ActionFixture.dates.today)
        let nineToday = try #require(Reminder(listID: ReminderList.ID(rawValue: "L"), title: "x", due: today, createdAt: Fixture.now)
            .fireDate(of: Alarm.defaultAlarm(for: today), in: ActionFixture.seoul))
        var reminder = reminder()
        let notes = try Actions.changeDates(of: &reminder, due: .set(today), context: Self.context)
        #expect(notes == [.alarmInPast(nineToday)])
        #expect(reminder.alarms.count == 1 && reminder.alarms[0].isSilenced)
        // Moved to a future date, the alarm rings again, with nothing to say.
        #expect(try Actions.changeDates(of: &reminder, due: .set(Self.christmas), context: Self.context).isEmpty)
        #expect(reminder.alarms[0].firedAt == nil)
        // Moved back to today, the re-armed alarm is past again, and said to be.
        #expect(try Actions.changeDates(of: &reminder, due: .set(today), context: Self.context) == [.alarmInPast(nineToday)])
        // A change that sets no date says nothing of alarms it did not arm.
        #expect(try Actions.changeDates(of: &reminder, due: .keep, context: Self.context).isEmpty)
    }

    @Test("an alarm offset on a reminder with only a start date counts from the start (RELATED=START)")
    func alarmOnStartOnly() throws {
        var reminder = reminder()
        _ = try Actions.changeDates(of: &reminder, due: .keep, start: .set(ActionFixture.decemberAt(3, 9)),
                                    schedule: ScheduleEdit(alarmOffsets: [AlarmOffset(seconds: -600)]), context: Self.context)
        #expect(reminder.alarms.map(\.trigger) == [.relative(seconds: -600, toStart: true)])
        let nine = ActionFixture.decemberAt(3, 9).sortInstant(in: ActionFixture.seoul)
        #expect(reminder.fireDate(of: reminder.alarms[0], in: ActionFixture.seoul) == nine.addingTimeInterval(-600))
        #expect(reminder.countsFromStart(reminder.alarms[0]) == true)
        // With a due date, an offset counts from the due date.
        _ = try Actions.changeDates(of: &reminder, due: .set(ActionFixture.decemberAt(4, 9)),
                                    schedule: ScheduleEdit(alarmOffsets: [AlarmOffset(seconds: -60)]), context: Self.context)
        #expect(reminder.alarms.map(\.trigger) == [.relative(seconds: -600, toStart: true), .relative(seconds: -60, toStart: false)])
    }

    @Test("a start date after the due date is refused, whichever date moves; the same day and an all-day due date's day are not")
    func startAfterDue() throws {
        var reminder = reminder(due: ActionFixture.december(3))
        #expect(throws: ActionError.startAfterDue(start: ActionFixture.december(4), due: ActionFixture.december(3))) {
            try Actions.changeDates(of: &reminder, due: .keep, start: .set(ActionFixture.december(4)), context: Self.context)
        }
        _ = try Actions.changeDates(of: &reminder, due: .keep, start: .set(ActionFixture.december(3)), context: Self.context)
        _ = try Actions.changeDates(of: &reminder, due: .keep, start: .set(ActionFixture.decemberAt(3, 23)), context: Self.context)
        #expect(throws: ActionError.startAfterDue(start: ActionFixture.decemberAt(3, 23), due: ActionFixture.decemberAt(3, 22))) {
            try Actions.changeDates(of: &reminder, due: .set(ActionFixture.decemberAt(3, 22)), context: Self.context)
        }
        #expect(throws: ActionError.startAfterDue(start: ActionFixture.decemberAt(3, 23), due: ActionFixture.december(2))) {
            try Actions.changeDates(of: &reminder, due: .set(ActionFixture.december(2)), context: Self.context)
        }
        _ = try Actions.changeDates(of: &reminder, due: .set(ActionFixture.decemberAt(3, 23)), context: Self.context)
        #expect(reminder.start == ActionFixture.decemberAt(3, 23) && reminder.due == ActionFixture.decemberAt(3, 23))
    }
}
