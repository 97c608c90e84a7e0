import Foundation
import TickModel

/// What every action reads besides the database: the clock, the user's time zone and
/// locale, and the default alarms. Front ends build it once from their environment
/// (the CLI from `TICK_NOW`, `TZ`, `LC_*`, `TICK_DEFAULT_ALARM`); tests build it from
/// fixed values. Actions never read the environment or the clock themselves.
public struct ActionContext: Sendable {
    /// The clock, zone and locale dates are read and shown in.
    public var dateContext: DateContext
    /// The alarm a due date gets when it is given none of its own.
    public var alarmDefaults: AlarmDefaults

    /// The current instant, stamped on every change.
    public var now: Date { dateContext.now }
    /// The user's time zone.
    public var timeZone: TimeZone { dateContext.timeZone }

    /// A context from a date context and alarm defaults (the built-in ones by default).
    public init(dateContext: DateContext, alarmDefaults: AlarmDefaults = AlarmDefaults()) {
        self.dateContext = dateContext
        self.alarmDefaults = alarmDefaults
    }
}
