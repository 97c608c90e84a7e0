import TickModel

/// When a snoozed alarm rings again, as `tick snooze` reads it: a length of time from
/// now (`10m`, `1h`), or a date and time (`tomorrow 9am`; a date alone rings at the
/// all-day alarm time).
enum SnoozeTime: Hashable, Sendable {
    /// This many seconds after the change is applied.
    case after(seconds: Int)
    /// At this date.
    case at(Due)

    /// The default of `z` and of `tick snooze`: ten minutes.
    static let standard = SnoozeTime.after(seconds: 600)

    /// Reads `text` with the rules of `tick snooze`'s WHEN.
    /// - Throws: `ModelError` from the date grammar, for a phrase it cannot read.
    static func parse(_ text: String, context: DateContext) throws(ModelError) -> SnoozeTime {
        let trimmed = text.trimmingWhiteSpace()
        if let seconds = Alarm.positiveSeconds(parsing: trimmed) { return .after(seconds: seconds) }
        return .at(try DateGrammar.parse(trimmed, in: context))
    }
}
