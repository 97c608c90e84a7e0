import Foundation
import TickModel

/// The repeat rule and alarms a request sets beside the dates: what `tick add` and
/// `tick edit` say with `--repeat`, `--repeat-from`, `--alarm`, `--remind` and
/// `--no-alarm`. Values are already read (a rule's text checked, a phrase turned into an
/// instant); the rules that combine them with the due date are the actions'.
public struct ScheduleEdit: Hashable, Sendable {
    /// The rule (`FREQ=DAILY`) to repeat by; `clear` stops repeating.
    public var recurrence: FieldEdit<RecurrenceRule>
    /// What the next occurrence counts from; nil leaves it.
    public var recurrenceBasis: RecurrenceBasis?
    /// Remove every alarm first (with `alarmOffsets` or `alarmInstants`: replace them).
    public var removesAlarms: Bool
    /// Alarms relative to the due date.
    public var alarmOffsets: [AlarmOffset]
    /// Alarms at fixed instants.
    public var alarmInstants: [Date]

    /// A schedule edit; with no arguments, one that changes nothing.
    public init(recurrence: FieldEdit<RecurrenceRule> = .keep, recurrenceBasis: RecurrenceBasis? = nil,
                removesAlarms: Bool = false, alarmOffsets: [AlarmOffset] = [], alarmInstants: [Date] = []) {
        self.recurrence = recurrence
        self.recurrenceBasis = recurrenceBasis
        self.removesAlarms = removesAlarms
        self.alarmOffsets = alarmOffsets
        self.alarmInstants = alarmInstants
    }

    /// Whether it gives the reminder alarms of its own (then no default alarm is added).
    var addsAlarms: Bool { !alarmOffsets.isEmpty || !alarmInstants.isEmpty }
}
