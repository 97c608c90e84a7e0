import Foundation
import TickModel

/// Due and start dates with everything that follows them: the repeat rule checked
/// against the date, the date moved onto the rule, the default alarm, alarms re-armed,
/// relative alarms removed with a cleared date, and alarms already past silenced.
///
/// The one place these rules are put together: `add`, `edit` and the terminal UI's
/// changes all come here. The single rules are the model's (``Reminder/checkingRecurrence(in:)``,
/// ``Reminder/synchronizedWithRecurrence(in:)``, ``Reminder/armAlarmsForNewDate(defaults:previousDue:)``,
/// ``Reminder/removeDue(stopsRepeating:)``, ``Reminder/silenceAlarms(dueBy:in:)``).
extension Actions {
    /// Changes the due and start dates of `reminder`, then its repeat rule and alarms, by
    /// the rules above. Nothing is written; the caller saves the reminder.
    ///
    /// Example (built-in defaults, UTC): no alarms, due set to all-day 2026-12-25 → one
    /// alarm `+PT9H` relative to the due date; due then cleared → no alarms, and the note
    /// `.dueAlarmsRemoved(1)`.
    ///
    /// - Parameters:
    ///   - due: the due date's change.
    ///   - start: the start date's change.
    ///   - schedule: the repeat rule and alarms to set beside them.
    ///   - context: the clock (past alarms), zone (all-day and floating dates) and defaults.
    /// - Returns: what the rules did beyond what was asked, in the order it happened.
    /// - Throws: `ActionError` when a rule refuses: `.dueNeededByRepeat` (clearing the
    ///   date of a reminder that keeps repeating), `.repeatNeedsDueDate`,
    ///   `.repeatBasisNeedsRepeat`, `.recurrenceDoesNotFit`, `.alarmNeedsDueDate`,
    ///   `.startAfterDue` (a date set leaves the start after the due date).
    public static func changeDates(of reminder: inout Reminder, due: FieldEdit<Due>, start: FieldEdit<Due> = .keep,
                                   schedule: ScheduleEdit = ScheduleEdit(), context: ActionContext) throws(ActionError) -> [ActionNote] {
        let previousDue = reminder.due
        var notes = try setDates(of: &reminder, due: due, start: start, stopsRepeating: schedule.recurrence == .clear)
        notes += try applySchedule(schedule, to: &reminder, datesChanged: due.newValue != nil || start.newValue != nil,
                                   previousDue: previousDue, context: context)
        return notes
    }

    /// Sets or clears the dates, without the rules that follow a new date (those are
    /// ``applySchedule(_:to:datesChanged:context:)``'s). A cleared due date takes the
    /// alarms relative to it along.
    /// - Throws: `ActionError.dueNeededByRepeat` when clearing the due date of a
    ///   repeating reminder and `stopsRepeating` is false.
    static func setDates(of reminder: inout Reminder, due: FieldEdit<Due>, start: FieldEdit<Due>,
                         stopsRepeating: Bool) throws(ActionError) -> [ActionNote] {
        var notes: [ActionNote] = []
        switch due {
        case .keep: break
        case .set(let value): reminder.due = value
        case .clear:
            let removed: Int
            do { removed = try reminder.removeDue(stopsRepeating: stopsRepeating) } catch { throw .dueNeededByRepeat }
            if removed > 0 { notes.append(.dueAlarmsRemoved(removed)) }
        }
        reminder.start = start.applied(to: reminder.start)
        return notes
    }

