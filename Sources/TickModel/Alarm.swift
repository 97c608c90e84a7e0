import Foundation

/// When a reminder alerts the user: an iCalendar `VALARM` with a `TRIGGER`
/// (RFC 5545 §3.6.6, §3.8.6.3).
public struct Alarm: Hashable, Sendable {
    /// What the trigger is measured from.
    public enum Trigger: Hashable, Sendable {
        /// `seconds` after (negative: before) the due date (`RELATED=END` on a VTODO) or
        /// the start date (`RELATED=START`, the iCalendar default).
        case relative(seconds: Int, toStart: Bool)
        /// An absolute instant (`TRIGGER;VALUE=DATE-TIME`).
        case absolute(Date)
    }

    /// The `UID` of the VALARM when it had one, else a fresh UUID string.
    public var uid: String
    public var trigger: Trigger
    /// When it was delivered (or marked so, see `isSilenced`); nil while pending.
    /// Setting it to nil (re-arming) also clears `isSilenced`.
    public var firedAt: Date? {
        didSet { if firedAt == nil { isSilenced = false } }
    }
    /// Whether it was marked fired without ringing, because its time was already past
    /// when it was set, imported, or re-armed (`Reminder.silenceAlarms(dueBy:in:)`).
    public var isSilenced: Bool = false
    /// Whether this is a one-off alarm made by snoozing (`tick snooze`, the "Snooze"
    /// action; RFC 9074 §7 calls these snooze alarms). It is dropped when the
    /// occurrence is completed, and replaced by the next snooze.
    public var isSnooze: Bool
    /// Whether a relative trigger is all exact time (`-PT24H`, `--alarm -24h`: 24 real
    /// hours, 23 or 25 on the wall clock across a DST change) rather than nominal days
    /// plus exact time (`-P1D`: the same wall-clock time a day earlier). RFC 5545 §3.3.6:
    /// "the duration of a week or a day depends on its position in the calendar", hours
    /// do not. The trigger's seconds alone cannot tell `P1D` from `PT24H`, so without
    /// this flag whole days (multiples of 86 400 s) count as nominal days.
    public var isExactOffset: Bool

    /// Creates an alarm.
    public init(uid: String = RandomUUID.string(), trigger: Trigger, firedAt: Date? = nil, isSnooze: Bool = false,
                isExactOffset: Bool = false, isSilenced: Bool = false) {
        self.uid = uid
        self.trigger = trigger
        self.firedAt = firedAt
        self.isSnooze = isSnooze
        self.isExactOffset = isExactOffset
        self.isSilenced = isSilenced && firedAt != nil
    }
}

/// A relative alarm offset as read from the command line or an RFC 5545 duration:
/// signed seconds, and whether they are all exact time (see `Alarm.isExactOffset`).
public struct AlarmOffset: Hashable, Sendable {
    /// Seconds, negative before the date the alarm is relative to.
    public var seconds: Int
    /// Whether the offset is all exact time (`-24h`, `-PT36H`) rather than nominal
    /// days plus exact time (`-1d`, `-P1DT2H`).
    public var isExact: Bool

    /// An offset of `seconds`; `isExact` as for `Alarm.isExactOffset`.
    public init(seconds: Int, isExact: Bool = false) {
        self.seconds = seconds
        self.isExact = isExact
    }

    /// A relative alarm (to the due date) with this offset.
    public func alarm() -> Alarm {
        Alarm(trigger: .relative(seconds: seconds, toStart: false), isExactOffset: isExact)
    }
}

extension Alarm {
    /// Reads an RFC 5545 duration (§3.3.6): `[+|-]P[nW]` or `[+|-]P[nD][T[nH][nM][nS]]`,
    /// e.g. `-PT15M`, `P1DT2H`, `PT0S`, `-P1W`. Returns seconds, negative before.
    /// Returns nil for anything else (no parts, unknown letters, a `T` with nothing after).
    public static func seconds(fromDuration text: String) -> Int? {
        offset(fromDuration: text)?.seconds
    }

    /// Reads an RFC 5545 duration (§3.3.6) like ``seconds(fromDuration:)``, also saying
    /// whether it is all exact time: its time part (after `T`) is a day or more
    /// (`-PT24H`, `P1DT30H`), so whole days cannot be read as nominal days.
    public static func offset(fromDuration text: String) -> AlarmOffset? {
        var scalars = Substring(text.trimmingWhiteSpace().uppercased())
        var sign = 1
        if scalars.hasPrefix("-") { sign = -1; scalars = scalars.dropFirst() }
        else if scalars.hasPrefix("+") { scalars = scalars.dropFirst() }
        guard scalars.hasPrefix("P") else { return nil }
        scalars = scalars.dropFirst()
        var total = 0
        var number = ""
        var inTime = false
        var sawPart = false
        var sawTimePart = false
        var timeTotal = 0
        for character in scalars {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            if character == "T" {
                guard number.isEmpty, !inTime else { return nil }
                inTime = true
                continue
            }
            guard let value = Int(number) else { return nil }
            number = ""
            let unit: Int
            switch (character, inTime) {
            case ("W", false): unit = 604_800
            case ("D", false): unit = 86_400
            case ("H", true): unit = 3_600
            case ("M", true): unit = 60
            case ("S", true): unit = 1
            default: return nil
            }
            let (product, overflow) = value.multipliedReportingOverflow(by: unit)
            guard !overflow else { return nil }
            total += product
            sawPart = true
            if inTime {
                sawTimePart = true
                timeTotal += product
            }
        }
        guard number.isEmpty, sawPart, !inTime || sawTimePart else { return nil }
        return AlarmOffset(seconds: sign * total, isExact: timeTotal >= 86_400)
    }
}
