import Foundation
import TickModel

// Builders for date fixtures written as text, so tables read like the dates they mean.
// A malformed literal is a bug in the test itself, hence the precondition failures.

/// The day `YYYY-MM-DD`.
func day(_ text: String) -> CalendarDay {
    guard let value = CalendarDay(text) else { preconditionFailure("bad day fixture \(text)") }
    return value
}

/// The wall-clock time `YYYY-MM-DDTHH:MM[:SS]`.
func local(_ text: String) -> LocalDateTime {
    guard let value = LocalDateTime(text) else { preconditionFailure("bad local fixture \(text)") }
    return value
}

/// The instant `YYYY-MM-DDTHH:MM[:SS]Z` (the `Z` is required, to keep tables honest).
func utc(_ text: String) -> Date {
    guard text.hasSuffix("Z"), let value = LocalDateTime(text.dropLast()) else {
        preconditionFailure("bad instant fixture \(text)")
    }
    return Date(timeIntervalSince1970: TimeInterval(value.secondsSinceEpochAsUTC))
}

/// The zone named `identifier` in the tz database.
func zone(_ identifier: String) -> TimeZone {
    guard let value = TimeZone(identifier: identifier) else { preconditionFailure("unknown zone \(identifier)") }
    return value
}

/// A context at the instant `now` (`…Z`) in zone `identifier`, with an `en_US` locale.
func context(_ now: String, _ identifier: String, locale: String = "en_US") -> DateContext {
    DateContext(now: utc(now), timeZone: zone(identifier), locale: Locale(identifier: locale))
}

/// An all-day due date.
func allDay(_ text: String) -> Due { .allDay(day(text)) }

/// A timed due date at the instant `instant` (`…Z`), carrying zone `identifier`.
func timed(_ instant: String, _ identifier: String) -> Due { .timed(utc(instant), timeZone: TimeZoneIdentifier(identifier)) }
