import Foundation
import TickModel

/// What the interactive UI needs from the world, gathered by the command line (the UI
/// reads no environment and no clock of its own).
public struct TUIConfiguration: Sendable {
    /// The time zone and locale for dates, and the clock reading at start.
    public var dateContext: DateContext
    /// The clock: `TICK_NOW` when set, else the system clock. Stamps changes and keeps
    /// Today current while the UI stays open.
    public var clock: @Sendable () -> Date
    /// Whether to draw in color (false for `NO_COLOR`, `TERM=dumb`).
    public var usesColor: Bool
    /// How often to look for changes made by other `tick` processes, in milliseconds.
    public var pollMilliseconds: Int
    /// The terminfo name to drive the terminal with instead of `TERM`'s (nil: `TERM`).
    /// The command line passes `vt100` for `TERM=dumb`, whose description cannot move
    /// the cursor at all.
    public var terminalType: String?
    /// The default alarms (`TICK_DEFAULT_ALARM`, `TICK_ALL_DAY_ALARM`, read by the
    /// command line): a reminder given a due date in the UI gets one as with `tick add`.
    public var alarmDefaults: AlarmDefaults
    /// The file that keeps which parents are collapsed between runs (the command line
    /// passes `$XDG_STATE_HOME/tick/ui-collapsed`); nil keeps them for the session only.
    public var collapsedParentsFile: String?

    /// A configuration; `pollMilliseconds` defaults to 500, so that another process's
    /// change shows within a second.
    public init(dateContext: DateContext, clock: @escaping @Sendable () -> Date, usesColor: Bool,
                pollMilliseconds: Int = 500, terminalType: String? = nil, alarmDefaults: AlarmDefaults = AlarmDefaults(),
                collapsedParentsFile: String? = nil) {
        self.alarmDefaults = alarmDefaults
        self.collapsedParentsFile = collapsedParentsFile
        self.dateContext = dateContext
        self.clock = clock
        self.usesColor = usesColor
        self.pollMilliseconds = pollMilliseconds
        self.terminalType = terminalType
    }
}
