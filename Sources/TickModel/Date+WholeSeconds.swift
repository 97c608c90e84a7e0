import Foundation

/// Instants compared to the second. An iCalendar DATE-TIME (RFC 5545 §3.3.5), and so every
/// time a file or a CalDAV server gives (`LAST-MODIFIED`, `DTSTAMP`, `COMPLETED`), has whole
/// seconds, while Tick's own times have milliseconds: compared as they are, a change Tick made
/// at 13:00:00.700 was later than a phone's written `…T130000Z`, made any time in that second.
extension Date {
    /// Seconds since 1970, rounded down.
    public var wholeSecondsSince1970: TimeInterval { timeIntervalSince1970.rounded(.down) }

    /// Whether `self` and `other` fall in the same second.
    public func isInSameSecond(as other: Date) -> Bool {
        wholeSecondsSince1970 == other.wholeSecondsSince1970
    }

    /// Whether `self` falls in a later second than `other`: two changes within one second
    /// are a tie, neither later (`tick sync` then keeps the server's copy; a tester saw two
    /// clients editing one title at once each take itself for the later one).
    public func isInLaterSecond(than other: Date) -> Bool {
        wholeSecondsSince1970 > other.wholeSecondsSince1970
    }
}