    /// Applies a repeat rule and alarms to `reminder`, and what a new date brings.
    ///
    /// - Parameter datesChanged: whether a due or start date was just set (a new reminder
    ///   with a date, or an edit of one): then a repeating date is checked and moved onto
    ///   its rule, relative alarms ring again, and a reminder left without alarms gets
    ///   the default one (unless `schedule` adds or removes alarms).
    /// - Throws: `ActionError` as ``changeDates(of:due:start:schedule:context:)``.
    /// - Parameter previousDue: the due date before the change, for the default alarm of a
    ///   date that changed kind (``Reminder/armAlarmsForNewDate(defaults:previousDue:)``).
    static func applySchedule(_ schedule: ScheduleEdit, to reminder: inout Reminder, datesChanged: Bool,
                              previousDue: Due? = nil, context: ActionContext) throws(ActionError) -> [ActionNote] {
        let zone = context.timeZone
        var notes: [ActionNote] = []
        switch schedule.recurrence {
        case .keep: break
        case .clear:
            reminder.recurrence = nil
            reminder.recurrenceBasis = .due
        case .set(let rule):
            guard reminder.due ?? reminder.start != nil else { throw .repeatNeedsDueDate }
            reminder.recurrence = rule
        }
        if let basis = schedule.recurrenceBasis {
            guard reminder.recurrence != nil else { throw .repeatBasisNeedsRepeat }
            reminder.recurrenceBasis = basis
        }
        if let kept = reminder.recurrence, schedule.recurrence.newValue == nil, datesChanged, kept.rule == nil {
            // A rule Tick cannot expand (kept as an import gave it) is no reason to refuse a new
            // date (a tester: `edit --due` said "--due: cannot repeat 'FREQ=HOURLY…'").
            var reason = "Tick cannot read it"
            do { _ = try kept.read() } catch { if case .invalidRecurrence(_, let why) = error { reason = why } }
            notes.append(.ruleKeptAsWritten(rule: kept.rruleValue, reason: reason))
        } else if reminder.recurrence != nil, schedule.recurrence.newValue != nil || datesChanged {
            do {
                let (checked, untilChange) = try reminder.checkingRecurrence(in: zone)
                reminder = checked
                if let untilChange { notes.append(.untilChanged(old: untilChange.old, new: untilChange.new)) }
            } catch {
                throw .recurrenceDoesNotFit(error)
            }
            let before = reminder.due ?? reminder.start
            reminder = reminder.synchronizedWithRecurrence(in: zone)
            if let after = reminder.due ?? reminder.start, after != before {
                // On its day already, only the time moved (a tester: "the first day of its rule").
                let sameDay = before.map { $0.day(in: zone) == after.day(in: zone) } ?? false
                notes.append(sameDay ? .dueTimeMovedOntoRule(after) : .dueMovedOntoRule(after))
            }
        }
        if datesChanged, reminder.hasStartAfterDue(in: zone), let start = reminder.start, let due = reminder.due {
            throw .startAfterDue(start: start, due: due)
        }
        if schedule.removesAlarms { reminder.alarms = [] }
        if !schedule.alarmOffsets.isEmpty && reminder.due ?? reminder.start == nil { throw .alarmNeedsDueDate }
        // An offset counts from the due date; on a reminder with only a start date it
        // counts from the start (RFC 5545 RELATED=START), which is what it rings by.
        let toStart = reminder.due == nil
        let added = schedule.alarmOffsets.map { offset in
            Alarm(trigger: .relative(seconds: offset.seconds, toStart: toStart), isExactOffset: offset.isExact)
        } + schedule.alarmInstants.map { Alarm(trigger: .absolute($0)) }
        // Alarms this change sets ringing: those it adds, and with a new date the default
        // alarm and the relative alarms re-armed for it. Any of them already past is said.
        var armed = Set<String>()
        if datesChanged {
            reminder.armAlarmsForNewDate(defaults: schedule.addsAlarms || schedule.removesAlarms ? nil : context.alarmDefaults,
                                         previousDue: previousDue)
            for alarm in reminder.alarms where !alarm.isSnooze {
                if case .relative = alarm.trigger { armed.insert(alarm.uid) }
            }
        }
        // The same alarm twice (`--alarm -1h --alarm -60m`, or one the reminder has) rings once.
        for alarm in added {
            if let same = reminder.alarms.first(where: { sameRing($0, alarm) }) {
                armed.insert(same.uid)
            } else {
                reminder.alarms.append(alarm)
                armed.insert(alarm.uid)
            }
        }
        reminder.silenceAlarms(dueBy: context.now, in: zone)
        for alarm in reminder.alarms where armed.contains(alarm.uid) {
            if let date = reminder.fireDate(of: alarm, in: zone), date <= context.now { notes.append(.alarmInPast(date)) }
        }
        return notes
    }

    /// Whether two alarms ring at the same moment by the same rule: the same trigger
    /// (offset and what it counts from, or instant) and exactness; snooze alarms never
    /// count as the same as the user's own.
    static func sameRing(_ a: Alarm, _ b: Alarm) -> Bool {
        a.trigger == b.trigger && a.isExactOffset == b.isExactOffset && !a.isSnooze && !b.isSnooze
    }
}
